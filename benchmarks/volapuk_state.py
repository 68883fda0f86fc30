"""Volapük's state: what saving, loading and copying a mid-game position costs (issue 18).
Run: python benchmarks/volapuk_state.py [--rounds N]

The position: tests/games/volapuk/data/state_before_18.json (82 actions of a three-player game
with every plus-value, 22 KB of JSON, most of it the move log). Figures are CPU milliseconds
(time.process_time) per save+load (to_json then from_json) and per clone, over N rounds
(default 200). Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from ludomots.games.volapuk.rules import VolapukState

SAVED = Path(__file__).resolve().parent.parent / "tests/games/volapuk/data/state_before_18.json"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=200)
    rounds = parser.parse_args().rounds
    state = VolapukState.from_json(json.loads(SAVED.read_text(encoding="utf-8")))
    started = time.process_time()
    for _ in range(rounds):
        VolapukState.from_json(state.to_json())
    saved = time.process_time()
    for _ in range(rounds):
        state.clone()
    done = time.process_time()
    print(f"save+load {1000 * (saved - started) / rounds:.3f} ms, "
          f"clone {1000 * (done - saved) / rounds:.3f} ms ({rounds} rounds)")


if __name__ == "__main__":
    main()
