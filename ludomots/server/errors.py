"""One error shape for every HTTP answer: ``{"error": code, "message": French text}``.

Rule errors already carry a stable code and a French message from whichever layer refused
(game, table, manager), so the server only chooses an HTTP status for the code. Anything
unexpected is logged and answered with a generic French message: a traceback never reaches
the browser.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

from starlette.exceptions import HTTPException
from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse, PlainTextResponse, Response

from ludomots.core.errors import RuleError

log = logging.getLogger(__name__)

#: Codes whose HTTP status is not 400 (a malformed or refused request).
STATUS_BY_CODE: dict[str, int] = {
    "unknown_table": 404,
    "unknown_rules": 404,
    "not_found": 404,
    "table_full": 409,
    "table_closed": 409,
    "seat_reserved": 409,
    "rematch_unavailable": 409,
    "record_unavailable": 409,
    "replay_unavailable": 409,
    "conflict": 409,
    "table_unavailable": 409,
    "too_large": 413,
    "unsupported_media_type": 415,
    "rate_limited": 429,
    "store_error": 503,
    "store_unavailable": 503,
    "game_unavailable": 503,
}

#: French messages for the HTTP statuses Starlette raises itself (unknown route, wrong method).
HTTP_MESSAGES: dict[int, tuple[str, str]] = {
    404: ("not_found", "Page introuvable."),
    405: ("method_not_allowed", "Méthode non autorisée pour cette adresse."),
}


class ApiError(Exception):
    """A refusal decided by the server itself (bad body, too large...), with its status."""

    def __init__(self, code: str, message: str, status: int | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.status = status or STATUS_BY_CODE.get(code, 400)


def error_response(code: str, message: str, status: int | None = None,
                   headers: Mapping[str, str] | None = None,
                   details: Mapping[str, Any] | None = None) -> JSONResponse:
    body: dict[str, Any] = {"error": code, "message": message}
    if details:
        body["details"] = dict(details)
    return JSONResponse(body, status_code=status or STATUS_BY_CODE.get(code, 400),
                        headers=headers)


def rule_error_response(exc: RuleError) -> JSONResponse:
    """The refusal as JSON, with its details when it has some, as on the socket."""
    return error_response(exc.code, exc.message, details=exc.details)


def ws_error(exc: RuleError | ApiError, ref: Any = None) -> dict[str, Any]:
    """The WebSocket error payload; ``ref`` echoes the client's message id when it gave one."""
    payload: dict[str, Any] = {"type": "error", "code": exc.code, "message": exc.message}
    if isinstance(exc, RuleError) and exc.details:
        payload["details"] = exc.details
    if ref is not None:
        payload["id"] = ref
    return payload


async def handle_rule_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, RuleError)
    return rule_error_response(exc)


async def handle_api_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, ApiError)
    return error_response(exc.code, exc.message, exc.status)


async def handle_http_exception(request: Request, exc: Exception) -> Response:
    """Starlette's own 404/405: JSON under /api, short French text for pages."""
    assert isinstance(exc, HTTPException)
    code, message = HTTP_MESSAGES.get(exc.status_code, ("http_error", "Requête refusée."))
    if request.url.path.startswith("/api/"):
        return error_response(code, message, exc.status_code, headers=exc.headers)
    return PlainTextResponse(message, status_code=exc.status_code, headers=exc.headers)


async def handle_client_gone(request: Request, exc: Exception) -> Response:
    """The client went away before sending its whole request: nobody to answer, nothing
    wrong with the server (a dropped connection, a closed tab), so no error in the log."""
    log.debug("client left during %s %s", request.method, request.url.path)
    return Response(status_code=400)


async def handle_unexpected(request: Request, exc: Exception) -> Response:
    log.exception("unexpected error on %s %s", request.method, request.url.path)
    return error_response("server_error", "Erreur interne du serveur : réessayez plus tard.",
                          500)


EXCEPTION_HANDLERS: dict[Any, Any] = {
    ClientDisconnect: handle_client_gone,
    RuleError: handle_rule_error,
    ApiError: handle_api_error,
    HTTPException: handle_http_exception,
    Exception: handle_unexpected,
}
