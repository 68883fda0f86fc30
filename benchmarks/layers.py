"""Where a server process spends its CPU, by layer, from a py-spy profile.

Run: python benchmarks/layers.py PROFILE.txt [--ms-per-action 4.1] [--top 25]

``PROFILE.txt`` holds collapsed stacks (``py-spy record --format raw``; ``load.py`` and
``server.py`` write one per measured window with ``--profile PREFIX``). py-spy samples the
thread holding the GIL (``--gil``), so a layer's share of the samples is about its share of
the process's CPU (work done without the GIL, in the database driver's C code for instance,
is missed). With
``--ms-per-action`` (the benchmark's "server ms/action" column, measured from ``/proc`` over
the same window) each share is also given in milliseconds of CPU per action.

Each sample goes to one layer, by the rules of ``TIERS`` (the database driver counts as the
database whoever called it; a game's code as a view or as applying an action according to
which of the table's entry points called it). A stack no rule matches is "event loop"
when its innermost frame is asyncio's or uvloop's own, else "other" (the ``--top`` list shows
those frames). Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import collections
import re
from pathlib import Path

#: (layer, pattern on "function (file:line)"), in three tiers: a sample goes to the first tier
#: with a rule matching one of its frames, and within it to the innermost such frame. First the
#: libraries doing the work (whoever called them), then the table's own entry points (so a
#: game's code counts as a view or as applying an action according to who called it), then
#: each module of the server.
TIERS: tuple[tuple[tuple[str, str], ...], ...] = (
    (
        ("JSON encoding (WebSocket payloads)", r"^encode \(ludomots/server/ws\.py|orjson"),
        ("JSON parsing", r"parse_json|parse_message|json/decoder"),
        ("logging", r"\(logging/|ludomots/server/logs\.py|logcontext\.py"),
        ("metrics", r"prometheus_client"),
        ("database driver (psycopg, SQLAlchemy; any caller)", r"psycopg|sqlalchemy|sqlite3"),
        ("Redis client (bus, leases)", r"\(redis/"),
        ("bots: pickling, process pool", r"concurrent/futures/process|multiprocessing|pickle"),
        ("WebSocket compression", r"permessage_deflate"),
    ),
    (
        ("views (per seat)", r"Table\.(update_views|views|view|events_for) \(ludomots/table/"),
        ("table apply: state digest", r"State\.digest \(ludomots/core/"),
        ("table apply: rules (decode, check, play)", r"Table\.(play|commit|rewind) \("
                                                     r"ludomots/table/"),
        ("bots: job (state to JSON)", r"Table\.bot_job \("),
    ),
    (
        ("store (group writer, database thread hand-off)", r"ludomots/table/(writer|store|"
                                                           r"appends|live)\.py"),
        ("bus, leases (ludomots side)", r"ludomots/table/(bus|leases|cluster)\.py"),
        ("bots (runner, pool)", r"ludomots/table/(bots|botpool|worker)\.py"),
        ("clocks", r"ludomots/table/clock(loop)?\.py"),
        ("turn notices, lobby, personal hub", r"ludomots/server/(turns|personal)\.py|"
                                              r"ludomots/table/lobby\.py|ludomots/accounts/"),
        ("table manager", r"ludomots/table/|ludomots/games/|ludomots/core/"),
        ("WebSocket connection (ludomots ws.py)", r"ludomots/server/(ws|chat)\.py"),
        ("WebSocket/HTTP (uvicorn, websockets, starlette)", r"uvicorn|websockets/|starlette|"
                                                             r"httptools|h11"),
        ("HTTP API (ludomots)", r"ludomots/server/"),
    ),
)
RUNNER = re.compile(r"^(Runner\.run|run_until_complete|run_forever) \(asyncio/")
LOOP = re.compile(r"asyncio|uvloop|selectors|threading\.py|queue\.py")
COMPILED = [[(layer, re.compile(pattern)) for layer, pattern in tier] for tier in TIERS]


def classify(frames: list[str]) -> tuple[str, str]:
    """(layer, the frame that decided it) for one stack, root first."""
    if frames and RUNNER.search(frames[-1]):  # in the loop's own C code (uvloop): I/O, timers
        return "event loop", frames[-1]
    for tier in COMPILED:
        for frame in reversed(frames):
            for layer, rule in tier:
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
