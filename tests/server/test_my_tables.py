"""« Mes parties » for guests (issue 19): ``POST /api/my-tables`` with the seat tokens a browser
kept gives, for each token that proves a seat at a live table, the table's public info, the
seat and whose turn it is; nothing hidden, and nothing about a token but its own seat.
SQLite, or PostgreSQL with LUDOMOTS_TEST_DB=postgresql."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from starlette.testclient import TestClient

from ludomots.server.settings import ServerSettings
from tests.server.helpers import TEST_SETTINGS, Socket, create, keys_in, letters_lists, two_humans

ENTRY_KEYS = {"id", "game", "options", "seats", "status", "clock", "created_at", "updated_at",
              "resign", "departures", "rematch_of", "rematch", "seat", "url", "to_act",
              "my_turn"}


def _mine(client: TestClient, seats: list[dict[str, str]]) -> list[dict[str, Any]]:
    response = client.post("/api/my-tables", json={"seats": seats})
    assert response.status_code == 200, response.text
    games: list[dict[str, Any]] = response.json()["games"]
    return games


def test_each_token_gives_its_table_its_seat_and_whose_turn_it_is(client: TestClient) -> None:
    playing, tokens = two_humans(client)
    to_act = Socket(client, playing).view["table"]["to_act"]
    assert len(to_act) == 1
    waiting = create(client)
    seats = [{"table": playing, "token": tokens[0]}, {"table": waiting["table"],
                                                      "token": waiting["token"]}]
    games = {g["id"]: g for g in _mine(client, seats)}
    assert set(games) == {playing, waiting["table"]}
    alice = games[playing]
    assert alice["seat"] == 0 and alice["status"] == "playing" and alice["game"] == "topword"
    assert alice["url"] == f"/table/{playing}"
    assert alice["to_act"] == to_act and alice["my_turn"] == (to_act == [0])
    assert [s["name"] for s in alice["seats"]] == ["Alice", "Bob"]
    bob = _mine(client, [{"table": playing, "token": tokens[1]}])
    assert len(bob) == 1 and bob[0]["seat"] == 1 and bob[0]["my_turn"] == (to_act == [1])
    assert alice["my_turn"] != bob[0]["my_turn"]  # one of them is to play
    mine = games[waiting["table"]]
    assert mine["status"] == "waiting" and mine["to_act"] == [] and mine["my_turn"] is False
    assert [s["open"] for s in mine["seats"]] == [False, True]


def test_a_token_that_proves_nothing_is_silently_left_out(client: TestClient) -> None:
    playing, tokens = two_humans(client)
    other = create(client)
    seats = [
        {"table": playing, "token": other["token"]},  # a real token, of another table
        {"table": other["table"], "token": "x" * 32},  # a made-up token
        {"table": "nulle-part", "token": tokens[0]},  # no such table
        {"table": other["table"], "token": other["token"]},
    ]
    assert [g["id"] for g in _mine(client, seats)] == [other["table"]]
    assert _mine(client, []) == []


def test_finished_tables_are_not_listed(client: TestClient) -> None:
    table_id, tokens = two_humans(client)
    bob = Socket(client, table_id, tokens[1])
    bob.send({"type": "resign"})
    bob.until(lambda m: m["type"] == "update" and m["view"]["table"]["status"] == "over")
    assert _mine(client, [{"table": table_id, "token": tokens[0]}]) == []


def test_the_answer_holds_nothing_hidden(client: TestClient) -> None:
    """No rack (no list of letters anywhere), no seed, no token, no key beyond the public
    table info, the seat and whose turn it is."""
    table_id, tokens = two_humans(client)
    sockets = [Socket(client, table_id, tokens[seat]) for seat in (0, 1)]
    racks = [s.view["game"]["rack"] for s in sockets]
    assert all(len(rack) == 7 for rack in racks)
    response = client.post("/api/my-tables", json={"seats": [
        {"table": table_id, "token": tokens[0]}]})
    payload = response.json()
    entry = payload["games"][0]
    assert set(entry) == ENTRY_KEYS
    assert keys_in(entry["seats"]) == {"name", "kind", "level", "seat", "open", "departed"}
    assert letters_lists(payload) == []
    assert "rack" not in keys_in(payload) and "seed" not in keys_in(payload)
    seed = client.app.state.manager.store.load_info(table_id).seed  # type: ignore[attr-defined]
    assert str(seed) not in response.text
    assert tokens[0] not in response.text and tokens[1] not in response.text


def test_a_bad_list_is_refused_in_french(client: TestClient) -> None:
    message = "Les places doivent être une liste d’au plus 50 objets {\"table\", \"token\"}."
    for body in ({"seats": "abc"}, {"seats": [{"table": "t"}]},
                 {"seats": [{"table": "t", "token": "x"}] * 51},
                 {"seats": [{"table": "t" * 33, "token": "x"}]}):
        response = client.post("/api/my-tables", json=body)
        assert response.status_code == 400
        assert response.json() == {"error": "bad_seats", "message": message}


def test_it_is_limited_per_address_like_creations_and_joins(
        client_factory: Callable[..., TestClient]) -> None:
    settings: ServerSettings = replace(TEST_SETTINGS, http_rate_limit=3, http_rate_window=3600)
    client = client_factory(settings=settings)
    for _ in range(3):
        assert client.post("/api/my-tables", json={"seats": []}).status_code == 200
    refused = client.post("/api/my-tables", json={"seats": []})
    assert refused.status_code == 429
    assert refused.json()["error"] == "rate_limited"
