"""The server's log lines: plain text (the default) or one JSON object a line
(``ludomots serve --log-format json``), for a log collector.

A JSON line has ``time`` (UTC, ISO 8601 with milliseconds), ``level``, ``logger``, ``message``,
``table`` when the line is about a table (``ludomots/table/logcontext.py``; an access log
line of a table's address counts), and ``exception`` with the traceback when there is one.
"""

from __future__ import annotations

import logging
import re
import sys
from datetime import UTC, datetime
from typing import Any

import orjson

from ludomots.table.logcontext import table_of

TEXT_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
#: A table's addresses: ``/api/tables/<id>...`` and ``/ws/tables/<id>``.
_TABLE_PATH = re.compile(r"^/(?:api|ws)/tables/([A-Za-z0-9_-]+)")


def _access_table(record: logging.LogRecord) -> str | None:
    """uvicorn's access lines: (client, method, path, http version, status)."""
    if record.name == "uvicorn.access" and isinstance(record.args, tuple) and \
            len(record.args) >= 3 and isinstance(record.args[2], str):
        found = _TABLE_PATH.match(record.args[2])
        return found.group(1) if found else None
    return None


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(
                timespec="milliseconds").replace("+00:00", "Z"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
        }
        table = table_of(record) or _access_table(record)
        if table is not None:
            line["table"] = table
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        elif record.stack_info:
            line["exception"] = self.formatStack(record.stack_info)
        return orjson.dumps(line).decode()


def configure(log_format: str, level: str) -> None:
    """Send every log line to stderr in ``log_format`` ("text" or "json")."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonFormatter() if log_format == "json"
                         else logging.Formatter(TEXT_FORMAT))
    root = logging.getLogger()
    for old in list(root.handlers):
        root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(level.upper())
