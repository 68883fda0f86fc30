"""``GET /metrics`` in Prometheus's text format (issue 22): what each figure counts, exactly."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import httpx
from prometheus_client import REGISTRY
from prometheus_client.parser import text_string_to_metric_families
from starlette.testclient import TestClient

from ludomots.table.errors import StoreError
from ludomots.table.store import Store
from tests.server.helpers import Socket, create, two_humans
from tests.server.processes import READY

Samples = dict[tuple[str, tuple[tuple[str, str], ...]], float]


def scrape(client: TestClient) -> Samples:
    response = client.get("/metrics")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/plain; version=")
    return {(s.name, tuple(sorted(s.labels.items()))): s.value
            for family in text_string_to_metric_families(response.text)
            for s in family.samples}


def value(samples: Samples, name: str, **labels: str) -> float:
    return samples.get((name, tuple(sorted(labels.items()))), 0.0)


def test_tables_by_game_and_status_are_counted_in_the_database(client: TestClient) -> None:
    two_humans(client)                 # both seats taken: playing
    two_humans(client)
    create(client)                     # one seat free: waiting
    create(client, game="typo", seats=[{"kind": "human"}, {"kind": "human"}])
    samples = scrape(client)
    tables = {labels: v for (name, labels), v in samples.items() if name == "ludomots_tables"}
    assert tables == {(("game", "topword"), ("status", "playing")): 2.0,
                      (("game", "topword"), ("status", "waiting")): 1.0,
                      (("game", "typo"), ("status", "waiting")): 1.0}


def test_stored_actions_are_counted_and_timed_by_game_refusals_are_not(
        client: TestClient) -> None:
    table_id, tokens = two_humans(client)
    sockets = {seat: Socket(client, table_id, token) for seat, token in tokens.items()}
    before = scrape(client)
    first = sockets[0].view["game"]["turn"]
    passing = {"type": "action", "action": {"type": "pass", "exchange": None}}
    sockets[1 - first].send(passing)  # not its turn: refused, not counted
    assert sockets[1 - first].recv()["code"] == "not_your_turn"
    for number in range(3):
        seat = (first + number) % 2
        sockets[seat].send(passing)
        sockets[seat].until(lambda m, n=number: m["type"] == "update"
                            and m["view"]["table"]["actions"] == n + 1)
    after = scrape(client)
    for name in ("ludomots_actions_total", "ludomots_action_seconds_count"):
        assert value(after, name, game="topword") - value(before, name, game="topword") == 3
    assert value(after, "ludomots_action_seconds_bucket", game="topword", le="+Inf") - \
        value(before, "ludomots_action_seconds_bucket", game="topword", le="+Inf") == 3
    for socket in sockets.values():
        socket.close()


def test_open_websockets_are_counted_while_open(client: TestClient) -> None:
    table_id = create(client)["table"]
    start = value(scrape(client), "ludomots_websocket_connections")
    sockets = [Socket(client, table_id) for _ in range(3)]
    assert value(scrape(client), "ludomots_websocket_connections") == start + 3
    for socket in sockets:
        socket.close()
    assert value(scrape(client), "ludomots_websocket_connections") == start


def test_a_bot_turn_is_timed(tmp_path: Path) -> None:
    """In a server of its own: the histogram is the process's, and the package's shared test
    server keeps other tables' bots playing beside this test (their turns would count)."""
    from websockets.sync.client import connect

    process, url = _serve(f"sqlite:///{tmp_path}/db.sqlite", tmp_path / "metrics",
                          tmp_path / "serve.log")
    try:
        def bot_turns() -> float:
            text = httpx.get(f"{url}/metrics").text
            return sum(s.value for family in text_string_to_metric_families(text)
                       for s in family.samples
                       if s.name == "ludomots_bot_turn_seconds_count"
                       and s.labels == {"game": "topword"})

        created = httpx.post(f"{url}/api/tables", json={
            "game": "topword", "name": "Alice",
            "seats": [{"kind": "bot", "level": "debutant"}, {"kind": "human"}]}).json()
        ws_url = url.replace("http://", "ws://") + f"/ws/tables/{created['table']}"
        with connect(ws_url, origin=url) as ws:  # type: ignore[arg-type]
            ws.send(json.dumps({"type": "hello", "token": created["token"]}))
            view = json.loads(ws.recv(timeout=20))["view"]
            bot_moved = 1
            if view["game"]["turn"] == created["seat"]:  # the draw gave the human the turn
                ws.send(json.dumps({"type": "action",
                                    "action": {"type": "pass", "exchange": None}}))
                bot_moved = 2
            while view["table"]["actions"] < bot_moved:
                message = json.loads(ws.recv(timeout=60))
                if message["type"] == "update":
                    view = message["view"]
            assert view["table"]["actions"] == bot_moved
            assert bot_turns() == 1
    finally:
        process.terminate()
        process.wait(timeout=30)


def test_a_failed_database_operation_is_a_store_error(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path}/missing/folder/ludomots.db")  # cannot be opened
    before = REGISTRY.get_sample_value("ludomots_store_errors_total") or 0.0
    try:
        store.count_tables()
    except StoreError:
        pass
    else:
        raise AssertionError("a database that cannot be opened answered")
    finally:
        store.close()
    assert REGISTRY.get_sample_value("ludomots_store_errors_total") == before + 1


_CHILD = """
import os, sys
from ludomots.table import metrics
metrics.ACTIONS.labels("topword").inc(int(sys.argv[1]))
metrics.WEBSOCKETS.inc()
"""

_SCRAPE = """
import sys
from ludomots.table import metrics
metrics.process_exited(int(sys.argv[1]))
sys.stdout.write(metrics.exposition(metrics.TablesCollector(
    lambda: [("typo", "playing", 4)])).decode())
"""


def test_processes_sharing_a_metrics_folder_are_summed(tmp_path: Path) -> None:
    """Multiprocess mode: two processes' counters add up in a third one's scrape; a stopped
    process's open connections no longer count."""
    env = {**os.environ, "PROMETHEUS_MULTIPROC_DIR": str(tmp_path)}
    pids = []
    for count in (2, 3):
        child = subprocess.run([sys.executable, "-c", _CHILD, str(count)], env=env,
                               check=True, capture_output=True)
        assert child.returncode == 0
        pids.append(next(int(p.stem.rsplit("_", 1)[1]) for p in tmp_path.glob("gauge_*.db")
                         if int(p.stem.rsplit("_", 1)[1]) not in pids))
    text = subprocess.run([sys.executable, "-c", _SCRAPE, str(pids[0])], env=env, check=True,
                          capture_output=True, text=True).stdout
    samples = {(s.name, json.dumps(s.labels, sort_keys=True)): s.value
               for family in text_string_to_metric_families(text) for s in family.samples}
    assert samples[("ludomots_actions_total", '{"game": "topword"}')] == 5
    assert samples[("ludomots_websocket_connections", "{}")] == 1
    assert samples[("ludomots_tables", '{"game": "typo", "status": "playing"}')] == 4


def test_the_command_line_imports_no_metrics_before_serve_reads_metrics_dir() -> None:
    """Multiprocess mode is chosen when prometheus-client is first imported."""
    code = "import sys, ludomots.server.cli; print('prometheus_client' in sys.modules)"
    result = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True,
                            text=True)
    assert result.stdout.strip() == "False"




def _serve(db: str, metrics_dir: Path, log: Path) -> tuple[subprocess.Popen[str], str]:
    code = "import sys; from ludomots.server.cli import serve; sys.exit(serve())"
    with log.open("ab") as stderr:
        process = subprocess.Popen(
            [sys.executable, "-c", code, "--port", "0", "--executor", "thread", "--db", db,
             "--metrics-dir", str(metrics_dir)],
            stdout=subprocess.PIPE, stderr=stderr, text=True,
            env={k: v for k, v in os.environ.items() if k != "PROMETHEUS_MULTIPROC_DIR"})
    assert process.stdout is not None
    line = process.stdout.readline()
    assert line.startswith(READY), log.read_text()
    return process, line[len(READY):].strip()


def test_serve_with_a_metrics_dir_shows_every_process_in_any_scrape(tmp_path: Path) -> None:
    """Two ``ludomots serve --metrics-dir`` processes (on one SQLite file: only the metrics
    are shared here): a WebSocket open on the first is counted in the second's /metrics, and
    no longer once the first has stopped with it open."""
    from websockets.sync.client import connect

    folder = tmp_path / "metrics"
    db = f"sqlite:///{tmp_path}/db.sqlite"
    first, first_url = _serve(db, folder, tmp_path / "first.log")
    second, second_url = _serve(db, folder, tmp_path / "second.log")
    try:
        table_id = httpx.post(f"{first_url}/api/tables", json={
            "game": "topword", "name": "Alice",
            "seats": [{"kind": "human"}, {"kind": "human"}]}).json()["table"]

        def sockets_counted() -> float:
            text = httpx.get(f"{second_url}/metrics").text
            return next(s.value for family in text_string_to_metric_families(text)
                        for s in family.samples
                        if s.name == "ludomots_websocket_connections")

        assert sockets_counted() == 0
        ws_url = first_url.replace("http://", "ws://") + f"/ws/tables/{table_id}"
        with connect(ws_url, origin=first_url) as ws:  # type: ignore[arg-type]
            ws.send(json.dumps({"type": "hello"}))
            assert json.loads(ws.recv(timeout=20))["type"] == "welcome"
            assert sockets_counted() == 1
            first.terminate()  # with the socket open
            first.wait(timeout=30)
            assert sockets_counted() == 0
    finally:
        for process in (first, second):
            if process.poll() is None:
                process.terminate()
                process.wait(timeout=30)
            if process.stdout is not None:
                process.stdout.close()
