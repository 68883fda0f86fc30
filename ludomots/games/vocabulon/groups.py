"""The 16 letter groups: sabot compartments, letter cards and board cells share them.

RULINGS.md: A, B, C, D, E, F, GH, IJK, L, M, NO, PQ, R, S, TU, VWXYZ, three letter cards each.
Every letter belongs to exactly one group, so what a secret word needs is a count per group: a
multi-letter card counts for any one of its letters, and a word is complete when each group
holds as many cards as the word has letters from that group.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from ludomots.lexicon.fold import fold

GROUPS: tuple[str, ...] = ("A", "B", "C", "D", "E", "F", "GH", "IJK", "L", "M", "NO", "PQ",
                           "R", "S", "TU", "VWXYZ")
CARDS_PER_GROUP = 3  # seed: "il n'y en a que 3 à gagner !"
LETTER_CARDS = CARDS_PER_GROUP * len(GROUPS)  # seed: 48 cartes-lettre
GROUP_OF: dict[str, str] = {letter: group for group in GROUPS for letter in group}
ALPHABET = frozenset(GROUP_OF)

assert len(ALPHABET) == 26 and LETTER_CARDS == 48


def group_of(letter: str) -> str:
    """The group of one letter (accents folded): É -> E, K -> IJK."""
    return GROUP_OF[fold(letter)]


def letters_key(word: str) -> str | None:
    """The folded letters of a word, or None when it holds anything but letters A-Z
    (secret words and answers are typed in letters only: no hyphen, apostrophe or space)."""
    key = fold(word.strip())
    if not key or any(ch not in ALPHABET for ch in key):
        return None
    return key


def needs(word: str) -> Counter[str]:
    """Cards of each group a word needs: one per letter (a double letter needs two)."""
    key = letters_key(word)
    if key is None:
        raise ValueError(f"not a word of letters: {word!r}")
    return Counter(GROUP_OF[ch] for ch in key)


def missing(word: str, held: Iterable[str]) -> Counter[str]:
    """Cards of each group still to win for ``word`` with the cards ``held`` (group names)."""
    return needs(word) - Counter(held)


def complete(word: str, held: Iterable[str]) -> bool:
    """The win condition: some assignment of the held cards covers every letter."""
    return not missing(word, held)


def covered(word: str, held: Iterable[str]) -> int:
    """How many letters of ``word`` the held cards cover (a progress score)."""
    need = needs(word)
    have = Counter(held)
    return sum(min(n, have[g]) for g, n in need.items())
