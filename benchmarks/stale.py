"""A restart with thousands of abandoned waiting tables (issue 16 item 9, issue 19): how long the
start-up sweep takes to close them, and that none is replayed.

Run: python benchmarks/stale.py [--tables 2447] [--recent 50] [--db postgresql://...]

What runs: a fresh database (SQLite by default, as ``ludomots serve``) filled with N Topword
tables waiting for a second player, last active two days ago, and some waiting tables active
an hour ago. Then a table manager starts as the server does (``resume``): the figures are the
time until its start-up sweep is done, how many tables it closed, how many it loaded into
memory (replayed), and the time of a second sweep (the periodic one, nothing left to close).
Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ludomots.table.creation import new_table_info  # noqa: E402
from ludomots.table.manager import TableManager  # noqa: E402
from ludomots.table.model import SeatSpec  # noqa: E402
from ludomots.table.store import Store  # noqa: E402

DAY = 24 * 3600.0


def fill(url: str, count: int, ago: float) -> None:
    then = time.time() - ago
    store = Store(url, now=lambda: then)
    store.migrate()
    for _ in range(count):
        info = new_table_info("topword", None, [SeatSpec.human("Alice"), SeatSpec.human()],
                              None, None, lambda: then)
        store.create_table(info, {0: "bench-token"})
    store.close()


async def restart(url: str) -> None:
    store = Store(url)
    async with TableManager(store, executor="thread") as manager:
        started = time.perf_counter()
        manager.resume()
        await manager.first_stale_sweep()
        first = time.perf_counter() - started
        closed = len(store.list_tables(("closed",), None))
        waiting = len(store.list_tables(("waiting",), None))
        loaded = sum(manager.live_table(info.id) is not None
                     for info in store.list_tables(None, None))
        started = time.perf_counter()
        again = await manager.close_stale()
        second = time.perf_counter() - started
    store.close()
    print(f"start-up sweep: {first * 1000:.0f} ms; closed {closed}, still waiting {waiting}, "
          f"loaded into memory {loaded}")
    print(f"next sweep (nothing to close): {second * 1000:.1f} ms, closed {len(again)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=2447)
    parser.add_argument("--recent", type=int, default=50)
    parser.add_argument("--db", default=None)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        url = args.db or f"sqlite:///{Path(folder) / 'stale.db'}"
        fill(url, args.tables, 2 * DAY)
        fill(url, args.recent, 3600)
        asyncio.run(restart(url))


if __name__ == "__main__":
    main()
