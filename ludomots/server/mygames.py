"""« Mes parties »: the live tables a player sits at, with whose turn it is (issue 19).

One entry shape for both ways of holding a seat: a logged-in player's seats come from the
account (``GET /api/me``, ``accounts_api.me``), a guest's from the seat tokens their browser
kept (``POST /api/my-tables``). An entry is the table's public info (``public_json``: no
seed, no token), the seat, its URL, the seats to act as a spectator sees them and whether this
seat is one of them: nothing a spectator could not see, so no rack, no secret word.

A guest's tokens prove the seats: a token that proves no seat at its table, an unknown table,
a finished one are silently left out, so the answer says nothing of a token but the seat it
proves. The request is limited per address like creations and joins (``check_rate``).
"""

from __future__ import annotations

import asyncio
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse

from ludomots.core.errors import RuleError
from ludomots.server.api import check_rate
from ludomots.server.body import read_json_object
from ludomots.server.errors import ApiError
from ludomots.server.settings import manager_of
from ludomots.table.errors import NotFoundError, StoreError, store_unavailable
from ludomots.table.manager import TableManager
from ludomots.table.model import LIVE_STATUSES, TableInfo

TABLE_ID_MAX = 32
TOKEN_MAX = 256
#: The seats a browser may ask about at once: its token store keeps the 50 latest tables.
GUEST_SEATS_MAX = 50


def seat_pairs(raw: object, limit: int, subject: str = "Les places"
               ) -> list[tuple[str, str]]:
    """The guest seats a browser sends: [{"table", "token"}, ...] (absent: none), at most
    ``limit``; ApiError("bad_seats") otherwise, whose message starts with ``subject``."""
    if raw is None:
        return []
    if not isinstance(raw, list) or len(raw) > limit or not all(
            isinstance(item, dict) and isinstance(item.get("table"), str)
            and isinstance(item.get("token"), str)
            and 0 < len(item["table"]) <= TABLE_ID_MAX and 0 < len(item["token"]) <= TOKEN_MAX
            for item in raw):
        raise ApiError("bad_seats", f"{subject} doivent être une liste d’au plus "
                                    f"{limit} objets {{\"table\", \"token\"}}.")
    return [(item["table"], item["token"]) for item in raw]


async def game_entry(manager: TableManager, info: TableInfo, seat: int) -> dict[str, Any]:
    """One line of « Mes parties »: the table's public info, the seat, whose turn it is."""
    to_act = await _to_act(manager, info.id) if info.status == "playing" else []
    return {**info.public_json(), "seat": seat, "url": f"/table/{info.id}",
            "to_act": to_act, "my_turn": seat in to_act}


async def _to_act(manager: TableManager, table_id: str) -> list[int]:
    """The seats that must act at a playing table, as a spectator sees them (the table is
    loaded if this process does not hold it yet)."""
    try:
        view = await manager.view(table_id, None)
    except RuleError:
        return []
    return [int(s) for s in view["table"]["to_act"]]


def _proved_seats(manager: TableManager, pairs: list[tuple[str, str]]
                  ) -> list[tuple[TableInfo, int]]:
    """The live tables among ``pairs`` and the seat each one's token proves (store calls)."""
    found: list[tuple[TableInfo, int]] = []
    for table_id in dict.fromkeys(t for t, _ in pairs):  # one entry a table
        try:
            info = manager.store.load_info(table_id)
        except NotFoundError:
            continue
        if info.status not in LIVE_STATUSES:
            continue
        for token in (token for t, token in pairs if t == table_id):
            seat = manager.store.verify_token(table_id, token)
            if seat is not None:
                found.append((info, seat))
                break
    return found


async def my_tables(request: Request) -> JSONResponse:
    """``POST /api/my-tables`` body ``{"seats": [{"table", "token"}, ...]}`` →
    ``{"games": [entry, ...]}``: the live tables among them whose token proves a seat,
    most recently active first."""
    check_rate(request)
    body = await read_json_object(request)
    pairs = seat_pairs(body.get("seats"), GUEST_SEATS_MAX)
    manager = manager_of(request)
    try:
        found = await asyncio.to_thread(_proved_seats, manager, pairs)
    except StoreError as exc:
        raise store_unavailable() from exc
    found.sort(key=lambda pair: (-pair[0].updated_at, pair[0].id))
    return JSONResponse({"games": [await game_entry(manager, info, seat)
                                   for info, seat in found]})
