"""A rated Topword game across two real ``ludomots serve`` processes on PostgreSQL + Redis:
the two accounts are on different processes, the game is rated exactly once, and two more
processes finishing the same table afterwards change nothing."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import func, select

from ludomots.accounts.db import AccountDb
from ludomots.accounts.results import Results
from ludomots.accounts.schema import FINISHED_TABLES, RATING_HISTORY
from ludomots.table.store import Store
from tests.accounts.processes import finish_in_processes
from tests.server.processes import Player, ServerProcess, running_servers, signed_up
from tests.server.test_scaleout import _play_one
from tests.table.services import RedisServer


@pytest.fixture
def servers(pg_url: str, redis_server: RedisServer,
            tmp_path: Path) -> Iterator[list[ServerProcess]]:
    with running_servers(2, pg_url, redis_server.url, tmp_path) as started:
        yield started


def _rating(client: httpx.Client, name: str) -> dict[str, Any] | None:
    entry: dict[str, Any] | None = client.get(f"/api/players/{name}").json()[
        "ratings"].get("topword")
    return entry


def test_a_rated_game_across_two_processes_is_rated_exactly_once(
        servers: list[ServerProcess], pg_url: str) -> None:
    a, b = servers
    alice, bruno = signed_up(a.url, "Alice"), signed_up(b.url, "Bruno")
    created = alice.post("/api/tables", json={"game": "topword", "rated": True}).json()
    table_id = created["table"]
    joined = bruno.post(f"/api/tables/{table_id}/join", json={}).json()
    players = {0: Player(table_id, created["token"], [a.ws]),
               1: Player(table_id, joined["token"], [b.ws])}
    watchers = [Player(table_id, None, [a.ws])]
    for _ in range(400):
        if not _play_one(players, watchers):
            break
    assert watchers[0].view["table"]["status"] == "over"
    # The process that stored the last action stores the ratings in the background: wait
    # until either process shows them (bounded: the event is the ratings appearing).
    deadline = time.monotonic() + 60
    while _rating(alice, "Alice") is None or _rating(bruno, "Bruno") is None:
        assert time.monotonic() < deadline, "the ratings never appeared"
        time.sleep(0.1)
    for client in (alice, bruno):  # both processes read the same, once-rated game
        ratings = [_rating(client, name) for name in ("Alice", "Bruno")]
        assert [r["games"] for r in ratings if r] == [1, 1]
        assert sum(r["rating"] for r in ratings if r) == 3000
    # Two more processes finishing the same table (a sweep, a retry) change nothing.
    assert finish_in_processes(pg_url, [table_id, table_id]) == [False, False]
    store = Store(pg_url)
    try:
        db = AccountDb(store)
        assert Results(db).unfinished() == []
        with db.tx() as conn:
            assert conn.execute(select(func.count()).select_from(FINISHED_TABLES)).scalar() == 1
            assert conn.execute(select(func.count()).select_from(RATING_HISTORY)).scalar() == 2
    finally:
        store.close()
    assert [_rating(alice, n)["games"] for n in ("Alice", "Bruno")] == [1, 1]  # type: ignore
    for player in [*players.values(), *watchers]:
        player.close()
