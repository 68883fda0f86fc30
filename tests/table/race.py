"""Threads released together on a barrier: the closest a test gets to processes racing."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


def race(n: int, attempt: Callable[[int], T]) -> list[T | Exception]:
    """``attempt(i)`` for i in 0..n-1, each in its own thread, all started at the same moment;
    what each returned or raised, in order of ``i``."""
    barrier = threading.Barrier(n)
    results: dict[int, T | Exception] = {}

    def run(i: int) -> None:
        barrier.wait()
        try:
            results[i] = attempt(i)
        except Exception as exc:
            results[i] = exc

    threads = [threading.Thread(target=run, args=(i,)) for i in range(n)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return [results[i] for i in range(n)]
