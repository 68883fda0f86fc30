"""Appending actions in groups: the rows to store and their statements, compiled once.

``Store.append_actions`` is the server's hottest write (``writer.py`` groups the actions of
many tables into one transaction), so its statements are compiled once per store for the
database driver and run on the driver's own connection: SQLAlchemy's per-statement work cost
more than SQLite's.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import Engine, Update, bindparam, insert, select, update

from ludomots.core.jsonvalues import canonical_json
from ludomots.table.model import STATUSES, TableStatus
from ludomots.table.schema import ACTIONS, TABLES

#: The largest thinking time stored (the column is a 32-bit integer).
MAX_MS = 2**31 - 1


@dataclass(frozen=True)
class ActionRow:
    """An action to append (``Store.append_actions``); ``status`` is set with it if given."""

    table_id: str
    seq: int
    seat: int
    action: dict[str, Any]
    ms: int
    digest: str
    status: TableStatus | None = None
    timeout: bool = False  # played by the clock

    def values(self, now: int) -> dict[str, Any]:
        return {"table_id": self.table_id, "seq": self.seq, "seat": self.seat,
                "action": canonical_json(self.action), "ms": max(0, min(int(self.ms), MAX_MS)),
                "digest": self.digest, "created_at": now, "timeout": bool(self.timeout)}


def _touch_table(status: TableStatus | None) -> Update:
    """UPDATE of a table's activity time (and status)."""
    values: dict[str, Any] = {"updated_at": bindparam("b_now")}
    if status is not None:
        values["status"] = bindparam("b_status")
    return update(TABLES).where(TABLES.c.id == bindparam("b_id")).values(**values)


@dataclass(frozen=True)
class DriverSql:
    """A statement compiled for the database driver, with its parameters in driver order."""

    text: str
    order: tuple[str, ...] | None  # positional drivers (SQLite's "?"): names in order

    @classmethod
    def compile(cls, statement: Any, engine: Engine) -> DriverSql:
        compiled = statement.compile(dialect=engine.dialect)
        order = tuple(compiled.positiontup) if compiled.positional else None
        return cls(str(compiled), order)

    def params(self, values: dict[str, Any]) -> Any:
        return values if self.order is None else tuple(values[name] for name in self.order)


@dataclass(frozen=True)
class AppendSql:
    """The statements of ``Store.append_actions``, compiled once per store."""

    begin: str | None
    exists: DriverSql
    insert: DriverSql
    touch: dict[TableStatus | None, DriverSql]

    @classmethod
    def compile(cls, engine: Engine) -> AppendSql:
        exists = select(ACTIONS.c.seq).where(ACTIONS.c.table_id == bindparam("table_id"),
                                             ACTIONS.c.seq == bindparam("seq"))
        return cls(
            begin="BEGIN IMMEDIATE" if engine.dialect.name == "sqlite" else None,
            exists=DriverSql.compile(exists, engine),
            insert=DriverSql.compile(insert(ACTIONS), engine),
            touch={status: DriverSql.compile(_touch_table(status), engine)
                   for status in (None, *STATUSES)})

