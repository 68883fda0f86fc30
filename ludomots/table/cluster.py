"""The table manager's side of running several server processes: leases and the bus.

Every stored action is announced on the bus (``bus.py``); a process that has the table loaded
applies it (or reloads from the store when it missed one), so its subscribers see every
action, in order, whichever process received it. Bots and timeouts run only in the process
holding the table's lease (``leases.py``); the others keep the table only while someone
watches it there. Alone (``LocalBus``, ``LocalLeases``), this process owns every table and
nothing here does any work.

A collaborator of its own, not part of ``TableManager``, so that serving tables reads without
the multi-process machinery: the manager calls it at a few points (a table registered,
changed or evicted; an action stored; shutdown) and it calls back only through the functions
it is given (load a table, a table's lock, catch up, changed, owned, evict), never into the
manager's private state.
"""

from __future__ import annotations

import asyncio
import logging
import math
import time
from collections.abc import Awaitable, Callable, Coroutine, Iterable, Mapping, Sequence
from typing import Any, Protocol

from ludomots.core.game import Event
from ludomots.table.bus import LocalBus, Notice
from ludomots.table.leases import LocalLeases
from ludomots.table.metrics import LEASE_TAKEOVERS, LEASES_LOST
from ludomots.table.model import StoredAction
from ludomots.table.store import Store
from ludomots.table.table import Move, Table
from ludomots.table.writer import RunDb

log = logging.getLogger(__name__)

#: Every how many lease renewals the orphan sweep looks for tables nobody owns.
SWEEP_EVERY = 3


class Bus(Protocol):
    process_id: str
    distributed: bool

    async def start(self, on_notice: Callable[[Notice], None],
                    on_resync: Callable[[], Awaitable[None]]) -> None: ...
    def publish(self, notice: Notice) -> None: ...
    async def close(self) -> None: ...


class Leases(Protocol):
    distributed: bool
    ttl: float

    def owns(self, table_id: str) -> bool: ...
    async def claim(self, table_ids: Iterable[str]) -> set[str]: ...
    async def renew(self) -> set[str]: ...
    async def unowned(self, table_ids: Iterable[str]) -> set[str]: ...
    async def release(self, table_ids: Iterable[str]) -> None: ...
    async def close(self) -> None: ...


class Cluster:
    """This process among the others; see the module docstring. ``tables``: the manager's
    live tables (read only). ``owned``: called when this process gains a table's lease."""

    def __init__(
        self,
        bus: Bus | None,
        leases: Leases | None,
        *,
        tables: Mapping[str, Table],
        store: Store,
        run_db: RunDb,
        load: Callable[[str], Awaitable[Table]],
        lock: Callable[[str], asyncio.Lock],
        catch_up: Callable[[Table], Awaitable[bool]],
        changed: Callable[[Table, Sequence[Event]], None],
        owned: Callable[[Table], None],
        evict: Callable[[Table], None],
    ) -> None:
        self._bus: Bus = bus or LocalBus()
        self._leases: Leases = leases or LocalLeases()
        self._tables = tables
        self._store = store
        self._db = run_db
        self._load = load
        self._lock = lock
        self._catch_up = catch_up
        self._changed = changed
        self._owned = owned
        self._evict = evict
        self._closed = False
        self._lease_task: asyncio.Task[None] | None = None
        self._claiming: set[str] = set()
        self._claim_tried: dict[str, float] = {}  # monotonic time of the last refused claim
        # Tables being loaded from the store: whether news about them came meanwhile.
        self._loading: dict[str, bool] = {}
        self._notice_tasks: set[asyncio.Task[Any]] = set()

    @property
    def distributed(self) -> bool:
        """Whether other processes may run tables too (leases are shared)."""
        return self._leases.distributed

    async def start(self) -> None:
        """Listen to the bus and, with other processes, start the lease loop."""
        await self._bus.start(self._on_notice, self._resync)
        if self._leases.distributed and self._lease_task is None and not self._closed:
            self._lease_task = asyncio.get_running_loop().create_task(
                self._lease_loop(), name="table-leases")

    def owns(self, table_id: str) -> bool:
        """Whether this process runs the table's bots and clocks."""
        return self._leases.owns(table_id)

    # ---- news for the others ------------------------------------------------------------------

    def seats_changed(self, table_id: str) -> None:
        """A seat was taken here: the others read the table's info again."""
        self._bus.publish(Notice(table_id, "info", self._bus.process_id))

    def action_stored(self, table_id: str, move: Move, timeout: bool) -> None:
        if self._bus.distributed:
            self._bus.publish(Notice(table_id, "action", self._bus.process_id, move.seq,
                                     move.seat, move.action, move.ms, move.digest, timeout))

    # ---- leases -------------------------------------------------------------------------------

    def want_lease(self, table: Table) -> None:
        """Try at once for the lease of a playing table nobody here owns yet (its bots must
        not wait for the next renewal round); the lease loop retries the ones refused."""
        if not self._leases.distributed or self._closed or table.status != "playing" or \
                self._leases.owns(table.id) or table.id in self._claiming:
            return
        # Not after every action of a table another process owns: once per renewal period.
        now = time.monotonic()
        if now - self._claim_tried.get(table.id, -math.inf) < self._leases.ttl / 3:
            return
        self._claim_tried[table.id] = now
        self._claiming.add(table.id)
        self._background(self._claim([table.id]))

    def foreign(self, table_id: str) -> bool:
        """Whether another process runs this table (so this one need not keep it loaded)."""
        return self._leases.distributed and not self._leases.owns(table_id) and \
            table_id not in self._claiming

    def forget(self, table_id: str) -> None:
        """The manager dropped the table from memory: give up its lease, if held."""
        self._claim_tried.pop(table_id, None)
        if self._leases.distributed and self._leases.owns(table_id):
            self._background(self._release([table_id]))

    def _background(self, job: Coroutine[Any, Any, Any]) -> None:
        """Run ``job`` as a task that ``stop`` cancels (after ``stop``: not at all)."""
        if self._closed:
            job.close()
            return
        task = asyncio.get_running_loop().create_task(job)
        self._notice_tasks.add(task)
        task.add_done_callback(self._notice_tasks.discard)

    async def _claim(self, table_ids: list[str], takeover: bool = False) -> set[str]:
        """Try for the leases of loaded tables; ``takeover``: they are playing tables nobody
        owns any more (the lease round), counted as takeovers."""
        self._claiming.update(table_ids)
        try:
            gained = await self._leases.claim(table_ids)
        except Exception:
            log.exception("cannot claim leases")
            return set()
        finally:
            self._claiming.difference_update(table_ids)
        for table_id in gained:
            self._claim_tried.pop(table_id, None)
            table = self._tables.get(table_id)
            if table is None:  # dropped from memory meanwhile: not ours to run
                await self._leases.release([table_id])
                continue
            log.info("table %s: this process now runs its bots and clocks", table_id)
            if takeover:
                LEASE_TAKEOVERS.labels("lease_round").inc()
            self._owned(table)
        for table_id in table_ids:
            table = self._tables.get(table_id)
            if table is not None:
                self._evict(table)
        return gained

    async def _lease_loop(self) -> None:
        """Renew the leases held, try for the loaded tables nobody owns, release finished
        ones, and every few rounds sweep the store for orphans (their owner died)."""
        rounds = 0
        while not self._closed:
            try:
                lost = await self._leases.renew()
                for table_id in lost:
                    LEASES_LOST.inc()
                    log.warning("table %s: lease lost to another process", table_id)
                done = [t for t, table in self._tables.items()
                        if self._leases.owns(t) and table.status != "playing"]
                await self._leases.release(done)
                await self._claim([t for t, table in self._tables.items()
                                   if table.status == "playing" and not self._leases.owns(t)
                                   and t not in self._claiming], takeover=True)
                rounds += 1
                if rounds % SWEEP_EVERY == 0:
                    await self.sweep()
            except Exception:
                log.exception("lease round failed")
            await asyncio.sleep(self._leases.ttl / 3)

    async def _release(self, table_ids: list[str]) -> None:
        try:
            await self._leases.release(table_ids)
        except Exception:  # they expire on their own
            log.exception("cannot release leases")

    async def sweep(self, listed: Callable[[], None] | None = None) -> int:
        """Load and take over the playing tables nobody owns; returns how many. ``listed``
        is called once the store has listed them (before any is loaded)."""
        infos = await self._db(self._store.list_tables, ("playing",), None)
        if listed is not None:
            listed()
        candidates = [info.id for info in infos if info.id not in self._tables]
        gained = await self._leases.claim(await self._leases.unowned(candidates))
        LEASE_TAKEOVERS.labels("orphan_sweep").inc(len(gained))
        loaded = 0
        for table_id in sorted(gained):
            try:
                await self._load(table_id)
                loaded += 1
            except Exception:
                log.exception("table %s: cannot resume", table_id)
                await self._leases.release([table_id])
        return loaded

    # ---- news from the others -----------------------------------------------------------------

    def loading(self, table_id: str) -> None:
        """The manager starts reading the table from the store: remember any news of it from
        now on, since a notice for a table not yet loaded would otherwise be dropped (an
        action stored after the read would never show here)."""
        self._loading[table_id] = False

    def news_while_loading(self, table_id: str) -> bool:
        """Whether news of the table came since ``loading`` or the last call (then read the
        store again before serving the table)."""
        heard = self._loading.get(table_id, False)
        if table_id in self._loading:
            self._loading[table_id] = False
        return heard

    def loaded(self, table_id: str) -> None:
        """The table is registered (or failed to load): notices reach it normally now."""
        self._loading.pop(table_id, None)

    def _on_notice(self, notice: Notice) -> None:
        """From the bus: another process stored an action or changed seats."""
        if notice.table_id in self._loading:
            self._loading[notice.table_id] = True
            return
        if notice.table_id not in self._tables or self._closed:
            return
        # A task per notice; they queue on the table's lock in arrival order.
        self._background(self._apply_notice(notice))

    async def _apply_notice(self, notice: Notice) -> None:
        table = self._tables.get(notice.table_id)
        if table is None:
            return
        try:
            async with self._lock(table.id):
                if self._tables.get(table.id) is not table:
                    return
                if notice.kind == "action" and notice.seq < table.seq:
                    return  # already applied (we caught up from the store meanwhile)
                if notice.kind == "action" and notice.seq == table.seq and \
                        table.status == "playing":
                    events: list[Event] = []
                    table.catch_up([StoredAction(notice.seq, notice.seat, notice.action,
                                                 notice.ms, notice.digest,
                                                 timeout=notice.timeout)], events)
                    if table.broken is not None:
                        await self._db(self._store.set_status, table.id, "broken")
                    timed_out = [Event("timeout", {"seat": notice.seat})] \
                        if notice.timeout else []
                    self._changed(table, [*timed_out, *events])
                    return
                await self._catch_up(table)  # a gap (a notice was missed), or new seats
        except Exception:
            log.exception("table %s: cannot apply news from another process", table.id)

    async def _resync(self) -> None:
        """The bus reconnected: notices may have been lost, read every loaded table again."""
        for table in list(self._tables.values()):
            try:
                async with self._lock(table.id):
                    if self._tables.get(table.id) is table:
                        await self._catch_up(table)
            except Exception:
                log.exception("table %s: cannot resynchronise", table.id)

    # ---- shutdown -----------------------------------------------------------------------------

    def stop(self) -> list[asyncio.Task[Any]]:
        """Start no more work; returns the tasks running, for the caller to cancel."""
        self._closed = True
        tasks: list[asyncio.Task[Any]] = [*self._notice_tasks]
        if self._lease_task is not None:
            tasks.append(self._lease_task)
        return tasks

    async def close(self) -> None:
        """Release the leases and leave the bus, so the others take over at once."""
        for close in (self._leases.close, self._bus.close):
            try:
                await close()
            except Exception:
                log.exception("cannot leave the other processes cleanly")
