"""Malformed WebSocket messages never crash the server nor close the connection (ws.py)."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from typing import Any

from starlette.testclient import TestClient

from ludomots.server.settings import ServerSettings
from tests.server.helpers import Socket, choose_move, two_humans

SEED = 20240611


def _junk(rng: random.Random, depth: int = 0) -> Any:
    """A random JSON value of any shape."""
    kind = rng.randrange(9 if depth < 3 else 6)
    if kind == 0:
        return None
    if kind == 1:
        return rng.choice([True, False])
    if kind == 2:
        return rng.choice([0, -1, 2**70, 3.5, -1e308])
    if kind == 3:
        return "".join(chr(rng.randrange(0x20, 0x2FFF)) for _ in range(rng.randrange(12)))
    if kind == 4:
        return rng.choice(["", "E3:R", "Q", "type", "\u202e", "\x00", "<script>", "ping"])
    if kind == 5:
        return rng.choice(["place", "play", "pass", "challenge", "accept", "hello"])
    if kind == 6:
        return [_junk(rng, depth + 1) for _ in range(rng.randrange(4))]
    keys = ["type", "action", "tiles", "move", "exchange", "token", "text", "id", "x"]
    return {rng.choice(keys): _junk(rng, depth + 1) for _ in range(rng.randrange(4))}


def malformed_messages(rng: random.Random) -> Iterator[tuple[str, str | bytes]]:
    """(label, frame) pairs, each of which the server must refuse with an error."""
    yield "binary", b'{"type": "ping"}'
    yield "empty", ""
    yield "not json", "{type: ping}"
    yield "truncated", '{"type": "ping"'
    yield "nan", '{"type": "ping", "id": NaN}'
    yield "huge int", '{"type": "ping", "id": 1' + "0" * 5000 + "}"
    yield "deep", "[" * 4000 + "]" * 4000
    yield "deep object", '{"a":' * 2000 + "1" + "}" * 2000
    yield "oversize ascii", json.dumps({"type": "ping", "x": "a" * 9000})
    yield "oversize multibyte", json.dumps({"type": "ping", "x": "é" * 4100},
                                           ensure_ascii=False)
    yield "lone surrogate type", '{"type": "\\ud800"}'
    yield "lone surrogate action", '{"type": "action", "action": {"type": "\\udfff"}}'
    yield "lone surrogate tiles", '{"type": "action", "action": {"type": "place", ' \
                                  '"tiles": ["E3:\\ud800"]}}'
    value: Any
    for value in (None, 1, "ping", [], [{"type": "ping"}], True):
        yield f"not an object {value!r}", json.dumps(value)
    for value in (None, 1, [], {}, "", "PING", "x" * 5000, "welcome", "update", "error"):
        yield f"type {str(value)[:20]!r}", json.dumps({"type": value})
    for value in (None, 1, "pass", [], [{"type": "pass"}]):
        yield f"action {value!r}", json.dumps({"type": "action", "action": value})
    for value in ({}, {"type": 1}, {"type": "place"}, {"type": "place", "tiles": "E3:R"},
                  {"type": "place", "tiles": [None]}, {"type": "place", "tiles": ["Z99:R"]},
                  {"type": "play", "move": ""}, {"type": "play", "move": "E3 " + "A" * 3000},
                  {"type": "pass", "exchange": 5}, {"type": "pass", "exchange": "ZZ"},
                  {"type": "pass", "exchange": None, "extra": 1}, {"type": "challenge"},
                  {"type": "accept"}, {"type": "resign"}):
        yield f"bad action {str(value)[:40]}", json.dumps({"type": "action", "action": value})
    for value in (None, 1, "x", []):
        yield f"preview {value!r}", json.dumps({"type": "preview", "action": value})
    for value in (None, 1, [], {}, "", "   ", "x" * 301, "a\u202eb", "\x1b[31m"):
        yield f"chat {str(value)[:20]!r}", json.dumps({"type": "chat", "text": value})
    for _ in range(150):
        message = _junk(rng)
        if isinstance(message, dict) and message.get("type") in ("ping", "hello", "chat"):
            continue  # may be valid: not junk
        if isinstance(message, dict) and message.get("type") == "preview" and \
                isinstance(message.get("action"), dict):
            continue  # answered by a preview result, not an error
        yield "random", json.dumps(message, ensure_ascii=rng.random() < 0.5)
    for _ in range(100):
        yield "random text", "".join(chr(rng.randrange(1, 0x3000)) for _ in range(
            rng.randrange(1, 200)))


def _send(socket: Socket, frame: str | bytes) -> None:
    if isinstance(frame, bytes):
        socket.session.send_bytes(frame)
    else:
        socket.session.send_text(frame)


def test_malformed_messages_get_errors_and_the_connection_stays_up(
        client_factory: Callable[..., TestClient]) -> None:
    client = client_factory(settings=ServerSettings(hello_grace=0.2, ws_rate_limit=0,
                                                    chat_rate_limit=0),
                            manager_options={"rate_limit": 0})
    table_id, tokens = two_humans(client, {"referee": "auto"})
    player = Socket(client, table_id, tokens[0])
    watcher = Socket(client, table_id)
    rng = random.Random(SEED)
    count = 0
    for label, frame in malformed_messages(rng):
        for socket in (player, watcher):
            _send(socket, frame)
            answers = socket.sync(f"after-{count}")
            kinds = [a["type"] for a in answers]
            assert kinds == ["error"], (label, answers)
            error = answers[0]
            assert isinstance(error["code"], str) and error["message"], label
            count += 1
    assert count > 500
    # Nothing changed, and the game goes on normally.
    assert player.view["table"]["actions"] == 0
    bob = Socket(client, table_id, tokens[1])
    mover = player if player.view["game"]["turn"] == 0 else bob
    mover.send({"type": "action", "action": choose_move(mover.view)})
    for socket in (player, watcher, bob):
        socket.until(lambda m: m["type"] == "update")
        assert socket.view["table"]["actions"] == 1
    assert client.get("/api/games").status_code == 200


def test_a_lone_surrogate_id_is_not_reflected(client: TestClient) -> None:
    table_id, _ = two_humans(client)
    socket = Socket(client, table_id)
    socket.session.send_text('{"type": "ping", "id": "\\ud800"}')
    assert socket.recv() == {"type": "pong"}
