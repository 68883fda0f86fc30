"""Topword move generator speed (targets in brackets). Run: python benchmarks/topword.py
(`--profile`: also where the time goes, by cProfile).

The positions: 50 mid-game boards with 7-tile racks, from greedy top-score games (two players,
seeded bags), frozen after moves 5 to 25. Figures are per call on one core, the lexicon loaded
and the cross-check cache warm, as in a bot's game. Prints figures; asserts nothing.
"""

from __future__ import annotations

import cProfile
import os
import pstats
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from botkit import pct  # noqa: E402

from ludomots.games.topword import movegen  # noqa: E402
from ludomots.games.topword.board import Board  # noqa: E402
from ludomots.games.topword.movegen import generate, has_move  # noqa: E402
from ludomots.games.topword.scoring import Rules  # noqa: E402
from ludomots.games.topword.tiles import RACK_SIZE, full_bag  # noqa: E402
from ludomots.lexicon.lexicon import get_lexicon  # noqa: E402

POSITIONS = 50
FREEZE_AT = (5, 10, 15, 20, 25)  # moves played before the position is kept
REPEAT = 5


def positions(rules: Rules) -> list[tuple[str, str]]:
    """(position string, rack) pairs from greedy play, seeds 0, 1, ... until there are 50
    (a position is skipped when the rack is short); deterministic."""
    kept: list[tuple[str, str]] = []
    seed = -1
    while len(kept) < POSITIONS:
        seed += 1
        rng = random.Random(seed)
        bag = full_bag()
        rng.shuffle(bag)
        racks = [[bag.pop() for _ in range(RACK_SIZE)] for _ in range(2)]
        board = Board()
        turn = played = 0
        wanted = list(FREEZE_AT)
        while wanted and played < 60 and len(kept) < POSITIONS:
            rack = racks[turn]
            if played >= wanted[0] and len(rack) == RACK_SIZE:
                kept.append((board.to_notation(), "".join(sorted(rack))))
                wanted.pop(0)
            moves = generate(board, rack, rules, get_lexicon())
            if moves:
                best = max(moves, key=lambda m: (m.score, m.notation))
                for r, c, letter in best.placement.tiles:
                    board.stacks[r][c].append(letter)
                    rack.remove(letter)
                while len(rack) < RACK_SIZE and bag:
                    rack.append(bag.pop())
            elif bag:  # pass, exchanging one tile
                tile = rack.pop(rng.randrange(len(rack)))
                rack.append(bag.pop())
                bag.insert(rng.randrange(len(bag) + 1), tile)
            played += 1
            turn = 1 - turn
    return kept


def timed(fn: object, *args: object) -> float:
    """Median of REPEAT calls, in milliseconds."""
    times = []
    for _ in range(REPEAT):
        start = time.perf_counter()
        fn(*args)  # type: ignore[operator]
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1e3


def main() -> None:
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})  # one core
    rules = Rules()
    get_lexicon().automaton("standard")
    get_lexicon().checker("standard")
    start = time.perf_counter()
    cases = [(Board.from_notation(text), list(rack)) for text, rack in positions(rules)]
    print(f"{len(cases)} positions (greedy play, {time.perf_counter() - start:.1f} s to build)")

    cold = []
    for board, rack in cases:
        movegen._CROSS_CACHE.clear()
        t = time.perf_counter()
        generate(board, rack, rules, get_lexicon())
        cold.append((time.perf_counter() - t) * 1e3)
    full = [timed(generate, board, rack, rules) for board, rack in cases]
    counts = [len(generate(board, rack, rules, get_lexicon())) for board, rack in cases]
    print(f"generate, every legal move scored: p50 {pct(full, .5):.2f} ms [<= 10], "
          f"p95 {pct(full, .95):.2f} ms [<= 50], max {max(full):.2f} ms")
    print(f"  first call, cross-check cache empty: p50 {pct(cold, .5):.2f} ms, "
          f"p95 {pct(cold, .95):.2f} ms")
    print(f"  moves per position: mean {statistics.mean(counts):.0f}, "
          f"min {min(counts)}, max {max(counts)}")
    per_move = sum(full) / sum(counts) * 1e3
    print(f"  total time / total moves: {per_move:.1f} µs")

    anyone = [timed(has_move, board, rack, rules) for board, rack in cases]
    print(f"has_move, same racks: p50 {pct(anyone, .5):.3f} ms, p95 {pct(anyone, .95):.3f} ms")
    stuck = [timed(has_move, board, ["K"], rules) for board, _ in cases]
    blocked = sum(not has_move(board, ["K"], rules, get_lexicon()) for board, _ in cases)
    print(f"has_move, rack K (no move on {blocked} boards: a full search): "
          f"p50 {pct(stuck, .5):.3f} ms, p95 {pct(stuck, .95):.3f} ms")

    if "--profile" in sys.argv:
        profile = cProfile.Profile()
        profile.enable()
        for board, rack in cases:
            generate(board, rack, rules, get_lexicon())
        profile.disable()
        pstats.Stats(profile).sort_stats("tottime").print_stats(8)

    from tests.games.topword.reference import reference_moves

    print("against the brute-force reference (5-letter racks):")
    for board, rack in cases[2:50:10]:
        small = rack[:5]
        t = time.perf_counter()
        ref = reference_moves(board, small, rules)
        slow = time.perf_counter() - t
        fast = timed(generate, board, small, rules) / 1e3
        print(f"  {''.join(small)}: {len(ref)} moves, reference {slow * 1e3:.0f} ms, "
              f"generate {fast * 1e3:.2f} ms, ratio {slow / fast:.0f}x")

    bots(cases)


def bots(cases: list[tuple[Board, list[str]]]) -> None:
    """How long each bot thinks on the benchmark positions, and whole bot games per second."""
    from ludomots.core.rng import SeededRandom
    from ludomots.core.sim import run_matches
    from ludomots.games.topword import BOTS, GAME
    from ludomots.games.topword.rules import TopwordState

    for level in ("debutant", "confirme", "expert"):
        times = []
        for index, (board, rack) in enumerate(cases):
            state = GAME.new({"referee": "auto"}, 2, seed=index)
            assert isinstance(state, TopwordState)
            state.board = board.copy()
            state.racks[state.turn] = list(rack)
            bot = BOTS[level]()
            t = time.perf_counter()
            bot.choose(state, state.turn, SeededRandom(index))
            times.append((time.perf_counter() - t) * 1e3)
        print(f"{level} move: p50 {pct(times, .5):.1f} ms, p95 {pct(times, .95):.1f} ms "
              f"(expert target p95 <= 1000 ms)")
    for seats in (["debutant", "debutant"], ["expert", "expert"]):
        result = run_matches(GAME, BOTS, seats, 6, seed=3)
        print(f"bot-vs-bot games ({','.join(seats)}): {6 / result.seconds:.2f} games/s "
              f"({result.errors} errors)")


if __name__ == "__main__":
    main()
