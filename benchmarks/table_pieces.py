"""The pieces of a Topword action on the server, one by one: CPU per call.

Run: python benchmarks/table_pieces.py [--games 4] [--repeat 20] [--level debutant]

What runs: whole Topword games (referee "auto") at a ``Table`` of one human and one bot, in
this process, without a store or sockets; every move (the human's too) is the bot's choice
(``worker.choose_action``, the same function the bot workers run). At every position it times,
in CPU (``time.process_time_ns``, so a busy machine does not inflate the figures), each piece
the server does per action:

- ``play``: decode, check, apply and record the action (``Table.play``: the rules, the
  lexicon, the state digest) then ``commit``;
- ``digest``: the state digest alone (canonical JSON + SHA-256), part of ``play``;
- ``views``: the update's views for the human's seat and a spectator (``update_views`` of the
  two, as ``TableManager._changed`` builds them for their subscribers);
- ``bot job``: what a bot's turn sends its worker (``Table.bot_job``), once per position.

The other read-only pieces are repeated ``--repeat`` times per position. Figures are the mean (and
median) CPU per call over every position of every game, in microseconds, after one game
played to warm the lexicon and caches. Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ludomots.table.model import SeatSpec, TableInfo  # noqa: E402
from ludomots.table.table import Table  # noqa: E402
from ludomots.table.worker import choose_action  # noqa: E402


def cpu_ns(fn: Callable[[], Any], repeat: int) -> float:
    """Mean CPU nanoseconds of ``fn()`` over ``repeat`` calls."""
    start = time.process_time_ns()
    for _ in range(repeat):
        fn()
    return (time.process_time_ns() - start) / repeat


def play_game(seed: int, level: str, repeat: int, totals: dict[str, list[float]]) -> int:
    info = TableInfo(id=f"bench{seed}", game="topword", options={"referee": "auto"},
                     seed=seed, seats=(SeatSpec.human("Alice"), SeatSpec.bot(level)),
                     status="playing")
    table = Table.new(info)
    moves = 0
    while table.status == "playing" and not table.state.is_over():
        seat = min(table.to_act())
        # once per position, as a bot's turn does: what it encodes anew is what the turn pays
        totals["bot job"].append(cpu_ns(lambda: table.bot_job(seat, level), 1))  # noqa: B023
        totals["digest"].append(cpu_ns(table.state.digest, repeat))
        action = choose_action(table.bot_job(seat, level))
        start = time.process_time_ns()
        move = table.play(seat, action, 1000)
        table.commit(move)
        totals["play"].append(time.process_time_ns() - start)
        totals["views"].append(cpu_ns(lambda: table.update_views({0, None}), repeat))
        table.logs_sent()
        moves += 1
    return moves


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--level", default="debutant")
    args = parser.parse_args()
    totals: dict[str, list[float]] = {"play": [], "digest": [], "views": [], "bot job": []}
    play_game(0, args.level, 1, {name: [] for name in totals})  # warm: lexicon, caches
    moves = sum(play_game(seed, args.level, args.repeat, totals)
                for seed in range(1, args.games + 1))
    print(f"{args.games} Topword games, {moves} moves (bot {args.level} on both seats), "
          f"read-only pieces repeated {args.repeat} times per position")
    for name, samples in totals.items():
        print(f"  {name:<8} {sum(samples) / len(samples) / 1000:8.1f} µs CPU per call "
              f"(median {statistics.median(samples) / 1000:.1f})")


if __name__ == "__main__":
    main()
