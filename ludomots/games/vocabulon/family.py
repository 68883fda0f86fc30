"""Whether a definition gives its answer away: the answer itself or a word of its family.

A riddle's definition must not contain the answer (RULINGS.md: "does not contain the answer or
its stem"). Exact matching is not enough: "Personne qui chante" gives away CHANTEUR, "D'une
manière lente" LENTEMENT, "Faire de nouveau" REFAIRE. Words are compared folded (no accents,
upper case), on three signs of kinship:

- a shared beginning as long as the answer's stem (the answer minus a short ending, 3 to 5
  letters): CHANT- for CHANTEUR, CHEVA- for CHEVAL / CHEVAUX, EAU for EAUX;
- a definition word that is all but the last letter of a beginning of the answer (LENTE for
  LENTEMENT, RAPIDE for RAPIDEMENT);
- one word inside the other, five letters or more (FAIRE in REFAIRE, NOUER in DENOUER; not
  MAIN in HUMAIN).

It errs on the side of refusing: a harmless definition lost costs nothing (the deck has others),
a giveaway ruins a riddle. The lemmas of the definition's words are checked too (a conjugated
form of the answer's verb is caught through its infinitive).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from ludomots.lexicon.fold import fold

_WORD_RE = re.compile(r"[^\W\d_]+")


def stem_length(answer: str) -> int:
    """How many first letters two words must share to be of one family."""
    n = len(answer)
    return n if n <= 3 else min(5, max(3, n - 2))


def _common_prefix(a: str, b: str) -> int:
    n = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        n += 1
    return n


def related(answer: str, word: str) -> bool:
    """Whether ``word`` (one word of a definition) looks like a word of ``answer``'s family.
    Both are compared folded."""
    a, w = fold(answer), fold(word)
    if len(w) < 3:
        return False
    shared = _common_prefix(a, w)
    if shared >= stem_length(a) or (len(w) < len(a) and shared >= stem_length(w)):
        return True
    if len(w) >= 4 and shared >= 3 and shared >= len(w) - 1:
        return True
    return min(len(w), len(a)) >= 5 and (w in a or a in w)


def words_of(text: str) -> list[str]:
    """The words of a text (an elided "l’eau" gives "l" and "eau")."""
    return _WORD_RE.findall(text)


def gives_away(answer: str, definition: str,
               lemmas: Callable[[str], Iterable[str]] | None = None) -> str | None:
    """The first word of ``definition`` related to ``answer`` (or whose lemma is), else None."""
    for word in words_of(definition):
        if related(answer, word):
            return word
        if lemmas is not None:
            for lemma in lemmas(word):
                if lemma.isalpha() and related(answer, lemma):
                    return word
    return None
