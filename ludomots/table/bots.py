"""Bot seats: a task per bot that must act, thinking off the event loop, then playing.

Kept apart from ``TableManager`` because it is the one part that waits on heavy work (a bot
may think for a second or more, in ``worker.py``'s executor) and keeps its own tasks. It
still plays through the manager's one path for every action (``play``), so a bot can never do
what a human could not; and only for tables this process owns (``owns``), so a bot's turn is
decided once whatever the number of processes.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable, Sequence
from concurrent.futures import Executor
from typing import Protocol

from ludomots.core.errors import RuleError
from ludomots.core.game import Event
from ludomots.table.table import Table
from ludomots.table.worker import choose_action

log = logging.getLogger(__name__)


class Play(Protocol):
    """The manager's path for an action (``_play``, or ``_play_locked`` under the lock)."""

    def __call__(self, table: Table, seat: int, action_json: object,
                 notices: Sequence[Event] = ..., timeout: bool = ...,
                 retry: bool = ...) -> Awaitable[list[Event]]: ...


class BotRunner:
    """The bot tasks of one manager. ``delay``: minimum seconds before a bot's move is played,
    so humans see it happen; ``retries``: attempts before a bot gives up its turn."""

    def __init__(self, executor: Executor, *, delay: float, retries: int,
                 lock: Callable[[str], asyncio.Lock], play: Play,
                 owns: Callable[[str], bool], evict: Callable[[Table], None]) -> None:
        self.delay = delay
        self._executor = executor
        self._retries = retries
        self._lock = lock
        self._play = play
        self._owns = owns
        self._evict = evict
        self._tasks: dict[tuple[str, int], asyncio.Task[None]] = {}
        self._closed = False

    def schedule(self, table: Table) -> None:
        """Start a task for every bot seat that must act and has none yet."""
        if self._closed or not self._owns(table.id):
            return
        for seat in sorted(table.to_act()):
            spec = table.info.seats[seat]
            if spec.kind == "bot" and spec.level is not None:
                self.start(table, seat, spec.level, timeout=False)

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
        loop = asyncio.get_running_loop()
        played = False
        try:
            for attempt in range(1, self._retries + 1):
                async with self._lock(table.id):
                    if seat not in table.to_act():
                        return
                    job = table.bot_job(seat, level)
                started = time.monotonic()
                try:
                    action_json = await loop.run_in_executor(self._executor, choose_action, job)
                except Exception:
                    log.exception("table %s: the %s bot of seat %d failed (attempt %d)",
                                  table.id, level, seat, attempt)
                    continue
                wait = self.delay - (time.monotonic() - started)
                if wait > 0:
                    await asyncio.sleep(wait)
                if seat not in table.to_act():
                    return
                notices = [Event("timeout", {"seat": seat})] if timeout else []
                try:
                    await self._play(table, seat, action_json, notices, timeout, retry=False)
                except RuleError as exc:
                    log.warning("table %s: the %s bot of seat %d was refused: %s (attempt %d)",
                                table.id, level, seat, exc.code, attempt)
                    continue
                played = True
                return
            log.error("table %s: the %s bot of seat %d gave up", table.id, level, seat)
        finally:
            if self._tasks.get((table.id, seat)) is asyncio.current_task():
                del self._tasks[(table.id, seat)]
            if played:
                self.schedule(table)  # the same seat may have to act again
            self._evict(table)

    async def idle(self) -> None:
        """Wait until no bot is thinking."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks.values()), return_exceptions=True)

    def stop(self) -> list[asyncio.Task[None]]:
        """Start no more bots; returns the tasks running, for the caller to cancel (then
        ``clear``: a task cancelled before it ran never removes itself)."""
        self._closed = True
        return list(self._tasks.values())

    def clear(self) -> None:
        self._tasks.clear()
