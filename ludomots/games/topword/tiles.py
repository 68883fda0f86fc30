"""Topword's 100 tiles (seed, "CONTENU DU JEU") and their letters.

The Qu tile is one tile: written `Q` in racks and position strings, `QU` in words.
"""

from __future__ import annotations

from collections import Counter

DISTRIBUTION: dict[str, int] = {
    "A": 9, "B": 2, "C": 2, "D": 3, "E": 15, "F": 2, "G": 2, "H": 2, "I": 8, "J": 1,
    "K": 1, "L": 5, "M": 3, "N": 6, "O": 6, "P": 2, "Q": 1, "R": 6, "S": 6, "T": 6,
    "U": 6, "V": 2, "W": 1, "X": 1, "Y": 1, "Z": 1,
}
TILE_COUNT = 100
RACK_SIZE = 7
BONUS_LETTERS = frozenset("JKQWXYZ")  # seed, "POINTS BONUS": J, K, Qu, W, X, Y, Z
ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"

assert sum(DISTRIBUTION.values()) == TILE_COUNT


def full_bag() -> list[str]:
    """Every tile, in alphabetical order (the state shuffles it with its own random source)."""
    return [letter for letter in ALPHABET for _ in range(DISTRIBUTION[letter])]


def spelled(tile: str) -> str:
    """How a tile reads in a word: Q is the Qu tile."""
    return "QU" if tile == "Q" else tile


def display(tile: str) -> str:
    """How a tile is shown to players."""
    return "Qu" if tile == "Q" else tile


def parse_rack(text: str) -> list[str]:
    """Rack letters from user text ("AEIQRST", "Qu" accepted for the Qu tile); ValueError."""
    letters: list[str] = []
    upper = text.upper().replace("QU", "Q").replace(" ", "")
    for ch in upper:
        if ch not in DISTRIBUTION:
            raise ValueError(f"not a Topword tile: {ch!r}")
        letters.append(ch)
    return letters


def rack_counter(tiles: list[str]) -> Counter[str]:
    return Counter(tiles)
