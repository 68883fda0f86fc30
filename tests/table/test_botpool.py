"""Bot work bounded and fair (issue 22): the tables take turns for the bot workers, never more
decisions in flight than workers, and a worker that dies does not stop the bots for good.

The manager's bots think on a ``ManualExecutor``: it runs nothing by itself, the test
completes the decisions one by one, so the order in which the tables got a worker is exact
and no test waits on a wall clock."""

from __future__ import annotations

import asyncio
import logging
import os
import signal
from collections.abc import Callable
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

import pytest
from prometheus_client import REGISTRY

from ludomots.table.botpool import BotPool, slots_for
from ludomots.table.manager import TableManager
from ludomots.table.model import SeatSpec
from ludomots.table.store import Store
from ludomots.table.worker import BotJob

from .test_manager import _memory_store, _until_over


class ManualExecutor(Executor):
    """Collects the bot decisions submitted; ``complete`` runs the oldest one. Records the
    most decisions ever outstanding (submitted, not yet completed)."""

    def __init__(self) -> None:
        self.pending: list[tuple[Callable[..., Any], tuple[Any, ...], Future[Any]]] = []
        self.started: list[BotJob] = []
        self.most_outstanding = 0
        self.submitted = asyncio.Event()

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        self.pending.append((fn, args, future))
        self.started.append(args[0])
        self.most_outstanding = max(self.most_outstanding, len(self.pending))
        self.submitted.set()
        return future

    async def next_submitted(self, count: int) -> None:
        """Wait until ``count`` decisions were submitted in all."""
        while len(self.started) < count:
            self.submitted.clear()
            await asyncio.wait_for(self.submitted.wait(), 10)

    def complete(self) -> None:
        fn, args, future = self.pending.pop(0)
        future.set_result(fn(*args))

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        for _, _, future in self.pending:
            future.cancel()


def _table_of(job: BotJob, seeds: dict[int, str]) -> str:
    """Which table a job is for: each table of a test has its own seed (in the job's rng)."""
    from ludomots.core.rng import SeededRandom

    for seed, table_id in seeds.items():
        if any(SeededRandom(seed).fork(f"bot{job.seat}:{seq}").to_json() == job.rng
               for seq in range(12)):
            return table_id
    raise AssertionError("a job of no table of this test")


async def _bot_tables(manager: TableManager, names: str,
                      first_seed: int = 1000) -> dict[int, str]:
    """One gops table per letter of ``names``, both seats bots (they bid at once: each table
    has two decisions due together); seed -> name."""
    seeds = {}
    for number, name in enumerate(names):
        seed = first_seed + number
        await manager.create_table("gops", {"cards": 3},
                                   [SeatSpec.bot("debutant"), SeatSpec.bot("debutant")],
                                   seed=seed)
        seeds[seed] = name
    return seeds


@pytest.mark.asyncio
async def test_waiting_tables_each_get_a_worker_before_any_gets_its_second() -> None:
    """One worker (two decisions in flight: one thinking, one ready), taken by table Z's two
    bots; then three tables of two bots each, due at once, wait: their decisions go A, B, C,
    then A, B, C again (Z's next ones take their turn among them); first come first served
    would give A, A, B, B, C, C."""
    executor = ManualExecutor()
    async with TableManager(_memory_store(), executor=executor, max_workers=1,
                            run_clocks=False) as manager:
        seeds = await _bot_tables(manager, "Z")
        await executor.next_submitted(2)
        seeds.update(await _bot_tables(manager, "ABC", first_seed=1100))
        assert len(executor.started) == 2  # A, B and C wait for a slot

        def waiting_tables() -> list[str]:
            return [t for t in (_table_of(job, seeds) for job in executor.started) if t != "Z"]

        while len(waiting_tables()) < 6:
            executor.complete()
            await executor.next_submitted(len(executor.started) + 1)
        assert waiting_tables()[:6] == ["A", "B", "C", "A", "B", "C"]
        assert executor.most_outstanding == slots_for(1) == 2


@pytest.mark.asyncio
async def test_never_more_decisions_in_flight_than_workers() -> None:
    """An executor that would take any number (ManualExecutor) gets at most two decisions
    per worker at once (one thinking, one ready), however many bots are due (eight here, at
    four tables, for one worker); all are served in the end and every game is played to its
    end."""
    executor = ManualExecutor()
    async with TableManager(_memory_store(), executor=executor, max_workers=1,
                            run_clocks=False) as manager:
        await _bot_tables(manager, "ABCD")
        await executor.next_submitted(2)
        assert len(executor.pending) == 2
        # 4 tables x 3 rounds x 2 bids, each completed once submitted.
        for done in range(24):
            await executor.next_submitted(done + 1)
            executor.complete()
        await manager.idle()
        assert executor.most_outstanding == slots_for(1) == 2
        assert len(executor.started) == 24
        counts = {t.id: manager.store.count_actions(t.id)
                  for t in manager.store.list_tables(None, None)}
        assert sorted(counts.values()) == [6, 6, 6, 6]


@pytest.mark.asyncio
async def test_a_slot_asked_then_cancelled_frees_its_turn() -> None:
    """A bot task cancelled while waiting (its table closed) takes no slot: the next table
    gets it."""
    pool = BotPool(ManualExecutor(), 1)
    order: list[str] = []
    release = asyncio.Event()

    async def hold(table_id: str) -> None:
        async with pool.slot(table_id, "gops"):
            order.append(table_id)
            await release.wait()

    first = asyncio.create_task(hold("A"))
    await asyncio.sleep(0)
    cancelled = asyncio.create_task(hold("B"))
    last = asyncio.create_task(hold("C"))
    await asyncio.sleep(0)
    assert (pool.in_flight, pool.waiting()) == (1, 2)
    cancelled.cancel()
    release.set()
    await asyncio.gather(first, last)
    assert order == ["A", "C"]
    assert cancelled.cancelled()
    assert (pool.in_flight, pool.waiting()) == (0, 0)


def _queue_waits(game: str) -> float:
    return REGISTRY.get_sample_value("ludomots_bot_queue_seconds_count", {"game": game}) or 0.0


@pytest.mark.asyncio
async def test_the_wait_for_a_worker_is_measured() -> None:
    """``ludomots_bot_queue_seconds``: from asking a slot to getting it, on the pool's clock.
    B asks at t=10 and gets the slot when A leaves it at t=13: 3 s, in the le=5 bucket and
    not in the le=2 one."""
    now = [10.0]
    pool = BotPool(ManualExecutor(), 1, clock=lambda: now[0])
    game = "gops-queue-wait"
    release = asyncio.Event()

    async def hold(table_id: str) -> None:
        async with pool.slot(table_id, game):
            await release.wait()

    first = asyncio.create_task(hold("A"))
    await asyncio.sleep(0)
    second = asyncio.create_task(hold("B"))
    await asyncio.sleep(0)
    now[0] = 13.0
    release.set()
    await asyncio.gather(first, second)

    def bucket(le: str) -> float:
        return REGISTRY.get_sample_value("ludomots_bot_queue_seconds_bucket",
                                         {"game": game, "le": le}) or 0.0

    assert _queue_waits(game) == 2
    assert REGISTRY.get_sample_value("ludomots_bot_queue_seconds_sum", {"game": game}) == 3.0
    assert (bucket("0.001"), bucket("2.0"), bucket("5.0")) == (1, 1, 2)


@pytest.mark.asyncio
async def test_a_dead_bot_worker_is_replaced_and_the_bots_play_on(
        caplog: pytest.LogCaptureFixture) -> None:
    """A worker process killed outright breaks its ProcessPoolExecutor for good: every
    decision submitted to it fails. The pool is replaced, the bot tries again, and the game
    is played to its end."""
    caplog.set_level(logging.ERROR, logger="ludomots.table.botpool")
    store = Store("sqlite://")
    store.create_schema()
    async with TableManager(store, executor="process", max_workers=1,
                            run_clocks=False) as manager:
        table_id, _ = await manager.create_table(
            "gops", {"cards": 2}, [SeatSpec.bot("debutant"), SeatSpec.bot("debutant")],
            seed=11)
        await _until_over(await manager.subscribe(table_id, None))
        executor = manager._pool.executor
        assert isinstance(executor, ProcessPoolExecutor)
        for pid in list(executor._processes):  # type: ignore[attr-defined]
            os.kill(pid, signal.SIGKILL)
        table_id, _ = await manager.create_table(
            "gops", {"cards": 2}, [SeatSpec.bot("debutant"), SeatSpec.bot("debutant")],
            seed=12)
        final = await _until_over(await manager.subscribe(table_id, None))
        assert final["view"]["table"]["actions"] == 4
        assert manager._pool.executor is not executor
    assert "a bot worker died: its pool is replaced by a new one" in caplog.text


@pytest.mark.asyncio
async def test_an_executor_the_caller_owns_is_not_replaced() -> None:
    """Given an executor (tests, an embedding program), the pool never makes another: the
    failure goes to the bot, which counts it as an attempt."""

    class Broken(ManualExecutor):
        def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
            raise BrokenProcessPool("gone")

    executor = Broken()
    pool = BotPool(executor, 1)
    with pytest.raises(BrokenProcessPool):
        async with pool.slot("A", "gops"):
            await pool.run(len, "x")
    assert pool.executor is executor
    assert (pool.in_flight, pool.waiting()) == (0, 0)


@pytest.mark.asyncio
async def test_the_sweep_leaves_a_table_whose_action_is_being_stored(
        caplog: pytest.LogCaptureFixture) -> None:
    """An action is applied in place, then stored, then committed, all under the table's
    lock: midway, the bot it makes due has no task yet, and the commit will start one. The
    sweep must not take it for a forgotten bot (it warned so on a busy machine)."""
    async with TableManager(_memory_store(), executor="thread", run_clocks=False) as manager:
        table_id, tokens = await manager.create_table(
            "gops", {"cards": 3}, [SeatSpec.human("Alice"), SeatSpec.bot("expert")], seed=5)
        await manager.idle()  # the bot's first bid is in: only Alice must bid
        table = manager.live_table(table_id)
        assert table is not None and table.to_act() == frozenset({0})
        async with manager._lock(table_id):  # as _play_locked does, the store being slow
            move = table.play(0, {"type": "bid", "card": 1}, 0)
            assert table.to_act() == frozenset({0, 1})  # the next round: the bot is due
            assert manager._bots.sweep([table]) == 0
            table.rewind(move)
        assert "should have been playing" not in caplog.text
        assert manager.store.count_actions(table_id) == 1
