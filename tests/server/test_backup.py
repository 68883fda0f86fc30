"""``ludomots db backup`` and ``ludomots db restore`` (issue 22): round trips on SQLite and
PostgreSQL, with a server's real tables, actions and accounts tables."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from sqlalchemy import MetaData, create_engine, select
from starlette.testclient import TestClient

from ludomots.server.cli import db
from ludomots.table.store import engine_url
from tests.server.helpers import Socket, create, make_app, two_humans
from tests.table.services import shared_postgres

Dump = dict[str, list[tuple[Any, ...]]]


def dump(url: str) -> Dump:
    """Every row of every table, in a stable order."""
    engine = create_engine(engine_url(url))
    try:
        meta = MetaData()
        meta.reflect(engine)
        with engine.connect() as conn:
            return {name: sorted((tuple(row) for row in conn.execute(select(table))), key=repr)
                    for name, table in sorted(meta.tables.items())}
    finally:
        engine.dispose()


def fill(url: str) -> str:
    """A playing table with one action, and a waiting one; the playing table's id."""
    with TestClient(make_app(url)) as client:
        table_id, tokens = two_humans(client)
        seats = {seat: Socket(client, table_id, token) for seat, token in tokens.items()}
        first = seats[0].view["game"]["turn"]
        seats[first].send({"type": "action", "action": {"type": "pass", "exchange": None}})
        seats[first].until(lambda m: m["type"] == "update"
                           and m["view"]["table"]["actions"] == 1)
        for socket in seats.values():
            socket.close()
        create(client)
    return table_id


def run(*args: str) -> str:
    result = CliRunner().invoke(db, list(args))
    assert result.exit_code == 0, result.output
    return result.output


def round_trip(url: str, fresh_url: str, tmp_path: Path) -> None:
    table_id = fill(url)
    saved = dump(url)
    assert len(saved["actions"]) == 1 and len(saved["tables"]) == 2
    backup = tmp_path / "ludomots.backup"
    assert run("backup", str(backup), "--db", url).startswith(f"backup written: {backup} (")
    with TestClient(make_app(url)) as client:  # the database moves on after the backup
        create(client)
    assert len(dump(url)["tables"]) == 3
    run("restore", str(backup), "--db", url, "--yes")
    assert dump(url) == saved
    run("restore", str(backup), "--db", fresh_url, "--yes")  # onto a new, empty database
    assert dump(fresh_url) == saved
    with TestClient(make_app(fresh_url)) as client:
        assert client.get(f"/api/tables/{table_id}").json()["status"] == "playing"
        watcher = Socket(client, table_id)
        assert watcher.view["table"]["actions"] == 1
        watcher.close()


def test_sqlite_round_trip(tmp_path: Path) -> None:
    round_trip(f"sqlite:///{tmp_path}/live.db", f"sqlite:///{tmp_path}/new/restored.db",
               tmp_path)


def test_postgresql_round_trip(tmp_path: Path) -> None:
    cluster = shared_postgres()
    round_trip(cluster.create_database("bk"), cluster.create_database("rs"), tmp_path)


def test_a_backup_restores_only_into_its_own_kind_of_database(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/live.db"
    fill(url)
    backup = tmp_path / "sqlite.backup"
    run("backup", str(backup), "--db", url)
    result = CliRunner().invoke(db, ["restore", str(backup), "--db",
                                     shared_postgres().create_database("x"), "--yes"])
    assert result.exit_code == 1
    assert result.output == (f"Error: {backup} is not a PostgreSQL backup "
                             "(pg_dump --format=custom) (a SQLite one)\n")


def test_a_file_that_is_no_ludomots_database_is_refused(tmp_path: Path) -> None:
    other = tmp_path / "other.db"
    import sqlite3
    with sqlite3.connect(other) as conn:
        conn.execute("CREATE TABLE notes (x)")
    target = f"sqlite:///{tmp_path}/live.db"
    result = CliRunner().invoke(db, ["restore", str(other), "--db", target, "--yes"])
    assert (result.exit_code, result.output) == (
        1, f"Error: {other} is not a Ludomots database (no 'tables' table)\n")
    assert not (tmp_path / "live.db").exists()
    result = CliRunner().invoke(db, ["backup", str(tmp_path / "b"), "--db", target])
    assert (result.exit_code, result.output) == (1, f"Error: no database at {tmp_path}/live.db\n")
    assert not (tmp_path / "b").exists()


def test_restore_asks_before_replacing(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/live.db"
    fill(url)
    saved = dump(url)
    backup = tmp_path / "b"
    run("backup", str(backup), "--db", url)
    result = CliRunner().invoke(db, ["restore", str(backup), "--db", url], input="n\n")
    assert result.exit_code == 1 and "Aborted!" in result.output
    assert dump(url) == saved


pytestmark = pytest.mark.timeout(300)
