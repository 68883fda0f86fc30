"""Per-move clocks: a seat that must act gets a deadline; when it passes, the game moves on.

A per-move clock (not a chess-style bank) because word games have long and short turns, and what
players of a web table need is protection against someone who walked away. Deadlines are kept in
memory only: after a restart every waiting seat gets a fresh full move, which errs on the side
of the player. Time comes from an injectable ``now()`` so tests move it by hand.

What a timeout plays is the game's decision: a game may export ``timeout_action(state, seat)``
(Topword: pass). Otherwise the first legal action when the game enumerates them cheaply, and
failing that the caller asks the game's "debutant" bot.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Hashable, Mapping
from typing import Any

from ludomots.core.game import Action, Game, State
from ludomots.table.model import ClockSettings

log = logging.getLogger(__name__)



class Clock:
    """Deadlines (and turn start times, for the record's "ms") of the seats that must act."""

    def __init__(self, settings: ClockSettings, now: Callable[[], float]) -> None:
        self.settings = settings
        self._now = now
        self.started: dict[int, float] = {}
        self.deadlines: dict[int, float] = {}
        self.keys: dict[int, Hashable] = {}  # the sand-glass each seat's deadline belongs to
        self.trying: set[int] = set()  # seats that acted and must act again, same sand-glass

    @property
    def enabled(self) -> bool:
        return self.settings.enabled

    def _arm(self, seat: int, at: float, rule_limit: float | None,
             key: Hashable | None = None) -> None:
        """``rule_limit``: seconds the game's own rules give the seat for what it must do now
        (a sand-glass); the deadline is the sooner of that and the table's time per move.
        ``key``: which sand-glass that is (``Game.time_limit_key``)."""
        self.started[seat] = at
        self.trying.discard(seat)
        if key is None:
            self.keys.pop(seat, None)
        else:
            self.keys[seat] = key
        limits = [limit for limit in (self.settings.seconds_per_move if self.enabled else None,
                                      rule_limit) if limit]
        if limits:
            self.deadlines[seat] = at + min(limits)
        else:
            self.deadlines.pop(seat, None)

    def start(self, to_act: frozenset[int],
              rule_limits: Mapping[int, float | None] | None = None,
              keys: Mapping[int, Hashable | None] | None = None) -> None:
        """(Re)start from scratch: every seat to act gets a full move. ``rule_limits`` and
        ``keys``: the game's own time limits of those seats and their sand-glasses
        (``Game.time_limit``, ``Game.time_limit_key``)."""
        self.stop()
        now = self._now()
        for seat in to_act:
            self._arm(seat, now, (rule_limits or {}).get(seat), (keys or {}).get(seat))

    def update(self, to_act: frozenset[int], actor: int | None,
               rule_limits: Mapping[int, float | None] | None = None,
               keys: Mapping[int, Hashable | None] | None = None) -> None:
        """After an action by ``actor``: a seat still waiting keeps its deadline (a
        simultaneous bid does not give the slow bidder more time); every newly waiting seat
        gets a full move, and so does the actor if it must act again, unless it is still
        under the same sand-glass (a wrong answer, then another try); the others are
        dropped."""
        now = self._now()
        for seat in list(self.started):
            if seat not in to_act:
                self._forget(seat)
        for seat in to_act:
            key = (keys or {}).get(seat)
            same_sandglass = key is not None and self.keys.get(seat) == key
            if seat not in self.started or (seat == actor and not same_sandglass):
                self._arm(seat, now, (rule_limits or {}).get(seat), key)
            elif seat == actor:
                self.trying.add(seat)

    def _forget(self, seat: int) -> None:
        self.started.pop(seat, None)
        self.deadlines.pop(seat, None)
        self.keys.pop(seat, None)
        self.trying.discard(seat)

    def stop(self) -> None:
        self.started.clear()
        self.deadlines.clear()
        self.keys.clear()
        self.trying.clear()

    def disarm(self, seat: int) -> None:
        """Forget ``seat``'s deadline while its timeout is being played (never fire twice)."""
        self.deadlines.pop(seat, None)

    def elapsed_ms(self, seat: int) -> int:
        """Thinking time of ``seat`` on this move; 0 for a seat that was not asked to act."""
        started = self.started.get(seat)
        return 0 if started is None else max(0, int((self._now() - started) * 1000))

    def expired(self) -> list[int]:
        now = self._now()
        return sorted(seat for seat, deadline in self.deadlines.items() if deadline <= now)

    def next_deadline(self) -> float | None:
        return min(self.deadlines.values(), default=None)

    def to_json(self, players: int) -> dict[str, Any]:
        """For views: absolute deadlines in epoch ms plus the server's "now", so a browser
        with a skewed clock can still count down correctly."""
        if not self.enabled and not self.deadlines:
            return {"seconds_per_move": 0}
        deadlines: list[int | None] = [None] * players
        for seat, deadline in self.deadlines.items():
            if 0 <= seat < players:
                deadlines[seat] = int(deadline * 1000)
        return {"seconds_per_move": self.settings.seconds_per_move if self.enabled else 0,
                "now": int(self._now() * 1000), "deadlines": deadlines}


def timeout_action(game: Game, state: State, seat: int) -> Action | None:
    """What ``seat`` plays when its time is up; None means "ask the debutant bot"."""
    action = game.timeout_action(state, seat)
    if action is not None:
        error = state.check(seat, action)
        if error is None:
            return action
        log.warning("%s: timeout_action for seat %d is illegal (%s); using the fallback",
                    game.name, seat, error.code)
    legal = state.legal(seat)
    if legal:
        return legal[0]
    return None
