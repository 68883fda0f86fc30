"""Shared helpers of the server tests: apps for tests, a WebSocket wrapper with timeouts,
and a Topword player that finds its moves with the move generator."""

from __future__ import annotations

import copy
import json
from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from typing import Any, TypeVar

import anyio
from starlette.applications import Starlette
from starlette.testclient import TestClient, WebSocketTestSession

from ludomots.core.game import Game, State
from ludomots.core.record import Record, replay_states
from ludomots.games.topword.board import Board, cell_name
from ludomots.games.topword.movegen import generate
from ludomots.games.topword.scoring import Rules
from ludomots.lexicon.lexicon import get_lexicon
from ludomots.server.app import create_app
from ludomots.server.settings import ServerSettings

# Test players send far more messages a second than people (a move, its preview, a refused
# try...): no limits, except in the tests of the limits themselves (their own settings).
TEST_SETTINGS = ServerSettings(hello_grace=0.2, http_rate_limit=0, ws_rate_limit=0,
                               replay_rate_limit=0)


def make_app(url: str, settings: ServerSettings | None = None, **kwargs: Any) -> Starlette:
    kwargs.setdefault("executor", "thread")
    kwargs.setdefault("bot_delay", 0)
    return create_app(url, settings=settings or TEST_SETTINGS, **kwargs)


def create(client: TestClient, seats: list[dict[str, Any]] | None = None,
           options: dict[str, Any] | None = None, name: str = "Alice",
           game: str = "topword") -> dict[str, Any]:
    body: dict[str, Any] = {"game": game, "options": options or {}, "name": name,
                            "seats": seats or [{"kind": "human"}, {"kind": "human"}]}
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    data: dict[str, Any] = response.json()
    return data


def two_humans(client: TestClient, options: dict[str, Any] | None = None
               ) -> tuple[str, dict[int, str]]:
    created = create(client, options=options)
    joined = client.post(f"/api/tables/{created['table']}/join", json={"name": "Bob"})
    assert joined.status_code == 200, joined.text
    return created["table"], {0: created["token"], 1: joined.json()["token"]}


def two_humans_with_words(client: TestClient, options: dict[str, Any] | None = None
                          ) -> tuple[str, dict[int, str]]:
    """``two_humans``, dealt again until both racks can lay a word: the server deals from a
    secret seed, and about 1.5 % of Topword deals give a rack without a vowel."""
    for _ in range(30):
        table_id, tokens = two_humans(client, options)
        actions = []
        for token in tokens.values():
            socket = Socket(client, table_id, token)
            actions.append(choose_move(socket.view)["type"])
            socket.close()
        if actions == ["place", "place"]:
            return table_id, tokens
    raise AssertionError("30 deals in a row without a word in both racks")


def record_of(client: TestClient, table_id: str) -> Record:
    """The table's record, as the page's download link gives it."""
    response = client.get(f"/api/tables/{table_id}/record")
    assert response.status_code == 200, response.text
    return Record.from_json(response.json())


S = TypeVar("S", bound=State)


def states_of(client: TestClient, table_id: str, game: Game, kind: type[S]
              ) -> tuple[Record, list[S]]:
    """The record and the true state after each of its actions (the first: before any)."""
    record = record_of(client, table_id)
    states: list[S] = []
    for _, state in replay_states(record, game):
        assert isinstance(state, kind)
        states.append(state)
    return record, states


def assert_replay_logs_come_once(client: TestClient, table_id: str, game: Game,
                                 kind: type[State]) -> None:
    """The replay's growing logs (``Game.view_logs``) come as the entries each step adds, each
    entry once; rebuilt as the page does, every step is exactly the spectator's view."""
    data = client.get(f"/api/tables/{table_id}/replay").json()
    _, states = states_of(client, table_id, game, kind)
    assert data["log_keys"] == list(game.view_logs) != []
    whole: dict[str, list[Any]] = {}
    for step, state in zip(data["steps"], states, strict=True):
        view = step["view"]
        for key in data["log_keys"]:
            start = step["logs"][key]
            assert start == len(whole.get(key, []))  # each entry once
            view[key] = whole.get(key, [])[:start] + view[key]
            whole[key] = view[key]
        assert view == json.loads(json.dumps(state.view(None)))


def views_and_states(sockets: Mapping[int | None, Socket], states: list[S]
                     ) -> Iterator[tuple[int | None, dict[str, Any], S]]:
    """Every view a socket received (welcomes and updates), with its seat (None: a spectator)
    and the true state at that moment."""
    for seat, socket in sockets.items():
        for payload in socket.received:
            if payload["type"] in ("welcome", "update"):
                yield seat, payload, states[payload["view"]["table"]["actions"]]


OPEN_SOCKETS: list[Socket] = []


def close_all_sockets() -> None:
    """Close what a failed test left open: the test client cannot stop while a session runs."""
    while OPEN_SOCKETS:
        OPEN_SOCKETS[-1].close()


def merge_logs(known: dict[str, Any], update: dict[str, Any]) -> dict[str, Any]:
    """The complete view of an update whose logs carry only new entries (as socket.js does);
    asserts there is no gap, so every test also checks the log protocol."""
    view: dict[str, Any] = copy.deepcopy(update["view"])
    for key, start in (update.get("logs") or {}).items():
        before = known["game"][key]
        assert len(before) >= start, f"log {key}: entries {len(before)}..{start} never sent"
        view["game"][key] = before[:start] + view["game"][key]
    return view


class Socket:
    """A test WebSocket: every message received is kept, every wait has a timeout."""

    def __init__(self, client: TestClient, table_id: str, token: str | None = None,
                 hello: bool = True, headers: dict[str, str] | None = None) -> None:
        self.session: WebSocketTestSession = client.websocket_connect(
            f"/ws/tables/{table_id}", headers=dict(headers or {}))
        self.session.__enter__()
        OPEN_SOCKETS.append(self)
        self.closed = False
        self.received: list[dict[str, Any]] = []
        self.view: dict[str, Any] = {}
        self.seat: int | None = None
        self.welcome: dict[str, Any] = {}
        if hello:
            self.send({"type": "hello", "token": token} if token else {"type": "hello"})
            # On a loaded machine the spectator welcome may come first (grace period over).
            self.welcome = self.until(lambda m: m["type"] == "welcome" and (
                token is None or m["seat"] is not None))
            self.seat = self.welcome["seat"]

    def send(self, message: Any) -> None:
        self.session.send_text(json.dumps(message))

    def raw(self, timeout: float = 10.0) -> dict[str, Any]:
        """The next ASGI message from the server (text or close)."""
        async def receive() -> Any:
            with anyio.fail_after(timeout):
                return await self.session._send_rx.receive()

        message: dict[str, Any] = self.session.portal.call(receive)
        return message

    def recv(self, timeout: float = 10.0) -> dict[str, Any]:
        message = self.raw(timeout)
        assert message["type"] == "websocket.send", f"socket closed: {message}"
        payload: dict[str, Any] = json.loads(message["text"])
        self.received.append(payload)
        if payload["type"] == "welcome":
            self.view = payload["view"]
        elif payload["type"] == "update":
            self.view = merge_logs(self.view, payload)
        return payload

    def until(self, predicate: Callable[[dict[str, Any]], bool],
              timeout: float = 20.0) -> dict[str, Any]:
        while True:
            payload = self.recv(timeout)
            if predicate(payload):
                return payload

    def sync(self, ref: str = "sync") -> list[dict[str, Any]]:
        """Everything the server sent before answering a ping (in order)."""
        start = len(self.received)
        self.send({"type": "ping", "id": ref})
        self.until(lambda m: m["type"] == "pong" and m.get("id") == ref)
        return self.received[start:-1]

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            OPEN_SOCKETS.remove(self)
            self.session.__exit__(None, None, None)


def ask_preview(socket: Socket, ref: int, action: dict[str, Any]) -> dict[str, Any]:
    """The server's answer (a preview, or an error) to the preview of ``action``."""
    socket.send({"type": "preview", "id": ref, "action": action})
    return socket.until(lambda m: m["type"] in ("preview", "error") and m.get("id") == ref)


def refusal_of(socket: Socket, action: dict[str, Any]) -> dict[str, Any]:
    """The error the server answers to an action it must refuse."""
    socket.send({"type": "action", "id": "bad", "action": action})
    return socket.until(lambda m: m["type"] == "error")


def actions_of(view: dict[str, Any]) -> int:
    count: int = view["table"]["actions"]
    return count


def choose_move(view: dict[str, Any], prefer: str = "best") -> dict[str, Any]:
    """A legal Topword action for the seat of ``view``, found from what it sees only."""
    game = view["game"]
    seat = view["table"]["you"]
    pending = game["pending"]
    if pending is not None and pending["seat"] != seat and seat not in pending["accepted"] \
            and game["bag"] == 0 and game["rack_sizes"][pending["seat"]] == 0:
        return {"type": "accept"}
    options = game["options"]
    rules = Rules(options["max_height"], options["allow_cover_whole_word"],
                  options["allow_bare_plural"])
    moves = generate(Board([[list(s) for s in row] for row in game["board"]]), game["rack"],
                     rules, get_lexicon())
    if not moves:
        rack = game["rack"]
        exchange = sorted(rack)[-1] if rack and game["bag"] else None
        return {"type": "pass", "exchange": exchange}
    moves.sort(key=lambda m: (m.score, m.notation))
    move = moves[-1] if prefer == "best" else moves[len(moves) // 3]
    return {"type": "place",
            "tiles": [f"{cell_name((r, c))}:{t}" for r, c, t in move.placement.tiles]}


Letters = tuple[tuple[str, ...], list[str]]


def letters_lists(value: Any, path: tuple[str, ...] = ()) -> list[Letters]:
    """Every list of single letters in a payload, with its path of keys."""
    found: list[Letters] = []
    if isinstance(value, dict):
        for key, item in value.items():
            found += letters_lists(item, (*path, str(key)))
    elif isinstance(value, list):
        if value and all(isinstance(v, str) and len(v) == 1 for v in value):
            found.append((path, list(value)))
        else:
            for item in value:
                found += letters_lists(item, path)
    return found


def keys_in(value: Any) -> set[str]:
    out: set[str] = set()
    if isinstance(value, dict):
        for key, item in value.items():
            out.add(str(key))
            out |= keys_in(item)
    elif isinstance(value, list):
        for item in value:
            out |= keys_in(item)
    return out


def values_of(value: Any, wanted: str) -> list[Any]:
    out: list[Any] = []
    if isinstance(value, dict):
        for key, item in value.items():
            if key == wanted:
                out.append(item)
            out += values_of(item, wanted)
    elif isinstance(value, list):
        for item in value:
            out += values_of(item, wanted)
    return out


def same_tiles(a: list[str], b: list[str]) -> bool:
    return Counter(a) == Counter(b)

