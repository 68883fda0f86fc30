"""Bot work bounded and fair: at most ``size`` decisions at once, the tables served in turn.

A bot's decision is up to seconds of CPU in a worker (``worker.py``). Handed straight to the
executor, every decision due would queue there in one line, first come first served, and a
table with several bots (or bots that play again at once) would take as many workers as it
has decisions waiting. Here each table has its own queue and the tables take turns (round
robin): a slot that frees goes to the waiting table served least recently (one never served
first, then in order of arrival), so N tables waiting each get a decision before any gets its
second. No more than ``size`` decisions are ever in flight: ``slots_for(workers)``, one
thinking and one ready at the door of each worker (``READY_PER_WORKER``). The ready one keeps
a worker busy: with exactly one slot per worker, a worker idles while its result goes back
to the event loop and the next decision is built and sent out, which on a busy machine can
take as long as a short decision (a confirmé Topword move is 3 to 30 ms of CPU). How long
a decision waited for its slot is the ``ludomots_bot_queue_seconds`` histogram.

A process pool whose worker died (killed, out of memory) is broken for good: every decision
submitted to it fails. When the pool was made here (``renew``), it is replaced by a fresh one
at the first failure, so the bot that was refused tries again on the new pool (``bots.py``
counts the attempt) and the other tables' bots are not stopped for ever.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
import logging
import time
from collections import deque
from collections.abc import AsyncIterator, Callable
from concurrent.futures import BrokenExecutor, Executor
from contextlib import asynccontextmanager
from typing import TypeVar

from ludomots.table.metrics import BOT_QUEUE_SECONDS

log = logging.getLogger(__name__)

#: Decisions waiting in a worker's own queue besides the one it thinks about.
READY_PER_WORKER = 1


def slots_for(workers: int) -> int:
    """The decisions in flight at once for ``workers`` workers (see the module docstring)."""
    return workers * (1 + READY_PER_WORKER)


A = TypeVar("A")
R = TypeVar("R")


class BotPool:
    """``size`` slots on ``executor``, given to the tables in turn. ``renew`` makes a new
    executor when the current one is broken (None: the caller owns it, it is kept).
    ``clock``: seconds, for the queue-wait histogram (tests inject one)."""

    def __init__(self, executor: Executor, size: int, *,
                 renew: Callable[[], Executor] | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        if size < 1:
            raise ValueError(f"a bot pool needs at least one slot, not {size}")
        self.size = size
        self.executor = executor
        self._renew = renew
        self._clock = clock
        self._queues: dict[str, deque[asyncio.Future[None]]] = {}
        # The tables with a decision waiting, by (when last served, arrival): a heap.
        self._turns: list[tuple[int, int, str]] = []
        self._served: dict[str, int] = {}  # table -> number of its last slot (-1: never)
        self._granted = itertools.count()
        self._arrival = itertools.count()
        self._in_flight = 0

    @property
    def in_flight(self) -> int:
        """Decisions holding a slot now (never more than ``size``)."""
        return self._in_flight

    def waiting(self, table_id: str | None = None) -> int:
        """Decisions waiting for a slot (of one table, or of all)."""
        queues = [self._queues.get(table_id, deque())] if table_id is not None \
            else list(self._queues.values())
        return sum(1 for queue in queues for waiter in queue if not waiter.done())

    @asynccontextmanager
    async def slot(self, table_id: str, game: str) -> AsyncIterator[None]:
        """Hold one of the ``size`` slots, given in turn to the tables waiting for one."""
        waiter: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        asked = self._clock()
        queue = self._queues.get(table_id)
        if queue is None:
            queue = self._queues[table_id] = deque()
            self._wait_turn(table_id)
        queue.append(waiter)
        self._dispatch()
        try:
            await waiter
        except asyncio.CancelledError:
            if waiter.done() and not waiter.cancelled():  # granted, then cancelled
                self._release()
            raise
        BOT_QUEUE_SECONDS.labels(game).observe(max(0.0, self._clock() - asked))
        try:
            yield
        finally:
            self._release()

    async def run(self, fn: Callable[[A], R], arg: A) -> R:
        """``fn(arg)`` on the executor (hold a ``slot`` around it). A broken executor is
        renewed (when it is ours) and the BrokenExecutor raised: the caller tries again."""
        executor = self.executor
        try:
            return await asyncio.get_running_loop().run_in_executor(executor, fn, arg)
        except BrokenExecutor:
            if self._renew is not None and self.executor is executor:
                log.error("a bot worker died: its pool is replaced by a new one")
                self.executor = self._renew()
                executor.shutdown(wait=False, cancel_futures=True)
            raise

    def forget(self, table_id: str) -> None:
        """The table left memory: its turn is forgotten (none of its decisions waits)."""
        if table_id not in self._queues:
            self._served.pop(table_id, None)

    def _wait_turn(self, table_id: str) -> None:
        heapq.heappush(self._turns, (self._served.get(table_id, -1), next(self._arrival),
                                     table_id))

    def _release(self) -> None:
        self._in_flight -= 1
        self._dispatch()

    def _dispatch(self) -> None:
        """Give the free slots to the waiting tables served least recently; a table served
        waits its next turn behind the others if it has more decisions waiting."""
        while self._in_flight < self.size and self._turns:
            table_id = heapq.heappop(self._turns)[2]
            queue = self._queues[table_id]
            while queue and queue[0].done():  # cancelled while waiting
                queue.popleft()
            if not queue:
                del self._queues[table_id]
                continue
            waiter = queue.popleft()
            self._served[table_id] = next(self._granted)
            if any(not w.done() for w in queue):
                self._wait_turn(table_id)
            else:
                del self._queues[table_id]
            self._in_flight += 1
            waiter.set_result(None)
        if self._in_flight == 0 and not self._queues:
            self._served.clear()  # idle: every table starts even again
