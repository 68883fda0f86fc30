"""What a bot knows of French: the whole lexicon, or only the words it would have met.

A level's vocabulary is the set of accepted words whose Lexique frequency (per million words)
reaches its threshold: the beginner knows common words only, the expert every word of the
lexicon. Typo asks two questions of it, "is there a word I know beginning with these letters?"
and "which word shall I announce?", so both are answered here, cached, from the lexicon's
prefix queries (never a list of all words in memory). The word list is the game's (`state.lexicon`),
so every cache is keyed by the lexicon first: a game refereed with another list gets its own
answers.

For a threshold above zero the answer scans the accepted words beginning with the prefix in
trie order, up to `SCAN_LIMIT` of them: a short prefix has thousands of words and a common one
among the first few hundred, while a long prefix has few words to scan. Past the limit the
level is deemed not to find a word, which is how a person misses one too.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import islice
from typing import Literal

from ludomots.lexicon.lexicon import Lexicon

POLICY = "standard"
SCAN_LIMIT = 800  # keys scanned to find a known word under a prefix
ENOUGH = 100  # keys scanned once one known word is found, looking for a more common one
RARE_SCAN = 120  # keys scanned when looking for an uncommon word to announce

WordStyle = Literal["common", "rare"]


@lru_cache(maxsize=500_000)
def frequency(lexicon: Lexicon, key: str) -> float:
    """The highest Lexique frequency of the forms folding to `key` (0 when Lexique lacks it)."""
    return lexicon.frequency(key)


@lru_cache(maxsize=500_000)
def accepted(lexicon: Lexicon, key: str) -> bool:
    return lexicon.accepts(key, POLICY)


@lru_cache(maxsize=1_000_000)
def has_prefix(lexicon: Lexicon, prefix: str) -> bool:
    """Does any accepted word begin with `prefix`? (the whole lexicon: what the expert knows)"""
    return lexicon.has_prefix(prefix, POLICY)


@lru_cache(maxsize=500_000)
def common_word(lexicon: Lexicon, prefix: str, threshold: float) -> str | None:
    """The most frequent word with frequency >= `threshold` beginning with `prefix` that a
    scan finds, or None: the level knows no such word."""
    if not has_prefix(lexicon, prefix):
        return None
    best: tuple[float, str] | None = None
    scanned_after_find = 0
    for key in islice(lexicon.iter_accepted(prefix, POLICY), SCAN_LIMIT):
        if best is not None:
            scanned_after_find += 1
            if scanned_after_find > ENOUGH:
                break
        freq = frequency(lexicon, key)
        if freq >= threshold and (best is None or freq > best[0]):
            best = (freq, key)
    return None if best is None else best[1]


@lru_cache(maxsize=200_000)
def rare_word(lexicon: Lexicon, prefix: str) -> str | None:
    """An accepted but uncommon word beginning with `prefix` (the least frequent of the first
    few in trie order): a valid word others may doubt, which earns its announcer 2 points."""
    keys = list(islice(lexicon.iter_accepted(prefix, POLICY), RARE_SCAN))
    if not keys:
        return None
    return min(keys, key=lambda k: (frequency(lexicon, k), len(k), k))


@lru_cache(maxsize=100_000)
def spelling(lexicon: Lexicon, key: str) -> str:
    """How to write a folded key for people: its most frequent accented form, lower case."""
    entries = [e for e in lexicon.entries(key) if e.form.isalpha()]
    if not entries:
        return key.lower()
    return max(entries, key=lambda e: e.frequency).form.lower()


class Vocabulary:
    """The words of one level in `lexicon`: those at least `threshold` frequent (0: all)."""

    def __init__(self, threshold: float, lexicon: Lexicon) -> None:
        self.threshold = threshold
        self.lexicon = lexicon

    def knows_prefix(self, prefix: str) -> bool:
        if self.threshold <= 0:
            return has_prefix(self.lexicon, prefix)
        return common_word(self.lexicon, prefix, self.threshold) is not None

    def knows_word(self, key: str) -> bool:
        """Whether the level would recognise `key` as a word (a wrong-looking word it does
        not know is one it may doubt)."""
        return accepted(self.lexicon, key) and \
            (self.threshold <= 0 or frequency(self.lexicon, key) >= self.threshold)

    def word_for(self, prefix: str, style: WordStyle = "common") -> str | None:
        """A word to announce beginning with `prefix`, spelt with its accents, or None."""
        if style == "rare" and self.threshold <= 0:
            key = rare_word(self.lexicon, prefix)
        else:
            key = common_word(self.lexicon, prefix, max(self.threshold, 0.0))
        return None if key is None else spelling(self.lexicon, key)
