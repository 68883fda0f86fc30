"""Real ``ludomots serve`` processes for the scale-out tests, and players that follow a table
over real WebSockets and reconnect to another process when theirs goes away."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from tests.server.helpers import choose_move

READY = "Ludomots est prêt : ouvrez "


class ServerProcess:
    """One ``ludomots serve --db ... --redis ...`` on a free loopback port."""

    def __init__(self, db_url: str, redis_url: str, log: Path, lease_ttl: float = 2.0) -> None:
        code = "import sys; from ludomots.server.cli import serve; sys.exit(serve())"
        self.log_path = log
        with log.open("ab") as stderr:
            self.process = subprocess.Popen(
                [sys.executable, "-c", code, "--port", "0", "--executor", "thread",
                 "--db", db_url, "--redis", redis_url, "--bot-delay", "0",
                 "--lease-ttl", str(lease_ttl), "--http-rate-limit", "100000"],
                stdout=subprocess.PIPE, stderr=stderr, text=True, encoding="utf-8",
                env=dict(os.environ, PYTHONUNBUFFERED="1"))
        self.url = ""

    def wait_ready(self) -> ServerProcess:
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        assert line.startswith(READY), (line, self.log_path.read_text()[-3000:])
        self.url = line[len(READY):].strip()
        return self

    @property
    def ws(self) -> str:
        return self.url.replace("http://", "ws://")

    def kill(self) -> None:
        """As a crash: no shutdown, no lease released, sockets cut."""
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        if self.process.stdout is not None:
            self.process.stdout.close()


def start_servers(count: int, db_url: str, redis_url: str, workdir: Path,
                  lease_ttl: float = 2.0) -> list[ServerProcess]:
    """``count`` processes started at once (each takes a second or two)."""
    servers = [ServerProcess(db_url, redis_url, workdir / f"server{i}.log", lease_ttl)
               for i in range(count)]
    return [server.wait_ready() for server in servers]


def post(base: str, path: str, body: dict[str, Any]) -> dict[str, Any]:
    response = httpx.post(base + path, json=body, timeout=10)
    assert response.status_code in (200, 201), response.text
    data: dict[str, Any] = response.json()
    return data


class Player:
    """A seat (or a spectator, ``token`` None) at one table, through one process at a time.
    ``counts`` is the action count of every view received, in order."""

    def __init__(self, table_id: str, token: str | None, servers: list[str]) -> None:
        self.table_id = table_id
        self.token = token
        self.servers = list(servers)  # the first is used; on loss, the next one
        self.view: dict[str, Any] = {}
        self.counts: list[int] = []
        self.errors: list[dict[str, Any]] = []
        self.throttled = 0
        self.reconnects = 0
        self.socket: ClientConnection | None = None
        self._connect()

    def _connect(self) -> None:
        url = f"{self.servers[0]}/ws/tables/{self.table_id}"
        self.socket = connect(url, open_timeout=10, legacy=True)
        self.socket.send(json.dumps({"type": "hello", "token": self.token} if self.token
                                    else {"type": "hello"}))
        while True:
            message = json.loads(self.socket.recv(timeout=10))
            if message["type"] == "welcome" and (self.token is None or
                                                 message["seat"] is not None):
                self._take(message["view"])
                return

    def _take(self, view: dict[str, Any]) -> None:
        # Logs may come as increments (protocol: "logs"); these tests only read the table part
        # and the seat's own rack, which are always complete.
        self.view = view
        self.counts.append(view["table"]["actions"])

    def failover(self) -> None:
        """The process went away: connect to the next one, with the same token."""
        self.servers.append(self.servers.pop(0))
        self.reconnects += 1
        deadline = time.monotonic() + 20
        while True:
            try:
                self._connect()
                return
            except (OSError, ConnectionClosed, TimeoutError):
                if time.monotonic() > deadline:
                    raise
                self.servers.append(self.servers.pop(0))
                time.sleep(0.2)

    def send(self, message: dict[str, Any]) -> None:
        assert self.socket is not None
        try:
            self.socket.send(json.dumps(message))
        except ConnectionClosed:
            self.failover()

    def recv(self, timeout: float = 10.0) -> dict[str, Any]:
        """The next message (welcomes after a failover included, as updates)."""
        assert self.socket is not None
        try:
            message: dict[str, Any] = json.loads(self.socket.recv(timeout=timeout))
        except ConnectionClosed:
            self.failover()
            return {"type": "update", "view": self.view}
        if message["type"] in ("update", "welcome"):
            self._take(message["view"])
        elif message["type"] == "error" and message["code"] == "rate_limited":
            self.throttled += 1  # test players play far faster than 10 actions a second
        elif message["type"] == "error":
            self.errors.append(message)
        return message

    def play(self, timeout: float = 30.0) -> None:
        """Play the seat's best move until one is stored: sent again after a rate limit or
        after a failover (what the dead process received may or may not have been stored:
        the new welcome says which, and the move is chosen again from it)."""
        count = self.view["table"]["actions"]
        deadline = time.monotonic() + timeout
        while self.view["table"]["actions"] == count:
            assert time.monotonic() < deadline, f"{self.table_id}: cannot play at {count}"
            reconnects, throttled = self.reconnects, self.throttled
            self.send({"type": "action", "action": choose_move(self.view)})
            while self.view["table"]["actions"] == count and self.reconnects == reconnects:
                assert time.monotonic() < deadline, f"{self.table_id}: no answer at {count}"
                try:
                    self.recv(2.0)
                except TimeoutError:
                    continue
                assert not self.errors, self.errors
                if self.throttled != throttled:
                    time.sleep(0.5)
                    break

    def until_actions(self, count: int, timeout: float = 20.0) -> None:
        deadline = time.monotonic() + timeout
        while self.view["table"]["actions"] < count:
            left = deadline - time.monotonic()
            assert left > 0, (f"{self.table_id}: stuck at {self.view['table']['actions']}; "
                              f"errors {self.errors}; through {self.servers[0]}, seat "
                              f"{self.view['table']['you']}, to_act "
                              f"{self.view['table']['to_act']}, counts {self.counts[-5:]}")
            try:
                self.recv(min(left, 5.0))
            except TimeoutError:
                continue

    def close(self) -> None:
        if self.socket is not None:
            self.socket.close()


ACCOUNT_PASSWORD = "une phrase assez longue"


def signed_up(base: str, name: str) -> httpx.Client:
    """A client of a new account ``name`` on the server at ``base``, its session cookie kept."""
    client = httpx.Client(base_url=base, timeout=30)
    response = client.post("/api/account", json={"name": name, "password": ACCOUNT_PASSWORD})
    assert response.status_code == 201, response.text
    return client


@contextmanager
def running_servers(count: int, db_url: str, redis_url: str,
                    workdir: Path) -> Iterator[list[ServerProcess]]:
    """``count`` processes sharing ``db_url`` and ``redis_url``, stopped on the way out."""
    started = start_servers(count, db_url, redis_url, workdir)
    try:
        yield started
    finally:
        for server in started:
            server.stop()
