from __future__ import annotations

import json
import logging
from typing import Any

import pytest

from ludomots.core.errors import RuleError
from ludomots.core.game import Event
from ludomots.core.record import replay
from ludomots.table.errors import StoreError
from ludomots.table.model import ClockSettings, SeatSpec, StoredAction, TableInfo
from ludomots.table.store import Store
from ludomots.table.table import Table
from tests.core.gops import GAME

from .conftest import FakeTime

SEED = 424242


def _info(status: str = "playing", clock: int = 0) -> TableInfo:
    return TableInfo(id="t1", game="gops", options={"cards": 3, "tie_rule": "discard"},
                     seed=SEED, seats=(SeatSpec.human("Alice"), SeatSpec.human("Bob")),
                     status=status, clock=ClockSettings(clock))  # type: ignore[arg-type]


@pytest.fixture
def store() -> Store:
    store = Store("sqlite://")
    store.create_schema()
    store.create_table(_info(), {0: "a", 1: "b"})
    return store


def _bid(card: int) -> dict[str, Any]:
    return {"type": "bid", "card": card}


def test_actions_are_stored_then_applied(store: Store) -> None:
    table = Table.new(_info())
    events = table.act(store, 0, _bid(2), ms=40)
    assert [e.type for e in events] == ["bid", "your_bid"]
    assert table.seq == 1
    (stored,) = store.load_actions("t1")
    assert (stored.seq, stored.seat, stored.action, stored.ms) == (0, 0, _bid(2), 40)
    assert stored.digest == table.state.digest()


def test_a_failed_store_append_leaves_the_table_unchanged(store: Store,
                                                           fake_time: FakeTime) -> None:
    table = Table.new(_info(clock=60), now=fake_time)
    table.act(store, 0, _bid(1), ms=0)
    before = (table.state.digest(), table.seq, table.view(0), table.view(1), table.view(None),
              dict(table.clock.deadlines), table.recorder.record.to_json())

    def broken_append(*args: object, **kwargs: object) -> None:
        raise StoreError("disk full")

    store.append_action = broken_append  # type: ignore[method-assign]
    fake_time.advance(5)
    with pytest.raises(StoreError):
        table.act(store, 1, _bid(3), ms=0)  # would complete the round and draw a prize
    fake_time.advance(-5)
    after = (table.state.digest(), table.seq, table.view(0), table.view(1), table.view(None),
             dict(table.clock.deadlines), table.recorder.record.to_json())
    assert after == before


def test_refused_actions_change_nothing(store: Store) -> None:
    table = Table.new(_info())
    digest = table.state.digest()
    with pytest.raises(RuleError) as info:
        table.act(store, 0, {"type": "bid", "card": "x"})
    assert info.value.code == "bad_action"
    with pytest.raises(RuleError) as info:
        table.act(store, 0, _bid(9))
    assert info.value.code == "card_not_in_hand"
    with pytest.raises(RuleError) as info:
        table.act(store, 5, _bid(1))
    assert info.value.code == "bad_seat"
    assert (table.state.digest(), table.seq, store.count_actions("t1")) == (digest, 0, 0)


def test_nobody_acts_while_seats_are_free(store: Store) -> None:
    table = Table.new(_info(status="waiting"))
    with pytest.raises(RuleError) as info:
        table.act(store, 0, _bid(1))
    assert info.value.code == "table_waiting"
    assert table.to_act() == frozenset()


def _stored_game(moves: list[tuple[int, int]]) -> list[StoredAction]:
    table = Table.new(_info())
    store = Store("sqlite://")
    store.create_schema()
    store.create_table(_info(), {0: "a", 1: "b"})
    for seat, card in moves:
        table.act(store, seat, _bid(card), ms=3)
    return store.load_actions("t1")


def test_rebuilding_replays_to_the_same_state() -> None:
    actions = _stored_game([(0, 1), (1, 2), (0, 3)])
    table = Table.rebuild(_info(), actions)
    assert table.broken is None and table.status == "playing" and table.seq == 3
    assert table.state.digest() == actions[-1].digest


def test_a_divergent_digest_marks_the_table_broken(caplog: pytest.LogCaptureFixture) -> None:
    actions = _stored_game([(0, 1), (1, 2), (0, 3)])
    actions[1] = StoredAction(1, 1, _bid(2), 3, "0" * 64)
    with caplog.at_level(logging.ERROR, logger="ludomots.table.table"):
        table = Table.rebuild(_info(), actions)
    assert table.status == "broken"
    assert table.broken == "state digest differs after action 1 by seat 1"
    assert "table t1 (gops) is broken: state digest differs after action 1" in caplog.text
    with pytest.raises(RuleError) as info:
        table.play(0, _bid(2), 0)
    assert info.value.code == "table_broken"
    assert table.view(None)["table"]["status"] == "broken"  # still viewable


def test_an_action_the_rules_now_refuse_marks_the_table_broken() -> None:
    actions = _stored_game([(0, 1), (1, 2)])
    actions[1] = StoredAction(1, 0, _bid(2), 3, actions[1].digest)  # seat 0 cannot bid twice
    table = Table.rebuild(_info(), actions)
    assert table.broken == "action 1 by seat 0 rejected: already_bid"


def test_a_missing_action_marks_the_table_broken() -> None:
    actions = _stored_game([(0, 1), (1, 2), (0, 3)])
    del actions[1]
    table = Table.rebuild(_info(), actions)
    assert table.broken == "action 2 out of sequence (expected 1)"


def test_views_hold_the_game_view_and_public_metadata_only(store: Store) -> None:
    table = Table.new(_info())
    table.act(store, 1, _bid(3))
    view = table.view(0)
    assert view["game"] == table.state.view(0)
    assert view["table"] == {
        "id": "t1", "game": "gops", "title": "Goofspiel", "status": "playing",
        "seats": [{"seat": 0, "kind": "human", "level": None, "name": "Alice", "open": False,
                   "departed": None},
                  {"seat": 1, "kind": "human", "level": None, "name": "Bob", "open": False,
                   "departed": None}],
        "you": 0, "left": None, "acted": 0, "to_act": [0], "actions": 1,
        "clock": {"mode": "none", "seconds_per_move": 0}, "result": None,
        "resign": {"mode": "bot", "level": "confirme"}, "departures": [], "rematch": None,
        "rematch_of": None}
    for seat in (0, None):
        text = json.dumps(table.view(seat))
        assert str(SEED) not in text and "splitmix64" not in text and '"hands"' not in text
    assert table.view(0)["game"]["my_bid"] is None
    assert table.view(1)["game"]["my_bid"] == 3
    # Each seat sees how many actions it played itself (Bob bid), a spectator nothing.
    assert [table.view(seat)["table"]["acted"] for seat in (0, 1, None)] == [0, 1, None]


def test_private_events_are_filtered_per_seat() -> None:
    events = [Event("bid", {"seat": 1}), Event("your_bid", {"card": 3}, frozenset({1}))]
    table = Table.new(_info())
    assert table.events_for(events, 0) == [{"type": "bid", "data": {"seat": 1}}]
    assert table.events_for(events, None) == [{"type": "bid", "data": {"seat": 1}}]
    assert table.events_for(events, 1) == [{"type": "bid", "data": {"seat": 1}},
                                           {"type": "your_bid", "data": {"card": 3}}]


def test_the_record_replays_and_names_the_seats(store: Store) -> None:
    table = Table.new(_info())
    for card in (1, 2, 3):
        table.act(store, 0, _bid(card), ms=10)
        table.act(store, 1, _bid(4 - card), ms=20)
    assert table.status == "over"
    record = table.record()
    assert [s.name for s in record.seats] == ["Alice", "Bob"]
    assert record.seed == SEED and len(record.actions) == 6
    assert replay(record, GAME) == table.state
    assert store.load_info("t1").status == "over"


def test_bot_jobs_derive_their_random_stream_from_seed_seat_and_move(store: Store) -> None:
    table = Table.new(_info())
    first = table.bot_job(1, "debutant")
    assert table.bot_job(1, "debutant") == first
    assert table.bot_job(0, "debutant").rng != first.rng
    table.act(store, 0, _bid(1))
    assert table.bot_job(1, "debutant").rng != first.rng
    assert first.state_class is type(table.state) and first.game_module == "tests.core.gops"
