"""The CPU a server process spends on the Redis bus per action (``ludomots/table/bus.py``).

Run: python benchmarks/bus.py [--rates 50,200,800] [--seconds 10]

What runs: a throwaway redis-server (``tests/table/services.py``) and one ``RedisBus``, as in
``ludomots serve --redis``: each stored action publishes a notice, and the process's own
listener receives it back from Redis (every process hears every notice, its own included).
Notices of a real Topword placement are published at a steady rate for a while; the figure is
this process's CPU time (``time.process_time``: all its threads, so a busy machine does not
inflate it) per notice, minus the same paced loop publishing nothing (the pacing and the idle
bus). Prints
figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.append(str(ROOT))  # appended: PYTHONPATH may point at another checkout to compare

from ludomots.table.bus import Notice, RedisBus  # noqa: E402
from tests.table.services import RedisServer  # noqa: E402

ACTION = {"type": "place", "start": "H8", "direction": "across", "word": "MAISON",
          "tiles": ["M", "A", "I", "S", "O", "N"]}


async def paced(bus: RedisBus, rate: float, count: int, publish: bool) -> float:
    """CPU seconds of ``count`` steps at ``rate`` a second (each publishing a notice, or not:
    the pacing's own cost), until the bus has sent them and heard them back."""
    cpu0, start = time.process_time(), time.monotonic()
    for i in range(count):
        if publish:
            bus.publish(Notice(f"table{i % 400}", "action", bus.process_id, i, i % 2, ACTION,
                               1500, "d" * 64))
        delay = start + (i + 1) / rate - time.monotonic()
        if delay > 0:
            await asyncio.sleep(delay)
    await bus.flush(30)
    await asyncio.sleep(0.5)  # the listener drains its own notices
    return time.process_time() - cpu0


async def measure(url: str, rate: float, seconds: float) -> tuple[float, float, int]:
    """(CPU ms per notice, pacing CPU ms per step, notices) for one rate: the steps that
    publish minus the same steps without a notice (the pacing, the idle bus)."""
    bus = RedisBus(url)

    async def no_resync() -> None:
        return None

    await bus.start(lambda notice: None, no_resync)
    try:
        await asyncio.sleep(0.5)
        count = int(rate * seconds)
        pacing = await paced(bus, rate, count, publish=False)
        spent = await paced(bus, rate, count, publish=True)
        return 1000 * (spent - pacing) / count, 1000 * pacing / count, count
    finally:
        await bus.close()


async def main_async(args: argparse.Namespace) -> None:
    redis = RedisServer().start()
    try:
        print(f"{'rate/s':>7} {'notices':>8} {'CPU ms/notice':>14} {'pacing ms/step':>14}")
        for rate in args.rates:
            per, pacing, count = await measure(redis.url, rate, args.seconds)
            print(f"{rate:>7g} {count:>8} {per:>14.3f} {pacing:>14.3f}", flush=True)
    finally:
        redis.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rates", type=lambda s: [float(x) for x in s.split(",")],
                        default=[50.0, 200.0, 800.0], help="notices per second")
    parser.add_argument("--seconds", type=float, default=10.0, help="seconds per rate")
    args = parser.parse_args()
    import ludomots.table.bus as bus_module

    print(f"bus module: {bus_module.__file__}")
    asyncio.run(main_async(args))


if __name__ == "__main__":
    main()
