"""The accounts layer's rows: accounts, sessions, login attempts, seat links, follows, presence
and invitations (results and ratings: ``results.py``; reading profiles: ``queries.py``).

Synchronous SQLAlchemy Core on the tables layer's ``Store`` (same engine, same transactions,
same SQLite turn-taking): callers run it off the event loop. Portable SQL only, as in the
tables layer: no upserts (an insert that may collide is tried and its IntegrityError read).
Secrets are stored as SHA-256 hashes only (session ids, like seat tokens), passwords as
argon2id hashes (``passwords.py``).
"""

from __future__ import annotations

import hashlib
import secrets
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import (
    Connection,
    and_,
    bindparam,
    delete,
    exists,
    func,
    insert,
    select,
    update,
)
from sqlalchemy.exc import IntegrityError

from ludomots.accounts.errors import account_error, name_taken, unknown_player
from ludomots.accounts.names import DELETED_NAME, name_key
from ludomots.accounts.schema import (
    ACCOUNT_ROWS,
    FOLLOWS,
    GAME_RESULTS,
    INVITES,
    LOGIN_ATTEMPTS,
    PRESENCE,
    RATED_TABLES,
    RATING_HISTORY,
    RATINGS,
    SEAT_ACCOUNTS,
    SERVER_KEYS,
    SESSIONS,
)
from ludomots.table.appends import DriverSql
from ludomots.table.errors import StoreError
from ludomots.table.model import LIVE_STATUSES
from ludomots.table.store import SEAT_CLAIMS, TABLES, Store
from ludomots.table.tokens import hash_token

DAY_MS = 86_400_000
#: A session lasts this long after its last use (a month without playing logs one out).
SESSION_IDLE_MS = 30 * DAY_MS
#: ``used_at`` is written at most this often (not at every request).
SESSION_TOUCH_MS = 3_600_000
#: Most accounts one may follow.
FOLLOWS_MAX = 500
#: Seats a browser may claim at once (its localStorage holds the tokens of its tables).
CLAIMS_MAX = 200

# Statements a profile runs on every request, built once: building a statement costs more
# Python than running it (SQLAlchemy's coercions and cache key; benchmarks/accounts.py).
_ACCOUNT_BY_KEY = select(ACCOUNT_ROWS.c.id, ACCOUNT_ROWS.c.name, ACCOUNT_ROWS.c.created_at) \
    .where(ACCOUNT_ROWS.c.name_key == bindparam("name_key"))
_FOLLOW_COUNTS = select(  # (followers, following), one round trip
    select(func.count()).select_from(FOLLOWS)
    .where(FOLLOWS.c.followed == bindparam("account_id")).scalar_subquery(),
    select(func.count()).select_from(FOLLOWS)
    .where(FOLLOWS.c.follower == bindparam("account_id")).scalar_subquery())

_SEAT_LINKS = select(SEAT_ACCOUNTS.c.seat, SEAT_ACCOUNTS.c.account_id) \
    .where(SEAT_ACCOUNTS.c.table_id == bindparam("table_id"))


@dataclass(frozen=True)
class Account:
    id: int
    name: str
    created_at: int


@dataclass(frozen=True)
class Credentials:
    account: Account
    password_hash: str


def is_duplicate(exc: BaseException) -> bool:
    """Whether a StoreError comes from a unique or primary key refusing a row."""
    return isinstance(exc.__cause__, IntegrityError)


def session_hash(raw: str) -> str:
    return hashlib.sha256(raw.encode("utf-8")).hexdigest()


class AccountDb:
    """See the module docstring. ``process``: this server process's id (presence rows)."""

    def __init__(self, store: Store, *, process: str = "local",
                 now: Callable[[], float] = time.time) -> None:
        self.store = store
        self.process = process
        self._now = now
        self._seat_links_sql = DriverSql.compile(_SEAT_LINKS, store.engine)

    def ms(self) -> int:
        return int(self._now() * 1000)

    def tx(self) -> Any:
        return self.store.transaction()

    # ---- accounts ---------------------------------------------------------------------------

    @staticmethod
    def _account(row: Any) -> Account:
        return Account(id=row.id, name=row.name, created_at=row.created_at)

    def create_account(self, name: str, password_hash: str) -> Account:
        """A new account; RuleError("name_taken") if the folded name exists (even in a race:
        the unique index decides)."""
        now = self.ms()
        try:
            with self.tx() as conn:
                result = conn.execute(insert(ACCOUNT_ROWS).values(
                    name=name, name_key=name_key(name), password_hash=password_hash,
                    created_at=now, password_changed_at=now))
                account_id = result.inserted_primary_key[0]
        except StoreError as exc:
            if is_duplicate(exc):
                raise name_taken() from None
            raise
        return Account(id=int(account_id), name=name, created_at=now)

    def credentials(self, name: str) -> Credentials | None:
        with self.tx() as conn:
            row = conn.execute(select(ACCOUNT_ROWS).where(
                ACCOUNT_ROWS.c.name_key == name_key(name))).first()
        if row is None:
            return None
        return Credentials(self._account(row), row.password_hash)

    def account_named(self, name: str) -> Account:
        """The account of ``name`` (case and accents ignored); RuleError("unknown_player")."""
        found = self.find_account(name)
        if found is None:
            raise unknown_player(name)
        return found

    def find_account(self, name: str) -> Account | None:
        with self.tx() as conn:
            return self.find_in(conn, name)

    @classmethod
    def find_in(cls, conn: Connection, name: str) -> Account | None:
        """``find_account`` inside the caller's transaction (a profile reads the account and
        its rows in one)."""
        row = conn.execute(_ACCOUNT_BY_KEY, {"name_key": name_key(name)}).first()
        return None if row is None else cls._account(row)

    def account(self, account_id: int) -> Account | None:
        with self.tx() as conn:
            row = conn.execute(select(ACCOUNT_ROWS.c.id, ACCOUNT_ROWS.c.name,
                                      ACCOUNT_ROWS.c.created_at)
                               .where(ACCOUNT_ROWS.c.id == account_id)).first()
        return None if row is None else self._account(row)

    def set_password(self, account_id: int, password_hash: str) -> None:
        with self.tx() as conn:
            conn.execute(update(ACCOUNT_ROWS).where(ACCOUNT_ROWS.c.id == account_id)
                         .values(password_hash=password_hash, password_changed_at=self.ms()))

    def delete_account(self, account_id: int) -> None:
        """Delete the account and anonymise its games: in others' histories, and in the
        tables' own records and replays, its seats are now « joueur supprimé ». Its sessions,
        ratings, follows and invitations go with it (foreign keys cascade; done explicitly too,
        as SQLite's cascade depends on a pragma)."""
        with self.tx() as conn:
            seats = conn.execute(select(SEAT_ACCOUNTS.c.table_id, SEAT_ACCOUNTS.c.seat)
                                 .where(SEAT_ACCOUNTS.c.account_id == account_id)).all()
            for table_id, seat in seats:
                conn.execute(update(SEAT_CLAIMS).where(SEAT_CLAIMS.c.table_id == table_id,
                                                       SEAT_CLAIMS.c.seat == seat)
                             .values(name=DELETED_NAME))
            conn.execute(update(GAME_RESULTS).where(GAME_RESULTS.c.account_id == account_id)
                         .values(account_id=None, name=DELETED_NAME, anonymised=True))
            for table, column in ((SEAT_ACCOUNTS, SEAT_ACCOUNTS.c.account_id),
                                  (SESSIONS, SESSIONS.c.account_id),
                                  (RATINGS, RATINGS.c.account_id),
                                  (RATING_HISTORY, RATING_HISTORY.c.account_id),
                                  (PRESENCE, PRESENCE.c.account_id),
                                  (INVITES, INVITES.c.to_account),
                                  (INVITES, INVITES.c.from_account),
                                  (FOLLOWS, FOLLOWS.c.follower),
                                  (FOLLOWS, FOLLOWS.c.followed)):
                conn.execute(delete(table).where(column == account_id))
            conn.execute(delete(ACCOUNT_ROWS).where(ACCOUNT_ROWS.c.id == account_id))

    # ---- sessions -----------------------------------------------------------------------------

    def create_session(self, account_id: int) -> str:
        """A new session; returns its raw id (only its hash is stored)."""
        raw = secrets.token_urlsafe(32)
        now = self.ms()
        with self.tx() as conn:
            conn.execute(insert(SESSIONS).values(
                id_hash=session_hash(raw), account_id=account_id, created_at=now, used_at=now,
                expires_at=now + SESSION_IDLE_MS))
        return raw

    def session_account(self, raw: str) -> Account | None:
        """The account of a live session (its idle time extended), or None."""
        digest = session_hash(raw)
        now = self.ms()
        with self.tx() as conn:
            row = conn.execute(
                select(ACCOUNT_ROWS.c.id, ACCOUNT_ROWS.c.name, ACCOUNT_ROWS.c.created_at,
                       SESSIONS.c.used_at, SESSIONS.c.expires_at)
                .join(SESSIONS, SESSIONS.c.account_id == ACCOUNT_ROWS.c.id)
                .where(SESSIONS.c.id_hash == digest)).first()
            if row is None:
                return None
            if row.expires_at <= now:
                conn.execute(delete(SESSIONS).where(SESSIONS.c.id_hash == digest))
                return None
            if now - row.used_at >= SESSION_TOUCH_MS:
                conn.execute(update(SESSIONS).where(SESSIONS.c.id_hash == digest)
                             .values(used_at=now, expires_at=now + SESSION_IDLE_MS))
        return self._account(row)

    def delete_session(self, raw: str) -> bool:
        with self.tx() as conn:
            return bool(conn.execute(delete(SESSIONS).where(
                SESSIONS.c.id_hash == session_hash(raw))).rowcount)

    def delete_sessions(self, account_id: int) -> int:
        """Log out everywhere: every session of the account; how many there were."""
        with self.tx() as conn:
            return int(conn.execute(delete(SESSIONS).where(
                SESSIONS.c.account_id == account_id)).rowcount)

    def count_sessions(self, account_id: int) -> int:
        with self.tx() as conn:
            return int(conn.execute(select(func.count()).select_from(SESSIONS).where(
                SESSIONS.c.account_id == account_id)).scalar_one())

    # ---- login throttling ---------------------------------------------------------------------

    def attempts(self, keys: Sequence[str], window_ms: int) -> dict[str, int]:
        """Attempts per key within the last ``window_ms``."""
        since = self.ms() - window_ms
        with self.tx() as conn:
            rows = conn.execute(select(LOGIN_ATTEMPTS.c.key, func.count())
                                .where(LOGIN_ATTEMPTS.c.key.in_(list(keys)),
                                       LOGIN_ATTEMPTS.c.at > since)
                                .group_by(LOGIN_ATTEMPTS.c.key)).all()
        counts = {key: 0 for key in keys}
        counts.update({key: int(count) for key, count in rows})
        return counts

    def add_attempts(self, keys: Iterable[str], window_ms: int) -> None:
        """Count an attempt for each key, and forget those older than the window."""
        now = self.ms()
        keys = list(keys)
        with self.tx() as conn:
            conn.execute(delete(LOGIN_ATTEMPTS).where(LOGIN_ATTEMPTS.c.key.in_(keys),
                                                      LOGIN_ATTEMPTS.c.at <= now - window_ms))
            conn.execute(insert(LOGIN_ATTEMPTS), [{"key": key, "at": now} for key in keys])

    # ---- server keys --------------------------------------------------------------------------

    def server_key(self, name: str) -> str:
        """A random secret shared by every process of this database (created on first use)."""
        for _ in range(3):
            with self.tx() as conn:
                row = conn.execute(select(SERVER_KEYS.c.value)
                                   .where(SERVER_KEYS.c.name == name)).first()
            if row is not None:
                return str(row.value)
            try:
                with self.tx() as conn:
                    conn.execute(insert(SERVER_KEYS).values(name=name,
                                                            value=secrets.token_hex(32)))
            except StoreError as exc:
                if not is_duplicate(exc):
                    raise
        raise StoreError(f"cannot read the server key {name!r}")

    # ---- seats of accounts --------------------------------------------------------------------

    def link_seat(self, table_id: str, seat: int, account_id: int, *,
                  rated: bool = False) -> bool:
        """Record that ``account_id`` sits at ``seat`` (and that the table is rated); False if
        the seat or the account is already linked at this table."""
        now = self.ms()
        try:
            with self.tx() as conn:
                conn.execute(insert(SEAT_ACCOUNTS).values(table_id=table_id, seat=seat,
                                                          account_id=account_id, linked_at=now))
                if rated:
                    conn.execute(insert(RATED_TABLES).values(table_id=table_id, created_at=now))
                conn.execute(delete(INVITES).where(INVITES.c.table_id == table_id,
                                                   INVITES.c.to_account == account_id))
        except StoreError as exc:
            if is_duplicate(exc):
                return False
            raise
        return True

    def seat_links(self, table_id: str) -> dict[int, int]:
        """{seat: account id} of the table's seats linked to an account. Read at every turn
        (the turn notices), so through a statement compiled once (``Store.read_rows``)."""
        rows = self.store.read_rows(self._seat_links_sql, {"table_id": table_id})
        return {seat: account for seat, account in rows}

    def is_rated(self, table_id: str) -> bool:
        with self.tx() as conn:
            return conn.execute(select(RATED_TABLES.c.table_id)
                                .where(RATED_TABLES.c.table_id == table_id)).first() is not None

    def claim_seats(self, account_id: int, pairs: Sequence[tuple[str, str]]
                    ) -> tuple[int, list[str]]:
        """Link to the account the seats whose tokens a browser held as a guest. Returns how
        many seats joined the account and the finished tables whose results do not exist yet
        (finished before accounts existed: the caller computes them). A token that proves no
        seat, a seat someone else claimed, a second seat at one table: skipped, silently."""
        claimed = 0
        unfinished_results: list[str] = []
        now = self.ms()
        for table_id, token in pairs[:CLAIMS_MAX]:
            digest = hash_token(token)
            try:
                with self.tx() as conn:
                    row = conn.execute(select(SEAT_CLAIMS.c.seat, TABLES.c.status)
                                       .join(TABLES, TABLES.c.id == SEAT_CLAIMS.c.table_id)
                                       .where(SEAT_CLAIMS.c.table_id == table_id,
                                              SEAT_CLAIMS.c.token_hash == digest)).first()
                    if row is None:
                        continue
                    conn.execute(insert(SEAT_ACCOUNTS).values(
                        table_id=table_id, seat=row.seat, account_id=account_id, linked_at=now))
                    if row.status == "over":
                        updated = conn.execute(
                            update(GAME_RESULTS).where(GAME_RESULTS.c.table_id == table_id,
                                                       GAME_RESULTS.c.seat == row.seat,
                                                       GAME_RESULTS.c.account_id.is_(None),
                                                       GAME_RESULTS.c.anonymised.is_(False))
                            .values(account_id=account_id)).rowcount
                        if not updated and not conn.execute(
                                select(GAME_RESULTS.c.seat).where(
                                    GAME_RESULTS.c.table_id == table_id)).first():
                            unfinished_results.append(table_id)
            except StoreError as exc:
                if is_duplicate(exc):
                    continue
                raise
            claimed += 1
        return claimed, unfinished_results

    def live_tables(self, account_id: int) -> list[tuple[str, int]]:
        """(table, seat) of the account's waiting and playing tables, newest activity first."""
        with self.tx() as conn:
            rows = conn.execute(
                select(SEAT_ACCOUNTS.c.table_id, SEAT_ACCOUNTS.c.seat)
                .join(TABLES, TABLES.c.id == SEAT_ACCOUNTS.c.table_id)
                .where(SEAT_ACCOUNTS.c.account_id == account_id,
                       TABLES.c.status.in_(list(LIVE_STATUSES)))
                .order_by(TABLES.c.updated_at.desc()).limit(100)).all()
        return [(table_id, seat) for table_id, seat in rows]

    # ---- follows and presence -----------------------------------------------------------------

    def follow(self, follower: int, followed: int) -> bool:
        """True if newly followed, False if already; RuleError past ``FOLLOWS_MAX``."""
        with self.tx() as conn:
            count = conn.execute(select(func.count()).select_from(FOLLOWS)
                                 .where(FOLLOWS.c.follower == follower)).scalar_one()
            if count >= FOLLOWS_MAX:
                raise account_error("too_many_follows",
                                    f"Vous suivez déjà {FOLLOWS_MAX} joueurs : c’est le maximum.",
                                    max=FOLLOWS_MAX)
        try:
            with self.tx() as conn:
                conn.execute(insert(FOLLOWS).values(follower=follower, followed=followed,
                                                    created_at=self.ms()))
        except StoreError as exc:
            if is_duplicate(exc):
                return False
            raise
        return True

    def unfollow(self, follower: int, followed: int) -> bool:
        with self.tx() as conn:
            return bool(conn.execute(delete(FOLLOWS).where(
                FOLLOWS.c.follower == follower, FOLLOWS.c.followed == followed)).rowcount)

    def follows(self, follower: int, followed: int) -> bool:
        with self.tx() as conn:
            return conn.execute(select(FOLLOWS.c.followed).where(
                FOLLOWS.c.follower == follower, FOLLOWS.c.followed == followed)).first() \
                is not None

    def following(self, follower: int) -> list[tuple[Account, bool]]:
        """The accounts ``follower`` follows, by name, each with whether it is online."""
        now = self.ms()
        online = exists().where(PRESENCE.c.account_id == ACCOUNT_ROWS.c.id,
                                PRESENCE.c.expires_at > now)
        with self.tx() as conn:
            rows = conn.execute(
                select(ACCOUNT_ROWS.c.id, ACCOUNT_ROWS.c.name, ACCOUNT_ROWS.c.created_at,
                       online.label("online"))
                .join(FOLLOWS, FOLLOWS.c.followed == ACCOUNT_ROWS.c.id)
                .where(FOLLOWS.c.follower == follower)
                .order_by(ACCOUNT_ROWS.c.name_key)).all()
        return [(self._account(row), bool(row.online)) for row in rows]

    @staticmethod
    def follow_counts(conn: Connection, account_id: int) -> tuple[int, int]:
        """(followers, following) counts."""
        row = conn.execute(_FOLLOW_COUNTS, {"account_id": account_id}).one()
        return int(row[0]), int(row[1])

    def set_online(self, account_ids: Iterable[int], until_ms: int) -> None:
        """This process has a page open for each account until ``until_ms`` (refreshed while
        the page stays); portable: update, then insert the rows that were missing."""
        ids = sorted(set(account_ids))
        if not ids:
            return
        with self.tx() as conn:
            conn.execute(update(PRESENCE).where(PRESENCE.c.process == self.process,
                                                PRESENCE.c.account_id.in_(ids))
                         .values(expires_at=until_ms))
            present = set(conn.execute(select(PRESENCE.c.account_id).where(
                PRESENCE.c.process == self.process, PRESENCE.c.account_id.in_(ids))).scalars())
            missing = [i for i in ids if i not in present]
            if missing:
                conn.execute(insert(PRESENCE), [{"account_id": i, "process": self.process,
                                                 "expires_at": until_ms} for i in missing])

    def set_offline(self, account_id: int) -> None:
        with self.tx() as conn:
            conn.execute(delete(PRESENCE).where(PRESENCE.c.account_id == account_id,
                                                PRESENCE.c.process == self.process))

    def is_online(self, account_id: int) -> bool:
        with self.tx() as conn:
            return conn.execute(select(PRESENCE.c.account_id).where(
                PRESENCE.c.account_id == account_id,
                PRESENCE.c.expires_at > self.ms())).first() is not None

    # ---- invitations --------------------------------------------------------------------------

    def invite(self, table_id: str, from_account: int, to_account: int) -> bool:
        """True if new, False if this friend was already invited to this table."""
        try:
            with self.tx() as conn:
                conn.execute(insert(INVITES).values(table_id=table_id, from_account=from_account,
                                                    to_account=to_account, created_at=self.ms()))
        except StoreError as exc:
            if is_duplicate(exc):
                return False
            raise
        return True

    def invites_for(self, account_id: int) -> list[dict[str, Any]]:
        """Invitations to tables that still wait for players, newest first."""
        sender = ACCOUNT_ROWS.alias("sender")
        with self.tx() as conn:
            rows = conn.execute(
                select(INVITES.c.table_id, INVITES.c.created_at, sender.c.name, TABLES.c.game)
                .join(TABLES, TABLES.c.id == INVITES.c.table_id)
                .join(sender, sender.c.id == INVITES.c.from_account)
                .where(and_(INVITES.c.to_account == account_id, TABLES.c.status == "waiting"))
                .order_by(INVITES.c.created_at.desc()).limit(50)).all()
        return [{"table": r.table_id, "game": r.game, "from": r.name, "at": r.created_at,
                 "url": f"/table/{r.table_id}"} for r in rows]
