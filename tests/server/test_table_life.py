"""Table life over HTTP and WebSocket (issue 19): chat kept with the table and sent in the
welcome, resign, rematch and its event. SQLite, or PostgreSQL with LUDOMOTS_TEST_DB."""

from __future__ import annotations

from collections.abc import Callable

from starlette.testclient import TestClient

from tests.server.helpers import Socket, create, two_humans


def _chat_of(socket: Socket) -> list[dict[str, object]]:
    return [{k: line[k] for k in ("seat", "name", "text")} for line in socket.welcome["chat"]]


def test_chat_lines_are_kept_and_come_in_the_welcome_after_a_restart(
        client_factory: Callable[..., TestClient], db_url: str) -> None:
    first = client_factory()
    table_id, tokens = two_humans(first)
    alice = Socket(first, table_id, tokens[0])
    assert alice.welcome["chat"] == []
    alice.send({"type": "chat", "text": "Bonne partie !"})
    line = alice.until(lambda m: m["type"] == "chat")
    assert line["seat"] == 0 and line["name"] == "Alice" and line["text"] == "Bonne partie !"
    assert isinstance(line["at"], int) and line["at"] > 0
    alice.close()
    second = client_factory(db_url)  # another server on the same database: a restart
    bob = Socket(second, table_id, tokens[1])
    watcher = Socket(second, table_id)
    expected = [{"seat": 0, "name": "Alice", "text": "Bonne partie !"}]
    assert _chat_of(bob) == expected
    assert _chat_of(watcher) == expected  # spectators read the players' chat
    assert set(bob.welcome["chat"][0]) == {"id", "seat", "name", "text", "at"}
    bob.close()
    watcher.close()


def test_the_welcome_holds_the_last_200_lines(client_factory: Callable[..., TestClient]
                                              ) -> None:
    client = client_factory()
    table_id, tokens = two_humans(client)
    store = client.app.state.manager.store  # type: ignore[attr-defined]
    for i in range(203):
        store.add_chat(table_id, i % 2, "Alice" if i % 2 == 0 else "Bob", f"ligne {i}")
    socket = Socket(client, table_id)
    chat = socket.welcome["chat"]
    assert len(chat) == 200 and chat[0]["text"] == "ligne 3" and chat[-1]["text"] == "ligne 202"
    socket.close()


def test_a_refused_chat_line_is_not_kept(client: TestClient) -> None:
    table_id, tokens = two_humans(client)
    bob = Socket(client, table_id, tokens[1])
    bob.send({"type": "chat", "text": "x" * 301})
    assert bob.until(lambda m: m["type"] == "error")["code"] == "chat_too_long"
    bob.close()
    assert Socket(client, table_id).welcome["chat"] == []


def test_resign_over_the_socket_ends_a_two_player_game(client: TestClient) -> None:
    table_id, tokens = two_humans(client)
    alice, bob = Socket(client, table_id, tokens[0]), Socket(client, table_id, tokens[1])
    watcher = Socket(client, table_id)
    bob.send({"type": "resign"})
    for socket in (alice, bob, watcher):
        update = socket.until(lambda m: m["type"] == "update" and
                              m["view"]["table"]["status"] == "over")
        table = update["view"]["table"]
        assert table["result"]["winners"] == [0] and table["result"]["reason"] == "resign"
        assert table["departures"][0]["seat"] == 1
        assert [e["type"] for e in update["events"]] == ["resigned"]
    assert client.get("/api/tables").json() == []  # gone from the running tables
    bob.send({"type": "resign"})
    assert bob.until(lambda m: m["type"] == "error")["code"] == "resigned"
    watcher.send({"type": "resign"})
    assert watcher.until(lambda m: m["type"] == "error")["code"] == "spectator"
    # Bob still writes in the chat after resigning.
    bob.send({"type": "chat", "text": "Bien joué"})
    assert alice.until(lambda m: m["type"] == "chat")["name"] == "Bob"
    record = client.get(f"/api/tables/{table_id}/record")
    assert record.status_code == 200
    # The replay carries the chat (its viewer shows it beside the moves, on demand) and when
    # each action was stored, to place the lines between the steps.
    replay = client.get(f"/api/tables/{table_id}/replay").json()
    assert [(c["seat"], c["name"], c["text"]) for c in replay["chat"]] == [(1, "Bob", "Bien joué")]
    assert replay["times"] == [] and len(replay["steps"]) == 1
    assert [s["name"] for s in replay["seats"]] == ["Alice", "Bob"]
    for socket in (alice, bob, watcher):
        socket.close()


def test_at_three_players_a_resigned_seat_goes_to_the_chosen_bot(client: TestClient) -> None:
    created = create(client, seats=[{"kind": "human"}, {"kind": "human"}, {"kind": "bot",
                                                                         "level": "debutant"}],
                     options={"referee": "auto"})
    table_id = created["table"]
    bob = client.post(f"/api/tables/{table_id}/join", json={"name": "Bob"}).json()
    info = client.get(f"/api/tables/{table_id}").json()
    assert info["resign"] == {"mode": "bot", "level": "confirme"}
    bob_socket = Socket(client, table_id, bob["token"])
    assert bob_socket.welcome["view"]["game"]["rack"] is not None
    bob_socket.send({"type": "resign"})
    update = bob_socket.until(lambda m: m["type"] == "update" and
                              m["view"]["table"]["departures"] != [])
    assert update["view"]["table"]["seats"][1]["kind"] == "bot"
    assert update["view"]["table"]["seats"][1]["level"] == "confirme"
    assert update["view"]["table"]["you"] is None
    assert update["view"]["table"]["acted"] is None  # nor how much the bot has played
    assert update["view"]["game"]["rack"] is None  # the bot's rack is not Bob's to see
    bob_socket.close()
    # A reload whose hello comes after the grace period (as on a loaded machine): first the
    # spectator's welcome, then the hello's, which says the seat was left. Waiting for the
    # spectator's welcome first makes the order of the two welcomes the same on every run.
    again = Socket(client, table_id, hello=False)
    watching = again.until(lambda m: m["type"] == "welcome")
    assert watching["seat"] is None and watching["view"]["table"]["left"] is None
    again.send({"type": "hello", "token": bob["token"]})
    welcome = again.until(lambda m: m["type"] == "welcome")
    assert welcome["seat"] is None and welcome["view"]["game"]["rack"] is None
    assert welcome["view"]["table"]["left"] == 1
    again.close()


def test_the_creator_chooses_what_a_resignation_does(client: TestClient) -> None:
    body = {"game": "topword", "name": "Alice", "seats": [{"kind": "human"}] * 3}
    for resign, expected in (({"mode": "score"}, {"mode": "score", "level": None}),
                             ({"mode": "bot", "level": "expert"},
                              {"mode": "bot", "level": "expert"})):
        created = client.post("/api/tables", json=dict(body, resign=resign)).json()
        assert client.get(f"/api/tables/{created['table']}").json()["resign"] == expected
    for resign, code in (({"mode": "quit"}, "bad_resign"), ("score", "bad_resign"),
                         ({"mode": "bot", "level": "champion"}, "unknown_level")):
        refused = client.post("/api/tables", json=dict(body, resign=resign))
        assert refused.status_code == 400 and refused.json()["error"] == code, resign


def test_rematch_makes_one_new_table_and_tells_every_connection(client: TestClient) -> None:
    created = create(client, seats=[{"kind": "human"}, {"kind": "human"},
                                    {"kind": "bot", "level": "expert"}],
                     options={"referee": "auto"})
    table_id = created["table"]
    bob = client.post(f"/api/tables/{table_id}/join", json={"name": "Bob"}).json()
    alice = Socket(client, table_id, created["token"])
    watcher = Socket(client, table_id)
    early = client.post(f"/api/tables/{table_id}/rematch", json={"token": created["token"]})
    assert early.status_code == 409 and early.json()["error"] == "rematch_unavailable"
    alice.send({"type": "resign"})
    alice.until(lambda m: m["type"] == "update" and m["view"]["table"]["departures"] != [])
    bob_socket = Socket(client, table_id, bob["token"])
    bob_socket.send({"type": "resign"})  # no human left: the table ends
    bob_socket.until(lambda m: m["type"] == "update" and
                     m["view"]["table"]["status"] == "over")
    answer = client.post(f"/api/tables/{table_id}/rematch", json={"token": bob["token"]})
    assert answer.status_code == 201
    new = answer.json()
    assert new["seat"] == 1 and new["url"] == f"/table/{new['table']}"
    for socket in (alice, watcher, bob_socket):
        event = socket.until(lambda m: m["type"] == "rematch")
        assert event == {"type": "rematch", "table": new["table"], "url": new["url"],
                         "seat": 1, "name": "Bob"}
    second = client.post(f"/api/tables/{table_id}/rematch",
                         json={"token": created["token"]}).json()
    assert second["table"] == new["table"] and second["seat"] == 0
    info = client.get(f"/api/tables/{new['table']}").json()
    assert [(s["kind"], s["level"], s["name"]) for s in info["seats"]] == [
        ("human", None, "Alice"), ("human", None, "Bob"), ("bot", "expert", "Robot Expert")]
    assert info["status"] == "playing" and info["options"]["referee"] == "auto"
    assert info["rematch_of"] == table_id
    assert client.get(f"/api/tables/{table_id}").json()["rematch"] == new["table"]
    bad = client.post(f"/api/tables/{table_id}/rematch", json={"token": "nope"})
    assert bad.status_code == 400 and bad.json()["error"] == "bad_token"
    for socket in (alice, watcher, bob_socket):
        socket.close()
