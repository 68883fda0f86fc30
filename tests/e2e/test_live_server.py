"""The browser tests' server fixture (conftest.py): a server that does not answer in time is
stopped before the failure is raised, never left running to load the machine (on a loaded
machine, the orphans of failed starts made the next tests' servers slower to start in turn)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.e2e import conftest


def test_a_server_that_does_not_answer_in_time_is_not_left_running(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    started: list[subprocess.Popen[bytes]] = []
    popen = subprocess.Popen

    def record(*args: Any, **kwargs: Any) -> subprocess.Popen[bytes]:
        proc: subprocess.Popen[bytes] = popen(*args, **kwargs)
        started.append(proc)
        return proc

    # A "server" that never answers; the start gives up at once (no waiting on a guess here:
    # whatever the delay, it cannot answer).
    monkeypatch.setattr(conftest, "_serve_command",
                        lambda: [sys.executable, "-c", "import time; time.sleep(600)"])
    monkeypatch.setattr(conftest, "START_TIMEOUT", 0.0)
    monkeypatch.setattr(conftest.subprocess, "Popen", record)
    live = conftest.LiveServer(tmp_path)
    with pytest.raises(RuntimeError, match="did not answer"):
        live.start()
    assert len(started) == 1
    assert started[0].poll() is not None, "the server that did not answer is still running"
    assert live.proc is None
