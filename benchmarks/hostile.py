"""The hostile-user and failure probe of issue 16, re-run: the same attacks on real servers.

Run: python benchmarks/hostile.py [--only NAME,...] [--code PATH]

Each attack starts its own ``ludomots serve`` (SQLite unless said otherwise; PostgreSQL for the
database outage, a cluster of its own) and prints what it measured and its failures: a request
answered 500, a table that does not move on, a process left behind, a server that no longer
answers. ``--code PATH`` runs the servers from another checkout (e.g. the code before the fix,
to compare); the attacks themselves are this file's. Nothing is asserted; the last line sums
up the failures. The attacks:

- ``options``: every numeric option of every game at 10**400, a bot seat or two humans.
- ``flood``: a seated Vocabulon player answering as fast as he can (8 KiB answers, a bidi
  override, wrong words) for ``--flood-seconds``, the sand-glass off; then two sockets saying
  ``hello`` 29 times a second for 10 s. Bytes a spectator received, the largest message, the
  welcome after, the database's growth.
- ``proxy``: 62 creations from 62 X-Forwarded-For addresses behind a trusted proxy.
- ``replays``: five replays of finished Topword games requested at once, while another
  table's socket is pinged (round trip p50, max), and the same pings before, at rest.
- ``reconnect``: 40 clients reconnecting in a loop to a finished game while another table is
  pinged.
- ``slowloris``: ``--slow-sockets`` half-finished requests from one address; can a normal
  client still be served?
- ``orphans``: ``kill -9`` of a server whose bot workers run: are they still alive after?
- ``restart``: 2,447 waiting tables nobody will come back to: time until the server answers.
- ``outage``: PostgreSQL stopped (``-m immediate``) for 8 s, three times, under 13 tables
  whose bots play: does every table move on after each return?
- ``disconnect``: 100 clients that leave in the middle of their request: ERROR lines logged.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ludomots.core import registry  # noqa: E402
from ludomots.core.options import describe_options  # noqa: E402
from ludomots.table.model import ClockSettings, SeatSpec, TableInfo  # noqa: E402
from ludomots.table.store import Store  # noqa: E402
from tests.table.services import PostgresCluster  # noqa: E402

READY = "Ludomots est prêt : ouvrez "
GAMES = ("topword", "typo", "awalettres", "vocabulon", "volapuk")
Result = tuple[str, int]  # (figures, failures)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """``ludomots serve`` from ``code`` (a checkout) with ``args``, on a free port."""

    def __init__(self, code: Path, folder: Path, *args: str, db: str | None = None) -> None:
        self.log_path = folder / f"serve-{time.monotonic_ns()}.log"
        self.db = db or f"sqlite:///{folder / 'hostile.db'}"
        command = [sys.executable, "-c",
                   "import sys; from ludomots.server.cli import serve; sys.exit(serve())",
                   "--port", str(free_port()), "--db", self.db, "--bot-delay", "0", *args]
        self.started = time.monotonic()
        with self.log_path.open("wb") as log:
            self.process = subprocess.Popen(
                command, stdout=subprocess.PIPE, stderr=log, text=True, cwd=code,
                env=dict(os.environ, PYTHONUNBUFFERED="1", PYTHONPATH=str(code)))
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        if not line.startswith(READY):
            raise RuntimeError(f"the server did not start: {line!r}\n{self.log()[-2000:]}")
        self.ready_after = time.monotonic() - self.started
        self.url = line[len(READY):].strip()
        self.ws = self.url.replace("http://", "ws://")
        self.port = int(self.url.rsplit(":", 1)[1])

    def log(self) -> str:
        return self.log_path.read_text(encoding="utf-8", errors="replace")

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


@contextlib.contextmanager
def serving(code: Path, folder: Path, *args: str, db: str | None = None) -> Iterator[Server]:
    server = Server(code, folder, *args, db=db)
    try:
        yield server
    finally:
        server.stop()


def schema_by(code: Path, folder: Path, db: str) -> None:
    """Let the attacked version create its own schema (an older one refuses a database
    migrated by a newer one), before the attack fills it."""
    Server(code, folder, "--executor", "thread", db=db).stop()


def post(url: str, path: str, body: dict[str, Any], **headers: str) -> httpx.Response:
    return httpx.post(url + path, json=body, headers=headers, timeout=60)


# ---- options ----------------------------------------------------------------------------------

def attack_options(code: Path, folder: Path, args: argparse.Namespace) -> Result:
    statuses: Counter[int] = Counter()
    failures = 0
    with serving(code, folder, "--executor", "thread", "--http-rate-limit", "100000") as srv:
        for game in GAMES:
            options_type = type(registry.get_game(game).coerce_options(None))
            for option in describe_options(options_type):
                if option["type"] not in ("int", "float", "int | None"):
                    continue
                for seats in ([{"kind": "human"}, {"kind": "bot", "level": "debutant"}],
                              [{"kind": "human"}, {"kind": "human"}]):
                    answer = post(srv.url, "/api/tables", {
                        "game": game, "name": "Alice", "seats": seats,
                        "options": {option["name"]: 10**400}})
                    status = answer.status_code
                    if status == 201 and seats[1]["kind"] == "human":  # the join
                        status = post(srv.url, f"/api/tables/{answer.json()['table']}/join",
                                      {"name": "Bruno"}).status_code
                    statuses[status] += 1
                    failures += status != 400
        time.sleep(2)  # what a bot or a clock does with it
        errors = srv.log().count(" ERROR ")
    return f"answers {dict(statuses)}; ERROR lines {errors}", failures + errors


# ---- flood ------------------------------------------------------------------------------------

async def _to_a_riddle(srv: Server) -> tuple[str, Any, int]:
    """A Vocabulon table of two humans, played (as the server tests' players) until a riddle
    is asked: (table, the asked player's socket, its seat)."""
    from tests.server.test_vocabulon import decide

    created = post(srv.url, "/api/tables", {"game": "vocabulon", "name": "Alice",
                                            "options": {"sandglass_seconds": 0}}).json()
    table = created["table"]
    joined = post(srv.url, f"/api/tables/{table}/join", {"name": "Bruno"}).json()
    sockets = {}
    for seat, token in ((0, created["token"]), (joined["seat"], joined["token"])):
        sock = await connect(f"{srv.ws}/ws/tables/{table}", max_size=None,
                             ping_interval=None)
        await sock.send(json.dumps({"type": "hello", "token": token}))
        sockets[seat] = sock
    views: dict[int, Any] = {}

    async def latest(seat: int) -> dict[str, Any]:
        while True:
            try:
                message = json.loads(await asyncio.wait_for(sockets[seat].recv(), 0.3))
            except TimeoutError:
                return views[seat]
            if message["type"] in ("welcome", "update"):
                view = message["view"]
                if message.get("logs"):  # rebuild the history log
                    start = message["logs"]["history"]
                    view["game"]["history"] = (views[seat]["game"]["history"][:start]
                                               + view["game"]["history"])
                views[seat] = view

    while True:
        for seat in sockets:
            await latest(seat)
        view = views[0]
        if view["game"]["step"] == "answer":
            asked = view["game"]["riddle"]["asked"]
            for seat, sock in sockets.items():
                if seat != asked:
                    await sock.close()
            return table, sockets[asked], asked
        for seat in view["table"]["to_act"]:
            await sockets[seat].send(json.dumps({"type": "action",
                                                 "action": decide(views[seat])}))
            await asyncio.sleep(0.15)


async def _flood(srv: Server, seconds: float) -> tuple[str, int]:
    table, player, _ = await _to_a_riddle(srv)
    spectator = await connect(f"{srv.ws}/ws/tables/{table}", max_size=None,
                              ping_interval=None)
    await spectator.send(json.dumps({"type": "hello"}))
    welcome_before = len(await spectator.recv())
    received = [0, 0]  # bytes, largest message

    async def watch() -> None:
        with contextlib.suppress(Exception):
            async for message in spectator:
                received[0] += len(message)
                received[1] = max(received[1], len(message))

    refusals: Counter[str] = Counter()

    async def drain() -> None:  # the flooder reads its answers (else the server drops it)
        with contextlib.suppress(Exception):
            async for message in player:
                answer = json.loads(message)
                if answer["type"] == "error":
                    refusals[answer["code"]] += 1

    watcher = asyncio.create_task(watch())
    drainer = asyncio.create_task(drain())
    words = ["A" * 8000, "zz\u202ezz", *(f"faux{'x' * (i % 9)}" for i in range(100))]
    sent = 0
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        await player.send(json.dumps({"type": "action", "action": {
            "type": "answer", "word": words[sent % len(words)]}}))
        sent += 1
        await asyncio.sleep(1 / 40)  # over the socket's own limit (30 messages a second)
    await asyncio.sleep(1)
    watcher.cancel()
    drainer.cancel()
    late = await connect(f"{srv.ws}/ws/tables/{table}", max_size=None)
    await late.send(json.dumps({"type": "hello"}))
    welcome_after = len(await late.recv())
    view = json.loads(await asyncio.wait_for(_view_of(srv, table), 30))
    answers = sum(1 for e in view["game"]["history"] if e["type"] == "answer")
    for sock in (late, spectator, player):
        await sock.close()
    return (f"{sent} answers sent in {seconds:.0f} s, {answers} kept (refused: "
            f"{dict(refusals)}); a spectator received "
            f"{received[0] / 1e3:.1f} KB (largest message {received[1] / 1e3:.1f} KB); "
            f"welcome {welcome_before / 1e3:.1f} KB before, {welcome_after / 1e3:.1f} KB "
            f"after", welcome_after)


async def _view_of(srv: Server, table: str) -> str:
    sock = await connect(f"{srv.ws}/ws/tables/{table}", max_size=None)
    await sock.send(json.dumps({"type": "hello"}))
    text = json.loads(await sock.recv())
    await sock.close()
    return json.dumps(text["view"])


async def _hellos(srv: Server, table: str, seconds: float) -> int:
    pulled = [0]

    async def one() -> None:
        sock = await connect(f"{srv.ws}/ws/tables/{table}", max_size=None)
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            await sock.send(json.dumps({"type": "hello"}))
            with contextlib.suppress(TimeoutError):
                while True:
                    pulled[0] += len(await asyncio.wait_for(sock.recv(), 1 / 29))
        await sock.close()

    await asyncio.gather(one(), one())
    return pulled[0]


def attack_flood(code: Path, folder: Path, args: argparse.Namespace) -> Result:
    with serving(code, folder, "--executor", "thread", "--http-rate-limit", "100000") as srv:
        db_file = Path(srv.db.removeprefix("sqlite:///"))
        size_before = db_file.stat().st_size
        figures, welcome = asyncio.run(_flood(srv, args.flood_seconds))
        grown = db_file.stat().st_size - size_before
        table = post(srv.url, "/api/tables", {"game": "topword", "name": "Alice"}).json()
        pulled = asyncio.run(_hellos(srv, table["table"], 10))
        errors = srv.log().count(" ERROR ")
    failures = (welcome > 100_000) + (pulled > 1_000_000) + errors
    return (f"{figures}; database +{grown / 1e3:.0f} KB; two sockets saying hello 29 times a "
            f"second pulled {pulled / 1e3:.0f} KB in 10 s; ERROR lines {errors}", failures)


# ---- proxy ------------------------------------------------------------------------------------

def attack_proxy(code: Path, folder: Path, args: argparse.Namespace) -> Result:
    try:
        srv = Server(code, folder, "--executor", "thread", "--forwarded-allow-ips",
                     "127.0.0.1")
        note = ""
    except RuntimeError:  # a version without the setting: as it was deployed
        srv = Server(code, folder, "--executor", "thread")
        note = " (this version has no --forwarded-allow-ips)"
    try:
        statuses = [post(srv.url, "/api/tables", {"game": "topword", "name": "Alice"},
                         **{"X-Forwarded-For": f"198.51.100.{i}"}).status_code
                    for i in range(1, 63)]
    finally:
        srv.stop()
    refused = sum(1 for s in statuses if s != 201)
    first = next((i + 1 for i, s in enumerate(statuses) if s != 201), None)
    return (f"62 creations from 62 addresses: {dict(Counter(statuses))}, first refused: "
            f"{first}{note}", refused)


# ---- replays and reconnections ----------------------------------------------------------------

PLAY_TO_THE_END = """
import asyncio, sys
from ludomots.table.manager import TableManager
from ludomots.table.model import SeatSpec
from ludomots.table.store import Store

async def play(db, count):
    store = Store(db)
    async with TableManager(store, executor="process", rate_limit=0,
                            run_clocks=False) as manager:
        for i in range(count):
            table_id, _ = await manager.create_table(
                "topword", {"referee": "auto"},
                [SeatSpec.bot("debutant"), SeatSpec.bot("debutant")], seed=100 + i)
            print(table_id, flush=True)
        await manager.idle()
    store.close()

if __name__ == "__main__":
    asyncio.run(play(sys.argv[1], int(sys.argv[2])))
"""


def _finished_topword_games(code: Path, db: str, count: int) -> list[str]:
    """Bot games of Topword played to the end by the attacked version's own table layer (its
    rules and lexicon: another version's records might not replay), in a schema already made
    (``schema_by``)."""
    script = Path(db.removeprefix("sqlite:///")).with_suffix(".play.py")
    script.write_text(PLAY_TO_THE_END)
    done = subprocess.run([sys.executable, str(script), db, str(count)], cwd=code,
                          env=dict(os.environ, PYTHONPATH=str(code)), capture_output=True,
                          text=True, check=True, timeout=1800)
    return done.stdout.split()


async def _pinger(srv: Server, table: str, stop: asyncio.Event) -> list[float]:
    """Round trips of a ping on another table's socket, 20 a second (the socket's own limit
    is 30 messages a second)."""
    sock = await connect(f"{srv.ws}/ws/tables/{table}", max_size=None, ping_interval=None)
    await sock.send(json.dumps({"type": "hello"}))
    await sock.recv()
    times = []
    while not stop.is_set():
        started = time.perf_counter()
        await sock.send(json.dumps({"type": "ping", "id": len(times)}))
        while json.loads(await sock.recv())["type"] != "pong":
            pass
        times.append((time.perf_counter() - started) * 1000)
        await asyncio.sleep(0.05)
    await sock.close()
    return times


def _latency(times: list[float]) -> str:
    ordered = sorted(times)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    return (f"p50 {statistics.median(ordered):.1f} ms, p99 {p99:.1f} ms, "
            f"max {ordered[-1]:.1f} ms ({len(ordered)} pings)")


async def _during(srv: Server, table: str, load: Callable[[], Any]) -> tuple[list[float], Any]:
    stop = asyncio.Event()
    pinger = asyncio.create_task(_pinger(srv, table, stop))
    await asyncio.sleep(0.5)
    try:
        result = await load()
    finally:
        stop.set()
    return await pinger, result


def attack_replays(code: Path, folder: Path, args: argparse.Namespace) -> Result:
    db = f"sqlite:///{folder / 'replays.db'}"
    schema_by(code, folder, db)
    finished = _finished_topword_games(code, db, 5)
    with serving(code, folder, "--executor", "process", db=db) as srv:
        other = post(srv.url, "/api/tables", {"game": "topword", "name": "Alice"}).json()

        async def rest() -> None:
            await asyncio.sleep(5)

        async def replays() -> list[int]:
            async with httpx.AsyncClient(base_url=srv.url, timeout=300) as http:
                answers = await asyncio.gather(*(http.get(f"/api/tables/{t}/replay")
                                                 for t in finished))
            return [a.status_code for a in answers]

        calm, _ = asyncio.run(_during(srv, other["table"], rest))
        busy, statuses = asyncio.run(_during(srv, other["table"], replays))
        errors = srv.log().count(" ERROR ")
    failures = sum(1 for s in statuses if s != 200) + errors
    return (f"pings at rest: {_latency(calm)}; during 5 replays at once: {_latency(busy)}; "
            f"answers {Counter(statuses)}", failures)


def attack_reconnect(code: Path, folder: Path, args: argparse.Namespace) -> Result:
    db = f"sqlite:///{folder / 'reconnect.db'}"
    schema_by(code, folder, db)
    finished = _finished_topword_games(code, db, 1)[0]
    with serving(code, folder, "--executor", "thread", db=db) as srv:
        other = post(srv.url, "/api/tables", {"game": "topword", "name": "Alice"}).json()
        opened = [0]

        async def loop_clients() -> None:
            end = time.monotonic() + 10

            async def client() -> None:
                while time.monotonic() < end:
                    sock = await connect(f"{srv.ws}/ws/tables/{finished}", max_size=None)
                    await sock.send(json.dumps({"type": "hello"}))
                    await sock.recv()
                    await sock.close()
                    opened[0] += 1

            await asyncio.gather(*(client() for _ in range(40)))

        times, _ = asyncio.run(_during(srv, other["table"], loop_clients))
        errors = srv.log().count(" ERROR ")
    return (f"40 clients reopened a finished game {opened[0]} times in 10 s; other table's "
            f"pings: {_latency(times)}", errors)


# ---- slowloris, orphans, restart, disconnect --------------------------------------------------

def attack_slowloris(code: Path, folder: Path, args: argparse.Namespace) -> Result:
    with serving(code, folder, "--executor", "thread") as srv:
        socks = []
        refused = 0
        for _ in range(args.slow_sockets):
            try:
                sock = socket.create_connection(("127.0.0.1", srv.port), timeout=5)
                sock.sendall(b"GET /api/games HTTP/1.1\r\nHost: x\r\nX-Slow: ")
                socks.append(sock)
            except OSError:
                refused += 1
        time.sleep(1)
        started = time.monotonic()
        try:  # another client, from another address (127.0.0.2 is this machine too)
            with httpx.Client(transport=httpx.HTTPTransport(local_address="127.0.0.2"),
                              timeout=10) as other:
                status = other.get(srv.url + "/api/games").status_code
        except httpx.HTTPError as exc:
            status = type(exc).__name__  # type: ignore[assignment]
        answered = time.monotonic() - started
        time.sleep(12)  # past the request timeout
        closed = 0
        for sock in socks:
            sock.setblocking(False)
            try:
                closed += sock.recv(1) == b""
            except BlockingIOError:
                pass
            except OSError:
                closed += 1
            sock.close()
    return (f"{args.slow_sockets} half-finished requests from one address ({refused} not even "
            f"connected); a client from another address got {status} in {answered:.2f} s; "
            f"{closed} of the slow sockets closed by the server 13 s later",
            int(status != 200) + int(closed < len(socks)))


def attack_orphans(code: Path, folder: Path, args: argparse.Namespace) -> Result:
    srv = Server(code, folder, "--executor", "process", "--bot-workers", "3")
    for _ in range(3):
        post(srv.url, "/api/tables", {"game": "typo", "name": "Alice", "seats": [
            {"kind": "human"}, {"kind": "bot", "level": "expert"},
            {"kind": "bot", "level": "expert"}]})
    time.sleep(8)
    children = [int(p) for p in subprocess.run(
        ["ps", "-o", "pid=", "--ppid", str(srv.process.pid)], capture_output=True,
        text=True).stdout.split()]
    srv.process.kill()
    srv.process.wait()
    time.sleep(5)
    alive = [pid for pid in children if Path(f"/proc/{pid}").exists()]
    for pid in alive:  # ours: started by this attack's server
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)
    return f"{len(children)} worker processes; alive 5 s after kill -9: {len(alive)}", len(alive)


def attack_restart(code: Path, folder: Path, args: argparse.Namespace) -> Result:
    db = f"sqlite:///{folder / 'restart.db'}"
    schema_by(code, folder, db)
    store = Store(db)
    for i in range(2447):
        store.create_table(TableInfo(
            id=f"abandoned{i}", game=GAMES[i % 5], options={}, seed=i,
            seats=(SeatSpec.human("Alice"), SeatSpec.human()), status="waiting",
            clock=ClockSettings(0)), {0: f"token{i}"})
    store.close()
    with serving(code, folder, "--executor", "thread", db=db) as srv:
        ready = srv.ready_after
        lobby = httpx.get(srv.url + "/api/tables", timeout=60).status_code
    return f"2,447 abandoned waiting tables: ready in {ready:.1f} s (lobby {lobby})", \
        int(lobby != 200)


def attack_disconnect(code: Path, folder: Path, args: argparse.Namespace) -> Result:
    with serving(code, folder, "--executor", "thread") as srv:
        for _ in range(100):
            sock = socket.create_connection(("127.0.0.1", srv.port))
            sock.sendall(b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: "
                         b"application/json\r\nContent-Length: 100\r\n\r\n{\"game\"")
            sock.close()
        time.sleep(1)
        status = httpx.get(srv.url + "/api/games", timeout=10).status_code
        errors = srv.log().count(" ERROR ")
    return f"100 clients left mid-request: ERROR lines {errors}, then {status}", errors


# ---- the database outage ----------------------------------------------------------------------

def _start_durable(cluster: PostgresCluster) -> None:
    """The test cluster commits asynchronously (a test database); here commits must survive
    an immediate stop as in production."""
    options = (f"-p {cluster.port} -k {cluster.dir} -c listen_addresses=127.0.0.1 "
               "-c max_connections=300")
    cluster._run("pg_ctl", "-D", str(cluster.data), "-o", options, "-l",
                 str(cluster.dir / "postgres.log"), "-w", "-t", "60", "start")


def attack_outage(code: Path, folder: Path, args: argparse.Namespace) -> Result:
    cluster = PostgresCluster()
    _start_durable(cluster)
    try:
        db = cluster.url()
        schema_by(code, folder, db)
        store = Store(db)
        ids = []
        for i in range(13):  # bots only: they play on by themselves
            game = ("topword", "typo", "awalettres", "volapuk")[i % 4]
            info = TableInfo(id=f"outage{i}", game=game, options={}, seed=i,
                             seats=(SeatSpec.bot("debutant"), SeatSpec.bot("debutant")),
                             status="playing", clock=ClockSettings(0))
            store.create_table(info, {})
            ids.append(info.id)
        with serving(code, folder, "--executor", "thread", "--bot-delay", "0.5",
                     db=db) as srv:
            time.sleep(5)
            frozen = 0
            lines = []
            for outage in range(3):
                before = {t: store.count_actions(t) for t in ids}
                cluster.stop("immediate")
                time.sleep(8)
                _start_durable(cluster)
                deadline = time.monotonic() + 30
                moved: set[str] = set()
                while time.monotonic() < deadline and len(moved) < len(ids):
                    for t in ids:
                        with contextlib.suppress(Exception):
                            if store.load_info(t).status != "playing" or \
                                    store.count_actions(t) > before[t] + 1:
                                moved.add(t)
                    time.sleep(0.5)
                frozen += len(ids) - len(moved)
                lines.append(f"outage {outage + 1}: {len(moved)}/{len(ids)} tables moved on")
            answered = httpx.get(f"{srv.url}/api/tables/{ids[0]}", timeout=10).status_code
        store.close()
    finally:
        cluster.close()
    return "; ".join(lines) + f" (then a table's info: {answered})", frozen


ATTACKS: dict[str, Callable[[Path, Path, argparse.Namespace], Result]] = {
    "options": attack_options, "flood": attack_flood, "proxy": attack_proxy,
    "replays": attack_replays, "reconnect": attack_reconnect, "slowloris": attack_slowloris,
    "orphans": attack_orphans, "restart": attack_restart, "outage": attack_outage,
    "disconnect": attack_disconnect,
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", default=",".join(ATTACKS))
    parser.add_argument("--code", type=Path, default=ROOT,
                        help="the checkout whose server is attacked")
    parser.add_argument("--flood-seconds", type=float, default=63.0)
    parser.add_argument("--slow-sockets", type=int, default=19_800)
    args = parser.parse_args()
    total = 0
    for name in args.only.split(","):
        folder = Path(tempfile.mkdtemp(prefix=f"hostile-{name}-"))
        started = time.monotonic()
        try:
            figures, failures = ATTACKS[name](args.code, folder, args)
        except Exception as exc:  # an attack that breaks the server counts as a failure
            figures, failures = f"the attack failed: {type(exc).__name__}: {exc}", 1
        total += failures
        print(f"{name:<10} {failures} failure(s) ({time.monotonic() - started:.0f} s): "
              f"{figures}", flush=True)
        shutil.rmtree(folder, ignore_errors=True)
    print(f"total: {total} failure(s)")


if __name__ == "__main__":
    main()
