"""Garbage-collector settings for the long-running server process.

Why: under load (``benchmarks/server.py``) CPython's full collections scanned every object of
every live game and paused the event loop for 100 to 400 ms each time games ended and new
ones began (the churn of whole tables is what triggers them), which alone broke the
action-to-broadcast p99. So:

- ``gc.freeze()`` once the server is ready: what is alive then (modules, the lexicon) moves to
  the permanent generation, never scanned again.
- A larger first threshold: the objects of one action (views, payloads, events) are freed by
  reference counting within milliseconds, before any collection promotes them.
- No automatic full collection: the young generations are still collected as usual (most
  cycles die young), and a full collection runs every ``FULL_COLLECTION_EVERY`` seconds, so
  cycles that lived long (closed connections) are reclaimed with one short pause every few
  minutes instead of one every few seconds under load.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import time

log = logging.getLogger(__name__)

#: Allocations before a young collection; young collections before a middle one; and middle
#: collections before a full one: never, in practice (see the module docstring).
SERVER_THRESHOLDS = (50_000, 20, 1_000_000_000)
FULL_COLLECTION_EVERY = 600.0

_tasks: set[asyncio.Task[None]] = set()


def tune_for_server() -> None:
    """Call once the server has loaded what it keeps (after resuming games), on its loop."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*SERVER_THRESHOLDS)
    task = asyncio.get_running_loop().create_task(_full_collections(FULL_COLLECTION_EVERY),
                                                  name="full-gc")
    _tasks.add(task)
    task.add_done_callback(_tasks.discard)


async def _full_collections(every: float) -> None:
    while True:
        await asyncio.sleep(every)
        started = time.perf_counter()
        found = gc.collect()
        log.debug("full collection: %d unreachable objects, %.0f ms", found,
                  (time.perf_counter() - started) * 1000)
