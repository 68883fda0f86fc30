"""Stale waiting tables over HTTP (issue 19): the delay is a server setting
(``ServerSettings.stale_waiting_hours``, ``serve --stale-hours``); a closed table leaves the
lobby and refuses a join in French. The manager's clock is injected; the sweep is called."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace

from starlette.testclient import TestClient

from tests.server.helpers import TEST_SETTINGS, create
from tests.table.conftest import FakeTime


def test_a_waiting_table_closes_after_the_server_s_delay_and_refuses_a_join(
        client_factory: Callable[..., TestClient]) -> None:
    clock = FakeTime(time.time())  # the store stamps with the real clock; the sweep reads this
    client = client_factory(settings=replace(TEST_SETTINGS, stale_waiting_hours=2),
                            manager_options={"now": clock})
    manager = client.app.state.manager  # type: ignore[attr-defined]
    table_id = create(client)["table"]
    clock.t = time.time() + 3600
    assert client.portal.call(manager.close_stale) == []  # type: ignore[union-attr]
    assert [t["id"] for t in client.get("/api/tables").json()] == [table_id]
    clock.advance(3601)
    assert client.portal.call(manager.close_stale) == [table_id]  # type: ignore[union-attr]
    assert client.get("/api/tables").json() == []
    assert client.get(f"/api/tables/{table_id}").json()["status"] == "closed"
    joined = client.post(f"/api/tables/{table_id}/join", json={"name": "Bob"})
    assert joined.status_code == 409
    assert joined.json() == {"error": "table_closed", "message": (
        "Cette table a été fermée : personne n’y est venu depuis trop longtemps. "
        "Créez-en une nouvelle.")}
