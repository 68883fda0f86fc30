"""``/ws/me`` pushes « your turn » and « game over » (issue 20): a player's open pages learn at
once that it has become their turn at one of their tables, and that a table of theirs ended,
so « Mes parties » need not poll. The same through two processes: tests/server/
test_scaleout_rated.py."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import anyio
import pytest
from starlette.testclient import TestClient

from tests.server.accounts_kit import (
    TEST_ACCOUNTS,
    Player,
    create_table,
    sign_up,
)
from tests.server.helpers import Socket

PASS = {"type": "action", "action": {"type": "pass", "exchange": None}}


@pytest.fixture
def client(client_factory: Callable[..., TestClient]) -> TestClient:
    return client_factory(account_settings=TEST_ACCOUNTS, manager_options={"rate_limit": 0})


def _json(session: Any, timeout: float = 20.0) -> dict[str, Any]:
    """The page's next message; fails (rather than hangs) when none comes."""
    async def receive() -> Any:
        with anyio.fail_after(timeout):
            return await session._send_rx.receive()

    message = session.portal.call(receive)
    assert message["type"] == "websocket.send", message
    data: dict[str, Any] = json.loads(message["text"])
    return data


def notice(kind: str, table: str, seat: int) -> dict[str, Any]:
    return {"type": kind, "table": table, "game": "topword", "title": "Topword",
            "url": f"/table/{table}", "seat": seat}


def test_each_player_hears_when_their_turn_comes_and_when_the_game_ends(
        client: TestClient) -> None:
    # Three seats: Alice and Bruno (accounts) sit before the guest Chloé's arrival starts the
    # game, so whoever starts, each seat becomes « to act » exactly once in the first round:
    # at the start for the first player, after the pass before theirs for the others. The
    # third player then resigns, which ends the game on the scores (the creator's choice).
    alice, bruno = sign_up(client, "Alice"), sign_up(client, "Bruno")
    response = alice.post("/api/tables", {"game": "topword", "seats": [{"kind": "human"}] * 3,
                                          "resign": {"mode": "score"}})
    assert response.status_code == 201, response.text
    created = response.json()
    table = created["table"]
    joined = bruno.post(f"/api/tables/{table}/join", {})
    assert joined.status_code == 200, joined.text
    with alice.socket("/ws/me") as alice_page, bruno.socket("/ws/me") as bruno_page:
        assert _json(alice_page)["type"] == _json(bruno_page)["type"] == "welcome"
        chloe = Player(client, "Chloé").post(f"/api/tables/{table}/join", {"name": "Chloé"})
        tokens = {0: created["token"], 1: joined.json()["token"], 2: chloe.json()["token"]}
        sockets = {seat: Socket(client, table, token) for seat, token in tokens.items()}
        first = sockets[0].view["table"]["to_act"][0]
        for i in range(2):  # the first two pass, in turn
            sockets[(first + i) % 3].send(PASS)
            for s in sockets.values():
                s.until(lambda m, n=i + 1: m["type"] == "update"
                        and m["view"]["table"]["actions"] == n)
        sockets[(first + 2) % 3].send({"type": "resign"})
        for s in sockets.values():
            s.until(lambda m: m["type"] == "update" and m["view"]["table"]["status"] == "over")
        for socket in sockets.values():
            socket.close()
        for page, seat in ((alice_page, 0), (bruno_page, 1)):
            assert _json(page) == notice("turn", table, seat)
            assert _json(page) == notice("table_over", table, seat)
        # Nothing else came: the next message answers a ping.
        for page in (alice_page, bruno_page):
            page.send_text(json.dumps({"type": "ping"}))
            assert _json(page) == {"type": "pong"}


def test_a_resignation_that_ends_the_game_is_pushed_to_both_players(
        client: TestClient) -> None:
    alice, bruno = sign_up(client, "Alice"), sign_up(client, "Bruno")
    created = create_table(alice, "topword")
    table = created["table"]
    with alice.socket("/ws/me") as alice_page, bruno.socket("/ws/me") as bruno_page:
        assert _json(alice_page)["type"] == _json(bruno_page)["type"] == "welcome"
        joined = bruno.post(f"/api/tables/{table}/join", {})
        assert joined.status_code == 200, joined.text
        alice_seat = Socket(client, table, created["token"])
        if alice_seat.view["table"]["to_act"] == [0]:  # Alice starts: she heard it
            assert _json(alice_page) == notice("turn", table, 0)
        # (Bruno may start: his seat is linked to him just after the game starts, so that
        # notice may or may not reach him: he is on the table's page anyway.)
        alice_seat.send({"type": "resign"})
        alice_seat.until(lambda m: m["type"] == "update"
                         and m["view"]["table"]["status"] == "over")
        alice_seat.close()
        assert _json(alice_page) == notice("table_over", table, 0)
        over = _json(bruno_page)
        if over["type"] == "turn":  # the start notice described above
            assert over == notice("turn", table, 1)
            over = _json(bruno_page)
        assert over == notice("table_over", table, 1)
