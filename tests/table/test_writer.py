"""Group commit: rows queued while a batch is being written share the next transaction."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from ludomots.table.errors import ConflictError, StoreError
from ludomots.table.store import ActionRow
from ludomots.table.writer import GroupWriter


def _row(table: str, seq: int = 0) -> ActionRow:
    return ActionRow(table, seq, 0, {}, 0, "d")


class SlowStore:
    """Records each batch; the first one is held until released, so others pile up."""

    def __init__(self) -> None:
        self.batches: list[list[str]] = []
        self.release = threading.Event()
        self.writing = threading.Event()  # the first batch is in the store
        self.fail_with: Exception | None = None

    def append_actions(self, rows: Sequence[ActionRow]) -> list[StoreError | None]:
        if not self.batches:
            self.writing.set()
            assert self.release.wait(60), "never released"
        self.batches.append([row.table_id for row in rows])
        if self.fail_with is not None:
            raise self.fail_with
        return [ConflictError(row.table_id, row.seq) if row.table_id == "taken" else None
                for row in rows]


def _writer(store: SlowStore, pool: ThreadPoolExecutor) -> GroupWriter:
    async def run_db(fn: Callable[..., Any], *args: Any) -> Any:
        return await asyncio.get_running_loop().run_in_executor(pool, fn, *args)

    return GroupWriter(run_db, store.append_actions)


@pytest.mark.asyncio
async def test_rows_arriving_during_a_write_share_the_next_transaction() -> None:
    store = SlowStore()
    with ThreadPoolExecutor(1) as pool:
        writer = _writer(store, pool)
        first = asyncio.create_task(writer.append(_row("a")))
        assert await asyncio.to_thread(store.writing.wait, 60)  # "a" is being written
        others = [asyncio.create_task(writer.append(_row(t))) for t in ("b", "taken", "c")]
        await asyncio.sleep(0)  # one turn of the loop: each task queues its row and waits
        store.release.set()
        await first
        results = await asyncio.gather(*others, return_exceptions=True)
    assert store.batches == [["a"], ["b", "taken", "c"]]
    assert results[0] is None and results[2] is None
    assert isinstance(results[1], ConflictError) and results[1].table_id == "taken"


@pytest.mark.asyncio
async def test_a_broken_store_fails_every_row_of_the_batch_with_a_store_error() -> None:
    store = SlowStore()
    store.release.set()
    store.fail_with = RuntimeError("driver crashed")
    with ThreadPoolExecutor(1) as pool:
        writer = _writer(store, pool)
        results = await asyncio.gather(writer.append(_row("a")), writer.append(_row("b")),
                                       return_exceptions=True)
    assert [type(r) for r in results] == [StoreError, StoreError]
    assert str(results[0]) == "driver crashed"
