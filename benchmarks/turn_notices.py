"""The turn notices' account lookup, in process CPU per lookup (issue 22).

Every action that gives a human the turn makes ``TurnNotices`` read whose accounts sit at the
table (``AccountDb.seat_links``, off the event loop). This times that lookup as the server
does it, ``await asyncio.to_thread(db.seat_links, table_id)``, on a fresh SQLite file holding
``--tables`` tables, a fifth of them with a seat linked to an account, and reports the CPU of
the whole process (every thread) per lookup, and the same lookup called directly (without the
thread hand-off). CPU, not wall time, so that a busy machine changes little.

Run: ``python benchmarks/turn_notices.py [--tables 400] [--lookups 4000]``. Prints figures;
asserts nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
import warnings
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
warnings.filterwarnings("ignore")

from ludomots.accounts.db import AccountDb  # noqa: E402
from ludomots.table.model import SeatSpec, TableInfo  # noqa: E402
from ludomots.table.store import Store  # noqa: E402


def seed(store: Store, db: AccountDb, tables: int) -> list[str]:
    ids = []
    for n in range(tables):
        table_id = f"t{n:05d}"
        store.create_table(TableInfo(
            id=table_id, game="topword", seed=n, options={}, status="playing",
            seats=(SeatSpec(kind="human", name="Ana"), SeatSpec(kind="bot", name="Robot",
                                                                level="debutant"))),
            tokens={0: f"token-{n}"})
        if n % 5 == 0:
            account = db.create_account(f"joueur{n}", "hash")
            db.link_seat(table_id, 0, account.id)
        ids.append(table_id)
    return ids


async def through_thread(db: AccountDb, ids: list[str], lookups: int) -> float:
    start = time.process_time()
    for n in range(lookups):
        await asyncio.to_thread(db.seat_links, ids[n % len(ids)])
    return (time.process_time() - start) / lookups


def direct(db: AccountDb, ids: list[str], lookups: int) -> float:
    start = time.process_time()
    for n in range(lookups):
        db.seat_links(ids[n % len(ids)])
    return (time.process_time() - start) / lookups


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=400)
    parser.add_argument("--lookups", type=int, default=4000)
    parser.add_argument("--repeat", type=int, default=3, help="rounds; the lowest is shown")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        store = Store(f"sqlite:///{folder}/bench.db")
        store.migrate()
        db = AccountDb(store)
        ids = seed(store, db, args.tables)
        assert db.seat_links(ids[0]) and not db.seat_links(ids[1])
        threaded = min(asyncio.run(through_thread(db, ids, args.lookups))
                       for _ in range(args.repeat))
        alone = min(direct(db, ids, args.lookups) for _ in range(args.repeat))
        store.close()
    print(f"seat_links on SQLite, {args.tables} tables, {args.lookups} lookups, best of "
          f"{args.repeat}:")
    print(f"  through asyncio.to_thread (as TurnNotices): {threaded * 1e6:7.1f} µs CPU a lookup")
    print(f"  called directly:                            {alone * 1e6:7.1f} µs CPU a lookup")


if __name__ == "__main__":
    main()
