"""Nothing hidden ever leaves the server (the security rule of ARCHITECTURE.md, "Filter every
payload"): over whole games, every payload a seat or a spectator received is compared with
the true state at that moment, rebuilt from the record once the game is over."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest
from starlette.testclient import TestClient

from ludomots.core.record import Record
from ludomots.games.topword.rules import GAME, TopwordState
from tests.server.games import PlayedGame
from tests.server.helpers import (
    keys_in,
    letters_lists,
    same_tiles,
    states_of,
    values_of,
    views_and_states,
)

PRIVATE_EVENTS = {"rack", "drew", "exchange"}


def _check_payload(payload: dict[str, Any], seat: int | None, state: TopwordState,
                   record: Record, tokens: dict[int, str]) -> None:
    text = json.dumps(payload, ensure_ascii=False)
    assert "seed" not in keys_in(payload)
    assert str(record.seed) not in text
    for owner, token in tokens.items():
        assert token not in text, f"the token of seat {owner} leaked"
    over = state.is_over()
    # The only rack a connection sees is its own.
    for rack in values_of(payload, "rack"):
        assert rack is None if seat is None else rack in (None, state.racks[seat])
    if not over:
        assert all(v is None for v in values_of(payload, "final_racks"))
    # No list of letters equals another seat's hidden rack (boards and start draws are
    # public; at the end every rack is shown).
    for path, letters in letters_lists(payload):
        if "board" in path or "start_draws" in path or (over and path[-1] in (
                "final_racks", "racks")):
            continue
        # A list of the seat's own tiles (its draw) may equal another rack or the bag by
        # chance: two E drawn, two E left. Only a list it may not know can give them away.
        if seat is not None and not Counter(letters) - Counter(state.racks[seat]):
            continue
        for other, rack in enumerate(state.racks):
            if other == seat or len(rack) < 2 or not same_tiles(letters, rack):
                continue
            raise AssertionError(f"seat {other}'s rack {rack} reached seat {seat} at {path}")
        if len(state.bag) >= 2:
            assert letters != state.bag, f"the bag order reached seat {seat} at {path}"
    if len(state.bag) >= 6:
        assert "".join(state.bag) not in text
        assert json.dumps(state.bag) not in text
    # Private events only ever reach their owner, and are about his own tiles.
    for event in payload.get("events", []):
        if event["type"] in PRIVATE_EVENTS:
            assert seat is not None, f"a spectator received {event}"
            tiles = event["data"].get("tiles") or [event["data"].get("drew")]
            assert not Counter(t for t in tiles if t) - Counter(state.racks[seat]), event


def test_the_check_tells_a_seats_own_draw_from_the_bag_order() -> None:
    """The check itself: seat 1 drew E, E and the bag holds E, E (a deal of CI's run); the
    bag's order or another seat's rack in a list that is not its own tiles is a leak."""
    state = GAME.new(GAME.coerce_options({"referee": "auto"}), 2, 7)
    state.racks[1] = ["E", "E", "A", "S", "T", "R", "N"]
    state.bag = ["E", "E"]
    record = Record(game="topword", options={}, seed=123456789, seats=[])
    drew = {"type": "update", "events": [{"type": "drew", "data": {"tiles": ["E", "E"]}}]}
    _check_payload(drew, 1, state, record, {})
    state.bag = ["O", "U"]
    leaked = {"type": "update", "view": {"game": {"next": ["O", "U"]}}}
    with pytest.raises(AssertionError, match="the bag order reached seat 1"):
        _check_payload(leaked, 1, state, record, {})
    state.racks[0] = ["Z", "W", "K"]
    rack = {"type": "update", "view": {"game": {"shown": ["K", "Z", "W"]}}}
    with pytest.raises(AssertionError, match="seat 0's rack"):
        _check_payload(rack, 1, state, record, {})


def _check_game(client: TestClient, game: PlayedGame) -> int:
    record, states = states_of(client, game.table_id, GAME, TopwordState)
    assert all(socket.received for socket in game.sockets.values())
    checked = 0
    for seat, payload, state in views_and_states(game.sockets, states):
        _check_payload(payload, seat, state, record, game.tokens)
        checked += 1
    return checked


def test_two_human_seats_never_see_each_other_s_rack(server: TestClient,
                                                     humans_game: PlayedGame) -> None:
    assert _check_game(server, humans_game) > 30


def test_a_seat_never_sees_the_bot_s_rack(server: TestClient, bot_game: PlayedGame) -> None:
    assert _check_game(server, bot_game) > 20


def test_spectators_never_receive_a_rack(humans_game: PlayedGame,
                                         bot_game: PlayedGame) -> None:
    for game in (humans_game, bot_game):
        watched = game.sockets[None].received
        assert watched
        for payload in watched:
            assert payload.get("seat") is None
            assert all(rack is None for rack in values_of(payload, "rack"))
            assert not {e["type"] for e in payload.get("events", [])} & PRIVATE_EVENTS


def test_each_seat_did_see_its_own_rack(humans_game: PlayedGame) -> None:
    for seat in (0, 1):
        racks = [p["view"]["game"]["rack"] for p in humans_game.sockets[seat].received
                 if p["type"] in ("welcome", "update")]
        assert racks and all(len(r) > 0 for r in racks[:5])
        drew = [e for p in humans_game.sockets[seat].received for e in p.get("events", [])
                if e["type"] == "drew"]
        assert drew  # the check above is not vacuous
