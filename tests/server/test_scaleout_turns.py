"""« Your turn » and « game over » on ``/ws/me`` across two real ``ludomots serve`` processes
on PostgreSQL + Redis: each player's page is on one process, the action that gives them the
turn is stored by the other, and the notice crosses over the bus, once."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import ClientConnection, connect
from websockets.typing import Origin

from tests.server.processes import Player, ServerProcess, running_servers, signed_up
from tests.table.services import RedisServer

PASS = {"type": "action", "action": {"type": "pass", "exchange": None}}


@pytest.fixture
def servers(pg_url: str, redis_server: RedisServer,
            tmp_path: Path) -> Iterator[list[ServerProcess]]:
    with running_servers(2, pg_url, redis_server.url, tmp_path) as started:
        yield started


def _page(server: ServerProcess, client: httpx.Client) -> ClientConnection:
    """The account's /ws/me on that process, once welcomed."""
    page = connect(f"{server.ws}/ws/me", open_timeout=10, legacy=True,
                   origin=Origin(server.url),
                   additional_headers={"Cookie": f"ludomots_session="
                                                 f"{client.cookies['ludomots_session']}"})
    assert json.loads(page.recv(timeout=10))["type"] == "welcome"
    return page


def _next(page: ClientConnection) -> dict[str, Any]:
    message: dict[str, Any] = json.loads(page.recv(timeout=20))
    return message


def _notice(kind: str, table: str, seat: int) -> dict[str, Any]:
    return {"type": kind, "table": table, "game": "topword", "title": "Topword",
            "url": f"/table/{table}", "seat": seat}


def test_turns_and_the_end_reach_a_page_on_the_other_process(
        servers: list[ServerProcess]) -> None:
    a, b = servers
    # Alice plays and reads her page through process A, Bruno through B.
    alice, bruno = signed_up(a.url, "Alice"), signed_up(b.url, "Bruno")
    pages = {0: _page(a, alice), 1: _page(b, bruno)}
    created = alice.post("/api/tables", json={"game": "topword"}).json()
    table = created["table"]
    joined = bruno.post(f"/api/tables/{table}/join", json={}).json()
    players = {0: Player(table, created["token"], [a.ws]),
               1: Player(table, joined["token"], [b.ws])}
    try:
        first = players[0].view["table"]["to_act"][0]
        second = 1 - first
        if first == 0:  # Alice's seat was linked before the game started: she is told
            assert _next(pages[0]) == _notice("turn", table, 0)
        # (Bruno's start notice races his seat's link, docs/protocol.md: read below if any.)
        players[first].send(PASS)  # stored by the first player's process ...
        players[first].until_actions(1)
        # ... heard on the other player's page, on the other process.
        assert _next(pages[second]) == _notice("turn", table, second)
        players[second].send({"type": "resign"})  # the game ends on the second's process
        for seat, page in pages.items():
            message = _next(page)
            if seat == 1 and first == 1 and message["type"] == "turn":
                message = _next(page)  # Bruno's start notice, if it came after all
            assert message == _notice("table_over", table, seat)
    finally:
        for player in players.values():
            player.close()
        for page in pages.values():
            page.close()
