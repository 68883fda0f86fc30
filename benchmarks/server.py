"""The web server under load: simulated Topword tables over real WebSockets on loopback.

Run: python benchmarks/server.py            (full run, about 10 minutes)
     python benchmarks/server.py --quick    (smoke run: 20 and 50 tables, 15 s windows)

Target (issue 22): one server process (2 cores) holds >= 400 active Topword tables at the
verdict below. This reports the largest number of tables that meets it, and the figures at
each size tried.

How: this process starts ONE real server (``ludomots serve`` on a free loopback port, a fresh
SQLite file, bots in worker processes, ``--bot-delay 0``) and runs the load generator in a
second process (``loadkit.py --loadgen``: asyncio, httpx, websockets; shared with
``load.py``, which runs the same load against several processes). For each table the
generator creates a Topword table (``POST /api/tables``: seats human, human, bot débutant;
automatic referee), has the second human join (``POST /api/tables/{id}/join``), opens one
WebSocket per human (``hello`` with the seat token), and whenever a human must act
(``view.table.to_act`` holds its seat) waits a seeded exponential delay of mean 2 s and plays
a real move (``--moves real``, the default since issue 22): the first legal Topword placement
the move generator finds from what that seat sees (found in a worker process of the
generator during the think time), or a pass exchanging a tile when there is none; ``--moves
pass`` only passes (the load of issue 4, which validated and scored no word). ``--humans 1``
plays tables of one human and the bot; ``--bot-level`` chooses the bot. A finished game is
replaced by a new table, so N tables stay live. The latency of an action is measured from
just before the generator sends it to the moment the OTHER human's socket (the same one with
one human) receives the ``update`` whose ``view.table.actions`` shows it applied (and
``view.game.last`` is that seat's move).

The verdict at each size (issue 22) needs all three: the humans' p99 <= 100 ms; the bot-turn
p95 <= 2 s (from the moment the bot must act to its move shown, on the first human's socket);
and the offered load delivered: the humans' actions sent per second at least 95 % of what the
live tables offer (one action per mean think time per table, the server and bot answering at
once). Every table counts its bot turns: the report gives the bot turns in the window, how
many tables had one, the median per table, and the bots still waiting over 2 s at the
window's end. Sizes are tried in increasing order on the same server (tables carry
over from one size to the next); each size gets a warm-up, then a fixed measurement window.
An action still unanswered a few seconds after the window counts as infinitely late. When
500 tables meet the target, 750 and 1000 are tried; then up to two sizes between the largest
that meets it and the smallest that misses it (going down leaves the surplus tables idle on the
server: unfinished games nobody plays, which still take memory).

Server limits: creations and joins are limited to 60 a minute per client address
(``ServerSettings.http_rate_limit``, which ``ludomots serve`` cannot change), so the generator
spreads its simulated clients over loopback source addresses 127.0.0.2, 127.0.0.3, ... and
keeps each one under 55 a minute itself, like players behind different addresses.

Both processes share the machine's cores (the load generator's CPU and event-loop lag are
reported too); figures are for this machine only. Before each window the generator waits (a
minute at most) until programs outside the benchmark use under 25 % of a core, and a window
during which they used more is marked "disturbed". Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path
from typing import Any

from loadkit import (
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

FULL_SIZES = (100, 200, 300, 500)
FULL_EXTRA = (750, 1000)
QUICK_SIZES = (20, 50)


def conduct(args: argparse.Namespace) -> None:
    print(f"machine: {machine_note()}")
    before = _machine_ticks()
    time.sleep(2)
    after = _machine_ticks()
    idle_busy = 100.0 * (after[0] - before[0]) / max(after[1] - before[1], 1)
    print(f"machine busy before the run: {idle_busy:.0f}% of every core over 2 s")
    print(f"load: Topword tables of {args.humans} simulated human(s) playing "
          f"{'real moves' if args.moves == 'real' else 'passes'} after a seeded exponential "
          f"think time (mean {args.think_mean:g} s) + 1 bot {args.bot_level}; sizes "
          f"{args.sizes}, then {args.extra} while the verdict holds; budget {args.budget:g} s",
          flush=True)
    workdir = Path(tempfile.mkdtemp(prefix="ludomots-bench-"))
    results: list[dict[str, Any]] = []
    started = time.monotonic()
    failed = True
    try:
        with server(args, workdir) as running:
            results = run_generator(args, [running])
        report(results, args)
        summarize_log(workdir / "server.log")
        print(f"\ntotal time {time.monotonic() - started:.0f} s")
        failed = False
    finally:
        finish(workdir, args.keep, failed)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true",
                        help="smoke run: 20 and 50 tables, 15 s windows")
    parser.add_argument("--sizes", type=sizes, help="table counts, in order (100,200,300,500)")
    parser.add_argument("--extra", type=sizes,
                        help="larger counts tried while the target holds (750,1000)")
    parser.add_argument("--window", type=float, help="seconds measured per size (40)")
    parser.add_argument("--warmup", type=float, help="seconds of warm-up per size (10)")
    parser.add_argument("--budget", type=float,
                        help="seconds for the load generator, all sizes included (540)")
    parser.add_argument("--bisect", type=int,
                        help="extra sizes tried between the last pass and the first miss (2)")
    parser.add_argument("--quiet-wait", type=float,
                        help="seconds to wait for other programs to calm down before a window (60)")
    add_load_arguments(parser)
    args = parser.parse_args()
    quick = args.quick
    defaults = {
        "sizes": QUICK_SIZES if quick else FULL_SIZES,
        "extra": () if quick else FULL_EXTRA,
        "window": 15.0 if quick else 40.0,
        "warmup": 5.0 if quick else 10.0,
        "budget": 150.0 if quick else 540.0,
        "quiet_wait": 20.0 if quick else 60.0,
        "bisect": 0 if quick else 2,
    }
    for name, value in defaults.items():
        if getattr(args, name) is None:
            setattr(args, name, value)
    if not 1 <= args.addresses <= 250:
        parser.error("--addresses: 1 to 250")
    conduct(args)


if __name__ == "__main__":
    main()
