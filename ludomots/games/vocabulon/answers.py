"""Whether a typed answer is the riddle's word.

RULINGS.md: case and accents are ignored, the letters must be exact; typing the word is
spelling it, so the seed's "un adversaire peut lui demander d'épeler le mot" is always
satisfied. A player naturally says "se souvenir" for a pronominal verb or "la mer" for a
noun: the pronoun or the article is not held against him. A word that fits the question as
well as the card's (LYS for LIS: `alternates.py`) is right too when the caller passes it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ludomots.core.errors import RuleError
from ludomots.core.text import printable
from ludomots.games.vocabulon.actions import rule_error
from ludomots.games.vocabulon.deck import LENGTHS
from ludomots.lexicon.fold import fold, normalize_apostrophes

#: The longest answer a player may type: the longest word of the deck and a little (an
#: article or a pronoun, spaces). A longer text is no answer, only a way to swell the game.
ANSWER_MAX = max(LENGTHS) + 12
#: Besides letters, what an answer said naturally may hold: « la mer », « s'absenter ».
ANSWER_MARKS = frozenset(" '’-")
_ARTICLE_RE = re.compile(r"^(?:LE |LA |LES |L'|UN |UNE )")
_PRONOUN_RE = re.compile(r"^(?:SE |S')")


def answer_key(typed: str, cls: str) -> str:
    """The folded letters of an answer, without a leading article (nouns) or reflexive
    pronoun (pronominal verbs)."""
    key = " ".join(fold(normalize_apostrophes(typed)).split())
    if cls in ("n.m.", "n.f."):
        key = _ARTICLE_RE.sub("", key)
    elif cls == "v.pr.":
        key = _PRONOUN_RE.sub("", key)
    return key.strip()


def matched(typed: str, answer: str, cls: str, also: Sequence[str] = ()) -> str | None:
    """Which right answer ``typed`` is: the card's ``answer``, one of the other right
    answers ``also``, or None."""
    if not typed.strip():
        return None
    key = answer_key(typed, cls)
    return next((word for word in (answer, *also) if fold(word) == key), None)


def is_correct(typed: str, answer: str, cls: str, also: Sequence[str] = ()) -> bool:
    return matched(typed, answer, cls, also) is not None


def spoken(answer: str, cls: str) -> str:
    """The answer as said when it is revealed: "se souvenir", "s'absenter"."""
    if cls != "v.pr.":
        return answer
    return ("s’" if answer[:1].lower() in "aeiouyâàéèêëîïôûù" else "se ") + answer


def answer_error(typed: str) -> RuleError | None:
    """Why ``typed`` (stripped) cannot be an answer, or None ("" is « je ne sais pas »)."""
    if len(typed) > ANSWER_MAX:
        return rule_error("answer_too_long", f"Une réponse compte {ANSWER_MAX} caractères au "
                          "plus.", max=ANSWER_MAX)
    if not printable(typed) or not all(c.isalpha() or c in ANSWER_MARKS for c in typed):
        return rule_error("bad_answer", "Une réponse s'écrit en lettres (avec, au besoin, un "
                          "article : « la mer », « s'absenter »).")
    return None
