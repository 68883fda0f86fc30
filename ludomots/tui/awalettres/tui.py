"""Awalettres in the terminal: hands face up, seeds, debts, spells and prompts, in French.

The pure parts live in `screens.py`; this loop only talks through `ask`, `show` and `now`
callables, so a test scripts a whole game. Hands are public in this game, so several humans
share one keyboard without hiding anything, except their WAYAMPOU definitions (the screen is
scrolled after each). PAS DE PANIQUE is timed here: the phrase must be typed within the
option's seconds (15 by default), else it does not count and the player tries again or pays.
Every action goes through a `Recorder`, so a saved record replays with `ludomots replay`.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from functools import partial
from pathlib import Path

from ludomots.core.game import Action
from ludomots.core.record import Recorder, SeatInfo
from ludomots.core.seats import plain
from ludomots.games.awalettres.cards import PANIC_PHRASE, SPELL_NAMES, parse_letter
from ludomots.games.awalettres.rules import (
    GAME,
    AwalettresOptions,
    AwalettresState,
    Calm,
    Define,
    Give,
    Pass,
    Return,
    Vote,
)
from ludomots.tui.awalettres.screens import (
    WORD_HELP,
    Hint,
    describe_event,
    hints,
    parse_exchange,
    parse_give,
    parse_marabout,
    parse_word,
    render_final,
    render_status,
)
from ludomots.tui.terminal import Ask, Clock, Show
from ludomots.tui.terminal import TerminalGame as BaseTerminalGame

SCROLL_LINES = 40


class TerminalGame(BaseTerminalGame[AwalettresState]):
    """One game at one terminal: humans type, bots choose, everything is recorded."""

    rules = GAME
    state_type = AwalettresState
    describe_event = staticmethod(describe_event)
    render_final = staticmethod(render_final)

    def _opening(self) -> None:
        if not self.state.is_over() and self.state.step != "define":
            self.show(f"{self.seats[self.state.first].name} commence.")

    def _turn(self, seat: int) -> bool:
        if self.state.step == "word":
            self.show(render_status(self.state, self.seats))
        return super()._turn(seat)

    def _human(self, seat: int) -> bool:
        """Ask until the player's action is accepted; False when he quits."""
        name = self.seats[seat].name
        step = self.state.step
        if step == "word":
            self._once("help", WORD_HELP)
        if step == "vote":
            shown = self.state.shown_definitions()
            self.show("\n".join(f"  {i + 1}. {d}" for i, d in enumerate(shown)))
        prompt = self._prompt(seat)
        if not self._until_played(seat, f"{name}, {prompt}", partial(self._read, seat)):
            return False
        if step == "define" and len(self.humans) > 1:
            self.show("\n" * SCROLL_LINES + "(définition cachée)")
        return True

    def _prompt(self, seat: int) -> str:
        step = self.state.step
        if step == "define":
            return "votre définition de WAYAMPOU : "
        if step == "vote":
            return "la définition la plus crédible (numéro, pas la vôtre) : "
        if step == "give":
            spell = self.state.view(seat)["pending_spell"]["spell"]
            seen = f" ({SPELL_NAMES[spell]})" if spell else ""
            return f"sortilège tiré{seen} : le garder (g) ou le donner (numéro du joueur) ? "
        if step == "panic":
            seconds = self.state.options.panic_seconds
            return (f"PAS DE PANIQUE ! Tapez « {PANIC_PHRASE} » en {seconds} s, "
                    "ou « payer » (5 graines au pot) : ")
        if step == "trim":
            return "8 cartes : quelle lettre remettez-vous dans le grenier ? "
        if step == "exchange":
            return "ÉCHANGE : « E 2 S » (votre E contre le S du joueur 2) ou « non » : "
        if step == "marabout":
            if self.state.from_caster:
                return "MARABOUTAGE : « 2 Z » (le joueur 2 devra vous prendre votre Z) : "
            return "MARABOUTAGE : « 2 Z » (le joueur 2 devra jouer son Z) : "
        if not self.state.can_play:
            return "aucun mot n'est possible : tapez « passe ». "
        return "votre mot : "

    def _read(self, seat: int, typed: str, started: float) -> Action | None:
        """The action a typed line means, or None to ask again; RuleError when refused."""
        state = self.state
        step = state.step
        text = typed.strip()
        if step == "define":
            return Define(text)
        if step == "vote":
            if not text.isdigit():
                self.show("Tapez le numéro d'une définition.")
                return None
            return Vote(int(text) - 1)
        if step == "give":
            return Give(parse_give(text, state, seat))
        if step == "panic":
            if plain(text) in ("payer", "paie", "p"):
                return Calm("pay", "")
            limit = state.options.panic_seconds
            if limit and self.now() - started > limit:
                self.show(f"Trop tard ({limit} s) ! Recommencez, ou tapez « payer ».")
                return None
            return Calm("shout", text)
        if step == "trim":
            card = parse_letter(text)
            return Return(card or text)
        if step == "exchange":
            return parse_exchange(text, state)
        if step == "marabout":
            return parse_marabout(text, state)
        if plain(text) in ("passe", "passer"):
            return Pass()
        command = parse_word(text, state, seat)
        if isinstance(command, Hint):
            found = hints(state, seat)
            self.show("Mots possibles :\n" + "\n".join(found) if found else
                      "Aucun mot n'est possible.")
            return None
        return command


def play_session(options: AwalettresOptions, seed: int, seats: Sequence[SeatInfo], ask: Ask,
                 show: Show, record_path: Path | None = None,
                 now: Clock = time.monotonic) -> Recorder:
    """A whole terminal game: start, loop, final count, then the record saved if asked."""
    return TerminalGame.session(options, seed, seats, ask, show, record_path, now)
