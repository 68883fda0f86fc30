"""Bot seats: a task per bot that must act, thinking off the event loop, then playing.

Kept apart from ``TableManager`` because it is the one part that waits on heavy work (a bot
may think for a second or more, in ``worker.py``'s executor, through the bounded and fair
``botpool.py``: a bot waits its table's turn for a worker) and keeps its own tasks. It
still plays through the manager's one path for every action (``play``), so a bot can never do
what a human could not; and only for tables this process owns (``owns``), so a bot's turn is
decided once whatever the number of processes.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable, Iterable, Sequence
from typing import Any, Protocol

from ludomots.core.errors import RuleError
from ludomots.core.game import Event
from ludomots.table.botpool import BotPool
from ludomots.table.logcontext import about_table
from ludomots.table.metrics import BOT_TURN_SECONDS
from ludomots.table.table import Table
from ludomots.table.worker import choose_action

log = logging.getLogger(__name__)


class Play(Protocol):
    """The manager's path for an action (``_play``, or ``_play_locked`` under the lock)."""

    def __call__(self, table: Table, seat: int, action_json: object,
                 notices: Sequence[Event] = ..., timeout: bool = ...,
                 retry: bool = ...) -> Awaitable[list[Event]]: ...


#: Refusals that say the database is away, not that the move is wrong: the bot waits and
#: tries again (with a back-off, for as long as it takes) instead of giving up its turn.
STORE_CODES = frozenset({"store_error", "store_unavailable"})
#: The back-off between attempts while the database is away (seconds).
RETRY_MIN, RETRY_MAX = 0.5, 5.0


class BotRunner:
    """The bot tasks of one manager. ``delay``: minimum seconds before a bot's move is played,
    so humans see it happen; ``retries``: attempts before a bot gives up its turn when its own
    move fails or is refused (a bug). A database that does not answer is no such failure: the
    bot waits for it, however long. ``sweep`` restarts any bot that should be playing and is
    not (the manager calls it periodically), except one that gave up at this very position."""

    def __init__(self, pool: BotPool, *, delay: float, retries: int,
                 lock: Callable[[str], asyncio.Lock], play: Play,
                 owns: Callable[[str], bool], evict: Callable[[Table], None]) -> None:
        self.delay = delay
        self._pool = pool
        self._retries = retries
        self._lock = lock
        self._play = play
        self._owns = owns
        self._evict = evict
        self._tasks: dict[tuple[str, int], asyncio.Task[None]] = {}
        self._gave_up: dict[tuple[str, int], int] = {}  # the position (seq) given up at
        self._closed = False

    def schedule(self, table: Table) -> None:
        """Start a task for every bot seat that must act and has none yet."""
        if self._closed or not self._owns(table.id):
            return
        for seat in sorted(table.to_act()):
            spec = table.info.seats[seat]
            if spec.kind == "bot" and spec.level is not None and \
                    self._gave_up.get((table.id, seat)) != table.seq:
                self.start(table, seat, spec.level, timeout=False)

    def sweep(self, tables: Iterable[Table]) -> int:
        """``schedule`` every table; returns how many bots it had to start (it should be none:
        each is a bot that a missed wake-up had left idle). Not a table whose lock is held:
        an action is being stored there, already applied (``Table.play`` plays in place)
        but not yet committed, and its end wakes the bots; seen from here, its bot would look
        forgotten (the sweep warned of such bots on a busy machine, where a write is slow)."""
        before = len(self._tasks)
        for table in tables:
            if not self._lock(table.id).locked():
                self.schedule(table)
        started = len(self._tasks) - before
        if started > 0:
            log.warning("bot sweep: %d bot(s) should have been playing; started", started)
        return max(0, started)

    def start(self, table: Table, seat: int, level: str, timeout: bool) -> None:
        """Play ``seat``'s turn with the ``level`` bot (``timeout``: for a human out of time)."""
        key = (table.id, seat)
        if key not in self._tasks and not self._closed:
            self._tasks[key] = asyncio.get_running_loop().create_task(
                self._turn(table, seat, level, timeout), name=f"bot-{table.id}-{seat}")

    def busy(self, table_id: str) -> bool:
        """Whether a bot of this table is thinking or about to play."""
        return any(key[0] == table_id for key in self._tasks)

    async def _turn(self, table: Table, seat: int, level: str, timeout: bool) -> None:
        """Think off the loop, wait ``delay``, play through ``play`` like a human."""
        played = False
        try:
            with about_table(table.id):
                played = await self._decide_and_play(table, seat, level, timeout)
        finally:
            if self._tasks.get((table.id, seat)) is asyncio.current_task():
                del self._tasks[(table.id, seat)]
            if played:
                self._gave_up.pop((table.id, seat), None)
                self.schedule(table)  # the same seat may have to act again
            self._evict(table)

    async def _decide_and_play(self, table: Table, seat: int, level: str,
                               timeout: bool) -> bool:
        """True once the bot's move is stored; False when the seat no longer has to act, or
        after ``retries`` failures of the bot itself (remembered for ``schedule``)."""
        failures = 0
        while not self._closed:
            asked = time.monotonic()
            action_json: dict[str, Any] | None = None
            async with self._pool.slot(table.id, table.info.game):  # the table's turn
                async with self._lock(table.id):
                    if seat not in table.to_act():
                        return False
                    job = table.bot_job(seat, level)
                try:
                    action_json = await self._pool.run(choose_action, job)
                except Exception:  # the bot's own failure, or its worker died
                    failures += 1
                    log.exception("table %s: the %s bot of seat %d failed (attempt %d)",
                                  table.id, level, seat, failures)
            if action_json is not None:
                BOT_TURN_SECONDS.labels(table.info.game).observe(time.monotonic() - asked)
                wait = self.delay - (time.monotonic() - asked)
                if wait > 0:
                    await asyncio.sleep(wait)
                outcome = await self._store(table, seat, level, action_json, timeout)
                if outcome == "played":
                    return True
                if outcome == "refused":
                    failures += 1
            if failures >= self._retries:
                log.error("table %s: the %s bot of seat %d gave up", table.id, level, seat)
                self._gave_up[(table.id, seat)] = table.seq
                return False
        return False

    async def _store(self, table: Table, seat: int, level: str, action_json: object,
                     timeout: bool) -> str:
        """Play the bot's decision, waiting for the database as long as it is away. "played";
        "gone" (the seat no longer has to act); "refused" (decide again). A decision still
        holds when another seat acted meanwhile (simultaneous bids), as a human's would."""
        notices = [Event("timeout", {"seat": seat})] if timeout else []
        backoff = RETRY_MIN
        while not self._closed:
            if seat not in table.to_act():
                return "gone"
            try:
                await self._play(table, seat, action_json, notices, timeout, retry=False)
            except RuleError as exc:
                if exc.code not in STORE_CODES:
                    log.warning("table %s: the %s bot of seat %d was refused: %s", table.id,
                                level, seat, exc.code)
                    return "refused"
                log.warning("table %s: the database is away; the bot of seat %d tries again "
                            "in %.1f s", table.id, seat, backoff)
                await asyncio.sleep(backoff)
                backoff = min(RETRY_MAX, backoff * 2)
                continue
            return "played"
        return "gone"

    async def idle(self) -> None:
        """Wait until no bot is thinking."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks.values()), return_exceptions=True)

    def forget(self, table_id: str) -> None:
        """The table left memory: drop what is remembered of its bots."""
        for key in [k for k in self._gave_up if k[0] == table_id]:
            del self._gave_up[key]
        self._pool.forget(table_id)

    def stop(self) -> list[asyncio.Task[None]]:
        """Start no more bots; returns the tasks running, for the caller to cancel (then
        ``clear``: a task cancelled before it ran never removes itself)."""
        self._closed = True
        return list(self._tasks.values())

    def clear(self) -> None:
        self._tasks.clear()
