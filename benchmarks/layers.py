"""Where a server process spends its CPU, by layer, from a py-spy profile.

Run: python benchmarks/layers.py PROFILE.txt [--ms-per-action 4.1] [--top 25]

``PROFILE.txt`` holds collapsed stacks (``py-spy record --format raw``; ``load.py`` and
``server.py`` write one per measured window with ``--profile PREFIX``). py-spy samples the
thread holding the GIL (``--gil``), so a layer's share of the samples is about its share of
the process's CPU (work done without the GIL, in the database driver's C code for instance,
is missed). With
``--ms-per-action`` (the benchmark's "server ms/action" column, measured from ``/proc`` over
the same window) each share is also given in milliseconds of CPU per action.

Each sample goes to one layer: the innermost frame of its stack that a rule of ``LAYERS``
matches (so the JSON encoding called by the WebSocket writer counts as JSON encoding, and the
database driver called by the store as the store). A stack no rule matches is "event loop"
when its innermost frame is asyncio's or uvloop's own, else "other" (the ``--top`` list shows
those frames). Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import collections
import re
from pathlib import Path

#: (layer, pattern on "function (file:line)"), tried on each frame from the innermost out.
LAYERS: tuple[tuple[str, str], ...] = (
    ("JSON encoding", r"^encode \(.*ludomots/server/ws\.py|orjson|json/encoder"),
    ("JSON parsing", r"parse_json|parse_message|json/decoder"),
    ("logging", r"/logging/|ludomots/server/logs\.py|logcontext\.py"),
    ("metrics", r"prometheus_client"),
    ("store (database thread)", r"psycopg|sqlalchemy|sqlite3|ludomots/table/store\.py|"
                                r"ludomots/table/appends\.py"),
    ("store (group writer)", r"ludomots/table/writer\.py"),
    ("bus (Redis)", r"/redis/|ludomots/table/bus\.py|ludomots/table/leases\.py|"
                    r"ludomots/table/cluster\.py"),
    ("bots (pool, IPC)", r"ludomots/table/bots\.py|ludomots/table/botpool\.py|"
                         r"ludomots/table/worker\.py|concurrent/futures/process|"
                         r"multiprocessing|pickle"),
    ("clocks", r"ludomots/table/clock(loop)?\.py"),
    ("turn notices, lobby", r"ludomots/server/(turns|personal)\.py|ludomots/table/lobby\.py"),
    ("views", r"^(views|update_views|view|_mark_timeouts|events_for) \(.*ludomots/table/"
              r"table\.py|ludomots/games/.*/view|^view \(|_view \("),
    ("table apply (play, commit)", r"ludomots/table/table\.py|ludomots/games/|ludomots/core/|"
                                   r"ludomots/lexicon/"),
    ("manager", r"ludomots/table/manager\.py|ludomots/table/subscription\.py"),
    ("WebSocket layer (ludomots ws)", r"ludomots/server/ws\.py|ludomots/server/chat\.py"),
    ("WebSocket/HTTP (uvicorn, websockets, starlette)", r"uvicorn|/websockets/|starlette|"
                                                         r"httptools|h11"),
    ("ludomots HTTP API", r"ludomots/server/"),
    ("garbage collection", r"^<gc>|gc_collect"),
)
RUNNER = re.compile(r"^(Runner\.run|run_until_complete|run_forever) \(asyncio/")
LOOP = re.compile(r"asyncio|uvloop|selectors|threading\.py|queue\.py")
RULES = [(layer, re.compile(pattern)) for layer, pattern in LAYERS]


def classify(frames: list[str]) -> tuple[str, str]:
    """(layer, the frame that decided it) for one stack, root first."""
    if frames and RUNNER.search(frames[-1]):  # in the loop's own C code (uvloop): I/O, timers
        return "event loop", frames[-1]
    for frame in reversed(frames):
        for layer, rule in RULES:
            if rule.search(frame):
                return layer, frame
    leaf = frames[-1] if frames else "?"
    return ("event loop" if LOOP.search(leaf) else "other"), leaf


def read(path: Path) -> tuple[collections.Counter[str], collections.Counter[str], int]:
    layers: collections.Counter[str] = collections.Counter()
    others: collections.Counter[str] = collections.Counter()
    total = 0
    for line in path.read_text(errors="replace").splitlines():
        stack, _, count = line.rpartition(" ")
        if not stack or not count.isdigit():
            continue
        frames = [f for f in stack.split(";") if not f.startswith(("process ", "thread "))]
        layer, frame = classify(frames)
        layers[layer] += int(count)
        if layer in ("other", "event loop"):
            others[f"{layer}: {frame}"] += int(count)
        total += int(count)
    return layers, others, total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("profile", type=Path)
    parser.add_argument("--ms-per-action", type=float,
                        help="the server's CPU per action over the same window (ms)")
    parser.add_argument("--top", type=int, default=12,
                        help="innermost frames shown for 'other' and 'event loop'")
    args = parser.parse_args()
    layers, others, total = read(args.profile)
    if not total:
        raise SystemExit(f"{args.profile}: no samples")
    print(f"{args.profile}: {total} samples")
    print(f"{'layer':<50} {'share':>6}" + (f" {'ms/action':>9}" if args.ms_per_action else ""))
    for layer, count in layers.most_common():
        share = count / total
        extra = f" {share * args.ms_per_action:>9.2f}" if args.ms_per_action else ""
        print(f"{layer:<50} {100 * share:>5.1f}%{extra}")
    if others:
        print(f"\ninnermost frames of 'other' and 'event loop' (top {args.top}):")
        for frame, count in others.most_common(args.top):
            print(f"  {100 * count / total:>5.1f}%  {frame[:110]}")


if __name__ == "__main__":
    main()
