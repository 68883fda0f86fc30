"""The table manager: every live table of a server process, on one asyncio event loop.

It owns the tables in memory, the store and the subscribers, and is what the web server
calls. Three collaborators it owns keep the rest apart: the bots (``bots.py``), the clock loop
that plays timeouts (``clockloop.py``) and the share of the work with other processes
(``cluster.py``). The design choices:

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
  answers at once); bots resume and clocks restart with a full move for every seat that must
  act. A waiting table is rebuilt only when someone opens it.
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
import functools
import logging
import re
import time
import weakref
from collections import OrderedDict
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, ThreadPoolExecutor
from dataclasses import replace
from types import TracebackType
from typing import Any, TypeVar

from ludomots.core.errors import RuleError
from ludomots.core.game import Event
from ludomots.table.bots import BotRunner
from ludomots.table.clockloop import ClockLoop
from ludomots.table.cluster import Bus, Cluster, Leases
from ludomots.table.creation import new_table_info
from ludomots.table.errors import (
    ConflictError,
    NotFoundError,
    StoreError,
    bad_token,
    conflict,
    rate_limited,
    record_unavailable,
    store_failed,
    store_unavailable,
    table_broken,
    table_error,
    table_full,
    table_waiting,
    too_many_tries,
    unknown_table,
)
from ludomots.table.lobby import DEFAULT_TTL as LOBBY_TTL
from ludomots.table.lobby import LobbyCache, lobby_entry
from ludomots.table.logcontext import about_table, no_table
from ludomots.table.metrics import ACTION_SECONDS, ACTIONS
from ludomots.table.model import (
    LIVE_STATUSES,
    ClockSettings,
    ResignRule,
    SeatSpec,
    TableStatus,
    validate_name,
)
from ludomots.table.ratelimit import RateLimiter
from ludomots.table.resign import departure_for, ended_by_departures
from ludomots.table.store import ActionRow, Store
from ludomots.table.subscription import Payload, Subscription
from ludomots.table.table import Table, TableLoadError
from ludomots.table.tokens import hash_token, new_token, seat_of
from ludomots.table.worker import ExecutorKind, make_executor
from ludomots.table.writer import GroupWriter

log = logging.getLogger(__name__)

T = TypeVar("T")
_TABLE_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")
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


class TableManager:
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
        lobby_ttl: float = LOBBY_TTL,
    ) -> None:
        """``executor``: "process" (default), "thread", or an Executor you own. ``bot_delay``:
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
        block). ``lobby_ttl``: seconds the lobby's page may be served from memory."""
        self.store = store
        self._lobby = LobbyCache(self._lobby_entries, LOBBY_SIZE, ttl=lobby_ttl)
        self._own_executor = isinstance(executor, str)
        self._executor = make_executor(executor, max_workers) if isinstance(executor, str) \
            else executor
        self._db_executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="ludomots-db")
        # Replaying a table to load it is pure CPU (a long game: a good fraction of a second):
        # off the event loop, so that loading (a restart, a finished game reopened) never
        # stalls the other tables.
        self._load_executor = ThreadPoolExecutor(max_workers=1,
                                                 thread_name_prefix="ludomots-load")
        self._sweep_every = sweep_every
        self._sweep_task: asyncio.Task[None] | None = None
        self._resume_task: asyncio.Task[int] | None = None
        # A lambda, not the bound method: tests replace the store's method to simulate failures.
        self._writer = GroupWriter(self._db, lambda rows: self.store.append_actions(rows))
        self._now = now
        self._limiter = RateLimiter(rate_limit, rate_window, now)
        self._tries = RateLimiter(try_limit, try_window, now)
        self._queue_size = queue_size
        self._on_finish = on_finish
        self._tables: dict[str, Table] = {}
        # A table's lock lives while a caller holds or awaits it: memory stays bounded by the
        # tables in use, not by every table ever served, and two callers never get two locks.
        self._locks: weakref.WeakValueDictionary[str, asyncio.Lock] = \
            weakref.WeakValueDictionary()
        self._hashes: dict[str, dict[int, str]] = {}
        self._subs: dict[str, set[Subscription]] = {}
        self._finished: OrderedDict[str, Table] = OrderedDict()
        self._load_lock = asyncio.Lock()
        self._closed = False
        self._cluster = Cluster(
            bus, leases, tables=self._tables, store=store, run_db=self._db, load=self._get,
            lock=self._lock, catch_up=self._catch_up, changed=self._changed,
            owned=self._owned, evict=self._maybe_evict)
        self._bots = BotRunner(
            self._executor, delay=bot_delay, retries=bot_retries, lock=self._lock,
            play=self._play, owns=self._cluster.owns, evict=self._maybe_evict)
        self._clocks = ClockLoop(
            now=now, run=run_clocks, poll=clock_poll, lock=self._lock,
            owns=self._cluster.owns, play_locked=self._play_locked, start_bot=self._bots.start)

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

    # ---- tables -----------------------------------------------------------------------------

    async def create_table(self, game: str, options: dict[str, Any] | None,
                           seats: Sequence[SeatSpec], seed: int | None = None,
                           clock: ClockSettings | int | None = None,
                           resign: ResignRule | None = None
                           ) -> tuple[str, dict[int, str]]:
        """A new table; returns its id and a token for each human seat given a name (the
        creator's own seats). Human seats with an empty name are left free for ``join``.
        ``resign``: what a resignation at 3+ players does (``creation.new_table_info``)."""
        info = new_table_info(game, options, seats, seed, clock, self._now, resign)
        tokens = {i: new_token() for i, s in enumerate(info.seats)
                  if s.kind == "human" and not s.is_open}
        table = Table.new(info, now=self._now)
        try:
            await self._db(self.store.create_table, table.info, tokens)
        except StoreError as exc:
            log.exception("cannot create a %s table", game)
            raise store_failed() from exc
        self._register(table, {seat: hash_token(t) for seat, t in tokens.items()})
        self._lobby_update(table)
        return table.id, tokens

    async def join(self, table_id: str, name: str) -> tuple[int, str]:
        """Take the first free human seat under ``name``; returns (seat, token)."""
        name = validate_name(name)
        table = await self._get(table_id)
        if table.info.rematch_of is not None:
            raise table_error("seat_reserved", "Cette revanche est réservée aux joueurs de la "
                                               "partie précédente.")
        async with self._lock(table_id):
            claimed: tuple[int, str] | None = None
            for seat in table.info.open_seats():
                token = new_token()
                try:
                    if await self._db(self.store.claim_seat, table_id, seat, name, token):
                        claimed = (seat, token)
                        break
                except StoreError as exc:
                    log.exception("table %s: cannot claim seat %d", table_id, seat)
                    raise store_failed() from exc
            await self._seats_read(table)
            if claimed is None:
                raise table_full()
            seat, token = claimed
            self._seat_taken(table, seat, name, token)
            return seat, token

    async def _seats_read(self, table: Table) -> None:
        """Read the table's seats again (even after a failed claim: another process may have
        taken seats meanwhile)."""
        try:
            table.set_info(await self._db(self.store.load_info, table.id))
        except StoreError as exc:
            raise store_unavailable() from exc

    def _seat_taken(self, table: Table, seat: int, name: str, token: str) -> None:
        self._hashes.setdefault(table.id, {})[seat] = hash_token(token)
        self._cluster.seats_changed(table.id)
        self._lobby_update(table)
        self._changed(table, [Event("seat_joined", {"seat": seat, "name": name})])

    # ---- resign and rematch (issue 19; see resign.py) ---------------------------------------

    async def resign(self, table_id: str, token: str) -> dict[str, Any]:
        """The seat ``token`` owns leaves the game; returns its departure. At 2 players the
        other wins; at 3+ a bot takes the seat over or the game ends on the scores, as the
        creator chose; with no human left the game ends. RuleError when refused."""
        seat = await self._seat_of_token(table_id, token)
        table = await self._get(table_id)
        async with self._lock(table_id):
            if table.status == "waiting":
                raise table_waiting()
            if table.status == "broken":
                raise table_broken()
            if seat in table.info.departed():
                raise table_error("resigned", "Vous avez déjà abandonné cette partie.")
            if table.status != "playing":
                raise table_error("game_over", "La partie est déjà terminée.")
            name = table.info.seats[seat].name
            departure = departure_for(table.info, seat, name, table.seq,
                                      int(self._now() * 1000))
            after = replace(table.info, departures=(*table.info.departures, departure))
            status: TableStatus | None = "over" if ended_by_departures(after) else None
            try:
                stored = await self._db(self.store.add_departure, table_id, departure, status)
            except StoreError as exc:
                log.error("table %s: cannot store a resignation: %s", table_id, exc)
                raise store_failed() from exc
            await self._seats_read(table)
            if not stored:
                raise table_error("resigned", "Vous avez déjà abandonné cette partie.")
            self._cluster.seats_changed(table_id)
            self._lobby_update(table)
            if table.info.status == "over" and self._on_finish is not None:
                try:  # results and ratings: a resignation must not dodge a rated loss
                    self._on_finish(table)
                except Exception:
                    log.exception("table %s: the end-of-game hook failed", table_id)
            self._changed(table, [Event("resigned", departure.to_json())])
            return departure.to_json()

    async def _seat_of_token(self, table_id: str, token: object) -> int:
        if not isinstance(token, str) or not token:
            raise bad_token()
        seat = await self.seat_for_token(table_id, token)
        if seat is None:
            raise bad_token()
        return seat

    async def rematch(self, table_id: str, token: object) -> tuple[str, int, str, bool]:
        """A new table with the same game, options, clock and seats (bots at the same levels)
        as the finished table ``table_id``, where the seat ``token`` owns sits again; the
        same new table for every request (each human takes their own seat there). Returns
        (new table id, seat, token, whether this request created it)."""
        seat = await self._seat_of_token(table_id, token)
        table = await self._get(table_id)
        if table.status != "over":
            raise table_error("rematch_unavailable",
                              "La revanche se propose une fois la partie terminée.")
        try:
            name = await self._db(self.store.seat_name, table_id, seat)
            existing = await self._db(self.store.rematch_of, table_id)
        except StoreError as exc:
            raise store_unavailable() from exc
        if name is None:
            raise bad_token()
        new_seat_token = new_token()
        if existing is None:
            old = table.info
            departed = old.departed()
            seats = [SeatSpec.human(name if i == seat else "")
                     if spec.kind == "human" or i in departed
                     else SeatSpec.bot(spec.level or "", spec.name)
                     for i, spec in enumerate(old.seats)]
            info = replace(new_table_info(old.game, old.options, seats, None, old.clock,
                                          self._now),
                           resign_rule=old.resign_rule, rematch_of=table_id)
            try:
                created = await self._db(self.store.create_rematch, info,
                                         {seat: new_seat_token})
            except StoreError as exc:
                log.exception("table %s: cannot create its rematch", table_id)
                raise store_failed() from exc
            if created:
                self._register(Table.new(info, now=self._now),
                               {seat: hash_token(new_seat_token)})
                async with self._lock(table_id):
                    table.info = replace(table.info, rematch=info.id)
                return info.id, seat, new_seat_token, True
            existing = await self._db(self.store.rematch_of, table_id)
            if existing is None:
                raise store_failed()
        new = await self._get(existing)
        async with self._lock(existing):
            try:
                if not await self._db(self.store.claim_seat, existing, seat, name,
                                      new_seat_token):
                    # Asked again (another device, a reload): the seat is theirs, new token.
                    await self._db(self.store.set_seat_token, existing, seat, new_seat_token)
            except StoreError as exc:
                raise store_failed() from exc
            await self._seats_read(new)
            self._seat_taken(new, seat, name, new_seat_token)
        return existing, seat, new_seat_token, False

    # ---- chat (kept with the table; the server's hub fans lines out) ------------------------

    async def add_chat(self, table_id: str, seat: int | None, name: str, text: str
                       ) -> dict[str, Any]:
        """Keep a chat line; the line with its ``id`` and ``at``."""
        try:
            return await self._db(self.store.add_chat, table_id, seat, name, text)
        except StoreError as exc:
            log.error("table %s: cannot keep a chat line: %s", table_id, exc)
            raise table_error("store_error",
                              "Le message n’a pas pu être enregistré : réessayez.") from exc

    async def chat_lines(self, table_id: str, limit: int = 200) -> list[dict[str, Any]]:
        """The last ``limit`` lines of the table's chat (oldest first)."""
        try:
            return await self._db(self.store.load_chat, table_id, limit)
        except StoreError as exc:
            raise store_unavailable() from exc

    async def seat_for_token(self, table_id: str, token: str) -> int | None:
        """The seat ``token`` owns at this table, or None."""
        if not isinstance(token, str) or not token:
            return None
        await self._get(table_id)
        seat = seat_of(token, self._hashes.get(table_id, {}))
        if seat is None:  # maybe issued by another process: ask the store once
            try:
                hashes = await self._db(self.store.token_hashes, table_id)
            except StoreError as exc:
                raise store_unavailable() from exc
            self._hashes[table_id] = hashes
            seat = seat_of(token, hashes)
        return seat

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
        if seat in table.info.departed():
            raise table_error("resigned", "Vous avez abandonné cette partie : vous la suivez "
                                          "désormais en spectateur.")
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
        if seat in table.info.departed():  # the seat's hand is no longer its human's
            raise table_error("resigned", "Vous avez abandonné cette partie : vous la suivez "
                                          "désormais en spectateur.")
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

    async def load_all(self) -> int:
        """Resume every playing table after a restart (bots and clocks run again); returns
        how many loaded. Waiting tables need nothing until someone comes: they load on
        demand, so abandoned ones cost nothing. A table that cannot load is logged and
        skipped: one bad game must not stop the server. With other processes, only the
        playing tables nobody owns (the orphan sweep): the others are already running
        somewhere, and load here when someone watches them. StoreError if the store
        cannot list the tables."""
        if self._cluster.distributed:
            return await self._cluster.sweep()
        infos = await self._db(self.store.list_tables, ("playing",), None)
        loaded = unreadable = 0
        for info in infos:
            try:
                await self._get(info.id)
                loaded += 1
            except RuleError as exc:  # already reported by _load
                unreadable += exc.code == "store_unavailable"
            except Exception:
                log.exception("table %s: cannot resume", info.id)
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
        return self._resume_task

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
                                                    move.ms, move.digest, move.status))
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
        finished = table.status in ("over", "broken")
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
        tasks += [t for t in (self._sweep_task, self._resume_task) if t is not None]
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
            self._executor.shutdown(wait=True, cancel_futures=True)
        self._load_executor.shutdown(wait=True, cancel_futures=True)
        self._db_executor.shutdown(wait=True)
