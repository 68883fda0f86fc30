"""Reading JSON request bodies safely: bounded size, JSON only, an object at the top.

Requiring ``Content-Type: application/json`` is deliberate: a cross-site HTML form cannot send
it without a CORS preflight, which this server never grants, so no other site can create
tables or take seats through a visitor's browser.
"""

from __future__ import annotations

import json
from typing import Any

from starlette.requests import Request

from ludomots.server.errors import ApiError
from ludomots.server.settings import HTTP_MAX_BODY


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def parse_json(text: str | bytes) -> Any:
    """``json.loads`` without NaN/Infinity; ValueError (or RecursionError) when malformed."""
    return json.loads(text, parse_constant=_refuse_constant)


async def read_json_object(request: Request, limit: int = HTTP_MAX_BODY) -> dict[str, Any]:
    """The body as a JSON object, or ApiError (French) for anything else."""
    content_type = request.headers.get("content-type", "")
    if content_type.split(";")[0].strip().lower() != "application/json":
        raise ApiError("unsupported_media_type",
                       "Le corps de la requête doit être du JSON (Content-Type: "
                       "application/json).")
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > limit:
        raise ApiError("too_large", "Requête trop volumineuse.")
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise ApiError("too_large", "Requête trop volumineuse.")
        chunks.append(chunk)
    try:
        data = parse_json(b"".join(chunks))
    except (ValueError, RecursionError):
        raise ApiError("bad_json", "Requête illisible : JSON attendu.") from None
    if not isinstance(data, dict):
        raise ApiError("bad_json", "Requête invalide : un objet JSON est attendu.")
    return data
