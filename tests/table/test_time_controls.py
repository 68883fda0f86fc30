"""Time controls (issue 19): Fischer banks, turn-based days, expelling a player whose time is
up, timeouts kept as timeouts, and the clock rebuilt after a restart (clock.py, seating.py).

Time is injected (``FakeTime``), never slept on; the store gets the same clock, so the times
it keeps with each action are the test's."""

from __future__ import annotations

import pytest

from ludomots.core.errors import RuleError
from ludomots.table.clock import AWAY_TIMEOUTS, FLAGGED_MOVE_SECONDS
from ludomots.table.creation import DEFAULT_FISCHER, new_table_info
from ludomots.table.manager import TableManager
from ludomots.table.model import ClockSettings, ResignRule, SeatSpec
from ludomots.table.store import Store

from .conftest import FakeTime

T0 = 1_700_000_000.0
MS0 = int(T0 * 1000)
DAY = 86_400


def _bid(card: int) -> dict[str, object]:
    return {"type": "bid", "card": card}


@pytest.fixture
def store(timed_store: Store) -> Store:
    return timed_store


def _manager(store: Store, fake_time: FakeTime) -> TableManager:
    return TableManager(store, executor="thread", now=fake_time, run_clocks=False)


async def _humans(manager: TableManager, clock: ClockSettings, count: int = 2,
                  resign: ResignRule | None = None, cards: int = 3
                  ) -> tuple[str, dict[int, str]]:
    names = ["Alice", "Bob", "Chloé"][:count]
    table_id, tokens = await manager.create_table(
        "gops", {"cards": cards}, [SeatSpec.human(names[0])] +
        [SeatSpec.human() for _ in names[1:]], seed=5, clock=clock, resign=resign)
    for name in names[1:]:
        seat, token = await manager.join(table_id, name)
        tokens[seat] = token
    return table_id, tokens


async def _clock(manager: TableManager, table_id: str) -> dict[str, object]:
    clock = (await manager.view(table_id, None))["table"]["clock"]
    assert isinstance(clock, dict)
    return clock


# ---- settings ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("settings", "message"), [
    (dict(mode="fischer", bank_seconds=30), "réserve de 1 minute à 3 heures"),
    (dict(mode="fischer", bank_seconds=4 * 3600), "réserve de 1 minute à 3 heures"),
    (dict(mode="fischer", bank_seconds=600, increment_seconds=601), "incrément de 0 à 10"),
    (dict(mode="turn", days=4), "1, 2 ou 3 jours"),
    (dict(mode="turn", days=0), "1, 2 ou 3 jours"),
    (dict(mode="move", seconds_per_move=0), "entre 0 et 86400"),
    (dict(mode="none", days=2), "ne vont pas avec cette cadence"),
    (dict(mode="blitz"), "Cadence inconnue"),
])
def test_time_controls_out_of_bounds_are_refused_in_french(settings: dict[str, object],
                                                           message: str) -> None:
    with pytest.raises(RuleError) as refused:
        ClockSettings(**settings)  # type: ignore[arg-type]
    assert refused.value.code == "bad_clock" and message in refused.value.message


def test_settings_survive_their_json_and_older_rows_read_as_a_time_per_move() -> None:
    for clock in (ClockSettings.fischer(600, 5), ClockSettings.turn(2), ClockSettings(90),
                  ClockSettings(0)):
        assert ClockSettings.from_json(clock.to_json()) == clock
    assert ClockSettings.fischer(600, 5).to_json() == {
        "mode": "fischer", "seconds_per_move": 0, "bank_seconds": 600, "increment_seconds": 5}
    assert ClockSettings.from_json({"seconds_per_move": 30}).mode == "move"
    assert ClockSettings.from_json({"seconds_per_move": 0}).mode == "none"


@pytest.mark.parametrize(("game", "options", "expected"), [
    # The rulebooks' clocks, as the engines already time them (Game.rule_clock_seconds).
    ("volapuk", {}, ClockSettings(180)),  # « le minuteur en marche pour 3 minutes »
    ("volapuk", {"turn_seconds": 120}, ClockSettings(120)),
    ("vocabulon", {}, ClockSettings(60)),  # the sand-glass option's default
    ("topword", {}, DEFAULT_FISCHER),  # no clock in the rulebook: 15 min + 15 s
    ("typo", {}, DEFAULT_FISCHER),
    ("awalettres", {}, DEFAULT_FISCHER),
])
def test_a_new_tables_default_clock_is_the_rulebooks(game: str, options: dict[str, object],
                                                      expected: ClockSettings) -> None:
    info = new_table_info(game, options, [SeatSpec.human("Alice"), SeatSpec.bot("debutant")],
                          1, "default", lambda: T0)
    assert info.clock == expected
    assert ClockSettings.fischer(900, 15) == DEFAULT_FISCHER


# ---- Fischer ----------------------------------------------------------------------------------


@pytest.mark.asyncio
async def test_a_fischer_bank_loses_the_time_used_and_gains_the_increment_after_a_move(
        store: Store, fake_time: FakeTime) -> None:
    async with _manager(store, fake_time) as manager:
        table_id, tokens = await _humans(manager, ClockSettings.fischer(60, 5))
        assert (await _clock(manager, table_id))["deadlines"] == [MS0 + 60_000] * 2
        fake_time.advance(10)
        await manager.act(table_id, tokens[0], _bid(3))
        clock = await _clock(manager, table_id)
        # 60 s - 10 s used + 5 s; Bob, still thinking, keeps his running deadline.
        assert clock["banks"] == [55_000, 60_000]
        assert clock["deadlines"] == [None, MS0 + 60_000]
        fake_time.advance(20)
        await manager.act(table_id, tokens[1], _bid(1))
        clock = await _clock(manager, table_id)
        assert clock["banks"] == [55_000, 35_000]  # 60 - 30 + 5
        # A new round: each seat's deadline is what is left of its bank.
        assert clock["deadlines"] == [MS0 + 30_000 + 55_000, MS0 + 30_000 + 35_000]
        assert clock["out_of_time"] == []


@pytest.mark.asyncio
async def test_an_empty_bank_is_a_timeout_and_the_seat_is_out_of_time(
        store: Store, fake_time: FakeTime) -> None:
    async with _manager(store, fake_time) as manager:
        table_id, tokens = await _humans(manager, ClockSettings.fischer(60, 5))
        fake_time.advance(59.999)
        assert await manager.tick() == 0
        await manager.act(table_id, tokens[0], _bid(3))  # Alice, just in time
        fake_time.advance(0.001)
        assert await manager.tick() == 1  # Bob's bank is empty: the clock bids for him
        actions = store.load_actions(table_id)
        assert [(a.seat, a.ms, a.timeout) for a in actions] == [(0, 59_999, False),
                                                                 (1, 60_000, True)]
        clock = await _clock(manager, table_id)
        # No increment after a timeout: Bob's bank is empty (he flagged); a flagged seat has
        # FLAGGED_MOVE_SECONDS a move, so an abandoned game never times out without a pause.
        assert clock["banks"] == [5_001, 0]
        assert clock["deadlines"] == [MS0 + 60_000 + 5_001,
                                      MS0 + 60_000 + FLAGGED_MOVE_SECONDS * 1000]
        assert clock["out_of_time"] == [1]
        record = (await manager.view(table_id, None))["table"]
        assert record["to_act"] == [0, 1]


# ---- expel --------------------------------------------------------------------------------------


@pytest.mark.asyncio
async def test_expelling_is_refused_before_the_time_is_up_and_to_whoever_may_not(
        store: Store, fake_time: FakeTime) -> None:
    async with _manager(store, fake_time) as manager:
        table_id, tokens = await _humans(manager, ClockSettings(30), count=3)
        fake_time.advance(29)
        before = await manager.view(table_id, None)
        for token, seat, code, words in [
                (tokens[0], 1, "not_out_of_time", "Bob a encore du temps"),
                (tokens[0], 0, "cannot_expel", "vous-même"),
                (tokens[0], 7, "bad_seat", "Cette place n’existe pas"),
                (tokens[0], True, "bad_seat", "Cette place n’existe pas"),
                ("not-a-token", 1, "bad_token", "")]:
            with pytest.raises(RuleError) as refused:
                await manager.expel(table_id, token, seat)
            assert refused.value.code == code and words in refused.value.message
        after = await manager.view(table_id, None)
        assert after == before  # a refusal changes nothing
        assert store.load_info(table_id).departures == ()


@pytest.mark.asyncio
async def test_at_two_players_expelling_the_one_out_of_time_ends_the_game(
        store: Store, fake_time: FakeTime) -> None:
    async with _manager(store, fake_time) as manager:
        table_id, tokens = await _humans(manager, ClockSettings(30))
        await manager.act(table_id, tokens[0], _bid(3))
        fake_time.advance(30)
        assert await manager.tick() == 1  # Bob's bid was played by the clock
        departure = await manager.expel(table_id, tokens[0], 1)
        assert departure == {"seat": 1, "reason": "expel", "name": "Bob", "seq": 2,
                             "level": None, "at": MS0 + 30_000}
        table = (await manager.view(table_id, 0))["table"]
        assert table["status"] == "over"
        assert table["result"]["winners"] == [0] and table["result"]["reason"] == "expel"
        assert table["result"]["ranks"] == [1, 2]
        assert table["seats"][1]["departed"] == "expel"
        record = await manager.record(table_id)
        assert record["seats"][1] == {"name": "Bob", "kind": "human", "level": None}
        assert record["actions"][1]["timeout"] is True and "timeout" not in record["actions"][0]
        with pytest.raises(RuleError) as refused:
            await manager.act(table_id, tokens[1], _bid(2))
        assert refused.value.code == "resigned" and "expulsé" in refused.value.message


@pytest.mark.asyncio
async def test_at_three_players_a_bot_of_the_creators_level_takes_the_expelled_seat(
        store: Store, fake_time: FakeTime) -> None:
    async with _manager(store, fake_time) as manager:
        table_id, tokens = await _humans(manager, ClockSettings(30), count=3,
                                         resign=ResignRule("bot", "expert"))
        await manager.act(table_id, tokens[0], _bid(3))
        await manager.act(table_id, tokens[1], _bid(3))
        fake_time.advance(30)
        assert await manager.tick() == 1  # Chloé out of time
        with pytest.raises(RuleError) as early:  # Bob acted himself: his time is not up
            await manager.expel(table_id, tokens[2], 1)
        assert early.value.code == "not_out_of_time"
        await manager.expel(table_id, tokens[1], 2)
        await manager.idle()
        table = (await manager.view(table_id, None))["table"]
        assert table["status"] == "playing"
        assert table["seats"][2]["kind"] == "bot" and table["seats"][2]["level"] == "expert"
        assert table["departures"][0]["reason"] == "expel"
        with pytest.raises(RuleError) as again:
            await manager.expel(table_id, tokens[0], 2)
        assert again.value.code == "cannot_expel"


# ---- turn-based ---------------------------------------------------------------------------------


@pytest.mark.asyncio
async def test_a_turn_based_move_that_outlives_its_days_expels_the_seat(
        store: Store, fake_time: FakeTime) -> None:
    async with _manager(store, fake_time) as manager:
        table_id, tokens = await _humans(manager, ClockSettings.turn(2))
        fake_time.advance(DAY)
        await manager.act(table_id, tokens[0], _bid(3))
        assert (await _clock(manager, table_id))["deadlines"] == [None, MS0 + 2 * DAY * 1000]
        fake_time.advance(DAY - 1)
        assert await manager.tick() == 0
        fake_time.advance(1)
        assert await manager.tick() == 1  # two days without Bob: expelled, not a timeout
        assert store.load_actions(table_id)[-1].seat == 0
        table = (await manager.view(table_id, None))["table"]
        assert table["status"] == "over" and table["result"]["winners"] == [0]
        assert table["departures"][0]["reason"] == "expel"


@pytest.mark.asyncio
async def test_a_table_without_a_clock_idle_for_three_days_expels_the_seat_to_act(
        store: Store, fake_time: FakeTime) -> None:
    """Issue 19, stale tables: with no clock, a game a player walked away from is resolved
    as a turn-based one whose days ran out (``idle_after``, three days by default)."""
    async with _manager(store, fake_time) as manager:
        table_id, tokens = await _humans(manager, ClockSettings())
        await manager.act(table_id, tokens[0], _bid(3))  # Alice bids; Bob never comes back
        fake_time.advance(3 * DAY - 1)
        assert await manager.resolve_idle() == 0
        fake_time.advance(2)
        assert await manager.resolve_idle() == 1
        assert await manager.resolve_idle() == 0  # once
        table = (await manager.view(table_id, None))["table"]
        assert table["status"] == "over" and table["result"]["winners"] == [0]
        assert [(d["seat"], d["reason"]) for d in table["departures"]] == [(1, "expel")]


@pytest.mark.asyncio
async def test_a_clocked_table_is_left_to_its_clock_by_the_idle_sweep(
        store: Store, fake_time: FakeTime) -> None:
    async with _manager(store, fake_time) as manager:
        table_id, tokens = await _humans(manager, ClockSettings.fischer(60, 5))
        fake_time.advance(4 * DAY)
        assert await manager.resolve_idle() == 0
        assert (await manager.view(table_id, None))["table"]["status"] == "playing"


@pytest.mark.asyncio
async def test_a_turn_based_deadline_survives_a_restart(
        store: Store, fake_time: FakeTime) -> None:
    async with _manager(store, fake_time) as first:
        table_id, tokens = await _humans(first, ClockSettings.turn(1))
        fake_time.advance(3600)
        await first.act(table_id, tokens[0], _bid(3))
        fake_time.advance(3600)
        await first.act(table_id, tokens[1], _bid(1))  # a new round from T0 + 2 h
        before = await _clock(first, table_id)
    fake_time.advance(5 * 3600)
    async with _manager(store, fake_time) as second:
        after = await _clock(second, table_id)
        assert after["deadlines"] == before["deadlines"] == [MS0 + 7200_000 + DAY * 1000] * 2


# ---- restarts ---------------------------------------------------------------------------------


@pytest.mark.asyncio
async def test_fischer_banks_and_who_is_out_of_time_survive_a_restart(
        store: Store, fake_time: FakeTime) -> None:
    async with _manager(store, fake_time) as first:
        table_id, tokens = await _humans(first, ClockSettings.fischer(60, 5))
        fake_time.advance(12)
        await first.act(table_id, tokens[0], _bid(3))
        fake_time.advance(48)
        assert await first.tick() == 1  # Bob's bank runs out
        fake_time.advance(7)
        await first.act(table_id, tokens[0], _bid(2))
        before = await _clock(first, table_id)
        assert before["banks"] == [53_000 - 7_000 + 5_000, 0]
    fake_time.advance(100)  # the server was away: nobody's bank is charged for it
    async with _manager(store, fake_time) as second:
        after = await _clock(second, table_id)
        assert after["banks"] == before["banks"]
        assert after["out_of_time"] == [1]
        # The move in progress starts again at the restart, with the bank it began with.
        assert after["deadlines"] == [None, int(fake_time() * 1000) + FLAGGED_MOVE_SECONDS * 1000]


@pytest.mark.asyncio
async def test_a_timeout_stays_a_timeout_in_the_store_and_the_record(
        store: Store, fake_time: FakeTime) -> None:
    async with _manager(store, fake_time) as manager:
        table_id, tokens = await _humans(manager, ClockSettings(30))
        fake_time.advance(30)
        assert await manager.tick() == 2
        assert [a.timeout for a in store.load_actions(table_id)] == [True, True]
    async with _manager(store, fake_time) as again:
        table = again.live_table(table_id) or await again._get(table_id)
        assert [line.timeout for line in table.recorder.record.actions] == [True, True]


def test_a_fischer_bank_pays_once_for_several_tries_under_one_sand_glass(
        fake_time: FakeTime) -> None:
    """A Vocabulon riddle: answers within one sand-glass (``Game.time_limit_key``). Each
    action's ``ms`` counts from when the sand-glass turned; the bank pays only the time since
    the previous try, and the rules' deadline keeps running."""
    from ludomots.table.clock import Clock

    clock = Clock(ClockSettings.fischer(120, 10), fake_time)
    glass = ("answer", 1)
    clock.start(frozenset({0}), {0: 60}, {0: glass})
    assert clock.deadlines == {0: T0 + 60}  # the sand-glass comes before the bank
    fake_time.advance(20)
    clock.moved(0, 20_000, timeout=False)  # a wrong answer
    clock.update(frozenset({0}), 0, {0: 60}, {0: glass})
    assert clock.banks == {0: 110_000} and clock.deadlines == {0: T0 + 60}
    fake_time.advance(15)
    clock.moved(0, 35_000, timeout=False)  # another try: 15 s more, not 35
    clock.update(frozenset({0}), 0, {0: 60}, {0: glass})
    assert clock.banks == {0: 105_000}
    fake_time.advance(5)
    clock.moved(0, 40_000, timeout=False)  # the right answer: the riddle is over
    clock.update(frozenset({1}), 0)
    assert clock.banks == {0: 110_000} and clock.deadlines == {1: T0 + 40 + 120}


@pytest.mark.asyncio
async def test_a_seat_the_clock_played_for_again_and_again_is_expelled_as_away(
        store: Store, fake_time: FakeTime) -> None:
    """An abandoned game ends: after AWAY_TIMEOUTS moves in a row played by the clock, the
    seat's next timeout expels it (at 2 players the other wins)."""
    async with _manager(store, fake_time) as manager:
        table_id, tokens = await _humans(manager, ClockSettings(30), cards=8)
        for card in range(1, AWAY_TIMEOUTS + 1):
            await manager.act(table_id, tokens[0], _bid(card))
            fake_time.advance(30)
            assert await manager.tick() == 1
        assert [a.timeout for a in store.load_actions(table_id)] == \
            [False, True] * AWAY_TIMEOUTS
        await manager.act(table_id, tokens[0], _bid(AWAY_TIMEOUTS + 1))
        fake_time.advance(30)
        assert await manager.tick() == 1
        table = (await manager.view(table_id, None))["table"]
        assert table["status"] == "over" and table["result"]["winners"] == [0]
        assert table["departures"][0]["reason"] == "expel"
        assert len(store.load_actions(table_id)) == 2 * AWAY_TIMEOUTS + 1


@pytest.mark.asyncio
async def test_a_move_of_ones_own_resets_the_count_of_timeouts(
        store: Store, fake_time: FakeTime) -> None:
    async with _manager(store, fake_time) as manager:
        table_id, tokens = await _humans(manager, ClockSettings(30), cards=8)
        for card in range(1, AWAY_TIMEOUTS):
            await manager.act(table_id, tokens[0], _bid(card))
            fake_time.advance(30)
            assert await manager.tick() == 1
        await manager.act(table_id, tokens[1], _bid(8))  # Bob is back
        await manager.act(table_id, tokens[0], _bid(AWAY_TIMEOUTS))
        fake_time.advance(30)
        await manager.act(table_id, tokens[0], _bid(AWAY_TIMEOUTS + 1))
        fake_time.advance(30)
        assert await manager.tick() == 1  # one timeout since his own move: not away
        assert (await manager.view(table_id, None))["table"]["status"] == "playing"


@pytest.mark.asyncio
async def test_a_rules_sand_glass_running_out_does_not_put_a_seat_out_of_time(
        store: Store, fake_time: FakeTime) -> None:
    """The rules give seat 1 five seconds a bid (``SandGlassGops``): its timeout is part of
    the game, not the table's clock running out, so nobody may expel it for that."""
    async with _manager(store, fake_time) as manager:
        table_id, tokens = await manager.create_table(
            "gops-sandglass", {"cards": 3}, [SeatSpec.human("Alice"), SeatSpec.human()],
            seed=5, clock=ClockSettings(30))
        tokens[1] = (await manager.join(table_id, "Bob"))[1]
        fake_time.advance(5)
        assert await manager.tick() == 1  # Bob's sand-glass
        assert [a.timeout for a in store.load_actions(table_id)] == [True]
        assert (await _clock(manager, table_id))["out_of_time"] == []
        with pytest.raises(RuleError) as refused:
            await manager.expel(table_id, tokens[0], 1)
        assert refused.value.code == "not_out_of_time"
        fake_time.advance(25)
        assert await manager.tick() == 1  # Alice's 30 s: the table's clock
        assert (await _clock(manager, table_id))["out_of_time"] == [0]
