"""Typo in the terminal: hands, rows, hidden simultaneous choices, words and votes, in French.

The pure parts (reading what a player types, drawing the rows, wording the events) live in
`screens.py`; this loop only talks through `ask`, `show` and `now` callables, so a test
scripts a whole game with a list of answers and a fake clock. Several humans share one
keyboard: before each one types his hidden card, a "passez le clavier" screen asks the others
to look away, and the hand is scrolled out of sight afterwards. Every action goes through a
`Recorder`, so the saved record replays exactly with `ludomots replay`.
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
from ludomots.games.typo.rules import GAME, Choose, Fail, TypoOptions, TypoState, Vote
from ludomots.games.typo.screens import (
    PLACE_HELP,
    QUIT_WORDS,
    GiveUp,
    Hint,
    cards_text,
    describe_event,
    hints,
    parse_choice,
    parse_discard,
    parse_placement,
    parse_vote,
    plain,
    render_final,
    render_status,
    rows_text,
)

SCROLL_LINES = 40  # blank lines that push a hand out of sight between two humans

Ask = Callable[[str], str]
Show = Callable[[RenderableType], None]
Clock = Callable[[], float]


# -- the loop --------------------------------------------------------------------------------


class TerminalGame:
    """One game at one terminal: humans type, bots choose, everything goes to the recorder."""

    def __init__(self, recorder: Recorder, bots: dict[int, Bot], rngs: dict[int, SeededRandom],
                 ask: Ask, show: Show, now: Clock = time.monotonic) -> None:
        assert isinstance(recorder.state, TypoState)
        self.recorder = recorder
        self.state: TypoState = recorder.state
        self.seats = recorder.record.seats
        self.bots = bots
        self.rngs = rngs
        self.ask = ask
        self.show = show
        self.now = now
        self.humans = [s for s, info in enumerate(self.seats) if info.kind == "human"]
        self.limit = self.state.options.thinking_seconds
        self.helped: set[int] = set()

    @property
    def viewer(self) -> int | None:
        """Whose eyes are on the screen: the only human, or nobody in particular."""
        return self.humans[0] if len(self.humans) == 1 else None

    def run(self) -> bool:
        """Play until the end; False when a player quit."""
        self.show(render_status(self.state, self.seats))
        while not self.state.is_over():
            step = self.state.step
            if step == "choose":
                done = self._choose_round()
            elif step == "vote":
                done = self._votes()
            else:
                seat = min(self.state.to_act())
                done = self._bot(seat) if seat in self.bots else self._resolve(seat)
            if not done:
                return False
            if self.state.step == "choose" and not self.state.is_over():
                self.show(render_status(self.state, self.seats))
        return True

    # -- acting ------------------------------------------------------------------------------

    def _play(self, seat: int, action: Action, started: float) -> None:
        ms = int(max(0.0, self.now() - started) * 1000)
        for event in self.recorder.play(seat, action, ms):
            line = describe_event(event, self.seats, self.viewer)
            if line is not None:
                self.show(line)

    def _late(self, seat: int, started: float, hide: bool = False) -> bool:
        """Past the thinking time, the game's timeout action is played instead (RULINGS:
        30 s by default; the first card of the hand, renouncing, or no doubt)."""
        if not self.limit or self.now() - started <= self.limit:
            return False
        action = GAME.timeout_action(self.state, seat)
        assert action is not None
        if hide:
            self._hide()
        self.show(f"Temps écoulé ({self.limit} s) pour {self.seats[seat].name}.")
        self._play(seat, action, started)
        return True

    def _bot(self, seat: int) -> bool:
        started = self.now()
        action = self.bots[seat].choose(self.state, seat, self.rngs[seat])
        try:
            self._play(seat, action, started)
        except RuleError as exc:  # a bot bug must not end a human's game
            self.show(f"{self.seats[seat].name} propose un coup refusé ({exc.message}).")
            fallback = GAME.timeout_action(self.state, seat)
            assert fallback is not None
            self._play(seat, fallback, started)
        return True

    def _ask(self, prompt: str) -> str | None:
        """A typed line, or None when the player quits (`quitte`, end of file, Ctrl-C)."""
        try:
            typed = self.ask(prompt)
        except (EOFError, KeyboardInterrupt):
            return None
        return None if plain(typed) in QUIT_WORDS else typed

    # -- the hidden choice -----------------------------------------------------------------

    def _choose_round(self) -> bool:
        for seat in sorted(self.state.to_act()):
            if seat in self.bots:
                self._bot(seat)
            elif not self._human_choice(seat):
                return False
        return True

    def _human_choice(self, seat: int) -> bool:
        name = self.seats[seat].name
        shared = len(self.humans) > 1
        if shared:
            self.show(f"— Passez le clavier à {name}. Les autres, détournez les yeux ! —")
            if self._ask(f"{name}, appuyez sur Entrée quand vous êtes seul(e) à regarder. ") \
                    is None:
                return False
        self.show(Text(rows_text(self.state.rows, self.state.longest_rows())))
        self.show(Text(f"Main de {name} : {cards_text(self.state.hands[seat])}", style="bold"))
        started = self.now()
        while True:
            typed = self._ask(f"{name}, quelle carte jouez-vous ? ")
            if typed is None:
                return False
            if self._late(seat, started, hide=shared):
                return True
            try:
                card = parse_choice(typed)
            except RuleError as exc:
                self.show(exc.message)
                continue
            if card is None:
                continue
            error = self.state.check(seat, Choose(card))
            if error is not None:
                self.show(error.message)
                continue
            if shared:  # the hand goes out of sight before anything else is shown
                self._hide()
            self._play(seat, Choose(card), started)
            return True

    def _hide(self) -> None:
        self.show("\n" * SCROLL_LINES + "(main cachée)")

    # -- placing -----------------------------------------------------------------------------

    def _resolve(self, seat: int) -> bool:
        name = self.seats[seat].name
        card = self.state.card_of(seat)
        self.show(Text(rows_text(self.state.rows, self.state.longest_rows())))
        if self.state.step == "discard":
            return self._discard(seat, started=self.now())
        self.show(Text(f"{name}, à vous de poser votre {card}.", style="bold"))
        if seat not in self.helped:  # the syntax once per player, `aide` for places
            self.helped.add(seat)
            self.show(PLACE_HELP)
        started = self.now()
        while True:
            typed = self._ask(f"{name}, votre coup : ")
            if typed is None:
                return False
            if self._late(seat, started):
                return True
            try:
                command = parse_placement(typed)
            except RuleError as exc:
                self.show(exc.message)
                continue
            if command is None:
                continue
            if isinstance(command, Hint):
                found = hints(self.state, seat)
                self.show("Places possibles :\n" + "\n".join(found) if found else
                          f"Aucun mot ne commence ainsi : le {card} ne va nulle part.")
                continue
            if isinstance(command, GiveUp):
                return self._discard(seat, started)
            try:
                self._play(seat, command, started)
            except RuleError as exc:
                self.show(exc.message)
                continue
            return True

    def _discard(self, seat: int, started: float) -> bool:
        """Renouncing (or a refused word): the longest row goes; the player picks among ties."""
        longest = self.state.longest_rows()
        if len(longest) == 1:
            self._play(seat, Fail(longest[0]), started)
            return True
        numbers = ", ".join(str(r + 1) for r in longest)
        while True:
            typed = self._ask(f"{self.seats[seat].name}, quelle rangée défaussez-vous "
                              f"({numbers}) ? ")
            if typed is None:
                return False
            if self._late(seat, started):
                return True
            try:
                self._play(seat, Fail(parse_discard(typed)), started)
                return True
            except RuleError as exc:
                self.show(exc.message)

    # -- votes -------------------------------------------------------------------------------

    def _votes(self) -> bool:
        pending = self.state.pending
        assert pending is not None
        for seat in sorted(self.state.to_act()):
            if seat in self.bots:
                self._bot(seat)
                continue
            started = self.now()
            while True:
                typed = self._ask(f"{self.seats[seat].name}, doutez-vous de « {pending['word']} » "
                                  "? (o / N) ")
                if typed is None:
                    return False
                if self._late(seat, started):
                    break
                try:
                    doubt = parse_vote(typed)
                except RuleError as exc:
                    self.show(exc.message)
                    continue
                self._play(seat, Vote(doubt), started)
                break
        return True


def make_bots(seats: Sequence[SeatInfo], seed: int) -> tuple[dict[int, Bot],
                                                              dict[int, SeededRandom]]:
    """The bots of the bot seats (imported only when a game has some)."""
    return bots_for_seats(seats, seed, "ludomots.games.typo.bots")


def play_session(options: TypoOptions, seed: int, seats: Sequence[SeatInfo], ask: Ask,
                 show: Show, record_path: Path | None = None,
                 now: Clock = time.monotonic) -> Recorder:
    """A whole terminal game: start, loop, final scores, then the record saved if asked."""
    recorder = Recorder.start(GAME, options, seed, list(seats))
    bots, rngs = make_bots(seats, seed)
    state = recorder.state
    assert isinstance(state, TypoState)
    show(Text(f"Typo — partie n° {seed}", style="bold underline"))
    show(f"Rangées de départ : {', '.join(state.rows)}. "
         f"{seats[state.holder].name} a le dictionnaire.")
    game = TerminalGame(recorder, bots, rngs, ask, show, now)
    finished = game.run()
    if finished:
        show(render_final(game.state, game.seats))
    else:
        show("Partie interrompue.")
    save_record(recorder, record_path, show)
    return recorder
