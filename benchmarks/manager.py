"""The table layer without the network: server CPU per action, and where it goes.

Run: python benchmarks/manager.py [--tables 200] [--seconds 20] [--moves pass|real]
[--humans 2] [--bot debutant] [--profile]

What runs: one ``TableManager`` on a fresh SQLite file (as ``ludomots serve``), N Topword tables
of two humans (``--humans``) + one bot débutant (``--bot``; bots in worker processes, no bot
delay), one subscriber per human whose payloads are JSON-encoded as the WebSocket writer does.
The humans act as soon as they must, so the manager runs flat out; a finished game is replaced
by a new table. ``--moves pass``: they pass; ``--moves real``: they play what the load
benchmark's humans play (``loadkit.real_move``: a real placement from the move generator,
validated, scored and stored by the server), found in a separate process so that its CPU is
not counted as the server's. It reports the actions played per second and the CPU time of
this process (the event loop, the database thread, the process pool's threads: everything
``ludomots serve`` spends apart from the bots' own processes) per action. This is the figure
the server benchmark's load target depends on, measured without sockets and without a load
generator sharing the cores. ``--profile`` adds a cProfile of the event loop's thread (its
CPU time). Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import json
import multiprocessing
import os
import pstats
import sys
import tempfile
import threading
import time
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from loadkit import real_move  # noqa: E402

from ludomots.core.errors import RuleError  # noqa: E402
from ludomots.server.gc_tuning import tune_for_server  # noqa: E402
from ludomots.server.ws import encode  # noqa: E402
from ludomots.table.manager import TableManager  # noqa: E402
from ludomots.table.model import SeatSpec  # noqa: E402
from ludomots.table.store import Store  # noqa: E402
from ludomots.table.subscription import Subscription  # noqa: E402

PASS = {"type": "pass", "exchange": None}


def seats(args: argparse.Namespace) -> list[SeatSpec]:
    return [SeatSpec.human(name) for name in ("Alice", "Bob")[:args.humans]] + \
        [SeatSpec.bot(args.bot)]


def move_source(moves: str, executor: str) -> Executor | None:
    """The process (or, with ``--executor thread``, the thread) that finds the humans' real
    moves (None: they pass)."""
    if moves == "pass":
        return None
    if executor == "thread":
        return ThreadPoolExecutor(max_workers=1, thread_name_prefix="move-source")
    return ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"))


async def decide(moves: Executor | None, view: dict[str, Any]) -> object:
    """The human's action: a pass, or ``real_move``'s (found off this process)."""
    if moves is None:
        return PASS
    message = await asyncio.get_running_loop().run_in_executor(moves, real_move, view)
    action: object = json.loads(message)["action"]
    return action


TICKS = os.sysconf("SC_CLK_TCK")


def thread_cpu() -> dict[str, float]:
    """CPU seconds of each thread of this process, by Python thread name."""
    names = {t.native_id: t.name for t in threading.enumerate()}
    out: dict[str, float] = {}
    for tid in os.listdir("/proc/self/task"):
        try:
            fields = Path(f"/proc/self/task/{tid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        name = names.get(int(tid), "other")
        name = "event loop" if name == "MainThread" else name.split("_")[0]
        out[name] = out.get(name, 0.0) + (int(fields[11]) + int(fields[12])) / TICKS
    return out


class Counters:
    def __init__(self) -> None:
        self.actions = 0
        self.human = 0
        self.games = 0
        self.encoded_bytes = 0
        self.payloads = 0
        self.refused = 0


async def follow(sub: Subscription, counters: Counters,
                 turns: asyncio.Queue[dict[str, Any]]) -> None:
    """Encode every payload (as the WebSocket writer does) and report the actions seen."""
    seen = -1
    async for payload in sub:
        text = encode(payload)
        counters.encoded_bytes += len(text)
        counters.payloads += 1
        table = payload["view"]["table"]
        if sub.seat == 0 and table["actions"] != seen:
            counters.actions += max(0, table["actions"] - max(seen, 0))
            seen = table["actions"]
        if sub.seat in table["to_act"] or table["status"] != "playing":
            turns.put_nowait(payload["view"])


async def human(manager: TableManager, table_id: str, seat: int, token: str,
                counters: Counters, moves: Executor | None) -> None:
    sub = await manager.subscribe(table_id, seat)
    turns: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
    follower = asyncio.create_task(follow(sub, counters, turns))
    try:
        while True:
            view = await turns.get()
            table = manager.live_table(table_id)
            if table is None or table.status != "playing":
                return
            if seat in table.to_act() and view["table"]["actions"] == table.seq:
                action = await decide(moves, view)
                if table.seq != view["table"]["actions"]:
                    continue  # the position moved on meanwhile (the other human)
                try:
                    await manager.act(table_id, token, action)
                except RuleError as exc:  # a real move is legal: say so, then pass
                    counters.refused += 1
                    print(f"refused: {exc.code} {action}", file=sys.stderr)
                    await manager.act(table_id, token, PASS)
                counters.human += 1
    finally:
        manager.unsubscribe(sub)
        follower.cancel()


async def table_slot(manager: TableManager, counters: Counters, stop: asyncio.Event,
                     args: argparse.Namespace, moves: Executor | None) -> None:
    while not stop.is_set():
        table_id, tokens = await manager.create_table("topword", {"referee": "auto"},
                                                      seats(args))
        await asyncio.gather(*(human(manager, table_id, seat, token, counters, moves)
                               for seat, token in tokens.items()))
        counters.games += 1


async def run(args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        store = Store(f"sqlite:///{tmp}/bench.db")
        store.create_schema()
        moves = move_source(args.moves, args.executor)
        async with TableManager(store, executor=args.executor, rate_limit=0) as manager:
            tune_for_server()  # as ``ludomots serve`` does once ready
            counters = Counters()
            stop = asyncio.Event()
            slots = [asyncio.create_task(table_slot(manager, counters, stop, args, moves))
                     for _ in range(args.tables)]
            await asyncio.sleep(args.warmup)
            start_actions, start_human = counters.actions, counters.human
            start_payloads, start_bytes = counters.payloads, counters.encoded_bytes
            cpu, wall = time.process_time(), time.perf_counter()
            threads = thread_cpu()
            # CPU time of the loop's thread, not wall time: a busy machine would otherwise
            # charge the time this process waited for a core to whatever it was doing.
            profile = cProfile.Profile(time.thread_time) if args.profile else None
            if profile:
                profile.enable()
            await asyncio.sleep(args.seconds)
            if profile:
                profile.disable()
            cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
            threads = {name: spent - threads.get(name, 0.0)
                       for name, spent in thread_cpu().items()}
            actions = counters.actions - start_actions
            human_actions = counters.human - start_human
            payloads = counters.payloads - start_payloads
            stop.set()
            for slot in slots:
                slot.cancel()
            await asyncio.gather(*slots, return_exceptions=True)
        if moves is not None:
            moves.shutdown(cancel_futures=True)
        store.close()
    print(f"{args.tables} tables, {args.seconds:.0f} s measured after {args.warmup:.0f} s")
    what = "passes" if args.moves == "pass" else "moves"
    print(f"{args.humans} human(s) ({args.moves} moves) + 1 bot {args.bot} per table")
    print(f"actions: {actions} ({actions / wall:.0f}/s; humans' {what} {human_actions}, "
          f"bots' moves {actions - human_actions}); games finished: {counters.games}; "
          f"refused: {counters.refused}")
    print(f"CPU of this process (loop + database + pool threads): {cpu:.1f} s = "
          f"{100 * cpu / wall:.0f}% of a core, {1000 * cpu / max(actions, 1):.2f} ms per action")
    for name, spent in sorted(threads.items(), key=lambda item: -item[1]):
        if spent > 0:
            print(f"  {name:<24} {1000 * spent / max(actions, 1):.2f} ms per action")
    print(f"payloads: {payloads}, {(counters.encoded_bytes - start_bytes) / max(payloads, 1):.0f}"
          f" bytes on average")
    if profile:
        pstats.Stats(profile).sort_stats("cumulative").print_stats(35)
        lines = int(os.environ.get("PROFILE_LINES", "25"))
        pstats.Stats(profile).sort_stats("tottime").print_stats(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--warmup", type=float, default=5.0)
    parser.add_argument("--moves", choices=["pass", "real"], default="pass")
    parser.add_argument("--humans", type=int, choices=[1, 2], default=2)
    parser.add_argument("--bot", default="debutant")
    parser.add_argument("--executor", choices=["process", "thread"], default="process",
                        help="thread: the bots and the humans' move finder run in threads of "
                             "this process (their CPU then shows in the per-thread lines, not "
                             "on the event loop's), for a busy machine where niced worker "
                             "processes would starve")
    parser.add_argument("--profile", action="store_true")
    asyncio.run(run(parser.parse_args()))


if __name__ == "__main__":
    main()
