"""Typo's 64 cards (RULINGS.md: the French edition has no Q, X, Y) and how letters are ordered.

Cards are plain one-letter strings: two E are interchangeable, so a hand is a sorted list and a
row a string read left to right. The order of resolution is the only thing that depends on the
part of the game: alphabetical in the first, from Z in the second.
"""

from __future__ import annotations

from ludomots.lexicon.fold import fold

DISTRIBUTION: dict[str, int] = {
    "E": 9, "A": 5, "I": 5, "S": 5, "N": 4, "O": 4, "R": 4, "T": 4, "L": 3, "U": 3, "C": 3,
    "D": 2, "M": 2, "P": 2, "B": 1, "F": 1, "G": 1, "H": 1, "J": 1, "K": 1, "V": 1, "W": 1,
    "Z": 1,
}
CARD_COUNT = 64
ROW_COUNT = 4
HAND_SIZE = 12
HAND_SIZE_SIX_PLAYERS = 10  # seed: "10 cartes seulement à 6 joueurs"
SECOND_PART_MAX = 12  # seed: "On distribue de nouveau 12 cartes à chaque joueur (ou moins...)"
LETTERS = "".join(sorted(DISTRIBUTION))
WORD_LETTERS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZ")

assert sum(DISTRIBUTION.values()) == CARD_COUNT


def full_deck() -> list[str]:
    """Every card in alphabetical order; the state shuffles it with its own random source."""
    return [letter for letter in LETTERS for _ in range(DISTRIBUTION[letter])]


def hand_size(players: int) -> int:
    """Cards dealt to each player in the first part."""
    return HAND_SIZE_SIX_PLAYERS if players == 6 else HAND_SIZE


def letter_rank(letter: str, part: int) -> int:
    """Position of a letter in the resolution order: A first in part 1, Z first in part 2."""
    code = ord(letter) - ord("A")
    return code if part == 1 else 25 - code


def parse_card(text: str) -> str | None:
    """A typed card ("e", " É ") as its letter, or None when it is not a Typo letter."""
    letter = fold(text.strip())
    return letter if letter in DISTRIBUTION else None


def word_key(word: str) -> str | None:
    """The folded key an announced word is compared on, or None when it is not made of
    letters only (cards carry letters; apostrophes, hyphens and spaces are never allowed)."""
    key = fold(word.strip())
    if not key or any(ch not in WORD_LETTERS for ch in key):
        return None
    return key
