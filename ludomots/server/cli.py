"""``ludomots serve``: run the web server with uvicorn.

Logs go to stderr; stdout carries one French line for the player, printed once the server
really listens, with the address to open (so ``--port 0`` prints the port actually chosen).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import socket
import sys
from pathlib import Path

import click
import uvicorn

from ludomots.server.guard import PER_ADDRESS, REQUEST_TIMEOUT
from ludomots.server.settings import WS_MAX_MESSAGE
from ludomots.table.leases import DEFAULT_TTL
from ludomots.table.model import DEFAULT_URL

#: The WebSocket layer refuses frames beyond this (the handler refuses messages over 8 KiB
#: with an error and keeps the connection; far larger frames are not worth reading at all).
WS_MAX_FRAME = 8 * WS_MAX_MESSAGE


def _url(host: str, port: int) -> str:
    shown = {"0.0.0.0": "127.0.0.1", "::": "[::1]", "": "127.0.0.1"}.get(host, host)
    if ":" in shown and not shown.startswith("["):
        shown = f"[{shown}]"
    return f"http://{shown}:{port}"


class _Server(uvicorn.Server):
    """Uvicorn, announcing the address to the player once it really listens, and setting
    ``listening`` then (the app resumes the unfinished games: ``create_app``)."""

    def __init__(self, config: uvicorn.Config, listening: asyncio.Event) -> None:
        super().__init__(config)
        self.listening = listening

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        await super().startup(sockets)
        if not self.started:
            return
        self.listening.set()
        port = self.config.port
        for listener in getattr(self, "servers", []):
            for sock in listener.sockets:
                port = sock.getsockname()[1]
                break
        click.echo(f"Ludomots est prêt : ouvrez {_url(self.config.host, port)}")
        sys.stdout.flush()


@click.command("serve")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on (0.0.0.0 for every interface).")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535),
              help="Port to listen on (0: any free port).")
@click.option("--db", "database_url", default=DEFAULT_URL, show_default=True,
              help="Database URL (SQLite file, or postgresql://...).")
@click.option("--redis", "redis_url", default=None,
              help="Redis URL (redis://host:6379/0): several processes, on this machine or "
                   "others, serve the same tables of one PostgreSQL database.")
@click.option("--lease-ttl", type=click.FloatRange(1, 600), default=DEFAULT_TTL,
              show_default=True,
              help="With --redis: seconds before the bots and clocks of a process that died "
                   "are taken over by another.")
@click.option("--executor", type=click.Choice(["process", "thread"]), default="process",
              show_default=True, help="Where bots think: worker processes or threads.")
@click.option("--bot-delay", type=click.FloatRange(0, 10), default=0.4, show_default=True,
              help="Seconds a bot waits before its move is shown.")
@click.option("--bot-workers", type=click.IntRange(1, 64), default=None,
              help="Bot worker processes or threads [default: one per core].")
@click.option("--http-rate-limit", type=click.IntRange(1, 100_000), default=60,
              show_default=True,
              help="Table creations and joins per minute per client address.")
@click.option("--stale-hours", type=click.FloatRange(0, 24 * 365), default=24.0,
              show_default=True,
              help="Hours a table waiting for players may stay with nobody at it before it "
                   "closes (0: never).")
@click.option("--ws-compression/--no-ws-compression", default=True, show_default=True,
              help="Compress WebSocket messages (permessage-deflate): about 8 times fewer "
                   "bytes for players, about 50 KiB more memory per open connection "
                   "(docs/deployment.md).")
@click.option("--forwarded-allow-ips", default=None, metavar="ADDRESSES",
              help="Behind a load balancer or proxy: its addresses (comma-separated IPs or "
                   "networks, or *), trusted to tell the client's address in "
                   "X-Forwarded-For (uvicorn's option of the same name). Every limit per "
                   "address then counts the client's. Off by default: the header is ignored.")
@click.option("--connections-per-address", type=click.IntRange(0, 1_000_000),
              default=PER_ADDRESS, show_default=True,
              help="Connections one client address may hold at once (0: no limit); trusted "
                   "proxies are exempt.")
@click.option("--request-timeout", type=click.FloatRange(0, 3600), default=REQUEST_TIMEOUT,
              show_default=True,
              help="Seconds a client has to send a whole HTTP request (0: no limit).")
@click.option("--secure-cookies", is_flag=True, default=False,
              help="Always mark the session cookie Secure (behind an HTTPS proxy that talks "
                   "plain HTTP to this server); by default it is Secure when the request "
                   "came over HTTPS.")
@click.option("--metrics-dir", type=click.Path(file_okay=False), default=None,
              help="Several processes on this machine behind one address: a folder they "
                   "share (emptied before they start) so that GET /metrics on any of them "
                   "gives all their figures (prometheus-client's multiprocess mode; "
                   "PROMETHEUS_MULTIPROC_DIR does the same).")
@click.option("--log-format", type=click.Choice(["text", "json"]), default="text",
              show_default=True,
              help="json: one JSON object a line (time, level, logger, message, and table "
                   "on every line about a table), for a log collector.")
@click.option("--log-level", type=click.Choice(["debug", "info", "warning", "error"]),
              default="info", show_default=True)
def serve(host: str, port: int, database_url: str, redis_url: str | None, lease_ttl: float,
          executor: str, bot_delay: float,
          bot_workers: int | None, http_rate_limit: int, stale_hours: float,
          ws_compression: bool,
          forwarded_allow_ips: str | None, connections_per_address: int,
          request_timeout: float, secure_cookies: bool, metrics_dir: str | None,
          log_format: str, log_level: str) -> None:
    """Run the Ludomots web server (French interface in the browser)."""
    if metrics_dir is not None:
        # Read by prometheus-client when first imported (below, with the app): set it first.
        if "prometheus_client" in sys.modules:
            raise click.ClickException("internal error: the metrics were imported before "
                                       "--metrics-dir was read")
        os.makedirs(metrics_dir, exist_ok=True)
        os.environ["PROMETHEUS_MULTIPROC_DIR"] = metrics_dir
    from ludomots.server.app import create_app
    from ludomots.server.auth import AccountSettings
    from ludomots.server.gc_tuning import tune_for_server
    from ludomots.server.guard import ConnectionGuard, guarded_protocols
    from ludomots.server.logs import configure
    from ludomots.server.settings import ServerSettings

    configure(log_format, log_level)
    # Alembic narrates every plugin it loads; the app logs the schema change itself.
    logging.getLogger("alembic").setLevel(max(logging.WARNING, logging.getLogger().level))
    if redis_url is not None and database_url.startswith("sqlite"):
        raise click.UsageError("--redis needs a database every process reaches: "
                               "--db postgresql://...")
    listening = asyncio.Event()
    app = create_app(database_url, redis_url=redis_url, lease_ttl=lease_ttl,
                     executor="thread" if executor == "thread" else "process",
                     bot_delay=bot_delay,
                     settings=ServerSettings(http_rate_limit=http_rate_limit,
                                             stale_waiting_hours=stale_hours),
                     manager_options={"max_workers": bot_workers},
                     on_ready=tune_for_server,
                     account_settings=AccountSettings(secure_cookies=secure_cookies or None),
                     listening=listening)
    trusted = [a for a in (forwarded_allow_ips or "").split(",") if a.strip()]
    http, ws = guarded_protocols(ConnectionGuard(connections_per_address, request_timeout,
                                                 trusted))
    config = uvicorn.Config(app, host=host, port=port, log_config=None, log_level=log_level,
                            ws_max_size=WS_MAX_FRAME, ws_per_message_deflate=ws_compression,
                            proxy_headers=forwarded_allow_ips is not None,
                            forwarded_allow_ips=forwarded_allow_ips, http=http, ws=ws,
                            server_header=False, lifespan="on")
    server = _Server(config, listening)
    try:
        with contextlib.suppress(KeyboardInterrupt):  # uvicorn has shut down gracefully
            server.run()
    except SystemExit:
        server.started = False
    if not server.started:
        click.echo("Ludomots n’a pas pu démarrer : voyez le journal ci-dessus (port déjà "
                   "utilisé ?).", err=True)
        raise SystemExit(1)


@click.group("db")
def db() -> None:
    """The database schema (Alembic migrations; `ludomots serve` also upgrades at start)."""


@db.command("upgrade")
@click.option("--db", "database_url", default=DEFAULT_URL, show_default=True,
              help="Database URL (SQLite file, or postgresql://...).")
def db_upgrade(database_url: str) -> None:
    """Upgrade the schema to the newest revision (safe while servers run)."""
    from ludomots.table.errors import StoreError
    from ludomots.table.store import Store

    store = Store(database_url)
    try:
        before, after = store.migrate()
    except StoreError as exc:
        raise click.ClickException(str(exc)) from None
    finally:
        store.close()
    click.echo(f"schema: {before or 'empty'} -> {after}" if before != after
               else f"schema: already at {after}")


@db.command("current")
@click.option("--db", "database_url", default=DEFAULT_URL, show_default=True,
              help="Database URL (SQLite file, or postgresql://...).")
def db_current(database_url: str) -> None:
    """Print the schema revision of the database and the newest one this version knows."""
    from sqlalchemy.exc import SQLAlchemyError

    from ludomots.table.migrate import current, head
    from ludomots.table.store import Store

    store = Store(database_url)
    try:
        with store.engine.connect() as conn:
            revision = current(conn)
    except SQLAlchemyError as exc:
        raise click.ClickException(f"cannot read the database: {exc}") from None
    finally:
        store.close()
    click.echo(f"database: {revision or 'no revision'}; newest: {head()}")


@db.command("backup")
@click.argument("target", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--db", "database_url", default=DEFAULT_URL, show_default=True,
              help="Database URL (SQLite file, or postgresql://...).")
def db_backup(target: Path, database_url: str) -> None:
    """Write the whole database to the file TARGET (SQLite: SQLite's online backup, safe while
    servers run; PostgreSQL: pg_dump's custom format)."""
    from ludomots.table.backup import BackupError, backup

    try:
        backup(database_url, target)
    except BackupError as exc:
        raise click.ClickException(str(exc)) from None
    click.echo(f"backup written: {target} ({target.stat().st_size} bytes)")


@db.command("restore")
@click.argument("source", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--db", "database_url", default=DEFAULT_URL, show_default=True,
              help="Database URL (SQLite file, or postgresql://...).")
@click.option("--yes", is_flag=True, help="Do not ask for confirmation.")
def db_restore(source: Path, database_url: str, yes: bool) -> None:
    """Replace the database by the backup SOURCE. Stop every server on it first."""
    from ludomots.table.backup import BackupError, restore

    if not yes:
        click.confirm(f"Replace everything in {database_url} by {source}? Stop every "
                      "server on this database first.", abort=True)
    try:
        restore(source, database_url)
    except BackupError as exc:
        raise click.ClickException(str(exc)) from None
    click.echo(f"restored {source} into {database_url}; `ludomots serve` upgrades its "
               "schema if the backup is older")
