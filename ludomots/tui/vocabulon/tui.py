"""Vocabulon in the terminal: secret words, the die, the rings, riddles against the sand-glass.

The pure parts (reading what players type, drawing the board, wording the events) live in
`screens.py`; this loop only talks through `ask`, `show` and `now` callables, so a test
scripts a whole game with a list of answers and a fake clock. Several humans share one
keyboard: before one writes his secret word a "passez le clavier" screen asks the others to
look away, and the word is scrolled out of sight afterwards. The sand-glass is one for all the
answers a player gives: an answer typed after it ran out is not taken. Every action goes
through a `Recorder`, so the saved record replays exactly with `ludomots replay`.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from pathlib import Path

from rich.text import Text

from ludomots.core.errors import RuleError
from ludomots.core.game import Action, Event
from ludomots.core.record import Recorder, SeatInfo
from ludomots.games.vocabulon.actions import (
    Answer,
    ChangeSecret,
    ChooseSecret,
    Move,
    Respond,
    Throw,
    VocabulonOptions,
)
from ludomots.games.vocabulon.rules import GAME, VocabulonState
from ludomots.tui.terminal import Ask, Clock, Quit, Show
from ludomots.tui.terminal import TerminalGame as BaseTerminalGame
from ludomots.tui.vocabulon.screens import (
    BOARD_LEGEND,
    THROW_HELP,
    VOCABULON_HELP,
    describe_event,
    parse_cell,
    parse_offer,
    parse_throw,
    parse_vocabulon,
    parse_yes_no,
    reachable_lines,
    render_board,
    render_final,
    render_players,
)

SCROLL_LINES = 40


class TerminalGame(BaseTerminalGame[VocabulonState]):
    """One game at one terminal: humans type, bots choose, everything goes to the recorder."""

    rules = GAME
    state_type = VocabulonState
    describe_event = staticmethod(describe_event)
    render_final = staticmethod(render_final)

    def _tell(self, event: Event, seat: int) -> None:
        super()._tell(event, seat)
        if event.type == "turn" and not self.state.is_over():
            self._status()

    def _status(self) -> None:
        self.show(Text(""))
        self.show(render_players(self.state, self.seats, self.viewer))

    def _ask(self, prompt: str) -> str:
        """A typed line; `Quit` when the player quits, so any step can end the game."""
        typed = super()._ask(prompt)
        if typed is None:
            raise Quit
        return typed

    # -- the human's steps ---------------------------------------------------------------------

    def _human(self, seat: int) -> bool:
        """The step's questions until the player's action is played (`Quit` when he quits)."""
        step = self.state.step
        if step == "secret":
            self._secret(seat)
        elif step == "throw":
            self._throw(seat)
        elif step == "move":
            self._move(seat)
        elif step in ("vocabulon", "pick"):
            self._vocabulon(seat)
        elif step == "respond":
            self._respond(seat)
        elif step == "offer":
            self._offer(seat)
        else:
            self._answer(seat)
        return True

    def _secret(self, seat: int) -> None:
        name = self.seats[seat].name
        shared = len(self.humans) > 1
        if shared:
            self.show(f"— Passez le clavier à {name}. Les autres, détournez les yeux ! —")
            self._ask(f"{name}, appuyez sur Entrée quand vous êtes seul(e) à regarder. ")
        length = self.state.lengths[seat]
        theme = self.state.options.theme
        if theme:
            self.show(f"Thème annoncé : {theme}.")
        started = self.now()
        while True:
            typed = self._ask(f"{name}, votre mot secret ({length} lettres) : ")
            error = self.state.check(seat, ChooseSecret(typed))
            if error is not None:
                self.show(error.message)
                continue
            if shared:
                self.show("\n" * SCROLL_LINES + "(mot caché)")
            self._play(seat, ChooseSecret(typed), started)
            return

    def _throw(self, seat: int) -> None:
        name = self.seats[seat].name
        self.show(render_board(self.state, self.seats))
        self._once("board", BOARD_LEGEND)
        secret = self.state.secret_of(seat)
        if self.viewer is None or self.viewer == seat:
            missing = self.state.view(seat)["missing"]
            need = ", ".join(f"{g}×{n}" if n > 1 else g for g, n in missing.items()) or "rien"
            self.show(f"{name}, votre mot secret : {secret.upper()} — il vous manque : {need}.")
        blocked = self.state.blocked(seat)
        if blocked:
            self.show(f"Vous ne pouvez plus gagner de carte {', '.join(blocked)} dans le sabot :"
                      f" vous pouvez changer de mot secret (« changer MOT », "
                      f"{self.state.lengths[seat] + 2} lettres).")
        self._once("throw", THROW_HELP)
        self._until_played(seat, f"{name}, lancez le dé (Entrée) : ", _read_throw, self.now())

    def _move(self, seat: int) -> None:
        name = self.seats[seat].name
        choices = list(self.state.reachable())
        self.show(render_board(self.state, self.seats, choices))
        self.show("Cases accessibles :\n" + "\n".join(reachable_lines(self.state)))
        self._until_played(seat, f"{name}, où allez-vous ? (lettre ou code) ",
                           lambda typed, _started: Move(parse_cell(typed, choices)), self.now())

    def _vocabulon(self, seat: int) -> None:
        name = self.seats[seat].name
        available = self.state.available()
        self.show("Cartes-lettre disponibles : " +
                  ", ".join(f"{g} ({n})" for g, n in available.items() if n))
        if self.state.step == "vocabulon":
            self._once("vocabulon", VOCABULON_HELP)
        self._until_played(seat, f"{name}, votre choix : ",
                           lambda typed, _started: parse_vocabulon(typed, self.state.players),
                           self.now())

    def _offer(self, seat: int) -> None:
        request = self.state.request
        assert request is not None
        groups = list(request.groups)
        asker = self.seats[request.seat].name
        cards = ", ".join(self.state.held[request.seat])
        prompt = (f"{self.seats[seat].name}, {asker} n'a plus de carte {', '.join(groups)} à "
                  f"gagner. Lui échangez-vous la vôtre ? Tapez la carte que vous voulez en "
                  f"échange ({cards}) ou « non » : ")
        self._until_played(seat, prompt,
                           lambda typed, _started: parse_offer(typed, groups), self.now())

    def _respond(self, seat: int) -> None:
        exchange = self.state.exchange
        assert exchange is not None
        started = self.now()
        keep = " (refuser : vous gardez votre mot secret ce tour-ci)" if exchange.offer \
            else ""
        while True:
            typed = self._ask(f"{self.seats[seat].name}, acceptez-vous de donner votre carte "
                              f"{exchange.take} contre la carte {exchange.give}{keep} ? "
                              "(o / N) ")
            try:
                accept = parse_yes_no(typed)
            except RuleError as exc:
                self.show(exc.message)
                continue
            self._play(seat, Respond(accept), started)
            return

    def _answer(self, seat: int) -> None:
        """Answers until one is right, the player gives up (Entrée) or the time is out:
        the sand-glass for the asked player, a shorter time for each of the others."""
        riddle = self.state.view(seat)["riddle"]
        assert riddle is not None
        name = self.seats[seat].name
        first = self.state.step == "answer"
        limit = GAME.time_limit(self.state, seat)
        if first and riddle["attempts"] == 0:
            self.show(f"Le sablier est retourné ({limit:.0f} s)." if limit else
                      "Pas de sablier.")
        started = self.now()
        while self.state.step in ("answer", "others") and seat in self.state.to_act():
            prompt = f"{name}, votre réponse (Entrée : je ne sais pas) : " if first else \
                f"{name}, connaissez-vous le mot ? (Entrée : non) "
            typed = self._ask(prompt)
            if limit and self.now() - started > limit:
                self.show(f"Trop tard : le temps ({limit:.0f} s) est écoulé.")
                self._play(seat, Answer(""), started)
                return
            self._play(seat, Answer(typed), started)
            if not first:
                return


def _read_throw(typed: str, started: float) -> Action:
    """Entrée throws the die; `changer MOT` changes the secret word."""
    command = parse_throw(typed)
    return Throw() if command is None else ChangeSecret(command.word)


def play_session(options: VocabulonOptions, seed: int, seats: Sequence[SeatInfo], ask: Ask,
                 show: Show, record_path: Path | None = None,
                 now: Clock = time.monotonic) -> Recorder:
    """A whole terminal game: start, loop, the end, then the record saved if asked."""
    return TerminalGame.session(options, seed, seats, ask, show, record_path, now)
