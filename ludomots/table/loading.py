"""How a table manager brings tables into memory: on first use, and all at once after a restart.

A table is rebuilt by replaying its stored actions, off the event loop (pure CPU). Tables
load on demand; ``resume`` loads every playing table in the background after a restart, so
that bots resume and clocks restart (waiting tables cost nothing until someone opens one).
A finished table kept in memory is registered again with its seats as stored now. A table
that cannot be replayed is marked "broken" once, so that it is not resumed at every start.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import re

from ludomots.core.errors import RuleError
from ludomots.table.errors import (
    NotFoundError,
    StoreError,
    store_unavailable,
    table_error,
    unknown_table,
)
from ludomots.table.live import LiveTables
from ludomots.table.table import Table, TableLoadError

# The manager's logger: this module is one of its parts (log filters and tests name it).
log = logging.getLogger("ludomots.table.manager")

_TABLE_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")


class TableLoading(LiveTables):
    """The part of ``TableManager`` that loads tables (see the module docstring)."""

    async def _get(self, table_id: str) -> Table:
        """The live table, loaded (replayed) from the store on first use."""
        table = self._tables.get(table_id)
        if table is not None:
            return table
        if not isinstance(table_id, str) or not _TABLE_ID.fullmatch(table_id):
            raise unknown_table(str(table_id)[:40])
        async with self._load_lock:
            table = self._tables.get(table_id)
            if table is not None:
                return table
            kept = self._finished.pop(table_id, None)
            if kept is not None:  # finished: no need to replay it, only to read its seats
                await self._refresh(kept)
                return kept
            self._cluster.loading(table_id)
            try:
                table, hashes = await self._load(table_id)
                # Actions other processes stored after the read: their notices found no
                # table here. Read again until no news came during the read (no await
                # between the last check and the registration).
                while self._cluster.news_while_loading(table_id):
                    hashes = await self._reread(table)
                self._register(table, hashes)
            finally:
                self._cluster.loaded(table_id)
            return table

    async def _load(self, table_id: str) -> tuple[Table, dict[int, str]]:
        """The table replayed from the store, and its token hashes (not yet registered)."""
        try:
            info, actions = await self._db(self.store.load_table, table_id)
            hashes = await self._db(self.store.token_hashes, table_id)
        except NotFoundError:
            raise unknown_table(table_id) from None
        except StoreError as exc:
            log.error("table %s: cannot load: %s", table_id, exc)
            raise store_unavailable() from exc
        try:
            table = await asyncio.get_running_loop().run_in_executor(
                self._load_executor, functools.partial(Table.rebuild, info, actions,
                                                       now=self._now))
        except TableLoadError as exc:
            about = {"table": table_id}
            if not exc.permanent:
                log.error("%s", exc, extra=about)
            elif info.status != "broken":
                # Reported once: marked broken, it is no longer resumed at every start.
                log.error("%s", exc, extra=about)
                with contextlib.suppress(StoreError):
                    await self._mark_broken(table_id)
            else:
                log.info("%s (marked broken)", exc, extra=about)
            raise table_error("table_unavailable",
                              "Cette partie ne peut pas être chargée.") from exc
        if table.broken is not None and info.status != "broken":
            with contextlib.suppress(StoreError):  # marked again at the next load
                await self._mark_broken(table_id)
        return table, hashes

    async def _mark_broken(self, table_id: str) -> None:
        """Store the status "broken" (StoreError if the store cannot)."""
        await self._db(self.store.set_status, table_id, "broken")
        self._lobby.drop(table_id)

    async def _refresh(self, table: Table) -> None:
        """Register a finished table kept in memory again, with its seats as stored now (a
        name may change after the game: a deleted account's seats read « joueur supprimé »)."""
        try:
            info = await self._db(self.store.load_info, table.id)
            hashes = await self._db(self.store.token_hashes, table.id)
        except NotFoundError:
            raise unknown_table(table.id) from None
        except StoreError as exc:
            self._finished[table.id] = table
            raise store_unavailable() from exc
        table.set_info(info)
        self._register(table, hashes)

    async def _reread(self, table: Table) -> dict[int, str]:
        """Bring a table being loaded up to the store (actions, seats, status); its hashes."""
        try:
            actions = await self._db(self.store.load_actions, table.id, table.seq)
            info = await self._db(self.store.load_info, table.id)
            hashes = await self._db(self.store.token_hashes, table.id)
        except StoreError as exc:
            log.error("table %s: cannot load: %s", table.id, exc)
            raise store_unavailable() from exc
        table.catch_up(actions)
        table.set_info(info)
        return hashes

    # ---- after a restart ------------------------------------------------------------------

    async def load_all(self) -> int:
        """Resume every playing table after a restart (bots and clocks run again); returns
        how many loaded. Waiting tables need nothing until someone comes: they load on
        demand, so abandoned ones cost nothing. A table that cannot load is logged and
        skipped: one bad game must not stop the server. With other processes, only the
        playing tables nobody owns (the orphan sweep): the others are already running
        somewhere, and load here when someone watches them. StoreError if the store
        cannot list the tables."""
        if self._cluster.distributed:
            return await self._cluster.sweep(listed=self._listed.set)
        # Only their ids: the list of 10,000 tables with their seats took seconds of the
        # database thread, where a player opening a table waited behind it (issue 22).
        table_ids = await self._db(self.store.table_ids, ("playing",))
        self._listed.set()
        loaded = unreadable = 0
        for table_id in table_ids:
            try:
                await self._get(table_id)
                loaded += 1
            except RuleError as exc:  # already reported by _load
                unreadable += exc.code == "store_unavailable"
            except Exception:
                log.exception("table %s: cannot resume", table_id)
        if unreadable:  # the database went away meanwhile: ``resume`` tries again
            raise StoreError(f"{unreadable} table(s) could not be read")
        return loaded

    def resume(self) -> asyncio.Task[int]:
        """``load_all`` in the background, so that a server answers at once after a restart
        however many games it has to resume; tried again (with a back-off) while the store
        does not answer. The task returns how many tables were resumed."""
        if self._resume_task is None:
            self._resume_task = asyncio.get_running_loop().create_task(
                self._resume(), name="resume-tables")
            self.start_stale_sweep()  # abandoned waiting tables close, never replayed
        return self._resume_task

    async def wait_listed(self) -> None:
        """Return once ``resume`` has listed the games to resume (their replays may still be
        under way: a table loads on demand meanwhile); what ``/readyz`` waits for."""
        await self._listed.wait()

    async def _resume(self) -> int:
        backoff = 0.5
        while not self._closed:
            try:
                resumed = await self.load_all()
            except Exception as exc:
                log.warning("cannot resume the unfinished games yet (%s); again in %.1f s",
                            exc, backoff)
                await asyncio.sleep(backoff)
                backoff = min(10.0, backoff * 2)
                continue
            log.info("%d unfinished game(s) resumed", resumed)
            return resumed
        return 0
