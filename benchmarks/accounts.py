"""Profiles and leaderboards with 100,000 finished games in the database (issue 20: ≤ 50 ms p99).

Seeds a fresh database (SQLite file by default, ``--pg`` for a throwaway PostgreSQL cluster)
with ``--accounts`` players and ``--games`` finished Topword tables of 2 to 4 seats, half of
them rated (so results, ratings and rating history rows), players drawn with a Zipf-like skew
so that the busiest players have thousands of games (the worst case of a profile). Then asks
the real app, in process, over HTTP (Starlette's test client: routing, JSON, the database
thread), ``GET /api/players/{name}``, ``GET /joueur/{name}``, ``GET /api/leaderboard/topword``
and ``GET /classement/topword``, and prints p50/p99/max per endpoint.

Run: ``.venv/bin/python benchmarks/accounts.py [--games 100000] [--pg]``.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
import time
import warnings
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
warnings.filterwarnings("ignore")

from sqlalchemy import insert  # noqa: E402
from starlette.testclient import TestClient  # noqa: E402

from ludomots.accounts.passwords import HashCost  # noqa: E402
from ludomots.accounts.ratings import Skill, player_class, rate  # noqa: E402
from ludomots.accounts.schema import (  # noqa: E402
    ACCOUNT_ROWS,
    FINISHED_TABLES,
    GAME_RESULTS,
    RATED_TABLES,
    RATING_HISTORY,
    RATINGS,
    SEAT_ACCOUNTS,
)
from ludomots.server.app import create_app  # noqa: E402
from ludomots.server.auth import AccountSettings  # noqa: E402
from ludomots.table.store import SEAT_CLAIMS, TABLES, Store  # noqa: E402

WORDS = ["RATEAU", "ZYTHUMS", "KAWAS", "QUARTZ", "BOXEUR", "MAJESTUEUX", "ANTICONSTITUTION",
         "EXQUIS", "WHISKY", "JOKER", "FJORD", "OXYDE"]
BATCH = 5000


def seed(store: Store, accounts: int, games: int, rng: random.Random) -> None:
    now = int(time.time() * 1000)
    names = [f"Joueur{i:05d}" for i in range(accounts)]
    weights = [1 / (i + 1) ** 0.8 for i in range(accounts)]  # a few very busy players
    with store.transaction() as conn:
        conn.execute(insert(ACCOUNT_ROWS), [
            {"id": i + 1, "name": n, "name_key": n.lower(), "password_hash": "x",
             "created_at": now, "password_changed_at": now} for i, n in enumerate(names)])
    skills = {i + 1: Skill() for i in range(accounts)}
    counts = dict.fromkeys(skills, 0)
    rows: dict[str, list[dict[str, Any]]] = {k: [] for k in (
        "tables", "claims", "links", "rated", "finished", "results", "history")}

    def flush() -> None:
        with store.transaction() as conn:
            for table, key in ((TABLES, "tables"), (SEAT_CLAIMS, "claims"),
                               (SEAT_ACCOUNTS, "links"), (RATED_TABLES, "rated"),
                               (FINISHED_TABLES, "finished"), (GAME_RESULTS, "results"),
                               (RATING_HISTORY, "history")):
                if rows[key]:
                    conn.execute(insert(table), rows[key])
                rows[key].clear()

    start = now - games * 20_000  # a game every 20 s, the last one now
    for g in range(games):
        at = start + g * 20_000
        table_id = f"b{g:07d}"
        players = rng.choice((2, 2, 2, 3, 4))
        seated: list[int] = []
        while len(seated) < players:
            pick = rng.choices(range(1, accounts + 1), weights)[0]
            if pick not in seated:
                seated.append(pick)
        rated = g % 2 == 0
        scores = [rng.randrange(150, 450) for _ in seated]
        ranks = [1 + sum(1 for s in scores if s > mine) for mine in scores]
        rows["tables"].append({"id": table_id, "game": "topword", "options": "{}", "seed": g,
                               "seats": json.dumps([{"kind": "human", "level": None,
                                                     "name": ""}] * players),
                               "clock": '{"seconds_per_move": 0}', "status": "over",
                               "created_at": at, "updated_at": at})
        before = [skills[a] for a in seated]
        after = rate(before, ranks) if rated else before
        cls = player_class(players)
        for seat, account in enumerate(seated):
            rows["claims"].append({"table_id": table_id, "seat": seat,
                                   "name": names[account - 1], "token_hash": "0" * 64,
                                   "claimed_at": at})
            rows["links"].append({"table_id": table_id, "seat": seat, "account_id": account,
                                  "linked_at": at})
            word = rng.choice(WORDS)
            rows["results"].append({
                "table_id": table_id, "seat": seat, "account_id": account,
                "name": names[account - 1], "kind": "human", "level": None, "game": "topword",
                "players": players, "rank": ranks[seat], "score": scores[seat],
                "winner": ranks[seat] == 1, "finished_at": at, "rated": rated,
                "rating_before": before[seat].rating if rated else None,
                "rating_after": after[seat].rating if rated else None, "best_word": word,
                "best_points": rng.randrange(10, 120), "longest_word": word,
                "longest_len": len(word), "anonymised": False})
            if rated and cls == "2":
                skills[account] = after[seat]
                counts[account] += 1
                rows["history"].append({"account_id": account, "table_id": table_id,
                                        "game": "topword", "players": cls, "at": at,
                                        "mu": after[seat].mu, "sigma": after[seat].sigma,
                                        "rating": after[seat].rating})
        if rated:
            rows["rated"].append({"table_id": table_id, "created_at": at})
        rows["finished"].append({"table_id": table_id, "game": "topword", "players": players,
                                 "rated": rated, "finished_at": at})
        if len(rows["results"]) >= BATCH:
            flush()
    flush()
    with store.transaction() as conn:
        conn.execute(insert(RATINGS), [
            {"account_id": a, "game": "topword", "players": "2", "mu": s.mu, "sigma": s.sigma,
             "rating": s.rating, "provisional": s.provisional, "games": counts[a],
             "last_played": now - (a % 60) * 86_400_000}
            for a, s in skills.items() if counts[a]])
    # What autovacuum does on a live database (PostgreSQL's index-only scans need the
    # visibility map VACUUM sets) and what SQLite's planner gets from ANALYZE.
    with store.engine.connect() as conn:
        if store.engine.dialect.name == "postgresql":
            conn.connection.driver_connection.autocommit = True  # type: ignore[union-attr]
            conn.exec_driver_sql("VACUUM ANALYZE")
        else:
            conn.exec_driver_sql("ANALYZE")


def measure(client: TestClient, paths: list[str], label: str) -> None:
    """Wall time per request, and this process's CPU time per request (all its threads:
    routing, the database driver, rendering; not PostgreSQL's), which a loaded machine
    inflates far less than wall time."""
    times, cpu = [], []
    for path in paths:
        started, cpu_started = time.perf_counter(), time.process_time()
        response = client.get(path)
        times.append((time.perf_counter() - started) * 1000)
        cpu.append((time.process_time() - cpu_started) * 1000)
        assert response.status_code == 200, (path, response.text[:200])
    for kind, figures in (("", times), ("  cpu", cpu)):
        figures.sort()
        p99 = figures[min(len(figures) - 1, int(len(figures) * 0.99))]
        print(f"{label + kind:<34} n={len(figures):<5} p50 {statistics.median(figures):6.1f} ms"
              f"   p99 {p99:6.1f} ms   max {figures[-1]:6.1f} ms", flush=True)


def direct(client: TestClient, names: list[str]) -> None:
    """The profile's database work alone (no HTTP, no thread hop): what the design costs,
    apart from the machine's other load."""
    service = client.app.state.accounts  # type: ignore[attr-defined]
    times = []
    for name in names:
        started = time.perf_counter()
        service.queries.profile(service.db.account_named(name))
        times.append((time.perf_counter() - started) * 1000)
    times.sort()
    p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
    print(f"{'profile queries alone (10 busiest)':<34} n={len(times):<5} p50 "
          f"{statistics.median(times):6.1f} ms   p99 {p99:6.1f} ms   max {times[-1]:6.1f} ms",
          flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--accounts", type=int, default=5_000)
    parser.add_argument("--requests", type=int, default=400)
    parser.add_argument("--pg", action="store_true", help="a throwaway PostgreSQL cluster")
    args = parser.parse_args()
    rng = random.Random(20)
    cluster = None
    if args.pg:
        from tests.table.services import PostgresCluster

        cluster = PostgresCluster().start()
        url = cluster.create_database("bench")
    else:
        url = f"sqlite:///{tempfile.mkdtemp(prefix='ludomots-accounts-')}/bench.db"
    store = Store(url)
    store.migrate()
    started = time.perf_counter()
    seed(store, args.accounts, args.games, rng)
    store.close()
    load = Path("/proc/loadavg").read_text().split()[:3] if Path("/proc/loadavg").exists() \
        else ["?"]
    print(f"load average before measuring: {' '.join(load)}")
    print(f"seeded {args.games} finished games, {args.accounts} accounts on "
          f"{url.split(':')[0]} in {time.perf_counter() - started:.0f} s", flush=True)
    settings = AccountSettings(hash_cost=HashCost(1, 1024, 1), sweep_seconds=0)
    try:
        with TestClient(create_app(url, executor="thread", account_settings=settings)) as client:
            started = time.perf_counter()
            client.get("/api/players/Joueur00000")
            print(f"first profile (opens the lexicon): {(time.perf_counter() - started) * 1000:.0f}"
                  " ms")
            busiest = [f"Joueur{i:05d}" for i in range(10)]
            anyone = [f"Joueur{rng.randrange(args.accounts):05d}" for _ in range(args.requests)]
            games = client.get("/api/players/Joueur00000").json()["stats"]["topword"]["played"]
            print(f"busiest player: {games} games")
            direct(client, busiest * (args.requests // 10))
            measure(client, [f"/api/players/{n}" for n in busiest * (args.requests // 10)],
                    "GET /api/players (10 busiest)")
            measure(client, [f"/api/players/{n}" for n in anyone], "GET /api/players (random)")
            measure(client, [f"/joueur/{n}" for n in anyone], "GET /joueur (random)")
            measure(client, [f"/api/players/{n}/plot/topword" for n in busiest * 20],
                    "GET plot (10 busiest)")
            measure(client, ["/api/leaderboard/topword"] * args.requests,
                    "GET /api/leaderboard/topword")
            measure(client, ["/classement/topword"] * args.requests, "GET /classement/topword")
            load = Path("/proc/loadavg").read_text().split()[:3]
            print(f"load average after measuring: {' '.join(load)}")
    finally:
        if cluster is not None:
            cluster.close()


if __name__ == "__main__":
    main()
