"""The accounts HTTP API: sign up, log in and out, one's own page data, follows, invitations,
claims of guests' seats, export. Player-facing refusals are French (``accounts/errors.py``).

A password only ever travels in a request body and goes straight to argon2: it is never in
an answer, a log line or an error's details. Answers that set or clear the session cookie are
``Cache-Control: no-store`` like every API answer.
"""

from __future__ import annotations

import asyncio
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse

from ludomots.accounts.db import CLAIMS_MAX, Account
from ludomots.accounts.errors import account_error, unknown_player
from ludomots.server.auth import (
    accounts_of,
    clear_session_cookie,
    client_address,
    require_account,
    session_id_of,
    set_session_cookie,
)
from ludomots.server.body import read_json_object
from ludomots.server.mygames import game_entry
from ludomots.server.mygames import seat_pairs as guest_seats
from ludomots.server.settings import manager_of
from ludomots.table.errors import NotFoundError, unknown_table


def seat_pairs(raw: object) -> list[tuple[str, str]]:
    """The guest seats a browser sends to claim: [{"table", "token"}, ...] (absent: none)."""
    return guest_seats(raw, CLAIMS_MAX, "Les places à rattacher")


def _account_json(account: Account, claimed: int | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"name": account.name, "created_at": account.created_at,
                           "profile": f"/joueur/{account.name}"}
    if claimed is not None:
        out["claimed"] = claimed
    return out


async def _logged_in(request: Request, account: Account, status: int,
                     pairs: list[tuple[str, str]]) -> JSONResponse:
    service = accounts_of(request)
    claimed = await service.claim(account, pairs) if pairs else 0
    raw = await asyncio.to_thread(service.db.create_session, account.id)
    response = JSONResponse(_account_json(account, claimed), status_code=status)
    set_session_cookie(response, request, raw)
    return response


async def create_account(request: Request) -> JSONResponse:
    body = await read_json_object(request)
    pairs = seat_pairs(body.get("seats"))
    account = await accounts_of(request).sign_up(body.get("name"), body.get("password"),
                                                 client_address(request))
    return await _logged_in(request, account, 201, pairs)


async def log_in(request: Request) -> JSONResponse:
    body = await read_json_object(request)
    pairs = seat_pairs(body.get("seats"))
    account = await accounts_of(request).log_in(body.get("name"), body.get("password"),
                                                client_address(request))
    return await _logged_in(request, account, 200, pairs)


async def log_out(request: Request) -> JSONResponse:
    raw = session_id_of(request)
    if raw is not None:
        await asyncio.to_thread(accounts_of(request).db.delete_session, raw)
    response = JSONResponse({"logged_in": False})
    clear_session_cookie(response, request)
    return response


async def log_out_everywhere(request: Request) -> JSONResponse:
    account = await require_account(request, "vous déconnecter")
    ended = await asyncio.to_thread(accounts_of(request).db.delete_sessions, account.id)
    response = JSONResponse({"logged_in": False, "sessions_ended": ended})
    clear_session_cookie(response, request)
    return response


async def delete_account(request: Request) -> JSONResponse:
    """Needs the password again: a stolen session alone cannot erase a player's history."""
    account = await require_account(request, "supprimer votre compte")
    body = await read_json_object(request)
    service = accounts_of(request)
    if not await service.check_password_of(account, body.get("password")):
        raise account_error("wrong_password", "Mot de passe incorrect : le compte n’est pas "
                                              "supprimé.")
    await asyncio.to_thread(service.db.delete_account, account.id)
    response = JSONResponse({"deleted": True})
    clear_session_cookie(response, request)
    return response


async def me(request: Request) -> JSONResponse:
    """The logged-in player, with « Mes parties »: live tables and invitations."""
    account = await require_account(request, "voir vos parties")
    service = accounts_of(request)
    seats = await asyncio.to_thread(service.db.live_tables, account.id)
    manager = manager_of(request)
    games = []
    for table_id, seat in seats:
        try:
            info = await asyncio.to_thread(manager.store.load_info, table_id)
        except NotFoundError:
            continue
        games.append({**await game_entry(manager, info, seat),
                      "rated": await asyncio.to_thread(service.db.is_rated, table_id)})
    invites = await asyncio.to_thread(service.db.invites_for, account.id)
    return JSONResponse({**_account_json(account), "games": games, "invites": invites})


async def claim_seats(request: Request) -> JSONResponse:
    account = await require_account(request, "rattacher vos parties")
    body = await read_json_object(request)
    claimed = await accounts_of(request).claim(account, seat_pairs(body.get("seats")))
    return JSONResponse({"claimed": claimed})


async def export(request: Request) -> Response:
    """All the player's game records, as a JSON file to keep."""
    account = await require_account(request, "télécharger vos parties")
    queries = accounts_of(request).queries
    iterator = queries.export(account)

    async def chunks() -> Any:
        while True:
            piece = await asyncio.to_thread(next, iterator, None)
            if piece is None:
                return
            yield piece.encode("utf-8")

    return StreamingResponse(chunks(), media_type="application/json", headers={
        "Content-Disposition": f'attachment; filename="ludomots-{account.id}.json"'})


async def resume_seat(request: Request) -> JSONResponse:
    """A fresh token for the account's seat at a live table, on this device (another device's
    token stops working: a seat has one token)."""
    from ludomots.server.api import table_id_of
    from ludomots.table.tokens import new_token

    account = await require_account(request, "reprendre votre place")
    table_id = table_id_of(request)
    service = accounts_of(request)
    links = await asyncio.to_thread(service.db.seat_links, table_id)
    seat = next((s for s, a in links.items() if a == account.id), None)
    if seat is None:
        raise account_error("not_seated", "Vous n’occupez aucune place à cette table.")
    token = new_token()
    store = manager_of(request).store
    if not await asyncio.to_thread(store.set_seat_token, table_id, seat, token):
        raise unknown_table(table_id)
    return JSONResponse({"table": table_id, "seat": seat, "token": token,
                         "url": f"/table/{table_id}"})


# ---- follows ------------------------------------------------------------------------------------


async def _target(request: Request, name: object) -> Account:
    if not isinstance(name, str) or not name:
        raise unknown_player(str(name)[:40])
    return await asyncio.to_thread(accounts_of(request).db.account_named, name)


async def following(request: Request) -> JSONResponse:
    account = await require_account(request, "voir les joueurs que vous suivez")
    rows = await asyncio.to_thread(accounts_of(request).db.following, account.id)
    return JSONResponse({"following": [{"name": a.name, "online": online,
                                        "profile": f"/joueur/{a.name}"} for a, online in rows]})


async def follow(request: Request) -> JSONResponse:
    account = await require_account(request, "suivre un joueur")
    body = await read_json_object(request)
    target = await _target(request, body.get("name"))
    if target.id == account.id:
        raise account_error("bad_follow", "Vous ne pouvez pas vous suivre vous-même.")
    new = await asyncio.to_thread(accounts_of(request).db.follow, account.id, target.id)
    return JSONResponse({"name": target.name, "following": True},
                        status_code=201 if new else 200)


async def unfollow(request: Request) -> JSONResponse:
    account = await require_account(request, "ne plus suivre un joueur")
    target = await _target(request, request.path_params["name"])
    if not await asyncio.to_thread(accounts_of(request).db.unfollow, account.id, target.id):
        raise account_error("not_following", f"Vous ne suivez pas {target.name}.")
    return JSONResponse({"name": target.name, "following": False})


# ---- invitations --------------------------------------------------------------------------------


async def invite(request: Request) -> JSONResponse:
    """Invite a player one follows to a table one sits at that still has a free seat: the
    invitation shows on their open pages at once (personal socket) and in « Mes parties »."""
    from ludomots.server.api import table_id_of
    from ludomots.server.personal import hub_of

    account = await require_account(request, "inviter un joueur")
    table_id = table_id_of(request)
    body = await read_json_object(request)
    service = accounts_of(request)
    target = await _target(request, body.get("name"))
    if target.id == account.id:
        raise account_error("bad_invite", "Vous ne pouvez pas vous inviter vous-même.")
    try:
        info = await asyncio.to_thread(manager_of(request).store.load_info, table_id)
    except NotFoundError:
        raise unknown_table(table_id) from None
    links = await asyncio.to_thread(service.db.seat_links, table_id)
    if account.id not in links.values():
        raise account_error("not_seated", "Seuls les joueurs assis à cette table peuvent y "
                                          "inviter.")
    if target.id in links.values():
        raise account_error("invite_refused", f"{target.name} est déjà assis à cette table.")
    if info.status != "waiting" or not info.open_seats():
        raise account_error("invite_refused", "Cette table n’a plus de place libre.")
    if not await asyncio.to_thread(service.db.follows, account.id, target.id):
        raise account_error("not_followed", "Vous ne pouvez inviter que des joueurs que vous "
                                            "suivez.")
    new = await asyncio.to_thread(service.db.invite, table_id, account.id, target.id)
    if new:
        from ludomots.core import registry

        try:
            title = registry.get_game(info.game).title
        except Exception:
            title = info.game
        hub_of(request).notify(target.id, {
            "type": "invite", "table": table_id, "game": info.game, "title": title,
            "from": account.name, "url": f"/table/{table_id}"})
    return JSONResponse({"table": table_id, "name": target.name, "invited": True},
                        status_code=201 if new else 200)
