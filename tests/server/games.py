"""Full Topword games over WebSockets, shared by the game, replay and no-leak tests."""

from __future__ import annotations

from collections.abc import Callable
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


@dataclass
class BotsGame:
    """A human (seat 0) against bots, watched by a spectator; what the human's side asked."""
    table_id: str
    token: str
    seat: Socket
    spectator: Socket
    previews: list[dict[str, Any]] = field(default_factory=list)
    refusal: dict[str, Any] = field(default_factory=dict)


def against_bots(client: TestClient, game: str, levels: list[str],
                 options: dict[str, Any] | None = None) -> tuple[str, str, Socket, Socket]:
    """A new table of ``game``: the human first, then a bot of each level; the table's id, the
    human's token, his socket and a spectator's."""
    created = create(client, game=game, options=options,
                     seats=[{"kind": "human"}] + [{"kind": "bot", "level": level}
                                                  for level in levels])
    table_id = created["table"]
    return (table_id, created["token"], Socket(client, table_id, created["token"]),
            Socket(client, table_id))


def play_to_the_end(seat: Socket, spectator: Socket,
                    act: Callable[[dict[str, Any]], dict[str, Any] | None],
                    messages: int, timeout: float) -> None:
    """Drive ``seat`` until the table is over: when the seat is to act, ``act(view)`` gives
    the action sent (once per action count; None: nothing to send yet); the bots play in the
    server. Then the spectator catches up and both sockets are closed."""
    acted_at = -1
    for _ in range(messages):
        view = seat.view
        if view["table"]["status"] == "over":
            break
        count = actions_of(view)
        if seat.seat in view["table"]["to_act"] and acted_at != count:
            action = act(view)
            if action is not None:
                acted_at = count
                seat.send({"type": "action", "action": action})
        message = seat.recv(timeout)
        assert message["type"] != "error", message
    assert seat.view["table"]["status"] == "over", "the game did not end"
    _wait_for_action(spectator, actions_of(seat.view))
    seat.close()
    spectator.close()


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
    table_id, token, alice, spectator = against_bots(client, "topword", ["debutant"])
    game = PlayedGame(table_id, {0: token}, {0: alice, None: spectator}, humans=(0,))
    play_to_the_end(alice, spectator, choose_move, MAX_ACTIONS * 4, 20)
    return game
