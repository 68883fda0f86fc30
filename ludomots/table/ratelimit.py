"""Actions per token per time window: a browser stuck in a loop (or a script) cannot flood a
table, the database and every subscriber with refused actions. Failed attempts count too."""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable


class RateLimiter:
    """Sliding window: at most ``limit`` hits per key within ``window`` seconds (0 = no limit)."""

    def __init__(self, limit: int = 10, window: float = 1.0,
                 now: Callable[[], float] = time.monotonic) -> None:
        self.limit = limit
        self.window = window
        self._now = now
        self._hits: dict[str, deque[float]] = {}

    def hit(self, key: str) -> bool:
        """Count one attempt; False when the key is over its limit (the attempt is refused)."""
        if self.limit <= 0:
            return True
        now = self._now()
        hits = self._hits.setdefault(key, deque())
        while hits and hits[0] <= now - self.window:
            hits.popleft()
        if len(hits) >= self.limit:
            return False
        hits.append(now)
        if len(self._hits) > 10_000:
            self._prune(now)
        return True

    def _prune(self, now: float) -> None:
        for key in [k for k, h in self._hits.items() if not h or h[-1] <= now - self.window]:
            del self._hits[key]
