"""The tempo of an Awalettres game (issue 21, session 11): what being to play with G cards
left in the grenier is worth, from kept records.

    python benchmarks/strength.py --game awalettres --seats expert,greedy --players 3 \
        --games 300 --seed 21 --processes 1 --records DIR
    python benchmarks/awalettres_tempo.py DIR [DIR ...]

Each record is replayed (digests checked). At every word step the mover's position is valued
as the expert's look-ahead values a rollout's last position (`lookahead.seat_values`: seeds
plus the hand at the end's weight, his minus the others' average), and compared with his
final score against the others' average. The difference is what the rest of the game brings
him beyond what the position shows. Two tables of its mean, by bands of grenier cards:

- **at his turn**: the grenier when his word step starts (the look-ahead's leaf: a rollout
  stops when the expert's turn comes back);
- **after his word**: the grenier at the next player's word step, against the value there
  (what the expert's choice of a word's length decides: every card laid is refilled).

A band well above or below the others would be a lever: laying more or fewer letters to
land on a better band. Both tables are centred on their own mean (the next word's worth is
in every row), each row with its 95 % interval.

Last, how much is still open once the grenier is empty (the hands are then known and
nothing is drawn): the word steps left from the first one with an empty grenier, and how
often the leader there (the highest value, as above) is not who wins.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import cast

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ludomots.core import registry  # noqa: E402
from ludomots.core.record import Record, replay_steps  # noqa: E402
from ludomots.games.awalettres.lookahead import relative, seat_values  # noqa: E402
from ludomots.games.awalettres.rules import AwalettresState  # noqa: E402

BAND = 6  # grenier cards a row of the tables


@dataclass(frozen=True)
class WordStep:
    """A word step: who plays, the cards in the grenier, every seat's value there."""

    mover: int
    grenier: int
    values: list[float]


@dataclass(frozen=True)
class Tempo:
    """One word step's residuals: the mover's final relative score minus his relative value
    at his turn, and minus his value at the next word step (None when his word ended it)."""

    position: int  # 0: the first player, 1: the second...
    grenier: int
    residual: float
    grenier_after: int | None
    residual_after: float | None


def word_steps(record: Record) -> tuple[list[WordStep], list[float], int]:
    """The record's word steps in order (each once, as it starts), the final scores and the
    first player."""
    steps: list[WordStep] = []
    words = -1
    state = None
    for _, replayed, _ in replay_steps(record, registry.get_game(record.game)):
        state = cast(AwalettresState, replayed)
        if state.is_over() or state.step != "word" or len(state.played) == words:
            continue
        words = len(state.played)
        steps.append(WordStep(min(state.to_act()), len(state.grenier), seat_values(state)))
    assert state is not None  # the initial state at least
    return steps, [float(s) for s in state.scores()], state.first


def tempos(steps: Sequence[WordStep], final: Sequence[float], first: int) -> list[Tempo]:
    """Each word step's residuals (see `Tempo`)."""
    players = len(final)
    out = []
    for index, step in enumerate(steps):
        outcome = relative(final, step.mover)
        after = steps[index + 1] if index + 1 < len(steps) else None
        out.append(Tempo(
            (step.mover - first) % players, step.grenier,
            outcome - relative(step.values, step.mover),
            None if after is None else after.grenier,
            None if after is None else outcome - relative(after.values, step.mover)))
    return out


def leaders(values: Sequence[float]) -> set[int]:
    """The seats of the highest value (all of them when tied)."""
    best = max(values)
    return {seat for seat, value in enumerate(values) if value == best}


def from_empty_grenier(steps: Sequence[WordStep], final: Sequence[float]
                       ) -> tuple[int, bool] | None:
    """From the first word step with an empty grenier: the word steps left (that one
    included), and whether its leaders are the winners (the highest final scores); None
    when the grenier does not empty before the end."""
    for index, step in enumerate(steps):
        if step.grenier == 0:
            return len(steps) - index, leaders(step.values) == leaders(final)
    return None


def bands(pairs: Iterable[tuple[int, float]]) -> list[str]:
    """Mean residual by band of grenier cards, centred, with its 95 % interval."""
    rows: dict[int, list[float]] = defaultdict(list)
    for grenier, residual in pairs:
        rows[0 if grenier == 0 else 1 + (grenier - 1) // BAND].append(residual)
    mean = statistics.fmean(r for values in rows.values() for r in values)
    lines = []
    for band in sorted(rows):
        values = rows[band]
        n = len(values)
        centred = statistics.fmean(values) - mean
        spread = statistics.stdev(values) if n > 1 else 0.0
        label = "0" if band == 0 else f"{1 + (band - 1) * BAND}-{band * BAND}"
        lines.append(f"  {label:>7} cards: {centred:+5.1f} ± {1.96 * spread / math.sqrt(n):.1f}"
                     f" ({n} steps)")
    return lines


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("dirs", nargs="+", help="directories of records (strength.py)")
    args = parser.parse_args(argv)
    rows: list[Tempo] = []
    ends: list[tuple[int, bool] | None] = []
    for directory in args.dirs:
        for path in sorted(Path(directory).glob("awalettres-*.json")):
            steps, final, first = word_steps(Record.load(path))
            rows += tempos(steps, final, first)
            ends.append(from_empty_grenier(steps, final))
    print(f"{len(rows)} word steps; the mover's final score over the others' average, minus"
          " his value there, centred:")
    print("at his turn, by the grenier's cards:")
    print("\n".join(bands((t.grenier, t.residual) for t in rows)))
    print("after his word, by the grenier's cards at the next word step:")
    print("\n".join(bands((t.grenier_after, t.residual_after) for t in rows
                          if t.grenier_after is not None and t.residual_after is not None)))
    reached = [end for end in ends if end is not None]
    if reached:
        changed = sum(not kept for _, kept in reached)
        print(f"{len(ends)} games; the grenier empties before the end in {len(reached)}; word"
              f" steps from then on: mean {statistics.fmean(n for n, _ in reached):.1f};"
              f" the leader then is not the winner in {changed}"
              f" ({changed / len(reached):.1%})")


if __name__ == "__main__":
    main()
