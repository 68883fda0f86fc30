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
from collections.abc import Callable, Sequence
from pathlib import Path

from rich.console import RenderableType
from rich.text import Text

from ludomots.core.bots import Bot
from ludomots.core.errors import RuleError
from ludomots.core.game import Action
from ludomots.core.record import Recorder, SeatInfo
from ludomots.core.rng import SeededRandom
from ludomots.core.terminal import bots_for_seats, save_record
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
from ludomots.games.awalettres.screens import (
    QUIT_WORDS,
    WORD_HELP,
    Hint,
    describe_event,
    hints,
    parse_exchange,
    parse_give,
    parse_marabout,
    parse_word,
    plain,
    render_final,
    render_status,
)

SCROLL_LINES = 40

Ask = Callable[[str], str]
Show = Callable[[RenderableType], None]
Clock = Callable[[], float]


class TerminalGame:
    """One game at one terminal: humans type, bots choose, everything is recorded."""

    def __init__(self, recorder: Recorder, bots: dict[int, Bot], rngs: dict[int, SeededRandom],
                 ask: Ask, show: Show, now: Clock = time.monotonic) -> None:
        assert isinstance(recorder.state, AwalettresState)
        self.recorder = recorder
        self.state: AwalettresState = recorder.state
        self.seats = recorder.record.seats
        self.bots = bots
        self.rngs = rngs
        self.ask = ask
        self.show = show
        self.now = now
        self.humans = [s for s, info in enumerate(self.seats) if info.kind == "human"]
        self.helped = False

    @property
    def viewer(self) -> int | None:
        return self.humans[0] if len(self.humans) == 1 else None

    def run(self) -> bool:
        """Play until the end; False when a player quit."""
        while not self.state.is_over():
            seat = min(self.state.to_act())
            if self.state.step == "word":
                self.show(render_status(self.state, self.seats))
            if seat in self.bots:
                self._bot(seat)
            elif not self._human(seat):
                return False
        return True

    def _play(self, seat: int, action: Action, started: float) -> None:
        ms = int(max(0.0, self.now() - started) * 1000)
        for event in self.recorder.play(seat, action, ms):
            line = describe_event(event, self.seats, self.viewer)
            if line is not None:
                self.show(line)

    def _bot(self, seat: int) -> None:
        started = self.now()
        action = self.bots[seat].choose(self.state, seat, self.rngs[seat])
        try:
            self._play(seat, action, started)
        except RuleError as exc:  # a bot bug must not end a human's game
            self.show(f"{self.seats[seat].name} propose un coup refusé ({exc.message}).")
            fallback = GAME.timeout_action(self.state, seat)
            assert fallback is not None
            self._play(seat, fallback, started)

    def _ask(self, prompt: str) -> str | None:
        try:
            typed = self.ask(prompt)
        except (EOFError, KeyboardInterrupt):
            return None
        return None if plain(typed) in QUIT_WORDS else typed

    def _human(self, seat: int) -> bool:
        """Ask until the player's action is accepted; False when he quits."""
        name = self.seats[seat].name
        step = self.state.step
        if step == "word" and not self.helped:
            self.helped = True
            self.show(WORD_HELP)
        if step == "vote":
            shown = self.state.shown_definitions()
            self.show("\n".join(f"  {i + 1}. {d}" for i, d in enumerate(shown)))
        prompt = self._prompt(seat)
        while True:
            started = self.now()
            typed = self._ask(f"{name}, {prompt}")
            if typed is None:
                return False
            try:
                action = self._read(seat, typed, started)
                if action is None:
                    continue
                self._play(seat, action, started)
            except RuleError as exc:
                self.show(exc.message)
                continue
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


def make_bots(seats: Sequence[SeatInfo], seed: int) -> tuple[dict[int, Bot],
                                                              dict[int, SeededRandom]]:
    """The bots of the bot seats (imported only when a game has some)."""
    return bots_for_seats(seats, seed, "ludomots.games.awalettres.bots")


def play_session(options: AwalettresOptions, seed: int, seats: Sequence[SeatInfo], ask: Ask,
                 show: Show, record_path: Path | None = None,
                 now: Clock = time.monotonic) -> Recorder:
    """A whole terminal game: start, loop, final count, then the record saved if asked."""
    recorder = Recorder.start(GAME, options, seed, list(seats))
    bots, rngs = make_bots(seats, seed)
    show(Text(f"Awalettres — partie n° {seed}", style="bold underline"))
    game = TerminalGame(recorder, bots, rngs, ask, show, now)
    if not game.state.is_over() and game.state.step != "define":
        show(f"{seats[game.state.first].name} commence.")
    finished = game.run()
    show(render_final(game.state, game.seats) if finished else "Partie interrompue.")
    save_record(recorder, record_path, show)
    return recorder
