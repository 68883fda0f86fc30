"""The SQLAlchemy engine of a store: the driver for a URL, SQLite's connection setup.

The only dialect-specific code of the tables layer: SQLite gets foreign keys, WAL and
``BEGIN IMMEDIATE`` (so that concurrent writers wait instead of failing on lock upgrades);
PostgreSQL gets a pool that tests its connections (the database may have restarted).
"""

from __future__ import annotations

import sqlite3
import time
from typing import Any

from sqlalchemy import Connection, Engine, create_engine, event
from sqlalchemy.pool import StaticPool


def engine_url(url: str) -> str:
    """``url`` with the driver this package uses: psycopg 3 for PostgreSQL (SQLAlchemy would
    pick psycopg2 for a bare ``postgresql://``, which is not installed)."""
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix):]
    return url


#: How long a new connection waits for the database to be free (the driver's busy timeout).
SQLITE_BUSY_SECONDS = 30


def _switch_to_wal(cursor: Any) -> None:
    """Put the database in WAL mode (persistent: a no-op once done).

    Switching needs an exclusive lock, and SQLite does not wait for it while another
    connection writes (it skips the busy handler there to avoid deadlocks): processes that
    start together on a new database would fail with "database is locked". So retry, as the
    busy timeout would, until the writer is done.
    """
    deadline = time.monotonic() + SQLITE_BUSY_SECONDS
    while True:
        try:
            cursor.execute("PRAGMA journal_mode=WAL")
            return
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or time.monotonic() > deadline:
                raise
            time.sleep(0.02)


def make_engine(url: str) -> Engine:
    url = engine_url(url)
    if not url.startswith("sqlite"):
        # pre_ping: after the database restarted, pooled connections are dead; each is
        # tested before use and replaced, so the first action after an outage succeeds.
        return create_engine(url, pool_pre_ping=True, pool_size=5, max_overflow=10,
                             pool_timeout=10, connect_args={"connect_timeout": 5})
    memory = url in ("sqlite://", "sqlite:///:memory:")
    if memory:
        # One shared connection, or each connection would see its own empty database.
        engine = create_engine(url, poolclass=StaticPool,
                               connect_args={"check_same_thread": False})
    else:
        engine = create_engine(url, connect_args={"check_same_thread": False,
                                             "timeout": SQLITE_BUSY_SECONDS})

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        # Let SQLAlchemy emit BEGIN itself (pysqlite's implicit BEGIN is deferred).
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA foreign_keys=ON")
        if not memory:
            _switch_to_wal(cursor)
            # With WAL, NORMAL syncs at checkpoints, not at every commit: a committed action
            # survives a crash of the server process (what restarts need), and only a crash
            # of the machine itself may lose the last few; a commit then costs no fsync.
            cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _on_begin(connection: Connection) -> None:
        connection.exec_driver_sql("BEGIN IMMEDIATE")

    return engine
