"""A riddle's other right answers, worked out when the deck is built (`deckbuild.py`).

The reader asks for a word of an initial, a length and a class that fits a definition; the
answer on the back of the card is one such word, not always the only one. Another headword
of the same initial, length and class (a noun card also takes a noun of either gender) is
right as well when:

- the lexicon gives it the very definition that was read (its own sense, cleaned the way the
  card's was, its usage labels aside: LYS for LIS, « Genre de liliacées... »; MÉDIUS for
  MAJEUR, « Doigt du milieu de la main »), or
- it is a spelling of the same word: one of the two says so (« Variante de costaud »,
  « Autre orthographe de gaspacho »): COSTEAU for COSTAUD, GAZPACHO for GASPACHO.

The alternates are headwords the Vocabulon policy accepts (the dictionary a player may
answer from), in letters; a spelling that folds like the answer (ÂGE, AGE) is no alternate,
folding already accepts it. docs/rules/vocabulon.md, « Other right answers ».
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ludomots.games.vocabulon.definitions import clean_definition
from ludomots.lexicon.fold import fold
from ludomots.lexicon.lexicon import Lexicon

CLASS_CODES = {"n.m.": "n", "n.f.": "n", "adj.": "adj", "adv.": "adv", "v.": "v", "v.pr.": "v"}
#: A noun card says its gender; a noun of either gender ("n.", ENFANT) fits it too.
FITTING_CLASSES = {"n.m.": ("n.m.", "n."), "n.f.": ("n.f.", "n.")}

_LABELS_RE = re.compile(r"^(?:\s*\([^()]*\)\s*[:;,]?)+\s*")
# "Variante de lis", "Variante orthographique de costaud", "Autre orthographe possible pour
# cuillère", "Ancienne graphie de..." (not "Synonyme de": another word, for one sense only).
_SPELLING_OF_RE = re.compile(
    r"^(?:(?:ancienne|autre)\s+)?(?:variante|orthographe|graphie)"
    r"(?:\s+(?:orthographique|graphique|ancienne|alternative|moderne|rectifiée|courante"
    r"|rare|possible))*\s+(?:de|du|d[’']|pour)\s*(?:l[’']|la\s+|le\s+)?(?P<word>[^\W\d_]+)",
    re.IGNORECASE)


def heard(sense: str, code: str, pronominal: bool) -> str | None:
    """A sense as a riddle would read it (`clean_definition`), its usage labels aside: a
    label (« (Vieilli) », « (Québec) ») keeps a sense off a card, not from being the word's."""
    cleaned = clean_definition(_LABELS_RE.sub("", sense), pronominal, code)
    return cleaned[0] if cleaned is not None else None


def spelling_of(sense: str) -> str | None:
    """The folded word a sense says this one is a spelling of, if it says so."""
    found = _SPELLING_OF_RE.match(_LABELS_RE.sub("", sense))
    return fold(found.group("word")) if found is not None else None


@dataclass(frozen=True)
class Headword:
    """A headword that could answer some card of its initial, length and class: its
    definitions as they would be read, and the words it says it is a spelling of."""

    word: str
    key: str
    heard: frozenset[str]
    spells: frozenset[str]


class Alternates:
    """The other right answers of a question, from the lexicon (one index per initial,
    length and class, made when first asked)."""

    def __init__(self, lexicon: Lexicon) -> None:
        self.lexicon = lexicon
        self._check = lexicon.checker("unconjugated")
        self._groups: dict[tuple[str, int, str], tuple[Headword, ...]] = {}

    def group(self, initial: str, length: int, cls: str) -> tuple[Headword, ...]:
        """The headwords that fit a card of this initial, length and class, best known
        first (so that of two spellings folding alike the usual one stands for both)."""
        found = self._groups.get((initial, length, cls))
        if found is None:
            found = self._groups[(initial, length, cls)] = self._make_group(initial, length, cls)
        return found

    def _make_group(self, initial: str, length: int, cls: str) -> tuple[Headword, ...]:
        code = CLASS_CODES[cls]
        pronominal = cls == "v.pr."
        listed = sorted(((h.frequency, h.word) for fitting in FITTING_CLASSES.get(cls, (cls,))
                         for h in self.lexicon.pattern(initial, length, fitting)),
                        key=lambda item: (-item[0], item[1]))
        words: dict[str, Headword] = {}
        for _, word in listed:
            if word in words or not word.isalpha() or not word.islower() \
                    or not self._check(word):
                continue
            senses = self.lexicon.definitions(word, code)
            texts = (heard(sense, code, pronominal) for sense in senses)
            spells = (spelling_of(sense) for sense in senses)
            words[word] = Headword(word, fold(word), frozenset(t for t in texts if t),
                                   frozenset(s for s in spells if s))
        return tuple(words.values())

    def of(self, answer: str, cls: str, definition: str) -> tuple[str, ...]:
        """The other right answers of the question (answer, class, definition read), in
        alphabetical order, one spelling per folded word."""
        key = fold(answer)
        group = self.group(key[:1], len(key), cls)
        spells = {s for h in group if h.key == key for s in h.spells}
        found: dict[str, str] = {}
        for headword in group:
            if headword.key == key or headword.key in found:
                continue
            if definition in headword.heard or key in headword.spells \
                    or headword.key in spells:
                found[headword.key] = headword.word
        return tuple(found[k] for k in sorted(found))
