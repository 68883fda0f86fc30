"""Time controls over HTTP and WebSocket (issue 19): the creator's choice at creation, the
rulebook's clock as the default, expelling a player out of time, and timeouts shown as
timeouts in every game's journal (the view's logs) and replay. SQLite, or PostgreSQL with
LUDOMOTS_TEST_DB. Time is injected: the app's manager runs on a ``FakeTime`` and its clock
loop is ticked by hand."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from starlette.testclient import TestClient

from tests.server.helpers import Socket
from tests.table.conftest import FakeTime


def _timed(client_factory: Callable[..., TestClient], now: FakeTime) -> TestClient:
    return client_factory(run_clocks=False, manager_options={"now": now})


def _tick(client: TestClient) -> int:
    fired: int = client.portal.call(client.app.state.manager.tick)  # type: ignore[union-attr]
    return fired


def _create(client: TestClient, game: str = "topword", **clock: Any) -> dict[str, Any]:
    body: dict[str, Any] = {"game": game, "options": {}, "name": "Alice",
                            "seats": [{"kind": "human"}, {"kind": "human"}], **clock}
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    return created


def _join(client: TestClient, table_id: str, name: str = "Bob") -> str:
    joined = client.post(f"/api/tables/{table_id}/join", json={"name": name})
    assert joined.status_code == 200, joined.text
    token: str = joined.json()["token"]
    return token


# ---- creation -----------------------------------------------------------------------------------


@pytest.mark.parametrize(("clock", "stored"), [
    ({"mode": "fischer", "bank_seconds": 600, "increment_seconds": 5},
     {"mode": "fischer", "seconds_per_move": 0, "bank_seconds": 600, "increment_seconds": 5}),
    ({"mode": "move", "seconds_per_move": 90}, {"mode": "move", "seconds_per_move": 90}),
    ({"mode": "turn", "days": 3}, {"mode": "turn", "seconds_per_move": 0, "days": 3}),
    ({"mode": "none"}, {"mode": "none", "seconds_per_move": 0}),
])
def test_the_creator_chooses_the_time_control(client: TestClient, clock: dict[str, Any],
                                              stored: dict[str, Any]) -> None:
    created = _create(client, clock=clock)
    info = client.get(f"/api/tables/{created['table']}").json()
    assert info["clock"] == stored


def test_without_a_choice_the_table_gets_the_rulebooks_clock(client: TestClient) -> None:
    volapuk = _create(client, "volapuk")
    assert client.get(f"/api/tables/{volapuk['table']}").json()["clock"] == {
        "mode": "move", "seconds_per_move": 180}  # « le minuteur … pour 3 minutes »
    topword = _create(client, "topword")
    assert client.get(f"/api/tables/{topword['table']}").json()["clock"] == {
        "mode": "fischer", "seconds_per_move": 0, "bank_seconds": 900, "increment_seconds": 15}
    legacy = _create(client, seconds_per_move=45)  # the older field still reads
    assert client.get(f"/api/tables/{legacy['table']}").json()["clock"] == {
        "mode": "move", "seconds_per_move": 45}


@pytest.mark.parametrize(("clock", "words"), [
    ({"mode": "fischer", "bank_seconds": 5, "increment_seconds": 5}, "réserve de 1 minute"),
    ({"mode": "turn", "days": 7}, "1, 2 ou 3 jours"),
    ({"mode": "move", "seconds_per_move": "90"}, "nombres entiers"),
    ({"mode": "sablier"}, "Cadence inconnue"),
    ("fischer", "objet JSON"),
])
def test_a_time_control_out_of_bounds_is_refused_in_french(client: TestClient, clock: object,
                                                           words: str) -> None:
    response = client.post("/api/tables", json={
        "game": "topword", "options": {}, "name": "Alice",
        "seats": [{"kind": "human"}, {"kind": "human"}], "clock": clock})
    assert response.status_code == 400
    assert response.json()["error"] == "bad_clock" and words in response.json()["message"]
    assert client.get("/api/tables").json() == []  # nothing was created


# ---- expel over the socket ----------------------------------------------------------------------


def test_expel_over_the_socket(client_factory: Callable[..., TestClient]) -> None:
    now = FakeTime()
    client = _timed(client_factory, now)
    created = _create(client, clock={"mode": "move", "seconds_per_move": 30})
    table_id = created["table"]
    bob_token = _join(client, table_id)
    sockets = {0: Socket(client, table_id, created["token"]),
               1: Socket(client, table_id, bob_token)}
    watcher = Socket(client, table_id)
    first = sockets[0].view["table"]["to_act"][0]  # the server's secret seed chose
    late = 1 - first
    mover, slow = sockets[first], sockets[late]
    mover.send({"type": "expel", "seat": late})
    refused = mover.until(lambda m: m["type"] == "error")
    assert refused["code"] == "not_out_of_time"
    name = ["Alice", "Bob"][late]
    assert refused["message"] == (f"{name} a encore du temps : on ne peut l’expulser qu’une "
                                  "fois son temps écoulé.")
    mover.send({"type": "action", "action": {"type": "pass", "exchange": None}})
    mover.until(lambda m: m["type"] == "update" and m["view"]["table"]["to_act"] == [late])
    now.advance(30)
    assert _tick(client) == 1  # the slow seat's turn passes by the clock
    update = mover.until(lambda m: m["type"] == "update" and
                         m["view"]["table"]["to_act"] == [first])
    assert update["view"]["table"]["clock"]["out_of_time"] == [late]
    watcher.send({"type": "expel", "seat": late})
    assert watcher.until(lambda m: m["type"] == "error")["code"] == "spectator"
    mover.send({"type": "expel", "seat": late})
    for socket in (mover, slow, watcher):
        over = socket.until(lambda m: m["type"] == "update" and
                            m["view"]["table"]["status"] == "over")
        table = over["view"]["table"]
        assert [e["type"] for e in over["events"]] == ["expelled"]
        assert table["result"]["winners"] == [first] and table["result"]["reason"] == "expel"
        assert table["seats"][late]["departed"] == "expel"
    slow.send({"type": "action", "action": {"type": "pass", "exchange": None}})
    assert "expulsé" in slow.until(lambda m: m["type"] == "error")["message"]
    replay = client.get(f"/api/tables/{table_id}/replay").json()
    assert [s["timeout"] for s in replay["steps"]] == [False, False, True]
    assert [(d["seat"], d["reason"]) for d in replay["departures"]] == [(late, "expel")]
    assert replay["steps"][2]["view"]["history"] == [
        {"type": "pass", "seat": late, "exchanged": False, "timeout": True}]
    for socket in (mover, slow, watcher):
        socket.close()


# ---- timeouts in every game's journal -----------------------------------------------------------


@pytest.mark.parametrize("game", ["topword", "volapuk", "vocabulon", "awalettres", "typo"])
def test_a_timeout_shows_as_a_timeout_in_every_games_journal(
        client_factory: Callable[..., TestClient], game: str) -> None:
    """The move a timeout played is marked in the game's log (``"timeout": true``, which
    every game's journal renders « … : temps écoulé »), and the live update carries the
    ``timeout`` event before the move's own (Typo's journal, built from events)."""
    now = FakeTime()
    client = _timed(client_factory, now)
    # 20 s: sooner than any of the rules' own limits at the start of these games, so the
    # table's clock is what runs out (the seats are then out of time).
    created = _create(client, game, clock={"mode": "move", "seconds_per_move": 20})
    table_id = created["table"]
    _join(client, table_id)
    watcher = Socket(client, table_id)
    to_act = watcher.view["table"]["to_act"]
    logs = client.app.state.manager.live_table(table_id).game.view_logs  # type: ignore
    for key in logs:
        assert not any(e.get("timeout") for e in watcher.view["game"][key])
    now.advance(20)
    assert _tick(client) == len(to_act)
    update = watcher.until(lambda m: m["type"] == "update" and
                           m["view"]["table"]["actions"] == len(to_act))
    timeouts = [e for e in update["events"] if e["type"] == "timeout"]
    assert [e["data"]["seat"] for e in timeouts] == [to_act[-1]]
    watcher.close()
    again = Socket(client, table_id)  # a welcome: the whole logs, marks included
    marked = [e for key in logs for e in again.view["game"][key] if e.get("timeout")]
    if logs:
        assert marked and {e["seat"] for e in marked} == set(to_act)
    assert again.view["table"]["clock"]["out_of_time"] == to_act
    again.close()
