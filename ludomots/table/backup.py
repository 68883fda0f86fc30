"""``ludomots db backup`` and ``ludomots db restore``: a whole database to one file and back.

- **SQLite**: SQLite's online backup (``sqlite3.Connection.backup``), a consistent copy
  even while a server writes (WAL mode), into one plain SQLite file. Restoring copies it
  back page by page over the database, in one step.
- **PostgreSQL**: ``pg_dump --format=custom`` and ``pg_restore --clean --if-exists
  --single-transaction`` (PostgreSQL's client programs: the ``postgresql-client`` package;
  found on ``PATH`` or in Debian's ``/usr/lib/postgresql/<version>/bin``), without owners
  or privileges, so a backup restores under another role or on another server.

A backup is written to a temporary file beside the target and renamed once complete, so a
failed backup never leaves a truncated file under the expected name. Restore while no server
runs on the database (the servers keep tables in memory); ``ludomots serve`` then upgrades an
older backup's schema as usual. The two formats are not interchangeable: a SQLite backup
restores into SQLite, a PostgreSQL one into PostgreSQL.
"""

from __future__ import annotations

import glob
import os
import shutil
import sqlite3
import subprocess
from pathlib import Path

from sqlalchemy.engine import make_url

from ludomots.table.errors import StoreError

SQLITE_MAGIC = b"SQLite format 3\x00"
PG_DUMP_MAGIC = b"PGDMP"
#: Every Ludomots database has this table (a backup without it is not one of ours).
MARK_TABLE = "tables"


class BackupError(StoreError):
    """A backup or a restore that could not be done; the message says why (English)."""


def kind_of(url: str) -> str:
    """"sqlite" or "postgresql" (BackupError otherwise)."""
    backend = make_url(url).get_backend_name()
    if backend in ("sqlite", "postgresql"):
        return backend
    raise BackupError(f"cannot back up a {backend} database (SQLite or PostgreSQL only)")


def _sqlite_path(url: str) -> Path:
    database = make_url(url).database
    if not database or database == ":memory:":
        raise BackupError("an in-memory SQLite database cannot be backed up or restored")
    return Path(database)


def _libpq_url(url: str) -> str:
    """The URL as libpq reads it (no SQLAlchemy driver suffix)."""
    parsed = make_url(url)
    return parsed.set(drivername="postgresql").render_as_string(hide_password=False)


def pg_tool(name: str) -> str:
    """``pg_dump`` or ``pg_restore``: on PATH, else Debian's newest."""
    found = shutil.which(name)
    if found:
        return found
    candidates = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"),
                        key=lambda p: int(Path(p).parent.parent.name)
                        if Path(p).parent.parent.name.isdigit() else 0)
    if not candidates:
        raise BackupError(f"{name} is not installed (PostgreSQL's client programs: "
                          "apt-get install postgresql-client)")
    return candidates[-1]


def _run(command: list[str]) -> None:
    result = subprocess.run(command, capture_output=True, text=True, check=False)
    if result.returncode != 0:
        raise BackupError(f"{Path(command[0]).name} failed: "
                          f"{(result.stderr or result.stdout).strip()}")


def _check_sqlite(conn: sqlite3.Connection, what: str) -> None:
    try:
        found = conn.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?",
                             (MARK_TABLE,)).fetchone()
    except sqlite3.DatabaseError as exc:
        raise BackupError(f"{what} is not a SQLite database: {exc}") from None
    if found is None:
        raise BackupError(f"{what} is not a Ludomots database (no {MARK_TABLE!r} table)")


def backup(url: str, target: Path) -> None:
    """Write the whole database at ``url`` to the file ``target`` (replaced if it exists)."""
    kind = kind_of(url)
    partial = target.with_name(f".{target.name}.partial")
    partial.unlink(missing_ok=True)
    try:
        if kind == "sqlite":
            source_path = _sqlite_path(url)
            if not source_path.is_file():
                raise BackupError(f"no database at {source_path}")
            source = sqlite3.connect(f"file:{source_path}?mode=ro", uri=True)
            try:
                _check_sqlite(source, str(source_path))
                copy = sqlite3.connect(partial)
                try:
                    source.backup(copy)
                    # One self-contained file: no -wal beside it.
                    copy.execute("PRAGMA journal_mode=DELETE")
                finally:
                    copy.close()
            finally:
                source.close()
        else:
            _run([pg_tool("pg_dump"), "--format=custom", "--no-owner", "--no-privileges",
                  f"--file={partial}", f"--dbname={_libpq_url(url)}"])
        os.replace(partial, target)
    finally:
        partial.unlink(missing_ok=True)


def restore(source: Path, url: str) -> None:
    """Replace the database at ``url`` by the backup ``source``."""
    kind = kind_of(url)
    if not source.is_file():
        raise BackupError(f"no backup at {source}")
    with source.open("rb") as file:
        head = file.read(len(SQLITE_MAGIC))
    if kind == "sqlite":
        if not head.startswith(SQLITE_MAGIC):
            raise BackupError(f"{source} is not a SQLite backup"
                              + (" (a PostgreSQL one)" if head.startswith(PG_DUMP_MAGIC)
                                 else ""))
        backup_conn = sqlite3.connect(f"file:{source}?mode=ro", uri=True)
        try:
            _check_sqlite(backup_conn, str(source))
            target_path = _sqlite_path(url)
            target_path.parent.mkdir(parents=True, exist_ok=True)
            target = sqlite3.connect(target_path, timeout=30)
            try:
                backup_conn.backup(target)
            except sqlite3.OperationalError as exc:
                raise BackupError(f"cannot write {target_path}: {exc}") from None
            finally:
                target.close()
        finally:
            backup_conn.close()
        return
    if not head.startswith(PG_DUMP_MAGIC):
        raise BackupError(f"{source} is not a PostgreSQL backup (pg_dump --format=custom)"
                          + (" (a SQLite one)" if head.startswith(SQLITE_MAGIC) else ""))
    _run([pg_tool("pg_restore"), "--clean", "--if-exists", "--no-owner", "--no-privileges",
          "--single-transaction", "--exit-on-error", f"--dbname={_libpq_url(url)}",
          str(source)])


