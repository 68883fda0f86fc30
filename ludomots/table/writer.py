"""Group commit: actions that arrive while a transaction is being written share the next one.

Under load, one transaction per action made the database thread the bottleneck (each commit
has a fixed cost, and every table's action waited behind every other's). Here a caller queues
its row and waits; a single flushing task stores everything queued so far in one
``Store.append_actions`` call, then the next batch. With little traffic a batch is one row, so
nothing waits longer than before; with much, the cost of a commit is shared.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from ludomots.table.errors import StoreError
from ludomots.table.logcontext import no_table
from ludomots.table.store import ActionRow

#: Runs a store function on the database thread (the manager's ``_db``).
RunDb = Callable[..., Awaitable[Any]]
AppendMany = Callable[[Sequence[ActionRow]], list[StoreError | None]]


class GroupWriter:
    def __init__(self, run_db: RunDb, append_many: AppendMany, max_batch: int = 500) -> None:
        self._run_db = run_db
        self._append_many = append_many
        self._max_batch = max_batch
        self._queue: list[tuple[ActionRow, asyncio.Future[None]]] = []
        self._flusher: asyncio.Task[None] | None = None

    async def append(self, row: ActionRow) -> None:
        """Store ``row``; raises what the store reported for it (ConflictError, StoreError)."""
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._queue.append((row, future))
        if self._flusher is None:
            self._flusher = asyncio.get_running_loop().create_task(
                self._flush(), name="action-writer", context=no_table())
        await future

    async def _flush(self) -> None:
        batch: list[tuple[ActionRow, asyncio.Future[None]]] = []
        try:
            while self._queue:
                batch = self._queue[:self._max_batch]
                del self._queue[:self._max_batch]
                try:
                    results: list[StoreError | None] = await self._run_db(
                        self._append_many, [row for row, _ in batch])
                except Exception as exc:  # the store itself broke: every row of the batch fails
                    error = exc if isinstance(exc, StoreError) else StoreError(str(exc))
                    results = [error] * len(batch)
                for (_, future), result in zip(batch, results, strict=True):
                    if future.done():
                        continue
                    if result is None:
                        future.set_result(None)
                    else:
                        future.set_exception(result)
        finally:
            self._flusher = None
            # Cancelled mid-way (shutdown): whether the batch in flight was stored is unknown,
            # and nobody may wait forever.
            for _, future in [*batch, *self._queue]:
                if not future.done():
                    future.set_exception(StoreError("the server is stopping"))
            self._queue.clear()
