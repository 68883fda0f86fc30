"""Which table a log line is about, for structured logs (``serve --log-format json``).

A line is about a table when it says so explicitly (``extra={"table": id}``), when it follows
the project's convention of starting with ``"table %s: "`` (the id is its first argument), or
when it is logged while a table's work is under way (an action, a bot's turn, a table's
WebSocket connection): those set ``current_table`` for their task, and every line they log,
down to a game's own, carries the id.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import Context, ContextVar, copy_context

#: The table whose work the running task is doing, if any.
current_table: ContextVar[str | None] = ContextVar("ludomots_table", default=None)

#: How a line about a table begins (its first argument is the table's id).
TABLE_PREFIX = "table %s"


@contextmanager
def about_table(table_id: str) -> Iterator[None]:
    """Lines logged inside (by this task and the tasks it starts) are about ``table_id``."""
    token = current_table.set(table_id)
    try:
        yield
    finally:
        current_table.reset(token)


def no_table() -> Context:
    """A context for a long-lived task that serves every table (the clocks, the action
    writer), started lazily by whichever table came first: its lines are about no table."""
    context = copy_context()
    context.run(current_table.set, None)
    return context


def table_of(record: logging.LogRecord) -> str | None:
    """The table a record is about, or None."""
    explicit = getattr(record, "table", None)
    if explicit is not None:
        return str(explicit)
    if isinstance(record.msg, str) and record.msg.startswith(TABLE_PREFIX) and \
            isinstance(record.args, tuple) and record.args:
        return str(record.args[0])
    return current_table.get()
