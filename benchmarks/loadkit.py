"""Shared parts of the load benchmarks (``server.py``: one process; ``load.py``: several): the
load generator over real WebSockets, ``/proc`` accounting, starting ``ludomots serve``.

The load generator runs in a process of its own (``python benchmarks/loadkit.py --loadgen``,
started by ``run_generator``) so that its CPU is not the server's: simulated Topword tables of
two humans (or one) and one bot, each human playing a real move (``real_move``, found in a
worker process of the generator) or passing after a seeded exponential think time, the
latency of an action measured from just before it is sent to the moment the OTHER human's
socket (its own, with one human) shows it applied. With several server processes
(``--ports``), table ``i`` is created through process ``i mod P``, joined through the next
one, and its two humans connect to those two processes: every measured action crosses from
one process to another (through Redis).
Prints RESULT lines (JSON) for the conductor; asserts nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import contextlib
import gc
import json
import math
import multiprocessing
import os
import platform
import queue
import random
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import websockets
from websockets.asyncio.client import connect

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from ludomots.server.gc_tuning import SERVER_THRESHOLDS  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent

TARGET_MS = 100.0
THINK_MEAN = 2.0
OPTIONS = {"referee": "auto"}
PASS = json.dumps({"type": "action", "action": {"type": "pass", "exchange": None}})
#: The issue 22 verdict: a bot's turn (from its being due to its move shown) at p95, and the
#: humans' actions delivered, at least this share of what the live tables offer.
BOT_TURN_P95_MS = 2000.0
DELIVERED_SHARE = 0.95
#: Creations + joins per minute per source address (the server allows 60).
PER_ADDRESS = 55
ADDRESS_WINDOW = 60.0
#: An action unanswered this long after the end of its window counts as infinitely late.
GRACE = 5.0


# ---- /proc ------------------------------------------------------------------------------------

CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


def _stat(pid: int) -> tuple[int, int] | None:
    """(ppid, utime + stime in ticks) of a process, or None if it is gone."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = text[text.rindex(")") + 2:].split()
    return int(fields[1]), int(fields[11]) + int(fields[12])


def _rss_kib(pid: int) -> int:
    with contextlib.suppress(OSError):
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def _processes() -> dict[int, tuple[int, int]]:
    """pid -> (ppid, CPU ticks) of every live process."""
    out = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            stat = _stat(int(entry))
            if stat is not None:
                out[int(entry)] = stat
    return out


def descendants(pid: int, processes: dict[int, tuple[int, int]] | None = None) -> list[int]:
    """Every live process below ``pid`` (the server's bot workers and their helpers)."""
    children: dict[int, list[int]] = collections.defaultdict(list)
    for child, (parent, _) in (processes if processes is not None else _processes()).items():
        children[parent].append(child)
    out: list[int] = []
    todo = list(children.get(pid, []))
    while todo and len(out) < 1000:
        child = todo.pop()
        out.append(child)
        todo.extend(children.get(child, []))
    return out


def _machine_ticks() -> tuple[int, int]:
    """(busy, total) ticks of the whole machine, every core."""
    values = [int(v) for v in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    total = sum(values[:8])
    idle = values[3] + values[4]
    return total - idle, total


@dataclass
class Snapshot:
    at: float
    main_ticks: int
    worker_ticks: dict[int, int]
    other_ticks: dict[int, int]
    main_rss: int
    worker_rss: int
    machine: tuple[int, int]


def snapshot(pids: Sequence[int], services: Sequence[int] = ()) -> Snapshot:
    """The servers' CPU and memory (summed), their children's, and the CPU of every process
    that is not part of the benchmark (neither the servers' trees, nor this process and its
    parent, nor ``services``: the benchmark's own database and Redis, counted as workers)."""
    processes = _processes()
    workers = {child: processes[child][1] for pid in [*pids, *services]
               for child in [*descendants(pid, processes), *([pid] if pid in services else [])]
               if child in processes}
    ours = {*pids, os.getpid(), os.getppid(), *workers}
    others = {p: ticks for p, (_, ticks) in processes.items() if p not in ours}
    main = sum(processes.get(pid, (0, 0))[1] for pid in pids)
    rss = sum(_rss_kib(child) for child in workers)
    return Snapshot(time.monotonic(), main, workers, others, sum(_rss_kib(p) for p in pids),
                    rss, _machine_ticks())


def usage(before: Snapshot, after: Snapshot) -> dict[str, float]:
    """CPU % (100 = one core) of the server's main process, of its children and of programs
    outside the benchmark, between two snapshots; RSS (MiB) at the second; the whole
    machine's busy % (100 = every core)."""
    elapsed = max(after.at - before.at, 1e-6)

    def spent(a: dict[int, int], b: dict[int, int]) -> float:
        ticks = sum(t - a.get(pid, 0) for pid, t in b.items())
        return 100.0 * ticks / CLOCK_TICKS / elapsed

    busy = after.machine[0] - before.machine[0]
    total = max(after.machine[1] - before.machine[1], 1)
    return {
        "server_cpu": 100.0 * (after.main_ticks - before.main_ticks) / CLOCK_TICKS / elapsed,
        "workers_cpu": spent(before.worker_ticks, after.worker_ticks),
        "other_cpu": spent(before.other_ticks, after.other_ticks),
        "server_rss_mib": after.main_rss / 1024,
        "workers_rss_mib": after.worker_rss / 1024,
        "workers": len(after.worker_ticks),
        "machine_busy": 100.0 * busy / total,
    }


def percentile(values: list[float], q: float) -> float | None:
    """Nearest-rank percentile (``q`` in 0..1); None without values."""
    if not values:
        return None
    ordered = sorted(values)
    return ordered[max(0, math.ceil(q * len(ordered)) - 1)]


# ---- the load generator (its own process) -----------------------------------------------------


def real_move(view: dict[str, Any]) -> str:
    """A real Topword action for the seat of ``view``, from what it sees only (run in the
    generator's move worker): the first legal placement the move generator finds (about a
    millisecond; ranking every move would cost the generator tens of milliseconds per action,
    more CPU than the server it measures), else a pass exchanging a tile; the acceptance of a
    last placement. Its words are ones the Topword policy accepts, so the server validates and
    scores a real word."""
    from ludomots.games.topword.board import Board, cell_name
    from ludomots.games.topword.movegen import _Generator
    from ludomots.games.topword.scoring import Rules
    from ludomots.lexicon.lexicon import get_lexicon

    game, seat = view["game"], view["table"]["you"]
    pending = game.get("pending")
    if pending is not None and pending["seat"] != seat and seat not in pending["accepted"]:
        return json.dumps({"type": "action", "action": {"type": "accept"}})
    options = game["options"]
    gen = _Generator(Board([[list(stack) for stack in row] for row in game["board"]]),
                     game["rack"], Rules(options["max_height"],
                                         options["allow_cover_whole_word"],
                                         options["allow_bare_plural"]), get_lexicon())
    found = gen.run(stop_at_first=True)
    if not found:
        rack = game["rack"]
        exchange = sorted(rack)[-1] if rack and game["bag"] else None
        return json.dumps({"type": "action", "action": {"type": "pass", "exchange": exchange}})
    move = gen.result(found[0])
    return json.dumps({"type": "action", "action": {"type": "place", "tiles": [
        f"{cell_name((r, c))}:{t}" for r, c, t in move.placement.tiles]}})


@dataclass
class Window:
    """What one measurement window collects; actions count by their send time."""

    start: float
    end: float
    latencies: list[float] = field(default_factory=list)
    mismatched: int = 0
    unanswered: int = 0
    sent: int = 0
    actions: int = 0
    bot_turns: list[float] = field(default_factory=list)
    #: bot turns completed in the window, by table
    bot_turns_by_table: collections.Counter[str] = field(default_factory=collections.Counter)
    live_samples: list[int] = field(default_factory=list)
    placements: int = 0
    refused: int = 0
    lags: list[float] = field(default_factory=list)
    http_ms: list[float] = field(default_factory=list)
    update_bytes: int = 0
    updates: int = 0
    games_over: int = 0
    errors: collections.Counter[str] = field(default_factory=collections.Counter)

    def __contains__(self, t: float) -> bool:
        return self.start <= t < self.end


@dataclass(eq=False)
class Slot:
    """One of the N tables the generator keeps live (a new table replaces a finished one)."""

    index: int
    rng: random.Random
    active: bool = True
    live: bool = False
    ever_live: bool = False
    games: int = 0
    task: asyncio.Task[None] | None = None


class AddressPool:
    """Loopback source addresses, each kept under the server's per-address HTTP limit."""

    def __init__(self, count: int) -> None:
        self.addresses = [f"127.0.0.{2 + i}" for i in range(count)]
        self._hits: dict[str, collections.deque[float]] = {
            a: collections.deque() for a in self.addresses}
        self._next = 0

    async def acquire(self, deadline: float) -> str:
        while True:
            now = time.monotonic()
            for _ in range(len(self.addresses)):
                address = self.addresses[self._next]
                self._next = (self._next + 1) % len(self.addresses)
                hits = self._hits[address]
                while hits and hits[0] <= now - ADDRESS_WINDOW:
                    hits.popleft()
                if len(hits) < PER_ADDRESS:
                    hits.append(now)
                    return address
            if now > deadline:
                raise TimeoutError("every source address is at its HTTP rate limit")
            await asyncio.sleep(0.25)


class TableRun:
    """One table being played: two human sockets, their pending actions, the measurements."""

    def __init__(self, sim: Sim, slot: Slot, table_id: str) -> None:
        self.sim = sim
        self.slot = slot
        self.table_id = table_id
        self.sockets: dict[int, Any] = {}
        self.welcomed = {0: asyncio.Event(), 1: asyncio.Event()}
        self.over_seen = {0: False, 1: False}
        #: actions count once the move is applied -> (send time, seat)
        self.pending: dict[int, tuple[float, int]] = {}
        self.acted: set[tuple[int, int]] = set()
        self.tasks: set[asyncio.Task[None]] = set()
        self.bot_wait: tuple[int, float] | None = None
        self.seen_actions: int | None = None
        self.closing = False
        #: the seat whose socket follows the table's count of actions and the bot
        self.watcher = 0
        self.bot_seat = sim.humans
        self.fallbacks: set[tuple[int, int]] = set()

    async def reader(self, seat: int, token: str) -> str:
        ws = self.sockets[seat]
        try:
            await ws.send(json.dumps({"type": "hello", "token": token}))
            async for raw in ws:
                now = time.perf_counter()
                message = json.loads(raw)
                kind = message.get("type")
                if kind in ("welcome", "update"):
                    if kind == "welcome":
                        if message.get("seat") != seat:
                            # our hello came after the server's grace: a spectator welcome
                            # first; the welcome with the seat follows
                            self.sim.error("spectator_welcome_first", now)
                            continue
                        self.welcomed[seat].set()
                    self.on_view(seat, message["view"], now, len(raw))
                    if self.over_seen[seat]:
                        return "over"
                elif kind == "error":
                    self.sim.error(str(message.get("code")), now)
                    self.refused(seat)
        except websockets.ConnectionClosed:
            pass
        return f"closed_{ws.close_code}"

    def on_view(self, seat: int, view: dict[str, Any], now: float, size: int) -> None:
        sim = self.sim
        table, game = view["table"], view["game"]
        actions = table["actions"]
        window = sim.window
        if window is not None and now in window:
            window.updates += 1
            window.update_bytes += size
        if self.pending:
            last = game.get("last") or {}
            # Seen by the OTHER human's socket (by its own with one human).
            for k in [k for k, (_, mover) in self.pending.items()
                      if k <= actions and (mover != seat or sim.humans == 1)]:
                t0, mover = self.pending.pop(k)
                exact = actions > k or last.get("seat") == mover
                sim.record_latency(t0, now - t0, exact)
        if seat == self.watcher:
            if self.seen_actions is not None and actions > self.seen_actions and \
                    window is not None and now in window:
                window.actions += actions - self.seen_actions
            self.seen_actions = actions
            if self.bot_wait is not None and actions > self.bot_wait[0]:
                if window is not None and self.bot_wait[1] in window:
                    window.bot_turns.append(now - self.bot_wait[1])
                if window is not None and now in window:
                    window.bot_turns_by_table[self.table_id] += 1
                self.bot_wait = None
            if self.bot_seat in table["to_act"] and self.bot_wait is None:
                self.bot_wait = (actions, now)
        if game.get("over") or table.get("status") in ("over", "broken"):
            if table.get("status") == "broken":
                sim.error("table_broken", now)
            self.over_seen[seat] = True
            return
        if seat in table["to_act"] and (seat, actions) not in self.acted and self.slot.active:
            self.acted.add((seat, actions))
            task = asyncio.get_running_loop().create_task(self.act(seat, actions, view))
            self.tasks.add(task)
            task.add_done_callback(self.tasks.discard)

    async def act(self, seat: int, actions: int, view: dict[str, Any]) -> None:
        think = min(self.slot.rng.expovariate(1.0 / self.sim.think_mean),
                    6 * self.sim.think_mean)
        # The move is found while the human "thinks", in the generator's move worker.
        decided = (asyncio.get_running_loop().run_in_executor(self.sim.movegen, real_move, view)
                   if self.sim.movegen is not None else None)
        await asyncio.sleep(think)
        message = PASS if decided is None else await decided
        await self.send(seat, actions, message)

    def refused(self, seat: int) -> None:
        """The server refused ``seat``'s action (it should not: the move generator only
        plays legal moves): it is not measured, and the human passes instead, once."""
        mine = [k for k, (_, mover) in self.pending.items() if mover == seat]
        if not mine or (seat, min(mine)) in self.fallbacks:
            for k in mine:
                self.pending.pop(k)
            return
        self.fallbacks.add((seat, min(mine)))
        for k in mine:
            t0, _ = self.pending.pop(k)
            if self.sim.window is not None and t0 in self.sim.window:
                self.sim.window.refused += 1
        task = asyncio.get_running_loop().create_task(self.send(seat, min(mine) - 1, PASS))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def send(self, seat: int, actions: int, message: str) -> None:
        if self.closing or not self.slot.active or self.sim.stopping:
            return
        t0 = time.perf_counter()
        self.pending[actions + 1] = (t0, seat)
        window = self.sim.window
        if window is not None and t0 in window:
            window.sent += 1
            if '"place"' in message:
                window.placements += 1
        try:
            await self.sockets[seat].send(message)
        except websockets.ConnectionClosed:
            self.pending.pop(actions + 1, None)

    async def both_welcomed(self) -> None:
        for seat in range(self.sim.humans):
            await self.welcomed[seat].wait()

    def abandon_pending(self) -> None:
        """Actions that will never be answered (the table is being left)."""
        window = self.sim.window
        for t0, _ in self.pending.values():
            if window is not None and t0 in window:
                window.unanswered += 1
        self.pending.clear()


class Sim:
    """The load generator: N slots, each playing table after table."""

    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        self.http_urls = [f"http://127.0.0.1:{port}" for port in args.ports]
        self.ws_urls = [f"ws://127.0.0.1:{port}" for port in args.ports]
        self.think_mean: float = args.think_mean
        self.humans: int = args.humans
        self.seats = [{"kind": "human"}] * args.humans + [{"kind": "bot",
                                                           "level": args.bot_level}]
        self.movegen: ProcessPoolExecutor | None = (
            ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"))
            if args.moves == "real" else None)
        self.pool = AddressPool(args.addresses)
        self.clients = {
            a: httpx.AsyncClient(timeout=20.0,
                                 transport=httpx.AsyncHTTPTransport(local_address=a))
            for a in self.pool.addresses}
        self.slots: list[Slot] = []
        self.runs: set[TableRun] = set()
        self.window: Window | None = None
        self.stopping = False
        self.setup = asyncio.Semaphore(args.setup_concurrency)
        self.totals: collections.Counter[str] = collections.Counter()
        self.failures_shown = 0

    # -- recording --

    def error(self, code: str, now: float) -> None:
        self.totals["error:" + code] += 1
        if self.window is not None and now in self.window:
            self.window.errors[code] += 1

    def record_latency(self, t0: float, latency: float, exact: bool) -> None:
        window = self.window
        if window is not None and t0 in window:
            window.latencies.append(latency)
            if not exact:
                window.mismatched += 1

    # -- HTTP --

    async def post(self, path: str, body: dict[str, Any], *, idempotent: bool = True,
                   process: int = 0                   ) -> tuple[dict[str, Any], str]:
        """POST from the next source address with room under the server's limit; retried on
        429 and 5xx, and on transport errors only when ``idempotent`` (a join that timed out
        may have taken the seat)."""
        deadline = time.monotonic() + 120
        for attempt in range(6):
            address = await self.pool.acquire(deadline)
            started = time.perf_counter()
            try:
                response = await self.clients[address].post(
                    self.http_urls[process % len(self.http_urls)] + path, json=body)
            except httpx.HTTPError as exc:
                self.error("http_" + type(exc).__name__, started)
                if not idempotent:
                    raise
                await asyncio.sleep(1 + attempt)
                continue
            if self.window is not None and started in self.window:
                self.window.http_ms.append(1000 * (time.perf_counter() - started))
            if response.status_code in (200, 201):
                return response.json(), address
            self.error(f"http_{response.status_code}", started)
            if response.status_code == 429 or response.status_code >= 500:
                await asyncio.sleep(1 + attempt)
                continue
            raise RuntimeError(f"POST {path}: HTTP {response.status_code} {response.text[:200]}")
        raise RuntimeError(f"POST {path}: gave up after retries")

    async def connect(self, table_id: str, address: str, process: int = 0) -> Any:
        base = self.ws_urls[process % len(self.ws_urls)]
        return await connect(f"{base}/ws/tables/{table_id}", open_timeout=20,
                             close_timeout=2, ping_interval=None, max_size=2**20,
                             local_addr=(address, 0))

    # -- tables --

    async def play_table(self, slot: Slot) -> None:
        """Create a table, join it, play it to the end (or until the slot is retired)."""
        n = slot.index
        async with self.setup:
            # With several processes, the two humans of a table use two different ones.
            created, address0 = await self.post("/api/tables", {
                "game": "topword", "options": OPTIONS, "seats": self.seats,
                "seconds_per_move": 0, "name": f"Alice {n}"}, process=n)
            table_id = created["table"]
            tokens = {created["seat"]: created["token"]}
            if self.humans == 2:
                joined, address1 = await self.post(f"/api/tables/{table_id}/join",
                                                   {"name": f"Bruno {n}"}, idempotent=False,
                                                   process=n + 1)
                tokens[joined["seat"]] = joined["token"]
            self.totals["tables_created"] += 1
            run = TableRun(self, slot, table_id)
            if sorted(tokens) != list(range(self.humans)):
                raise RuntimeError(f"unexpected seats {sorted(tokens)}")
            try:
                run.sockets[created["seat"]] = await self.connect(table_id, address0, n)
                if self.humans == 2:
                    run.sockets[joined["seat"]] = await self.connect(table_id, address1,
                                                                     n + 1)
            except BaseException:
                for ws in run.sockets.values():
                    with contextlib.suppress(Exception):
                        await asyncio.wait_for(ws.close(), 3)
                raise
        loop = asyncio.get_running_loop()
        readers = {seat: loop.create_task(run.reader(seat, tokens[seat]))
                   for seat in range(self.humans)}
        self.runs.add(run)
        try:
            await asyncio.wait_for(run.both_welcomed(), 20)
            slot.live = slot.ever_live = True
            slot.games += 1
            done: set[asyncio.Task[str]] = set()
            while not done and slot.active and not self.stopping:
                done, _ = await asyncio.wait(readers.values(), timeout=1.0,
                                             return_when=asyncio.FIRST_COMPLETED)
            if done:
                outcome = next(iter(done)).result()
                if outcome == "over":  # let the other socket see the last update too
                    await asyncio.wait(readers.values(), timeout=5.0)
                    self.totals["games_over"] += 1
                    if self.window is not None and time.perf_counter() in self.window:
                        self.window.games_over += 1
                else:
                    self.error("socket_" + outcome, time.perf_counter())
        finally:
            slot.live = False
            run.closing = True
            self.runs.discard(run)
            for task in list(run.tasks):
                task.cancel()
            run.abandon_pending()
            for ws in run.sockets.values():
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(ws.close(), 3)
            for reader in readers.values():
                reader.cancel()
            await asyncio.gather(*readers.values(), return_exceptions=True)

    async def slot_loop(self, slot: Slot) -> None:
        failures = 0
        while slot.active and not self.stopping:
            try:
                await self.play_table(slot)
                failures = 0
            except Exception as exc:  # counted and shown, then the slot tries again
                failures += 1
                self.error("table_failed_" + type(exc).__name__, time.perf_counter())
                if self.failures_shown < 10:
                    self.failures_shown += 1
                    print(f"  table slot {slot.index}: {type(exc).__name__}: {exc}",
                          file=sys.stderr, flush=True)
                await asyncio.sleep(min(10.0, 1.0 * failures))

    def scale(self, n: int) -> None:
        """Keep exactly ``n`` slots active (retired slots leave their table idle)."""
        loop = asyncio.get_running_loop()
        for slot in self.slots[n:]:
            slot.active = False
        while len(self.slots) < n:
            index = len(self.slots)
            self.slots.append(Slot(index, random.Random(self.args.seed * 1_000_003 + index)))
        for slot in self.slots[:n]:
            slot.active = True
            if slot.task is None or slot.task.done():
                slot.ever_live = False
                slot.task = loop.create_task(self.slot_loop(slot), name=f"slot-{slot.index}")

    def live(self) -> int:
        return sum(1 for s in self.slots if s.active and s.live)

    async def wait_started(self, n: int, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if all(s.ever_live for s in self.slots[:n]) and self.live() >= 0.95 * n:
                return
            await asyncio.sleep(0.5)

    async def lag_monitor(self) -> None:
        """How late this process's event loop wakes up (its own share of the latencies)."""
        tick = 0.05
        while not self.stopping:
            t = time.perf_counter()
            await asyncio.sleep(tick)
            window = self.window
            if window is not None and t in window:
                window.lags.append(time.perf_counter() - t - tick)

    async def close(self) -> None:
        self.stopping = True
        tasks = [s.task for s in self.slots if s.task is not None]
        with contextlib.suppress(Exception):
            await asyncio.wait_for(asyncio.gather(*tasks, return_exceptions=True), 20)
        for task in tasks:
            task.cancel()
        for client in self.clients.values():
            with contextlib.suppress(Exception):
                await client.aclose()
        if self.movegen is not None:
            self.movegen.shutdown(cancel_futures=True)


async def wait_quiet(args: argparse.Namespace) -> None:
    """Wait, at most ``--quiet-wait`` seconds, until the programs outside the benchmark use
    less than ``--quiet`` % of a core (another test suite on the machine skews every figure)."""
    deadline = time.monotonic() + args.quiet_wait
    said = False
    while time.monotonic() < deadline:
        before = snapshot(args.server_pids, args.service_pids)
        await asyncio.sleep(2.0)
        other = usage(before, snapshot(args.server_pids, args.service_pids))["other_cpu"]
        if other <= args.quiet:
            return
        if not said:
            said = True
            print(f"  other programs use {other:.0f}% of a core: waiting up to "
                  f"{args.quiet_wait:g} s for them to calm down", file=sys.stderr, flush=True)


#: The servers' histogram of a bot decision's wait for a free worker (``botpool.py``).
BOT_QUEUE_METRIC = "ludomots_bot_queue_seconds"


async def bot_queue_buckets(sim: Sim) -> collections.Counter[float]:
    """Every server's ``ludomots_bot_queue_seconds`` buckets summed (cumulative count by
    upper bound, every game); empty if no server answers."""
    from prometheus_client.parser import text_string_to_metric_families

    totals: collections.Counter[float] = collections.Counter()
    client = next(iter(sim.clients.values()))
    for url in sim.http_urls:
        try:
            text = (await client.get(url + "/metrics")).text
        except httpx.HTTPError:
            continue
        for family in text_string_to_metric_families(text):
            for sample in family.samples:
                if sample.name == BOT_QUEUE_METRIC + "_bucket":
                    totals[float(sample.labels["le"])] += sample.value
    return totals


def histogram_quantile(before: collections.Counter[float], after: collections.Counter[float],
                       q: float) -> float | None:
    """The ``q`` quantile of what a histogram counted between two scrapes, interpolated
    linearly inside its bucket (as Prometheus's ``histogram_quantile``); None if nothing."""
    bounds = sorted(after)
    counts = [after[b] - before.get(b, 0.0) for b in bounds]
    if not counts or counts[-1] <= 0:
        return None
    rank = q * counts[-1]
    low, below = 0.0, 0.0
    for bound, count in zip(bounds, counts, strict=True):
        if count >= rank:
            if math.isinf(bound):  # past the last finite bound: say that bound
                return low
            return low + (bound - low) * (rank - below) / max(count - below, 1e-12)
        low, below = bound, count
    return low


async def run_step(sim: Sim, n: int, args: argparse.Namespace) -> dict[str, Any]:
    started = time.monotonic()
    before_tables = sim.totals["tables_created"]
    sim.scale(n)
    await sim.wait_started(n, timeout=args.start_timeout)
    ramp = time.monotonic() - started
    print(f"  {n} tables: {sim.live()} live after {ramp:.0f} s; warm-up {args.warmup:g} s, "
          f"then measuring {args.window:g} s", file=sys.stderr, flush=True)
    await asyncio.sleep(args.warmup)
    await wait_quiet(args)
    live_start = sim.live()
    now = time.perf_counter()
    window = Window(now, now + args.window)
    waits0 = await bot_queue_buckets(sim)
    snap0 = snapshot(args.server_pids, args.service_pids)
    cpu0 = time.process_time()
    profiler = start_profiler(args, n)
    sim.window = window
    while time.perf_counter() < window.end:
        window.live_samples.append(sim.live())
        await asyncio.sleep(min(0.5, max(0.0, window.end - time.perf_counter())))
    snap1 = snapshot(args.server_pids, args.service_pids)
    cpu1 = time.process_time()
    if profiler is not None:
        await asyncio.to_thread(profiler.wait, args.window + 30)
    waits1 = await bot_queue_buckets(sim)
    live_end = sim.live()
    await asyncio.sleep(GRACE)
    for run in list(sim.runs):  # still unanswered GRACE seconds after the window
        for t0, _ in list(run.pending.values()):
            if t0 in window:
                window.unanswered += 1
    sim.window = None
    latencies = window.latencies + [math.inf] * window.unanswered
    ms = [1000 * x for x in latencies]

    def q(values: list[float], p: float, scale: float = 1.0) -> float | None:
        value = percentile(values, p)
        return None if value is None else value * scale

    p99 = q(ms, 0.99)
    latency_met = p99 is not None and p99 <= args.target_ms and len(ms) >= 20
    bot_p95 = q(window.bot_turns, 0.95, 1000)
    # Offered: every live table's humans act in turn after a think time (truncated at 6
    # means), so a table offers one human action per mean think time when the server and
    # its bot answer at once.
    mean_live = statistics.fmean(window.live_samples) if window.live_samples else 0.0
    offered = mean_live / (args.think_mean * (1 - math.exp(-6)))
    delivered = window.sent / args.window
    starved = sum(1 for run in sim.runs if run.bot_wait is not None
                  and time.perf_counter() - run.bot_wait[1] > BOT_TURN_P95_MS / 1000)
    bot_met = bot_p95 is not None and bot_p95 <= BOT_TURN_P95_MS
    load_met = offered > 0 and delivered >= DELIVERED_SHARE * offered
    passed = latency_met and bot_met and load_met
    resources = usage(snap0, snap1)
    all_actions = window.actions / args.window
    return {
        "tables": n, "live_start": live_start, "live_end": live_end, "ramp_s": ramp,
        "window_s": args.window, "samples": len(window.latencies), "sent": window.sent,
        "unanswered": window.unanswered, "mismatched": window.mismatched,
        "p50_ms": q(ms, 0.50), "p95_ms": q(ms, 0.95), "p99_ms": p99,
        "max_ms": max(ms) if ms else None,
        "human_actions_s": window.sent / args.window,
        "all_actions_s": all_actions,
        "server_ms_per_action": (10.0 * resources["server_cpu"] / all_actions
                                 if all_actions else None),
        "bot_turn_p50_ms": q(window.bot_turns, 0.50, 1000),
        "bot_turn_p95_ms": bot_p95,
        "bot_turn_p99_ms": q(window.bot_turns, 0.99, 1000),
        # The wait for a worker, from the servers' histogram (interpolated in its buckets).
        "bot_wait_p50_ms": _scaled(histogram_quantile(waits0, waits1, 0.50), 1000),
        "bot_wait_p95_ms": _scaled(histogram_quantile(waits0, waits1, 0.95), 1000),
        "bot_waits": waits1[math.inf] - waits0[math.inf],
        "bot_turns": len(window.bot_turns),
        "tables_with_bot_turns": len(window.bot_turns_by_table),
        "bot_turns_per_table_p50": (statistics.median(window.bot_turns_by_table.values())
                                    if window.bot_turns_by_table else 0),
        "bots_waiting_over_2s": starved,
        "mean_live": mean_live, "offered_s": offered, "delivered_share": (
            delivered / offered if offered else None),
        "placements": window.placements, "refused": window.refused,
        "latency_met": latency_met, "bot_met": bot_met, "load_met": load_met,
        "http_p50_ms": q(window.http_ms, 0.50), "http_p99_ms": q(window.http_ms, 0.99),
        "games_over": window.games_over,
        "tables_created": sim.totals["tables_created"] - before_tables,
        "update_bytes": window.update_bytes / window.updates if window.updates else None,
        "errors": dict(window.errors),
        "loadgen_cpu": 100.0 * (cpu1 - cpu0) / args.window,
        "loadgen_lag_p99_ms": q(window.lags, 0.99, 1000),
        "loadgen_lag_max_ms": max(window.lags) * 1000 if window.lags else None,
        **resources,
        "disturbed": resources["other_cpu"] > args.quiet,
        "passed": passed,
    }


def py_spy() -> str:
    return shutil.which("py-spy", path=str(Path(sys.executable).parent)) or \
        shutil.which("py-spy") or ""


def start_profiler(args: argparse.Namespace, n: int) -> subprocess.Popen[bytes] | None:
    """With ``--profile PREFIX``: py-spy samples the first server process for the measured
    window, writing collapsed stacks to ``PREFIX.<tables>.txt`` (read them with
    ``benchmarks/layers.py``). Only the thread holding the GIL is sampled (``--gil``): a
    thread merely runnable, waiting for a core on a busy machine, would otherwise count as
    busy. Its own CPU counts as "other"."""
    if not args.profile:
        return None
    out = f"{args.profile}.{n}.txt"
    return subprocess.Popen(
        [py_spy(), "record", "--pid", str(args.server_pids[0]), "--format", "raw", "--duration",
         str(math.ceil(args.window)), "--gil", "--nonblocking", "--output", out],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def _scaled(value: float | None, scale: float) -> float | None:
    return None if value is None else value * scale


def step_estimate(args: argparse.Namespace, current: int, n: int) -> float:
    return float(args.warmup + args.window + GRACE + 10 + max(0, n - current) * 0.15
                 + min(args.quiet_wait, 20))


async def loadgen_main(args: argparse.Namespace) -> None:
    deadline = time.monotonic() + args.budget
    sim = Sim(args)
    monitor = asyncio.get_running_loop().create_task(sim.lag_monitor())
    results: list[dict[str, Any]] = []
    current = 0

    def emit(result: dict[str, Any]) -> None:
        results.append(result)
        print("RESULT " + json.dumps(result), flush=True)

    async def step(n: int) -> dict[str, Any] | None:
        nonlocal current
        if time.monotonic() + step_estimate(args, current, n) > deadline:
            print(f"  skipping {n} tables: not enough time left in the budget",
                  file=sys.stderr, flush=True)
            return None
        result = await run_step(sim, n, args)
        current = n
        emit(result)
        p99 = result["p99_ms"]
        shown = "none" if p99 is None else ("inf" if math.isinf(p99) else f"{p99:.1f} ms")
        print(f"  {n} tables: p99 {shown}, bot p95 {_fmt(result['bot_turn_p95_ms'])} ms "
              f"(waiting for a worker: p50 {_fmt(result['bot_wait_p50_ms'])} ms, p95 "
              f"{_fmt(result['bot_wait_p95_ms'])} ms), "
              f"delivered {_fmt(result['delivered_share'] and 100 * result['delivered_share'])}"
              f"% of the offered load -> {'meets' if result['passed'] else 'misses'} the "
              f"verdict", file=sys.stderr, flush=True)
        return result

    try:
        for n in args.sizes:
            if await step(n) is None:
                break
        if results and results[-1]["tables"] == max(args.sizes) and results[-1]["passed"]:
            for n in args.extra:
                result = await step(n)
                if result is None or not result["passed"]:
                    break
        for _ in range(args.bisect):
            failing = [r["tables"] for r in results if not r["passed"]]
            if not failing:
                break
            hi = min(failing)
            lo = max((r["tables"] for r in results if r["passed"] and r["tables"] < hi),
                     default=0)
            mid = int(round((lo + hi) / 2 / 10) * 10) if hi - lo >= 20 else (lo + hi) // 2
            if hi - lo <= max(10, hi // 10) or mid in (lo, hi) or mid <= 0:
                break
            if await step(mid) is None:
                break
    finally:
        sim.stopping = True
        monitor.cancel()
        await sim.close()
        print(f"DONE {json.dumps(dict(sim.totals))}", flush=True)


def run_loadgen(args: argparse.Namespace) -> None:
    # The generator's own collector pauses (up to 0.4 s at 500 tables) would count as server
    # latency: it gets the server's settings.
    gc.freeze()
    gc.set_threshold(*SERVER_THRESHOLDS)
    try:
        import uvloop
    except ImportError:
        asyncio.run(loadgen_main(args))
    else:
        uvloop.run(loadgen_main(args))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _lines(stream: Any, out: queue.Queue[str | None]) -> None:
    for line in stream:
        out.put(line)
    out.put(None)


@contextlib.contextmanager
def server(args: argparse.Namespace, workdir: Path, *, db_url: str | None = None,
           extra: Sequence[str] = (), log_name: str = "server.log",
           preexec: Callable[[], None] | None = None
           ) -> Iterator[tuple[subprocess.Popen[str], int]]:
    """``ludomots serve`` on a free loopback port (a fresh SQLite file unless ``db_url``),
    with ``extra`` options; (process, port) once it says it is ready. ``preexec`` runs in the
    child before the server starts (`cpulimit.py`: joining a capped control group)."""
    port = free_port()
    exe = Path(sys.executable).with_name("ludomots")
    command = [str(exe)] if exe.exists() else [sys.executable, "-m", "ludomots"]
    command += ["serve", "--host", "127.0.0.1", "--port", str(port),
                "--db", db_url or f"sqlite:///{workdir / 'bench.db'}", "--executor",
                args.executor, "--bot-delay", str(args.bot_delay), "--log-level",
                args.log_level, *extra, *args.serve_option]
    print("server: " + " ".join(command), flush=True)
    log = (workdir / log_name).open("w")
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=log, text=True,
                            cwd=workdir, env={**os.environ, "PYTHONUNBUFFERED": "1"},
                            preexec_fn=preexec)
    lines: queue.Queue[str | None] = queue.Queue()
    threading.Thread(target=_lines, args=(proc.stdout, lines), daemon=True).start()
    children: set[int] = set()
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                line = lines.get(timeout=max(0.1, deadline - time.monotonic()))
            except queue.Empty:
                raise RuntimeError("the server did not say it was ready within 60 s") from None
            if line is None:
                log.flush()
                tail = (workdir / log_name).read_text(errors="replace").strip().splitlines()
                raise RuntimeError(f"the server exited ({proc.wait()}); the end of its log "
                                   f"{workdir / log_name}:\n" + "\n".join(tail[-15:]))
            if "http://" in line:
                print("server: " + line.strip(), flush=True)
                break
        children.update(descendants(proc.pid))
        yield proc, port
    finally:
        children.update(descendants(proc.pid))
        if proc.poll() is None:
            proc.send_signal(signal.SIGINT)  # uvicorn's graceful shutdown
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                print("server: no exit 30 s after SIGINT; terminating", flush=True)
                proc.terminate()
                try:
                    proc.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    proc.kill()
                    proc.wait(timeout=10)
        for pid in children:  # bot workers left behind (only the ones this server started)
            if _stat(pid) is not None:
                with contextlib.suppress(OSError):
                    os.kill(pid, signal.SIGKILL)
        log.close()
        print(f"server: stopped (exit code {proc.returncode})", flush=True)


def finish(workdir: Path, keep: bool, failed: bool) -> None:
    """Delete the working folder, unless asked to keep it or the run failed (its logs say
    why)."""
    if keep or failed:
        print(f"kept {workdir}" + (" (the run failed: its server logs are there)"
                                   if failed else ""), flush=True)
    else:
        shutil.rmtree(workdir, ignore_errors=True)


def machine_note() -> str:
    model = "?"
    with contextlib.suppress(OSError):
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    try:
        import uvloop  # noqa: F401
        loop = "uvloop"
    except ImportError:
        loop = "asyncio"
    return (f"{os.cpu_count()} cores ({model}), Python {platform.python_version()}, "
            f"load generator on {loop}. The load generator runs on the same cores as the "
            f"server: its CPU is shown, and its event-loop lag is part of every latency.")


def _fmt(value: Any, spec: str = ".0f") -> str:
    if value is None:
        return "-"
    if isinstance(value, float) and math.isinf(value):
        return "inf"
    return format(value, spec)


def summarize_log(path: Path) -> None:
    if not path.exists():
        return
    counts: collections.Counter[str] = collections.Counter()
    for line in path.read_text(errors="replace").splitlines():
        parts = line.split(" ", 4)
        if len(parts) == 5 and parts[2] in ("WARNING", "ERROR", "CRITICAL"):
            counts[f"{parts[2]} {parts[3]} {parts[4][:90]}"] += 1
        elif line.startswith("Traceback"):
            counts["Traceback"] += 1
    if counts:
        print(f"\nserver log ({path}), warnings and errors:")
        for text, count in counts.most_common(12):
            print(f"  {count:>6} x {text}")
    else:
        print(f"\nserver log ({path}): no warnings or errors")




def report(results: list[dict[str, Any]], args: argparse.Namespace) -> None:
    if not results:
        print("\nno size was measured")
        return
    results = sorted(results, key=lambda r: r["tables"])
    print(f"\nAction-to-broadcast latency of the humans' actions (ms; target p99 <= "
          f"{args.target_ms:g}); {args.window:g} s windows after {args.warmup:g} s warm-up")
    print(f"{'tables':>6} {'live':>9} {'samples':>7} {'p50':>7} {'p95':>7} {'p99':>7} "
          f"{'max':>7} {'unans':>5} {'hum/s':>6} {'offer/s':>7} {'all/s':>6} {'bot p50':>7} "
          f"{'bot p95':>7} {'wait50':>6} {'wait95':>6} {'games':>5}  verdict")
    for r in results:
        live = f"{r['live_start']}/{r['live_end']}"
        missed = [name for name, key in (("p99", "latency_met"), ("bots", "bot_met"),
                                         ("load", "load_met")) if not r.get(key, True)]
        print(f"{r['tables']:>6} {live:>9} {r['samples']:>7} {_fmt(r['p50_ms'], '.1f'):>7} "
              f"{_fmt(r['p95_ms'], '.1f'):>7} {_fmt(r['p99_ms'], '.1f'):>7} "
              f"{_fmt(r['max_ms'], '.0f'):>7} {r['unanswered']:>5} "
              f"{r['human_actions_s']:>6.1f} {_fmt(r.get('offered_s'), '.1f'):>7} "
              f"{r['all_actions_s']:>6.1f} "
              f"{_fmt(r['bot_turn_p50_ms'], '.0f'):>7} {_fmt(r.get('bot_turn_p95_ms'), '.0f'):>7} "
              f"{_fmt(r.get('bot_wait_p50_ms'), '.0f'):>6} "
              f"{_fmt(r.get('bot_wait_p95_ms'), '.0f'):>6} "
              f"{r['games_over']:>5}  {'meets' if r['passed'] else 'MISSES ' + '+'.join(missed)}"
              f"{' (disturbed)' if r.get('disturbed') else ''}")
    print("(bot p50/p95: a bot's turn, from its being due to its move shown; wait50/wait95: "
          "its decision waiting for a free bot worker, from the servers' "
          f"{BOT_QUEUE_METRIC} histogram, interpolated in its buckets)")
    print(f"\nBot turns and moves in the window (verdict: human p99 <= {args.target_ms:g} ms, "
          f"bot-turn p95 <= {BOT_TURN_P95_MS:g} ms, human actions >= "
          f"{100 * DELIVERED_SHARE:g}% of the offered)")
    print(f"{'tables':>6} {'bot turns':>9} {'tables w/':>9} {'per table':>9} {'waiting>2s':>10} "
          f"{'bot p99':>7} {'placed':>6} {'refused':>7} {'delivered':>9}")
    for r in results:
        share = r.get("delivered_share")
        print(f"{r['tables']:>6} {r.get('bot_turns', 0):>9} {r.get('tables_with_bot_turns', 0):>9} "
              f"{_fmt(r.get('bot_turns_per_table_p50'), '.1f'):>9} "
              f"{r.get('bots_waiting_over_2s', 0):>10} {_fmt(r['bot_turn_p99_ms'], '.0f'):>7} "
              f"{r.get('placements', 0):>6} {r.get('refused', 0):>7} "
              f"{_fmt(share and 100 * share, '.1f'):>8}%")
    print("\nResources over the window (CPU %: 100 = one core; machine %: 100 = every core)")
    print(f"{'tables':>6} {'server':>7} {'bots':>6} {'RSS MiB':>8} {'bots MiB':>8} "
          f"{'ms/act':>6} {'machine':>7} {'loadgen':>7} {'other':>6} {'lag p99':>7} "
          f"{'lag max':>7} {'http p99':>8} {'update B':>8}  errors")
    for r in results:
        errors = ", ".join(f"{k} {v}" for k, v in sorted(r["errors"].items())) or "none"
        if r["mismatched"]:
            errors += f"; {r['mismatched']} updates not showing the pass"
        print(f"{r['tables']:>6} {r['server_cpu']:>6.0f}% {r['workers_cpu']:>5.0f}% "
              f"{r['server_rss_mib']:>8.0f} {r['workers_rss_mib']:>8.0f} "
              f"{_fmt(r['server_ms_per_action'], '.2f'):>6} "
              f"{r['machine_busy']:>6.0f}% {r['loadgen_cpu']:>6.0f}% {r['other_cpu']:>5.0f}% "
              f"{_fmt(r['loadgen_lag_p99_ms'], '.1f'):>7} "
              f"{_fmt(r['loadgen_lag_max_ms'], '.0f'):>7} {_fmt(r['http_p99_ms'], '.0f'):>8} "
              f"{_fmt(r['update_bytes'], '.0f'):>8}  {errors}")
    print(f"(other: CPU of the programs outside this benchmark; over {args.quiet:g}% "
          f"the window is marked disturbed. ms/act: CPU of the server process, all its threads, "
          f"per action played, bots' included; the bot workers are apart)")
    passing = [r["tables"] for r in results if r["passed"]]
    failing = [r["tables"] for r in results if not r["passed"]]
    best = max((n for n in passing if not failing or n < min(failing)), default=None)
    print()
    if best is None:
        print(f"largest number of tables meeting the verdict: none of the "
              f"sizes tried ({', '.join(map(str, sorted(failing)))})")
    else:
        above = f" (misses at {min(failing)})" if failing else " (every size tried meets it)"
        print(f"largest number of tables meeting the verdict: {best}{above}")
    disturbed = [str(r["tables"]) for r in results if r.get("disturbed")]
    if disturbed:
        print(f"note: other programs were busy during the windows of {', '.join(disturbed)} "
              f"tables: those figures are pessimistic; rerun on a quiet machine")
    for n in (100, 500):
        found = [x for x in results if x["tables"] == n]
        if found:
            r = found[-1]
            print(f"at {n} tables: p50 {_fmt(r['p50_ms'], '.1f')} ms, p99 "
                  f"{_fmt(r['p99_ms'], '.1f')} ms")


# ---- running the load generator from a conductor ------------------------------------------------


def add_load_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of the load itself, shared by the conductors and the generator."""
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--think-mean", type=float, default=THINK_MEAN,
                        help="mean seconds a simulated human waits before acting")
    parser.add_argument("--target-ms", type=float, default=TARGET_MS)
    parser.add_argument("--addresses", type=int, default=40,
                        help="loopback source addresses for the simulated clients")
    parser.add_argument("--setup-concurrency", type=int, default=16,
                        help="tables being created and joined at once")
    parser.add_argument("--start-timeout", type=float, default=120.0,
                        help="seconds to wait for new tables to start")
    parser.add_argument("--quiet", type=float, default=25.0,
                        help="CPU %% of a core other programs may use during a window (25)")
    parser.add_argument("--moves", choices=["real", "pass"], default="real",
                        help="real: the humans play Topword placements found by the move "
                             "generator; pass: they only pass (the load before issue 22)")
    parser.add_argument("--humans", type=int, choices=[1, 2], default=2,
                        help="humans per table, with one bot")
    parser.add_argument("--bot-level", default="debutant",
                        choices=["debutant", "confirme", "expert"])
    parser.add_argument("--executor", choices=["process", "thread"], default="process")
    parser.add_argument("--bot-delay", type=float, default=0.0)
    parser.add_argument("--serve-option", action="append", default=[],
                        help="extra option for `ludomots serve` (repeatable), e.g. "
                             "--serve-option=--no-ws-compression")
    parser.add_argument("--log-level", default="warning",
                        choices=["debug", "info", "warning", "error"])
    parser.add_argument("--keep", action="store_true", help="keep the database and server log")
    parser.add_argument("--profile", default="",
                        help="sample the (first) server process with py-spy during each "
                             "measured window: collapsed stacks in PROFILE.<tables>.txt, "
                             "broken down by `python benchmarks/layers.py PROFILE.<tables>.txt`"
                             " (needs py-spy: pip install -e '.[profile]')")


def _csv(values: Sequence[Any]) -> str:
    return ",".join(map(str, values))


def run_generator(args: argparse.Namespace, servers: Sequence[tuple[subprocess.Popen[str], int]],
                  service_pids: Sequence[int] = ()) -> list[dict[str, Any]]:
    """Run the load generator against ``servers`` (process, port) with the sizes, window and
    budget of ``args``; its RESULT lines, one per size tried."""
    if args.profile and not py_spy():
        raise SystemExit("--profile needs py-spy: pip install -e '.[profile]'")
    command = [sys.executable, str(Path(__file__).resolve()), "--loadgen",
               "--ports", _csv([port for _, port in servers]),
               "--server-pids", _csv([proc.pid for proc, _ in servers]),
               "--service-pids", _csv(service_pids),
               "--sizes", _csv(args.sizes), "--extra", _csv(args.extra),
               "--window", str(args.window), "--warmup", str(args.warmup),
               "--seed", str(args.seed), "--budget", str(args.budget),
               "--addresses", str(args.addresses), "--think-mean", str(args.think_mean),
               "--target-ms", str(args.target_ms), "--bisect", str(args.bisect),
               "--setup-concurrency", str(args.setup_concurrency),
               "--start-timeout", str(args.start_timeout),
               "--quiet", str(args.quiet), "--quiet-wait", str(args.quiet_wait),
               "--moves", args.moves, "--humans", str(args.humans),
               "--bot-level", args.bot_level,
               "--profile", str(Path(args.profile).resolve()) if args.profile else ""]
    print("load generator: " + " ".join(command[1:]), flush=True)
    results: list[dict[str, Any]] = []
    gen = subprocess.Popen(command, stdout=subprocess.PIPE, text=True, cwd=ROOT)
    lines: queue.Queue[str | None] = queue.Queue()
    threading.Thread(target=_lines, args=(gen.stdout, lines), daemon=True).start()
    deadline = time.monotonic() + args.budget + 90
    try:
        while True:
            try:
                line = lines.get(timeout=max(0.1, deadline - time.monotonic()))
            except queue.Empty:
                print("load generator: over its budget; stopping it", flush=True)
                break
            if line is None:
                break
            if line.startswith("RESULT "):
                results.append(json.loads(line[7:]))
            elif line.startswith("DONE "):
                totals = json.loads(line[5:])
                print("load generator totals: " + ", ".join(
                    f"{k} {v}" for k, v in sorted(totals.items())), flush=True)
            else:
                print(line, end="", flush=True)
            for proc, port in servers:
                if proc.poll() is not None:
                    print(f"server on {port}: exited during the run ({proc.returncode})",
                          flush=True)
    finally:
        if gen.poll() is None:
            gen.send_signal(signal.SIGINT)
            try:
                gen.wait(timeout=30)
            except subprocess.TimeoutExpired:
                gen.kill()
                gen.wait(timeout=10)
    return results


def sizes(text: str) -> tuple[int, ...]:
    return tuple(int(x) for x in text.split(",") if x.strip())


def _generator_main() -> None:
    parser = argparse.ArgumentParser(description="the load generator (run by a conductor)")
    add_load_arguments(parser)
    parser.add_argument("--loadgen", action="store_true", required=True)
    parser.add_argument("--ports", type=sizes, required=True)
    parser.add_argument("--server-pids", type=sizes, required=True)
    parser.add_argument("--service-pids", type=sizes, default=())
    for name in ("--sizes", "--extra"):
        parser.add_argument(name, type=sizes, required=True)
    for name in ("--window", "--warmup", "--budget", "--quiet-wait"):
        parser.add_argument(name, type=float, required=True)
    parser.add_argument("--bisect", type=int, required=True)
    run_loadgen(parser.parse_args())


if __name__ == "__main__":
    _generator_main()
