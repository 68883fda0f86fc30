"""Where each Awalettres seat's seeds come from (issue 21's diagnosis), from kept records.

    python benchmarks/strength.py --game awalettres --seats expert,greedy --players 3 \
        --games 402 --seed 1 --processes 1 --records DIR
    python benchmarks/awalettres_flows.py DIR

Each record is replayed (digests checked) and its final state's words are summed per seat
label, seeds a game: ``own`` (own letters collected), ``bonus`` (length bonuses), ``paid``
(letters taken and paid for), ``recv`` (paid by the others for his letters), ``pot`` (a
MARABOUTAGE'd CONFUSION), ``left`` (letters left in hand at the end, a CONFUSION 5),
``spells`` (the rest of the final score: spells, exchanges, panics), then letters laid and
taken a game and the share of words of 8 letters or more. The first label's mean edge over
the others' average and over the best of them ends the table: a game of several players is
won by beating the best; then his win rate by the words he played against the most any
other played (at 3 players the first to play often gets a word more), and by his place in
the turn order.
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from collections.abc import Iterable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from debutant import replayed  # noqa: E402

from ludomots.core.record import Record  # noqa: E402
from ludomots.games.awalettres.cards import hand_value  # noqa: E402

FIELDS = ("own", "bonus", "paid", "recv", "pot", "left", "spells", "score", "words",
          "letters", "taken", "long")


def flows(state: Any) -> list[dict[str, float]]:
    """Per seat: the seeds of each source over the game (see the module docstring)."""
    out: list[dict[str, float]] = [dict.fromkeys(FIELDS, 0.0) for _ in range(state.players)]
    for word in state.played:
        mine = out[word.seat]
        mine["own"] += word.collected
        mine["bonus"] += word.bonus
        mine["words"] += 1
        mine["letters"] += len(word.key)
        mine["long"] += len(word.key) >= 8
        mine["taken"] += sum(len(c) for s, c in word.cards.items() if s != word.seat)
        for payee, seeds in word.payments.items():
            mine["paid"] += seeds
            if payee >= 0:
                out[payee]["recv"] += seeds
        for seat, seeds in word.pot_gains.items():
            out[seat]["pot"] += seeds
    for seat, (mine, score) in enumerate(zip(out, state.scores(), strict=True)):
        mine["left"] = hand_value(state.hands[seat])
        mine["score"] = score
        mine["spells"] = score - (mine["own"] + mine["bonus"] - mine["paid"] + mine["recv"]
                                  + mine["pot"] - mine["left"])
    return out


def table(records: Iterable[Record]) -> list[str]:
    """The table of the module docstring, as lines of text."""
    totals: dict[str, dict[str, float]] = defaultdict(lambda: dict.fromkeys(FIELDS, 0.0))
    games = 0
    edges: list[tuple[float, float]] = []
    labels: list[str] = []
    # the first label's wins (shared: 1/k) by his words minus the most the others played,
    # and by his place in the turn order (first to play: 1)
    by_words: dict[int, list[float]] = defaultdict(list)
    by_turn: dict[int, list[float]] = defaultdict(list)
    for record in records:
        state, _ = replayed(record)
        names = [seat.name for seat in record.seats]
        labels = labels or sorted(names)
        games += 1
        seats = flows(state)
        for name, mine in zip(names, seats, strict=True):
            for key, value in mine.items():
                totals[name][key] += value
        first = names.index(labels[0])
        scores = [s["score"] for s in seats]
        others = [v for s, v in enumerate(scores) if s != first]
        edges.append((scores[first] - sum(others) / len(others), scores[first] - max(others)))
        winners = state.winners()
        won = 1.0 / len(winners) if first in winners else 0.0
        words = [seat["words"] for seat in seats]
        by_words[int(words[first] - max(w for s, w in enumerate(words) if s != first))].append(won)
        by_turn[(first - state.first) % len(names) + 1].append(won)
    lines = [f"{games} games, seeds a game:"]
    for name in sorted(totals):
        mine = totals[name]
        words = mine["words"] or 1.0
        lines.append(f"  {name:<10} " + " ".join(
            f"{key} {mine[key] / games:.1f}" for key in FIELDS[:8])
            + f" | words {mine['words'] / games:.1f}, letters {mine['letters'] / games:.1f},"
            f" taken {mine['taken'] / games:.1f}, 8+ letters {mine['long'] / words:.2f}")
    if edges:
        lines.append(f"  {labels[0]}: {sum(e[0] for e in edges) / games:+.1f} over the others'"
                     f" average, {sum(e[1] for e in edges) / games:+.1f} over the best of them")
        lines.append(f"  {labels[0]}'s wins by his words minus the most of the others': "
                     + ", ".join(f"{k:+d}: {sum(v) / len(v):.3f} ({len(v)} games)"
                                 for k, v in sorted(by_words.items())))
        lines.append(f"  {labels[0]}'s wins by his place in the turn order: "
                     + ", ".join(f"{k}: {sum(v) / len(v):.3f} ({len(v)} games)"
                                 for k, v in sorted(by_turn.items())))
    return lines


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("dirs", nargs="+", help="directories of records (strength.py)")
    args = parser.parse_args(argv)
    for directory in args.dirs:
        paths = sorted(Path(directory).glob("awalettres-*.json"))
        print(directory)
        print("\n".join(table(Record.load(p) for p in paths)))


if __name__ == "__main__":
    main()
