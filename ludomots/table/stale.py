"""Tables that wait for players nobody comes to join: closed after a while (issue 19).

A waiting table with no human connected for ``stale_after`` seconds (a server setting, 24 hours
by default) is closed: status "closed", out of the lobby, nobody may join it. A sweep does it
at start-up (in the database alone: a closed table is never replayed, so thousands of
abandoned tables cost a restart nothing, issue 16) and then every ``stale_every`` seconds.

"No human connected" is read from the table's last activity (``updated_at``: its creation,
each seat taken) and, for a table someone is watching, from the sweep itself: every sweep
first marks the waiting tables this process has subscribers on as active now. Every process
sweeps, each for its own subscribers, so a table watched anywhere stays open; a page that
leaves counts as there until the next sweep of its process (``stale_every`` is far below
``stale_after``).

A playing table without a clock whose last action is older than ``idle_after`` (three days by
default, the longest turn-based move) is resolved as a turn-based table whose days ran out:
every human seat that must act is expelled as away (its seat goes to a bot, or the game ends,
as the creator chose for departures). A clocked table needs no sweep: its clock times out and
expels (``clockloop.py``). Only the process that runs the table's clocks does it.
"""

from __future__ import annotations

import asyncio
import logging

from ludomots.core.game import Event
from ludomots.table.live import LiveTables
from ludomots.table.subscription import Subscription
from ludomots.table.table import Table

# The manager's logger: this module is one of its parts (log filters and tests name it).
log = logging.getLogger("ludomots.table.manager")

#: A waiting table nobody has been at for this many seconds closes.
STALE_AFTER = 24 * 3600.0
#: Seconds between two sweeps.
STALE_EVERY = 600.0
#: A playing table without a clock and without an action for this many seconds is resolved.
IDLE_AFTER = 3 * 24 * 3600.0


class StaleTables(LiveTables):
    """The part of ``TableManager`` that closes abandoned waiting tables (module docstring)."""

    _subs: dict[str, set[Subscription]]
    _stale_after: float
    _idle_after: float
    _stale_every: float
    _stale_task: asyncio.Task[None] | None
    _stale_swept: asyncio.Event | None

    async def close_stale(self) -> list[str]:
        """Close the waiting tables nobody has been at for ``stale_after`` seconds; returns
        the ids this call closed. Their subscribers here (none, unless one came between the
        mark and the close) hear it; the lobby drops them."""
        if self._stale_after <= 0:
            return []
        watched = [table_id for table_id, subs in self._subs.items() if subs and
                   (table := self._tables.get(table_id)) is not None and
                   table.status == "waiting"]
        await self._db(self.store.touch_waiting, watched)
        closed = await self._db(self.store.close_stale, self._now() - self._stale_after)
        for table_id in closed:
            self._lobby.drop(table_id)
            table = self._tables.get(table_id)
            if table is None:
                continue
            async with self._lock(table_id):
                if table.status == "waiting":
                    table.set_info(table.info.with_status("closed"))
                    self._changed(table, [Event("table_closed", {})])
        if closed:
            log.info("%d waiting table(s) closed: nobody came for %.0f h", len(closed),
                     self._stale_after / 3600)
        return closed

    async def resolve_idle(self) -> int:
        """Expel, as away, the human seats that must act at the playing tables without a clock
        where nothing happened for ``idle_after`` seconds; returns how many were expelled."""
        if self._idle_after <= 0:
            return 0
        expelled = 0
        for table_id in await self._db(self.store.idle_playing,
                                       self._now() - self._idle_after):
            if not self._cluster.owns(table_id):
                continue
            table = await self._get(table_id)
            async with self._lock(table_id):
                if table.status != "playing" or table.clock.enabled:
                    continue
                departed = table.info.departed()
                for seat in sorted(table.to_act()):
                    if table.info.seats[seat].kind == "human" and seat not in departed and \
                            await self._expel_away(table, seat):
                        expelled += 1
        if expelled:
            log.info("%d seat(s) expelled from tables idle for %.0f days", expelled,
                     self._idle_after / 86400)
        return expelled

    async def _expel_away(self, table: Table, seat: int) -> bool:
        raise NotImplementedError  # Seating's

    def start_stale_sweep(self) -> None:
        """Sweep now (start-up), then every ``stale_every`` seconds, until ``close``."""
        if self._stale_task is None and self._stale_after > 0 and not self._closed:
            self._stale_swept = asyncio.Event()
            self._stale_task = asyncio.get_running_loop().create_task(
                self._stale_loop(self._stale_swept), name="stale-tables")

    async def first_stale_sweep(self) -> None:
        """Wait until the start-up sweep has run (tests; at once when there is none)."""
        if self._stale_swept is not None:
            await self._stale_swept.wait()

    async def _stale_loop(self, swept: asyncio.Event) -> None:
        while not self._closed:
            try:
                await self.close_stale()
                await self.resolve_idle()
            except Exception as exc:  # the database is away: the next sweep tries again
                log.warning("cannot close the abandoned tables yet (%s)", exc)
            swept.set()
            await asyncio.sleep(self._stale_every)
