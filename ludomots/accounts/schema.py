"""The accounts layer's tables (SQLAlchemy Core), created by migration ``0002_accounts``.

Why this shape:

- ``accounts.name_key`` is the name folded (no case, no accents): the unique index on it is
  what makes « Élodie » and « elodie » one name, even when two sign-ups race.
- ``sessions`` and ``login_attempts`` live in the database, not in a process, so a session is
  revoked (log out everywhere) and a login is throttled whichever process is asked.
- ``seat_accounts`` links a seat to an account; unique per (table, account), so one account
  never holds two seats of a table.
- ``finished_tables`` is the guard that makes finishing a table idempotent: its primary key is
  inserted in the same transaction as the table's results and rating changes, so two processes
  (or a retry after a crash) never rate a game twice.
- ``game_results`` holds one row per seat of every finished table: what the profile, the
  history, win/loss counts and best words read, without replaying anything.
- Ratings are per (account, game, player-count class); ``rating`` is the displayed integer kept
  beside the model's ``mu``/``sigma`` so the leaderboard sorts on an index.

A separate ``MetaData`` (``ACCOUNTS``) keeps the tables layer free of this one; foreign keys to
``tables.id`` resolve in ``all_metadata()``, the whole database as the migrations build it.
"""

from __future__ import annotations

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    UniqueConstraint,
)

ACCOUNTS = MetaData()

_ACCOUNT_FK = "accounts.id"
_TABLE_FK = "tables.id"


def _account(name: str = "account_id", nullable: bool = False, primary_key: bool = False,
             ondelete: str = "CASCADE") -> Column[int]:
    return Column(name, Integer, ForeignKey(_ACCOUNT_FK, ondelete=ondelete),
                  nullable=nullable, primary_key=primary_key, autoincrement=False)


def _table(primary_key: bool = True) -> Column[str]:
    return Column("table_id", String(32), ForeignKey(_TABLE_FK, ondelete="CASCADE"),
                  primary_key=primary_key, nullable=False)


ACCOUNT_ROWS = Table(
    "accounts", ACCOUNTS,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("name", String(32), nullable=False),
    Column("name_key", String(64), nullable=False),
    Column("password_hash", String(256), nullable=False),
    Column("created_at", BigInteger, nullable=False),
    Column("password_changed_at", BigInteger, nullable=False),
    Index("ux_accounts_name_key", "name_key", unique=True),
)

SESSIONS = Table(
    "sessions", ACCOUNTS,
    Column("id_hash", String(64), primary_key=True),
    _account(),
    Column("created_at", BigInteger, nullable=False),
    Column("used_at", BigInteger, nullable=False),
    Column("expires_at", BigInteger, nullable=False),
    Index("ix_sessions_account", "account_id"),
)

LOGIN_ATTEMPTS = Table(
    "login_attempts", ACCOUNTS,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("key", String(128), nullable=False),
    Column("at", BigInteger, nullable=False),
    Index("ix_login_attempts_key_at", "key", "at"),
)

SERVER_KEYS = Table(
    "server_keys", ACCOUNTS,
    Column("name", String(32), primary_key=True),
    Column("value", String(128), nullable=False),
)

SEAT_ACCOUNTS = Table(
    "seat_accounts", ACCOUNTS,
    _table(),
    Column("seat", Integer, primary_key=True, autoincrement=False),
    _account(),
    Column("linked_at", BigInteger, nullable=False),
    UniqueConstraint("table_id", "account_id", name="uq_seat_accounts_table_account"),
    Index("ix_seat_accounts_account", "account_id"),
)

RATED_TABLES = Table(
    "rated_tables", ACCOUNTS,
    _table(),
    Column("created_at", BigInteger, nullable=False),
)

FINISHED_TABLES = Table(
    "finished_tables", ACCOUNTS,
    _table(),
    Column("game", String(32), nullable=False),
    Column("players", Integer, nullable=False),
    Column("rated", Boolean, nullable=False),
    Column("finished_at", BigInteger, nullable=False),
)

GAME_RESULTS = Table(
    "game_results", ACCOUNTS,
    _table(),
    Column("seat", Integer, primary_key=True, autoincrement=False),
    _account(nullable=True, ondelete="SET NULL"),
    Column("name", String(64), nullable=False),
    Column("kind", String(8), nullable=False),
    Column("level", String(16)),
    Column("game", String(32), nullable=False),
    Column("players", Integer, nullable=False),
    Column("rank", Integer, nullable=False),
    Column("score", Integer, nullable=False),
    Column("winner", Boolean, nullable=False),
    Column("finished_at", BigInteger, nullable=False),
    Column("rated", Boolean, nullable=False),
    Column("rating_before", Integer),
    Column("rating_after", Integer),
    Column("best_word", String(64)),
    Column("best_points", Integer),
    Column("longest_word", String(64)),
    Column("longest_len", Integer),
    Column("anonymised", Boolean, nullable=False),
    Index("ix_game_results_account_finished", "account_id", "finished_at"),
    Index("ix_game_results_account_points", "account_id", "best_points", "finished_at"),
    Index("ix_game_results_account_length", "account_id", "longest_len", "finished_at"),
    # Covers the win/loss counts of a profile: a player of 10,000 games costs 1.5 ms, not 16.
    Index("ix_game_results_account_game", "account_id", "game", "winner", "rated"),
)

RATINGS = Table(
    "ratings", ACCOUNTS,
    _account(primary_key=True),
    Column("game", String(32), primary_key=True),
    Column("players", String(8), primary_key=True),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("rating", Integer, nullable=False),
    Column("provisional", Boolean, nullable=False),
    Column("games", Integer, nullable=False),
    Column("last_played", BigInteger, nullable=False),
    Index("ix_ratings_board", "game", "players", "provisional", "rating"),
)

RATING_HISTORY = Table(
    "rating_history", ACCOUNTS,
    _account(primary_key=True),
    _table(),
    Column("game", String(32), nullable=False),
    Column("players", String(8), nullable=False),
    Column("at", BigInteger, nullable=False),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("rating", Integer, nullable=False),
    Index("ix_rating_history_account_game", "account_id", "game", "at"),
)

BOT_RATINGS = Table(
    "bot_ratings", ACCOUNTS,
    Column("game", String(32), primary_key=True),
    Column("players", String(8), primary_key=True),
    Column("level", String(16), primary_key=True),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("rating", Integer, nullable=False),
    Column("games", Integer, nullable=False),
    Column("updated_at", BigInteger, nullable=False),
)

FOLLOWS = Table(
    "follows", ACCOUNTS,
    Column("follower", Integer, ForeignKey(_ACCOUNT_FK, ondelete="CASCADE"), primary_key=True,
           autoincrement=False),
    Column("followed", Integer, ForeignKey(_ACCOUNT_FK, ondelete="CASCADE"), primary_key=True,
           autoincrement=False),
    Column("created_at", BigInteger, nullable=False),
    Index("ix_follows_followed", "followed"),
)

PRESENCE = Table(
    "presence", ACCOUNTS,
    _account(primary_key=True),
    Column("process", String(32), primary_key=True),
    Column("expires_at", BigInteger, nullable=False),
)

INVITES = Table(
    "invites", ACCOUNTS,
    _table(),
    Column("to_account", Integer, ForeignKey(_ACCOUNT_FK, ondelete="CASCADE"),
           primary_key=True, autoincrement=False),
    Column("from_account", Integer, ForeignKey(_ACCOUNT_FK, ondelete="CASCADE"),
           nullable=False),
    Column("created_at", BigInteger, nullable=False),
    Index("ix_invites_to", "to_account"),
)

def all_metadata() -> MetaData:
    """The tables layer's and this layer's tables in one MetaData: the whole schema, as the
    migrations build it (what ``compare_metadata`` checks, and what resolves foreign keys)."""
    from ludomots.table.store import metadata as table_metadata

    combined = MetaData()
    for source in (table_metadata, ACCOUNTS):
        for table in source.tables.values():
            table.to_metadata(combined)
    return combined
