"""Server settings and the objects every handler reaches through ``app.state``.

Handlers are plain functions; they find the table manager and the settings on the
application instead of in globals, so that tests can run several apps (a "restart" is a
second app on the same database) in one process.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from starlette.requests import HTTPConnection

if TYPE_CHECKING:
    from ludomots.server.chat import ChatHub
    from ludomots.server.replay import ReplayCache
    from ludomots.table.manager import TableManager

STATIC_DIR = Path(__file__).parent / "static"

#: Largest WebSocket message the server reads (protocol: 8 KiB).
WS_MAX_MESSAGE = 8 * 1024
#: Largest HTTP request body (create a table, join): a few hundred bytes are plenty.
HTTP_MAX_BODY = 16 * 1024
CHAT_MAX = 300


@dataclass(frozen=True)
class ServerSettings:
    """Limits and behaviour of one app; the defaults are production values."""

    static_dir: Path = STATIC_DIR
    #: Seconds a new WebSocket waits for a first ``hello`` before welcoming a spectator.
    hello_grace: float = 0.5
    #: Messages per window per WebSocket connection, every type (0: unlimited).
    ws_rate_limit: int = 30
    ws_rate_window: float = 1.0
    #: Hellos (each answered by a whole welcome) per window per connection: a page says it
    #: once per connection, a script looping on it would pull welcomes without end.
    hello_rate_limit: int = 3
    hello_rate_window: float = 10.0
    #: Chat messages per window per connection.
    chat_rate_limit: int = 5
    chat_rate_window: float = 5.0
    #: Table creations and joins per window per client address (0: unlimited).
    http_rate_limit: int = 60
    http_rate_window: float = 60.0
    #: Outgoing messages a connection may have queued before it is dropped as too slow.
    ws_outbox: int = 256
    check_origin: bool = True
    allowed_origins: tuple[str, ...] = ()
    #: Finished games whose replay (with analysis) stays in memory.
    replay_cache_size: int = 32
    #: Replays to compute (not yet kept) per window per client address (0: unlimited).
    replay_rate_limit: int = 10
    replay_rate_window: float = 60.0
    #: Hours a waiting table may stay with nobody at it before it closes (0: never; issue 19,
    #: ``table/stale.py``).
    stale_waiting_hours: float = 24.0


def settings_of(conn: HTTPConnection) -> ServerSettings:
    settings: ServerSettings = conn.app.state.settings
    return settings


def manager_of(conn: HTTPConnection) -> TableManager:
    manager: TableManager = conn.app.state.manager
    return manager


def chat_hub_of(conn: HTTPConnection) -> ChatHub:
    hub: ChatHub = conn.app.state.chat
    return hub


def replays_of(conn: HTTPConnection) -> ReplayCache:
    cache: ReplayCache = conn.app.state.replays
    return cache
