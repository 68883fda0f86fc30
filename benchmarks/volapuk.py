"""Volapük bots: decision times per level on the positions of seeded games.
Run: python benchmarks/volapuk.py [--games N]

The positions: every decision met in N (default 4) four-player games of expert bots (seeded),
replayed for each level. Figures are CPU seconds per decision (time.process_time: one core,
other processes on the machine do not count), median, 90th and 95th percentiles and worst
(issue 14's budget: p95 at most 0.5 s, worst at most 1.5 s). Prints figures; asserts
nothing.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from botkit import pct, positions  # noqa: E402

from ludomots.core.rng import SeededRandom  # noqa: E402
from ludomots.games.volapuk import BOTS, GAME  # noqa: E402
from ludomots.games.volapuk.movegen import automaton, signed_automaton  # noqa: E402
from ludomots.lexicon.lexicon import get_lexicon  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=4)
    args = parser.parse_args()
    started = time.process_time()
    automaton(get_lexicon())
    signed_automaton(get_lexicon())  # built once a process, timed apart from the decisions
    print(f"the automata, loaded and built once: {time.process_time() - started:.2f} s")
    found = positions(GAME, BOTS, "expert", 4, args.games)
    print(f"{len(found)} decisions from {args.games} four-player expert games")
    for level in ("debutant", "confirme", "expert"):
        bot = BOTS[level]()
        times = []
        for state, seat in found:
            started = time.process_time()
            bot.choose(state, seat, SeededRandom(1))
            times.append(time.process_time() - started)
        print(f"{level:9} median {statistics.median(times):.3f} s  p90 {pct(times, 0.9):.3f} s  "
              f"p95 {pct(times, 0.95):.3f} s  worst {max(times):.3f} s")


if __name__ == "__main__":
    main()
