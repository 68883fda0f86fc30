"""Volapük in the terminal: the round board, the racks, rolls and words, in French.

The pure parts live in `screens.py`; this loop only talks through `ask`, `show` and `now`
callables, so a test scripts a whole game. With one human at the table, he sees only what his
seat may see (the others' green dice stay anonymous). The 3-minute clock is shown, not
enforced here: a terminal game waits for its player. Every action goes through a `Recorder`,
so a saved record replays with `ludomots replay`.
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
from ludomots.games.volapuk.rules import GAME, VolapukOptions, VolapukState
from ludomots.games.volapuk.screens import (
    HELP,
    QUIT_WORDS,
    Hint,
    describe_event,
    hints,
    parse_command,
    plain,
    render_final,
    render_status,
)

Ask = Callable[[str], str]
Show = Callable[[RenderableType], None]
Clock = Callable[[], float]


class TerminalGame:
    """One game at one terminal: humans type, bots choose, everything is recorded."""

    def __init__(self, recorder: Recorder, bots: dict[int, Bot], rngs: dict[int, SeededRandom],
                 ask: Ask, show: Show, now: Clock = time.monotonic) -> None:
        assert isinstance(recorder.state, VolapukState)
        self.recorder = recorder
        self.state: VolapukState = recorder.state
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
        if not self.helped:
            self.helped = True
            self.show(HELP)
        viewer = seat if len(self.humans) > 1 else self.viewer
        self.show(render_status(self.state, self.seats, viewer))
        name = self.seats[seat].name
        rolls = self.state.rolls
        prompt = "lancez vos dés (lance) : " if rolls == 0 else \
            f"posez un mot, gardez et relancez ({self.state.rolls_left()} lancer(s)), ou passez : "
        if self.state.step == "announce":
            prompt = ("vos annonces (accent H8 aigu, anagramme MOT, définition …) ou "
                      "« fini » : ")
        while True:
            started = self.now()
            typed = self._ask(f"{name}, {prompt}")
            if typed is None:
                return False
            try:
                action = parse_command(typed, self.state, seat)
                if action is None:
                    continue
                if isinstance(action, Hint):
                    found = hints(self.state, seat)
                    self.show("Mots possibles :\n" + "\n".join(found) if found else
                              "Aucun mot trouvé : relancez ou passez.")
                    continue
                self._play(seat, action, started)
            except RuleError as exc:
                self.show(exc.message)
                continue
            return True


def make_bots(seats: Sequence[SeatInfo], seed: int) -> tuple[dict[int, Bot],
                                                              dict[int, SeededRandom]]:
    """The bots of the bot seats (imported only when a game has some)."""
    return bots_for_seats(seats, seed, "ludomots.games.volapuk.bots")


def play_session(options: VolapukOptions, seed: int, seats: Sequence[SeatInfo], ask: Ask,
                 show: Show, record_path: Path | None = None,
                 now: Clock = time.monotonic) -> Recorder:
    """A whole terminal game: start, loop, final count, then the record saved if asked."""
    recorder = Recorder.start(GAME, options, seed, list(seats))
    bots, rngs = make_bots(seats, seed)
    show(Text(f"Volapük — partie n° {seed}", style="bold underline"))
    game = TerminalGame(recorder, bots, rngs, ask, show, now)
    show(f"{seats[game.state.first].name} commence ; la lettre Élue est {game.state.elue}.")
    finished = game.run()
    show(render_final(game.state, game.seats) if finished else "Partie interrompue.")
    save_record(recorder, record_path, show)
    return recorder
