"""Does WebSocket compression (permessage-deflate) pay for itself on Ludomots' payloads?

Run: python benchmarks/ws_compression.py [--connections 2000] [--rounds 8] [--games 2]
[--code PATH] (memory: the server of another checkout, e.g. before a fix)

Two measures, printed; nothing asserted:

1. **Bytes.** Whole games of each of the five games are played by bots through a
   ``TableManager`` (as the server does), and every payload two connections receive (a seat and
   a spectator: the welcome, then each update) is encoded as the WebSocket writer does and
   compressed exactly as the server's permessage-deflate would (websockets' extension with
   uvicorn's settings: 12-bit window, memLevel 5, context kept between messages). Printed per
   game: bytes sent without and with compression, and the ratio.
2. **Memory.** A real ``ludomots serve`` is started with ``--ws-compression`` and then with
   ``--no-ws-compression``; ``--connections`` WebSockets are opened on a few tables (each
   welcomed, then sent a few updates), then all closed, ``--rounds`` times. Printed: the
   server's resident memory before, with the connections open, and after each round: the
   memory a connection costs, and whether the churn makes it grow.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect
from websockets.extensions.permessage_deflate import PerMessageDeflate
from websockets.frames import Frame, Opcode

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ludomots.server.ws import encode  # noqa: E402
from ludomots.table.manager import TableManager  # noqa: E402
from ludomots.table.model import SeatSpec  # noqa: E402
from ludomots.table.store import Store  # noqa: E402

GAMES = {  # a bot game of each (the seat watched is a bot's: it sees its own hand too)
    "topword": ({"referee": "auto"}, 2),
    "typo": ({}, 3),
    "awalettres": ({}, 3),
    "vocabulon": ({"max_rounds": 30}, 3),
    "volapuk": ({}, 3),
}
READY = "Ludomots est prêt : ouvrez "


# ---- 1. bytes ---------------------------------------------------------------------------------

def _deflater() -> PerMessageDeflate:
    """The server side of permessage-deflate as uvicorn sets it up (websockets_sansio_impl)."""
    return PerMessageDeflate(remote_no_context_takeover=False, local_no_context_takeover=False,
                             remote_max_window_bits=12, local_max_window_bits=12,
                             compress_settings={"memLevel": 5})


def _frame_bytes(payload: bytes) -> int:
    """A server frame's header and payload (no mask from the server)."""
    size = len(payload)
    return size + (2 if size < 126 else 4 if size < 65536 else 10)


async def _payloads(game: str, options: dict[str, Any], players: int, seed: int
                    ) -> dict[str, list[bytes]]:
    with tempfile.TemporaryDirectory() as folder:
        store = Store(f"sqlite:///{folder}/b.db")
        store.create_schema()
        async with TableManager(store, executor="thread", run_clocks=False,
                                rate_limit=0) as manager:
            seats = [SeatSpec.bot(level) for level in ("debutant", "confirme", "expert")[:players]]
            table_id, _ = await manager.create_table(game, options, seats, seed=seed)
            subs = {"seat 0": await manager.subscribe(table_id, 0),
                    "spectator": await manager.subscribe(table_id, None)}
            out: dict[str, list[bytes]] = {name: [] for name in subs}
            over = False
            while not over:
                for name, sub in subs.items():
                    payload = await asyncio.wait_for(sub.get(), 300)
                    assert payload is not None
                    kind = "welcome" if not out[name] else "update"
                    message = {"type": kind, **payload} if kind == "update" else \
                        {"type": "welcome", "seat": sub.seat, "view": payload["view"]}
                    out[name].append(encode(message).encode("utf-8"))
                    over = payload["view"]["table"]["status"] == "over"
        store.close()
    return out


def measure_bytes(games: int) -> None:
    print("1. Bytes a connection receives for a whole game (welcome + updates)")
    print(f"{'game':<11} {'conn':<10} {'msgs':>5} {'raw KB':>9} {'deflate KB':>11} "
          f"{'ratio':>6} {'welcome raw/deflate KB':>23}")
    total_raw = total_deflated = 0
    for game, (options, players) in GAMES.items():
        for seed in range(1, games + 1):
            streams = asyncio.run(_payloads(game, options, players, seed))
            for name, messages in streams.items():
                deflate = _deflater()
                raw = sum(_frame_bytes(m) for m in messages)
                sent = [_frame_bytes(deflate.encode(Frame(Opcode.TEXT, m)).data) for m in messages]
                total_raw += raw
                total_deflated += sum(sent)
                print(f"{game:<11} {name:<10} {len(messages):>5} {raw / 1000:>9.1f} "
                      f"{sum(sent) / 1000:>11.1f} {raw / max(1, sum(sent)):>6.1f} "
                      f"{_frame_bytes(messages[0]) / 1000:>11.1f} / {sent[0] / 1000:<9.1f}")
    print(f"all: {total_raw / 1e6:.2f} MB raw, {total_deflated / 1e6:.2f} MB deflated "
          f"(ratio {total_raw / max(1, total_deflated):.1f})")


# ---- 2. memory --------------------------------------------------------------------------------

def _rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _start(folder: Path, compression: bool, checkout: Path
           ) -> tuple[subprocess.Popen[str], str]:
    code = "import sys; from ludomots.server.cli import serve; sys.exit(serve())"
    uncapped: list[str] = ["--connections-per-address", "0"]
    while True:
        log = (folder / f"serve-{compression}.log").open("wb")
        process = subprocess.Popen(
            [sys.executable, "-c", code, "--port", str(_free_port()), "--executor", "thread",
             "--db", f"sqlite:///{folder}/m-{compression}.db", "--bot-delay", "0",
             "--http-rate-limit", "100000", *uncapped,
             "--ws-compression" if compression else "--no-ws-compression",
             "--log-level", "warning"],
            stdout=subprocess.PIPE, stderr=log, text=True, cwd=checkout,
            env=dict(os.environ, PYTHONUNBUFFERED="1", PYTHONPATH=str(checkout)))
        log.close()
        assert process.stdout is not None
        line = process.stdout.readline()
        if line.startswith(READY):
            return process, line[len(READY):].strip()
        process.wait(30)
        if not uncapped:
            raise RuntimeError(f"the server did not start: {line!r}")
        uncapped = []  # a version without the cap per address (and so without its option)


async def _round(url: str, tables: list[tuple[str, dict[int, str]]], connections: int,
                 pid: int) -> tuple[float, int]:
    """Open the connections (welcomed), play a few passes so each gets updates, close them;
    the server's memory with all of them open, and the bytes the clients received."""
    ws = url.replace("http://", "ws://")
    opened: list[Any] = []
    received = 0
    for i in range(connections):
        table_id, _ = tables[i % len(tables)]
        sock = await connect(f"{ws}/ws/tables/{table_id}", max_size=None, open_timeout=60)
        await sock.send(json.dumps({"type": "hello"}))
        received += len(await sock.recv())
        opened.append(sock)
    for table_id, tokens in tables:  # each human passes once: every connection gets updates
        for token in tokens.values():
            player = await connect(f"{ws}/ws/tables/{table_id}", open_timeout=60)
            await player.send(json.dumps({"type": "hello", "token": token}))
            while (welcome := json.loads(await player.recv()))["type"] != "welcome":
                pass
            if welcome["view"]["table"]["to_act"] == [welcome["seat"]]:
                await player.send(json.dumps({"type": "action", "action": {
                    "type": "pass", "exchange": None}}))
                while json.loads(await player.recv())["type"] != "update":
                    pass
            await player.close()
    for sock in opened:
        while True:
            try:
                received += len(await asyncio.wait_for(sock.recv(), 0.05))
            except TimeoutError:
                break
    rss = _rss_mb(pid)
    await asyncio.gather(*(sock.close() for sock in opened))
    return rss, received


def measure_memory(connections: int, rounds: int, code: Path,
                   settings: tuple[bool, ...] = (True, False)) -> None:
    print(f"\n2. Server memory (RSS, MB) with {connections} connections opened and closed, "
          f"{rounds} rounds")
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        for compression in settings:
            process, url = _start(folder, compression, code)
            try:
                tables = []
                for _ in range(10):
                    created = httpx.post(f"{url}/api/tables", json={
                        "game": "topword", "name": "Alice", "options": {"referee": "auto"}},
                        timeout=30).json()
                    joined = httpx.post(f"{url}/api/tables/{created['table']}/join",
                                        json={"name": "Bruno"}, timeout=30).json()
                    tables.append((created["table"], {0: created["token"],
                                                      1: joined["token"]}))
                time.sleep(1)
                base = _rss_mb(process.pid)
                line = []
                for _ in range(rounds):
                    rss_open, received = asyncio.run(_round(url, tables, connections,
                                                            process.pid))
                    time.sleep(1)
                    line.append((rss_open, _rss_mb(process.pid)))
                per_connection = (line[0][0] - base) * 1024 / connections
                print(f"compression {'on ' if compression else 'off'}: before {base:.0f}; "
                      f"open/after per round: "
                      + ", ".join(f"{o:.0f}/{a:.0f}" for o, a in line)
                      + f"; first round {per_connection:.0f} KiB per open connection; "
                      f"growth after {rounds} rounds {line[-1][1] - line[0][1]:+.0f} MB; "
                      f"received {received / connections / 1000:.1f} KB per connection "
                      f"(last round)")
            finally:
                process.send_signal(signal.SIGTERM)
                process.wait(30)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--connections", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--games", type=int, default=1, help="bot games per game (seeds)")
    parser.add_argument("--skip-bytes", action="store_true")
    parser.add_argument("--skip-memory", action="store_true")
    parser.add_argument("--code", type=Path, default=ROOT,
                        help="the checkout whose server is measured (memory)")
    parser.add_argument("--only-compressed", action="store_true",
                        help="memory: measure the server with compression only")
    args = parser.parse_args()
    if not args.skip_bytes:
        measure_bytes(args.games)
    if not args.skip_memory:
        measure_memory(args.connections, args.rounds, args.code,
                       (True,) if args.only_compressed else (True, False))


if __name__ == "__main__":
    main()
