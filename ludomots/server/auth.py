"""Who is asking: the session cookie, and the guard against requests from other sites.

The cookie (``ludomots_session``) holds a random session id and its HMAC-SHA256 under a key
every process of the database shares (``server_keys``): a forged or altered cookie is refused
before the database is asked. The session itself lives in the database (``sessions``), so
logging out, logging out everywhere and a password reset revoke it at once. The cookie is
HttpOnly (no script reads it), SameSite=Lax (other sites' subrequests do not carry it) and
Secure behind HTTPS (``AccountSettings.secure_cookies``: None decides from the request's
scheme, which a proxy must then pass on).

Cross-site requests (``CrossSiteGuard``): every state-changing API request (POST, PUT, PATCH,
DELETE under ``/api/``) whose ``Origin`` is another site is refused (403 ``cross_site``), and
so is one without ``Origin`` that the browser marks ``Sec-Fetch-Site: cross-site``; a client
that is not a browser sends neither and holds no victim's cookie. JSON bodies already need a
CORS preflight this server never grants; the guard does not rely on it, and covers the
bodiless ``DELETE``s and logins too (a forced login into someone else's account is an attack
of its own). The personal WebSocket checks the Origin likewise (``personal.py``).
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import hmac
from dataclasses import dataclass, field

from starlette.requests import HTTPConnection, Request
from starlette.responses import Response
from starlette.types import ASGIApp, Receive, Scope, Send

from ludomots.accounts.db import SESSION_IDLE_MS, Account
from ludomots.accounts.errors import STATUS, login_required
from ludomots.accounts.passwords import HashCost
from ludomots.accounts.service import AccountService, LoginLimits
from ludomots.server.errors import error_response
from ludomots.server.security import origin_allowed
from ludomots.server.settings import settings_of

COOKIE = "ludomots_session"
UNSAFE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})


@dataclass(frozen=True)
class AccountSettings:
    """The accounts' behaviour in one app; the defaults are production values."""

    #: The Secure flag of the session cookie: True behind HTTPS, None from the request.
    secure_cookies: bool | None = None
    #: argon2id's cost (tests pass a cheap one).
    hash_cost: HashCost = field(default_factory=HashCost)
    limits: LoginLimits = field(default_factory=LoginLimits)
    #: Seconds between sweeps for tables whose results were never stored (0: only at start).
    sweep_seconds: float = 300.0
    #: Seconds between the refreshes of "online" (a page's socket keeps its account online).
    presence_seconds: float = 30.0


def accounts_of(conn: HTTPConnection) -> AccountService:
    service: AccountService = conn.app.state.accounts
    return service


def account_settings_of(conn: HTTPConnection) -> AccountSettings:
    found: AccountSettings = conn.app.state.account_settings
    return found


def _mac(key: str, raw: str) -> str:
    digest = hmac.new(key.encode("ascii"), raw.encode("ascii"), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).decode("ascii").rstrip("=")


def sign(key: str, raw: str) -> str:
    return f"{raw}.{_mac(key, raw)}"


def unsign(key: str, value: str) -> str | None:
    """The session id of a cookie value whose signature holds, else None."""
    raw, dot, mac = value.rpartition(".")
    if not dot or not raw or len(value) > 200 or not raw.isascii():
        return None
    return raw if hmac.compare_digest(mac, _mac(key, raw)) else None


async def current_account(conn: HTTPConnection) -> Account | None:
    """The account of the request's session cookie, or None (cached for the request)."""
    cached = conn.scope.get("ludomots.account", False)
    if cached is not False:
        return cached  # type: ignore[no-any-return]
    account = None
    value = conn.cookies.get(COOKIE)
    service = accounts_of(conn)
    raw = unsign(service.session_key, value) if value else None
    if raw is not None:
        account = await asyncio.to_thread(service.db.session_account, raw)
    conn.scope["ludomots.account"] = account
    return account


async def require_account(conn: HTTPConnection, what: str = "faire cela") -> Account:
    account = await current_account(conn)
    if account is None:
        raise login_required(what)
    return account


def session_id_of(conn: HTTPConnection) -> str | None:
    value = conn.cookies.get(COOKIE)
    return unsign(accounts_of(conn).session_key, value) if value else None


def _secure(request: Request) -> bool:
    secure = account_settings_of(request).secure_cookies
    return request.url.scheme == "https" if secure is None else secure


def set_session_cookie(response: Response, request: Request, raw: str) -> None:
    response.set_cookie(COOKIE, sign(accounts_of(request).session_key, raw),
                        max_age=SESSION_IDLE_MS // 1000, path="/", httponly=True,
                        samesite="lax", secure=_secure(request))


def clear_session_cookie(response: Response, request: Request) -> None:
    response.delete_cookie(COOKIE, path="/", httponly=True, samesite="lax",
                           secure=_secure(request))


def client_address(conn: HTTPConnection) -> str:
    return conn.client.host if conn.client else "unknown"


class CrossSiteGuard:
    """Refuses state-changing API requests sent by another site; see the module docstring."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope.get("method") in UNSAFE_METHODS and \
                str(scope.get("path", "")).startswith("/api/"):
            request = Request(scope)
            headers = request.headers
            foreign = False
            if "origin" in headers:
                foreign = not origin_allowed(headers, settings_of(request).allowed_origins)
            elif headers.get("sec-fetch-site") == "cross-site":
                foreign = True
            if foreign:
                response = error_response("cross_site", "Requête refusée : elle vient d’un "
                                          "autre site.", STATUS["cross_site"])
                await response(scope, receive, send)
                return
        await self.app(scope, receive, send)
