"""Waiting tables nobody comes to: closed after ``stale_after`` seconds with no human at them
(issue 19 « Stale tables »), at start-up without replaying them (issue 16 item 9). An injected
clock moves time; SQLite, or PostgreSQL with LUDOMOTS_TEST_DB=postgresql."""

from __future__ import annotations

import pytest

from ludomots.core.errors import RuleError
from ludomots.table.manager import TableManager
from ludomots.table.model import SeatSpec
from ludomots.table.store import Store
from tests.table.conftest import FakeTime

DAY = 24 * 3600.0


def _manager(store: Store, clock: FakeTime, **options: float) -> TableManager:
    return TableManager(store, executor="thread", run_clocks=False, now=clock, **options)


@pytest.fixture
def store(timed_store: Store) -> Store:
    return timed_store


async def _waiting(manager: TableManager) -> tuple[str, str]:
    """A table of Alice's with a free seat: (id, Alice's token)."""
    table_id, tokens = await manager.create_table(
        "gops", {"cards": 3}, [SeatSpec.human("Alice"), SeatSpec.human()])
    return table_id, tokens[0]


@pytest.mark.asyncio
async def test_a_waiting_table_nobody_came_to_for_24_hours_closes(
        store: Store, fake_time: FakeTime) -> None:
    async with _manager(store, fake_time) as manager:
        table_id, alice = await _waiting(manager)
        fake_time.advance(DAY - 1)
        assert await manager.close_stale() == []  # 23 h 59 min 59 s: still waiting
        assert [t["id"] for t in await manager.lobby()] == [table_id]
        fake_time.advance(2)
        assert await manager.close_stale() == [table_id]
        assert await manager.close_stale() == []  # closed once
        assert await manager.lobby() == []
        assert store.load_info(table_id).status == "closed"
        assert (await manager.view(table_id, None))["table"]["status"] == "closed"
        with pytest.raises(RuleError) as refused:
            await manager.join(table_id, "Bob")
        assert refused.value.code == "table_closed"
        assert refused.value.message == ("Cette table a été fermée : personne n’y est venu "
                                         "depuis trop longtemps. Créez-en une nouvelle.")
        with pytest.raises(RuleError) as acting:
            await manager.act(table_id, alice, {"type": "bid", "card": 1})
        assert acting.value.code == "table_closed"
        assert store.load_info(table_id).open_seats() == [1]  # nobody took the seat


@pytest.mark.asyncio
async def test_a_closed_table_cannot_be_joined_from_a_process_that_still_has_it_waiting(
        store: Store, fake_time: FakeTime) -> None:
    """Another process loaded the table before it closed: the store refuses the seat and the
    join says why, in French."""
    async with _manager(store, fake_time) as here, _manager(store, fake_time) as there:
        table_id, _ = await _waiting(here)
        assert (await there.view(table_id, None))["table"]["status"] == "waiting"
        fake_time.advance(DAY + 1)
        assert await here.close_stale() == [table_id]
        with pytest.raises(RuleError) as refused:
            await there.join(table_id, "Bob")
        assert refused.value.code == "table_closed"
        assert store.load_info(table_id).open_seats() == [1]


@pytest.mark.asyncio
async def test_a_table_someone_is_watching_stays_open_and_closes_24_hours_after_they_left(
        store: Store, fake_time: FakeTime) -> None:
    async with _manager(store, fake_time) as manager:
        table_id, _ = await _waiting(manager)
        sub = await manager.subscribe(table_id, 0)  # Alice's page is open
        fake_time.advance(DAY + 3600)
        assert await manager.close_stale() == []
        manager.unsubscribe(sub)  # she closes it: from the last sweep on, nobody is there
        fake_time.advance(DAY - 1)
        assert await manager.close_stale() == []
        fake_time.advance(2)
        assert await manager.close_stale() == [table_id]


@pytest.mark.asyncio
async def test_a_watcher_on_another_process_keeps_the_table_open(
        store: Store, fake_time: FakeTime) -> None:
    async with _manager(store, fake_time) as here, _manager(store, fake_time) as there:
        table_id, _ = await _waiting(here)
        sub = await there.subscribe(table_id, None)  # a visitor's page, on the other process
        for _ in range(3):
            fake_time.advance(DAY / 2)
            await there.close_stale()  # its own sweep marks the table as watched
            assert await here.close_stale() == []
        there.unsubscribe(sub)
        fake_time.advance(DAY + 1)
        assert await here.close_stale() == [table_id]


@pytest.mark.asyncio
async def test_a_seat_taken_counts_as_activity_and_a_started_game_never_closes(
        store: Store, fake_time: FakeTime) -> None:
    async with _manager(store, fake_time) as manager:
        three, _ = await manager.create_table(
            "gops", {"cards": 3}, [SeatSpec.human("Alice"), SeatSpec.human(), SeatSpec.human()])
        two, _ = await _waiting(manager)
        fake_time.advance(DAY - 10)
        await manager.join(three, "Bob")  # one seat still free: waiting, active now
        await manager.join(two, "Bob")  # full: playing
        fake_time.advance(DAY - 1)
        assert await manager.close_stale() == []
        fake_time.advance(2)
        assert await manager.close_stale() == [three]
        fake_time.advance(30 * DAY)
        assert await manager.close_stale() == []
        assert store.load_info(two).status == "playing"


@pytest.mark.asyncio
async def test_the_delay_is_a_setting_and_zero_never_closes(
        store: Store, fake_time: FakeTime) -> None:
    async with _manager(store, fake_time, stale_after=3600) as manager:
        table_id, _ = await _waiting(manager)
        fake_time.advance(3601)
        assert await manager.close_stale() == [table_id]
    async with _manager(store, fake_time, stale_after=0) as manager:
        table_id, _ = await _waiting(manager)
        fake_time.advance(365 * DAY)
        assert await manager.close_stale() == []
        assert store.load_info(table_id).status == "waiting"


@pytest.mark.asyncio
async def test_at_start_up_abandoned_tables_close_without_being_replayed(
        store: Store, fake_time: FakeTime) -> None:
    """Issue 16 item 9: thousands of abandoned waiting tables made a restart replay them all.
    Now the start-up sweep closes them in the database alone; none is loaded."""
    async with _manager(store, fake_time) as first:
        old = [(await _waiting(first))[0] for _ in range(5)]
        fake_time.advance(DAY + 1)
        recent, _ = await _waiting(first)
    async with _manager(store, fake_time) as second:
        second.resume()
        await second.first_stale_sweep()
        assert {t for t in old if store.load_info(t).status == "closed"} == set(old)
        assert store.load_info(recent).status == "waiting"
        assert all(second.live_table(t) is None for t in [*old, recent])
        assert [t["id"] for t in await second.lobby()] == [recent]


@pytest.mark.asyncio
async def test_the_store_closes_by_batches_each_table_once(
        store: Store, fake_time: FakeTime) -> None:
    async with _manager(store, fake_time) as manager:
        old = sorted([(await _waiting(manager))[0] for _ in range(5)])
        fake_time.advance(DAY + 1)
        recent, _ = await _waiting(manager)
    assert sorted(store.close_stale(fake_time() - DAY, batch=2)) == old
    assert store.close_stale(fake_time() - DAY, batch=2) == []
    assert store.load_info(recent).status == "waiting"
