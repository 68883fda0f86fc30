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
  MAIN in HUMAIN), or a shorter one after a prefix (CAR in AUTOCAR, TOUR in DÉTOUR);
- the same stem once a derivational or inflectional ending is off, Y read as I (JOYEUX and
  JOIE: JOI-; JOGGEUR and JOGGING: JOGG-; LOUEUR and LOUAGE: LOU-; RIS and RIRE: RI-), or a
  definition word that begins with the answer's stem of three letters or more (SOL- of SOLAIRE
  in SOLEIL).

It errs on the side of refusing: a harmless definition lost costs nothing (the deck has others),
a giveaway ruins a riddle. The lemmas of the definition's words are checked too (a conjugated
form of the answer's verb is caught through its infinitive).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from functools import lru_cache

from ludomots.lexicon.fold import fold

_WORD_RE = re.compile(r"[^\W\d_]+")
# Prefixes that make a word of the same family out of a short one (AUTO+CAR, DE+TOUR).
PREFIXES = ("AUTO", "RE", "DE", "DES", "DIS", "IN", "IM", "PRE", "SUR", "SOUS", "CONTRE",
            "ANTI", "CO", "MINI", "MICRO", "SUPER", "HYPER", "TELE", "BI", "TRI", "MULTI", "SEMI",
            "MI", "PARA", "PORTE", "ENTRE", "EXTRA", "INTER", "TRANS", "ULTRA", "AVANT", "APRES",
            "ARRIERE", "BIEN", "MAL", "NON", "PRO", "EN", "EM", "A")

# Endings that derive or inflect a word of the same family (folded, Y read as I), longest first.
SUFFIXES = tuple(sorted((
    "ISSEMENT", "ISSANT", "ISSAGE", "ATIONS", "ATION", "ATEUR", "ATRICE", "EMENT", "MENT",
    "ITION", "TION", "SION", "ERIE", "EUSE", "EUR", "EUX", "IQUE", "ISME", "ISTE", "ABLE",
    "IBLE", "AIRE", "ANCE", "ENCE", "ANTE", "ANT", "ENT", "AGE", "ING", "ITE", "IERE", "IER",
    "ELLE", "EL", "ETTE", "ET", "ON", "IF", "IVE", "OIR", "OIRE", "URE", "ADE", "IEN", "IENNE",
    "ISER", "IFIER", "ER", "IR", "RE", "EE", "E", "ES", "S", "X", "AL", "AUX", "ALE",
), key=lambda s: (-len(s), s)))


# Endings after which two letters are still a stem (RI-S, RI-RE; SU-ANT, SU-ER), not AV-AL.
INFLECTIONS = ("S", "E", "ES", "X", "EE", "RE", "ER", "IR", "ANT")


@lru_cache(maxsize=65536)
def _ending(word: str) -> str:
    w = fold(word).replace("Y", "I")
    return next((s for s in SUFFIXES if w.endswith(s) and len(w) - len(s) >= 2), "")


def stem(word: str) -> str:
    """A folded word less its longest ending that leaves two letters or more (Y read as I):
    the part its family shares."""
    w = fold(word).replace("Y", "I")
    return w[: len(w) - len(_ending(word))]


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


@lru_cache(maxsize=1 << 20)
def related(answer: str, word: str) -> bool:
    """Whether ``word`` (one word of a definition) looks like a word of ``answer``'s family.
    Both are compared folded; an answer made of a prefix and a word is compared through that
    word too (INÉGAL and ÉGALITÉ)."""
    a, w = fold(answer), fold(word)
    if len(w) < 3:
        return False
    if _related(a, w):
        return True
    a, w = a.replace("Y", "I"), w.replace("Y", "I")
    sa, sw = stem(answer), stem(word)
    if sa == sw and (len(sa) >= 3 or (_ending(answer) in INFLECTIONS
                                      and _ending(word) in INFLECTIONS)):
        return True  # two letters are a stem only after an inflection (RI-S, RI-RE)
    if len(sa) >= 3 and sa != a and w.startswith(sa):
        return True
    return any(a.startswith(p) and len(a) - len(p) >= 4 and _related(a[len(p):], w)
               for p in PREFIXES)


def _related(a: str, w: str) -> bool:
    shared = _common_prefix(a, w)
    if shared >= stem_length(a) or (len(w) < len(a) and shared >= stem_length(w)):
        return True
    if len(w) >= 4 and shared >= 3 and shared >= len(w) - 1:
        return True
    if min(len(w), len(a)) >= 5 and (w in a or a in w):
        return True
    longer, shorter = (w, a) if len(w) > len(a) else (a, w)
    return len(shorter) >= 3 and longer.endswith(shorter) and \
        longer[: len(longer) - len(shorter)] in PREFIXES


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
