"""Folding: how a typed or played word becomes a lookup key.

Tiles and cards carry no accents, so games compare words on a folded key:
upper case, accents removed (RULINGS.md: É/È/Ê/Ë→E, À/Â→A, Î/Ï→I, Ô→O,
Ù/Û/Ü→U, Ç→C, Œ→OE, Æ→AE), the typographic apostrophe made ASCII. Signs
(apostrophe, hyphen, point, space) are kept: the policies decide about them.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

APOSTROPHES = "’‘ʼ`´"
SIGNS = frozenset("'-. ")


@lru_cache(maxsize=1)
def fold_table() -> dict[int, str]:
    """The str.translate table of `fold` (before upper-casing), for hot loops."""
    table: dict[int, str] = {ord(c): "'" for c in APOSTROPHES}
    table.update({ord("œ"): "OE", ord("Œ"): "OE", ord("æ"): "AE", ord("Æ"): "AE", ord("ß"): "SS",
                  ord("ø"): "O", ord("Ø"): "O", ord("ł"): "L", ord("Ł"): "L", ord("đ"): "D"})
    # Every other Latin letter with diacritics folds to its base letter (ñ, á, ö... in loanwords).
    for code in range(0xC0, 0x250):
        ch = chr(code)
        if code in table or not ch.isalpha():
            continue
        base = "".join(c for c in unicodedata.normalize("NFD", ch) if not unicodedata.combining(c))
        if base != ch and base.isascii():
            table[code] = base.upper()
    for code in range(ord("a"), ord("z") + 1):
        table[code] = chr(code).upper()
    return table


def fold(word: str) -> str:
    """The lookup key of `word`: upper case without accents, signs kept."""
    return word.translate(fold_table()).upper()


def has_signs(word: str) -> bool:
    """True when the word contains an apostrophe, hyphen, point or space."""
    return any(c in SIGNS or c in APOSTROPHES for c in word)


def normalize_apostrophes(word: str) -> str:
    """The word with every apostrophe made the ASCII one (they are the same sign)."""
    for c in APOSTROPHES:
        word = word.replace(c, "'")
    return word
