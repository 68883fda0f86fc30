"""Whether a typed answer is the riddle's word.

RULINGS.md: case and accents are ignored, the letters must be exact; typing the word is
spelling it, so the seed's "un adversaire peut lui demander d'épeler le mot" is always
satisfied. A player naturally says "se souvenir" for a pronominal verb or "la mer" for a
noun: the pronoun or the article is not held against him.
"""

from __future__ import annotations

import re

from ludomots.lexicon.fold import fold, normalize_apostrophes

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


def is_correct(typed: str, answer: str, cls: str) -> bool:
    return bool(typed.strip()) and answer_key(typed, cls) == fold(answer)


def spoken(answer: str, cls: str) -> str:
    """The answer as said when it is revealed: "se souvenir", "s'absenter"."""
    if cls != "v.pr.":
        return answer
    return ("s’" if answer[:1].lower() in "aeiouyâàéèêëîïôûù" else "se ") + answer
