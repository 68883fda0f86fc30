"""Several server processes under load: PostgreSQL + Redis, 1, 2 and 4 ``ludomots serve``.

Run: python benchmarks/load.py               (about 10 minutes)
     python benchmarks/load.py --quick       (smoke run: 1 and 2 processes, 30 and 60 tables)
     python benchmarks/load.py --processes 1,2 --sizes 100,200,300
     python benchmarks/load.py --cpu-limit 0.25 --per-process --sizes 40,60,80
                                              (scaling: each server capped, `cpulimit.py`)

What runs: a throwaway PostgreSQL cluster and a redis-server (``tests/table/services.py``:
Debian's binaries on loopback ports, no fsync), then for each process count P, P processes of
``ludomots serve --db postgresql://... --redis redis://...`` on a fresh schema, and the load
generator of ``server.py`` (``loadkit.py``): Topword tables of two simulated humans playing
real moves (``--moves real``: placements from the move generator) after a seeded exponential
think time (mean 2 s) plus one bot débutant, judged by ``server.py``'s verdict (human p99,
bot-turn p95, offered load delivered). Table ``i`` is created
through process ``i mod P`` and joined through the next, and each human connects to the
process it used, so with P >= 2 every measured action is received by one process and reaches
the other human through another (PostgreSQL, then Redis): the worst case, where a load
balancer without sticky sessions would put a table's players. For each P it reports the same
table as ``server.py`` (latency percentiles, actions per second, CPU, errors) and the largest
number of tables meeting the verdict, then a summary of how that scales with P.

The CPU columns count all P servers together ("server" = their event loops and database
threads, "bots" = their bot workers plus PostgreSQL and Redis). Figures are for this
machine only: every process (servers, database, Redis, load generator) shares its cores, so
more processes than cores cannot scale and mostly measure contention. Prints figures;
asserts nothing.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any


def _missing(*names: str) -> list[str]:
    import importlib.util

    return [name for name in names if importlib.util.find_spec(name) is None]


# Said before anything else is imported: without them, every server would exit at start.
if _missing("psycopg", "redis", "httpx"):
    sys.exit(f"benchmarks/load.py runs servers on PostgreSQL and Redis (the `scale` extra: "
             f"psycopg, redis) and drives them with httpx (the `test` extra); this Python "
             f"lacks {', '.join(_missing('psycopg', 'redis', 'httpx'))}: "
             f"{sys.executable} -m pip install -e '.[scale,test]'")

from cpulimit import CpuLimit  # noqa: E402
from loadkit import (  # noqa: E402
    ROOT,
    _fmt,
    _machine_ticks,
    add_load_arguments,
    finish,
    machine_note,
    report,
    run_generator,
    server,
    sizes,
    summarize_log,
)

sys.path.insert(0, str(ROOT))
from tests.table.services import PostgresCluster, RedisServer  # noqa: E402

PROCESSES = (1, 2, 4)
FULL_SIZES = (100, 200, 300, 400)
QUICK_SIZES = (30, 60)


def _postgres_pid(cluster: PostgresCluster) -> int:
    return int((cluster.data / "postmaster.pid").read_text().split()[0])


def measure(args: argparse.Namespace, count: int, cluster: PostgresCluster,
            redis: RedisServer, workdir: Path) -> list[dict[str, Any]]:
    """Start ``count`` processes on a fresh schema and a fresh Redis; run the load."""
    redis.restart()  # no leases or notices left from the previous count
    db_url = cluster.create_schema(f"load{count}_")
    assert redis.process is not None
    services = [_postgres_pid(cluster), redis.process.pid]
    limits = [CpuLimit(f"ludomots-load-{os.getpid()}-{count}-{i}", args.cpu_limit)
              for i in range(count)] if args.cpu_limit else []
    if args.per_process:  # the same tables per process at every count
        args = argparse.Namespace(**{**vars(args), "sizes": [s * count for s in args.sizes]})
    try:
        with contextlib.ExitStack() as stack:
            running = [stack.enter_context(server(
                args, workdir, db_url=db_url, log_name=f"server{count}_{i}.log",
                extra=["--redis", redis.url], preexec=limits[i].preexec if limits else None))
                for i in range(count)]
            results = run_generator(args, running, services)
        if limits:
            throttled = ", ".join(f"{limit.throttled_ms() / 1000:.1f}" for limit in limits)
            print(f"CPU limit {args.cpu_limit:g} core per server (its bot workers included): "
                  f"held back by it {throttled} s in all, by server", flush=True)
    finally:
        for limit in limits:
            limit.close()
    report(results, args)
    for i in range(count):
        summarize_log(workdir / f"server{count}_{i}.log")
    return results


def summary(by_count: dict[int, list[dict[str, Any]]], args: argparse.Namespace) -> None:
    print(f"\nScaling (p99 target {args.target_ms:g} ms; all processes, PostgreSQL, Redis and "
          f"the load generator share {len(_cpus())} cores)")
    if args.cpu_limit:
        print(f"(each server capped at {args.cpu_limit:g} core, its bot workers included)")
    print(f"{'processes':>9} {'held':>6} {'at tables':>9} {'p99 ms':>7} {'hum/s':>6} "
          f"{'all/s':>6} {'servers':>8} {'bots+db':>8} {'machine':>8}")
    for count, results in sorted(by_count.items()):
        passing = [r for r in results if r["passed"]]
        failing = [r["tables"] for r in results if not r["passed"]]
        held = [r for r in passing if not failing or r["tables"] < min(failing)]
        best = max(held, key=lambda r: r["tables"]) if held else None
        shown = best or (max(results, key=lambda r: r["tables"]) if results else None)
        if shown is None:
            print(f"{count:>9} {'-':>6}")
            continue
        print(f"{count:>9} {best['tables'] if best else 'none':>6} {shown['tables']:>9} "
              f"{_fmt(shown['p99_ms'], '.1f'):>7} {shown['human_actions_s']:>6.1f} "
              f"{shown['all_actions_s']:>6.1f} {shown['server_cpu']:>7.0f}% "
              f"{shown['workers_cpu']:>7.0f}% {shown['machine_busy']:>7.0f}%")
    print("(held: the largest number of tables tried whose p99 meets the target, every smaller "
          "size meeting it too; the other columns are at that size)")


def _cpus() -> list[int]:
    return list(range(os.cpu_count() or 1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true",
                        help="smoke run: 1 and 2 processes, 30 and 60 tables, 10 s windows")
    parser.add_argument("--processes", type=sizes, help="process counts, in order (1,2,4)")
    parser.add_argument("--sizes", type=sizes, help="table counts per process count "
                                                    "(100,200,300,400)")
    parser.add_argument("--window", type=float, help="seconds measured per size (20)")
    parser.add_argument("--warmup", type=float, help="seconds of warm-up per size (5)")
    parser.add_argument("--budget", type=float,
                        help="seconds of load per process count, all sizes included (200)")
    parser.add_argument("--quiet-wait", type=float,
                        help="seconds to wait for other programs to calm down before a window")
    parser.add_argument("--cpu-limit", type=float, metavar="CORES",
                        help="cap each server process, its bot workers included, at this "
                             "many cores (`cpulimit.py`: a control group; needs root), so that "
                             "more processes than cores can show how capacity scales")
    parser.add_argument("--per-process", action="store_true",
                        help="--sizes are tables per process (multiplied by the process count)")
    add_load_arguments(parser)
    args = parser.parse_args()
    quick = args.quick
    defaults = {
        "processes": (1, 2) if quick else PROCESSES,
        "sizes": QUICK_SIZES if quick else FULL_SIZES,
        "window": 10.0 if quick else 20.0,
        "warmup": 3.0 if quick else 5.0,
        "budget": 80.0 if quick else 200.0,
        "quiet_wait": 5.0 if quick else 20.0,
    }
    for name, value in defaults.items():
        if getattr(args, name) is None:
            setattr(args, name, value)
    args.extra, args.bisect = (), 0
    print(f"machine: {machine_note()}")
    before = _machine_ticks()
    time.sleep(2)
    after = _machine_ticks()
    busy = 100.0 * (after[0] - before[0]) / max(after[1] - before[1], 1)
    print(f"machine busy before the run: {busy:.0f}% of every core over 2 s")
    print(f"load: Topword tables of {args.humans} simulated human(s) playing "
          f"{'real moves' if args.moves == 'real' else 'passes'} (mean think "
          f"{args.think_mean:g} s) + 1 bot {args.bot_level}, humans of a table on two different "
          f"processes; processes {args.processes}, sizes {args.sizes}", flush=True)
    workdir = Path(tempfile.mkdtemp(prefix="ludomots-load-"))
    cluster = PostgresCluster()
    redis = RedisServer()
    started = time.monotonic()
    by_count: dict[int, list[dict[str, Any]]] = {}
    failed = True
    try:
        cluster.start()
        redis.start()
        for count in args.processes:
            print(f"\n==== {count} process(es) ====", flush=True)
            by_count[count] = measure(args, count, cluster, redis, workdir)
        summary(by_count, args)
        print(f"\ntotal time {time.monotonic() - started:.0f} s")
        failed = False
    finally:
        redis.close()
        cluster.close()
        finish(workdir, args.keep, failed)


if __name__ == "__main__":
    main()
