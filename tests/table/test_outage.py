"""The database goes away for 8 seconds (PostgreSQL stopped ``immediate``, as a crash) while
bots must play and seats run out of time: once it is back, every table moves on by itself."""

from __future__ import annotations

import asyncio
import logging
import re
import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

import pytest

from ludomots.table.manager import TableManager
from ludomots.table.model import ClockSettings, SeatSpec
from ludomots.table.store import Store
from ludomots.table.subscription import Subscription
from tests.table.services import PostgresCluster

from .conftest import FakeTime

SEED = 8_000_000_000_000_000_001
OUTAGE_SECONDS = 8.0


class GatedExecutor(ThreadPoolExecutor):
    """Bots think only once the gate opens, so that they decide while the database is away."""

    def __init__(self) -> None:
        super().__init__(max_workers=2)
        self.gate = threading.Event()

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        def gated() -> Any:
            assert self.gate.wait(60), "the gate never opened"
            return fn(*args, **kwargs)

        return super().submit(gated)


class StoreFailures(logging.Handler):
    """The tables whose action could not be stored, as the manager logs them."""

    PATTERN = re.compile(r"table (\S+): cannot store action")

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        super().__init__(logging.ERROR)
        self.loop = loop
        self.tables: set[str] = set()
        self.changed = asyncio.Event()

    def emit(self, record: logging.LogRecord) -> None:
        found = self.PATTERN.match(record.getMessage())
        if found:
            self.loop.call_soon_threadsafe(self._add, found.group(1))

    def _add(self, table_id: str) -> None:
        self.tables.add(table_id)
        self.changed.set()

    async def until(self, tables: set[str]) -> None:
        while not tables <= self.tables:
            self.changed.clear()
            await asyncio.wait_for(self.changed.wait(), 60)


def _checkpoint(cluster: PostgresCluster) -> None:
    import psycopg

    with psycopg.connect(cluster.url(), autocommit=True) as conn:
        conn.execute("CHECKPOINT")


async def _until_actions(sub: Subscription, count: int) -> dict[str, Any]:
    """The first payload showing ``count`` actions (60 s bound: a frozen table fails)."""
    while True:
        payload = await asyncio.wait_for(sub.get(), 60)
        assert payload is not None, "subscription closed"
        if payload["view"]["table"]["actions"] >= count:
            return payload


@pytest.mark.asyncio
async def test_after_a_database_outage_every_bot_and_every_clock_moves_its_table_on(
        own_postgres: PostgresCluster, fake_time: FakeTime) -> None:
    cluster = own_postgres
    store = Store(cluster.url())
    store.migrate()
    executor = GatedExecutor()
    failures = StoreFailures(asyncio.get_running_loop())
    logging.getLogger("ludomots.table.manager").addHandler(failures)
    try:
        async with TableManager(store, executor=executor, now=fake_time, clock_poll=0.2,
                                rate_limit=0) as manager:
            bot_tables = [(await manager.create_table(
                "gops", {"cards": 3}, [SeatSpec.bot("expert"), SeatSpec.bot("debutant")],
                seed=SEED + i))[0] for i in range(3)]
            clocked, _ = await manager.create_table(
                "gops", {"cards": 3}, [SeatSpec.human("Alice"), SeatSpec.human("Bruno")],
                seed=SEED, clock=ClockSettings(30))
            subs = {t: await manager.subscribe(t, None) for t in [*bot_tables, clocked]}
            _checkpoint(cluster)  # the test cluster commits asynchronously: keep the tables
            cluster.stop("immediate")
            started = asyncio.get_running_loop().time()
            try:
                executor.gate.set()  # the bots decide now, with the database away
                fake_time.advance(31)  # and both humans' time is up
                await failures.until({*bot_tables, clocked})
                await asyncio.sleep(OUTAGE_SECONDS - (asyncio.get_running_loop().time()
                                                      - started))
            finally:
                cluster.start()
            for table_id in bot_tables:  # the bots play their games to the end
                final = await _until_actions(subs[table_id], 6)
                while final["view"]["table"]["status"] != "over":
                    final = await _until_actions(subs[table_id], 6)
                assert final["view"]["table"]["actions"] == 6
                assert store.count_actions(table_id) == 6
            timed_out = await _until_actions(subs[clocked], 2)  # both seats' timeouts
            assert timed_out["view"]["table"]["actions"] == 2
            assert [a.seat for a in store.load_actions(clocked)] in ([0, 1], [1, 0])
    finally:
        logging.getLogger("ludomots.table.manager").removeHandler(failures)
        executor.shutdown(cancel_futures=True)
        store.close()
