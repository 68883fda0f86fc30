"""The lobby's page, kept ready: ``GET /api/tables`` is polled by every home page, and reading
and sorting the live tables at every request cost milliseconds of the database thread that
stores the actions (8 ms at 1,319 live tables, issue 22).

The page (its entries and their JSON) is read from the store at most once per ``ttl``
seconds, in the background, and served from memory in between. What this process changes
(a table created, a player seated, a game over or broken) is patched into the page at once
(``put``, ``drop``), without the store, and patched again into a page being read meanwhile:
a visitor never waits for the store and never sees a table come back. What only moves the
order (a table's last move) or happens on another process shows up within ``ttl``. A page
older than ``stale_limit`` (the database away, say) is not served: the request waits for the
store, and gets its error.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import orjson

from ludomots.core import registry
from ludomots.table.logcontext import no_table
from ludomots.table.model import TableInfo

log = logging.getLogger(__name__)

DEFAULT_TTL = 1.0
DEFAULT_STALE_LIMIT = 10.0

Entry = dict[str, Any]
Patch = Callable[[list[Entry]], list[Entry]]


@dataclass(frozen=True)
class LobbyPage:
    entries: tuple[Entry, ...]
    body: bytes  # the entries as a JSON array


def lobby_entry(info: TableInfo) -> Entry:
    """What the lobby (and a table's info) shows of a table: no seed, no token."""
    entry = info.public_json()
    try:
        entry["title"] = registry.get_game(info.game).title
    except Exception:  # a game missing for a moment: its name
        entry["title"] = info.game
    return entry


def _order(entry: Entry) -> tuple[int, str]:
    """Most recently active first, as the store sorts them."""
    return -int(entry["updated_at"]), str(entry["id"])


class LobbyCache:
    """See the module docstring. ``build`` reads the ``size`` entries from the store."""

    def __init__(self, build: Callable[[], Awaitable[list[Entry]]], size: int, *,
                 ttl: float = DEFAULT_TTL, stale_limit: float = DEFAULT_STALE_LIMIT,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self._build = build
        self._size = size
        self._ttl = ttl
        self._stale_limit = max(ttl, stale_limit)
        self._clock = clock
        self._page: LobbyPage | None = None
        self._built_at = 0.0
        self._version = 0  # one more at each patch
        self._patches: list[tuple[int, Patch]] = []
        self._task: asyncio.Task[None] | None = None

    async def page(self) -> LobbyPage:
        page = self._page
        age = self._clock() - self._built_at
        if page is None or age >= self._stale_limit:
            return await self._fresh()
        if age >= self._ttl and self._task is None:
            self._start().add_done_callback(self._background_done)
        return page

    def put(self, entry: Entry) -> None:
        """A live table as it is now (new, or its seats or order changed)."""
        table_id = entry["id"]

        def patch(entries: list[Entry]) -> list[Entry]:
            others = [e for e in entries if e["id"] != table_id]
            return sorted([*others, entry], key=_order)[:self._size]
        self._patch(patch)

    def drop(self, table_id: str) -> None:
        """A table that left the lobby (over, broken)."""
        self._patch(lambda entries: [e for e in entries if e["id"] != table_id])

    def _patch(self, patch: Patch) -> None:
        self._version += 1
        self._patches.append((self._version, patch))
        if self._page is not None:
            self._page = self._encode(patch(list(self._page.entries)))
        if self._task is None:  # nothing being read that would need it again
            self._patches.clear()

    @staticmethod
    def _encode(entries: list[Entry]) -> LobbyPage:
        return LobbyPage(tuple(entries), orjson.dumps(entries))

    async def _fresh(self) -> LobbyPage:
        """Wait for a page read from the store now (its errors reach the caller)."""
        task = self._task or self._start()
        await asyncio.shield(task)
        assert self._page is not None
        return self._page

    def _start(self) -> asyncio.Task[None]:
        task = asyncio.get_running_loop().create_task(
            self._rebuild(self._version), name="lobby", context=no_table())
        self._task = task
        return task

    async def _rebuild(self, version: int) -> None:
        started = self._clock()
        try:
            entries = await self._build()
            for patched_at, patch in self._patches:
                if patched_at > version:  # changed here while the store was being read
                    entries = patch(entries)
            self._page = self._encode(entries)
            self._built_at = started
        finally:
            self._patches.clear()
            self._task = None

    @staticmethod
    def _background_done(task: asyncio.Task[None]) -> None:
        if not task.cancelled() and task.exception() is not None:
            log.warning("lobby: cannot read the page (%s); serving the last one",
                        task.exception())
