"""Grammalecte entries that no other source confirms, and what they become.

- Metric prefix × unit combinations (tag ``;U``: YOCTORADIAN, ZETTAOHM) and the technical
  sub-list (variant ``X``: FLUDIOXONIL, SCHTROUMPFERONT, OPENSOURÇASSIEZ) are generated or
  specialised lists: an entry of theirs is kept only when Lexique, wfrench or GUTenberg
  spell the form (or its singular, or for the sub-list its lemma); KILOMÈTRE, MILLIGRAMME,
  ANAGRAMME stay. Wiktionary does not count here: it has a page for every SI multiple.
  Unconfirmed, they are not words at all (NOT_A_WORD).
- A short lemma (five letters or fewer) that no other source confirms, such as IBID, ÉD,
  ENV, BIBL, JUIL, FIG, or the English BIG, GOOD, HIGH, SMALL, is an abbreviation or a
  foreign word on Grammalecte's word alone: it takes the ABBREVIATION category, which the
  standard policy refuses. Lexique confirms (it has the word's class); Wiktionary confirms
  when a sense of it is a definition, not a shortening (« Figurine. » for FIG); wfrench
  confirms; GUTenberg only with wfrench (it lists abbreviations without their point:
  ETC, CF, IBID, ENV, AV, APR).
  Spellings of the 1990 reform (variant ``R``: GOUT, CHAINE) are exempt: the other
  sources predate or ignore the reform.
"""

from __future__ import annotations

from ludomots.lexicon.additions import wiktionary_vouches
from ludomots.lexicon.evidence import LEXIQUE, WFRENCH_LIST, WIKTIONARY, Evidence
from ludomots.lexicon.fold import fold
from ludomots.lexicon.tags import ABBREVIATION, NOT_A_WORD, PROPER, parse_tag

SHORT_LEMMA = 5  # letters, folded


def _spelled_outside_wiktionary(evidence: Evidence, *words: str) -> bool:
    return any(evidence.sources(w) - {WIKTIONARY} for w in words) or any(
        w in evidence.lexique_lemmas for w in words
    )


def _confirmed(evidence: Evidence, form: str, lemma: str) -> bool:
    for word in dict.fromkeys((form, lemma)):
        found = evidence.sources(word)
        if LEXIQUE in found or word in evidence.lexique_lemmas:
            return True
        if WFRENCH_LIST in found:
            return True
        if WIKTIONARY in found and wiktionary_vouches(word, evidence.glosses[word]):
            return True
    return False


def unconfirmed_categories(form: str, lemma: str, tag: str, cats: int,
                           evidence: Evidence) -> int:
    """Category bits to add to a Grammalecte entry the other sources leave unconfirmed."""
    variant = parse_tag(tag).variant
    if ";U" in tag:
        singular = form[:-1] if form.endswith("s") else form
        return 0 if _spelled_outside_wiktionary(evidence, form, singular) else NOT_A_WORD
    if variant == "X":
        return 0 if _spelled_outside_wiktionary(evidence, form, lemma) else NOT_A_WORD
    if cats & (PROPER | ABBREVIATION | NOT_A_WORD) or variant == "R":
        return 0
    letters = sum(1 for c in fold(lemma) if c.isalpha())
    if letters <= SHORT_LEMMA and not _confirmed(evidence, form, lemma):
        return ABBREVIATION
    return 0
