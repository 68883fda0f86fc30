"""The débutant's calibration (issue 21): the words each level played, and how many of them
a 10-year-old knows.

    python benchmarks/strength.py --game typo --seats debutant,greedy --games 200 --seed 1 \
        --processes 1 --out FILE --records DIR
    python benchmarks/debutant.py DIR...          # one table per directory of records

Each record (``strength.py --records``, ``ludomots sim --records``) is replayed, digests
checked, and the words each seat formed are read from the final state:

- Topword: every word of every move that stood, the main word and the cross words (a move
  taken back after an upheld challenge does not count);
- Typo: the word announced with each card placed (a row is the start of that word);
- Awalettres: each word laid with the letters taken;
- Vocabulon: each riddle answered right, and the secret words chosen (the one held at the end
  and any given up);
- Volapük: every word a placement or a recomposition formed, main and cross words (not the
  words merely restored as they stood).

**Known by a 10-year-old** (a proxy: no children's lexicon is shipped): a word whose lemma is
among the ``N`` most frequent lemmas of the project's lexicon (Lexique 3.83's lemma frequency,
films and books averaged; a word with several readings counts its most frequent lemma). By
default ``N`` = 8,000, the root words an average 10–11-year-old knows (Biemiller & Slonim
2001: about 8,400 by grade 5), and 20,000, nearly all the lemmas French school readers show
a 6–11-year-old (Manulex, Lété, Sprenger-Charolles & Colé 2004: 23,900), a generous bound.
Shares count the words as played (a word played twice counts twice).
"""

from __future__ import annotations

import argparse
import bisect
import sys
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ludomots.core import registry  # noqa: E402
from ludomots.core.game import Event, State  # noqa: E402
from ludomots.core.record import Record, replay_steps  # noqa: E402
from ludomots.lexicon.lexicon import Lexicon, get_lexicon  # noqa: E402

DEFAULT_SIZES = (8000, 20000)


# -- the words each seat formed -----------------------------------------------------------------

def _topword(state: Any, events: Sequence[Event]) -> list[list[str]]:
    plays: list[list[list[str]]] = [[] for _ in range(state.players)]
    for entry in state.history:
        if entry["type"] == "play":
            plays[entry["seat"]].append([w["word"] for w in entry["words"]])
        elif entry["type"] == "taken_back":
            plays[entry["seat"]].pop()
    return [[w for move in seat for w in move] for seat in plays]


def _typo(state: Any, events: Sequence[Event]) -> list[list[str]]:
    # The state keeps the last round only: the words come from the events.
    words: list[list[str]] = [[] for _ in range(state.players)]
    for event in events:
        if event.type == "place":
            words[event.data["seat"]].append(event.data["word"])
        elif event.type == "verdict" and not event.data["valid"]:
            words[event.data["seat"]].pop()  # refused: the card was taken back
    return words


def _awalettres(state: Any, events: Sequence[Event]) -> list[list[str]]:
    words: list[list[str]] = [[] for _ in range(state.players)]
    for entry in state.played:
        words[entry.seat].append(entry.word)
    return words


def _vocabulon(state: Any, events: Sequence[Event]) -> list[list[str]]:
    words: list[list[str]] = [[] for _ in range(state.players)]
    for entry in state.history:
        if entry["type"] == "answer" and entry["correct"]:
            words[entry["seat"]].append(entry["word"])
    for seat in range(state.players):
        words[seat] += [*state.former[seat], *([state.secrets[seat]] if state.secrets[seat]
                                               else [])]
    return words


def _volapuk(state: Any, events: Sequence[Event]) -> list[list[str]]:
    words: list[list[str]] = [[] for _ in range(state.players)]
    for entry in state.played:
        if entry["type"] == "word":
            words[entry["seat"]] += [w["text"] for w in entry["words"] if not w["restored"]]
    return words


WORDS = {"topword": _topword, "typo": _typo, "awalettres": _awalettres,
         "vocabulon": _vocabulon, "volapuk": _volapuk}


def words_by_seat(game: str, state: State, events: Sequence[Event]) -> list[list[str]]:
    """The words each seat formed in a finished game (see the module docstring), from its
    final state and every event of the game in order."""
    return WORDS[game](state, events)


def replayed(record: Record) -> tuple[State, list[Event]]:
    """The record's final state and every event, replayed with the digests checked."""
    final: State | None = None
    events: list[Event] = []
    for _, state, step_events in replay_steps(record, registry.get_game(record.game)):
        final = state
        events += step_events
    assert final is not None  # replay_steps yields the initial state at least
    return final, events


# -- familiarity ----------------------------------------------------------------------------------

class Familiarity:
    """How common a word's lemma is: its frequency and its rank among the lexicon's lemmas."""

    def __init__(self, lexicon: Lexicon) -> None:
        self.lexicon = lexicon
        self.lemmas = lexicon.lemma_frequencies()
        self._descending = sorted(self.lemmas.values(), reverse=True)
        self._lemma_of: dict[str, tuple[str | None, float]] = {}  # a word is asked once per size

    def lemma(self, word: str) -> tuple[str | None, float]:
        """The word's most frequent lemma and its frequency (None, 0.0 when none is known)."""
        found = self._lemma_of.get(word)
        if found is None:
            found = (None, 0.0)
            for entry in self.lexicon.entries(word):
                frequency = self.lemmas.get(entry.lemma, 0.0)
                if found[0] is None or frequency > found[1]:
                    found = (entry.lemma, frequency)
            self._lemma_of[word] = found
        return found

    def threshold(self, size: int) -> float:
        """The lemma frequency of the ``size``-th most frequent lemma."""
        return self._descending[min(size, len(self._descending)) - 1]

    def rank(self, frequency: float) -> int:
        """1 + the number of lemmas more frequent than ``frequency``."""
        return bisect.bisect_left(self._descending, -frequency, key=lambda f: -f) + 1

    def known(self, word: str, size: int) -> bool:
        lemma, frequency = self.lemma(word)
        return lemma is not None and frequency > 0 and frequency >= self.threshold(size)


@dataclass
class LevelWords:
    """The words one level played over a set of games."""

    games: int = 0
    words: list[str] = field(default_factory=list)

    def shares(self, familiarity: Familiarity, sizes: Sequence[int]) -> list[float]:
        """The share of the words (as played) known at each vocabulary size."""
        if not self.words:
            return [0.0 for _ in sizes]
        return [sum(familiarity.known(w, n) for w in self.words) / len(self.words)
                for n in sizes]


def collect(records: Iterable[Record]) -> tuple[str, dict[str, LevelWords]]:
    """The game's name and each level's words over the records (replayed, digests checked)."""
    by_level: dict[str, LevelWords] = defaultdict(LevelWords)
    name = ""
    for record in records:
        name = record.game
        state, events = replayed(record)
        for seat, words in enumerate(words_by_seat(record.game, state, events)):
            level = record.seats[seat].level or record.seats[seat].name
            by_level[level].games += 1
            by_level[level].words += [w.upper() for w in words]
    return name, dict(by_level)


def table(name: str, by_level: dict[str, LevelWords], familiarity: Familiarity,
          sizes: Sequence[int], examples: int) -> list[str]:
    """The report of one set of games, as lines of text."""
    games = max((lw.games for lw in by_level.values()), default=0)
    out = [f"{name}: {games} games; known = lemma among the N most frequent "
           f"({', '.join(f'N={n}: f >= {familiarity.threshold(n):.2f}/M' for n in sizes)})"]
    for level in sorted(by_level):
        lw = by_level[level]
        shares = ", ".join(f"known@{n} {s:.3f}" for n, s in
                           zip(sizes, lw.shares(familiarity, sizes), strict=True))
        out.append(f"  {level:<10} {len(lw.words):6d} words ({len(lw.words) / max(1, lw.games):.1f}"
                   f" a game, {len(set(lw.words))} distinct), {shares}")
    for level in sorted(by_level):
        common = Counter(by_level[level].words).most_common(examples)
        if common:
            out.append(f"  {level}'s most played words: "
                       + ", ".join(f"{w} x{n}" for w, n in common))
        rare = sorted({(familiarity.lemma(w)[1], w) for w in by_level[level].words})[:examples]
        if rare:
            out.append(f"  {level}'s least familiar words: " + ", ".join(
                f"{w} ({familiarity.lemma(w)[0]}, {f:.2f}/M, rank {familiarity.rank(f)})"
                for f, w in rare))
    return out


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("dirs", nargs="+", metavar="DIR", help="a directory of game records")
    parser.add_argument("--sizes", default=",".join(map(str, DEFAULT_SIZES)),
                        help="vocabulary sizes N (most frequent lemmas), comma-separated")
    parser.add_argument("--examples", type=int, default=12,
                        help="least familiar words shown per level")
    args = parser.parse_args(argv)
    sizes = [int(n) for n in args.sizes.split(",")]
    familiarity = Familiarity(get_lexicon())
    for directory in args.dirs:
        paths = sorted(Path(directory).glob("*.json"))
        name, by_level = collect(Record.load(p) for p in paths)
        print("\n".join(table(name, by_level, familiarity, sizes, args.examples)), flush=True)


if __name__ == "__main__":
    main()
