"""Typo bots: decision times, whole games per second, and the letters' flexibility table.
Run: python benchmarks/typo.py (`--flexibility`: measure `bots.FLEXIBILITY` again).

The positions: every decision met in 6 four-player games of confirmé bots (seeded), replayed
for each level. Figures are per decision on one core, the lexicon loaded and the bots' prefix
caches warm as in a long game. Prints figures; asserts nothing.
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from botkit import pct, positions  # noqa: E402

from ludomots.core.rng import SeededRandom  # noqa: E402
from ludomots.core.sim import run_matches  # noqa: E402
from ludomots.games.typo import BOTS, GAME  # noqa: E402
from ludomots.games.typo.bots import options  # noqa: E402
from ludomots.games.typo.cards import LETTERS  # noqa: E402
from ludomots.games.typo.rules import TypoState  # noqa: E402
from ludomots.games.typo.vocabulary import Vocabulary  # noqa: E402

GAMES = 6


def decision_times(cases: list[tuple[TypoState, int]]) -> None:
    for level in ("debutant", "confirme", "expert"):
        by_step: dict[str, list[float]] = {}
        for index, (state, seat) in enumerate(cases):
            bot = BOTS[level]()
            t = time.perf_counter()
            bot.choose(state, seat, SeededRandom(index))
            by_step.setdefault(state.step, []).append((time.perf_counter() - t) * 1e3)
        parts = ", ".join(f"{step} p50 {pct(times, .5):.2f} / p95 {pct(times, .95):.2f} ms"
                          for step, times in sorted(by_step.items()))
        print(f"{level:9} {parts}")


def games_per_second() -> None:
    """Whole games, once the bots' prefix caches are warm (a first, untimed run of the same
    deals): what a long simulation sees."""
    for seats in (["debutant"] * 4, ["confirme"] * 4, ["expert"] * 4,
                  ["expert", "confirme", "debutant", "debutant"]):
        run_matches(GAME, BOTS, seats, 10, seed=3)
        for referee in ("challenge", "auto"):
            result = run_matches(GAME, BOTS, seats, 10, seed=3, options={"referee": referee})
            print(f"{','.join(seats)} ({referee}): {10 / result.seconds:.2f} games/s "
                  f"({result.errors} errors)")


def flexibility(games: int = 30) -> None:
    """How often each letter would fit somewhere (whole lexicon) on the rows met when a card
    is resolved, over four-player games of confirmé bots; and the mean longest row then."""
    fits: Counter[str] = Counter()
    moments = 0
    longest: list[int] = []
    for seed in range(games):
        state = GAME.new(None, 4, seed=seed)
        assert isinstance(state, TypoState)
        bots = [BOTS["confirme"]() for _ in range(4)]
        rngs = [SeededRandom(seed * 10 + s) for s in range(4)]
        whole = Vocabulary(0.0, state.lexicon)
        while not state.is_over():
            seat = min(state.to_act())
            if state.step == "place":
                moments += 1
                longest.append(max(len(r) for r in state.rows))
                for letter in LETTERS:
                    fits[letter] += bool(options(state.rows, letter, whole.knows_prefix))
            state.apply(seat, bots[seat].choose(state, seat, rngs[seat]))
    table = ", ".join(f'"{letter}": {fits[letter] / moments:.2f}' for letter in LETTERS)
    print(f"FLEXIBILITY = {{{table}}}")
    print(f"TYPICAL_LONGEST = {statistics.mean(longest):.1f}")


def main() -> None:
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})  # one core
    if "--flexibility" in sys.argv:
        flexibility()
        return
    start = time.perf_counter()
    cases = positions(GAME, BOTS, "confirme", 4, GAMES)
    print(f"{len(cases)} decisions from {GAMES} games ({time.perf_counter() - start:.1f} s)")
    decision_times(cases)
    games_per_second()


if __name__ == "__main__":
    main()
