"""What the games' terminal sessions (``ludomots GAME play``) share: the bots, the turn loop
with its quitting and refused moves, the session from the title to the saved record.

A game subclasses `TerminalGame` with its drawings, prompts and reading of typed lines. The
loop only talks through `ask`, `show` and `now` callables, so a test scripts a whole game with
a list of answers and a fake clock. Every action goes through a `Recorder`, so a saved record
replays exactly with ``ludomots replay``.
"""

from __future__ import annotations

import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Sequence
from pathlib import Path
from typing import Any, ClassVar, Generic, TypeVar

from rich.console import RenderableType
from rich.text import Text

from ludomots.core.bots import Bot, seat_bots
from ludomots.core.errors import RuleError
from ludomots.core.game import Action, Event, Game, State
from ludomots.core.record import Recorder, SeatInfo
from ludomots.core.rng import SeededRandom
from ludomots.core.seats import plain

QUIT_WORDS = ("quitte", "quitter")

Ask = Callable[[str], str]
Show = Callable[[RenderableType], None]
Clock = Callable[[], float]
#: Turns a typed line into an action (the time the move started given), or None to ask again.
Read = Callable[[str, float], Action | None]

S = TypeVar("S", bound=State)


def bad_command(message: str, text: str) -> RuleError:
    """A typed line the screen cannot read: `message` says why, in French."""
    return RuleError("bad_command", message, {"text": text})


class Quit(Exception):
    """A player left the game: typed `quitte`, closed the input or pressed Ctrl-C."""


def bots_for_seats(seats: Sequence[SeatInfo], seed: int, game: Game
                   ) -> tuple[dict[int, Bot], dict[int, SeededRandom]]:
    """The bots of the bot seats, from the game's bots (``Game.bots``). They are imported only
    when the game has bot seats: some load the lexicon's automaton, which a game between
    humans does not need."""
    levels = [str(info.level) if info.kind == "bot" else None for info in seats]
    if not any(levels):
        return {}, {}
    return seat_bots(game.bots(), levels, seed)


def save_record(recorder: Recorder, record_path: Path | None,
                show: Callable[[Any], None]) -> None:
    """Write the record if asked, and tell the player how to replay it."""
    if record_path is None:
        return
    recorder.record.dump(record_path)
    show(f"Partie enregistrée dans {record_path}.")
    show(f"Pour la rejouer : ludomots replay {record_path}")


class TerminalGame(ABC, Generic[S]):
    """One game at one terminal: humans type, bots choose, everything goes to the recorder.

    A subclass names its game (`rules`, `state_type`; the bots are the game's) and its screens'
    `describe_event(event, seats, viewer)` and `render_final(state, seats)`, and says how a
    human plays (`_human`).
    """

    rules: ClassVar[Game]
    state_type: type[S]
    describe_event: ClassVar[staticmethod[[Event, Sequence[SeatInfo], int | None],
                                          RenderableType | None]]
    render_final: ClassVar[staticmethod[[Any, Sequence[SeatInfo]], RenderableType]]

    def __init__(self, recorder: Recorder, bots: dict[int, Bot], rngs: dict[int, SeededRandom],
                 ask: Ask, show: Show, now: Clock = time.monotonic) -> None:
        assert isinstance(recorder.state, self.state_type)
        self.recorder = recorder
        self.state: S = recorder.state
        self.seats = recorder.record.seats
        self.bots = bots
        self.rngs = rngs
        self.ask = ask
        self.show = show
        self.now = now
        self.humans = [s for s, info in enumerate(self.seats) if info.kind == "human"]
        self.helped: set[Hashable] = set()

    @classmethod
    def make_bots(cls, seats: Sequence[SeatInfo], seed: int
                  ) -> tuple[dict[int, Bot], dict[int, SeededRandom]]:
        """The bots of the bot seats (imported only when a game has some)."""
        return bots_for_seats(seats, seed, cls.rules)

    @classmethod
    def session(cls, options: Any, seed: int, seats: Sequence[SeatInfo], ask: Ask, show: Show,
                record_path: Path | None, now: Clock) -> Recorder:
        """A whole terminal game: the title, the loop, the end (or the interruption), then
        the record saved if asked."""
        recorder = Recorder.start(cls.rules, options, seed, list(seats))
        bots, rngs = cls.make_bots(seats, seed)
        show(Text(f"{cls.rules.title} — partie n° {seed}", style="bold underline"))
        game = cls(recorder, bots, rngs, ask, show, now=now)
        game._opening()
        if game.run():
            game._final()
        else:
            show("Partie interrompue.")
        save_record(recorder, record_path, show)
        return recorder

    @property
    def viewer(self) -> int | None:
        """Whose eyes are on the screen: the only human, or nobody in particular."""
        return self.humans[0] if len(self.humans) == 1 else None

    def run(self) -> bool:
        """Play until the end; False when a player quit."""
        try:
            while not self.state.is_over():
                if not self._turn(min(self.state.to_act())):
                    return False
        except Quit:
            return False
        return True

    def _turn(self, seat: int) -> bool:
        """`seat`, the first who must act, acts; False when a player quit."""
        if seat in self.bots:
            self._bot(seat)
            return True
        return self._human(seat)

    # -- what a game says and does -----------------------------------------------------------

    def _opening(self) -> None:
        """What the session shows once the game is set up, before the first turn."""

    def _final(self) -> None:
        """The end of a finished game: scores, winners."""
        self.show(self.render_final(self.state, self.seats))

    def _line(self, event: Event, seat: int) -> RenderableType | None:
        """What the screen says of `event` (caused by `seat`'s action); None: nothing."""
        return self.describe_event(event, self.seats, self.viewer)

    @abstractmethod
    def _human(self, seat: int) -> bool:
        """Ask the human at `seat` until his action is played; False when he quits."""

    def _fallback(self, seat: int) -> Action:
        """What a bot plays when its own choice is refused: the game's timeout action."""
        action = self.rules.timeout_action(self.state, seat)
        assert action is not None
        return action

    # -- acting --------------------------------------------------------------------------------

    def _play(self, seat: int, action: Action, started: float) -> None:
        ms = int(max(0.0, self.now() - started) * 1000)
        for event in self.recorder.play(seat, action, ms):
            self._tell(event, seat)

    def _tell(self, event: Event, seat: int) -> None:
        line = self._line(event, seat)
        if line is not None:
            self.show(line)

    def _bot(self, seat: int) -> None:
        started = self.now()
        action = self.bots[seat].choose(self.state, seat, self.rngs[seat])
        try:
            self._play(seat, action, started)
        except RuleError as exc:  # a bot bug must not end a human's game
            self.show(f"{self.seats[seat].name} propose un coup refusé ({exc.message}).")
            self._play(seat, self._fallback(seat), started)

    def _once(self, key: Hashable, text: RenderableType) -> None:
        """Show `text` the first time `key` comes (a command list, once per game or player)."""
        if key not in self.helped:
            self.helped.add(key)
            self.show(text)

    def _ask(self, prompt: str) -> str | None:
        """A typed line, or None when the player quits (`quitte`, end of file, Ctrl-C)."""
        try:
            typed = self.ask(prompt)
        except (EOFError, KeyboardInterrupt):
            return None
        return None if plain(typed) in QUIT_WORDS else typed

    def _until_played(self, seat: int, prompt: str, read: Read,
                      started: float | None = None) -> bool:
        """Ask `prompt` until `read` makes the typed line an action the rules accept, and play
        it; False when the player quits (`read` may raise `Quit`, which `run` takes).

        `read` returns None to ask again (it said why, or there was nothing to play); a
        `RuleError`, from it or the rules, is shown and the player asked again. The move's
        time runs from `started`, or from each question when None.
        """
        while True:
            asked = self.now() if started is None else started
            typed = self._ask(prompt)
            if typed is None:
                return False
            try:
                action = read(typed, asked)
                if action is None:
                    continue
                self._play(seat, action, asked)
            except RuleError as exc:
                self.show(exc.message)
                continue
            return True
