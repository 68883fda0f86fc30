"""The lobby's page (``lobby.py``, issue 22): served from memory, read from the store at most
once per ttl, patched at once by this process's changes; and the store's lobby query."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import insert, select

from ludomots.core.errors import RuleError
from ludomots.table.creation import new_table_info
from ludomots.table.lobby import LobbyCache
from ludomots.table.model import LIVE_STATUSES, SeatSpec
from ludomots.table.store import TABLES, Store


class FakeStore:
    """Counts reads; ``gate`` holds a read until set; ``fail`` makes reads fail."""

    def __init__(self, entries: list[dict[str, Any]]) -> None:
        self.entries = entries
        self.reads = 0
        self.gate: asyncio.Event | None = None
        self.fail = False

    async def read(self) -> list[dict[str, Any]]:
        self.reads += 1
        if self.gate is not None:
            await self.gate.wait()
        if self.fail:
            raise RuleError("store_unavailable", "La base de données est momentanément "
                            "indisponible : réessayez.")
        return [dict(e) for e in self.entries]


def entry(table_id: str, updated_at: int) -> dict[str, Any]:
    return {"id": table_id, "updated_at": updated_at}


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


@pytest.mark.asyncio
async def test_the_page_is_read_once_per_ttl_and_refreshed_in_the_background() -> None:
    store, clock = FakeStore([entry("a", 2), entry("b", 1)]), Clock()
    lobby = LobbyCache(store.read, 50, ttl=1.0, stale_limit=10.0, clock=clock)
    first = await lobby.page()
    assert first.body == b'[{"id":"a","updated_at":2},{"id":"b","updated_at":1}]'
    clock.now += 0.9
    assert await lobby.page() is first and store.reads == 1
    store.entries = [entry("c", 3)]
    clock.now += 0.2  # expired: the old page once more, the new one read meanwhile
    store.gate = asyncio.Event()
    assert await lobby.page() is first
    await asyncio.sleep(0)  # the read starts (and waits at the gate)
    assert await lobby.page() is first and store.reads == 2  # one read, not one per request
    store.gate.set()
    await asyncio.sleep(0)
    await asyncio.sleep(0)
    assert [e["id"] for e in (await lobby.page()).entries] == ["c"]
    assert store.reads == 2


@pytest.mark.asyncio
async def test_changes_made_here_are_patched_in_at_once() -> None:
    store = FakeStore([entry("a", 5), entry("b", 3), entry("c", 1)])
    lobby = LobbyCache(store.read, 3, clock=Clock())
    await lobby.page()
    lobby.put(entry("new", 9))          # created: first, and the page keeps its size
    lobby.put({**entry("b", 3), "status": "playing"})  # a seat taken: in place
    lobby.drop("a")                     # over
    page = await lobby.page()
    assert list(page.entries) == [entry("new", 9), {**entry("b", 3), "status": "playing"}]
    assert store.reads == 1


@pytest.mark.asyncio
async def test_a_change_made_while_the_store_is_read_is_not_lost() -> None:
    store, clock = FakeStore([entry("a", 5), entry("over", 4)]), Clock()
    lobby = LobbyCache(store.read, 50, ttl=1.0, clock=clock)
    await lobby.page()
    clock.now += 1.5
    store.gate = asyncio.Event()
    await lobby.page()                   # starts a read of the store (it still has "over")
    lobby.drop("over")
    lobby.put(entry("new", 6))
    store.gate.set()
    while store.reads < 2 or lobby._task is not None:
        await asyncio.sleep(0)
    assert [e["id"] for e in (await lobby.page()).entries] == ["new", "a"]


@pytest.mark.asyncio
async def test_a_page_too_old_is_not_served_while_the_store_fails(
        caplog: pytest.LogCaptureFixture) -> None:
    store, clock = FakeStore([entry("a", 1)]), Clock()
    lobby = LobbyCache(store.read, 50, ttl=1.0, stale_limit=10.0, clock=clock)
    first = await lobby.page()
    store.fail = True
    clock.now += 2  # expired, not too old: served, and the failed read logged
    assert await lobby.page() is first
    while "lobby: cannot read the page" not in caplog.text:  # the failed read, logged
        await asyncio.sleep(0)
    assert lobby._task is None
    clock.now += 9
    with pytest.raises(RuleError) as refused:
        await lobby.page()
    assert refused.value.code == "store_unavailable"


def test_the_stores_lobby_query_matches_one_sorted_query(tmp_path: Path) -> None:
    """Per-status index walks, merged, give exactly the single query's rows (ties included)."""
    store = Store(f"sqlite:///{tmp_path}/lobby.db")
    store.migrate()
    info = new_table_info("topword", None, [SeatSpec.human("A"), SeatSpec.human()], 1, None,
                          lambda: 1_700_000_000.0)
    store.create_table(info, {0: "t"})
    with store.engine.connect() as conn:
        template = dict(conn.execute(select(TABLES)).one()._mapping)
    rng = random.Random(5)
    rows = [{**template, "id": f"t{i:04d}", "status": rng.choice(
        ["waiting", "playing", "over", "broken"]), "updated_at": rng.randrange(40)}
        for i in range(600)]
    with store.engine.begin() as conn:
        conn.execute(insert(TABLES), rows)
    expected = sorted((r for r in [*rows, {**template}] if r["status"] in LIVE_STATUSES),
                      key=lambda r: (-r["updated_at"], r["id"]))[:50]
    got = store.list_tables(LIVE_STATUSES, 50)
    assert [(t.id, t.updated_at) for t in got] == [(r["id"], r["updated_at"]) for r in expected]
    store.close()
