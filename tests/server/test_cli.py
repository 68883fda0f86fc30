"""``ludomots serve`` (cli.py), with a real uvicorn server on a free port."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any, cast

import httpx
import pytest
from click.testing import CliRunner
from websockets.sync.client import connect
from websockets.typing import Origin

from ludomots.server.cli import _url, serve

READY = "Ludomots est prêt : ouvrez http://127.0.0.1:"


def test_serve_documents_its_options() -> None:
    result = CliRunner().invoke(serve, ["--help"])
    assert result.exit_code == 0
    for option in ("--host", "--port", "--db", "--executor", "--bot-delay"):
        assert option in result.output


def test_urls_are_printed_for_a_browser() -> None:
    assert _url("127.0.0.1", 8000) == "http://127.0.0.1:8000"
    assert _url("0.0.0.0", 80) == "http://127.0.0.1:80"
    assert _url("::1", 8000) == "http://[::1]:8000"


@pytest.fixture
def running(tmp_path: Path) -> Iterator[str]:
    """A real server process on a free port; its base URL."""
    code = "import sys; from ludomots.server.cli import serve; sys.exit(serve())"
    process = subprocess.Popen(
        [sys.executable, "-c", code, "--port", "0", "--executor", "thread",
         "--db", f"sqlite:///{tmp_path / 'cli.db'}", "--bot-delay", "0"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, encoding="utf-8",
        env=dict(os.environ, PYTHONUNBUFFERED="1"))
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        assert process.stderr is not None
        assert line.startswith(READY), (line, process.stderr.read() if process.poll() else "")
        yield line.split("ouvrez ")[1].strip()
    finally:
        process.terminate()
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        for stream in (process.stdout, process.stderr):
            if stream is not None:
                stream.close()


def _reply(socket: Any) -> dict[str, Any]:
    """The next message that is not an update (the bot may play at any time)."""
    while (message := json.loads(socket.recv(timeout=10)))["type"] == "update":
        pass
    return cast(dict[str, Any], message)


def test_the_real_server_answers_http_and_websockets(running: str) -> None:
    with httpx.Client(base_url=running, timeout=10) as http:
        assert http.get("/api/games").status_code == 200
        created = http.post("/api/tables", json={
            "game": "topword", "name": "Alice", "options": {"referee": "auto"},
            "seats": [{"kind": "human"}, {"kind": "bot", "level": "debutant"}]}).json()
    ws_url = running.replace("http", "ws") + f"/ws/tables/{created['table']}"
    with connect(ws_url, open_timeout=10) as socket:
        socket.send(json.dumps({"type": "hello", "token": created["token"]}))
        welcome = json.loads(socket.recv(timeout=10))
        assert welcome["type"] == "welcome" and welcome["seat"] == 0
        socket.send(json.dumps({"type": "ping", "x": "a" * 9000}))  # over 8 KiB
        assert _reply(socket)["code"] == "too_large"
        socket.send('{"type": "action", "action": {"type": "\\udfff"}}')
        error = _reply(socket)  # a lone surrogate cannot break it
        assert error["code"] == "bad_action"
        socket.send(json.dumps({"type": "ping"}))
        while (message := json.loads(socket.recv(timeout=10)))["type"] != "pong":
            assert message["type"] == "update"
    with connect(ws_url, open_timeout=10) as socket:  # huge frames are cut at the protocol
        socket.send("x" * 100_000)
        with pytest.raises(Exception):  # noqa: B017 (the server closes: 1009 message too big)
            for _ in range(10):
                socket.recv(timeout=10)
    with pytest.raises(Exception):  # noqa: B017 (refused handshake: another site's page)
        connect(ws_url, origin=Origin("http://evil.example"), open_timeout=10)


def test_redis_needs_a_database_every_process_reaches() -> None:
    result = CliRunner().invoke(serve, ["--redis", "redis://127.0.0.1:1/0",
                                        "--db", "sqlite:///x.db"])
    assert result.exit_code == 2
    assert "--redis needs a database every process reaches" in result.output


def test_db_upgrade_and_current_report_the_schema_revision(tmp_path: Path) -> None:
    from ludomots.server.cli import db
    from ludomots.table.migrate import head

    url = f"sqlite:///{tmp_path / 'm.db'}"
    runner = CliRunner()
    first = runner.invoke(db, ["upgrade", "--db", url])
    assert (first.exit_code, first.output) == (0, f"schema: empty -> {head()}\n")
    again = runner.invoke(db, ["upgrade", "--db", url])
    assert again.output == f"schema: already at {head()}\n"
    current = runner.invoke(db, ["current", "--db", url])
    assert current.output == f"database: {head()}; newest: {head()}\n"
    refused = runner.invoke(db, ["current", "--db", "postgresql://nobody@127.0.0.1:1/x"])
    assert refused.exit_code == 1 and "cannot read the database" in refused.output
