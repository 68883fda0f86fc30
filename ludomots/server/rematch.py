"""``POST /api/tables/{id}/rematch``: the same game again, with the same players (issue 19).

Any seat of a finished table asks with its token; the first request creates the new table
(same game, options, clock, resignation rule and seats, bots at the same levels, a new seed)
and every request seats its asker at their own seat there, so a second request returns the
same table. The first request tells every connection of the old table (through the chat hub,
which reaches the other processes too) with ``{"type": "rematch", "table", "url", "seat",
"name"}``: the others take their seats with one click, which is this same request.
"""

from __future__ import annotations

import asyncio

from starlette.requests import Request
from starlette.responses import JSONResponse

from ludomots.server.api import check_rate, table_id_of
from ludomots.server.auth import accounts_of, current_account
from ludomots.server.body import read_json_object
from ludomots.server.settings import chat_hub_of, manager_of


async def rematch(request: Request) -> JSONResponse:
    check_rate(request)
    table_id = table_id_of(request)
    body = await read_json_object(request)
    manager = manager_of(request)
    new_id, seat, token, created = await manager.rematch(table_id, body.get("token"))
    account = await current_account(request)
    if account is not None:  # a rematch of a rated game is rated too
        db = accounts_of(request).db
        rated = await asyncio.to_thread(db.is_rated, table_id)
        await asyncio.to_thread(db.link_seat, new_id, seat, account.id, rated=rated)
    url = f"/table/{new_id}"
    if created:
        view = await manager.view(new_id, None)
        name = view["table"]["seats"][seat]["name"]
        chat_hub_of(request).broadcast(table_id, {"type": "rematch", "table": new_id,
                                                  "url": url, "seat": seat, "name": name})
    return JSONResponse({"table": new_id, "seat": seat, "token": token, "url": url},
                        status_code=201)

