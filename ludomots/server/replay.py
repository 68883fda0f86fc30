"""``GET /api/tables/{id}/replay``: every position of a finished game, with the analysis.

A replay is built from the full record (seed included), so it is served only once the game
is over: the manager's ``record`` refuses before that, and this endpoint inherits the refusal.
Positions are spectator views, with the events a spectator received for the action that led
there (an Awalettres spell revealed, the seeds a word moved): what anyone watching saw.
Finished games never change, so each replay is computed once (off the event loop: the analysis
runs the move generator at every step), encoded once, and kept in a small LRU cache.

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
from typing import Any

from starlette.requests import Request
from starlette.responses import Response

from ludomots.core import registry
from ludomots.core.errors import ReplayDivergence
from ludomots.core.game import events_for_seat
from ludomots.core.record import Record, replay_steps
from ludomots.server.api import table_id_of
from ludomots.server.errors import ApiError
from ludomots.server.settings import manager_of, replays_of

log = logging.getLogger(__name__)


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
        steps.append({"step": step, "seat": line.seat if line else None,
                      "action": line.action if line else None, "ms": line.ms if line else None,
                      "view": view, "logs": _log_increments(view, logs, game.view_logs),
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
        "seats": [s.to_json() for s in record.seats],
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


def encode_replay(table_id: str, record: Record) -> bytes:
    try:
        replay = build_replay(table_id, record)
    except ReplayDivergence as exc:
        log.error("table %s: the record does not replay: %s", table_id, exc)
        raise ApiError("replay_unavailable",
                       "Cette partie ne peut pas être rejouée : son relevé est incohérent.") \
            from None
    return json.dumps(replay, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


class ReplayCache:
    """Encoded replays by table id (LRU); concurrent requests for one table share one
    computation."""

    def __init__(self, size: int = 32) -> None:
        self.size = size
        self._done: OrderedDict[str, bytes] = OrderedDict()
        self._running: dict[str, asyncio.Task[bytes]] = {}

    async def get(self, table_id: str, load: Callable[[], Awaitable[Record]]) -> bytes:
        cached = self._done.get(table_id)
        if cached is not None:
            self._done.move_to_end(table_id)
            return cached
        task = self._running.get(table_id)
        if task is None:
            task = asyncio.get_running_loop().create_task(self._compute(table_id, load))
            self._running[table_id] = task
        return await asyncio.shield(task)

    def __contains__(self, table_id: object) -> bool:
        return table_id in self._done

    async def _compute(self, table_id: str, load: Callable[[], Awaitable[Record]]) -> bytes:
        try:
            record = await load()
            body = await asyncio.to_thread(encode_replay, table_id, record)
        finally:
            self._running.pop(table_id, None)
        self._done[table_id] = body
        while len(self._done) > self.size:
            self._done.popitem(last=False)
        return body


async def replay(request: Request) -> Response:
    table_id = table_id_of(request)
    manager = manager_of(request)

    async def load() -> Record:
        return Record.from_json(await manager.record(table_id))

    body = await replays_of(request).get(table_id, load)
    return Response(body, media_type="application/json")
