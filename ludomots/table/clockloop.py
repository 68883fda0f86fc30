"""The clock loop: one background task that plays the timeout of every seat out of time.

Each table keeps its own deadlines (``clock.py``); this module is what acts on them for all
the tables of a manager, apart from serving them because it is driven by time, not by
requests. It keeps only the tables that have deadlines and sleeps until the nearest one (or
``poll`` seconds at most), so an idle server does no work. A timeout plays the game's
``timeout_action`` through the manager's locked action path, or else asks a bot to play for
the seat; only for tables this process owns, so a timeout is decided once. At a turn-based
table a human's timeout is no move: the days of a move ran out with no action, so the seat is
expelled; so is a human seat the clock already played ``AWAY_TIMEOUTS`` moves in a row for
(issue 19: a stale or abandoned table resolves itself).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable

from ludomots.core import registry
from ludomots.core.errors import RuleError
from ludomots.core.game import Event
from ludomots.table.bots import RETRY_MAX, RETRY_MIN, STORE_CODES, Play
from ludomots.table.clock import timeout_action
from ludomots.table.logcontext import no_table
from ludomots.table.table import Table

log = logging.getLogger(__name__)

#: The bot that plays for a seat out of time when the game has no timeout action.
TIMEOUT_BOT_LEVEL = "debutant"


class ClockLoop:
    """The timeouts of one manager. ``run``: start the background task (else call ``tick``).
    ``play_locked``: the action path, called with the table's lock held; ``start_bot``:
    (table, seat, level, timeout) plays the seat with a bot."""

    def __init__(self, *, now: Callable[[], float], run: bool, poll: float,
                 lock: Callable[[str], asyncio.Lock], owns: Callable[[str], bool],
                 play_locked: Play,
                 start_bot: Callable[[Table, int, str, bool], None],
                 expel: Callable[[Table, int], Awaitable[bool]] | None = None) -> None:
        self._now = now
        self._run = run
        self._poll = poll
        self._lock = lock
        self._owns = owns
        self._play_locked = play_locked
        self._start_bot = start_bot
        self._expel = expel
        self._clocked: dict[str, Table] = {}  # tables with deadlines: all the loop scans
        # Tables whose timeout could not be stored (the database is away): when to try
        # again (monotonic) and the back-off after that.
        self._retry: dict[str, tuple[float, float]] = {}
        self._next_wake = 0.0  # when the loop wakes up next (wall clock)
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._closed = False

    def add(self, table: Table) -> None:
        """A table just loaded or created: scan it if it has deadlines."""
        if table.clock.next_deadline() is not None:
            self._clocked[table.id] = table

    def forget(self, table_id: str) -> None:
        self._clocked.pop(table_id, None)
        self._retry.pop(table_id, None)

    def wake_for(self, table: Table) -> None:
        """Wake the loop if this table's next deadline comes before its planned wake-up
        (scanning every clock after every action cost more than the rules under load)."""
        deadline = table.clock.next_deadline()
        if deadline is None:
            return
        self._clocked[table.id] = table
        if deadline < self._next_wake:
            self._wake.set()

    def ensure_running(self) -> None:
        if self._run and self._task is None and not self._closed:
            self._task = asyncio.get_running_loop().create_task(
                self._loop(), name="table-clocks", context=no_table())

    async def tick(self) -> int:
        """Play the timeout of every seat whose deadline has passed; returns how many."""
        fired = 0
        for table in list(self._clocked.values()):
            if table.clock.next_deadline() is None:
                self._clocked.pop(table.id, None)
            elif table.status == "playing" and self._owns(table.id) and \
                    self._retry.get(table.id, (0.0, 0.0))[0] <= time.monotonic():
                for seat in table.clock.expired():
                    if await self._timeout(table, seat):
                        fired += 1
        return fired

    async def _timeout(self, table: Table, seat: int) -> bool:
        async with self._lock(table.id):
            if seat not in table.clock.expired():
                return False
            deadline = table.clock.deadlines.get(seat)
            table.clock.disarm(seat)
            if seat not in table.to_act():
                return False
            if self._expel is not None and table.info.seats[seat].kind == "human" and \
                    seat not in table.info.departed() and \
                    (table.clock.settings.mode == "turn" or table.clock.away(seat)):
                return await self._expel_stale(table, seat, deadline)
            try:
                action = timeout_action(table.game, table.state, seat)
            except Exception:
                log.exception("table %s: timeout_action failed for seat %d", table.id, seat)
                action = None
            if action is None:
                bots = registry.get_bots(table.info.game)
                level = TIMEOUT_BOT_LEVEL if TIMEOUT_BOT_LEVEL in bots else next(iter(bots), None)
                if level is None:
                    log.error("table %s: seat %d timed out and %s has no bot", table.id, seat,
                              table.info.game)
                    return False
                self._start_bot(table, seat, level, True)
                return True
            try:
                await self._play_locked(table, seat, table.game.action_codec.encode(action),
                                        [Event("timeout", {"seat": seat})], timeout=True,
                                        retry=False)
            except RuleError as exc:
                if exc.code in STORE_CODES and deadline is not None and \
                        seat in table.to_act():
                    self._back_off(table, seat, deadline)
                    return False
                log.warning("table %s: timeout action of seat %d refused: %s", table.id, seat,
                            exc.code)
                return False
            self._retry.pop(table.id, None)
            return True

    async def _expel_stale(self, table: Table, seat: int, deadline: float | None) -> bool:
        """A turn-based move's days ran out with no action of its human, or the clock has
        played ``AWAY_TIMEOUTS`` moves in a row for it: the seat is expelled (a bot takes
        it over, or the game ends, as after a resignation)."""
        assert self._expel is not None
        try:
            return await self._expel(table, seat)
        except RuleError as exc:
            if exc.code in STORE_CODES and deadline is not None:
                self._back_off(table, seat, deadline)
            else:
                log.warning("table %s: cannot expel seat %d: %s", table.id, seat, exc.code)
            return False

    def _back_off(self, table: Table, seat: int, deadline: float) -> None:
        """The database is away: the seat stays out of time, and its timeout is tried again
        after a back-off (the table must not freeze, nor the loop hammer the database)."""
        table.clock.deadlines[seat] = deadline
        _, backoff = self._retry.get(table.id, (0.0, RETRY_MIN))
        self._retry[table.id] = (time.monotonic() + backoff, min(RETRY_MAX, backoff * 2))
        log.warning("table %s: the database is away; the timeout of seat %d is tried again "
                    "in %.1f s", table.id, seat, backoff)

    async def _loop(self) -> None:
        while not self._closed:
            try:
                await self.tick()
            except Exception:
                log.exception("clock tick failed")
            self._wake.clear()
            now = time.monotonic()
            deadlines = [d for t in self._clocked.values()
                         if t.status == "playing" and self._owns(t.id)
                         and self._retry.get(t.id, (0.0, 0.0))[0] <= now
                         and (d := t.clock.next_deadline()) is not None]
            delay = self._poll
            if deadlines:
                delay = min(delay, max(0.0, min(deadlines) - self._now()))
            retries = [at - now for at, _ in self._retry.values() if at > now]
            if retries:
                delay = min(delay, min(retries))
            self._next_wake = self._now() + delay
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), timeout=max(delay, 0.001))

    def stop(self) -> list[asyncio.Task[None]]:
        """Start the loop no more; returns its task, for the caller to cancel."""
        self._closed = True
        return [self._task] if self._task is not None else []
