"""The table manager: every live table of a server process, on one asyncio event loop.

It owns the tables in memory, the store and the subscribers, and is what the web server
calls. Its own code is in parts of one concern each: loading tables (``loading.py``), seats,
resignations, rematches and chat (``seating.py``), and here the one path of every action,
subscribers and shutdown; ``live.py`` declares the state they share. Three collaborators it
owns keep the rest apart: the bots (``bots.py``), the clock loop that plays timeouts
(``clockloop.py``) and the share of the work with other processes (``cluster.py``). The
design choices:

- **One path for every action.** Humans, bots and clock timeouts all go through ``_play``:
  decode, check, play on a copy, store, commit, broadcast. So a bot can never do what a human
  could not, and every action reaches the database before anyone sees it.
- **A lock per table.** Actions on one table are serialised by its ``asyncio.Lock``; different
  tables never wait for each other. Database calls run on a dedicated thread and bot thinking
  in an executor (processes by default), so the event loop only ever does quick work.
- **The database arbitrates between processes.** If another process stored action ``seq``
  first, ``append_action`` raises ``ConflictError``: this process catches up from the store and
  tries the action once more against the new position (a simultaneous bid by the other seat is
  still legal; a challenge of a word that is no longer pending is not).
- **Seats are proved by tokens.** ``act`` takes a token, never a seat number, so nobody can act
  for someone else's seat. Tokens are compared as SHA-256 hashes in constant time.
- **Records.** The full record (seed included, which reveals every random draw) is given out
  only once the game is over; during the game, ``view`` already shows everything public.
- **Restarts.** ``resume`` rebuilds every playing table by replay, in the background (a server
  answers at once); bots resume and clocks come back as the stored moves left them
  (``clock.py``: Fischer banks, turn-based deadlines, who is out of time). A waiting table
  is rebuilt only when someone opens it.
- **Outages.** A bot or a timeout whose action cannot be stored (the database is away) tries
  again with a back-off until it can; a periodic sweep starts any bot that should be playing.
- **Several processes** (``cluster.py``, with ``bus.py`` and ``leases.py``). Every stored
  action is announced on the bus; a process that has the table loaded applies it (or reloads
  from the store when it missed one), so its subscribers see every action, in order,
  whichever process received it. Bots and timeouts run only in the process holding the
  table's lease; the others keep the table only while someone watches it there. Alone
  (``LocalBus``), this process owns all.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
import weakref
from collections import OrderedDict
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, ThreadPoolExecutor
from types import TracebackType
from typing import Any

from ludomots.core.errors import RuleError
from ludomots.core.game import Event
from ludomots.table.botpool import BotPool, slots_for
from ludomots.table.bots import BotRunner
from ludomots.table.clockloop import ClockLoop
from ludomots.table.cluster import Bus, Cluster, Leases
from ludomots.table.errors import (
    ConflictError,
    StoreError,
    bad_token,
    conflict,
    rate_limited,
    record_unavailable,
    store_failed,
    store_unavailable,
    table_error,
    too_many_tries,
)
from ludomots.table.loading import TableLoading
from ludomots.table.lobby import DEFAULT_TTL as LOBBY_TTL
from ludomots.table.lobby import LobbyCache, lobby_entry
from ludomots.table.logcontext import about_table, no_table
from ludomots.table.metrics import ACTION_SECONDS, ACTIONS
from ludomots.table.model import LIVE_STATUSES
from ludomots.table.ratelimit import RateLimiter
from ludomots.table.resign import left_error
from ludomots.table.seating import Seating
from ludomots.table.stale import IDLE_AFTER, STALE_AFTER, STALE_EVERY, StaleTables
from ludomots.table.store import ActionRow, Store
from ludomots.table.subscription import Payload, Subscription
from ludomots.table.table import Table
from ludomots.table.tokens import hash_token
from ludomots.table.worker import ExecutorKind, default_workers, make_executor
from ludomots.table.writer import GroupWriter

log = logging.getLogger(__name__)

#: How many times one action may catch up with other processes before giving up.
MAX_CATCH_UPS = 3
#: Finished tables nobody watches that stay in memory (the most recently left).
FINISHED_KEPT = 32


def _retrieved(task: asyncio.Task[Any]) -> None:
    """Mark a task's exception as seen (it was already reported to whoever waited)."""
    if not task.cancelled():
        task.exception()


#: Tables the lobby shows (the most recently active).
LOBBY_SIZE = 50


class TableManager(Seating, TableLoading, StaleTables):
    """Live tables of one process; see the module docstring. Use ``async with`` or ``close``."""

    def __init__(
        self,
        store: Store,
        *,
        executor: Executor | ExecutorKind = "process",
        max_workers: int | None = None,
        bot_delay: float = 0.0,
        now: Callable[[], float] = time.time,
        rate_limit: int = 10,
        rate_window: float = 1.0,
        try_limit: int = 5,
        try_window: float = 10.0,
        run_clocks: bool = True,
        clock_poll: float = 1.0,
        queue_size: int = 256,
        bot_retries: int = 3,
        sweep_every: float = 5.0,
        bus: Bus | None = None,
        leases: Leases | None = None,
        on_finish: Callable[[Table], None] | None = None,
        on_turns: Callable[[Table, frozenset[int]], None] | None = None,
        lobby_ttl: float = LOBBY_TTL,
        stale_after: float = STALE_AFTER,
        stale_every: float = STALE_EVERY,
        idle_after: float = IDLE_AFTER,
    ) -> None:
        """``executor``: "process" (default), "thread", or an Executor you own;
        ``max_workers``: its workers (default: one per core), which bound the bot decisions
        in flight at once (``botpool.py``: two per worker). ``bot_delay``:
        minimum seconds before a bot's move is played, so humans see it happen. ``now``: wall
        clock for deadlines and rate limits (tests inject one). ``rate_limit`` actions per
        ``rate_window`` seconds per token (0: unlimited). ``try_limit`` tries per
        ``try_window`` seconds for a seat trying again under one sand-glass (a riddle's
        answers: the rules allow as many as one likes, a flood is no answer; 0: unlimited).
        ``run_clocks``: run the background task that plays timeouts (else call ``tick()``).
        ``clock_poll``: its longest sleep.
        ``sweep_every``: seconds between two sweeps for bots that should be playing and are
        not (0: none). ``bus`` and ``leases``: how this process shares tables with others
        (``RedisBus``, ``RedisLeases``; call ``start``); alone by default. ``on_finish``:
        called with the table, under its lock, when this process has stored the action that
        ends a game (the accounts layer stores results and ratings from it; it must not
        block). ``on_turns``: called with the table and the seats that had to act before,
        under its lock, when this process has changed whose turn it is (an action, a seat
        taken, a departure; the accounts layer pushes « your turn » and « game over » to
        players' pages; it must not block). ``lobby_ttl``: seconds the lobby's page may be
        served from memory. ``stale_after``: seconds with nobody at a waiting table before it
        closes (0: never), swept every ``stale_every`` seconds from ``resume`` on
        (``stale.py``). ``idle_after``: seconds without an action after which the humans to
        act at a playing table without a clock are expelled as away (0: never)."""
        self.store = store
        self._lobby = LobbyCache(self._lobby_entries, LOBBY_SIZE, ttl=lobby_ttl)
        # Bots think on ``max_workers`` workers (one per core by default), each given a
        # decision and one ready (``botpool.py``), never more.
        workers = max_workers or default_workers()
        self._own_executor = isinstance(executor, str)
        kind = executor
        self._pool = BotPool(
            make_executor(kind, workers) if isinstance(kind, str) else kind,
            slots_for(workers),
            renew=(lambda: make_executor(kind, workers)) if isinstance(kind, str) else None)
        self._db_executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="ludomots-db")
        # Replaying a table to load it is pure CPU (a long game: a good fraction of a second):
        # off the event loop, so that loading (a restart, a finished game reopened) never
        # stalls the other tables.
        self._load_executor = ThreadPoolExecutor(max_workers=1,
                                                 thread_name_prefix="ludomots-load")
        self._sweep_every = sweep_every
        self._sweep_task: asyncio.Task[None] | None = None
        self._stale_after = stale_after
        self._stale_every = stale_every
        self._idle_after = idle_after
        self._stale_task = None
        self._stale_swept = None
        self._resume_task = None
        self._listed = asyncio.Event()  # set once resume has listed its games (loading.py)
        # A lambda, not the bound method: tests replace the store's method to simulate failures.
        self._writer = GroupWriter(self._db, lambda rows: self.store.append_actions(rows))
        self._now = now
        self._limiter = RateLimiter(rate_limit, rate_window, now)
        self._tries = RateLimiter(try_limit, try_window, now)
        self._queue_size = queue_size
        self._on_finish = on_finish
        self._on_turns = on_turns
        self._tables = {}
        # A table's lock lives while a caller holds or awaits it: memory stays bounded by the
        # tables in use, not by every table ever served, and two callers never get two locks.
        self._locks = weakref.WeakValueDictionary()
        self._hashes = {}
        self._subs: dict[str, set[Subscription]] = {}
        self._finished = OrderedDict()
        self._load_lock = asyncio.Lock()
        self._closed = False
        self._cluster = Cluster(
            bus, leases, tables=self._tables, store=store, run_db=self._db, load=self._get,
            lock=self._lock, catch_up=self._catch_up, changed=self._changed,
            owned=self._owned, evict=self._maybe_evict)
        self._bots = BotRunner(
            self._pool, delay=bot_delay, retries=bot_retries, lock=self._lock,
            play=self._play, owns=self._cluster.owns, evict=self._maybe_evict)
        self._clocks = ClockLoop(
            now=now, run=run_clocks, poll=clock_poll, lock=self._lock,
            owns=self._cluster.owns, play_locked=self._play_locked, start_bot=self._bots.start,
            expel=self._expel_away)

    @property
    def bot_delay(self) -> float:
        """Minimum seconds before a bot's move is played."""
        return self._bots.delay

    @bot_delay.setter
    def bot_delay(self, delay: float) -> None:
        self._bots.delay = delay

    async def __aenter__(self) -> TableManager:
        return self

    async def __aexit__(self, exc_type: type[BaseException] | None,
                        exc: BaseException | None, tb: TracebackType | None) -> None:
        await self.close()

    # ---- a table comes alive here ---------------------------------------------------------

    def _register(self, table: Table, hashes: dict[int, str]) -> None:
        self._tables[table.id] = table
        self._clocks.add(table)
        self._hashes[table.id] = hashes
        self._cluster.want_lease(table)
        self._bots.schedule(table)
        self._clocks.ensure_running()
        if self._sweep_every > 0 and self._sweep_task is None and not self._closed:
            self._sweep_task = asyncio.get_running_loop().create_task(
                self._sweep_loop(), name="bot-sweep", context=no_table())

    async def act(self, table_id: str, token: str, action_json: object) -> list[dict[str, Any]]:
        """Play ``action_json`` for the seat ``token`` owns; returns the events that seat may
        see. RuleError (French message) when refused: nothing is then stored or changed."""
        if not isinstance(token, str) or not token:
            raise bad_token()
        if not self._limiter.hit(hash_token(token)):
            raise rate_limited()
        seat = await self.seat_for_token(table_id, token)
        if seat is None:
            raise bad_token()
        table = await self._get(table_id)
        departure = table.info.departed().get(seat)
        if departure is not None:
            raise left_error(departure.reason)
        if seat in table.clock.trying and not self._tries.hit(f"{table_id}/{seat}"):
            raise too_many_tries()
        events = await self._play(table, seat, action_json)
        return table.events_for(events, seat)

    async def view(self, table_id: str, seat: int | None) -> dict[str, Any]:
        """The view of ``seat`` (already authenticated by the caller) or of a spectator."""
        table = await self._get(table_id)
        async with self._lock(table_id):  # never a state whose last action is being stored
            view = table.view(seat)
        self._maybe_evict(table)
        return view

    async def preview(self, table_id: str, seat: int, action_json: object
                      ) -> dict[str, Any] | None:
        """What ``action_json`` would do for ``seat`` (the game's ``preview``); None when the
        game has no preview. A malformed action previews as illegal with its French message."""
        table = await self._get(table_id)
        departure = table.info.departed().get(seat)
        if departure is not None:  # the seat's hand is no longer its human's
            raise left_error(departure.reason)
        try:
            action = table.game.action_codec.decode(action_json)
        except RuleError as exc:
            return {"legal": False, "error": exc.code, "message": exc.message}
        async with self._lock(table_id):
            return table.game.preview(table.state, seat, action)

    async def lobby(self) -> list[dict[str, Any]]:
        """Waiting and playing tables, most recently active first; no seeds, no tokens. From
        the lobby's cache (``lobby.py``): at most ``lobby_ttl`` seconds old, except for what
        this process changed."""
        return list((await self._lobby.page()).entries)

    async def lobby_json(self) -> bytes:
        """``lobby()`` as a JSON array, encoded once per page."""
        return (await self._lobby.page()).body

    async def _lobby_entries(self) -> list[dict[str, Any]]:
        try:
            infos = await self._db(self.store.list_tables, LIVE_STATUSES, LOBBY_SIZE)
        except StoreError as exc:
            raise store_unavailable() from exc
        return [lobby_entry(info) for info in infos]

    def _lobby_update(self, table: Table) -> None:
        """Patch the lobby's page with a change made here (``lobby.py``)."""
        if table.status in LIVE_STATUSES:
            self._lobby.put(lobby_entry(table.info))
        else:
            self._lobby.drop(table.id)

    async def record(self, table_id: str) -> dict[str, Any]:
        """The complete JSON record of a finished game; RuleError("record_unavailable") before
        the end, because the record holds the seed and so every hidden draw."""
        table = await self._get(table_id)
        async with self._lock(table_id):
            if table.status != "over":
                raise record_unavailable()
            record = table.record().to_json()
        self._maybe_evict(table)
        return record

    async def _sweep_loop(self) -> None:
        """Every ``sweep_every`` seconds, start any bot that should be playing and is not."""
        while not self._closed:
            await asyncio.sleep(self._sweep_every)
            try:
                self._bots.sweep([t for t in self._tables.values() if t.status == "playing"])
            except Exception:
                log.exception("bot sweep failed")

    def live_table(self, table_id: str) -> Table | None:
        """The in-memory table, if loaded (for tests and administration)."""
        return self._tables.get(table_id)

    # ---- the one path of every action --------------------------------------------------------

    async def _play(self, table: Table, seat: int, action_json: object,
                    notices: Sequence[Event] = (), timeout: bool = False,
                    retry: bool = True) -> list[Event]:
        # A task of its own, shielded: if the caller goes away (its browser disconnected) while
        # the action is being stored, the action still ends committed or rewound, under the lock.
        task = asyncio.get_running_loop().create_task(
            self._play_under_lock(table, seat, action_json, notices, timeout, retry))
        task.add_done_callback(_retrieved)  # its caller may be gone: nobody else reads it
        return await asyncio.shield(task)

    async def _play_under_lock(self, table: Table, seat: int, action_json: object,
                               notices: Sequence[Event], timeout: bool,
                               retry: bool) -> list[Event]:
        arrived = time.perf_counter()
        async with self._lock(table.id):
            with about_table(table.id):
                events = await self._play_locked(table, seat, action_json, notices, timeout,
                                                 retry)
        ACTION_SECONDS.labels(table.info.game).observe(time.perf_counter() - arrived)
        return events

    async def _play_locked(self, table: Table, seat: int, action_json: object,
                           notices: Sequence[Event] = (), timeout: bool = False,
                           retry: bool = True) -> list[Event]:
        """``timeout``: the clock plays this action because the seat's time is up.
        ``retry``: after catching up with another process, try the same action again on the
        new position (a human's bid is still meant). Bots and timeouts do not: their action
        was decided for the old position, so they decide again (or not at all)."""
        catch_ups = 0
        while True:
            waiting = table.to_act()
            try:
                move = table.play(seat, action_json, table.clock.elapsed_ms(seat),
                                  timeout=timeout)
            except RuleError:
                # Refused here, but another process may have moved the game on (a seat joined,
                # the other bid): ask the store before saying no.
                if not retry or catch_ups >= MAX_CATCH_UPS or not await self._catch_up(table):
                    raise
                catch_ups += 1
                continue
            try:
                await self._writer.append(ActionRow(table.id, move.seq, move.seat, move.action,
                                                    move.ms, move.digest, move.status,
                                                    move.timeout))
            except ConflictError:
                table.rewind(move)
                log.info("table %s: action %d was stored by another process", table.id,
                         move.seq)
                if not retry or catch_ups >= MAX_CATCH_UPS:
                    await self._catch_up(table)
                    raise conflict() from None
                catch_ups += 1
                await self._catch_up(table)
                continue
            except StoreError as exc:
                table.rewind(move)
                log.error("table %s: cannot store action %d: %s", table.id, move.seq, exc)
                raise store_failed() from exc
            except BaseException:
                table.rewind(move)
                raise
            table.commit(move)
            ACTIONS.labels(table.info.game).inc()
            if move.status is not None:
                self._lobby_update(table)
            self._cluster.action_stored(table.id, move, timeout)
            if move.status == "over" and self._on_finish is not None:
                try:
                    self._on_finish(table)
                except Exception:  # results are swept later; the game's end stands
                    log.exception("table %s: the end-of-game hook failed", table.id)
            self._turns_moved(table, waiting)
            self._changed(table, [*notices, *move.events])
            return move.events

    async def _catch_up(self, table: Table) -> bool:
        """Apply what other processes stored (actions, claims, status); True if anything
        changed. A divergence marks the table broken. RuleError("store_error") when the
        store cannot be read (the table is then unchanged)."""
        try:
            actions = await self._db(self.store.load_actions, table.id, table.seq)
            info = await self._db(self.store.load_info, table.id)
        except StoreError as exc:
            log.error("table %s: cannot catch up: %s", table.id, exc)
            raise store_failed() from exc
        before = (table.info.seats, table.info.status)
        events: list[Event] = []
        table.catch_up(actions, events)
        table.set_info(info)
        if table.broken is not None and info.status != "broken":
            with contextlib.suppress(StoreError):  # marked again at the next load
                await self._mark_broken(table.id)
        changed = bool(actions) or (table.info.seats, table.info.status) != before
        if changed:
            with contextlib.suppress(StoreError):  # else the next unknown token asks again
                self._hashes[table.id] = await self._db(self.store.token_hashes, table.id)
            self._changed(table, events)
        return changed

    def _changed(self, table: Table, events: Sequence[Event]) -> None:
        """Tell every subscriber (each its own view and events), then wake bots and clocks.
        Synchronous: called under the table lock, so payloads go out in action order."""
        subs = self._subs.get(table.id)
        if subs:
            views = table.update_views({sub.seat for sub in subs})
            for sub in list(subs):
                view, logs = views[sub.seat]
                payload: Payload = {"type": "update", "view": view,
                                    "events": table.events_for(events, sub.seat)}
                if logs:
                    payload["logs"] = logs
                if not sub.push(payload):
                    subs.discard(sub)
                    log.info("table %s: dropped a subscriber that fell behind", table.id)
        table.logs_sent()
        self._cluster.want_lease(table)
        self._bots.schedule(table)
        self._clocks.wake_for(table)
        self._maybe_evict(table)

    def _owned(self, table: Table) -> None:
        """This process just gained the table's lease: its bots and clocks run here now."""
        self._bots.schedule(table)
        self._clocks.wake_for(table)

    def _maybe_evict(self, table: Table) -> None:
        """Drop a finished table nobody watches: memory stays bounded by the live games, and
        the store can rebuild it on demand. Its lock goes once no caller holds or awaits it.
        The last few finished ones stay at hand (``FINISHED_KEPT``): a finished game never
        changes (but for its seats' names, read again), and clients reconnecting to one in a
        loop must not replay it every time.
        With other processes, a live table nobody watches here is dropped too unless this
        process owns it: its owner runs it, and applying its actions here would be waste."""
        finished = table.status in ("over", "broken", "closed")
        foreign = self._cluster.foreign(table.id)
        if (finished or foreign) and not self._subs.get(table.id) and \
                not self._bots.busy(table.id):
            if self._tables.pop(table.id, None) is table and finished:
                self._finished[table.id] = table
                while len(self._finished) > FINISHED_KEPT:
                    self._finished.popitem(last=False)
            self._cluster.forget(table.id)
            self._clocks.forget(table.id)
            self._bots.forget(table.id)
            self._hashes.pop(table.id, None)
            self._subs.pop(table.id, None)

    # ---- subscribers --------------------------------------------------------------------------

    async def subscribe(self, table_id: str, seat: int | None) -> Subscription:
        """Payloads for ``seat`` (authenticated by the caller) or a spectator, starting with the
        current view: {"type": "update", "view": ..., "events": [...]}. Payloads are shared by
        subscribers of the same seat: treat them as read-only."""
        while True:
            table = await self._get(table_id)
            if seat is not None and not 0 <= seat < len(table.info.seats):
                raise table_error("bad_seat", "Cette place n’existe pas.", seat=seat)
            async with self._lock(table_id):  # so the next update follows this view exactly
                if self._tables.get(table_id) is not table:
                    # Dropped while we waited for the lock (another process runs it and
                    # nobody watched it here): a subscriber of a dropped table would hear no
                    # news again. Load it anew.
                    continue
                sub = Subscription(table_id, seat, self._queue_size)
                sub.push({"type": "update", "view": table.view(seat), "events": []})
                self._subs.setdefault(table_id, set()).add(sub)
                return sub

    def unsubscribe(self, sub: Subscription) -> None:
        self._subs.get(sub.table_id, set()).discard(sub)
        sub.close()
        table = self._tables.get(sub.table_id)
        if table is not None:
            self._maybe_evict(table)

    # ---- bots, clocks, other processes (see bots.py, clockloop.py, cluster.py) ---------------

    async def idle(self) -> None:
        """Wait until no bot is thinking (tests; graceful shutdown)."""
        await self._bots.idle()

    async def tick(self) -> int:
        """Play the timeout of every seat whose deadline has passed; returns how many."""
        return await self._clocks.tick()

    async def start(self) -> None:
        """Join the other processes (listen to the bus, hold leases); nothing to do alone.
        Call before ``load_all``."""
        await self._cluster.start()

    def owns(self, table_id: str) -> bool:
        """Whether this process runs the table's bots and clocks (for tests and logs)."""
        return self._cluster.owns(table_id)

    # ---- shutdown -----------------------------------------------------------------------------

    async def close(self) -> None:
        """Stop bots and clocks, end every subscription, release executors (not the store)."""
        if self._closed:
            return
        self._closed = True
        tasks: list[asyncio.Task[Any]] = [*self._bots.stop(), *self._cluster.stop(),
                                          *self._clocks.stop()]
        tasks += [t for t in (self._sweep_task, self._resume_task, self._stale_task)
                  if t is not None]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._bots.clear()
        await self._cluster.close()  # others take over at once
        for subs in self._subs.values():
            for sub in subs:
                sub.close()
        self._subs.clear()
        if self._own_executor:
            self._pool.executor.shutdown(wait=True, cancel_futures=True)
        self._load_executor.shutdown(wait=True, cancel_futures=True)
        self._db_executor.shutdown(wait=True)
