"""Start-up with many unfinished games: ``ludomots serve`` to its first 200, and to every
playing table resumed (issue 22: <= 1 s to the first 200 with 10,000 unfinished games).

Run: python benchmarks/startup.py                    (10,000 games, 3 starts each way)
     python benchmarks/startup.py --games 2000 --runs 1

What runs: a fresh SQLite file (as ``ludomots serve`` uses by default) filled with N playing
Topword tables, each a real started game: seats Alice (human, a claimed seat with a token)
and a bot débutant, a few moves played by the game itself (the bot's own choice, for both
seats, through ``Table.act``: real placements, validated and scored). ``--templates`` distinct
games (own seeds) are played, then copied under new ids (the table row, its seat claim, its
stored actions), so filling is quick; a replay costs the same for every copy. Most games end
on the human's turn, as in a live server (a bot answers in a fraction of a second, a human
thinks); ``--bot-due`` of them end on the bot's turn, so those bots must play at resume.

Then ``ludomots serve`` is started ``--runs`` times on that file (and as many times on an empty
one, for comparison), each timed from the process start to: its first 200 on ``/healthz``; its
first 200 on ``/`` (the home page, polled from the same start); and the log line saying every
unfinished game was resumed (``load_all``: every playing table replayed, its bots and clocks
running again). Right after the first 200, ``GET /api/tables/{id}`` of the table resumed
last (the least recently active) is timed too: it loads on demand. Prints figures; asserts nothing.

``--bytecode``: the server runs with every module it imports compiled beforehand, as a
``pip install`` leaves them (by a first start, not counted, that writes them to a cache in the
temporary folder: ``PYTHONPYCACHEPREFIX``). Without it, an editable checkout under
``PYTHONDONTWRITEBYTECODE=1`` (this machine's setting; the Dockerfile's too, but its
``pip install`` compiles the package anyway) compiles Ludomots's modules at every start, about
0.1 to 0.2 s of CPU.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import queue
import random
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import httpx  # noqa: E402
from sqlalchemy import insert, select  # noqa: E402

from ludomots.table.creation import new_table_info  # noqa: E402
from ludomots.table.model import SeatSpec  # noqa: E402
from ludomots.table.schema import ACTIONS, SEAT_CLAIMS, TABLES  # noqa: E402
from ludomots.table.store import Store  # noqa: E402
from ludomots.table.table import Table  # noqa: E402
from ludomots.table.worker import choose_action  # noqa: E402

RESUMED = re.compile(r"(\d+) unfinished game\(s\) resumed")
BOT_SEAT = 1


def play_template(store: Store, seed: int, moves: int, bot_due: bool) -> str:
    """A real started game: Alice (seat 0) against a bot débutant (seat 1), ``moves`` moves
    or more, ending with the bot to act when ``bot_due``, else the human."""
    info = new_table_info("topword", None, [SeatSpec.human("Alice"), SeatSpec.bot("debutant")],
                          seed, None, time.time)
    store.create_table(info, {0: f"token-{seed}"})
    table = Table.new(store.load_info(info.id))
    played = 0
    while table.status == "playing":
        (seat,) = table.to_act()
        if played >= moves and (seat == BOT_SEAT) == bot_due:
            break
        table.act(store, seat, choose_action(table.bot_job(seat, "debutant")))
        played += 1
    if table.status != "playing":
        raise RuntimeError(f"template {seed} ended after {played} moves")
    return info.id


def fill(store: Store, games: int, templates: int, bot_due: float, moves: int) -> int:
    """``games`` playing tables, copies of ``templates`` real games; returns how many end on
    the bot's turn."""
    rng = random.Random(22)
    due_templates = max(1, round(templates * bot_due)) if bot_due > 0 else 0
    ids = [play_template(store, 7000 + i, moves + i % 3, i < due_templates)
           for i in range(templates)]
    with store.engine.connect() as conn:
        rows = {t: dict(conn.execute(select(TABLES).where(TABLES.c.id == t)).one()._mapping)
                for t in ids}
        claims = {t: [dict(r._mapping) for r in conn.execute(
            select(SEAT_CLAIMS).where(SEAT_CLAIMS.c.table_id == t))] for t in ids}
        actions = {t: [dict(r._mapping) for r in conn.execute(
            select(ACTIONS).where(ACTIONS.c.table_id == t))] for t in ids}
    due = 0
    now = int(time.time() * 1000)
    batch: dict[Any, list[dict[str, Any]]] = {TABLES: [], SEAT_CLAIMS: [], ACTIONS: []}
    for number in range(games - templates):
        # The share of bot-due tables follows --bot-due, whatever the template count.
        template = rng.randrange(due_templates) if due_templates and \
            rng.random() < bot_due else rng.randrange(due_templates, templates)
        due += template < due_templates
        table_id = f"st{number:07d}"
        # The last one is the least recently active: the last resumed (the probe).
        updated = now - (2 * 86_400_000 if number == games - templates - 1
                         else rng.randrange(86_400_000))
        batch[TABLES].append({**rows[ids[template]], "id": table_id, "updated_at": updated})
        batch[SEAT_CLAIMS] += [{**c, "table_id": table_id} for c in claims[ids[template]]]
        batch[ACTIONS] += [{**a, "table_id": table_id} for a in actions[ids[template]]]
        if len(batch[TABLES]) >= 2000:
            _flush(store, batch)
    _flush(store, batch)
    return due + due_templates


def _flush(store: Store, batch: dict[Any, list[dict[str, Any]]]) -> None:
    with store.engine.begin() as conn:
        for table in (TABLES, SEAT_CLAIMS, ACTIONS):
            if batch[table]:
                conn.execute(insert(table), batch[table])
            batch[table].clear()


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def _cpu_seconds(pid: int) -> float | None:
    """CPU time a process has used so far, all its threads (user + system)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _first_200(url: str, start: float, deadline: float, pid: int
               ) -> tuple[float, float | None] | None:
    """Seconds from ``start`` to the first 200 at ``url`` (polled every 5 ms), and the CPU
    seconds the server had used by then (on a busy machine the wall time mostly says how
    long it waited for a core; its CPU says what the start costs)."""
    with httpx.Client(timeout=5.0) as client:
        while time.monotonic() < deadline:
            with contextlib.suppress(httpx.HTTPError):
                if client.get(url).status_code == 200:
                    return time.monotonic() - start, _cpu_seconds(pid)
            time.sleep(0.005)
    return None


def start_once(db_url: str, workdir: Path, probe: str | None, timeout: float,
               env: dict[str, str] | None = None) -> dict[str, Any]:
    """Start ``ludomots serve`` once; the times to its first 200s and to every game resumed."""
    port = free_port()
    exe = Path(sys.executable).with_name("ludomots")
    command = [str(exe)] if exe.exists() else [sys.executable, "-m", "ludomots"]
    command += ["serve", "--host", "127.0.0.1", "--port", str(port), "--db", db_url,
                "--log-level", "info", "--bot-delay", "0"]
    base = f"http://127.0.0.1:{port}"
    lines: queue.Queue[tuple[float, str] | None] = queue.Queue()
    start = time.monotonic()
    deadline = start + timeout
    proc = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            text=True, cwd=workdir, env=env)

    def read() -> None:
        assert proc.stderr is not None
        for line in proc.stderr:
            lines.put((time.monotonic(), line))
        lines.put(None)

    threading.Thread(target=read, daemon=True).start()
    found: dict[str, tuple[float, float | None] | None] = {}
    pollers = [threading.Thread(target=lambda k=k, u=u: found.__setitem__(
        k, _first_200(base + u, start, deadline, proc.pid)), daemon=True)
        for k, u in (("healthz", "/healthz"), ("home", "/"))]
    for poller in pollers:
        poller.start()
    for poller in pollers:
        poller.join()
    probe_s = None
    if probe is not None and found["healthz"] is not None:
        t0 = time.monotonic()
        answer = httpx.get(f"{base}/api/tables/{probe}", timeout=30)
        probe_s = time.monotonic() - t0 if answer.status_code == 200 else None
    resumed_s = resumed = None
    log_tail: list[str] = []
    while time.monotonic() < deadline:
        try:
            item = lines.get(timeout=max(0.1, deadline - time.monotonic()))
        except queue.Empty:
            break
        if item is None:
            break
        at, line = item
        log_tail = (log_tail + [line.rstrip()])[-10:]
        match = RESUMED.search(line)
        if match:
            resumed_s, resumed = at - start, int(match.group(1))
            break
    proc.send_signal(signal.SIGINT)
    try:
        proc.wait(timeout=30)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
    if found["healthz"] is None:
        print("  the server never answered; the end of its log:\n    " + "\n    ".join(log_tail))
    healthz, home = found["healthz"], found["home"]
    return {"healthz": healthz and healthz[0], "healthz_cpu": healthz and healthz[1],
            "home": home and home[0], "resumed_s": resumed_s, "resumed": resumed,
            "probe": probe_s}


def _fmt(value: float | None, scale: float = 1.0, spec: str = ".2f") -> str:
    return "-" if value is None else format(value * scale, spec)


def report(name: str, runs: list[dict[str, Any]]) -> None:
    for number, run in enumerate(runs, 1):
        print(f"  {name:<14} run {number}: first 200 /healthz {_fmt(run['healthz'])} s "
              f"({_fmt(run['healthz_cpu'])} s of server CPU), / "
              f"{_fmt(run['home'])} s; every game resumed {_fmt(run['resumed_s'])} s "
              f"({run['resumed']} games)"
              + (f"; a table loaded on demand before its resume {_fmt(run['probe'], 1000, '.0f')}"
                 f" ms" if run["probe"] is not None else ""))
    for key in ("healthz", "healthz_cpu", "home", "resumed_s"):
        values = [r[key] for r in runs if r[key] is not None]
        if values:
            print(f"  {name:<14} {key:<11} median {statistics.median(values):.2f} s, "
                  f"max {max(values):.2f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--templates", type=int, default=24,
                        help="distinct real games copied to make the N tables")
    parser.add_argument("--moves", type=int, default=4, help="moves played at least per game")
    parser.add_argument("--bot-due", type=float, default=0.05,
                        help="share of the games left on the bot's turn (its bot plays at "
                             "resume)")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--timeout", type=float, default=600.0,
                        help="seconds allowed per start, until every game is resumed")
    parser.add_argument("--keep", action="store_true")
    parser.add_argument("--bytecode", action="store_true",
                        help="compile Ludomots's modules before the starts, as an installed "
                             "package has them")
    args = parser.parse_args()
    workdir = Path(tempfile.mkdtemp(prefix="ludomots-startup-"))
    try:
        with contextlib.suppress(OSError):
            print(f"machine: load average {Path('/proc/loadavg').read_text().split()[:3]}")
        full = f"sqlite:///{workdir / 'full.db'}"
        empty = f"sqlite:///{workdir / 'empty.db'}"
        for url in (full, empty):
            Store(url).migrate()
        started = time.monotonic()
        store = Store(full)
        due = fill(store, args.games, args.templates, args.bot_due, args.moves)
        probe = f"st{args.games - args.templates - 1:07d}"
        store.close()
        env = None
        if args.bytecode:
            env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
            env["PYTHONPYCACHEPREFIX"] = str(workdir / "pycache")
            start_once(empty, workdir, None, args.timeout, env)  # writes the cache
        print(f"modules compiled beforehand: {'yes' if args.bytecode else 'no'} "
              f"(PYTHONDONTWRITEBYTECODE={os.environ.get('PYTHONDONTWRITEBYTECODE', '')!r})")
        print(f"filled {args.games} playing Topword games ({args.templates} real games copied; "
              f"{due} on the bot's turn) in {time.monotonic() - started:.0f} s", flush=True)
        for name, url, table in (("empty", empty, None), (f"{args.games} games", full, probe)):
            runs = []
            for _ in range(args.runs):
                if url == full:  # the bots played at the last start: same start each time
                    shutil.copy(workdir / "full.db", workdir / "run.db")
                    run_url = f"sqlite:///{workdir / 'run.db'}"
                else:
                    run_url = url
                runs.append(start_once(run_url, workdir, table, args.timeout, env))
            report(name, runs)
    finally:
        if args.keep:
            print(f"kept {workdir}")
        else:
            shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    main()
