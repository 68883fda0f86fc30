"""Security headers on every HTTP response, and the WebSocket origin check.

The browser client is plain ES modules served from ``/static/``: nothing needs inline scripts,
so the Content-Security-Policy allows scripts, styles and connections from this origin only.
That is the second line of defence behind the rule that names and chat are shown with
``textContent``: even a mistake there cannot run a stranger's script.

Seat tokens travel in WebSocket messages, never in cookies, so a foreign page gains nothing by
opening a socket; the origin check still refuses cross-site sockets so that no other site can
embed a live table (and spend this server's resources) without the operator's consent.
"""

from __future__ import annotations

from collections.abc import Collection
from urllib.parse import urlsplit

from starlette.datastructures import Headers, MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

CONTENT_SECURITY_POLICY = "; ".join([
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
])

SECURITY_HEADERS: dict[str, str] = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=()",
}


class SecurityHeadersMiddleware:
    """Adds ``SECURITY_HEADERS`` to every HTTP response, and ``Cache-Control: no-store`` to API
    answers (they hold tokens or live state that must not sit in a shared cache)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        is_api = str(scope.get("path", "")).startswith("/api/")

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                for name, value in SECURITY_HEADERS.items():
                    if name not in headers:
                        headers[name] = value
                if is_api and "cache-control" not in headers:
                    headers["Cache-Control"] = "no-store"
            await send(message)

        await self.app(scope, receive, send_with_headers)


def origin_allowed(headers: Headers, allowed: Collection[str] = ()) -> bool:
    """True when the request has no Origin (not a browser), or its Origin is this very host
    (same scheme-independent ``host:port`` as the Host header), or is explicitly allowed."""
    origin = headers.get("origin")
    if origin is None:
        return True
    if origin in allowed:
        return True
    host = headers.get("host")
    if not host:
        return False
    try:
        netloc = urlsplit(origin).netloc
    except ValueError:
        return False
    return netloc.lower() == host.lower()
