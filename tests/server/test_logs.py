"""``ludomots serve --log-format json``: one JSON object a line, the table's id on every line
about a table (issue 22)."""

from __future__ import annotations

import asyncio
import json
import logging
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import httpx

from ludomots.server.logs import JsonFormatter
from ludomots.table.logcontext import about_table, no_table
from tests.server.processes import READY


def _line(msg: str, *args: Any, name: str = "ludomots.table.manager",
          extra: dict[str, Any] | None = None, exc: bool = False) -> dict[str, Any]:
    record = logging.LogRecord(name, logging.WARNING, __file__, 1, msg, args,
                               sys.exc_info() if exc else None)
    record.created = 1_764_000_000.125
    for key, value in (extra or {}).items():
        setattr(record, key, value)
    parsed: dict[str, Any] = json.loads(JsonFormatter().format(record))
    return parsed


def test_a_line_that_names_its_table_carries_the_table_field() -> None:
    assert _line("table %s: cannot store action %d: %s", "abc123", 4, "gone") == {
        "time": "2025-11-24T16:00:00.125Z", "level": "warning",
        "logger": "ludomots.table.manager",
        "message": "table abc123: cannot store action 4: gone", "table": "abc123"}
    assert _line("%s (marked broken)", "bad options", extra={"table": "t9"})["table"] == "t9"


def test_a_line_about_no_table_has_no_table_field() -> None:
    assert "table" not in _line("bus: lost Redis (%s); reconnecting in %.1f s", "EOF", 0.5)


def test_lines_logged_during_a_tables_work_carry_its_id() -> None:
    with about_table("t42"):
        inside = _line("timeout_action for seat %d is illegal", 1, name="ludomots.table.clock")
        # A long-lived task started from inside serves every table: its lines name none.
        outside = no_table().run(_line, "flush failed")
    assert inside["table"] == "t42" and "table" not in outside
    assert "table" not in _line("after the work")


def test_a_task_started_during_a_tables_work_inherits_its_id() -> None:
    """A bot's turn is a task of its own, started while an action of its table was played."""
    async def log_it() -> dict[str, Any]:
        return _line("bot thinking")

    async def main() -> dict[str, Any]:
        with about_table("t8"):
            task = asyncio.get_running_loop().create_task(log_it())
        return await task

    assert asyncio.run(main())["table"] == "t8"


def test_an_access_line_of_a_tables_address_carries_its_id() -> None:
    access = '%s - "%s %s HTTP/%s" %d'
    assert _line(access, "1.2.3.4:5", "GET", "/api/tables/Ab_9-x/record", "1.1", 200,
                 name="uvicorn.access")["table"] == "Ab_9-x"
    assert "table" not in _line(access, "1.2.3.4:5", "GET", "/api/tables", "1.1", 200,
                                name="uvicorn.access")


def test_an_exception_is_kept_in_the_line() -> None:
    try:
        raise ValueError("boom")
    except ValueError:
        line = _line("table %s: the bot failed", "t1", exc=True)
    assert line["table"] == "t1"
    assert line["exception"].startswith("Traceback") and "ValueError: boom" in line["exception"]


def test_serve_with_json_logs_writes_only_json_lines(tmp_path: Path) -> None:
    code = "import sys; from ludomots.server.cli import serve; sys.exit(serve())"
    log = tmp_path / "server.log"
    with log.open("wb") as stderr:
        process = subprocess.Popen(
            [sys.executable, "-c", code, "--port", "0", "--executor", "thread",
             "--db", f"sqlite:///{tmp_path}/db.sqlite", "--log-format", "json"],
            stdout=subprocess.PIPE, stderr=stderr, text=True,
            env=dict(os.environ, PYTHONUNBUFFERED="1"))
    try:
        assert process.stdout is not None
        ready = process.stdout.readline()
        assert ready.startswith(READY), log.read_text()
        base = ready[len(READY):].strip()
        created = httpx.post(f"{base}/api/tables", json={
            "game": "topword", "name": "Alice",
            "seats": [{"kind": "human"}, {"kind": "human"}]}).json()
        table_id = created["table"]
        assert httpx.get(f"{base}/api/tables/{table_id}").status_code == 200
    finally:
        process.terminate()
        process.wait(timeout=20)
        if process.stdout is not None:
            process.stdout.close()
    lines = [json.loads(raw) for raw in log.read_text().splitlines()]  # every line is JSON
    about = [line for line in lines if table_id in line["message"]]
    assert len(about) >= 1  # the access line of the table's info at least
    assert all(line["table"] == table_id for line in about)
    assert any(line["logger"] == "uvicorn.access" for line in about)
