"""``GET /api/tables/{id}/replay``: every position of a finished game, with the analysis.

A replay is built from the full record (seed included), so it is served only once the game
is over: the manager's ``record`` refuses before that, and this endpoint inherits the refusal.
Positions are spectator views, with the events a spectator received for the action that led
there (an Awalettres spell revealed, the seeds a word moved): what anyone watching saw.

A replay costs seconds of CPU (a long Topword game: about 4 s; the analysis runs the move
generator at every step), and finished games never change. So each is computed once, in a
worker process of its own (``make_executor``: spawned, at a lower priority, one computation
at a time; on a thread, the work held the interpreter lock and slowed every table),
kept in the database (``Store.save_replay``: every process and every restart reuses it) and
in a small memory LRU, without the seats' names, which are added as they are now when served
(``with_seats``: a deleted account's seats must read « joueur supprimé », even in old
games). Computations are limited per client address (a cached replay is not counted):
asking for every finished game in a loop cannot keep the server busy.

A game's logs that only grow (``Game.view_logs``: Volapük's words, Awalettres' history...) are
sent as the entries each step adds, as table updates do: ``steps[k].logs`` = {key: index where
the entries start}; the client rebuilds the whole lists. Sending each list whole at every step
made a long game's replay megabytes heavy (quadratic in its length).
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from concurrent.futures import Executor
from typing import Any

from starlette.requests import Request
from starlette.responses import Response

from ludomots.core import registry
from ludomots.core.errors import ReplayDivergence
from ludomots.core.game import events_for_seat
from ludomots.core.record import Record, replay_steps
from ludomots.server.api import client_address, table_id_of
from ludomots.server.errors import ApiError
from ludomots.server.settings import manager_of, replays_of
from ludomots.table.errors import StoreError, store_unavailable
from ludomots.table.ratelimit import RateLimiter
from ludomots.table.store import Store
from ludomots.table.table import is_movers_entry
from ludomots.table.worker import ExecutorKind, make_executor

log = logging.getLogger(__name__)


#: The chat lines a replay carries (the last ones, oldest first).
CHAT_IN_REPLAY = 1000

def build_replay(table_id: str, record: Record) -> dict[str, Any]:
    """Steps (step 0: the deal; step k: after action k-1) and the analysis of each action
    (``analysis[k]`` is about ``steps[k].action``, played on the position of step k-1)."""
    game = registry.get_game(record.game)
    codec = game.action_codec
    steps: list[dict[str, Any]] = []
    analysis: list[dict[str, Any] | None] = []
    previous = None
    logs: dict[str, list[Any]] = {}  # each log as a whole, at the step before
    for step, state, events in replay_steps(record, game):
        line = record.actions[step - 1] if step else None
        view = state.view(None)
        starts = _log_increments(view, logs, game.view_logs)
        timeout = bool(line and line.timeout)
        if line is not None and line.timeout:  # its first entry, as in a live journal
            for key in starts:
                added = view[key]
                if added and isinstance(added[0], dict) and is_movers_entry(added[0], line.seat):
                    view[key] = [dict(added[0], timeout=True), *added[1:]]
        steps.append({"step": step, "seat": line.seat if line else None,
                      "action": line.action if line else None, "ms": line.ms if line else None,
                      "timeout": timeout, "view": view, "logs": starts,
                      "events": events_for_seat(events, None)})
        entry = None
        if line is not None and previous is not None:
            entry = game.analyse(previous, line.seat, codec.decode(line.action))
        analysis.append(entry)
        previous = state
    return {
        "table": table_id,
        "game": record.game,
        "title": game.title,
        "scores": record.scores,
        "winners": record.winners,
        "log_keys": list(game.view_logs),
        "steps": steps,
        "analysis": analysis,
    }


def _log_increments(view: dict[str, Any], logs: dict[str, list[Any]],
                    keys: tuple[str, ...]) -> dict[str, int]:
    """Cut each log of ``view`` to the entries added since ``logs`` (updated to the whole
    lists); returns where they start. A log that did not only grow stays whole (start 0)."""
    starts: dict[str, int] = {}
    for key in keys:
        entries = view.get(key)
        if not isinstance(entries, list):
            continue
        before = logs.get(key, [])
        start = len(before) if entries[:len(before)] == before else 0
        logs[key] = entries
        view[key] = entries[start:]
        starts[key] = start
    return starts


def with_seats(body: bytes, seats: list[dict[str, Any]],
               extra: dict[str, Any] | None = None) -> bytes:
    """A kept replay with the table's seats as they are now: a name may change after the game
    (a deleted account's seats read « joueur supprimé »), so names are not kept in it.
    ``extra``: more top-level fields read when served (the chat)."""
    head = {"seats": seats, **(extra or {})}
    return json.dumps(head, ensure_ascii=False, separators=(",", ":")).encode("utf-8")[:-1] \
        + b"," + body[1:]


def encode_replay(table_id: str, record: Record) -> bytes:
    try:
        replay = build_replay(table_id, record)
    except ReplayDivergence as exc:
        log.error("table %s: the record does not replay: %s", table_id, exc)
        raise ApiError("replay_unavailable",
                       "Cette partie ne peut pas être rejouée : son relevé est incohérent.") \
            from None
    return json.dumps(replay, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def compute_replay(table_id: str, record: Record) -> tuple[bytes | None, str]:
    """``encode_replay`` for a worker process: (body, "") or (None, why it does not replay)
    (an ApiError does not cross processes)."""
    try:
        return encode_replay(table_id, record), ""
    except ApiError as exc:
        return None, exc.message


class ReplayCache:
    """Encoded replays by table id: memory (LRU), then the database, then one computation
    (in ``executor``, created on first use) shared by concurrent requests for one table."""

    def __init__(self, size: int = 32, executor: ExecutorKind | Executor = "process") -> None:
        self.size = size
        self._kind = executor
        self._executor: Executor | None = None if isinstance(executor, str) else executor
        self._done: OrderedDict[str, bytes] = OrderedDict()
        self._running: dict[str, asyncio.Task[bytes]] = {}
        self.computed = 0

    async def get(self, table_id: str, load: Callable[[], Awaitable[Record]],
                  store: Store | None = None,
                  may_compute: Callable[[], bool] = lambda: True) -> bytes:
        """The replay; ``load`` gives the record (RuleError before the end), ``store`` keeps
        replays, ``may_compute`` says whether this client may start a computation (else
        ApiError ``rate_limited``)."""
        cached = self._done.get(table_id)
        if cached is not None:
            self._done.move_to_end(table_id)
            return cached
        task = self._running.get(table_id)
        if task is None:
            task = asyncio.get_running_loop().create_task(
                self._find(table_id, load, store, may_compute))
            self._running[table_id] = task
        return await asyncio.shield(task)

    def __contains__(self, table_id: object) -> bool:
        return table_id in self._done

    async def _find(self, table_id: str, load: Callable[[], Awaitable[Record]],
                    store: Store | None, may_compute: Callable[[], bool]) -> bytes:
        try:
            body = await asyncio.to_thread(store.load_replay, table_id) if store else None
            if body is None:
                body = await self._compute(table_id, load, may_compute)
                if store is not None:
                    try:
                        await asyncio.to_thread(store.save_replay, table_id, body)
                    except StoreError as exc:  # computed again next time: no harm done
                        log.warning("table %s: cannot keep its replay: %s", table_id, exc)
        except StoreError as exc:
            raise store_unavailable() from exc
        finally:
            self._running.pop(table_id, None)
        self._done[table_id] = body
        while len(self._done) > self.size:
            self._done.popitem(last=False)
        return body

    async def _compute(self, table_id: str, load: Callable[[], Awaitable[Record]],
                       may_compute: Callable[[], bool]) -> bytes:
        record = await load()  # refused before the end: nothing to compute
        if not may_compute():
            raise ApiError("rate_limited", "Trop de revues de parties demandées en peu de "
                                           "temps : patientez un instant.")
        if self._executor is None:
            assert isinstance(self._kind, str)
            self._executor = make_executor(self._kind, 1)
        body, why = await asyncio.get_running_loop().run_in_executor(
            self._executor, compute_replay, table_id, record)
        if body is None:
            log.error("table %s: the record does not replay: %s", table_id, why)
            raise ApiError("replay_unavailable", why)
        self.computed += 1
        return body

    def close(self) -> None:
        """Stop the worker (the app's shutdown)."""
        if self._executor is not None and isinstance(self._kind, str):
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None


async def replay(request: Request) -> Response:
    table_id = table_id_of(request)
    manager = manager_of(request)
    limiter: RateLimiter = request.app.state.replay_limiter

    async def load() -> Record:
        return Record.from_json(await manager.record(table_id))

    body = await replays_of(request).get(table_id, load, manager.store,
                                         lambda: limiter.hit(client_address(request)))
    try:
        info = await asyncio.to_thread(manager.store.load_info, table_id)
        chat = await asyncio.to_thread(manager.store.load_chat, table_id, CHAT_IN_REPLAY)
        actions = await asyncio.to_thread(manager.store.load_actions, table_id)
    except StoreError as exc:
        raise store_unavailable() from exc
    # The chat beside the moves (issue 19; the viewer shows it on demand): its lines and when
    # each action was stored, to place them between the steps. Read when served, as names.
    # Who left before the end (resigned, or expelled once out of time: « expulsé »).
    extra = {"chat": chat, "times": [a.created_at for a in actions],
             "departures": [d.to_json() for d in info.departures]}
    return Response(with_seats(body, [s.to_json() for s in info.record_seats()], extra),
                    media_type="application/json")
