"""PAS DE PANIQUE: what counts as shouting the phrase.

The seed's round of the table, arms in the air, becomes typing « pas de panique ! » (RULINGS.md).
Case, accents, spacing and the kind of space or apostrophe do not matter; the words and the
exclamation mark do. The 15 seconds are not the engine's business: the terminal times the
typing, and web tables enforce `Awalettres.time_limit`.
"""

from __future__ import annotations

import unicodedata

from ludomots.games.awalettres.cards import PANIC_PHRASE


def _normal(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text.lower())
    plain = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return "".join(plain.replace("!", " !").split())


def is_panic_phrase(text: str) -> bool:
    """`pas de panique !`, `Pas de panique!`, `PAS DE PANIQUE !` all count; `pas de panique`
    (no exclamation mark) does not."""
    return _normal(text) == _normal(PANIC_PHRASE)
