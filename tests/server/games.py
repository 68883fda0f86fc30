"""Full Topword games over WebSockets, shared by the game, replay and no-leak tests."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from starlette.testclient import TestClient

from tests.server.helpers import Socket, actions_of, choose_move, create

MAX_ACTIONS = 400


@dataclass
class PlayedGame:
    table_id: str
    tokens: dict[int, str]
    sockets: dict[int | None, Socket] = field(default_factory=dict)
    humans: tuple[int, ...] = ()

    @property
    def final_view(self) -> dict[str, Any]:
        return self.sockets[None].view

    def close(self) -> None:
        """End the connections; what they received stays in ``Socket.received``."""
        for socket in self.sockets.values():
            socket.close()


def _wait_for_action(socket: Socket, count: int) -> None:
    def reached(message: dict[str, Any]) -> bool:
        assert message["type"] != "error", message
        return message["type"] == "update" and actions_of(message["view"]) >= count

    if not socket.view or actions_of(socket.view) < count:
        socket.until(reached)


def play_two_humans(client: TestClient) -> PlayedGame:
    """Alice (best-scoring moves) and Bob (middling moves), automatic referee, watched."""
    created = create(client, options={"referee": "auto"})
    table_id = created["table"]
    joined = client.post(f"/api/tables/{table_id}/join", json={"name": "Bob"}).json()
    game = PlayedGame(table_id, {0: created["token"], 1: joined["token"]}, humans=(0, 1))
    game.sockets = {0: Socket(client, table_id, game.tokens[0]),
                    1: Socket(client, table_id, game.tokens[1]),
                    None: Socket(client, table_id)}
    for count in range(1, MAX_ACTIONS):
        view = game.sockets[0].view
        if view["table"]["status"] == "over":
            break
        seat = view["table"]["to_act"][0]
        mover = game.sockets[seat]
        mover.send({"type": "action",
                    "action": choose_move(mover.view, "best" if seat == 0 else "middle")})
        _wait_for_action(mover, count)  # first: a refusal would be sent to it
        for socket in game.sockets.values():
            _wait_for_action(socket, count)
    assert game.final_view["table"]["status"] == "over"
    game.close()
    return game


def play_against_a_bot(client: TestClient) -> PlayedGame:
    """Alice against the beginner bot, with the seed's challenge procedure, watched."""
    created = create(client, seats=[{"kind": "human"}, {"kind": "bot", "level": "debutant"}])
    table_id = created["table"]
    game = PlayedGame(table_id, {0: created["token"]}, humans=(0,))
    alice = Socket(client, table_id, game.tokens[0])
    game.sockets = {0: alice, None: Socket(client, table_id)}
    acted_at = -1
    view = alice.view
    for _ in range(MAX_ACTIONS * 4):
        if view["table"]["status"] == "over":
            break
        count = actions_of(view)
        if 0 in view["table"]["to_act"] and acted_at != count:
            acted_at = count
            alice.send({"type": "action", "action": choose_move(view)})
        message = alice.recv(20)
        assert message["type"] != "error", message
        view = alice.view
    assert view["table"]["status"] == "over"
    _wait_for_action(game.sockets[None], actions_of(view))
    game.close()
    return game
