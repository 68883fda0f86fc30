"""Several table managers sharing one PostgreSQL database through a real Redis: the fan-out of
actions (``bus.py``), the lease that decides who runs bots and clocks (``leases.py``), and
Redis going away. Each manager stands for one server process (its own store, bus and leases)."""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import AsyncIterator, Awaitable, Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

import pytest
import pytest_asyncio
from prometheus_client import REGISTRY

from ludomots.core.errors import RuleError
from ludomots.table.bus import Notice, RedisBus, origin_prefix
from ludomots.table.leases import RedisLeases
from ludomots.table.manager import TableManager
from ludomots.table.model import ClockSettings, SeatSpec
from ludomots.table.store import Store
from ludomots.table.subscription import Payload, Subscription
from tests.table.services import RedisServer

from .conftest import FakeTime

SEED = 8_000_000_000_000_000_001  # prizes come out 2, 1, 3
LEASE_TTL = 1.5

Start = Callable[..., Awaitable[TableManager]]


def _bid(card: int) -> dict[str, Any]:
    return {"type": "bid", "card": card}


class CountingExecutor(ThreadPoolExecutor):
    """Counts the bot jobs it is given (which process thought)."""

    def __init__(self) -> None:
        super().__init__(max_workers=1)
        self.jobs = 0

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
        self.jobs += 1
        return super().submit(fn, *args, **kwargs)


#: The bus of each manager the ``start`` fixture made (tests that publish through it).
BUSES: dict[int, RedisBus] = {}


@pytest_asyncio.fixture
async def start(pg_url: str, redis_server: RedisServer) -> AsyncIterator[Start]:
    """Start a "process": a manager on the shared database, bus and leases."""
    Store(pg_url).migrate()
    opened: list[tuple[TableManager, Store]] = []

    async def start_one(**options: Any) -> TableManager:
        store = Store(pg_url, now=options.get("now", __import__("time").time))
        bus = RedisBus(redis_server.url)
        leases = RedisLeases(redis_server.url, bus.process_id, LEASE_TTL)
        options.setdefault("executor", "thread")
        manager = TableManager(store, run_clocks=False, bus=bus, leases=leases, **options)
        await manager.start()
        opened.append((manager, store))
        BUSES[id(manager)] = bus
        return manager

    yield start_one
    BUSES.clear()
    for manager, store in reversed(opened):
        await manager.close()
        store.close()


async def _until(predicate: Callable[[], bool], timeout: float = 10.0) -> None:
    deadline = asyncio.get_running_loop().time() + timeout
    while not predicate():
        assert asyncio.get_running_loop().time() < deadline, "timed out"
        await asyncio.sleep(0.01)


async def _next(sub: Subscription, timeout: float = 10.0) -> Payload:
    payload = await asyncio.wait_for(sub.get(), timeout)
    assert payload is not None, "subscription closed"
    return payload


async def _two_humans(manager: TableManager, cards: int = 3,
                      clock: int = 0) -> tuple[str, dict[int, str]]:
    table_id, tokens = await manager.create_table(
        "gops", {"cards": cards}, [SeatSpec.human("Alice"), SeatSpec.human()], seed=SEED,
        clock=ClockSettings(clock))
    seat, token = await manager.join(table_id, "Bob")
    return table_id, {0: tokens[0], seat: token}


@pytest.mark.asyncio
async def test_subscribers_of_one_process_see_every_action_of_another_in_order(
        start: Start) -> None:
    a, b = await start(), await start()
    table_id, tokens = await _two_humans(a)
    watcher = await b.subscribe(table_id, None)  # b loads the table for its spectator
    assert (await _next(watcher))["view"]["table"]["actions"] == 0
    bids = [(0, 1, a), (1, 3, b), (0, 2, a), (1, 2, a), (1, 1, b), (0, 3, b)]
    for seat, card, through in bids:
        await through.act(table_id, tokens[seat], _bid(card))
    seen = [await _next(watcher)]
    while seen[-1]["view"]["table"]["actions"] < len(bids):
        seen.append(await _next(watcher))
    # In order. An update covers one action, or several when b caught up with them at once:
    # acting through b while a's notices are still on their way (a loaded machine), b's
    # store refuses the stale move and b reloads what a stored since, in one update.
    counts = [p["view"]["table"]["actions"] for p in seen]
    assert counts == sorted(set(counts)) and counts[-1] == len(bids)
    # Each update carries its actions' events, filtered for a spectator (bids stay hidden);
    # the first two are one action each (b's first move catches up with action 0 alone).
    assert counts[:2] == [1, 2]
    assert [[e["type"] for e in p["events"]] for p in seen[:2]] == [
        ["bid"], ["bid", "reveal", "prize"]]
    assert sum(e["type"] == "bid" for p in seen for e in p["events"]) == len(bids)
    assert seen[-1]["view"]["table"]["status"] == "over"
    # The last action went through b: a hears of it a moment later.
    deadline = asyncio.get_running_loop().time() + 30
    while (view := await a.view(table_id, None))["table"]["status"] != "over":
        assert asyncio.get_running_loop().time() < deadline, "a never heard of the end"
        await asyncio.sleep(0.01)
    assert seen[-1]["view"] == view
    assert a.store.count_actions(table_id) == 6


@pytest.mark.asyncio
async def test_a_process_that_missed_a_notice_reloads_the_gap_from_the_store(
        start: Start, pg_url: str) -> None:
    a, b = await start(), await start()
    table_id, tokens = await _two_humans(a)
    watcher = await b.subscribe(table_id, 1)
    await _next(watcher)
    # Action 0 is stored by a process that announces nothing (as if its notice were lost).
    async with TableManager(Store(pg_url), executor="thread", run_clocks=False) as silent:
        await silent.act(table_id, tokens[0], _bid(1))
    await asyncio.sleep(0.2)
    live_b = b.live_table(table_id)
    assert live_b is not None and live_b.seq == 0  # b has not heard of it
    await a.act(table_id, tokens[1], _bid(3))  # a catches up (conflict), then stores action 1
    payload = await _next(watcher)  # b sees the gap and reloads both from the store
    assert payload["view"]["table"]["actions"] == 2
    assert [e["type"] for e in payload["events"]] == ["bid", "bid", "your_bid", "reveal",
                                                      "prize"]
    live_a = a.live_table(table_id)
    assert live_a is not None and live_b.state.digest() == live_a.state.digest()


@pytest.mark.asyncio
async def test_an_action_stored_while_another_process_loads_the_table_reaches_its_watchers(
        start: Start) -> None:
    a, b = await start(), await start()
    table_id, tokens = await _two_humans(a)
    heard: asyncio.Queue[Notice] = asyncio.Queue()
    BUSES[id(b)].on("chat", heard.put_nowait)  # a marker that follows a's notices in order
    read, release = threading.Event(), threading.Event()
    token_hashes = b.store.token_hashes

    def read_then_wait(table: str) -> dict[int, str]:
        read.set()  # b has read the table (no action yet) and now reads its tokens
        release.wait(20)
        return token_hashes(table)

    b.store.token_hashes = read_then_wait  # type: ignore[method-assign]
    loading = asyncio.create_task(b.subscribe(table_id, None))
    assert await asyncio.to_thread(read.wait, 20)
    await a.act(table_id, tokens[0], _bid(1))  # stored and announced while b loads
    bus_a = BUSES[id(a)]
    await bus_a.flush()
    bus_a.publish(Notice(table_id, "chat", bus_a.process_id))
    await asyncio.wait_for(heard.get(), 20)  # so b has had the action's notice too
    b.store.token_hashes = token_hashes  # type: ignore[method-assign]
    release.set()
    watcher = await asyncio.wait_for(loading, 20)
    assert (await _next(watcher))["view"]["table"]["actions"] == 1
    live = b.live_table(table_id)
    assert live is not None and live.seq == 1


@pytest.mark.asyncio
async def test_conflicting_actions_through_two_processes_are_applied_once(
        start: Start, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, "ludomots.table.manager")
    a, b = await start(), await start()
    table_id, tokens = await _two_humans(a)
    await b.view(table_id, None)
    # Seat 0 bids 1 through a and 2 through b at the same moment: one bid is stored, the
    # other is refused in French once b has caught up (seat 0 has already bid).
    results = await asyncio.gather(a.act(table_id, tokens[0], _bid(1)),
                                   b.act(table_id, tokens[0], _bid(2)),
                                   return_exceptions=True)
    refused = [r for r in results if isinstance(r, RuleError)]
    assert len(refused) == 1 and len(results) == 2
    assert (refused[0].code, refused[0].message) == (
        "already_bid", "Vous avez déjà misé pour ce lot.")
    # Both were applied in memory and sent to the database, which kept one.
    assert "action 0 was stored by another process" in caplog.text
    actions = a.store.load_actions(table_id)
    assert [(x.seq, x.seat) for x in actions] == [(0, 0)]
    won = actions[0].action["card"]
    for manager in (a, b):  # (b, not owning the table and not watched, reloads it)
        view = await manager.view(table_id, 0)
        assert (view["table"]["actions"], view["game"]["hand"]) == (
            1, [c for c in (1, 2, 3) if c != won])


@pytest.mark.asyncio
async def test_only_the_lease_holder_runs_a_tables_bots(start: Start) -> None:
    executors = [CountingExecutor(), CountingExecutor()]
    a, b = await start(executor=executors[0]), await start(executor=executors[1])
    table_id, tokens = await a.create_table(
        "gops", {"cards": 3}, [SeatSpec.human("Alice"), SeatSpec.bot("expert")], seed=SEED)
    subs = [await a.subscribe(table_id, 0), await b.subscribe(table_id, 0)]
    await _until(lambda: a.owns(table_id) or b.owns(table_id))
    assert a.owns(table_id) != b.owns(table_id)
    for card in (1, 2, 3):
        await a.idle()
        await b.idle()
        # the bot's bid of this round is stored
        await _until(lambda n=2 * card - 1: a.store.count_actions(table_id) == n)
        await b.act(table_id, tokens[0], _bid(card))
    for sub in subs:
        while (await _next(sub))["view"]["table"]["status"] != "over":
            pass
    owner, other = (0, 1) if a.owns(table_id) or executors[0].jobs else (1, 0)
    assert (executors[owner].jobs, executors[other].jobs) == (3, 0)
    assert [x.seat for x in a.store.load_actions(table_id)] == [1, 0, 1, 0, 1, 0]
    for executor in executors:
        executor.shutdown()


@pytest.mark.asyncio
async def test_a_timeout_fires_once_from_the_lease_holder(start: Start,
                                                          fake_time: FakeTime) -> None:
    a, b = await start(now=fake_time), await start(now=fake_time)
    table_id, tokens = await _two_humans(a, clock=30)
    await b.view(table_id, None)
    await b.subscribe(table_id, None)
    # A watcher on each side: a process drops a live table nobody watches there unless it
    # holds the lease (`_maybe_evict`), and either may win the lease. Unwatched, the other
    # process's copy would be gone, not behind (a failure seen when b won it).
    await a.subscribe(table_id, None)
    await _until(lambda: a.owns(table_id) or b.owns(table_id))
    fake_time.advance(31)
    assert await a.tick() + await b.tick() == 2  # both seats timed out, each once
    assert await a.tick() + await b.tick() == 0
    actions = a.store.load_actions(table_id)
    assert sorted((x.seq, x.seat) for x in actions) == [(0, 0), (1, 1)]
    other = b if a.owns(table_id) else a
    await _until(lambda: other.live_table(table_id).seq == 2)  # type: ignore[union-attr]


@pytest.mark.asyncio
async def test_when_the_owner_stops_another_process_takes_over_the_bots(start: Start) -> None:
    a = await start()
    table_id, tokens = await a.create_table(
        "gops", {"cards": 3}, [SeatSpec.human("Alice"), SeatSpec.bot("expert")], seed=SEED)
    await _until(lambda: a.owns(table_id))
    await a.idle()
    await a.close()  # gone (its leases released); b resumes the table with its sweep
    takeovers = REGISTRY.get_sample_value("ludomots_lease_takeovers_total",
                                          {"how": "orphan_sweep"}) or 0.0
    b = await start()
    await _until(lambda: b.owns(table_id), timeout=3 * LEASE_TTL + 2)
    # The metric of issue 22: exactly one table taken over from no owner.
    assert REGISTRY.get_sample_value("ludomots_lease_takeovers_total",
                                     {"how": "orphan_sweep"}) == takeovers + 1
    sub = await b.subscribe(table_id, 0)
    await _next(sub)
    await b.act(table_id, tokens[0], _bid(1))
    await _until(lambda: b.store.count_actions(table_id) == 3)  # b's bot bid for round 2
    assert [x.seat for x in b.store.load_actions(table_id)] == [1, 0, 1]


@pytest.mark.asyncio
async def test_after_a_redis_restart_processes_resubscribe_and_catch_up(
        start: Start, redis_server: RedisServer) -> None:
    a, b = await start(), await start()
    table_id, tokens = await _two_humans(a)
    watcher = await b.subscribe(table_id, None)
    await _next(watcher)
    redis_server.stop()
    await a.act(table_id, tokens[0], _bid(1))  # stored; its notice cannot go out yet
    redis_server.start()
    payload = await _next(watcher, timeout=15)  # the queued notice, or b's resync
    assert payload["view"]["table"]["actions"] == 1
    await asyncio.sleep(0.1)
    await a.act(table_id, tokens[1], _bid(3))  # and the bus works again
    while (payload := await _next(watcher))["view"]["table"]["actions"] < 2:
        pass
    assert payload["view"]["table"]["actions"] == 2


def test_notices_round_trip_and_refuse_unknown_kinds() -> None:
    notice = Notice("t1", "action", "p1", 4, 1, {"type": "bid", "card": 2}, 1500, "d" * 64,
                    timeout=True)
    assert Notice.decode(notice.encode()) == notice
    with pytest.raises(ValueError, match="unknown notice kind"):
        Notice.decode(notice.encode().replace('"action"', '"other"'))


def test_a_notice_begins_with_its_origin_so_its_own_process_skips_it_unread() -> None:
    """``bus.py``: a process recognises its own notices by a prefix, without decoding them."""
    notice = Notice("t1", "action", "p1", 4, 1, {"type": "bid", "card": 2}, 1500, "d" * 64)
    raw = notice.encode().encode()
    assert raw.startswith(origin_prefix("p1"))
    assert not raw.startswith(origin_prefix("p"))
    assert not raw.startswith(origin_prefix("p12"))


@pytest.mark.asyncio
async def test_a_burst_of_notices_reaches_the_other_process_whole_and_in_order(
        redis_server: RedisServer) -> None:
    """``bus.py``: notices queued while a send is in flight go out together (a pipeline);
    the other process gets every one, in the order published, and none comes back to its
    sender."""
    sender, receiver = RedisBus(redis_server.url), RedisBus(redis_server.url)
    heard: dict[str, list[Notice]] = {"sender": [], "receiver": []}

    async def no_resync() -> None:
        return None

    await sender.start(heard["sender"].append, no_resync)
    await receiver.start(heard["receiver"].append, no_resync)
    try:
        for seq in range(1, 301):  # queued at once, faster than one round trip each
            sender.publish(Notice("burst", "action", sender.process_id, seq, seq % 2,
                                  {"type": "bid", "card": seq}))
        await _until(lambda: len(heard["receiver"]) >= 300)
        await sender.flush()
        await asyncio.sleep(0.2)  # anything extra (a repeat, an echo) would arrive by now
        assert [n.seq for n in heard["receiver"]] == list(range(1, 301))
        assert heard["receiver"][-1].action == {"type": "bid", "card": 300}
        assert heard["sender"] == []
    finally:
        await sender.close()
        await receiver.close()
