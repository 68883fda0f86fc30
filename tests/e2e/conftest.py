"""End-to-end fixtures: the real server in a subprocess, and Debian's Chromium driven by Playwright.

The server is started exactly as a player would (``ludomots serve``), on a free loopback port and
a temporary SQLite file, with bots thinking in threads and moving at once. Stopping it and
starting it again on the same port and database is a real restart: the page's WebSocket sees the
server go away and must come back on its own.

The browser is the distribution's Chromium (never a downloaded one): the tests are skipped when
it or Playwright is missing. Screenshots of every screen go to ``$LUDOMOTS_SCREENSHOTS`` (default
``build/screenshots/``) so that a person can look at them.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.table.services import free_port

REPO = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("LUDOMOTS_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
START_TIMEOUT = 60.0


def _serve_command() -> list[str]:
    """``ludomots serve`` when the command line has it, else the server's own click command."""
    import click

    from ludomots.cli import main

    if main.get_command(click.Context(main), "serve") is not None:
        return [sys.executable, "-m", "ludomots", "serve"]
    return [sys.executable, "-c", "from ludomots.server.cli import serve; serve()"]


class LiveServer:
    """``ludomots serve`` on a fixed port and database; ``stop`` and ``start`` make a restart."""

    def __init__(self, workdir: Path) -> None:
        self.workdir = workdir
        self.port = free_port()
        self.db = workdir / "ludomots.db"
        self.base_url = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen[bytes] | None = None
        self.starts = 0

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self) -> None:
        self.starts += 1
        log = open(self.workdir / f"server-{self.starts}.log", "wb")  # noqa: SIM115
        env = dict(os.environ, PYTHONPATH=str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", ""),
                   PYTHONUNBUFFERED="1")
        cmd = _serve_command() + [
            "--host", "127.0.0.1", "--port", str(self.port), "--db", f"sqlite:///{self.db}",
            "--executor", "thread", "--bot-delay", "0", "--log-level", "warning",
        ]
        self.proc = subprocess.Popen(cmd, cwd=self.workdir, env=env, stdout=log,
                                     stderr=subprocess.STDOUT)
        log.close()
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server exited with {self.proc.returncode}:\n{self.log()}")
            try:
                with urllib.request.urlopen(f"{self.base_url}/api/games", timeout=2) as resp:
                    if resp.status == 200:
                        return
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                pass
            time.sleep(0.1)
        # Not left running behind the failure: an orphan server loads the machine and makes the
        # next tests' servers slower to start in turn.
        self.stop()
        raise RuntimeError(f"the server did not answer within {START_TIMEOUT} s:\n{self.log()}")

    def stop(self) -> None:
        if self.proc is None:
            return
        self.proc.terminate()
        try:
            self.proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(timeout=5)
        self.proc = None

    def log(self) -> str:
        return "\n".join(p.read_text(errors="replace")[-4000:]
                         for p in sorted(self.workdir.glob("server-*.log")))

    def get_json(self, path: str) -> Any:
        with urllib.request.urlopen(f"{self.base_url}{path}", timeout=10) as resp:
            return json.loads(resp.read().decode("utf-8"))

    def post_json(self, path: str, body: dict[str, Any]) -> Any:
        request = urllib.request.Request(
            f"{self.base_url}{path}", data=json.dumps(body).encode("utf-8"), method="POST",
            headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=10) as resp:
            return json.loads(resp.read().decode("utf-8"))

    def view(self, table_id: str, token: str | None = None) -> dict[str, Any]:
        """The table's view as a spectator (or as the seat of ``token``), over a WebSocket."""
        from websockets.sync.client import connect

        with connect(f"{self.ws_url}/ws/tables/{table_id}", open_timeout=10) as ws:
            ws.send(json.dumps({"type": "hello", "token": token} if token else {"type": "hello"}))
            deadline = time.monotonic() + 10
            while time.monotonic() < deadline:
                message = json.loads(ws.recv(timeout=10))
                # A hello that comes late (a loaded machine) is welcomed as a spectator first,
                # then again with its seat: wait for the seat's welcome.
                if message.get("type") == "welcome" and (token is None or
                                                         message.get("seat") is not None):
                    view: dict[str, Any] = message["view"]
                    return view
                if message.get("type") == "error":
                    raise AssertionError(f"refused: {message}")
        raise AssertionError("no welcome from the server")


@pytest.fixture
def server(tmp_path: Path) -> Iterator[LiveServer]:
    live = LiveServer(tmp_path)
    live.start()
    try:
        yield live
    finally:
        live.stop()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    if not Path(CHROMIUM).exists():
        message = f"no Chromium at {CHROMIUM} (apt-get install chromium, or make browser)"
        if os.environ.get("CI"):
            pytest.fail(message)  # CI must run the browser tests, never skip them
        pytest.skip(message)
    import playwright.sync_api as sync_api
    with sync_api.sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture
def new_page(browser: Any) -> Iterator[Any]:
    """Pages in fresh contexts (separate storage: separate players); JavaScript errors fail."""
    contexts: list[Any] = []
    errors: list[str] = []

    def make(**context_options: Any) -> Any:
        context_options.setdefault("viewport", {"width": 1280, "height": 900})
        context_options.setdefault("locale", "fr-FR")
        context = browser.new_context(**context_options)
        context.set_default_timeout(15000)
        contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        # The server's CSP forbids inline scripts and styles: any violation is a bug.
        page.on("console", lambda msg: errors.append(msg.text)
                if msg.type == "error" and "Content Security Policy" in msg.text else None)
        return page

    yield make
    for context in contexts:
        context.close()
    assert not errors, f"JavaScript or CSP errors in the page: {errors}"


@pytest.fixture(scope="session")
def screenshots() -> Path:
    folder = Path(os.environ.get("LUDOMOTS_SCREENSHOTS") or REPO / "build" / "screenshots")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "e2e: end-to-end test in a real browser (slow)")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "tests/e2e/" in str(item.fspath).replace(os.sep, "/"):
            item.add_marker(pytest.mark.e2e)
