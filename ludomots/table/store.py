"""Persistence of tables, their actions and seat claims, with SQLAlchemy Core.

Why this shape:

- The database, not the process, decides what happened. ``actions`` has the primary key
  ``(table_id, seq)``: appending action ``seq`` twice fails, so when two server processes accept
  conflicting actions for the same table at the same time exactly one is stored, and the other
  gets ``ConflictError`` and catches up. ``seat_claims`` has the primary key
  ``(table_id, seat)`` for the same reason: two people cannot claim one seat.
- Seat names and token hashes live in ``seat_claims`` rather than in the ``tables.seats`` JSON:
  two people joining two different seats at once would otherwise read-modify-write the same
  JSON and one name would be lost. ``tables.seats`` keeps the seats as created (kinds, levels,
  bot names); a human seat is free while it has no claim row.
- Portable SQL only (the same code runs on SQLite and PostgreSQL): JSON is stored as canonical
  text, times as epoch milliseconds in BIGINT, no upserts or dialect-specific functions. The only
  dialect-specific code is connection setup for SQLite (foreign keys, WAL, ``BEGIN IMMEDIATE``
  so that concurrent writers wait instead of failing on lock upgrades): ``engine.py``.
- Only SHA-256 hashes of seat tokens are stored (see ``tokens.py``).

The API is synchronous; the manager calls it from a worker thread so the event loop never waits
on the database. The schema is ``schema.py``; the group commit's compiled statements,
``appends.py``.
"""

from __future__ import annotations

import json
import threading
import time
import zlib
from collections.abc import Callable, Collection, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from typing import Any, cast

from sqlalchemy import Connection, func, insert, literal, select, update
from sqlalchemy.exc import IntegrityError, SQLAlchemyError

from ludomots.core.jsonvalues import canonical_json
from ludomots.table.appends import MAX_MS, ActionRow, AppendSql, DriverSql
from ludomots.table.engine import engine_url, make_engine
from ludomots.table.errors import ConflictError, NotFoundError, StoreError
from ludomots.table.metrics import STORE_ERRORS
from ludomots.table.model import (
    DEFAULT_URL,
    STATUSES,
    ClockSettings,
    Departure,
    ResignRule,
    SeatSpec,
    StoredAction,
    TableInfo,
    TableStatus,
    validate_name,
)
from ludomots.table.schema import (
    ACTIONS,
    CHAT_LINES,
    DEPARTURES,
    REPLAYS,
    SEAT_CLAIMS,
    TABLES,
    metadata,
)
from ludomots.table.tokens import hash_token, seat_of

# Importable from here as before the schema, the engine and the appends had modules of their own.
__all__ = ["ACTIONS", "CHAT_LINES", "DEPARTURES", "MAX_MS", "REPLAYS", "SEAT_CLAIMS", "TABLES",
           "ActionRow", "Store", "engine_url", "metadata"]


class _Duplicate(StoreError):
    """A uniqueness constraint refused a row (callers turn it into what it means)."""


def _dumps(value: Any) -> str:
    return canonical_json(value)


class Store:
    """Tables, actions and seat claims in one SQL database; see the module docstring."""

    def __init__(self, url: str = DEFAULT_URL, *, now: Callable[[], float] = time.time) -> None:
        self.url = url
        self.engine = make_engine(url)
        self._now = now
        # An in-memory SQLite database is one connection: transactions from two threads would
        # interleave on it, so they take turns.
        self._lock: threading.Lock | None = (
            threading.Lock() if url in ("sqlite://", "sqlite:///:memory:") else None)
        self._sql = AppendSql.compile(self.engine)

    # ---- plumbing -------------------------------------------------------------------------

    def _ms(self) -> int:
        return int(self._now() * 1000)

    @contextmanager
    def _tx(self) -> Iterator[Connection]:
        """One transaction; SQLAlchemy errors become StoreError (callers need not know SQL)."""
        if self._lock is not None:
            self._lock.acquire()
        try:
            with self.engine.begin() as conn:
                yield conn
        except StoreError:
            raise
        except IntegrityError as exc:
            raise _Duplicate(f"constraint violated: {exc}") from exc
        except SQLAlchemyError as exc:
            STORE_ERRORS.inc()
            raise StoreError(f"database error: {exc}") from exc
        finally:
            if self._lock is not None:
                self._lock.release()

    def read_rows(self, sql: DriverSql, values: dict[str, Any]) -> list[tuple[Any, ...]]:
        """The rows of one compiled SELECT (``DriverSql``), on the driver's own connection and
        without a transaction of our own: for the reads made at every turn, where
        SQLAlchemy's per-statement work (and, on SQLite, ``BEGIN IMMEDIATE``, the write lock
        for a read) cost more than the query (``benchmarks/turn_notices.py``). One statement
        reads a consistent snapshot on its own. Errors as StoreError."""
        try:
            with self._driver() as raw:
                try:
                    cursor = raw.cursor()
                    cursor.execute(sql.text, sql.params(values))
                    rows = [tuple(row) for row in cursor.fetchall()]
                    cursor.close()
                finally:
                    raw.rollback()  # ends the read transaction a driver may have opened
        except (self.engine.dialect.loaded_dbapi.Error, SQLAlchemyError) as exc:
            STORE_ERRORS.inc()  # SQLAlchemyError: the pool could not give a connection
            raise StoreError(f"database error: {exc}") from exc
        return rows

    @contextmanager
    def _driver(self) -> Iterator[Any]:
        """The driver's own connection, from the pool and back to it (the statements compiled
        once: ``read_rows``, ``append_actions``); an in-memory database takes turns."""
        if self._lock is not None:
            self._lock.acquire()
        try:
            raw = self.engine.raw_connection()
            try:
                yield raw
            finally:
                raw.close()  # back to the pool
        finally:
            if self._lock is not None:
                self._lock.release()

    def transaction(self) -> AbstractContextManager[Connection]:
        """One transaction, errors as StoreError: for the layers that keep tables of their own
        in this database (accounts), so they share its connections and SQLite's turn-taking."""
        return self._tx()

    def create_schema(self) -> None:
        """Create the tables and indexes that do not exist yet, without migrations (tests and
        throwaway databases; a server calls ``migrate``, which a later ``migrate`` honours)."""
        try:
            metadata.create_all(self.engine, checkfirst=True)
        except SQLAlchemyError as exc:
            raise StoreError(f"cannot create the schema: {exc}") from exc

    def migrate(self) -> tuple[str | None, str | None]:
        """Upgrade the schema to the newest migration (``migrate.py``); (before, after)."""
        from ludomots.table.migrate import upgrade

        if self._lock is not None:
            self._lock.acquire()
        try:
            return upgrade(self.engine)
        except SQLAlchemyError as exc:
            raise StoreError(f"cannot migrate the schema: {exc}") from exc
        finally:
            if self._lock is not None:
                self._lock.release()

    def ping(self) -> None:
        """One trivial query, for the readiness check; StoreError if the database is away."""
        with self._tx() as conn:
            conn.execute(select(literal(1)))

    def close(self) -> None:
        self.engine.dispose()

    # ---- tables -------------------------------------------------------------------------------

    def create_table(self, info: TableInfo, tokens: dict[int, str] | None = None) -> None:
        """Insert a new table; ``tokens`` claims named human seats (seat -> raw token)."""
        tokens = tokens or {}
        named = {i for i, s in enumerate(info.seats) if s.kind == "human" and not s.is_open}
        if set(tokens) != named:
            raise ValueError(f"tokens must be given for exactly the named human seats {named}")
        now = self._ms()
        created = info.created_at or now
        # Human names live in seat_claims only, so a seat is free exactly when unclaimed.
        seats = [s.to_json() if s.kind == "bot" else SeatSpec.human().to_json()
                 for s in info.seats]
        with self._tx() as conn:
            conn.execute(insert(TABLES).values(
                id=info.id, game=info.game, options=_dumps(info.options), seed=info.seed,
                seats=_dumps(seats), clock=_dumps(info.clock.to_json()), status=info.status,
                created_at=created, updated_at=now, resign_rule=info.resign_rule.to_text(),
                rematch_of=info.rematch_of))
            if info.rematch_of is not None:
                conn.execute(update(TABLES).where(TABLES.c.id == info.rematch_of)
                             .values(rematch=info.id))
            for seat, token in sorted(tokens.items()):
                conn.execute(insert(SEAT_CLAIMS).values(
                    table_id=info.id, seat=seat, name=info.seats[seat].name,
                    token_hash=hash_token(token), claimed_at=now))

    def _claims(self, conn: Connection, table_ids: Collection[str]) -> dict[str, dict[int, str]]:
        if not table_ids:
            return {}
        rows = conn.execute(select(SEAT_CLAIMS.c.table_id, SEAT_CLAIMS.c.seat,
                                   SEAT_CLAIMS.c.name)
                            .where(SEAT_CLAIMS.c.table_id.in_(list(table_ids))))
        out: dict[str, dict[int, str]] = {}
        for table_id, seat, name in rows:
            out.setdefault(table_id, {})[seat] = name
        return out

    def _departures(self, conn: Connection, table_ids: Collection[str]
                    ) -> dict[str, list[Departure]]:
        if not table_ids:
            return {}
        rows = conn.execute(select(DEPARTURES)
                            .where(DEPARTURES.c.table_id.in_(list(table_ids)))
                            .order_by(DEPARTURES.c.seq, DEPARTURES.c.at))
        out: dict[str, list[Departure]] = {}
        for r in rows:
            out.setdefault(r.table_id, []).append(Departure(
                seat=r.seat, reason=r.reason, name=r.name, seq=r.seq, level=r.level, at=r.at))
        return out

    @staticmethod
    def _info(row: Any, claims: dict[int, str],
              departures: Sequence[Departure] = ()) -> TableInfo:
        seats = []
        taken_over = {d.seat: d for d in departures if d.level is not None}
        for i, data in enumerate(json.loads(row.seats)):
            spec = SeatSpec.from_json(data)
            if i in taken_over:  # a bot plays on for the human who left
                spec = SeatSpec.bot(taken_over[i].level or "")
            elif spec.kind == "human" and i in claims:
                spec = spec.claimed_by(claims[i])
            seats.append(spec)
        status = row.status if row.status in STATUSES else "broken"
        return TableInfo(
            id=row.id, game=row.game, options=json.loads(row.options), seed=row.seed,
            seats=tuple(seats), status=cast(TableStatus, status),
            clock=ClockSettings.from_json(json.loads(row.clock)),
            created_at=row.created_at, updated_at=row.updated_at,
            resign_rule=ResignRule.from_text(row.resign_rule), departures=tuple(departures),
            rematch_of=row.rematch_of, rematch=row.rematch)

    def _load_info(self, conn: Connection, table_id: str, lock: bool = False) -> TableInfo:
        query = select(TABLES).where(TABLES.c.id == table_id)
        if lock:
            # Serialises claims on one table in PostgreSQL (SQLite: BEGIN IMMEDIATE already).
            query = query.with_for_update()
        row = conn.execute(query).first()
        if row is None:
            raise NotFoundError(table_id)
        return self._info(row, self._claims(conn, [table_id]).get(table_id, {}),
                          self._departures(conn, [table_id]).get(table_id, []))

    def load_info(self, table_id: str) -> TableInfo:
        with self._tx() as conn:
            return self._load_info(conn, table_id)

    def load_table(self, table_id: str) -> tuple[TableInfo, list[StoredAction]]:
        """The table and all its actions in order (one consistent snapshot)."""
        with self._tx() as conn:
            info = self._load_info(conn, table_id)
            return info, self._actions(conn, table_id, 0)

    def load_actions(self, table_id: str, start: int = 0) -> list[StoredAction]:
        """Actions with ``seq >= start``: how a process that lost a race catches up."""
        with self._tx() as conn:
            return self._actions(conn, table_id, start)

    @staticmethod
    def _actions(conn: Connection, table_id: str, start: int) -> list[StoredAction]:
        rows = conn.execute(select(ACTIONS)
                            .where(ACTIONS.c.table_id == table_id, ACTIONS.c.seq >= start)
                            .order_by(ACTIONS.c.seq))
        return [StoredAction(seq=r.seq, seat=r.seat, action=json.loads(r.action), ms=r.ms,
                             digest=r.digest, created_at=r.created_at, timeout=bool(r.timeout))
                for r in rows]

    def set_status(self, table_id: str, status: TableStatus) -> None:
        if status not in STATUSES:
            raise ValueError(f"unknown status {status!r}")
        with self._tx() as conn:
            result = conn.execute(update(TABLES).where(TABLES.c.id == table_id)
                                  .values(status=status, updated_at=self._ms()))
            if result.rowcount == 0:
                raise NotFoundError(table_id)

    def list_tables(self, status: Collection[TableStatus] | None = None,
                    limit: int | None = 50) -> list[TableInfo]:
        """Tables by most recent activity first, optionally only some statuses (the lobby)."""
        order = (TABLES.c.updated_at.desc(), TABLES.c.id)
        with self._tx() as conn:
            if status is not None and limit is not None:
                # The lobby: one walk down the (status, updated_at) index per status, each
                # stopping after ``limit`` rows, then a merge; one query with ``IN`` would
                # read and sort every live row to return 50 (issue 22).
                rows = [row for one in sorted(set(status)) for row in conn.execute(
                    select(TABLES).where(TABLES.c.status == one).order_by(*order)
                    .limit(limit)).all()]
                rows = sorted(rows, key=lambda r: (-r.updated_at, r.id))[:limit]
            else:
                query = select(TABLES).order_by(*order)
                if status is not None:
                    query = query.where(TABLES.c.status.in_(list(status)))
                if limit is not None:
                    query = query.limit(limit)
                rows = list(conn.execute(query).all())
            claims = self._claims(conn, [r.id for r in rows])
            departures = self._departures(conn, [r.id for r in rows])
            return [self._info(r, claims.get(r.id, {}), departures.get(r.id, [])) for r in rows]

    def table_ids(self, status: Collection[TableStatus]) -> list[str]:
        """The ids of the tables of these statuses, most recently active first: what a
        restart resumes (one light query, however many: no seats, no claims)."""
        with self._tx() as conn:
            return list(conn.execute(
                select(TABLES.c.id).where(TABLES.c.status.in_(list(status)))
                .order_by(TABLES.c.updated_at.desc(), TABLES.c.id)).scalars())

    def touch_waiting(self, table_ids: Collection[str]) -> None:
        """Someone is at these tables now: the waiting ones count as active (``stale.py``)."""
        if not table_ids:
            return
        with self._tx() as conn:
            conn.execute(update(TABLES).where(TABLES.c.id.in_(list(table_ids)),
                                              TABLES.c.status == "waiting")
                         .values(updated_at=self._ms()))

    def idle_playing(self, before: float) -> list[str]:
        """The playing tables with no action since ``before`` (epoch seconds): one walk down
        the (status, updated_at) index (``stale.py``)."""
        with self._tx() as conn:
            return list(conn.execute(
                select(TABLES.c.id).where(TABLES.c.status == "playing",
                                          TABLES.c.updated_at < int(before * 1000))
                .order_by(TABLES.c.updated_at, TABLES.c.id)).scalars())

    def close_stale(self, before: float, batch: int = 500) -> list[str]:
        """Close every waiting table whose last activity is older than ``before`` (epoch
        seconds); returns those this call closed. By batches, each one transaction that locks
        its rows before closing them: a seat claimed meanwhile (it locks the row too, and
        moves ``updated_at``) keeps its table open, and two processes sweeping at once never
        both report one table."""
        cutoff = int(before * 1000)
        stale = (TABLES.c.status == "waiting", TABLES.c.updated_at < cutoff)
        closed: list[str] = []
        while True:
            with self._tx() as conn:
                ids = [r.id for r in conn.execute(select(TABLES.c.id).where(*stale)
                                                  .order_by(TABLES.c.id).limit(batch)
                                                  .with_for_update())]
                if ids:
                    conn.execute(update(TABLES).where(TABLES.c.id.in_(ids), *stale)
                                 .values(status="closed"))
            closed += ids
            if len(ids) < batch:
                return closed

    # ---- actions --------------------------------------------------------------------------

    def append_action(self, table_id: str, seq: int, seat: int, action: dict[str, Any],
                      ms: int, digest: str, status: TableStatus | None = None, *,
                      timeout: bool = False) -> None:
        """Store action ``seq``; ConflictError if it exists. ``status`` is set atomically with it
        (so a table is "over" exactly when its last action is stored)."""
        now = self._ms()
        values: dict[str, Any] = {"updated_at": now}
        if status is not None:
            values["status"] = status
        try:
            with self._tx() as conn:
                conn.execute(insert(ACTIONS).values(
                    ActionRow(table_id, seq, seat, action, ms, digest,
                              timeout=timeout).values(now)))
                result = conn.execute(update(TABLES).where(TABLES.c.id == table_id)
                                      .values(**values))
                if result.rowcount == 0:
                    raise NotFoundError(table_id)
        except _Duplicate as exc:
            if self._action_exists(table_id, seq):
                raise ConflictError(table_id, seq) from exc
            raise StoreError(f"cannot store action {seq} of {table_id}: {exc}") from exc

    def append_actions(self, rows: Sequence[ActionRow]) -> list[StoreError | None]:
        """Store several actions of different tables in one transaction (a group commit); for
        each row, None if stored, ConflictError if its ``seq`` exists, or StoreError.

        This is the server's hottest write, so it runs on the driver's own connection with
        statements compiled once (SQLAlchemy's per-statement work cost more than SQLite's).
        The rows already stored are found inside the write transaction (on SQLite it holds
        the write lock, so nobody can insert in between). If the transaction fails anyway
        (another PostgreSQL transaction won a race), each row is retried on its own, so one
        bad row never fails the others."""
        if not rows:
            return []
        now = self._ms()
        try:
            taken = self._append_batch(rows, now)
        except self.engine.dialect.loaded_dbapi.Error:
            STORE_ERRORS.inc()
            return [self._append_one(row) for row in rows]
        return [ConflictError(row.table_id, row.seq) if (row.table_id, row.seq) in taken
                else None for row in rows]

    def _append_batch(self, rows: Sequence[ActionRow], now: int) -> set[tuple[str, int]]:
        """One transaction for ``rows``; the (table, seq) pairs that were already stored."""
        sql = self._sql
        with self._driver() as raw:
            try:
                cursor = raw.cursor()
                if sql.begin:
                    cursor.execute(sql.begin)
                taken: set[tuple[str, int]] = set()
                for row in rows:
                    cursor.execute(sql.exists.text, sql.exists.params(
                        {"table_id": row.table_id, "seq": row.seq}))
                    if cursor.fetchone() is not None:
                        taken.add((row.table_id, row.seq))
                fresh = [row for row in rows if (row.table_id, row.seq) not in taken]
                if fresh:
                    cursor.executemany(sql.insert.text,
                                       [sql.insert.params(row.values(now)) for row in fresh])
                    for status in {row.status for row in fresh}:
                        touch = sql.touch[status]
                        cursor.executemany(touch.text, [
                            touch.params({"b_id": row.table_id, "b_now": now,
                                          "b_status": status})
                            for row in fresh if row.status == status])
                cursor.close()
                raw.commit()
            except BaseException:
                raw.rollback()
                raise
        return taken

    def _append_one(self, row: ActionRow) -> StoreError | None:
        try:
            self.append_action(row.table_id, row.seq, row.seat, row.action, row.ms, row.digest,
                               row.status, timeout=row.timeout)
        except StoreError as exc:
            return exc
        return None

    def _action_exists(self, table_id: str, seq: int) -> bool:
        with self._tx() as conn:
            row = conn.execute(select(ACTIONS.c.seq).where(
                ACTIONS.c.table_id == table_id, ACTIONS.c.seq == seq)).first()
            return row is not None

    def count_tables(self) -> list[tuple[str, str, int]]:
        """(game, status, number of tables) for every pair that has any (the metrics)."""
        query = (select(TABLES.c.game, TABLES.c.status, func.count())
                 .group_by(TABLES.c.game, TABLES.c.status))
        with self._tx() as conn:
            return [(str(g), str(s), int(n)) for g, s, n in conn.execute(query).all()]

    def count_actions(self, table_id: str) -> int:
        with self._tx() as conn:
            return int(conn.execute(select(func.count()).select_from(ACTIONS)
                                    .where(ACTIONS.c.table_id == table_id)).scalar_one())

    # ---- replays ---------------------------------------------------------------------------

    def load_replay(self, table_id: str) -> bytes | None:
        """The replay kept for a finished game (its JSON), or None."""
        with self._tx() as conn:
            row = conn.execute(select(REPLAYS.c.body)
                               .where(REPLAYS.c.table_id == table_id)).first()
        return None if row is None else zlib.decompress(row.body)

    def save_replay(self, table_id: str, body: bytes) -> None:
        """Keep a finished game's replay; a second one (another process was first) is the
        same and is ignored."""
        try:
            with self._tx() as conn:
                conn.execute(insert(REPLAYS).values(table_id=table_id,
                                                    body=zlib.compress(body, 6),
                                                    created_at=self._ms()))
        except _Duplicate:
            pass

    # ---- seats ----------------------------------------------------------------------------

    def claim_seat(self, table_id: str, seat: int, name: str, token: str) -> bool:
        """Give a free human seat to ``name`` with ``token``; False if it is taken or not human.

        When the last free seat is claimed the table goes from "waiting" to "playing" in the same
        transaction, so every process agrees on when the game starts.
        """
        name = validate_name(name)
        now = self._ms()
        try:
            with self._tx() as conn:
                info = self._load_info(conn, table_id, lock=True)
                if not 0 <= seat < len(info.seats) or not info.seats[seat].is_open or \
                        info.status == "closed":
                    return False
                conn.execute(insert(SEAT_CLAIMS).values(
                    table_id=table_id, seat=seat, name=name, token_hash=hash_token(token),
                    claimed_at=now))
                values: dict[str, Any] = {"updated_at": now}
                if info.status == "waiting" and info.open_seats() == [seat]:
                    values["status"] = "playing"
                conn.execute(update(TABLES).where(TABLES.c.id == table_id).values(**values))
        except _Duplicate:
            return False
        return True

    def set_seat_token(self, table_id: str, seat: int, token: str) -> bool:
        """Replace the token of a claimed seat (e.g. the owner moves to another device)."""
        with self._tx() as conn:
            result = conn.execute(update(SEAT_CLAIMS)
                                  .where(SEAT_CLAIMS.c.table_id == table_id,
                                         SEAT_CLAIMS.c.seat == seat)
                                  .values(token_hash=hash_token(token)))
            return bool(result.rowcount)

    def token_hashes(self, table_id: str) -> dict[int, str]:
        """Seat -> token hash, for the manager's in-memory check."""
        with self._tx() as conn:
            rows = conn.execute(select(SEAT_CLAIMS.c.seat, SEAT_CLAIMS.c.token_hash)
                                .where(SEAT_CLAIMS.c.table_id == table_id))
            return {seat: digest for seat, digest in rows}

    def verify_token(self, table_id: str, token: str) -> int | None:
        """The seat ``token`` owns at this table, or None (constant-time comparisons)."""
        return seat_of(token, self.token_hashes(table_id))

    def seat_name(self, table_id: str, seat: int) -> str | None:
        """The name of a claimed human seat (kept after its human left), or None."""
        with self._tx() as conn:
            row = conn.execute(select(SEAT_CLAIMS.c.name).where(
                SEAT_CLAIMS.c.table_id == table_id, SEAT_CLAIMS.c.seat == seat)).first()
            return None if row is None else str(row.name)

    # ---- departures (resign) ------------------------------------------------------------

    def add_departure(self, table_id: str, departure: Departure,
                      status: TableStatus | None = None) -> bool:
        """Record that a seat's human left (with the table's new status, in one transaction);
        False if that seat had already left."""
        values: dict[str, Any] = {"updated_at": self._ms()}
        if status is not None:
            values["status"] = status
        try:
            with self._tx() as conn:
                conn.execute(insert(DEPARTURES).values(
                    table_id=table_id, seat=departure.seat, reason=departure.reason,
                    name=departure.name, seq=departure.seq, level=departure.level,
                    at=departure.at or self._ms()))
                result = conn.execute(update(TABLES).where(TABLES.c.id == table_id)
                                      .values(**values))
                if result.rowcount == 0:
                    raise NotFoundError(table_id)
        except _Duplicate:
            return False
        return True

    # ---- rematch --------------------------------------------------------------------------

    def rematch_of(self, table_id: str) -> str | None:
        """The id of the table created as the rematch of ``table_id``, or None."""
        with self._tx() as conn:
            row = conn.execute(select(TABLES.c.id).where(TABLES.c.rematch_of == table_id)
                               ).first()
            return None if row is None else str(row.id)

    def create_rematch(self, info: TableInfo, tokens: dict[int, str]) -> bool:
        """``create_table`` for a rematch (``info.rematch_of`` set); False when another
        request created that rematch first (the unique ``rematch_of``)."""
        try:
            self.create_table(info, tokens)
        except _Duplicate:
            return False
        return True

    # ---- chat -----------------------------------------------------------------------------

    def add_chat(self, table_id: str, seat: int | None, name: str, text: str) -> dict[str, Any]:
        """Keep a chat line; the line as sent to everyone (``id``, ``at`` in epoch ms)."""
        at = self._ms()
        with self._tx() as conn:
            result = conn.execute(insert(CHAT_LINES).values(
                table_id=table_id, seat=seat, name=name, text=text, at=at))
            key = result.inserted_primary_key
            assert key is not None
            line_id = int(key[0])
        return {"id": line_id, "seat": seat, "name": name, "text": text, "at": at}

    def load_chat(self, table_id: str, limit: int = 200) -> list[dict[str, Any]]:
        """The last ``limit`` lines of a table's chat, oldest first."""
        with self._tx() as conn:
            rows = conn.execute(select(CHAT_LINES).where(CHAT_LINES.c.table_id == table_id)
                                .order_by(CHAT_LINES.c.id.desc()).limit(limit)).all()
        return [{"id": r.id, "seat": r.seat, "name": r.name, "text": r.text, "at": r.at}
                for r in reversed(rows)]
