"""The lobby (``GET /api/tables``) at 10,000 live tables: the answer's time, and the database
query behind it, before and after issue 22.

Run: python benchmarks/lobby.py [--tables 10000] [--finished 5000] [--seconds 10] [--rate 200]
     [--db postgresql://...]

What runs: a fresh database (SQLite by default, as ``ludomots serve``) filled with N live
tables (half waiting, half playing; Topword, two seats) and some finished ones, with spread
activity times. Then:

1. the query: the lobby's old single query (``status IN (...) ORDER BY updated_at DESC LIMIT
   50``, which reads and sorts every live row) against the new one (one index walk per status,
   merged), 200 runs each, with the seats' claims read as ``list_tables`` does;
2. the answer: the app (its lifespan started, as ``ludomots serve`` does) called directly as
   ASGI, ``--rate`` requests a second for ``--seconds`` (so the page expires and is rebuilt
   in the background many times), each timed from the call to the last byte; every 2 s a
   table is created, which makes the next answer wait for a fresh page.

No network and no HTTP parsing: the figure is the server's own time per request (uvicorn's
HTTP layer adds about the same for every route). Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sqlalchemy import insert, select  # noqa: E402

from ludomots.server.app import create_app  # noqa: E402
from ludomots.table.creation import new_table_info  # noqa: E402
from ludomots.table.model import LIVE_STATUSES, SeatSpec  # noqa: E402
from ludomots.table.store import TABLES, Store  # noqa: E402


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def fill(store: Store, live: int, finished: int) -> None:
    """Rows as ``create_table`` writes them (one real table's row, copied with new ids)."""
    info = new_table_info("topword", None, [SeatSpec.human("Alice"), SeatSpec.human()],
                          1, None, time.time)
    store.create_table(info, {0: "bench-token"})
    with store.engine.connect() as conn:
        template = dict(conn.execute(select(TABLES).where(TABLES.c.id == info.id)).one()
                        ._mapping)
    rng = random.Random(22)
    now = int(time.time() * 1000)
    rows: list[dict[str, Any]] = []
    for i in range(live + finished):
        status = ("waiting", "playing")[i % 2] if i < live else "over"
        rows.append({**template, "id": f"bench{i:06d}", "status": status,
                     "updated_at": now - rng.randrange(86_400_000)})
    with store.engine.begin() as conn:
        conn.execute(insert(TABLES), rows)


def old_query(store: Store) -> None:
    """The lobby's query before issue 22."""
    query = (select(TABLES).where(TABLES.c.status.in_(list(LIVE_STATUSES)))
             .order_by(TABLES.c.updated_at.desc(), TABLES.c.id).limit(50))
    with store.engine.connect() as conn:
        rows = conn.execute(query).all()
        store._claims(conn, [r.id for r in rows])


def time_calls(fn: Any, runs: int) -> list[float]:
    out = []
    for _ in range(runs):
        started = time.perf_counter()
        fn()
        out.append((time.perf_counter() - started) * 1000)
    return out


def report(name: str, ms: list[float]) -> None:
    print(f"  {name:<44} p50 {statistics.median(ms):7.3f} ms   p99 {percentile(ms, 0.99):7.3f} ms"
          f"   max {max(ms):7.3f} ms   ({len(ms)} runs)")


async def call(app: Any, path: str) -> tuple[int, bytes]:
    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1",
             "method": "GET", "scheme": "http", "path": path, "raw_path": path.encode(),
             "query_string": b"", "root_path": "", "headers": [(b"host", b"bench")],
             "client": ("127.0.0.1", 1), "server": ("bench", 80)}
    status = 0
    body = bytearray()

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: dict[str, Any]) -> None:
        nonlocal status
        if message["type"] == "http.response.start":
            status = message["status"]
        elif message["type"] == "http.response.body":
            body.extend(message.get("body", b""))

    await app(scope, receive, send)
    return status, bytes(body)


async def serve_requests(url: str, seconds: float, rate: float) -> None:
    app = create_app(url, executor="thread")
    async with app.router.lifespan_context(app):
        manager = app.state.manager
        status, body = await call(app, "/api/tables")
        assert status == 200 and body.count(b'"id"') == 50, (status, body[:200])
        times: list[float] = []
        waited: list[float] = []
        loop = asyncio.get_running_loop()
        started = loop.time()
        next_creation = started + 2
        count = 0
        while loop.time() - started < seconds:
            if loop.time() >= next_creation:
                await manager.create_table("topword", None,
                                           [SeatSpec.human("Zoé"), SeatSpec.human()])
                next_creation += 2
                begin = time.perf_counter()
                status, _ = await call(app, "/api/tables")
                waited.append((time.perf_counter() - begin) * 1000)
            begin = time.perf_counter()
            status, _ = await call(app, "/api/tables")
            times.append((time.perf_counter() - begin) * 1000)
            assert status == 200
            count += 1
            await asyncio.sleep(max(0.0, started + count / rate - loop.time()))
        report(f"GET /api/tables at {rate:g}/s for {seconds:g} s", times)
        report("GET /api/tables just after a table was created", waited)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=10_000)
    parser.add_argument("--finished", type=int, default=5_000)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--rate", type=float, default=200.0)
    parser.add_argument("--db", default=None, help="a database URL (default: a SQLite file)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        url = args.db or f"sqlite:///{tmp}/lobby.db"
        store = Store(url)
        store.migrate()
        started = time.perf_counter()
        fill(store, args.tables, args.finished)
        print(f"{args.tables} live tables and {args.finished} finished ones on "
              f"{url.split(':')[0]} ({time.perf_counter() - started:.1f} s to write)")
        print("the query:")
        for fn in (lambda: old_query(store), lambda: store.list_tables(LIVE_STATUSES, 50)):
            fn()
        report("before: status IN (...) ORDER BY ... LIMIT 50",
               time_calls(lambda: old_query(store), 200))
        report("now: one index walk per status, merged",
               time_calls(lambda: store.list_tables(LIVE_STATUSES, 50), 200))
        store.close()
        print("the answer (the app, called as ASGI):")
        asyncio.run(serve_requests(url, args.seconds, args.rate))


if __name__ == "__main__":
    main()
