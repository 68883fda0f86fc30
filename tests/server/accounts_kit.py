"""Shared pieces of the accounts tests: an app with a cheap argon2 cost, players who sign up
and keep their own session cookie, and Goofspiel games (tests/core/gops.py: 16 bids) played to
the end over the real WebSockets, with a winner chosen in advance."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from starlette.testclient import TestClient

from ludomots.accounts.passwords import HashCost
from ludomots.accounts.service import LoginLimits
from ludomots.core import registry
from ludomots.server.auth import COOKIE, AccountSettings
from tests.core.gops import BOTS, GAME
from tests.server.helpers import Socket, actions_of

CHEAP = HashCost(time_cost=1, memory_kib=1024, parallelism=1)
#: Small limits, so that the throttling tests reach them in a few requests.
TEST_ACCOUNTS = AccountSettings(hash_cost=CHEAP, sweep_seconds=0,
                                limits=LoginLimits(per_account=3, per_address=6))
PASSWORD = "une phrase assez longue"
#: ``pytestmark`` of a module whose ``client`` (conftest.py) is the app with a cheap password
#: hash and small login limits; test players act far faster than people: no limit on actions
#: per second.
ACCOUNTS_APP = pytest.mark.app(account_settings=TEST_ACCOUNTS, manager_options={"rate_limit": 0})


@pytest.fixture(autouse=True)
def gops_registered() -> Iterator[None]:
    registry.register("gops", GAME, BOTS)
    yield
    registry.unregister("gops")


@dataclass
class Player:
    """One browser: its own session cookie, sent by setting the client's jar before a call."""

    client: TestClient
    name: str
    cookie: str | None = None

    def _use(self) -> None:
        self.client.cookies.clear()
        if self.cookie is not None:
            self.client.cookies.set(COOKIE, self.cookie)

    def request(self, method: str, path: str, **kwargs: Any) -> Any:
        self._use()
        response = self.client.request(method, path, **kwargs)
        fresh = response.cookies.get(COOKIE)
        if fresh is not None:
            self.cookie = fresh or None
        elif any(h.startswith(f"{COOKIE}=") for h in response.headers.get_list("set-cookie")):
            self.cookie = None  # cleared
        self.client.cookies.clear()
        return response

    def post(self, path: str, body: dict[str, Any] | None = None, **kwargs: Any) -> Any:
        return self.request("POST", path, json=body if body is not None else {}, **kwargs)

    def get(self, path: str, **kwargs: Any) -> Any:
        return self.request("GET", path, **kwargs)

    def delete(self, path: str, **kwargs: Any) -> Any:
        return self.request("DELETE", path, **kwargs)

    def socket(self, path: str) -> Any:
        """A WebSocket session carrying this player's cookie (the caller enters it)."""
        headers = {"cookie": f"{COOKIE}={self.cookie}"} if self.cookie else {}
        return self.client.websocket_connect(path, headers=headers)


def sign_up(client: TestClient, name: str, password: str = PASSWORD,
            seats: list[dict[str, str]] | None = None) -> Player:
    player = Player(client, name)
    body: dict[str, Any] = {"name": name, "password": password}
    if seats is not None:
        body["seats"] = seats
    response = player.post("/api/account", body)
    assert response.status_code == 201, response.text
    assert player.cookie
    return player


def refusal(response: Any) -> tuple[int, str, str]:
    data = response.json()
    return response.status_code, data["error"], data["message"]


def create_table(player: Player | TestClient, game: str = "gops", *, rated: bool = False,
                 seats: list[dict[str, Any]] | None = None, name: str = "Invité",
                 options: dict[str, Any] | None = None) -> dict[str, Any]:
    body: dict[str, Any] = {"game": game, "name": name, "rated": rated,
                            "seats": seats or [{"kind": "human"}, {"kind": "human"}]}
    if options is not None:
        body["options"] = options
    response = player.post("/api/tables", json=body) if isinstance(player, TestClient) \
        else player.post("/api/tables", body)
    assert response.status_code == 201, response.text
    data: dict[str, Any] = response.json()
    return data


#: Bids that make seat 0 win: it outbids seat 1 in rounds 1 to 7 (7 prizes, at least
#: 1 + ... + 7 = 28 points) and loses only round 8 (at most 8 points).
WINNING = [2, 3, 4, 5, 6, 7, 8, 1]
LOSING = [1, 2, 3, 4, 5, 6, 7, 8]


def _no_error(message: dict[str, Any]) -> bool:
    assert message["type"] != "error", message  # a refused bid would otherwise hang
    return True


def play_gops(client: TestClient, table_id: str, tokens: dict[int, str], winner: int = 0
              ) -> dict[str, Any]:
    """Play a two-seat Goofspiel to the end over WebSockets; seat ``winner`` wins. Returns
    the final view."""
    sockets = {seat: Socket(client, table_id, token) for seat, token in tokens.items()}
    try:
        for round_ in range(8):
            for seat, socket in sockets.items():
                bids = WINNING if seat == winner else LOSING
                socket.send({"type": "action", "action": {"type": "bid", "card": bids[round_]}})
            done = 2 * (round_ + 1)
            for socket in sockets.values():
                socket.until(lambda m, done=done: _no_error(m) and m["type"] == "update"
                             and actions_of(m["view"]) >= done)
        view = sockets[0].view
        assert view["table"]["status"] == "over", view["table"]
        return view
    finally:
        for socket in sockets.values():
            socket.close()


def gops_table(creator: Player, joiner: Player | TestClient, *, rated: bool = False,
               joiner_name: str = "Invitée") -> tuple[str, dict[int, str]]:
    created = create_table(creator, rated=rated)
    path = f"/api/tables/{created['table']}/join"
    joined = joiner.post(path, json={"name": joiner_name}) if isinstance(joiner, TestClient) \
        else joiner.post(path, {"name": joiner_name})
    assert joined.status_code == 200, joined.text
    return created["table"], {0: created["token"], 1: joined.json()["token"]}


def finish_rated(client: TestClient, a: Player, b: Player, winner: int = 0) -> str:
    """A rated Goofspiel between ``a`` (seat 0) and ``b``, played to the end; results stored."""
    table_id, tokens = gops_table(a, b, rated=True)
    play_gops(client, table_id, tokens, winner)
    settle(client)
    return table_id


def settle(client: TestClient) -> None:
    """Wait until every table's results the app started storing are stored (the event)."""
    client.portal.call(client.app.state.accounts.idle)  # type: ignore[union-attr]
