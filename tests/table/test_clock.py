from __future__ import annotations

import asyncio

import pytest

from ludomots.core.errors import RuleError
from ludomots.table.clock import Clock, timeout_action
from ludomots.table.manager import TableManager
from ludomots.table.model import ClockSettings, SeatSpec
from ludomots.table.store import Store
from tests.core.gops import GAME, Bid

from .conftest import FakeTime
from .variants import HOOK_GAME, NO_LEGAL_GAME

T0 = 1_700_000_000.0


def test_seats_that_must_act_get_a_deadline(fake_time: FakeTime) -> None:
    clock = Clock(ClockSettings(30), fake_time)
    clock.start(frozenset({0, 1}))
    assert clock.deadlines == {0: T0 + 30, 1: T0 + 30}
    fake_time.advance(10)
    clock.update(frozenset({1}), actor=0)  # seat 0 bid; seat 1 keeps its deadline
    assert clock.deadlines == {1: T0 + 30}
    assert clock.elapsed_ms(1) == 10_000 and clock.elapsed_ms(0) == 0
    fake_time.advance(5)
    clock.update(frozenset({0, 1}), actor=1)  # new round: full moves for both
    assert clock.deadlines == {0: T0 + 45, 1: T0 + 45}
    assert clock.expired() == []
    fake_time.advance(30)
    assert clock.expired() == [0, 1]
    assert clock.to_json(2) == {"mode": "move", "seconds_per_move": 30,
                                "now": int((T0 + 45) * 1000),
                                "deadlines": [int((T0 + 45) * 1000)] * 2,
                                "out_of_time": [0, 1]}  # both deadlines passed


def test_an_actor_that_must_act_again_gets_a_fresh_move(fake_time: FakeTime) -> None:
    clock = Clock(ClockSettings(30), fake_time)
    clock.start(frozenset({0}))
    fake_time.advance(20)
    clock.update(frozenset({0}), actor=0)
    assert clock.deadlines == {0: T0 + 50}


def test_an_actor_still_under_the_same_sand_glass_keeps_its_deadline(
        fake_time: FakeTime) -> None:
    """Game.time_limit_key: a wrong answer, then another try, within one sand-glass."""
    clock = Clock(ClockSettings(0), fake_time)
    clock.start(frozenset({0}), {0: 60}, {0: ("answer", 1)})
    fake_time.advance(20)
    clock.update(frozenset({0}), actor=0, rule_limits={0: 60}, keys={0: ("answer", 1)})
    assert clock.deadlines == {0: T0 + 60} and clock.elapsed_ms(0) == 20_000
    fake_time.advance(10)  # a new riddle: a new sand-glass
    clock.update(frozenset({0}), actor=0, rule_limits={0: 60}, keys={0: ("answer", 2)})
    assert clock.deadlines == {0: T0 + 90}
    fake_time.advance(10)  # no key: every action is a new move
    clock.update(frozenset({0}), actor=0, rule_limits={0: 60}, keys={0: None})
    assert clock.deadlines == {0: T0 + 100} and clock.keys == {}


def test_without_a_clock_only_thinking_time_is_tracked(fake_time: FakeTime) -> None:
    clock = Clock(ClockSettings(0), fake_time)
    clock.start(frozenset({0}))
    fake_time.advance(2.5)
    assert clock.deadlines == {} and clock.expired() == [] and clock.elapsed_ms(0) == 2500
    assert clock.to_json(2) == {"mode": "none", "seconds_per_move": 0}


def test_the_timeout_action_is_the_games_own_when_it_has_one() -> None:
    state = HOOK_GAME.new({"cards": 5}, 2, 1)
    assert timeout_action(HOOK_GAME, state, 0) == Bid(5)


def test_the_timeout_action_defaults_to_the_first_legal_action() -> None:
    state = GAME.new({"cards": 5}, 2, 1)
    state.apply(0, Bid(1))
    assert GAME.timeout_action(state, 0) is None  # Goofspiel has no rule for it
    assert timeout_action(GAME, state, 0) is None  # already bid: nothing legal
    assert timeout_action(GAME, state, 1) == Bid(1)


def test_without_cheap_legal_actions_the_caller_asks_a_bot() -> None:
    state = NO_LEGAL_GAME.new({"cards": 5}, 2, 1)
    assert timeout_action(NO_LEGAL_GAME, state, 0) is None


async def _table(manager: TableManager, game: str = "gops") -> tuple[str, dict[int, str]]:
    return await manager.create_table(game, {"cards": 3}, [SeatSpec.human("Alice"),
                                                           SeatSpec.human("Bob")],
                                      seed=5, clock=30)


@pytest.mark.asyncio
async def test_a_passed_deadline_plays_the_timeout_action(fake_time: FakeTime) -> None:
    store = Store("sqlite://")
    store.create_schema()
    async with TableManager(store, executor="thread", now=fake_time,
                            run_clocks=False) as manager:
        table_id, tokens = await _table(manager)
        sub = await manager.subscribe(table_id, 0)
        await sub.get()
        fake_time.advance(10)
        await manager.act(table_id, tokens[0], {"type": "bid", "card": 3})
        await sub.get()
        fake_time.advance(19)
        assert await manager.tick() == 0
        fake_time.advance(1)  # seat 1's deadline: 30 s after the start
        assert await manager.tick() == 1
        payload = await sub.get()
        assert payload is not None
        assert payload["events"][0] == {"type": "timeout", "data": {"seat": 1}}
        view = payload["view"]
        assert view["game"]["history"] == [{"prize": view["game"]["history"][0]["prize"],
                                            "bids": [3, 1], "winner": 0}]
        next_deadline = int((T0 + 60) * 1000)
        assert view["table"]["clock"] == {"mode": "move", "seconds_per_move": 30,
                                          "out_of_time": [1],  # its move was a timeout
                                          "now": next_deadline - 30_000,
                                          "deadlines": [next_deadline, next_deadline]}
        actions = store.load_actions(table_id)
        assert [(a.seat, a.action, a.ms, a.timeout) for a in actions] == [
            (0, {"type": "bid", "card": 3}, 10_000, False),
            (1, {"type": "bid", "card": 1}, 30_000, True)]  # stored as a timeout
        assert await manager.tick() == 0


@pytest.mark.asyncio
async def test_the_debutant_bot_plays_a_timeout_when_legal_moves_are_not_listed(
        fake_time: FakeTime) -> None:
    store = Store("sqlite://")
    store.create_schema()
    async with TableManager(store, executor="thread", now=fake_time,
                            run_clocks=False) as manager:
        table_id, tokens = await _table(manager, "gops-nolegal")
        await manager.act(table_id, tokens[0], {"type": "bid", "card": 1})
        fake_time.advance(30)
        assert await manager.tick() == 1
        await manager.idle()
        actions = store.load_actions(table_id)
        assert [a.seat for a in actions] == [0, 1]


@pytest.mark.asyncio
async def test_the_background_clock_fires_without_being_asked(fake_time: FakeTime) -> None:
    store = Store("sqlite://")
    store.create_schema()
    async with TableManager(store, executor="thread", now=fake_time,
                            clock_poll=0.01) as manager:
        table_id, _tokens = await _table(manager, "gops-hook")
        sub = await manager.subscribe(table_id, None)
        await sub.get()
        fake_time.advance(31)
        seen: list[int] = []
        while len(seen) < 2:
            payload = await asyncio.wait_for(sub.get(), 5)
            assert payload is not None
            seen.extend(e["data"]["seat"] for e in payload["events"] if e["type"] == "timeout")
        assert sorted(seen) == [0, 1]
        assert [a.action for a in store.load_actions(table_id)] == [
            {"type": "bid", "card": 3}, {"type": "bid", "card": 3}]  # the hook: highest card


@pytest.mark.asyncio
async def test_a_games_own_time_limit_is_a_deadline_even_without_a_table_clock(
        fake_time: FakeTime) -> None:
    store = Store("sqlite://")
    store.create_schema()
    async with TableManager(store, executor="thread", now=fake_time,
                            run_clocks=False) as manager:
        table_id, tokens = await manager.create_table(
            "gops-sandglass", {"cards": 3}, [SeatSpec.human("Alice"), SeatSpec.human("Bob")],
            seed=5)  # no table clock
        view = await manager.view(table_id, 1)
        assert view["table"]["clock"] == {"mode": "none", "seconds_per_move": 0,
                                          "now": int(T0 * 1000),
                                          "deadlines": [None, int((T0 + 5) * 1000)]}
        fake_time.advance(6)
        with pytest.raises(RuleError) as late:  # the rules gave 5 s: a bid after 6 s is late
            await manager.act(table_id, tokens[1], {"type": "bid", "card": 2})
        assert (late.value.code, late.value.message) == (
            "too_late", "Trop tard : le temps imparti est écoulé.")
        assert store.load_actions(table_id) == []
        assert await manager.tick() == 1  # the sand-glass ran out: the game's timeout action
        actions = store.load_actions(table_id)
        assert [(a.seat, a.action) for a in actions] == [(1, {"type": "bid", "card": 3})]
        await manager.act(table_id, tokens[0], {"type": "bid", "card": 1})  # seat 0: no limit
