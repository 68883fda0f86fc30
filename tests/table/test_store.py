from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import select

from ludomots.table.errors import ConflictError, NotFoundError, StoreError
from ludomots.table.model import ClockSettings, SeatSpec, StoredAction, TableInfo
from ludomots.table.store import ActionRow, Store, metadata
from ludomots.table.tokens import hash_token, new_token

from .conftest import FakeTime
from .race import race

NOW_MS = 1_700_000_000_000


def _info(table_id: str = "t1", status: str = "waiting") -> TableInfo:
    return TableInfo(id=table_id, game="gops", options={"cards": 3, "tie_rule": "discard"},
                     seed=2**63 - 1, seats=(SeatSpec.human("Alice"), SeatSpec.human(),
                                            SeatSpec.bot("expert", "Greedy")),
                     status=status,  # type: ignore[arg-type]
                     clock=ClockSettings(30))


@pytest.fixture
def store(fake_time: FakeTime, db_url: str) -> Store:
    store = Store(db_url, now=fake_time)
    store.create_schema()
    return store


def test_create_schema_is_idempotent(store: Store) -> None:
    store.create_schema()
    store.create_schema()
    assert store.list_tables() == []


def test_table_and_actions_round_trip(store: Store) -> None:
    store.create_table(_info(), {0: "secret-alice"})
    store.append_action("t1", 0, 0, {"type": "bid", "card": 2}, 1500, "d0")
    store.append_action("t1", 1, 2, {"type": "bid", "card": 3}, 7, "d1", status="over")
    info, actions = store.load_table("t1")
    assert info == TableInfo(
        id="t1", game="gops", options={"cards": 3, "tie_rule": "discard"}, seed=2**63 - 1,
        seats=(SeatSpec.human("Alice"), SeatSpec.human(), SeatSpec.bot("expert", "Greedy")),
        status="over", clock=ClockSettings(30), created_at=NOW_MS, updated_at=NOW_MS)
    assert actions == [
        StoredAction(0, 0, {"type": "bid", "card": 2}, 1500, "d0", NOW_MS),
        StoredAction(1, 2, {"type": "bid", "card": 3}, 7, "d1", NOW_MS)]
    assert store.load_actions("t1", 1) == actions[1:]
    assert store.count_actions("t1") == 2


def test_appending_an_existing_sequence_number_raises_conflict(store: Store) -> None:
    store.create_table(_info(), {0: "secret-alice"})
    store.append_action("t1", 0, 0, {"type": "bid", "card": 2}, 0, "first")
    with pytest.raises(ConflictError) as info:
        store.append_action("t1", 0, 1, {"type": "bid", "card": 1}, 0, "second")
    assert (info.value.table_id, info.value.seq) == ("t1", 0)
    assert [a.digest for a in store.load_actions("t1")] == ["first"]


def test_unknown_tables_raise_not_found(store: Store) -> None:
    with pytest.raises(NotFoundError):
        store.load_table("nope")
    with pytest.raises(NotFoundError):
        store.set_status("nope", "over")


def test_named_human_seats_need_exactly_one_token_each(store: Store) -> None:
    with pytest.raises(ValueError, match="named human seats"):
        store.create_table(_info(), {})
    with pytest.raises(ValueError, match="named human seats"):
        store.create_table(_info(), {0: "a", 1: "b"})


def test_claiming_the_last_free_seat_starts_the_game(store: Store) -> None:
    store.create_table(_info(), {0: "secret-alice"})
    assert store.claim_seat("t1", 1, " Bob ", "secret-bob") is True
    assert store.claim_seat("t1", 1, "Eve", "secret-eve") is False  # taken
    assert store.claim_seat("t1", 2, "Eve", "secret-eve") is False  # a bot's seat
    assert store.claim_seat("t1", 0, "Eve", "secret-eve") is False  # the creator's
    info = store.load_info("t1")
    assert [s.name for s in info.seats] == ["Alice", "Bob", "Greedy"]
    assert info.status == "playing"
    assert store.verify_token("t1", "secret-bob") == 1
    assert store.verify_token("t1", "secret-alice") == 0
    assert store.verify_token("t1", "secret-eve") is None


def test_a_seat_token_can_be_replaced(store: Store) -> None:
    store.create_table(_info(), {0: "old"})
    assert store.set_seat_token("t1", 0, "new") is True
    assert store.set_seat_token("t1", 1, "new") is False  # nobody holds seat 1
    assert (store.verify_token("t1", "old"), store.verify_token("t1", "new")) == (None, 0)


def test_list_tables_filters_by_status_most_recent_first(store: Store,
                                                         fake_time: FakeTime) -> None:
    store.create_table(_info("a"), {0: "x"})
    fake_time.advance(1)
    store.create_table(_info("b", "over"), {0: "y"})
    fake_time.advance(1)
    store.create_table(_info("c", "playing"), {0: "z"})
    assert [t.id for t in store.list_tables()] == ["c", "b", "a"]
    assert [t.id for t in store.list_tables(["waiting", "playing"])] == ["c", "a"]
    assert [t.id for t in store.list_tables(limit=1)] == ["c"]
    fake_time.advance(1)
    store.set_status("a", "broken")
    assert [(t.id, t.status) for t in store.list_tables(limit=1)] == [("a", "broken")]


def test_table_ids_lists_what_a_restart_resumes_most_recent_first(
        store: Store, fake_time: FakeTime) -> None:
    for name, status in (("a", "playing"), ("b", "over"), ("c", "playing"), ("d", "waiting")):
        store.create_table(_info(name, status), {0: name})
        fake_time.advance(1)
    assert store.table_ids(["playing"]) == ["c", "a"]
    assert store.table_ids(["playing", "waiting"]) == ["d", "c", "a"]
    assert store.table_ids(["broken"]) == []


def test_tokens_are_stored_only_as_hashes(tmp_path: Path, db_url: str) -> None:
    store = Store(db_url)
    store.create_schema()
    token = new_token()
    store.create_table(_info(), {0: token})
    joined = new_token()
    assert store.claim_seat("t1", 1, "Bob", joined)
    if db_url.startswith("sqlite"):  # every byte the database wrote
        store.close()
        files = b"".join(p.read_bytes() for p in tmp_path.iterdir())
    else:  # every row of every table, as text
        with store.engine.connect() as conn:
            files = repr([conn.execute(select(t)).all() for t in metadata.sorted_tables]).encode()
        store.close()
    for raw in (token, joined):
        assert raw.encode() not in files
        assert hash_token(raw).encode() in files


def test_two_processes_cannot_claim_the_same_seat(db_url: str) -> None:
    url = db_url
    Store(url).create_schema()
    Store(url).create_table(_info(), {0: "alice"})
    stores = [Store(url) for _ in range(6)]  # one engine each, like separate processes
    results = race(6, lambda i: stores[i].claim_seat("t1", 1, f"P{i}", f"token{i}"))
    assert results.count(True) == 1 and results.count(False) == 5
    winner = results.index(True)
    assert Store(url).load_info("t1").seats[1].name == f"P{winner}"


def test_two_processes_cannot_store_the_same_action_number(db_url: str) -> None:
    url = db_url
    Store(url).create_schema()
    Store(url).create_table(_info(), {0: "alice"})
    stores = [Store(url) for _ in range(6)]
    results = race(6, lambda i: stores[i].append_action("t1", 0, 0, {"n": i}, 0, f"d{i}"))
    assert results.count(None) == 1
    assert sum(isinstance(r, ConflictError) for r in results) == 5
    assert len(Store(url).load_actions("t1")) == 1


def test_the_schema_and_queries_compile_for_postgresql() -> None:
    from sqlalchemy import select
    from sqlalchemy.dialects import postgresql
    from sqlalchemy.schema import CreateTable

    from ludomots.table.store import ACTIONS, SEAT_CLAIMS, TABLES

    dialect = postgresql.dialect()  # type: ignore[no-untyped-call]
    ddl = {t.name: str(CreateTable(t).compile(dialect=dialect))
           for t in (TABLES, ACTIONS, SEAT_CLAIMS)}
    assert "seed BIGINT NOT NULL" in ddl["tables"]
    assert "PRIMARY KEY (table_id, seq)" in ddl["actions"]
    assert "PRIMARY KEY (table_id, seat)" in ddl["seat_claims"]
    locked = select(TABLES).where(TABLES.c.id == "t").with_for_update()
    assert str(locked.compile(dialect=dialect)).endswith("FOR UPDATE")


def test_a_group_commit_stores_every_fresh_row_and_reports_each_conflict(
        store: Store) -> None:
    store.create_table(_info("t1", "playing"), {0: "a"})
    store.create_table(_info("t2", "playing"), {0: "b"})
    store.append_action("t1", 0, 0, {"n": 0}, 0, "already")
    results = store.append_actions([
        ActionRow("t1", 0, 1, {"n": 1}, 5, "late"),  # seq 0 of t1 exists: a conflict
        ActionRow("t2", 0, 0, {"n": 2}, 6, "fresh"),
        ActionRow("t1", 1, 0, {"n": 3}, 2**40, "ends", status="over"),
    ])
    assert isinstance(results[0], ConflictError) and results[1:] == [None, None]
    assert [(a.seq, a.digest, a.ms) for a in store.load_actions("t1")] == [
        (0, "already", 0), (1, "ends", 2**31 - 1)]  # ms is clamped as append_action does
    assert [(a.seq, a.action) for a in store.load_actions("t2")] == [(0, {"n": 2})]
    assert (store.load_info("t1").status, store.load_info("t2").status) == ("over", "playing")


def test_a_group_commit_that_fails_falls_back_to_one_row_at_a_time(store: Store) -> None:
    store.create_table(_info("t1", "playing"), {0: "a"})
    # "nope" does not exist: its foreign key fails the batch's transaction; the retry one
    # row at a time still stores the good row and reports the bad one alone.
    results = store.append_actions([ActionRow("t1", 0, 0, {}, 0, "good"),
                                    ActionRow("nope", 0, 0, {}, 0, "bad")])
    assert results[0] is None and isinstance(results[1], StoreError)
    assert [a.digest for a in store.load_actions("t1")] == ["good"]
