"""The table manager: every live table of a server process, on one asyncio event loop.

It owns the tables in memory, the store, the subscribers and the bots, and is what the web
server calls. The design choices:

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
- **Restarts.** ``load_all`` rebuilds every waiting or playing table by replay; bots resume and
  clocks restart with a full move for every seat that must act.
- **Several processes** (``bus.py``, ``leases.py``). Every stored action is announced on the
  bus; a process that has the table loaded applies it (or reloads from the store when it
  missed one), so its subscribers see every action, in order, whichever process received it.
  Bots and timeouts run only in the process holding the table's lease; the others keep the
  table only while someone watches it there. Alone (``LocalBus``), this process owns all.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import math
import re
import secrets
import time
import weakref
from collections.abc import Awaitable, Callable, Coroutine, Iterable, Sequence
from concurrent.futures import Executor, ThreadPoolExecutor
from types import TracebackType
from typing import Any, Protocol, TypeVar

from ludomots.core import registry
from ludomots.core.errors import RuleError
from ludomots.core.game import Event
from ludomots.core.options import OptionError, options_to_json
from ludomots.table.bus import LocalBus, Notice
from ludomots.table.clock import timeout_action
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
    table_error,
    table_full,
    unknown_table,
)
from ludomots.table.leases import LocalLeases
from ludomots.table.model import (
    LIVE_STATUSES,
    SEED_MAX,
    SEED_MIN,
    ClockSettings,
    SeatSpec,
    StoredAction,
    TableInfo,
    validate_name,
)
from ludomots.table.ratelimit import RateLimiter
from ludomots.table.store import ActionRow, Store
from ludomots.table.subscription import Payload, Subscription
from ludomots.table.table import Table, TableLoadError
from ludomots.table.tokens import hash_token, new_token, seat_of
from ludomots.table.worker import ExecutorKind, choose_action, make_executor
from ludomots.table.writer import GroupWriter

log = logging.getLogger(__name__)

T = TypeVar("T")
_TABLE_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")
TIMEOUT_BOT_LEVEL = "debutant"
#: How many times one action may catch up with other processes before giving up.
MAX_CATCH_UPS = 3
#: Every how many lease renewals the orphan sweep looks for tables nobody owns.
SWEEP_EVERY = 3


def _retrieved(task: asyncio.Task[Any]) -> None:
    """Mark a task's exception as seen (it was already reported to whoever waited)."""
    if not task.cancelled():
        task.exception()


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
        run_clocks: bool = True,
        clock_poll: float = 1.0,
        queue_size: int = 256,
        bot_retries: int = 3,
        bus: Bus | None = None,
        leases: Leases | None = None,
    ) -> None:
        """``executor``: "process" (default), "thread", or an Executor you own. ``bot_delay``:
        minimum seconds before a bot's move is played, so humans see it happen. ``now``: wall
        clock for deadlines and rate limits (tests inject one). ``rate_limit`` actions per
        ``rate_window`` seconds per token (0: unlimited). ``run_clocks``: run the background
        task that plays timeouts (else call ``tick()``). ``clock_poll``: its longest sleep.
        ``bus`` and ``leases``: how this process shares tables with others (``RedisBus``,
        ``RedisLeases``; call ``start``); alone by default."""
        self.store = store
        self._own_executor = isinstance(executor, str)
        self._executor = make_executor(executor, max_workers) if isinstance(executor, str) \
            else executor
        self._db_executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="ludomots-db")
        # A lambda, not the bound method: tests replace the store's method to simulate failures.
        self._writer = GroupWriter(self._db, lambda rows: self.store.append_actions(rows))
        self.bot_delay = bot_delay
        self._now = now
        self._limiter = RateLimiter(rate_limit, rate_window, now)
        self._run_clocks = run_clocks
        self._clock_poll = clock_poll
        self._queue_size = queue_size
        self._bot_retries = bot_retries
        self._tables: dict[str, Table] = {}
        self._clocked: dict[str, Table] = {}  # tables with deadlines: all the clock loop scans
        self._next_wake = 0.0  # when the clock loop wakes up next (wall clock)
        # A table's lock lives while a caller holds or awaits it: memory stays bounded by the
        # tables in use, not by every table ever served, and two callers never get two locks.
        self._locks: weakref.WeakValueDictionary[str, asyncio.Lock] = \
            weakref.WeakValueDictionary()
        self._hashes: dict[str, dict[int, str]] = {}
        self._subs: dict[str, set[Subscription]] = {}
        self._bot_tasks: dict[tuple[str, int], asyncio.Task[None]] = {}
        self._load_lock = asyncio.Lock()
        self._clock_wake = asyncio.Event()
        self._clock_task: asyncio.Task[None] | None = None
        self._closed = False
        self._bus: Bus = bus or LocalBus()
        self._leases: Leases = leases or LocalLeases()
        self._lease_task: asyncio.Task[None] | None = None
        self._claiming: set[str] = set()
        self._claim_tried: dict[str, float] = {}  # monotonic time of the last refused claim
        self._notice_tasks: set[asyncio.Task[Any]] = set()

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
        if table.clock.next_deadline() is not None:
            self._clocked[table.id] = table
        self._hashes[table.id] = hashes
        self._want_lease(table)
        self._schedule_bots(table)
        self._ensure_clock_loop()

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
            try:
                info, actions = await self._db(self.store.load_table, table_id)
                hashes = await self._db(self.store.token_hashes, table_id)
            except NotFoundError:
                raise unknown_table(table_id) from None
            except StoreError as exc:
                log.error("table %s: cannot load: %s", table_id, exc)
                raise store_unavailable() from exc
            try:
                table = Table.rebuild(info, actions, now=self._now)
            except TableLoadError as exc:
                log.error("%s", exc)
                raise table_error("table_unavailable",
                                  "Cette partie ne peut pas être chargée.") from exc
            if table.broken is not None and info.status != "broken":
                with contextlib.suppress(StoreError):  # marked again at the next load
                    await self._db(self.store.set_status, table_id, "broken")
            self._register(table, hashes)
            return table

    # ---- tables -----------------------------------------------------------------------------

    async def create_table(self, game: str, options: dict[str, Any] | None,
                           seats: Sequence[SeatSpec], seed: int | None = None,
                           clock: ClockSettings | int | None = None
                           ) -> tuple[str, dict[int, str]]:
        """A new table; returns its id and a token for each human seat given a name (the
        creator's own seats). Human seats with an empty name are left free for ``join``."""
        try:
            game_obj = registry.get_game(game)
            bots = registry.get_bots(game)
        except KeyError:
            raise table_error("unknown_game", f"Jeu inconnu : « {game} ».", game=game) from None
        except Exception as exc:
            log.exception("game %s does not load", game)
            raise table_error("game_unavailable", "Ce jeu n’est pas disponible.") from exc
        seats = list(seats)
        if not game_obj.min_players <= len(seats) <= game_obj.max_players:
            raise table_error("bad_seats", f"{game_obj.title} se joue de {game_obj.min_players} "
                                           f"à {game_obj.max_players} joueurs.",
                              min=game_obj.min_players, max=game_obj.max_players)
        for spec in seats:
            if spec.kind == "bot" and spec.level not in bots:
                raise table_error("unknown_level", f"Niveau de robot inconnu : « {spec.level} ».",
                                  level=spec.level, known=sorted(bots))
        if seed is None:
            seed = secrets.randbits(63)
        elif isinstance(seed, bool) or not isinstance(seed, int) or \
                not SEED_MIN <= seed <= SEED_MAX:
            raise table_error("bad_seed", "La graine doit être un entier sur 64 bits.")
        try:
            coerced = game_obj.coerce_options(options)
            # Some options depend on the seats (Vocabulon's handicaps: one per seat); the game
            # checks them when it starts, which may be when the last free seat is taken:
            # start it now once, so that a table that could never start is refused here.
            game_obj.new(coerced, len(seats), seed)
            options_json = options_to_json(coerced)
        except OptionError as exc:
            raise table_error("bad_options", f"Options invalides : {exc.french}",
                              reason=str(exc)) from None
        except (ValueError, TypeError) as exc:  # a game's check without a French message
            raise table_error("bad_options", "Options invalides.", reason=str(exc)) from None
        if not isinstance(clock, ClockSettings):
            clock = ClockSettings(clock or 0)
        tokens = {i: new_token() for i, s in enumerate(seats)
                  if s.kind == "human" and not s.is_open}
        info = TableInfo(
            id=secrets.token_urlsafe(9), game=game, options=options_json, seed=seed,
            seats=tuple(seats), status="waiting" if any(s.is_open for s in seats) else "playing",
            clock=clock, created_at=int(self._now() * 1000))
        table = Table.new(info, now=self._now)
        try:
            await self._db(self.store.create_table, table.info, tokens)
        except StoreError as exc:
            log.exception("cannot create a %s table", game)
            raise store_failed() from exc
        self._register(table, {seat: hash_token(t) for seat, t in tokens.items()})
        return table.id, tokens

    async def join(self, table_id: str, name: str) -> tuple[int, str]:
        """Take the first free human seat under ``name``; returns (seat, token)."""
        name = validate_name(name)
        table = await self._get(table_id)
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
            # Refresh even on failure: another process may have taken seats meanwhile.
            try:
                table.set_info(await self._db(self.store.load_info, table_id))
            except StoreError as exc:
                raise store_unavailable() from exc
            if claimed is None:
                raise table_full()
            seat, token = claimed
            self._hashes.setdefault(table_id, {})[seat] = hash_token(token)
            self._bus.publish(Notice(table_id, "info", self._bus.process_id))
            self._changed(table, [Event("seat_joined", {"seat": seat, "name": name})])
            return seat, token

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
        events = await self._play(await self._get(table_id), seat, action_json)
        return Table.events_for(events, seat)

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
        try:
            action = table.game.action_codec.decode(action_json)
        except RuleError as exc:
            return {"legal": False, "error": exc.code, "message": exc.message}
        async with self._lock(table_id):
            return table.game.preview(table.state, seat, action)

    async def lobby(self, limit: int = 50) -> list[dict[str, Any]]:
        """Waiting and playing tables, most recently active first; no seeds, no tokens."""
        try:
            infos = await self._db(self.store.list_tables, LIVE_STATUSES, limit)
        except StoreError as exc:
            raise store_unavailable() from exc
        out = []
        for info in infos:
            entry = info.public_json()
            try:
                entry["title"] = registry.get_game(info.game).title
            except Exception:
                entry["title"] = info.game
            out.append(entry)
        return out

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
        """Resume every waiting or playing table after a restart; returns how many loaded. A
        table that cannot load is logged and skipped: one bad game must not stop the server.
        With other processes, only the playing tables nobody owns (the orphan sweep): the
        others are already running somewhere, and load here when someone watches them."""
        if self._leases.distributed:
            return await self._sweep()
        infos = await self._db(self.store.list_tables, LIVE_STATUSES, None)
        loaded = 0
        for info in infos:
            try:
                await self._get(info.id)
                loaded += 1
            except Exception:
                log.exception("cannot resume table %s", info.id)
        return loaded

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
        async with self._lock(table.id):
            return await self._play_locked(table, seat, action_json, notices, timeout, retry)

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
            if self._bus.distributed:
                self._bus.publish(Notice(table.id, "action", self._bus.process_id, move.seq,
                                         move.seat, move.action, move.ms, move.digest,
                                         timeout))
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
                await self._db(self.store.set_status, table.id, "broken")
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
                                    "events": Table.events_for(events, sub.seat)}
                if logs:
                    payload["logs"] = logs
                if not sub.push(payload):
                    subs.discard(sub)
                    log.info("table %s: dropped a subscriber that fell behind", table.id)
        table.logs_sent()
        self._want_lease(table)
        self._schedule_bots(table)
        self._wake_clocks_for(table)
        self._maybe_evict(table)

    def _maybe_evict(self, table: Table) -> None:
        """Drop a finished table nobody watches: memory stays bounded by the live games, and
        the store can rebuild it on demand. Its lock goes once no caller holds or awaits it.
        With other processes, a live table nobody watches here is dropped too unless this
        process owns it: its owner runs it, and applying its actions here would be waste."""
        finished = table.status in ("over", "broken")
        foreign = self._leases.distributed and not self._leases.owns(table.id) and \
            table.id not in self._claiming
        if (finished or foreign) and not self._subs.get(table.id) and \
                not any(key[0] == table.id for key in self._bot_tasks):
            self._tables.pop(table.id, None)
            self._claim_tried.pop(table.id, None)
            if self._leases.distributed and self._leases.owns(table.id):
                self._background(self._release([table.id]))
            self._clocked.pop(table.id, None)
            self._hashes.pop(table.id, None)
            self._subs.pop(table.id, None)

    # ---- subscribers --------------------------------------------------------------------------

    async def subscribe(self, table_id: str, seat: int | None) -> Subscription:
        """Payloads for ``seat`` (authenticated by the caller) or a spectator, starting with the
        current view: {"type": "update", "view": ..., "events": [...]}. Payloads are shared by
        subscribers of the same seat: treat them as read-only."""
        table = await self._get(table_id)
        if seat is not None and not 0 <= seat < len(table.info.seats):
            raise table_error("bad_seat", "Cette place n’existe pas.", seat=seat)
        sub = Subscription(table_id, seat, self._queue_size)
        async with self._lock(table_id):  # so the next update follows this view exactly
            sub.push({"type": "update", "view": table.view(seat), "events": []})
            self._subs.setdefault(table_id, set()).add(sub)
        return sub

    def unsubscribe(self, sub: Subscription) -> None:
        self._subs.get(sub.table_id, set()).discard(sub)
        sub.close()
        table = self._tables.get(sub.table_id)
        if table is not None:
            self._maybe_evict(table)

    # ---- bots ---------------------------------------------------------------------------------

    def _schedule_bots(self, table: Table) -> None:
        if self._closed or not self._leases.owns(table.id):
            return
        for seat in sorted(table.to_act()):
            spec = table.info.seats[seat]
            if spec.kind == "bot" and spec.level is not None:
                self._start_bot(table, seat, spec.level, timeout=False)

    def _start_bot(self, table: Table, seat: int, level: str, timeout: bool) -> None:
        key = (table.id, seat)
        if key not in self._bot_tasks and not self._closed:
            self._bot_tasks[key] = asyncio.get_running_loop().create_task(
                self._bot_turn(table, seat, level, timeout), name=f"bot-{table.id}-{seat}")

    async def _bot_turn(self, table: Table, seat: int, level: str, timeout: bool) -> None:
        """Think off the loop, wait ``bot_delay``, play through ``_play`` like a human."""
        loop = asyncio.get_running_loop()
        played = False
        try:
            for attempt in range(1, self._bot_retries + 1):
                async with self._lock(table.id):
                    if seat not in table.to_act():
                        return
                    job = table.bot_job(seat, level)
                started = time.monotonic()
                try:
                    action_json = await loop.run_in_executor(self._executor, choose_action, job)
                except Exception:
                    log.exception("table %s: the %s bot of seat %d failed (attempt %d)",
                                  table.id, level, seat, attempt)
                    continue
                wait = self.bot_delay - (time.monotonic() - started)
                if wait > 0:
                    await asyncio.sleep(wait)
                if seat not in table.to_act():
                    return
                notices = [Event("timeout", {"seat": seat})] if timeout else []
                try:
                    await self._play(table, seat, action_json, notices, timeout, retry=False)
                except RuleError as exc:
                    log.warning("table %s: the %s bot of seat %d was refused: %s (attempt %d)",
                                table.id, level, seat, exc.code, attempt)
                    continue
                played = True
                return
            log.error("table %s: the %s bot of seat %d gave up", table.id, level, seat)
        finally:
            if self._bot_tasks.get((table.id, seat)) is asyncio.current_task():
                del self._bot_tasks[(table.id, seat)]
            if played:
                self._schedule_bots(table)  # the same seat may have to act again
            self._maybe_evict(table)

    async def idle(self) -> None:
        """Wait until no bot is thinking (tests; graceful shutdown)."""
        while self._bot_tasks:
            await asyncio.gather(*list(self._bot_tasks.values()), return_exceptions=True)

    # ---- clocks -------------------------------------------------------------------------------

    def _wake_clocks_for(self, table: Table) -> None:
        """Wake the clock loop if this table's next deadline comes before its planned wake-up
        (scanning every clock after every action cost more than the rules under load)."""
        deadline = table.clock.next_deadline()
        if deadline is None:
            return
        self._clocked[table.id] = table
        if deadline < self._next_wake:
            self._clock_wake.set()

    def _ensure_clock_loop(self) -> None:
        if self._run_clocks and self._clock_task is None and not self._closed:
            self._clock_task = asyncio.get_running_loop().create_task(
                self._clock_loop(), name="table-clocks")

    async def tick(self) -> int:
        """Play the timeout of every seat whose deadline has passed; returns how many."""
        fired = 0
        for table in list(self._clocked.values()):
            if table.clock.next_deadline() is None:
                self._clocked.pop(table.id, None)
            elif table.status == "playing" and self._leases.owns(table.id):
                for seat in table.clock.expired():
                    if await self._timeout(table, seat):
                        fired += 1
        return fired

    async def _timeout(self, table: Table, seat: int) -> bool:
        async with self._lock(table.id):
            if seat not in table.clock.expired():
                return False
            table.clock.disarm(seat)
            if seat not in table.to_act():
                return False
            try:
                action = timeout_action(table.game, table.state, seat)
            except Exception:
                log.exception("table %s: timeout_action failed for seat %d", table.id, seat)
                action = None
            if action is None:
                bots = registry.get_bots(table.info.game)
                level = TIMEOUT_BOT_LEVEL if TIMEOUT_BOT_LEVEL in bots else next(iter(bots), None)
                if level is None:
                    log.error("table %s: seat %d timed out and %s has no bot", table.id, seat,
                              table.info.game)
                    return False
                self._start_bot(table, seat, level, timeout=True)
                return True
            try:
                await self._play_locked(table, seat, table.game.action_codec.encode(action),
                                        [Event("timeout", {"seat": seat})], timeout=True,
                                        retry=False)
            except RuleError as exc:
                log.warning("table %s: timeout action of seat %d refused: %s", table.id, seat,
                            exc.code)
                return False
            return True

    async def _clock_loop(self) -> None:
        while not self._closed:
            try:
                await self.tick()
            except Exception:
                log.exception("clock tick failed")
            self._clock_wake.clear()
            deadlines = [d for t in self._clocked.values()
                         if t.status == "playing" and self._leases.owns(t.id)
                         and (d := t.clock.next_deadline()) is not None]
            delay = self._clock_poll
            if deadlines:
                delay = min(delay, max(0.0, min(deadlines) - self._now()))
            self._next_wake = self._now() + delay
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._clock_wake.wait(), timeout=max(delay, 0.001))

    # ---- other processes ----------------------------------------------------------------------

    async def start(self) -> None:
        """Join the other processes (listen to the bus, hold leases); nothing to do alone.
        Call before ``load_all``."""
        await self._bus.start(self._on_notice, self._resync)
        if self._leases.distributed and self._lease_task is None and not self._closed:
            self._lease_task = asyncio.get_running_loop().create_task(
                self._lease_loop(), name="table-leases")

    def owns(self, table_id: str) -> bool:
        """Whether this process runs the table's bots and clocks (for tests and logs)."""
        return self._leases.owns(table_id)

    def _want_lease(self, table: Table) -> None:
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

    def _background(self, job: Coroutine[Any, Any, Any]) -> None:
        """Run ``job`` as a task that ``close`` cancels (after ``close``: not at all)."""
        if self._closed:
            job.close()
            return
        task = asyncio.get_running_loop().create_task(job)
        self._notice_tasks.add(task)
        task.add_done_callback(self._notice_tasks.discard)

    async def _claim(self, table_ids: list[str]) -> set[str]:
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
            self._schedule_bots(table)
            self._wake_clocks_for(table)
        for table_id in table_ids:
            table = self._tables.get(table_id)
            if table is not None:
                self._maybe_evict(table)
        return gained

    async def _lease_loop(self) -> None:
        """Renew the leases held, try for the loaded tables nobody owns, release finished
        ones, and every few rounds sweep the store for orphans (their owner died)."""
        rounds = 0
        while not self._closed:
            try:
                lost = await self._leases.renew()
                for table_id in lost:
                    log.warning("table %s: lease lost to another process", table_id)
                done = [t for t, table in self._tables.items()
                        if self._leases.owns(t) and table.status != "playing"]
                await self._leases.release(done)
                await self._claim([t for t, table in self._tables.items()
                                   if table.status == "playing" and not self._leases.owns(t)
                                   and t not in self._claiming])
                rounds += 1
                if rounds % SWEEP_EVERY == 0:
                    await self._sweep()
            except Exception:
                log.exception("lease round failed")
            await asyncio.sleep(self._leases.ttl / 3)

    async def _release(self, table_ids: list[str]) -> None:
        try:
            await self._leases.release(table_ids)
        except Exception:  # they expire on their own
            log.exception("cannot release leases")

    async def _sweep(self) -> int:
        """Load and take over the playing tables nobody owns; returns how many."""
        infos = await self._db(self.store.list_tables, ("playing",), None)
        candidates = [info.id for info in infos if info.id not in self._tables]
        gained = await self._leases.claim(await self._leases.unowned(candidates))
        loaded = 0
        for table_id in sorted(gained):
            try:
                await self._get(table_id)
                loaded += 1
            except Exception:
                log.exception("cannot resume table %s", table_id)
                await self._leases.release([table_id])
        return loaded

    def _on_notice(self, notice: Notice) -> None:
        """From the bus: another process stored an action or changed seats."""
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
                                                 notice.ms, notice.digest)], events)
                    if table.broken is not None:
                        await self._db(self.store.set_status, table.id, "broken")
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

    async def close(self) -> None:
        """Stop bots and clocks, end every subscription, release executors (not the store)."""
        if self._closed:
            return
        self._closed = True
        tasks: list[asyncio.Task[Any]] = [*self._bot_tasks.values(), *self._notice_tasks]
        for task in (self._clock_task, self._lease_task):
            if task is not None:
                tasks.append(task)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._bot_tasks.clear()
        for close in (self._leases.close, self._bus.close):  # others take over at once
            try:
                await close()
            except Exception:
                log.exception("cannot leave the other processes cleanly")
        for subs in self._subs.values():
            for sub in subs:
                sub.close()
        self._subs.clear()
        if self._own_executor:
            self._executor.shutdown(wait=True, cancel_futures=True)
        self._db_executor.shutdown(wait=True)
