"""The app's lifespan (app.py): what a start does before it serves, and what it leaves."""

from __future__ import annotations

from collections.abc import Callable

from starlette.testclient import TestClient

from ludomots.table.manager import TableManager
from tests.server.helpers import create


async def _resumed(manager: TableManager) -> int:
    """How many games the start resumes (it runs in the background; here awaited)."""
    return await manager.resume()


def test_a_restart_serves_at_once_and_never_replays_the_tables_waiting_for_players(
        client_factory: Callable[..., TestClient]) -> None:
    first = client_factory()
    waiting = [create(first)["table"] for _ in range(5)]
    playing = create(first, seats=[{"kind": "human"},
                                   {"kind": "bot", "level": "debutant"}])["table"]
    second = client_factory()  # a restart: a second app on the same database
    manager = second.app.state.manager  # type: ignore[attr-defined]
    # Abandoned waiting tables cost nothing at start: not one was replayed.
    assert [t for t in waiting if manager.live_table(t) is not None] == []
    assert second.portal.call(_resumed, manager) == 1  # the game being played
    assert manager.live_table(playing) is not None
    info = second.get(f"/api/tables/{waiting[0]}").json()
    assert info["status"] == "waiting"
    assert second.post(f"/api/tables/{waiting[0]}/join", json={"name": "Bruno"}).json()[
        "seat"] == 1
