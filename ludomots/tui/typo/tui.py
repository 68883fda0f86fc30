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
from collections.abc import Sequence
from pathlib import Path

from rich.text import Text

from ludomots.core.errors import RuleError
from ludomots.core.record import Recorder, SeatInfo
from ludomots.games.typo.rules import GAME, Choose, Fail, TypoOptions, TypoState, Vote
from ludomots.tui.terminal import Ask, Clock, Show
from ludomots.tui.terminal import TerminalGame as BaseTerminalGame
from ludomots.tui.typo.screens import (
    PLACE_HELP,
    GiveUp,
    Hint,
    cards_text,
    describe_event,
    hints,
    parse_choice,
    parse_discard,
    parse_placement,
    parse_vote,
    render_final,
    render_status,
    rows_text,
)

SCROLL_LINES = 40  # blank lines that push a hand out of sight between two humans


# -- the loop --------------------------------------------------------------------------------


class TerminalGame(BaseTerminalGame[TypoState]):
    """One game at one terminal: humans type, bots choose, everything goes to the recorder."""

    rules = GAME
    state_type = TypoState
    describe_event = staticmethod(describe_event)
    render_final = staticmethod(render_final)

    @property
    def limit(self) -> int:
        """The thinking time in seconds (0: none)."""
        return self.state.options.thinking_seconds

    def _opening(self) -> None:
        self.show(f"Rangées de départ : {', '.join(self.state.rows)}. "
                  f"{self.seats[self.state.holder].name} a le dictionnaire.")

    def run(self) -> bool:
        """Play until the end; False when a player quit."""
        self.show(render_status(self.state, self.seats))
        return super().run()

    def _turn(self, seat: int) -> bool:
        """All at once for the hidden choices and the votes, else `seat` places his card."""
        step = self.state.step
        if step == "choose":
            done = self._choose_round()
        elif step == "vote":
            done = self._votes()
        else:
            done = super()._turn(seat)
        if done and self.state.step == "choose" and not self.state.is_over():
            self.show(render_status(self.state, self.seats))
        return done

    # -- acting ------------------------------------------------------------------------------

    def _late(self, seat: int, started: float, hide: bool = False) -> bool:
        """Past the thinking time, the game's timeout action is played instead (RULINGS:
        30 s by default; the first card of the hand, renouncing, or no doubt)."""
        if not self.limit or self.now() - started <= self.limit:
            return False
        action = self._fallback(seat)
        if hide:
            self._hide()
        self.show(f"Temps écoulé ({self.limit} s) pour {self.seats[seat].name}.")
        self._play(seat, action, started)
        return True

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

    def _human(self, seat: int) -> bool:
        """The player places his card (or renounces); False when he quits."""
        name = self.seats[seat].name
        card = self.state.card_of(seat)
        self.show(Text(rows_text(self.state.rows, self.state.longest_rows())))
        if self.state.step == "discard":
            return self._discard(seat, started=self.now())
        self.show(Text(f"{name}, à vous de poser votre {card}.", style="bold"))
        self._once(seat, PLACE_HELP)  # the syntax once per player, `aide` for places
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
                typed = self._ask(f"{self.seats[seat].name}, doutez-vous de « {pending.word} » "
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


def play_session(options: TypoOptions, seed: int, seats: Sequence[SeatInfo], ask: Ask,
                 show: Show, record_path: Path | None = None,
                 now: Clock = time.monotonic) -> Recorder:
    """A whole terminal game: start, loop, final scores, then the record saved if asked."""
    return TerminalGame.session(options, seed, seats, ask, show, record_path, now)
