from __future__ import annotations

from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import inspect

from ludomots.accounts.schema import all_metadata
from ludomots.table.migrate import INITIAL, head
from ludomots.table.model import ClockSettings, SeatSpec, TableInfo
from ludomots.table.store import Store

from .race import race


def test_the_migrations_build_exactly_the_schema_of_the_store(db_url: str) -> None:
    store = Store(db_url)
    assert store.migrate() == (None, head())
    with store.engine.connect() as conn:
        assert compare_metadata(MigrationContext.configure(conn), all_metadata()) == []
    assert store.migrate() == (head(), head())  # nothing left to do
    store.close()


def test_a_database_made_before_migrations_is_stamped_and_keeps_its_games(db_url: str) -> None:
    store = Store(db_url)
    store.create_schema()  # what versions without Alembic did at every start
    info = TableInfo(id="t1", game="gops", options={"cards": 3}, seed=1,
                     seats=(SeatSpec.human("Alice"),), status="playing", clock=ClockSettings(0))
    store.create_table(info, {0: "token"})
    assert store.migrate() == (None, head())
    assert store.load_info("t1").seats[0].name == "Alice"
    with store.engine.connect() as conn:
        assert "alembic_version" in inspect(conn).get_table_names()
    assert INITIAL == "0001"
    store.close()


def test_processes_starting_together_migrate_once(db_url: str) -> None:
    stores = [Store(db_url) for _ in range(4)]  # one engine each, like separate processes
    results = race(len(stores), lambda i: stores[i].migrate())
    assert sorted(results, key=repr) == sorted(
        [(None, head())] + [(head(), head())] * 3, key=repr)
    for store in stores:
        store.close()
