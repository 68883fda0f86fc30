"""Finishing a table: results, ratings, exactly once, whoever tries and however many at once.

The race tests use real concurrency: threads released on a barrier (SQLite or PostgreSQL, as
``LUDOMOTS_TEST_DB`` says), and separate OS processes on PostgreSQL, each with its own engine,
as two server processes that both see a table end would."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import func, select

from ludomots.accounts.db import AccountDb
from ludomots.accounts.results import FinishedGame, Results, SeatResult
from ludomots.accounts.schema import (
    BOT_RATINGS,
    FINISHED_TABLES,
    GAME_RESULTS,
    RATING_HISTORY,
    RATINGS,
)
from ludomots.core import registry
from ludomots.table.model import ClockSettings, SeatSpec, TableInfo
from ludomots.table.store import Store
from tests.accounts.processes import finish_in_processes
from tests.core.gops import BOTS, GAME
from tests.table.race import race
from tests.table.services import fresh_db_url


@pytest.fixture(autouse=True)
def gops_registered() -> Iterator[None]:
    registry.register("gops", GAME, BOTS)
    yield
    registry.unregister("gops")


def _db(url: str) -> AccountDb:
    store = Store(url)
    store.migrate()
    return AccountDb(store)


def _table(db: AccountDb, table_id: str, names: list[str], rated: bool = True) -> list[int]:
    """A finished two-seat table whose seats are linked to new accounts; their ids."""
    info = TableInfo(id=table_id, game="gops", options={}, seed=1,
                     seats=tuple(SeatSpec.human(n) for n in names), status="over",
                     clock=ClockSettings(0))
    db.store.create_table(info, {i: f"token-{table_id}-{i}" for i in range(len(names))})
    ids = []
    for seat, name in enumerate(names):
        account = db.find_account(name) or db.create_account(name, "hash")
        db.link_seat(table_id, seat, account.id, rated=rated and seat == 0)
        ids.append(account.id)
    return ids


def _result(table_id: str, names: list[str], winner: int = 0) -> FinishedGame:
    return FinishedGame(table_id=table_id, game="gops", default_options=True, seats=tuple(
        SeatResult(seat=i, name=n, kind="human", level=None, score=10 if i == winner else 5,
                   rank=1 if i == winner else 2, winner=i == winner)
        for i, n in enumerate(names)))


def _count(db: AccountDb, table: object, **where: object) -> int:
    query = select(func.count()).select_from(table)  # type: ignore[arg-type]
    for column, value in where.items():
        query = query.where(getattr(table.c, column) == value)  # type: ignore[attr-defined]
    with db.tx() as conn:
        return int(conn.execute(query).scalar_one())


def test_a_table_is_finished_once_whoever_tries(tmp_path: Path) -> None:
    db = _db(fresh_db_url(tmp_path))
    alice, bruno = _table(db, "t1", ["Alice", "Bruno"])
    results = Results(db)
    outcomes = race(4, lambda _: results.finish(_result("t1", ["Alice", "Bruno"])))
    assert sorted(outcomes, key=repr) == [False, False, False, True]
    assert _count(db, FINISHED_TABLES) == 1 and _count(db, GAME_RESULTS) == 2
    assert _count(db, RATING_HISTORY) == 2
    with db.tx() as conn:
        games = dict(conn.execute(select(RATINGS.c.account_id, RATINGS.c.games)).all())
    assert games == {alice: 1, bruno: 1}
    db.store.close()


def test_two_tables_finishing_at_once_with_a_common_player_lose_no_update(
        tmp_path: Path) -> None:
    db = _db(fresh_db_url(tmp_path))
    _table(db, "t1", ["Alice", "Bruno"])
    _table(db, "t2", ["Alice", "Chloé"])
    results = Results(db)
    games = [_result("t1", ["Alice", "Bruno"]), _result("t2", ["Alice", "Chloé"])]
    assert race(2, lambda i: results.finish(games[i])) == [True, True]
    alice = db.find_account("Alice")
    assert alice is not None
    with db.tx() as conn:
        row = conn.execute(select(RATINGS).where(RATINGS.c.account_id == alice.id)).one()
    assert row.games == 2 and _count(db, RATING_HISTORY, account_id=alice.id) == 2
    db.store.close()


def test_a_game_is_rated_only_between_linked_accounts_with_default_options(
        tmp_path: Path) -> None:
    db = _db(fresh_db_url(tmp_path))
    results = Results(db)
    _table(db, "casual", ["Alice", "Bruno"], rated=False)
    assert results.finish(_result("casual", ["Alice", "Bruno"]))
    _table(db, "options", ["Alice", "Bruno"])
    game = _result("options", ["Alice", "Bruno"])
    assert results.finish(FinishedGame(game.table_id, game.game, False, game.seats))
    # A seat nobody linked (a guest) at a table created rated: not rated either.
    info = TableInfo(id="guest", game="gops", options={}, seed=1,
                     seats=(SeatSpec.human("Alice"), SeatSpec.human("Invité")), status="over",
                     clock=ClockSettings(0))
    db.store.create_table(info, {0: "a", 1: "b"})
    alice = db.find_account("Alice")
    assert alice is not None
    db.link_seat("guest", 0, alice.id, rated=True)
    assert results.finish(_result("guest", ["Alice", "Invité"]))
    assert _count(db, RATINGS) == 0
    assert _count(db, GAME_RESULTS, rated=False) == 6
    db.store.close()


def test_two_processes_finishing_the_same_table_rate_it_once_on_postgresql(
        pg_url: str) -> None:
    db = _db(pg_url)
    alice, bruno = _table(db, "t1", ["Alice", "Bruno"])
    game = _result("t1", ["Alice", "Bruno"])
    assert finish_in_processes(pg_url, [game, game], True) == [False, True]
    with db.tx() as conn:
        games = dict(conn.execute(select(RATINGS.c.account_id, RATINGS.c.games)).all())
    assert games == {alice: 1, bruno: 1}
    assert _count(db, RATING_HISTORY) == 2 and _count(db, GAME_RESULTS) == 2
    # And two processes finishing two tables with a common player at once: both count.
    _table(db, "t2", ["Alice", "Chloé"])
    _table(db, "t3", ["Alice", "Denis"])
    assert finish_in_processes(pg_url, [_result("t2", ["Alice", "Chloé"]),
                                        _result("t3", ["Alice", "Denis"], winner=1)],
                               True) == [True, True]
    with db.tx() as conn:
        row = conn.execute(select(RATINGS).where(RATINGS.c.account_id == alice)).one()
    assert row.games == 3
    db.store.close()


def test_processes_starting_together_seed_the_bots_once(tmp_path: Path) -> None:
    """Servers that start at once all seed the bots' ratings: the rows race on their
    primary key, and each must then see the others' rows instead of failing to start."""
    from ludomots.accounts.botcal import seed_bot_ratings, seed_data
    from ludomots.accounts.schema import BOT_RATINGS

    url = fresh_db_url(tmp_path)
    dbs = [_db(url) for _ in range(4)]
    written = race(4, lambda i: seed_bot_ratings(dbs[i]))
    assert all(isinstance(n, int) for n in written), written
    expected = sum(len(levels) for by_class in seed_data().values()
                   for levels in by_class.values())
    assert sum(written) == expected == _count(dbs[0], BOT_RATINGS)  # type: ignore[arg-type]
    for db in dbs:
        db.store.close()


def test_a_game_saved_with_a_retired_level_calibrates_its_successor(tmp_path: Path) -> None:
    # « Maître » was withdrawn (issue 21): its seats are played on by the expert, whose
    # rating the game moves; no « Maître » row appears.
    db = _db(fresh_db_url(tmp_path))
    info = TableInfo(id="old", game="gops", options={}, seed=1,
                     seats=(SeatSpec.human("Alice"), SeatSpec.bot("maitre")), status="over",
                     clock=ClockSettings(0))
    db.store.create_table(info, {0: "a"})
    alice = db.create_account("Alice", "hash")
    db.link_seat("old", 0, alice.id, rated=False)
    with db.tx() as conn:
        conn.execute(RATINGS.insert().values(
            account_id=alice.id, game="gops", players="2", mu=30.0, sigma=3.0, rating=1800,
            provisional=False, games=30, last_played=0))
    seats = (SeatResult(0, "Alice", "human", None, 10, 1, True),
             SeatResult(1, "Robot Maître", "bot", "maitre", 5, 2, False))
    assert Results(db).finish(FinishedGame("old", "gops", True, seats))
    with db.tx() as conn:
        rows = conn.execute(select(BOT_RATINGS.c.level, BOT_RATINGS.c.games)).all()
    assert [tuple(r) for r in rows] == [("expert", 1)]
    db.store.close()
