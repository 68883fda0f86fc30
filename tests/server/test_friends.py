"""Friends over HTTP and the personal socket: follow, who is online, invitations."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from tests.server.accounts_kit import (
    TEST_ACCOUNTS,
    Player,
    create_table,
    gops_registered,  # noqa: F401  (fixture)
    refusal,
    sign_up,
)


@pytest.fixture
def client(client_factory: Callable[..., TestClient]) -> TestClient:
    # Test players act far faster than people: no limit on actions per second.
    return client_factory(account_settings=TEST_ACCOUNTS, manager_options={"rate_limit": 0})


def _json(session: Any) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(session.receive_text())
    return data


def test_following_and_unfollowing(client: TestClient) -> None:
    alice, bruno = sign_up(client, "Alice"), sign_up(client, "Bruno")
    assert refusal(Player(client, "x").post("/api/follows", {"name": "Bruno"})) == (
        401, "login_required", "Connectez-vous pour suivre un joueur.")
    assert refusal(alice.post("/api/follows", {"name": "Zoé"})) == (
        404, "unknown_player", "Aucun joueur ne s’appelle « Zoé ».")
    assert refusal(alice.post("/api/follows", {"name": "alice"})) == (
        400, "bad_follow", "Vous ne pouvez pas vous suivre vous-même.")
    first = alice.post("/api/follows", {"name": "BRUNO"})
    assert first.status_code == 201 and first.json() == {"name": "Bruno", "following": True}
    assert alice.post("/api/follows", {"name": "Bruno"}).status_code == 200  # already
    assert alice.get("/api/follows").json() == {"following": [
        {"name": "Bruno", "online": False, "profile": "/joueur/Bruno"}]}
    profile = client.get("/api/players/Bruno").json()
    assert (profile["followers"], profile["following"]) == (1, 0)
    gone = alice.delete("/api/follows/bruno")
    assert gone.status_code == 200 and gone.json() == {"name": "Bruno", "following": False}
    assert refusal(alice.delete("/api/follows/Bruno")) == (
        404, "not_following", "Vous ne suivez pas Bruno.")
    assert alice.get("/api/follows").json() == {"following": []}
    assert refusal(bruno.get("/api/follows.json")) == (404, "not_found", "Page introuvable.")
    assert refusal(Player(client, "x").get("/api/follows")) == (
        401, "login_required", "Connectez-vous pour voir les joueurs que vous suivez.")


def test_a_followed_player_is_online_while_a_page_of_theirs_is_open(client: TestClient) -> None:
    alice, bruno = sign_up(client, "Alice"), sign_up(client, "Bruno")
    alice.post("/api/follows", {"name": "Bruno"})
    with bruno.socket("/ws/me") as page:
        welcome = _json(page)
        assert welcome == {"type": "welcome", "name": "Bruno", "invites": []}
        assert alice.get("/api/follows").json()["following"][0]["online"] is True
        with bruno.socket("/ws/me") as second_tab:
            _json(second_tab)
        # One tab closed, the other still open: still online.
        page.send_text(json.dumps({"type": "ping"}))
        assert _json(page) == {"type": "pong"}
        assert alice.get("/api/follows").json()["following"][0]["online"] is True
        page.send_text("du texte")
        assert _json(page) == {"type": "error", "code": "unknown_type",
                               "message": "Ce message n’est pas attendu ici."}
    bruno_id = client.app.state.accounts.db.find_account("Bruno").id  # type: ignore
    client.portal.call(client.app.state.personal.offline_here, bruno_id)  # type: ignore
    assert alice.get("/api/follows").json()["following"][0]["online"] is False


def test_the_personal_socket_needs_a_session_and_this_site(client: TestClient) -> None:
    with client.websocket_connect("/ws/me") as anonymous:
        assert _json(anonymous) == {"type": "error", "code": "login_required",
                                    "message": "Connectez-vous pour recevoir vos invitations."}
        with pytest.raises(WebSocketDisconnect) as closed:
            anonymous.receive_text()
        assert closed.value.code == 4401
    alice = sign_up(client, "Alice")
    # Closed before the handshake is accepted: an HTTP 403 for a real browser.
    with pytest.raises(WebSocketDisconnect) as refused, client.websocket_connect(
            "/ws/me", headers={"cookie": f"ludomots_session={alice.cookie}",
                               "origin": "http://evil.example"}):
        pass
    assert refused.value.code == 4403


def test_inviting_a_friend_notifies_their_open_page_and_lists_it_in_their_games(
        client: TestClient) -> None:
    alice, bruno, chloe = (sign_up(client, n) for n in ("Alice", "Bruno", "Chloé"))
    table = create_table(alice)
    path = f"/api/tables/{table['table']}/invite"
    assert refusal(Player(client, "x").post(path, {"name": "Bruno"})) == (
        401, "login_required", "Connectez-vous pour inviter un joueur.")
    assert refusal(alice.post(path, {"name": "Alice"})) == (
        400, "bad_invite", "Vous ne pouvez pas vous inviter vous-même.")
    assert refusal(alice.post(path, {"name": "Bruno"})) == (
        403, "not_followed", "Vous ne pouvez inviter que des joueurs que vous suivez.")
    assert refusal(chloe.post(path, {"name": "Bruno"})) == (
        403, "not_seated", "Seuls les joueurs assis à cette table peuvent y inviter.")
    assert refusal(alice.post("/api/tables/inconnue/invite", {"name": "Bruno"})) == (
        404, "unknown_table", "Table inconnue : « inconnue ».")
    alice.post("/api/follows", {"name": "Bruno"})
    with bruno.socket("/ws/me") as page:
        assert _json(page)["invites"] == []
        response = alice.post(path, {"name": "bruno"})
        assert response.status_code == 201
        assert response.json() == {"table": table["table"], "name": "Bruno", "invited": True}
        assert _json(page) == {"type": "invite", "table": table["table"], "game": "gops",
                               "title": "Goofspiel", "from": "Alice",
                               "url": f"/table/{table['table']}"}
        assert alice.post(path, {"name": "Bruno"}).status_code == 200  # not twice
    invites = bruno.get("/api/me").json()["invites"]
    assert [(i["table"], i["from"], i["game"]) for i in invites] == [
        (table["table"], "Alice", "gops")]
    with bruno.socket("/ws/me") as later:  # a page opened later lists it in its welcome
        assert [i["table"] for i in _json(later)["invites"]] == [table["table"]]
    # Bruno joins: the invitation is spent; the table is full, no more invitations.
    assert bruno.post(f"/api/tables/{table['table']}/join", {"name": "x"}).status_code == 200
    assert bruno.get("/api/me").json()["invites"] == []
    alice.post("/api/follows", {"name": "Chloé"})
    assert refusal(alice.post(path, {"name": "Chloé"})) == (
        409, "invite_refused", "Cette table n’a plus de place libre.")
    assert refusal(alice.post(path, {"name": "Bruno"})) == (
        409, "invite_refused", "Bruno est déjà assis à cette table.")


def test_the_remaining_refusals_of_follows_and_invitations(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    import ludomots.accounts.db as accounts_db

    monkeypatch.setattr(accounts_db, "FOLLOWS_MAX", 1)
    alice, _, _ = (sign_up(client, n) for n in ("Alice", "Bruno", "Chloé"))
    assert alice.post("/api/follows", {"name": "Bruno"}).status_code == 201
    assert refusal(alice.post("/api/follows", {"name": "Chloé"})) == (
        409, "too_many_follows", "Vous suivez déjà 1 joueurs : c’est le maximum.")
    assert refusal(Player(client, "x").delete("/api/follows/Bruno")) == (
        401, "login_required", "Connectez-vous pour ne plus suivre un joueur.")
    table = create_table(alice)
    assert refusal(alice.post(f"/api/tables/{table['table']}/invite", {"name": "Zoé"})) == (
        404, "unknown_player", "Aucun joueur ne s’appelle « Zoé ».")
    assert refusal(alice.post(f"/api/tables/{table['table']}/invite", {})) == (
        404, "unknown_player", "Aucun joueur ne s’appelle « None ».")
