"""The application: routes, middleware, and the lifespan that owns the table manager.

The lifespan opens the store (migrating the schema to the newest revision), starts the manager and
serves at once: the games that were being played resume in the background (``resume``: bots
pick up where they were, clocks restart), so a restart with thousands of unfinished games
answers as fast as an empty one, and tables waiting for players load only when someone opens
them. ``ludomots serve`` starts that resume once its port is open (``listening``), so that
its replays do not delay the port itself; ``/readyz`` waits for its list of games. At
shutdown it stops bots and clocks, ends every subscription (WebSockets then close) and
releases the database.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
from collections.abc import AsyncIterator, Callable
from concurrent.futures import Executor
from contextlib import asynccontextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles

from ludomots.server import (
    accounts_routes,
    api,
    games,
    health,
    lexicon_api,
    metrics,
    mygames,
    pages,
    rematch,
    replay,
    rules,
    ws,
)
from ludomots.server.auth import AccountSettings, CrossSiteGuard
from ludomots.server.chat import ChatHub
from ludomots.server.errors import EXCEPTION_HANDLERS
from ludomots.server.personal import PersonalHub
from ludomots.server.security import SecurityHeadersMiddleware
from ludomots.server.settings import ServerSettings
from ludomots.server.turns import TurnNotices
from ludomots.table.bus import RedisBus
from ludomots.table.leases import DEFAULT_TTL, RedisLeases
from ludomots.table.manager import TableManager
from ludomots.table.metrics import process_exited as metrics_of_process_exited
from ludomots.table.model import DEFAULT_URL
from ludomots.table.ratelimit import RateLimiter
from ludomots.table.store import Store
from ludomots.table.worker import ExecutorKind

log = logging.getLogger(__name__)


def routes(static_dir: Path) -> list[Route | WebSocketRoute | Mount]:
    return [
        *pages.page_routes(),
        Route("/healthz", health.healthz),
        Route("/readyz", health.readyz),
        Route("/metrics", metrics.metrics),
        Route("/api/games", games.games),
        Route("/api/rules/{game}", rules.rules),
        Route("/api/tables", api.lobby, methods=["GET"]),
        Route("/api/tables", api.create_table, methods=["POST"]),
        Route("/api/tables/{table_id}", api.table_info),
        Route("/api/my-tables", mygames.my_tables, methods=["POST"]),
        Route("/api/tables/{table_id}/join", api.join_table, methods=["POST"]),
        Route("/api/tables/{table_id}/rematch", rematch.rematch, methods=["POST"]),
        Route("/api/tables/{table_id}/record", api.record),
        Route("/api/tables/{table_id}/replay", replay.replay),
        Route("/api/lexicon/{word}", lexicon_api.lexicon_word),
        WebSocketRoute("/ws/tables/{table_id}", ws.table_socket),
        *accounts_routes.routes(),
        *pages.game_assets_routes(),
        Mount("/static", StaticFiles(directory=static_dir, check_dir=False), name="static"),
    ]


async def _resume_once(listening: asyncio.Event, manager: TableManager) -> None:
    await listening.wait()
    manager.resume()


def create_app(
    database_url: str = DEFAULT_URL,
    *,
    redis_url: str | None = None,
    lease_ttl: float = DEFAULT_TTL,
    executor: ExecutorKind | Executor = "process",
    bot_delay: float = 0.4,
    settings: ServerSettings | None = None,
    static_dir: Path | None = None,
    run_clocks: bool = True,
    manager_options: dict[str, Any] | None = None,
    on_ready: Callable[[], None] | None = None,
    account_settings: AccountSettings | None = None,
    listening: asyncio.Event | None = None,
) -> Starlette:
    """The Ludomots web app on the database at ``database_url`` (SQLite by default,
    PostgreSQL by URL). ``redis_url``: share tables with the other processes on the same
    database through this Redis (``bus.py``, ``leases.py``; ``lease_ttl`` seconds before a
    dead process's tables are taken over). ``executor``: where bots think ("process" in
    production, "thread" for tests). ``bot_delay``: seconds a bot waits before its move
    shows. ``settings``: the server's limits. ``manager_options``: extra ``TableManager``
    keyword arguments. ``on_ready`` is called once the app is ready to serve.
    ``account_settings``: cookies, password hashing cost, login limits. ``listening``: set by
    the host once its port is open, when the unfinished games resume (None: at start)."""
    settings = settings or ServerSettings()
    account_settings = account_settings or AccountSettings()
    if static_dir is not None:
        settings = replace(settings, static_dir=static_dir)

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        store = Store(database_url)
        before, after = store.migrate()
        if before != after:
            log.info("database schema upgraded from %s to %s", before, after)
        shared: dict[str, Any] = {}
        process = "local"
        if redis_url is not None:
            bus = RedisBus(redis_url)
            shared = {"bus": bus, "leases": RedisLeases(redis_url, bus.process_id, lease_ttl)}
            app.state.bus = bus
            app.state.chat.attach(bus)
            app.state.personal.attach_bus(bus)
            process = bus.process_id
            log.info("process %s shares its tables through %s", bus.process_id, redis_url)
        accounts = accounts_routes.service(store, process, account_settings)
        app.state.accounts = accounts
        options = {"stale_after": settings.stale_waiting_hours * 3600,
                   **shared, **(manager_options or {})}
        manager = TableManager(store, executor=executor, bot_delay=bot_delay,
                               run_clocks=run_clocks, on_finish=accounts.table_finished,
                               on_turns=TurnNotices(accounts.db, app.state.personal).moved,
                               **options)
        app.state.manager = manager
        waiting: asyncio.Task[None] | None = None
        try:
            await manager.start()
            await accounts.start()
            await app.state.personal.start(accounts.db)
            if listening is None:
                manager.resume()
            else:
                waiting = asyncio.get_running_loop().create_task(
                    _resume_once(listening, manager), name="resume-once-listening")
            if on_ready is not None:
                on_ready()
            app.state.serving = True
            yield
        finally:
            app.state.serving = False
            if waiting is not None:
                waiting.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await waiting
            await manager.close()
            app.state.replays.close()
            await app.state.personal.close()
            await accounts.close()
            store.close()
            metrics_of_process_exited(os.getpid())

    app = Starlette(
        routes=routes(settings.static_dir),
        middleware=[Middleware(SecurityHeadersMiddleware), Middleware(CrossSiteGuard)],
        exception_handlers=EXCEPTION_HANDLERS,
        lifespan=lifespan,
    )
    app.state.settings = settings
    app.state.account_settings = account_settings
    app.state.personal = PersonalHub(account_settings.presence_seconds)
    app.state.chat = ChatHub()
    app.state.replays = replay.ReplayCache(settings.replay_cache_size, executor)
    app.state.http_limiter = RateLimiter(settings.http_rate_limit, settings.http_rate_window)
    app.state.replay_limiter = RateLimiter(settings.replay_rate_limit,
                                           settings.replay_rate_window)
    return app
