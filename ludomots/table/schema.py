"""The tables layer's SQL schema (SQLAlchemy Core): what ``store.py`` reads and writes.

Migrations (``migrations/``) build the same schema on a server's database; ``Store.create_schema``
creates it directly for tests and throwaway databases. Why the keys are what they are is told
in ``store.py``'s docstring.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    MetaData,
    String,
    Table,
    Text,
    false,
)

metadata = MetaData()


def _table_id(primary_key: bool = True) -> Column[str]:
    """The id of the table a row belongs to; the row goes when the table goes."""
    return Column("table_id", String(32), ForeignKey("tables.id", ondelete="CASCADE"),
                  primary_key=primary_key, nullable=False)


def _key_number(name: str) -> Column[int]:
    """A number that completes a table's key (a seat, an action's ``seq``), never generated."""
    return Column(name, Integer, primary_key=True, autoincrement=False)


def _per_seat(name: str, *columns: Column[Any]) -> Table:
    """A table of at most one row per seat of a game (the pair is the key)."""
    return Table(name, metadata, _table_id(), _key_number("seat"), *columns)


TABLES = Table(
    "tables", metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(32), nullable=False),
    Column("options", Text, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("seats", Text, nullable=False),
    Column("clock", Text, nullable=False),
    Column("status", String(16), nullable=False),
    Column("created_at", BigInteger, nullable=False),
    Column("updated_at", BigInteger, nullable=False),
    # Issue 19 (migration 0004): the creator's choice for a resignation at 3+ players
    # ("bot:LEVEL" or "score"; null: the default), the table this one is the rematch of
    # (unique: a second request finds the first one's table) and this table's rematch.
    Column("resign_rule", String(48), nullable=True),
    Column("rematch_of", String(32), nullable=True),
    Column("rematch", String(32), nullable=True),
    Index("ix_tables_status_updated", "status", "updated_at"),
    Index("ux_tables_rematch_of", "rematch_of", unique=True),
)

ACTIONS = Table(
    "actions", metadata,
    _table_id(),
    _key_number("seq"),
    Column("seat", Integer, nullable=False),
    Column("action", Text, nullable=False),
    Column("ms", Integer, nullable=False),
    Column("digest", String(64), nullable=False),
    Column("created_at", BigInteger, nullable=False),
    # Issue 19 (migration 0005): the clock played this action (the seat's time was up).
    Column("timeout", Boolean, nullable=False, server_default=false()),
)

SEAT_CLAIMS = _per_seat(
    "seat_claims",
    Column("name", String(64), nullable=False),
    Column("token_hash", String(64), nullable=False),
    Column("claimed_at", BigInteger, nullable=False),
)


#: Humans who left a game in progress (issue 19): one row per seat, so that a seat resigns
#: once whatever the processes; ``level`` is the bot that took the seat over (null: none).
DEPARTURES = _per_seat(
    "departures",
    Column("reason", String(16), nullable=False),
    Column("name", String(64), nullable=False),
    Column("seq", Integer, nullable=False),
    Column("level", String(32), nullable=True),
    Column("at", BigInteger, nullable=False),
)

#: The table's chat, kept with it (issue 19): a (re)connecting page gets the last lines.
CHAT_LINES = Table(
    "chat_lines", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    _table_id(primary_key=False),
    Column("seat", Integer, nullable=True),
    Column("name", String(64), nullable=False),
    Column("text", Text, nullable=False),
    Column("at", BigInteger, nullable=False),
    Index("ix_chat_lines_table", "table_id", "id"),
)

#: Replays of finished games (``server/replay.py``): computed once (seconds of CPU for a long
#: game with its analysis), kept compressed; a finished game never changes.
REPLAYS = Table(
    "replays", metadata,
    _table_id(),
    Column("body", LargeBinary, nullable=False),
    Column("created_at", BigInteger, nullable=False),
)
