"""Volapük: where the bots' points come from, replayed from game records.
Run: ludomots sim volapuk --seats expert,confirme --games 200 --records DIR --json
     python benchmarks/volapuk_points.py DIR

Every record is replayed by the engine; each move's log entry (`played`) gives its words and
their points. Per bot level, over all its games: the mean score, and the share of its points
by source (the sources add up to the total):

- letters: the words' letter points at 1 a letter (main words of a laid word, all words of
  a recomposition);
- élue: what the Élue adds to them (×3);
- diagonal, reversed, space: those bonuses of the same words (reversed: 5 a letter + 10);
- collaterals: every point of the collateral words of a laid word (letters and bonuses);
- recomposition: the +10 of each recomposition;
- volapük: the +50 / +20;
- penalties: −10 per meaningless run, the super joker's maluses (negative);
- announced: accents, anagrams and definitions announced (plus-values);
- unexplained: what is left of the scores (0 unless this script misses a source).

It also counts the moves of each kind, the words scored twice or more by one player with
the same dice in one game (a scoring loop would show there), and the words scored during
play whose every reading in the dictionary is an abbreviation or a symbol (seed 3 admits
them only at the end of a game, an option off by default; not counted when it is on).
Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ludomots.core.record import Record, replay  # noqa: E402
from ludomots.games.volapuk import GAME  # noqa: E402
from ludomots.lexicon.lexicon import get_lexicon  # noqa: E402
from ludomots.lexicon.tags import ABBREVIATION, NOT_A_WORD  # noqa: E402

SOURCES = ("letters", "élue", "diagonal", "reversed", "space", "collaterals", "recomposition",
           "volapük", "penalties", "announced", "unexplained")


def word_sources(word: dict[str, Any], into: Counter[str]) -> None:
    """A main word's points by source (each multiplied by the super joker's force)."""
    plain = word["value"] if word["base"] else 0
    into["letters"] += plain * word["force"]
    into["élue"] += (word["base"] - plain) * word["force"]
    into["diagonal"] += word["diagonal"] * word["force"]
    into["reversed"] += word["reversed"] * word["force"]
    into["space"] += word["space"] * word["force"]
    into["penalties"] += word["malus"]


def only_symbols(text: str) -> bool:
    """Is a part of the written word (a phrase's parts, the word after an elision) known to
    the dictionary only as an abbreviation or a symbol (cL, nJ, ONU)?"""
    lexicon = get_lexicon()
    for part in text.split(" "):
        if part.endswith("'"):
            continue  # an elided word (S', L'), judged with the word after it
        part = part.rsplit("'", 1)[-1]
        entries = lexicon.entries(part)
        if entries and all(e.categories & (ABBREVIATION | NOT_A_WORD) for e in entries):
            return True
    return False


def move_sources(entry: dict[str, Any], into: Counter[str]) -> None:
    recomposition = bool(entry.get("moves"))
    for word in entry["words"]:
        if word["collateral"] and not recomposition:
            into["collaterals"] += word["total"]
        else:
            word_sources(word, into)
    into["penalties"] += entry["penalty"]
    into["recomposition"] += entry["recomposed"]
    into["volapük"] += entry["volapuk"]
    into["announced"] += entry.get("accents", 0)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("records", type=Path, help="folder of records (ludomots sim --records)")
    args = parser.parse_args()
    files = sorted(args.records.glob("*.json"))
    points: dict[str, Counter[str]] = defaultdict(Counter)
    totals: dict[str, list[int]] = defaultdict(list)
    kinds: dict[str, Counter[str]] = defaultdict(Counter)
    repeats: dict[str, int] = defaultdict(int)
    symbols: dict[str, list[str]] = defaultdict(list)
    for path in files:
        record = Record.load(path)
        state = replay(record, GAME)
        levels = [seat.level or seat.name for seat in record.seats]
        for seat, score in enumerate(state.scores()):
            totals[levels[seat]].append(score)
        scored: Counter[tuple[int, str, tuple[tuple[int, int], ...]]] = Counter()
        for entry in state.played:
            level = levels[entry["seat"]]
            if entry["type"] == "word":
                kinds[level]["recomposition" if entry["moves"] else "word"] += 1
                move_sources(entry, points[level])
                for word in entry["words"]:
                    if not state.options.end_abbreviations and only_symbols(word["text"]):
                        symbols[level].append(word["text"])
                    scored[(entry["seat"], word["text"],
                            tuple(sorted(tuple(c) for c in word["cells"])))] += 1
            elif entry["type"] == "pass":
                kinds[level]["pass"] += 1
            elif entry["type"] == "anagram":
                points[level]["announced"] += entry["points"]
            elif entry["type"] == "announced":
                for item in entry["accents"] + entry["anagrams"] + entry["definitions"]:
                    points[levels[item["seat"]]]["announced"] += item["points"]
        for (seat, _, _), count in scored.items():
            if count > 1:
                repeats[levels[seat]] += count - 1
    print(f"{len(files)} records from {args.records}")
    for level, scores in sorted(totals.items()):
        total = sum(scores)
        found = points[level]
        found["unexplained"] = total - sum(found.values())
        shares = "  ".join(f"{source} {100 * found[source] / total:5.1f} %"
                           for source in SOURCES if found[source]) if total else ""
        moves = ", ".join(f"{kind} {count}" for kind, count in sorted(kinds[level].items()))
        print(f"{level:9} mean {total / len(scores):7.1f} over {len(scores)} seats; "
              f"moves: {moves}; the same word on the same cells scored again: "
              f"{repeats[level]}; symbols or abbreviations scored: {len(symbols[level])}"
              f"{' ' + ' '.join(sorted(set(symbols[level]))) if symbols[level] else ''}")
        print(f"          {shares}")


if __name__ == "__main__":
    main()
