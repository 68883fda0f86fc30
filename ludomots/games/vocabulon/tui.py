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
from ludomots.games.vocabulon.screens import (
    BOARD_LEGEND,
    QUIT_WORDS,
    THROW_HELP,
    VOCABULON_HELP,
    describe_event,
    parse_cell,
    parse_throw,
    parse_vocabulon,
    parse_yes_no,
    plain,
    reachable_lines,
    render_board,
    render_final,
    render_players,
)

SCROLL_LINES = 40

Ask = Callable[[str], str]
Show = Callable[[RenderableType], None]
Clock = Callable[[], float]


class Quit(Exception):
    """A player typed `quitte` (or closed the input)."""


class TerminalGame:
    """One game at one terminal: humans type, bots choose, everything goes to the recorder."""

    def __init__(self, recorder: Recorder, bots: dict[int, Bot], rngs: dict[int, SeededRandom],
                 ask: Ask, show: Show, now: Clock = time.monotonic) -> None:
        assert isinstance(recorder.state, VocabulonState)
        self.recorder = recorder
        self.state: VocabulonState = recorder.state
        self.seats = recorder.record.seats
        self.bots = bots
        self.rngs = rngs
        self.ask = ask
        self.show = show
        self.now = now
        self.humans = [s for s, info in enumerate(self.seats) if info.kind == "human"]
        self.helped: set[str] = set()

    @property
    def viewer(self) -> int | None:
        """Whose eyes are on the screen: the only human, or nobody in particular."""
        return self.humans[0] if len(self.humans) == 1 else None

    def run(self) -> bool:
        """Play until the end; False when a player quit."""
        try:
            while not self.state.is_over():
                seat = min(self.state.to_act())
                if seat in self.bots:
                    self._bot(seat)
                else:
                    self._human(seat)
        except Quit:
            return False
        return True

    # -- acting ------------------------------------------------------------------------------

    def _play(self, seat: int, action: Action, started: float) -> None:
        ms = int(max(0.0, self.now() - started) * 1000)
        for event in self.recorder.play(seat, action, ms):
            line = describe_event(event, self.seats, self.viewer)
            if line is not None:
                self.show(line)
            if event.type == "turn" and not self.state.is_over():
                self._status()

    def _status(self) -> None:
        self.show(Text(""))
        self.show(render_players(self.state, self.seats, self.viewer))

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

    def _ask(self, prompt: str) -> str:
        try:
            typed = self.ask(prompt)
        except (EOFError, KeyboardInterrupt):
            raise Quit from None
        if plain(typed) in QUIT_WORDS:
            raise Quit
        return typed

    def _once(self, key: str, text: str) -> None:
        if key not in self.helped:
            self.helped.add(key)
            self.show(text)

    def _try(self, seat: int, action: Action, started: float) -> bool:
        try:
            self._play(seat, action, started)
        except RuleError as exc:
            self.show(exc.message)
            return False
        return True

    # -- the human's steps ---------------------------------------------------------------------

    def _human(self, seat: int) -> None:
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
        else:
            self._answer(seat)

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
        started = self.now()
        while True:
            typed = self._ask(f"{name}, lancez le dé (Entrée) : ")
            try:
                command = parse_throw(typed)
            except RuleError as exc:
                self.show(exc.message)
                continue
            action: Action = Throw() if command is None else ChangeSecret(command.word)
            if self._try(seat, action, started):
                return

    def _move(self, seat: int) -> None:
        name = self.seats[seat].name
        choices = list(self.state.reachable())
        self.show(render_board(self.state, self.seats, choices))
        self.show("Cases accessibles :\n" + "\n".join(reachable_lines(self.state)))
        started = self.now()
        while True:
            typed = self._ask(f"{name}, où allez-vous ? (lettre ou code) ")
            try:
                cell = parse_cell(typed, choices)
            except RuleError as exc:
                self.show(exc.message)
                continue
            if self._try(seat, Move(cell), started):
                return

    def _vocabulon(self, seat: int) -> None:
        name = self.seats[seat].name
        available = self.state.available()
        self.show("Cartes-lettre disponibles : " +
                  ", ".join(f"{g} ({n})" for g, n in available.items() if n))
        if self.state.step == "vocabulon":
            self._once("vocabulon", VOCABULON_HELP)
        started = self.now()
        while True:
            typed = self._ask(f"{name}, votre choix : ")
            try:
                action = parse_vocabulon(typed, self.state.players)
            except RuleError as exc:
                self.show(exc.message)
                continue
            if self._try(seat, action, started):
                return

    def _respond(self, seat: int) -> None:
        exchange = self.state.exchange
        assert exchange is not None
        started = self.now()
        while True:
            typed = self._ask(f"{self.seats[seat].name}, acceptez-vous de donner votre carte "
                              f"{exchange['take']} contre la carte {exchange['give']} ? "
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


def make_bots(seats: Sequence[SeatInfo], seed: int) -> tuple[dict[int, Bot],
                                                              dict[int, SeededRandom]]:
    """The bots of the bot seats (imported only when a game has some)."""
    return bots_for_seats(seats, seed, "ludomots.games.vocabulon.bots")


def play_session(options: VocabulonOptions, seed: int, seats: Sequence[SeatInfo], ask: Ask,
                 show: Show, record_path: Path | None = None,
                 now: Clock = time.monotonic) -> Recorder:
    """A whole terminal game: start, loop, the end, then the record saved if asked."""
    recorder = Recorder.start(GAME, options, seed, list(seats))
    bots, rngs = make_bots(seats, seed)
    show(Text(f"Vocabulon — partie n° {seed}", style="bold underline"))
    game = TerminalGame(recorder, bots, rngs, ask, show, now)
    finished = game.run()
    if finished:
        assert isinstance(recorder.state, VocabulonState)
        show(render_final(recorder.state, recorder.record.seats))
    else:
        show("Partie interrompue.")
    save_record(recorder, record_path, show)
    return recorder
