"""Awalettres' cards: the letter deck (grenier), the spell box (boîte à gri-gri), their values.

The seed gives no card list (RULINGS.md): this is the project's design, justified with
simulation figures in docs/rules/awalettres.md (`ludomots awalettres deck-stats`). It keeps the
seed's values (A=1, E=1, S=1, P=2, R=2, V=3), follows French letter frequencies (close to the
French Scrabble counts) and gives 1 seed to frequent letters up to 5 to rare ones.

Cards are short strings: a letter "A"–"Z"; "?" for a CONFUSION lying among a player's letters
(a wild card); "*" for a "tirage de sortilège" card in the grenier. Spells are their ids below.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from ludomots.lexicon.fold import fold

# letter: (copies, seeds)
LETTERS: dict[str, tuple[int, int]] = {
    "E": (14, 1), "A": (9, 1), "I": (8, 1), "N": (6, 1), "O": (6, 1), "S": (6, 1), "T": (6, 1),
    "U": (6, 1), "L": (5, 1),
    "R": (6, 2), "C": (3, 2), "D": (3, 2), "M": (3, 2), "P": (2, 2),
    "B": (2, 3), "F": (2, 3), "G": (2, 3), "H": (2, 3), "V": (2, 3),
    "J": (1, 4), "Q": (1, 4),
    "K": (1, 5), "W": (1, 5), "X": (1, 5), "Y": (1, 5), "Z": (1, 5),
}
VALUES: dict[str, int] = {letter: value for letter, (_, value) in LETTERS.items()}
LETTER_COUNT = sum(copies for copies, _ in LETTERS.values())
SPELL_DRAWS = 8  # "tirage de sortilège" cards shuffled into the grenier

WILD = "?"  # a CONFUSION among a player's letters
SPELL_DRAW = "*"  # a "tirage de sortilège" card in the grenier
HAND_SIZE = 7
CONFUSION_VALUE = 5  # seed: "La valeur est 0 ou 5 graines"
MARABOUT_CONFUSION_CASTER = 3  # seed: "le joueur qui l'impose récupère 3 graines"
MARABOUT_CONFUSION_PLAYER = 2  # "... et le joueur qui la joue récupère 2 graines"
PANIC_PRICE = 5  # seed: "donner cinq graines au pot commun"
PANIC_PHRASE = "pas de panique !"

CONFUSION = "confusion"
MARABOUTAGE = "maraboutage"
ECHANGE = "echange"
PANIQUE = "panique"
GENEROSITE = ("generosite1", "generosite2", "generosite3")

# spell id: copies in the box
SPELLS: dict[str, int] = {CONFUSION: 3, MARABOUTAGE: 3, ECHANGE: 3, "generosite1": 1,
                          "generosite2": 1, "generosite3": 1, PANIQUE: 3}
SPELL_NAMES: dict[str, str] = {
    CONFUSION: "CONFUSION", MARABOUTAGE: "MARABOUTAGE", ECHANGE: "ÉCHANGE",
    "generosite1": "GÉNÉROSITÉ (1 graine)", "generosite2": "GÉNÉROSITÉ (2 graines)",
    "generosite3": "GÉNÉROSITÉ (3 graines)", PANIQUE: "PAS DE PANIQUE !",
}
# Spells a player keeps face up until their moment comes (the others act at once).
HELD_SPELLS = (ECHANGE, MARABOUTAGE)

assert LETTER_COUNT == 100


def generosity(spell: str) -> int:
    """Seeds a GÉNÉROSITÉ card makes its holder give to each other player (0: not one)."""
    return int(spell[-1]) if spell in GENEROSITE else 0


def letter_deck() -> list[str]:
    """The grenier before shuffling: every letter card and the spell draws, in a fixed order."""
    cards = [letter for letter, (copies, _) in sorted(LETTERS.items()) for _ in range(copies)]
    return cards + [SPELL_DRAW] * SPELL_DRAWS


def spell_box() -> list[str]:
    """The boîte à gri-gri before shuffling."""
    return [spell for spell, copies in SPELLS.items() for _ in range(copies)]


def card_value(card: str) -> int:
    """Seeds printed on a letter card; a CONFUSION's value depends on who plays it (0 or 5)."""
    return VALUES.get(card, 0)


def hand_value(cards: Iterable[str]) -> int:
    """What letters left in hand cost at the end (an unplayed CONFUSION costs 5)."""
    return sum(CONFUSION_VALUE if card == WILD else card_value(card) for card in cards)


def letter_count(cards: Iterable[str]) -> int:
    """Cards that count towards the 7 of a hand: letters and a CONFUSION."""
    return sum(1 for card in cards if card == WILD or card in VALUES)


def word_key(word: str) -> str | None:
    """The folded A–Z key of a typed word, or None when it holds anything but letters."""
    key = fold(word.strip())
    if not key or any(not ("A" <= ch <= "Z") for ch in key):
        return None
    return key


def parse_letter(text: str) -> str | None:
    """A typed card ("e", "É", "?") as a hand card, or None."""
    stripped = text.strip()
    if stripped == WILD:
        return WILD
    key = fold(stripped)
    return key if key in VALUES else None


def counts(cards: Iterable[str]) -> Counter[str]:
    return Counter(cards)
