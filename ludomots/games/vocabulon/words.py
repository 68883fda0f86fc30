"""Secret-word candidates from the lexicon: what bots and timeouts choose among.

A good secret word is a headword everyone knows, accepted by the Vocabulon policy, whose
letters need few cards of one group (each group has three), and one can say at a family table
(`decency.py`). Lists are built once per lexicon and length.
"""

from __future__ import annotations

from functools import lru_cache

from ludomots.games.vocabulon.decency import sayable
from ludomots.games.vocabulon.groups import ALPHABET, CARDS_PER_GROUP, needs
from ludomots.lexicon.fold import fold
from ludomots.lexicon.lexicon import Lexicon

CLASSES = ("n.m.", "n.f.", "adj.", "adv.", "v.", "v.pr.")
MIN_FREQUENCY = 5.0  # per million words: words every player knows


@lru_cache(maxsize=16)
def secret_candidates(lexicon: Lexicon, length: int,
                      min_frequency: float = MIN_FREQUENCY) -> tuple[str, ...]:
    """Well-known words of ``length`` letters that ``lexicon`` accepts as secret words, most
    frequent first (folded, so that two spellings count once)."""
    check = lexicon.checker("unconjugated")
    best: dict[str, float] = {}
    for initial in sorted(ALPHABET):
        for cls in CLASSES:
            for headword in lexicon.pattern(initial, length, cls):
                if headword.frequency < min_frequency:
                    break
                key = fold(headword.word)
                if not (key.isalpha() and key.isascii() and headword.word.islower()):
                    continue
                if max(needs(key).values()) > CARDS_PER_GROUP or not check(key) or \
                        not sayable(key):
                    continue
                best[key] = max(best.get(key, 0.0), headword.frequency)
    return tuple(sorted(best, key=lambda k: (-best[k], k)))


def default_secret(lexicon: Lexicon, length: int) -> str:
    """The word written for a player who let the time run out: the most frequent one."""
    return secret_candidates(lexicon, length)[0]
