"""Awalettres bots: decision times per level, and whole games per second.
Run: python benchmarks/awalettres.py. The deck's figures are `ludomots awalettres deck-stats`.

The positions: every decision met in 4 three-player games of confirmé bots (seeded), replayed
for each level; figures per decision on one core, lexicon loaded. Prints; asserts nothing.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from botkit import pct, positions  # noqa: E402

from ludomots.core.rng import SeededRandom  # noqa: E402
from ludomots.core.sim import run_matches  # noqa: E402
from ludomots.games.awalettres import BOTS, GAME  # noqa: E402

GAMES = 4


def main() -> None:
    cases = positions(GAME, BOTS, "confirme", 3, GAMES)
    for level in ("debutant", "confirme", "expert"):
        times = []
        for index, (state, seat) in enumerate(cases):
            if state.step != "word":
                continue
            bot = BOTS[level]()
            started = time.perf_counter()
            bot.choose(state, seat, SeededRandom(index))
            times.append((time.perf_counter() - started) * 1e3)
        print(f"{level}: word decision p50 {pct(times, .5):.0f} ms, p95 {pct(times, .95):.0f} "
              f"ms, max {max(times):.0f} ms over {len(times)} positions")
    for level in ("debutant", "confirme", "expert"):
        result = run_matches(GAME, BOTS, [level] * 3, 6, seed=1)
        print(f"three {level}s: {6 / result.seconds:.2f} games per second")


if __name__ == "__main__":
    main()
