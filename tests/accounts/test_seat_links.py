"""``AccountDb.seat_links``: whose accounts sit at a table, read at every turn by the turn
notices (``ludomots/server/turns.py``) through one compiled statement (``Store.read_rows``)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from ludomots.accounts.db import AccountDb
from ludomots.table.model import ClockSettings, SeatSpec, TableInfo
from ludomots.table.store import Store


def _db(url: str) -> AccountDb:
    store = Store(url)
    store.migrate()
    return AccountDb(store)


def _table(db: AccountDb, table_id: str) -> None:
    info = TableInfo(id=table_id, game="gops", options={}, seed=1,
                     seats=(SeatSpec.human("Ana"), SeatSpec.human("Bruno"),
                            SeatSpec.human("Chloé")),
                     status="playing", clock=ClockSettings(0))
    db.store.create_table(info, {seat: f"token-{table_id}-{seat}" for seat in range(3)})


def _links_are_read_back(db: AccountDb) -> None:
    _table(db, "t1")
    _table(db, "t2")
    ana = db.create_account("Ana", "hash")
    chloe = db.create_account("Chloé", "hash")
    assert db.seat_links("t1") == {}  # nobody linked yet
    assert db.link_seat("t1", 0, ana.id)
    assert db.link_seat("t1", 2, chloe.id)
    assert db.link_seat("t2", 1, ana.id)
    assert db.seat_links("t1") == {0: ana.id, 2: chloe.id}
    assert db.seat_links("t2") == {1: ana.id}  # each table its own links
    assert db.seat_links("unknown") == {}


def test_seat_links_are_the_linked_seats_of_that_table_only(tmp_path: Path) -> None:
    _links_are_read_back(_db(f"sqlite:///{tmp_path / 'a.db'}"))


def test_seat_links_on_postgresql(pg_url: str) -> None:
    _links_are_read_back(_db(pg_url))


def test_seat_links_in_an_in_memory_database() -> None:
    _links_are_read_back(_db("sqlite://"))


def test_reading_the_links_does_not_wait_for_a_writer_on_sqlite(tmp_path: Path) -> None:
    """A read needs no write lock: the turn notice of one table never queues behind another
    table's group commit (before, the lookup opened ``BEGIN IMMEDIATE`` like a write and
    waited for the writer, up to SQLite's 30 s busy timeout)."""
    path = tmp_path / "a.db"
    db = _db(f"sqlite:///{path}")
    _table(db, "t1")
    ana = db.create_account("Ana", "hash")
    db.link_seat("t1", 1, ana.id)
    writer = sqlite3.connect(path, isolation_level=None, timeout=0)
    try:
        writer.execute("BEGIN IMMEDIATE")  # another connection holds the write lock
        writer.execute("DELETE FROM seat_accounts")  # not committed: unseen by readers
        assert db.seat_links("t1") == {1: ana.id}
    finally:
        writer.execute("ROLLBACK")
        writer.close()


def test_a_database_error_is_a_store_error(tmp_path: Path) -> None:
    from ludomots.table.errors import StoreError

    store = Store(f"sqlite:///{tmp_path / 'empty.db'}")  # no schema: no seat_accounts table
    with pytest.raises(StoreError, match="database error"):
        AccountDb(store).seat_links("t1")
