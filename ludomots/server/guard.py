"""Connections before the app sees them: a time limit to send a request, a cap per address.

Uvicorn waits for a request's headers as long as a client likes, and a client that sends
nothing at all is never timed out: 19,800 half-finished requests from one address filled the
process's 20,000 file descriptors (slowloris), and nobody else could connect. So each HTTP
connection gets ``request_timeout`` seconds to send a whole request (headers, and the body of
a POST) from its first byte, or from its opening for the first request; an idle keep-alive
connection is uvicorn's own business (``timeout_keep_alive``, 5 s). And one address may hold
at most ``per_address`` connections at once (WebSockets included); the next is closed at once.

Behind a load balancer every connection comes from the balancer: its addresses (the trusted
proxies of ``--forwarded-allow-ips``) are exempt, and the balancer must enforce both limits
itself (nginx: ``client_header_timeout``, ``limit_conn``).

The protocols subclass uvicorn's httptools and websockets (sans-I/O) ones, the two
``uvicorn[standard]`` selects; a WebSocket takes over its HTTP connection's transport, so the
count follows the transport, not the protocol object.
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
from collections.abc import Iterable
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

log = logging.getLogger(__name__)

#: Seconds to send a whole request (slow clients on bad networks need a few).
REQUEST_TIMEOUT = 10.0
#: Connections one address may hold at once: a household behind one address, each page with
#: a WebSocket and a few HTTP connections, stays far below.
PER_ADDRESS = 100


class ConnectionGuard:
    """The open connections by client address; see the module docstring."""

    def __init__(self, per_address: int = PER_ADDRESS, request_timeout: float = REQUEST_TIMEOUT,
                 trusted: Iterable[str] = ()) -> None:
        self.per_address = per_address
        self.request_timeout = request_timeout
        self._trust_all = False
        self._trusted: list[ipaddress.IPv4Network | ipaddress.IPv6Network] = []
        for entry in trusted:
            entry = entry.strip()
            if entry == "*":
                self._trust_all = True
            elif entry:
                try:
                    self._trusted.append(ipaddress.ip_network(entry, strict=False))
                except ValueError:  # a socket path or a name: nothing to compare here
                    continue
        self._open: dict[str, int] = {}
        self._hosts: dict[Any, str] = {}  # transport -> address counted
        self.refused = 0

    def _exempt(self, host: str) -> bool:
        if self._trust_all:
            return True
        try:
            address = ipaddress.ip_address(host)
        except ValueError:
            return True  # a Unix socket: no address to count
        return any(address in network for network in self._trusted)

    def admit(self, transport: Any) -> bool:
        """Count a new connection; False (close it) when its address holds too many."""
        peer = transport.get_extra_info("peername")
        host = peer[0] if isinstance(peer, tuple) and peer else None
        if host is None or self.per_address <= 0 or self._exempt(host):
            return True
        count = self._open.get(host, 0)
        if count >= self.per_address:
            self.refused += 1
            if self.refused % 1000 == 1:  # a flood must not flood the log as well
                log.warning("%s holds %d connections: refusing more (%d refused so far)",
                            host, count, self.refused)
            return False
        self._open[host] = count + 1
        self._hosts[transport] = host
        return True

    def release(self, transport: Any) -> None:
        host = self._hosts.pop(transport, None)
        if host is not None:
            left = self._open.get(host, 1) - 1
            if left > 0:
                self._open[host] = left
            else:
                self._open.pop(host, None)

    def open_count(self, host: str) -> int:
        return self._open.get(host, 0)


def guarded_protocols(guard: ConnectionGuard) -> tuple[type[asyncio.Protocol],
                                                        type[asyncio.Protocol]]:
    """The HTTP and WebSocket protocol classes to give uvicorn (``http=``, ``ws=``)."""

    class GuardedHttp(HttpToolsProtocol):
        _timer: asyncio.TimerHandle | None = None

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            if not guard.admit(transport):
                transport.abort()  # no answer: answering costs what the cap saves
                return
            self._arm()

        def _arm(self) -> None:
            self._cancel()
            if guard.request_timeout > 0:
                self._timer = self.loop.call_later(guard.request_timeout, self._too_slow)

        def _cancel(self) -> None:
            if self._timer is not None:
                self._timer.cancel()
                self._timer = None

        def _too_slow(self) -> None:
            self._timer = None
            if not self.transport.is_closing():
                log.info("closing a connection that took over %.0f s to send its request",
                         guard.request_timeout)
                self.transport.close()

        def on_message_begin(self) -> None:
            super().on_message_begin()
            if self._timer is None:
                self._arm()

        def on_message_complete(self) -> None:
            self._cancel()
            super().on_message_complete()

        def handle_websocket_upgrade(self) -> None:
            self._cancel()
            super().handle_websocket_upgrade()

        def connection_lost(self, exc: Exception | None) -> None:
            self._cancel()
            guard.release(self.transport)
            super().connection_lost(exc)

    class GuardedWebSocket(WebSocketsSansIOProtocol):
        def connection_lost(self, exc: Exception | None) -> None:
            guard.release(self.transport)
            super().connection_lost(exc)
            # A closed connection's objects form reference cycles that only a full garbage
            # collection frees (every 10 minutes, gc_tuning.py); its compressor and
            # decompressor (about 50 KiB of zlib state) are freed now, or connection churn
            # piles them up (benchmarks/ws_compression.py).
            self.conn.extensions = []

    return GuardedHttp, GuardedWebSocket
