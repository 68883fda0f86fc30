"""Schema migrations with Alembic (scripts in ``ludomots/table/migrations/versions``).

``ludomots serve`` upgrades the database to the newest revision before it serves (so a deploy
is: install the new version, restart the processes), and ``ludomots db upgrade`` does the same
on its own for those who migrate before they restart. Both are safe when several processes
start at once: the upgrade runs in one transaction that first takes a lock (a PostgreSQL
advisory lock; SQLite's ``BEGIN IMMEDIATE``), so the others wait and then find nothing to do.
PostgreSQL and SQLite both have transactional DDL, so a migration that fails leaves the
schema as it was.

A database created before Alembic (by ``Store.create_schema``: the same tables, no
``alembic_version``) is stamped with the initial revision first, then upgraded.

A database already at the newest revision (every start but the first after a deploy) is
recognised by one query of ``alembic_version`` against ``HEAD``, without loading Alembic and
its scripts: that took about a sixth of the server's start (issue 22).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sqlalchemy import Connection, Engine, inspect, text
from sqlalchemy.exc import SQLAlchemyError

if TYPE_CHECKING:
    from alembic.config import Config

#: The first revision: the schema ``store.py`` created before migrations existed.
INITIAL = "0001"
#: The newest revision of the scripts in ``migrations/versions`` (``head()`` reads it from
#: them; a test holds the two equal): a new migration moves it.
HEAD = "0006"
#: Key of the PostgreSQL advisory lock held while migrating (any constant of our own).
MIGRATION_LOCK = 0x6C75646F


def config(url: str = "sqlite://") -> Config:
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", "ludomots.table:migrations")
    cfg.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return cfg


def head() -> str:
    """The newest revision of the scripts that ship with this version."""
    from alembic.script import ScriptDirectory

    revision = ScriptDirectory.from_config(config()).get_current_head()
    assert revision is not None
    return revision


def current(conn: Connection) -> str | None:
    from alembic.runtime.migration import MigrationContext

    return MigrationContext.configure(conn).get_current_revision()


def upgrade(engine: Engine, revision: str = "head") -> tuple[str | None, str | None]:
    """Upgrade to ``revision``; returns the revisions (before, after)."""
    if revision in ("head", HEAD) and _stored_revisions(engine) == [HEAD]:
        return HEAD, HEAD
    from alembic import command

    cfg = config(engine.url.render_as_string(hide_password=False))
    with engine.begin() as conn:
        if conn.dialect.name == "postgresql":
            conn.exec_driver_sql(f"SELECT pg_advisory_xact_lock({MIGRATION_LOCK})")
        cfg.attributes["connection"] = conn
        before = current(conn)
        if before is None and inspect(conn).has_table("tables"):
            command.stamp(cfg, INITIAL)
        command.upgrade(cfg, revision)
        after = current(conn)
    return before, after


def _stored_revisions(engine: Engine) -> list[str] | None:
    """The revisions ``alembic_version`` holds, or None if it cannot be read (no such table
    yet, or the database is away: the full upgrade then finds out and says so)."""
    try:
        with engine.connect() as conn:
            return list(conn.execute(text("SELECT version_num FROM alembic_version")).scalars())
    except SQLAlchemyError:
        return None
