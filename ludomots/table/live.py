"""What a table manager keeps of its live tables, shared by its parts.

``TableManager`` (``manager.py``) is one object made of parts of one concern each: how a
table comes into memory (``loading.py``), how seats are taken and given up (``seating.py``),
and the manager itself (the one path of every action, subscribers, shutdown). This base
declares the state they share, the two pieces of plumbing they all use, and the methods one
part calls in another.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import weakref
from collections import OrderedDict
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from typing import Any, TypeVar

from ludomots.core.game import Event
from ludomots.table.cluster import Cluster
from ludomots.table.lobby import LobbyCache
from ludomots.table.store import Store
from ludomots.table.table import Table

T = TypeVar("T")

log = logging.getLogger("ludomots.table.manager")


class LiveTables:
    """The state of a ``TableManager`` (set by its ``__init__``) and what its parts share."""

    store: Store
    _now: Callable[[], float]
    _db_executor: Executor
    _load_executor: Executor
    _tables: dict[str, Table]
    _locks: weakref.WeakValueDictionary[str, asyncio.Lock]
    _hashes: dict[str, dict[int, str]]
    _finished: OrderedDict[str, Table]
    _load_lock: asyncio.Lock
    _closed: bool
    _resume_task: asyncio.Task[int] | None
    _listed: asyncio.Event
    _lobby: LobbyCache
    _cluster: Cluster
    _on_finish: Callable[[Table], None] | None
    _on_turns: Callable[[Table, frozenset[int]], None] | None

    # ---- plumbing -------------------------------------------------------------------------

    async def _db(self, fn: Callable[..., T], *args: Any) -> T:
        """Run a store call on the database thread (the loop never waits on I/O)."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._db_executor, functools.partial(fn, *args))

    def _lock(self, table_id: str) -> asyncio.Lock:
        lock = self._locks.get(table_id)
        if lock is None:
            lock = self._locks[table_id] = asyncio.Lock()
        return lock

    def _turns_moved(self, table: Table, waiting: frozenset[int]) -> None:
        """Call ``on_turns`` after a change this process stored, if whose turn it is changed
        or the game ended; ``waiting``: the seats that had to act before it."""
        if self._on_turns is not None and (table.to_act() != waiting
                                           or table.status == "over"):
            try:
                self._on_turns(table, waiting)
            except Exception:  # a missed notice: pages still refresh, more slowly
                log.exception("table %s: the turn hook failed", table.id)

    # ---- what one part calls in another ----------------------------------------------------

    async def _get(self, table_id: str) -> Table:
        """The live table, loaded from the store on first use (``loading.py``)."""
        raise NotImplementedError

    async def _mark_broken(self, table_id: str) -> None:
        """Store the status "broken" (``loading.py``)."""
        raise NotImplementedError

    async def seat_for_token(self, table_id: str, token: str) -> int | None:
        """The seat ``token`` owns at this table, or None (``seating.py``)."""
        raise NotImplementedError

    def _register(self, table: Table, hashes: dict[int, str]) -> None:
        """Make a table live here: bots, clocks, leases (``manager.py``)."""
        raise NotImplementedError

    def _changed(self, table: Table, events: Sequence[Event]) -> None:
        """Tell subscribers, wake bots and clocks (``manager.py``)."""
        raise NotImplementedError

    def start_stale_sweep(self) -> None:
        """Close abandoned waiting tables now and from time to time (``stale.py``)."""
        raise NotImplementedError

    def _lobby_update(self, table: Table) -> None:
        """Patch the lobby's page with a change made here (``manager.py``)."""
        raise NotImplementedError
