"""The tables HTTP API: create, list, inspect, join, download the record.

Seat tokens leave the server exactly twice: in the answer to the creator (``POST
/api/tables``) and in the answer to whoever joins (``POST /api/tables/{id}/join``). Every other
answer is built from public data (``TableInfo.public_json``: no seed, no token).

The client never chooses the seed: whoever knows it knows every future draw.
"""

from __future__ import annotations

import asyncio
import re
from typing import Any, Literal

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from ludomots.server.body import read_json_object
from ludomots.server.errors import ApiError
from ludomots.server.seating import for_creation, for_joining
from ludomots.server.settings import manager_of
from ludomots.table.errors import NotFoundError, StoreError, store_unavailable, unknown_table
from ludomots.table.lobby import lobby_entry
from ludomots.table.model import ClockSettings, ResignRule, SeatSpec, validate_name
from ludomots.table.ratelimit import RateLimiter

TABLE_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")
MAX_SEATS = 8


def client_address(request: Request) -> str:
    """The client's address: the socket's, or the one a trusted proxy reported
    (``--forwarded-allow-ips``, applied by uvicorn before the app)."""
    return request.client.host if request.client else "unknown"


def check_rate(request: Request) -> None:
    """Creations and joins per client address: a script cannot fill the database."""
    limiter: RateLimiter = request.app.state.http_limiter
    if not limiter.hit(client_address(request)):
        raise ApiError("rate_limited", "Trop de requêtes en peu de temps : patientez un instant.")


def table_id_of(request: Request) -> str:
    table_id = str(request.path_params["table_id"])
    if not TABLE_ID.fullmatch(table_id):
        raise unknown_table(table_id[:40])
    return table_id


def _seat_specs(raw: object, name: object) -> tuple[list[SeatSpec], int]:
    """The seats to create; the creator (``name``) takes the first human seat."""
    if raw is None:
        raw = [{"kind": "human"}, {"kind": "human"}]
    if not isinstance(raw, list) or not 1 <= len(raw) <= MAX_SEATS:
        raise ApiError("bad_seats", "Les places doivent être une liste de 1 à "
                                    f"{MAX_SEATS} éléments.")
    specs: list[SeatSpec] = []
    creator: int | None = None
    for item in raw:
        if not isinstance(item, dict):
            raise ApiError("bad_seats", "Chaque place doit être un objet JSON.")
        kind, level = item.get("kind"), item.get("level")
        if kind == "bot":
            if not isinstance(level, str) or not level:
                raise ApiError("bad_seats", "Une place de robot doit avoir un niveau.")
            specs.append(SeatSpec.bot(level))
        elif kind == "human":
            if creator is None:
                creator = len(specs)
                specs.append(SeatSpec.human(validate_name(name)))
            else:
                specs.append(SeatSpec.human())
        else:
            raise ApiError("bad_seats", "Une place est « human » ou « bot ».")
    if creator is None:
        raise ApiError("bad_seats", "Il faut au moins une place humaine, la vôtre.")
    return _number_bot_names(specs), creator


def _number_bot_names(specs: list[SeatSpec]) -> list[SeatSpec]:
    """Bots of the same level get numbered names (Robot Débutant 1, 2...), so that a table of
    several robots stays readable."""
    names = [s.name for s in specs if s.kind == "bot"]
    seen: dict[str, int] = {}
    out = []
    for spec in specs:
        if spec.kind == "bot" and names.count(spec.name) > 1:
            seen[spec.name] = seen.get(spec.name, 0) + 1
            spec = SeatSpec.bot(spec.level or "", f"{spec.name} {seen[spec.name]}")
        out.append(spec)
    return out


async def create_table(request: Request) -> JSONResponse:
    check_rate(request)
    body = await read_json_object(request)
    seating = await for_creation(request, body)
    game = body.get("game")
    if not isinstance(game, str) or not game:
        raise ApiError("unknown_game", "Choisissez un jeu.")
    options = body.get("options")
    if options is not None and not isinstance(options, dict):
        raise ApiError("bad_options", "Les options doivent être un objet JSON.")
    seats, creator = _seat_specs(body.get("seats"), seating.name)
    resign = resign_rule(body.get("resign"))
    clock = clock_settings(body)
    table_id, tokens = await manager_of(request).create_table(game, options, seats, clock=clock,
                                                              resign=resign)
    await seating.seated(table_id, creator)
    return JSONResponse({"table": table_id, "seat": creator, "token": tokens[creator],
                         "url": f"/table/{table_id}", "rated": seating.rated}, status_code=201)


CLOCK_FIELDS = ("seconds_per_move", "bank_seconds", "increment_seconds", "days")


def clock_settings(body: dict[str, Any]) -> ClockSettings | Literal["default"]:
    """The creator's time control: ``"clock": {"mode": "none" | "move" | "fischer" | "turn",
    "seconds_per_move", "bank_seconds", "increment_seconds", "days"}`` (``ClockSettings``
    checks the bounds); the older ``"seconds_per_move": N`` alone is a time per move;
    neither: the game's default (``creation.default_clock``)."""
    raw = body.get("clock")
    if raw is None:
        seconds = body.get("seconds_per_move")
        if seconds is None:
            return "default"
        raw = {"mode": "move" if seconds else "none", "seconds_per_move": seconds}
    if not isinstance(raw, dict) or not isinstance(raw.get("mode"), str):
        raise ApiError("bad_clock", "La pendule est un objet JSON avec une cadence « mode » : "
                                    "« none », « move », « fischer » ou « turn ».")
    values = [raw.get(name) or 0 for name in CLOCK_FIELDS]
    if any(isinstance(v, bool) or not isinstance(v, int) for v in values):
        raise ApiError("bad_clock", "Les durées de la pendule sont des nombres entiers.")
    return ClockSettings(values[0], raw["mode"], values[1], values[2],
                         values[3])


def resign_rule(raw: object) -> ResignRule | None:
    """The creator's choice for a resignation at 3+ players: ``{"mode": "bot", "level"}`` or
    ``{"mode": "score"}``; None (absent): the default."""
    if raw is None:
        return None
    if not isinstance(raw, dict) or raw.get("mode") not in ("bot", "score"):
        raise ApiError("bad_resign", "Après un abandon, la place passe à un robot ou la partie "
                                     "se termine : « resign » vaut {\"mode\": \"bot\", "
                                     "\"level\": …} ou {\"mode\": \"score\"}.")
    if raw["mode"] == "score":
        return ResignRule("score")
    return ResignRule("bot", raw.get("level") if isinstance(raw.get("level"), str) else None)


async def lobby(request: Request) -> Response:
    return Response(await manager_of(request).lobby_json(), media_type="application/json")


async def table_info(request: Request) -> JSONResponse:
    table_id = table_id_of(request)
    store = manager_of(request).store
    try:
        info = await asyncio.to_thread(store.load_info, table_id)
    except NotFoundError:
        raise unknown_table(table_id) from None
    except StoreError as exc:
        raise store_unavailable() from exc
    return JSONResponse(lobby_entry(info))


async def join_table(request: Request) -> JSONResponse:
    check_rate(request)
    table_id = table_id_of(request)
    body = await read_json_object(request)
    seating = await for_joining(request, table_id, body)
    seat, token = await manager_of(request).join(table_id, seating.name)
    await seating.seated(table_id, seat)
    return JSONResponse({"table": table_id, "seat": seat, "token": token,
                         "url": f"/table/{table_id}"})


async def record(request: Request) -> JSONResponse:
    """The complete record (seed included) once the game is over, as a file to keep."""
    table_id = table_id_of(request)
    data = await manager_of(request).record(table_id)
    filename = f"ludomots-{data.get('game', 'partie')}-{table_id}.json"
    return JSONResponse(data, headers={
        "Content-Disposition": f'attachment; filename="{filename}"'})
