"""The table layer without the network: server CPU per action, and where it goes.

Run: python benchmarks/manager.py [--tables 200] [--seconds 20] [--profile]

What runs: one ``TableManager`` on a fresh SQLite file (as ``ludomots serve``), N Topword tables
of two humans + one bot débutant (bots in worker processes, no bot delay), two subscribers per
table (one per human) whose payloads are JSON-encoded as the WebSocket writer does. The humans
pass as soon as they must act, so the manager runs flat out; a finished game is replaced by a
new table. It reports the actions played per second and the CPU time of this process (the event
loop, the database thread, the process pool's threads: everything ``ludomots serve`` spends
apart from the bots' own processes) per action. This is the figure the server benchmark's load
target depends on, measured without sockets and without a load generator sharing the cores.
``--profile`` adds a cProfile of the event loop's thread. Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import os
import pstats
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ludomots.server.ws import encode  # noqa: E402
from ludomots.table.manager import TableManager  # noqa: E402
from ludomots.table.model import SeatSpec  # noqa: E402
from ludomots.table.store import Store  # noqa: E402
from ludomots.table.subscription import Subscription  # noqa: E402

SEATS = [SeatSpec.human("Alice"), SeatSpec.human("Bob"), SeatSpec.bot("debutant")]
PASS = {"type": "pass", "exchange": None}


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


async def follow(sub: Subscription, counters: Counters, turns: asyncio.Queue[int]) -> None:
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
            turns.put_nowait(table["actions"])


async def human(manager: TableManager, table_id: str, seat: int, token: str,
                counters: Counters) -> None:
    sub = await manager.subscribe(table_id, seat)
    turns: asyncio.Queue[int] = asyncio.Queue()
    follower = asyncio.create_task(follow(sub, counters, turns))
    try:
        while True:
            await turns.get()
            table = manager.live_table(table_id)
            if table is None or table.status != "playing":
                return
            if seat in table.to_act():
                await manager.act(table_id, token, PASS)
                counters.human += 1
    finally:
        manager.unsubscribe(sub)
        follower.cancel()


async def table_slot(manager: TableManager, counters: Counters, stop: asyncio.Event) -> None:
    while not stop.is_set():
        table_id, tokens = await manager.create_table("topword", {"referee": "auto"}, SEATS)
        await asyncio.gather(*(human(manager, table_id, seat, token, counters)
                               for seat, token in tokens.items()))
        counters.games += 1


async def run(args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        store = Store(f"sqlite:///{tmp}/bench.db")
        store.create_schema()
        async with TableManager(store, executor="process", rate_limit=0) as manager:
            counters = Counters()
            stop = asyncio.Event()
            slots = [asyncio.create_task(table_slot(manager, counters, stop))
                     for _ in range(args.tables)]
            await asyncio.sleep(args.warmup)
            start_actions, start_human = counters.actions, counters.human
            start_payloads, start_bytes = counters.payloads, counters.encoded_bytes
            cpu, wall = time.process_time(), time.perf_counter()
            threads = thread_cpu()
            profile = cProfile.Profile() if args.profile else None
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
        store.close()
    print(f"{args.tables} tables, {args.seconds:.0f} s measured after {args.warmup:.0f} s")
    print(f"actions: {actions} ({actions / wall:.0f}/s; humans' passes {human_actions}, "
          f"bots' moves {actions - human_actions}); games finished: {counters.games}")
    print(f"CPU of this process (loop + database + pool threads): {cpu:.1f} s = "
          f"{100 * cpu / wall:.0f}% of a core, {1000 * cpu / max(actions, 1):.2f} ms per action")
    for name, spent in sorted(threads.items(), key=lambda item: -item[1]):
        if spent > 0:
            print(f"  {name:<24} {1000 * spent / max(actions, 1):.2f} ms per action")
    print(f"payloads: {payloads}, {(counters.encoded_bytes - start_bytes) / max(payloads, 1):.0f}"
          f" bytes on average")
    if profile:
        pstats.Stats(profile).sort_stats("cumulative").print_stats(35)
        pstats.Stats(profile).sort_stats("tottime").print_stats(25)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--warmup", type=float, default=5.0)
    parser.add_argument("--profile", action="store_true")
    asyncio.run(run(parser.parse_args()))


if __name__ == "__main__":
    main()
