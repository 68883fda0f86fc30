from __future__ import annotations

import subprocess
import sys

from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import inspect

from ludomots.accounts.schema import all_metadata
from ludomots.table.migrate import HEAD, INITIAL, head
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


def test_head_names_the_newest_migration_script() -> None:
    """``HEAD`` is what a start compares the database with: a new migration must move it."""
    assert head() == HEAD


def test_a_database_at_the_newest_revision_is_checked_without_loading_alembic(
        db_url: str) -> None:
    """Issue 22: loading Alembic and its scripts was about a sixth of the server's start; a
    database already at ``HEAD`` (every restart but the first after a deploy) needs none of
    it. A new process, so that no earlier test has loaded Alembic."""
    Store(db_url).migrate()
    script = ("import sys\n"
              "from ludomots.table.store import Store\n"
              f"store = Store({db_url!r})\n"
              "print(store.migrate(), 'alembic' in sys.modules)\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          check=True)
    assert done.stdout.strip() == f"('{HEAD}', '{HEAD}') False"


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


def test_a_database_at_0003_gains_the_table_life_columns_and_keeps_its_games(
        db_url: str) -> None:
    """Migration 0004 (issue 19): chat lines, departures and rematch links on a database
    that holds games already."""
    from sqlalchemy import text

    from ludomots.table.migrate import upgrade
    from ludomots.table.model import ResignRule

    store = Store(db_url)
    assert upgrade(store.engine, "0003") == (None, "0003")
    with store.engine.begin() as conn:
        assert "chat_lines" not in inspect(conn).get_table_names()
        conn.execute(text("INSERT INTO tables (id, game, options, seed, seats, clock, status, "
                          "created_at, updated_at) VALUES ('t1', 'gops', '{\"cards\": 3}', 1, "
                          "'[{\"kind\": \"human\", \"level\": null, \"name\": \"\"}]', "
                          "'{\"seconds_per_move\": 0}', 'waiting', 1, 1)"))
    assert store.migrate() == ("0003", head())
    info = store.load_info("t1")
    assert info.resign_rule == ResignRule() and info.departures == () and info.rematch is None
    store.add_chat("t1", None, "Alice", "bonjour")
    assert [line["text"] for line in store.load_chat("t1")] == ["bonjour"]
    with store.engine.connect() as conn:
        assert compare_metadata(MigrationContext.configure(conn), all_metadata()) == []
    store.close()


def test_a_database_at_0004_marks_its_stored_actions_as_no_timeouts(db_url: str) -> None:
    """Migration 0005 (issue 19): ``actions.timeout``; the actions already stored were played
    by their players (false), and a table stored before time controls reads its clock as a
    time per move."""
    from sqlalchemy import text

    from ludomots.table.migrate import upgrade
    from ludomots.table.model import ClockSettings

    store = Store(db_url)
    assert upgrade(store.engine, "0004") == (None, "0004")
    with store.engine.begin() as conn:
        assert "timeout" not in {c["name"] for c in inspect(conn).get_columns("actions")}
        conn.execute(text("INSERT INTO tables (id, game, options, seed, seats, clock, status, "
                          "created_at, updated_at) VALUES ('t1', 'gops', '{\"cards\": 3}', 1, "
                          "'[{\"kind\": \"human\", \"level\": null, \"name\": \"\"}]', "
                          "'{\"seconds_per_move\": 30}', 'playing', 1, 1)"))
        conn.execute(text("INSERT INTO actions (table_id, seq, seat, action, ms, digest, "
                          "created_at) VALUES ('t1', 0, 0, '{\"type\": \"bid\", \"card\": 3}', "
                          "10, 'd', 2)"))
    assert store.migrate() == ("0004", head())
    assert [a.timeout for a in store.load_actions("t1")] == [False]
    assert store.load_info("t1").clock == ClockSettings(30, "move")
    store.append_action("t1", 1, 1, {"type": "bid", "card": 1}, 30_000, "e", timeout=True)
    assert [a.timeout for a in store.load_actions("t1")] == [False, True]
    with store.engine.connect() as conn:
        assert compare_metadata(MigrationContext.configure(conn), all_metadata()) == []
    store.close()


def test_a_database_at_0005_drops_the_kept_replays_of_games_someone_left(db_url: str) -> None:
    """Migration 0006: a replay kept before records said how a game someone left ended shows
    no result; it is dropped so that the next visit computes it again. Other replays stay."""
    from sqlalchemy import text

    from ludomots.table.migrate import upgrade

    store = Store(db_url)
    assert upgrade(store.engine, "0005") == (None, "0005")
    with store.engine.begin() as conn:
        for table_id in ("left", "played"):
            conn.execute(text(
                "INSERT INTO tables (id, game, options, seed, seats, clock, status, created_at,"
                " updated_at) VALUES (:id, 'gops', '{\"cards\": 3}', 1, '[{\"kind\": \"human\","
                " \"level\": null, \"name\": \"Alice\"}]', '{\"seconds_per_move\": 0}',"
                " 'finished', 1, 1)"), {"id": table_id})
        conn.execute(text("INSERT INTO departures (table_id, seat, reason, name, seq, level, at)"
                          " VALUES ('left', 0, 'resign', 'Alice', 1, NULL, 2)"))
    store.save_replay("left", b'{"scores": null}')
    store.save_replay("played", b'{"scores": [3, 1]}')
    assert store.migrate() == ("0005", head())
    assert store.load_replay("left") is None
    assert store.load_replay("played") == b'{"scores": [3, 1]}'
    store.close()
