"""Table life across two real ``ludomots serve`` processes on one PostgreSQL and one Redis
(issue 19): a chat line written through one process reaches the other's pages and is in the
welcome of a page that connects there later; a resignation and a rematch reach them too."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import ClientConnection, connect

from tests.server.processes import ServerProcess, post, start_servers
from tests.table.services import RedisServer


@pytest.fixture
def two(pg_url: str, redis_server: RedisServer, tmp_path: Path) -> Iterator[list[ServerProcess]]:
    servers = start_servers(2, pg_url, redis_server.url, tmp_path)
    yield servers
    for server in servers:
        server.stop()


def _open(server: ServerProcess, table_id: str, token: str | None
          ) -> tuple[ClientConnection, dict[str, Any]]:
    socket = connect(f"{server.ws}/ws/tables/{table_id}", open_timeout=10, legacy=True)
    socket.send(json.dumps({"type": "hello", "token": token} if token else {"type": "hello"}))
    return socket, _until(socket, lambda m: m["type"] == "welcome")


def _until(socket: ClientConnection, wanted: Callable[[dict[str, Any]], bool]
           ) -> dict[str, Any]:
    while True:
        message: dict[str, Any] = json.loads(socket.recv(timeout=15))
        if wanted(message):
            return message


def test_chat_resign_and_rematch_cross_processes(two: list[ServerProcess]) -> None:
    a, b = two
    created = post(a.url, "/api/tables", {"game": "typo", "name": "Alice"})
    table_id = created["table"]
    bob = post(b.url, f"/api/tables/{table_id}/join", {"name": "Bob"})
    alice_socket, _ = _open(a, table_id, created["token"])
    bob_socket, _ = _open(b, table_id, bob["token"])
    alice_socket.send(json.dumps({"type": "chat", "text": "Salut Bob"}))
    line = _until(bob_socket, lambda m: m["type"] == "chat")
    assert (line["seat"], line["name"], line["text"]) == (0, "Alice", "Salut Bob")
    watcher, welcome = _open(b, table_id, None)
    assert [(c["name"], c["text"]) for c in welcome["chat"]] == [("Alice", "Salut Bob")]
    bob_socket.send(json.dumps({"type": "resign"}))
    over = _until(alice_socket, lambda m: m["type"] == "update" and
                  m["view"]["table"]["status"] == "over")
    assert over["view"]["table"]["result"]["winners"] == [0]
    rematch = post(a.url, f"/api/tables/{table_id}/rematch", {"token": created["token"]})
    for socket in (bob_socket, watcher):
        event = _until(socket, lambda m: m["type"] == "rematch")
        assert event["table"] == rematch["table"] and event["url"] == rematch["url"]
    again = post(b.url, f"/api/tables/{table_id}/rematch", {"token": bob["token"]})
    assert again["table"] == rematch["table"] and again["seat"] == 1
    for socket in (alice_socket, bob_socket, watcher):
        socket.close()
