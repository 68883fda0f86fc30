"""A subscriber's queue of payloads, already filtered for its seat.

Each payload carries the complete view, so a subscriber that falls too far behind loses nothing
by being cut off: its queue is closed and the client reconnects and gets a fresh view. That
bounds the memory a stalled browser can pin on the server.
"""

from __future__ import annotations

import asyncio
from typing import Any

Payload = dict[str, Any]


class Subscription:
    """``async for payload in subscription`` until it is closed (by either side)."""

    def __init__(self, table_id: str, seat: int | None, maxsize: int = 256) -> None:
        self.table_id = table_id
        self.seat = seat
        self.closed = False
        self.overflowed = False
        self._queue: asyncio.Queue[Payload | None] = asyncio.Queue(maxsize=maxsize + 1)
        self._maxsize = maxsize

    def push(self, payload: Payload) -> bool:
        """Queue a payload; False (and the subscription closed) if it is full or closed."""
        if self.closed:
            return False
        if self._queue.qsize() >= self._maxsize:
            self.overflowed = True
            self.close()
            return False
        self._queue.put_nowait(payload)
        return True

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self._queue.put_nowait(None)  # the spare slot: always room for the end marker

    async def get(self) -> Payload | None:
        """The next payload, or None once closed and drained."""
        if self._queue.empty() and self.closed:
            return None
        return await self._queue.get()

    def pending(self) -> int:
        return self._queue.qsize()

    def __aiter__(self) -> Subscription:
        return self

    async def __anext__(self) -> Payload:
        payload = await self.get()
        if payload is None:
            raise StopAsyncIteration
        return payload
