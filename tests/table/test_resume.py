"""A restart serves at once and resumes the playing tables in the background (issue 22's
start-up): a table someone opens before the background resume reached it loads on demand,
once, and its bot plays once; the resume then counts it and leaves it as it is."""

from __future__ import annotations

import asyncio
import time
from collections import Counter
from typing import Any

import pytest

from ludomots.table.creation import new_table_info
from ludomots.table.manager import TableManager
from ludomots.table.model import SeatSpec, StoredAction, TableInfo
from ludomots.table.store import Store


def _stored_tables(store: Store, count: int) -> list[str]:
    """``count`` playing gops tables, Alice against a bot expert, as a previous process left
    them: stored, nobody has bid yet (so each bot is due at resume). Oldest first: the
    resume (most recently active first) reaches the first one last."""
    ids = []
    for number in range(count):
        info = new_table_info("gops", {"cards": 3},
                              [SeatSpec.human("Alice"), SeatSpec.bot("expert")],
                              500 + number, None, lambda n=number: time.time() + n)
        store.create_table(info, {0: f"token-{number}"})
        ids.append(info.id)
    return ids


class CountedLoads:
    """Wraps ``store.load_table``: how many times each table was read to be replayed, and a
    hook called (on the loop) when a given table is read."""

    def __init__(self, store: Store, loop: asyncio.AbstractEventLoop) -> None:
        self.loads: Counter[str] = Counter()
        self.when: dict[str, Any] = {}
        self._load = store.load_table
        self._loop = loop
        store.load_table = self._counted  # type: ignore[method-assign]

    def _counted(self, table_id: str) -> tuple[TableInfo, list[StoredAction]]:
        self.loads[table_id] += 1
        hook = self.when.pop(table_id, None)
        if hook is not None:  # this runs on the database thread
            self._loop.call_soon_threadsafe(hook)
        return self._load(table_id)


async def _restart(db_url: str) -> tuple[TableManager, Store]:
    store = Store(db_url)
    return TableManager(store, executor="thread", run_clocks=False), store


@pytest.mark.asyncio
async def test_a_table_opened_before_the_resume_loads_on_demand_once(db_url: str) -> None:
    store = Store(db_url)
    store.create_schema()
    first, middle, last = _stored_tables(store, 3)
    manager, store = await _restart(db_url)
    loads = CountedLoads(store, asyncio.get_running_loop())
    async with manager:
        resumed = manager.resume()
        view = await manager.view(first, None)  # the resume reaches it last
        opened = manager.live_table(first)
        assert view["table"]["actions"] == 0
        assert view["table"]["to_act"] == [0, 1]
        assert await resumed == 3
        await manager.idle()
        assert manager.live_table(first) is opened
        assert loads.loads == {first: 1, middle: 1, last: 1}
        for table_id in (first, middle, last):  # each bot bid once: one action per table
            assert store.count_actions(table_id) == 1
            live = manager.live_table(table_id)
            assert live is not None and live.to_act() == frozenset({0})
    store.close()


@pytest.mark.asyncio
async def test_a_table_opened_while_the_resume_runs_loads_once(db_url: str) -> None:
    """Opened while the resume reads another table: it waits for that one only, loads, and
    the resume finds it loaded when it gets there."""
    store = Store(db_url)
    store.create_schema()
    first, middle, last = _stored_tables(store, 3)
    manager, store = await _restart(db_url)
    loads = CountedLoads(store, asyncio.get_running_loop())
    opened: list[asyncio.Task[dict[str, Any]]] = []
    loads.when[last] = lambda: opened.append(asyncio.ensure_future(manager.view(first, 0)))
    async with manager:
        assert await manager.resume() == 3
        assert len(opened) == 1
        view = await opened[0]
        assert view["table"]["seats"][0]["name"] == "Alice"
        await manager.idle()
        assert loads.loads == {first: 1, middle: 1, last: 1}
        for table_id in (first, middle, last):
            assert store.count_actions(table_id) == 1
    store.close()
