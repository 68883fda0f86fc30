"""Table clocks: a seat that must act gets a deadline; when it passes, the game moves on.

The creator chooses the time control (``ClockSettings``, issue 19): a time per move; a Fischer
clock (a bank per seat, the time of each move taken from it, an increment added after each
move of one's own); turn-based, days a move; or none. The rules' own sand-glasses
(``Game.time_limit``) apply inside any of them: the deadline is the sooner of the two.

What survives a restart (the table is rebuilt by replaying its stored actions, and the clock
with it, from each action's ``ms`` and whether a timeout played it):

- Fischer banks are rebuilt exactly from the stored moves, never refilled. The move that was
  running at the restart starts again from the restart with the bank as it stood when that
  move began: the thinking time of that move before the restart is not charged (the player
  could not know the server went away; this errs on the player's side, by one move at most).
- A turn-based move's deadline runs from the time the action that started it was stored (the
  replay arms the clock at each stored action's time), so a restart never gives a seat fresh
  days. A seat asked to act since the very start, before any action, counts from the first
  stored action (or, with none, from when the last seat was taken).
- A per-move clock gives a fresh move, as before.
- Who is out of time (the table's limit, not a rules' sand-glass, ran out on their last move)
  and how many moves in a row the clock played for each seat come from the stored timeout
  marks, replayed with the same limits.

Time comes from an injectable ``now()`` so tests move it by hand.

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

#: A seat whose Fischer bank is empty (it flagged) still gets this long a move: without it, two
#: flagged seats of an abandoned game would time out one after the other with no pause at all.
FLAGGED_MOVE_SECONDS = 10
#: A human seat whose clock played this many moves in a row for it, none of its own between
#: them, is away: at its next timeout it is expelled (``clockloop.py``), so that an abandoned
#: game ends instead of timing out for ever (Topword never ends on passes while the bag holds
#: tiles).
AWAY_TIMEOUTS = 5


class Clock:
    """Deadlines (and turn start times, for the record's "ms") of the seats that must act,
    the Fischer banks, and which seats are out of time (see the module docstring)."""

    def __init__(self, settings: ClockSettings, now: Callable[[], float]) -> None:
        self.settings = settings
        self._now = now
        self.started: dict[int, float] = {}
        self.deadlines: dict[int, float] = {}
        self.keys: dict[int, Hashable] = {}  # the sand-glass each seat's deadline belongs to
        self.trying: set[int] = set()  # seats that acted and must act again, same sand-glass
        self.rule_deadlines: dict[int, float] = {}  # when the rules' own sand-glass runs out
        self.banks: dict[int, int] = {}  # Fischer: ms left, once a seat has moved
        self.charged: dict[int, int] = {}  # ms of the running move already taken from a bank
        self.out_of_time: set[int] = set()  # seats whose last move was played by a timeout
        self.timeouts_in_row: dict[int, int] = {}  # timeouts since the seat's own last move

    @property
    def enabled(self) -> bool:
        return self.settings.enabled

    @property
    def fischer(self) -> bool:
        return self.settings.mode == "fischer"

    def bank_ms(self, seat: int) -> int:
        """Fischer: what is left of ``seat``'s bank at the start of its running move."""
        return self.banks.get(seat, self.settings.bank_seconds * 1000)

    def _arm(self, seat: int, at: float, rule_limit: float | None,
             key: Hashable | None = None) -> None:
        """``rule_limit``: seconds the game's own rules give the seat for what it must do now
        (a sand-glass); the deadline is the sooner of that and the table's limit (the time
        per move, the days of a turn, or what is left of the Fischer bank).
        ``key``: which sand-glass that is (``Game.time_limit_key``)."""
        self.started[seat] = at
        self.charged[seat] = 0
        self.trying.discard(seat)
        if key is None:
            self.keys.pop(seat, None)
        else:
            self.keys[seat] = key
        if rule_limit:
            self.rule_deadlines[seat] = at + rule_limit
        else:
            self.rule_deadlines.pop(seat, None)
        self._set_deadline(seat, at)

    def _set_deadline(self, seat: int, at: float) -> None:
        """The sooner of the rules' deadline and the table's, counted from ``at``."""
        limits = [d for d in (self.rule_deadlines.get(seat),) if d is not None]
        move_limit = self.settings.move_limit()
        if move_limit:
            limits.append(self.started[seat] + move_limit)
        if self.fischer:
            bank = self.bank_ms(seat) / 1000
            limits.append(at + (bank if bank > 0 else FLAGGED_MOVE_SECONDS))
        if limits:
            self.deadlines[seat] = min(limits)
        else:
            self.deadlines.pop(seat, None)

    def start(self, to_act: frozenset[int],
              rule_limits: Mapping[int, float | None] | None = None,
              keys: Mapping[int, Hashable | None] | None = None,
              at: float | None = None) -> None:
        """(Re)start from scratch: every seat to act starts a move (at ``at``, default now),
        with what is left of its bank. ``rule_limits`` and ``keys``: the game's own time
        limits of those seats and their sand-glasses (``Game.time_limit``,
        ``Game.time_limit_key``)."""
        self.stop()
        now = self._now() if at is None else at
        for seat in to_act:
            self._arm(seat, now, (rule_limits or {}).get(seat), (keys or {}).get(seat))

    def moved(self, seat: int, ms: int, timeout: bool) -> None:
        """``seat`` made a move that took ``ms`` (since its sand-glass turned), or the clock
        made it for it (``timeout``: when the table's own limit ran out rather than a rules'
        sand-glass, the seat is out of time and one more move in a row was played for it).
        Fischer: the time used since the seat's last move under the same sand-glass leaves
        its bank, and the increment comes after a move of its own (not after a timeout, which
        leaves the bank empty: the seat has flagged, and gets ``FLAGGED_MOVE_SECONDS`` a move
        until it moves in time again). Call before ``update``."""
        if timeout:
            if self._table_bound(seat):  # the table's time ran out, not the rules' sand-glass
                self.out_of_time.add(seat)
                self.timeouts_in_row[seat] = self.timeouts_in_row.get(seat, 0) + 1
        else:
            self.out_of_time.discard(seat)
            self.timeouts_in_row.pop(seat, None)
        if not self.fischer:
            return
        used = max(0, ms - self.charged.get(seat, 0))
        bank = 0 if timeout else max(0, self.bank_ms(seat) - used)
        self.banks[seat] = bank + (0 if timeout else self.settings.increment_seconds * 1000)
        self.charged[seat] = ms

    def _table_bound(self, seat: int) -> bool:
        """Whether the table's own limit (a time per move, a turn's days, the bank) ended
        ``seat``'s running move before any sand-glass of the rules would have. A rules'
        sand-glass running out (Volapük's timer, a Vocabulon riddle nobody solves) is part of
        the game: it does not put the seat out of time. Only the limits are compared, never
        the clock's "now", so a replay after a restart decides the same."""
        started = self.started.get(seat)
        if started is None:
            return True
        limits = []
        move_limit = self.settings.move_limit()
        if move_limit:
            limits.append(started + move_limit)
        if self.fischer:
            bank = self.bank_ms(seat) / 1000
            limits.append(started + self.charged.get(seat, 0) / 1000 +
                          (bank if bank > 0 else FLAGGED_MOVE_SECONDS))
        rule = self.rule_deadlines.get(seat)
        return bool(limits) and (rule is None or min(limits) < rule)

    def update(self, to_act: frozenset[int], actor: int | None,
               rule_limits: Mapping[int, float | None] | None = None,
               keys: Mapping[int, Hashable | None] | None = None,
               at: float | None = None) -> None:
        """After an action by ``actor``: a seat still waiting keeps its deadline (a
        simultaneous bid does not give the slow bidder more time); every newly waiting seat
        gets a full move, and so does the actor if it must act again, unless it is still
        under the same sand-glass (a wrong answer, then another try); the others are
        dropped. ``at``: when the action was (default now; a rebuilt table's stored time)."""
        now = self._now() if at is None else at
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
                if self.fischer:  # its bank changed: the rules' deadline still runs
                    self._set_deadline(seat, now)

    def _forget(self, seat: int) -> None:
        self.started.pop(seat, None)
        self.deadlines.pop(seat, None)
        self.keys.pop(seat, None)
        self.rule_deadlines.pop(seat, None)
        self.charged.pop(seat, None)
        self.trying.discard(seat)

    def stop(self) -> None:
        """No seat is asked to act any more (banks and who is out of time are kept)."""
        self.started.clear()
        self.deadlines.clear()
        self.keys.clear()
        self.rule_deadlines.clear()
        self.charged.clear()
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

    def time_up(self, seat: int) -> bool:
        """Whether ``seat``'s time is up: its last move was a timeout, or its deadline
        passed (the timeout not played yet)."""
        deadline = self.deadlines.get(seat)
        return seat in self.out_of_time or (deadline is not None and deadline <= self._now())

    def away(self, seat: int) -> bool:
        """Whether the clock played ``AWAY_TIMEOUTS`` moves in a row for ``seat``."""
        return self.timeouts_in_row.get(seat, 0) >= AWAY_TIMEOUTS

    def next_deadline(self) -> float | None:
        return min(self.deadlines.values(), default=None)

    def to_json(self, players: int) -> dict[str, Any]:
        """For views: the settings, absolute deadlines in epoch ms plus the server's "now",
        so a browser with a skewed clock can still count down correctly; Fischer: each
        seat's bank in ms (the running move not yet taken off) and when the running ones run
        out; the seats out of time."""
        out = self.settings.to_json()
        if self.deadlines:  # "now" only then: a finished game's view is the same everywhere
            deadlines: list[int | None] = [None] * players
            for seat, deadline in self.deadlines.items():
                if 0 <= seat < players:
                    deadlines[seat] = int(deadline * 1000)
            out.update(now=int(self._now() * 1000), deadlines=deadlines)
        elif not self.enabled:
            return out
        if self.fischer:
            out["banks"] = [self.bank_ms(seat) for seat in range(players)]
            # When each running bank runs out (a rules' sand-glass may end the move sooner).
            out["bank_deadlines"] = [
                int((self.started[seat] + (self.charged.get(seat, 0) + self.bank_ms(seat))
                     / 1000) * 1000) if seat in self.started else None
                for seat in range(players)]
        if self.enabled:
            out["out_of_time"] = sorted(s for s in range(players) if self.time_up(s))
        return out


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
