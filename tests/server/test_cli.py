"""``ludomots serve`` (cli.py), with a real uvicorn server on a free port."""

from __future__ import annotations

import json
import os
import select
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
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


class Served:
    """A real ``ludomots serve`` process on a free port (``url``); its log in a file."""

    def __init__(self, tmp_path: Path, *args: str) -> None:
        code = "import sys; from ludomots.server.cli import serve; sys.exit(serve())"
        self.log_path = tmp_path / "serve.log"
        with self.log_path.open("wb") as log:
            self.process = subprocess.Popen(
                [sys.executable, "-c", code, "--port", "0", "--executor", "thread",
                 "--db", f"sqlite:///{tmp_path / 'cli.db'}", "--bot-delay", "0", *args],
                stdout=subprocess.PIPE, stderr=log, text=True, encoding="utf-8",
                env=dict(os.environ, PYTHONUNBUFFERED="1"))
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        assert line.startswith(READY), (line, self.log())
        self.url = line.split("ouvrez ")[1].strip()
        self.port = int(self.url.rsplit(":", 1)[1])

    def log(self) -> str:
        return self.log_path.read_text(encoding="utf-8", errors="replace")

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        if self.process.stdout is not None:
            self.process.stdout.close()


@pytest.fixture
def serve_with(tmp_path: Path) -> Iterator[Callable[..., Served]]:
    """Start ``ludomots serve`` with extra options; stopped at the end."""
    started: list[Served] = []

    def start(*args: str) -> Served:
        started.append(Served(tmp_path, *args))
        return started[-1]

    yield start
    for served in started:
        served.stop()


@pytest.fixture
def running(serve_with: Callable[..., Served]) -> str:
    """A real server process on a free port; its base URL."""
    return serve_with().url


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


def test_a_restarted_server_resumes_its_games_once_it_listens_and_is_then_ready(
        serve_with: Callable[..., Served]) -> None:
    """Issue 22: the unfinished games resume once the port is open (not before: their
    replays held the first answer back); ``/readyz`` answers 200 once they are listed."""
    first = serve_with()
    with httpx.Client(base_url=first.url, timeout=10) as http:
        created = http.post("/api/tables", json={
            "game": "topword", "name": "Alice", "options": {"referee": "auto"},
            "seats": [{"kind": "human"}, {"kind": "bot", "level": "debutant"}]})
        assert created.status_code == 201, created.text
    first.stop()
    again = serve_with()
    deadline = time.monotonic() + 60
    with httpx.Client(base_url=again.url, timeout=10) as http:
        while (ready := http.get("/readyz")).status_code != 200:
            assert time.monotonic() < deadline, (ready.json(), again.log())
    while "1 unfinished game(s) resumed" not in again.log():
        assert time.monotonic() < deadline, again.log()
        time.sleep(0.05)


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


# ---- behind a proxy, and hostile clients ---------------------------------------------------

TWO_HUMANS = {"game": "topword", "name": "Alice"}


def _create_from(http: httpx.Client, address: str) -> int:
    return http.post("/api/tables", json=TWO_HUMANS,
                     headers={"X-Forwarded-For": address}).status_code


def test_behind_a_trusted_proxy_each_client_address_has_its_own_limit(
        serve_with: Callable[..., Served]) -> None:
    """Before: every request seemed to come from the balancer, so one limit for everyone
    (from 62 forwarded addresses, the 61st creation got 429)."""
    served = serve_with("--http-rate-limit", "2", "--forwarded-allow-ips", "127.0.0.1")
    with httpx.Client(base_url=served.url, timeout=10) as http:
        assert [_create_from(http, f"203.0.113.{i}") for i in range(1, 9)] == [201] * 8
        assert [_create_from(http, "198.51.100.7") for _ in range(3)] == [201, 201, 429]


def test_without_the_setting_a_forwarded_address_is_not_believed(
        serve_with: Callable[..., Served]) -> None:
    served = serve_with("--http-rate-limit", "2")
    with httpx.Client(base_url=served.url, timeout=10) as http:
        assert [_create_from(http, f"203.0.113.{i}") for i in range(1, 4)] == [201, 201, 429]


def _closed_by_server(sock: socket.socket, timeout: float) -> bool:
    """Whether the server closes the connection (reads until EOF; False after ``timeout``)."""
    sock.settimeout(timeout)
    try:
        while sock.recv(4096):
            pass
    except TimeoutError:
        return False
    except ConnectionResetError:
        return True
    return True


def test_a_half_sent_request_is_cut_after_the_request_timeout(
        serve_with: Callable[..., Served]) -> None:
    """Slowloris: half-finished requests never timed out before."""
    served = serve_with("--request-timeout", "1")
    silent = socket.create_connection(("127.0.0.1", served.port))
    slow = socket.create_connection(("127.0.0.1", served.port))
    slow.sendall(b"GET /api/games HTTP/1.1\r\nHost: x\r\nX-Slow: ")
    body = socket.create_connection(("127.0.0.1", served.port))
    body.sendall(b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json"
                 b"\r\nContent-Length: 100\r\n\r\n{")
    for sock in (silent, slow, body):  # 1 s to send a request; 30 s is the failure bound
        assert _closed_by_server(sock, 30)
        sock.close()
    with httpx.Client(base_url=served.url, timeout=10) as http:  # whole requests still pass
        assert http.get("/api/games").status_code == 200


def test_one_address_holds_at_most_its_connections(serve_with: Callable[..., Served]) -> None:
    served = serve_with("--connections-per-address", "5")
    held = [socket.create_connection(("127.0.0.1", served.port)) for _ in range(5)]
    extra = socket.create_connection(("127.0.0.1", served.port))
    assert _closed_by_server(extra, 30)  # refused at once
    extra.close()
    held.pop().close()  # one leaves: room for one more
    with httpx.Client(base_url=served.url, timeout=10) as http:
        assert http.get("/api/games").status_code == 200
    for sock in held:
        sock.close()


def test_a_client_leaving_mid_request_logs_no_error(serve_with: Callable[..., Served]) -> None:
    """Before: two ERROR lines with tracebacks each time."""
    served = serve_with()
    for _ in range(3):
        sock = socket.create_connection(("127.0.0.1", served.port))
        sock.sendall(b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: "
                     b"application/json\r\nContent-Length: 100\r\n\r\n{\"game\"")
        sock.close()
    with httpx.Client(base_url=served.url, timeout=10) as http:  # after the three
        assert http.get("/api/games").status_code == 200
    served.stop()
    assert " ERROR " not in served.log() and "Traceback" not in served.log(), served.log()


def _children(pid: int) -> set[int]:
    """The processes whose parent is ``pid`` (Linux /proc)."""
    found = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:  # gone meanwhile
            continue
        if int(fields[1]) == pid:
            found.add(int(stat.parent.name))
    return found


def _until_exited(pids: set[int], timeout: float) -> set[int]:
    """Wait for each process to end (a pidfd becomes readable); those still alive."""
    alive = set()
    deadline = time.monotonic() + timeout
    for pid in pids:
        try:
            fd = os.pidfd_open(pid)
        except ProcessLookupError:
            continue
        try:
            ready, _, _ = select.select([fd], [], [], max(0.0, deadline - time.monotonic()))
            if not ready:
                alive.add(pid)
        finally:
            os.close(fd)
    return alive


def test_bot_workers_leave_when_the_server_is_killed(serve_with: Callable[..., Served]) -> None:
    """Before: three processes were still alive 13 minutes after a ``kill -9``."""
    served = serve_with("--executor", "process", "--bot-workers", "2")
    with httpx.Client(base_url=served.url, timeout=10) as http:  # the bot chooses at once
        assert http.post("/api/tables", json={
            "game": "typo", "name": "Alice",
            "seats": [{"kind": "human"}, {"kind": "bot", "level": "debutant"}]}
        ).status_code == 201
    deadline = time.monotonic() + 60
    while not (workers := _children(served.process.pid)):
        assert time.monotonic() < deadline, "no bot worker was started"
        time.sleep(0.1)
    served.process.kill()
    served.process.wait(10)
    assert _until_exited(workers, 30) == set()
