"""What the other sources say about a form: the evidence the build weighs.

Grammalecte is the backbone, but it is a spelling dictionary: it generates every metric
prefix with every unit (YOCTORADIAN), keeps a technical sub-list of pesticide names and
jokes (FLUDIOXONIL, SCHTROUMPFERONT), lists abbreviations without their point (IBID) and
misses short words Scrabble players play (KOB, ZARB). Other sources testify:

- Lexique 3.83 (forms with their class, from film subtitles and books);
- the French Wiktionary's headwords, with their glosses;
- Debian's `wfrench` word list and GUTenberg's dictionary (`aspell-fr`), the LADL's DELA,
  the Lefff and René Cougnenc's « Dico », used as evidence only: no
  form is taken from them, they confirm (or not) what Grammalecte and Wiktionary say;
- wordfreq's French and English frequencies, which say nothing of a word's class but
  tell an English word: see `english_looking`.

A source *attests* a form when it spells it exactly (case and accents included).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Container
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from ludomots.lexicon.cbpack import CentibelTable, read_cbpack
from ludomots.lexicon.lexique import LexiqueRow
from ludomots.lexicon.sources import (
    COUGNENC,
    DELA,
    GLOSSES,
    GUTENBERG,
    LEFFF,
    WFRENCH,
    WORDFREQ,
    read_member,
)
from ludomots.lexicon.wordlists import (
    read_cougnenc,
    read_dela,
    read_lefff,
    read_lines,
    read_prezip,
)

WIKTIONARY, LEXIQUE, WFRENCH_LIST, GUTENBERG_LIST = "wk", "lx", "wf", "gut"
DELA_LIST, LEFFF_LIST, COUGNENC_LIST = "dl", "lf", "rc"
SOURCE_NAMES = {
    WIKTIONARY: "Wiktionary",
    LEXIQUE: "Lexique",
    WFRENCH_LIST: "wfrench",
    GUTENBERG_LIST: "GUTenberg",
    DELA_LIST: "DELA",
    LEFFF_LIST: "Lefff",
    COUGNENC_LIST: "Cougnenc",
}
# Lists made to check French spelling: an English-looking word needs one of them (besides
# Grammalecte). Lexique (film subtitles), the DELA and the Lefff (made to parse real text)
# all record English words as they occur in French: because, yeah, king.
SPELLING_LISTS = frozenset({WFRENCH_LIST, GUTENBERG_LIST})
# Lists that write every word in lower case, names included (Lexique's berlin, the Dico's
# nice): they cannot attest the common word of a spelling that is also a name.
LOWER_CASE_LISTS = frozenset({LEXIQUE, COUGNENC_LIST})
# English-looking: wordfreq finds the spelling at least ten times as often in English as in
# French (100 centibels). A spelling French corpora lack counts at their floor.
ENGLISH_MARGIN = 100


@dataclass
class Evidence:
    glosses: dict[str, str]  # Wiktionary headword -> its senses joined by " | "
    lexique: dict[str, list[LexiqueRow]]  # form -> Lexique rows of that form
    lexique_lemmas: frozenset[str]
    wfrench: frozenset[str]
    gutenberg: frozenset[str]
    lexique_verbs: dict[str, list[LexiqueRow]]  # verb lemma -> Lexique rows of its forms
    dela: frozenset[str] = frozenset()
    lefff: frozenset[str] = frozenset()
    cougnenc: frozenset[str] = frozenset()
    french_frequency: CentibelTable = field(default_factory=dict)
    english_frequency: CentibelTable = field(default_factory=dict)
    _cache: dict[str, frozenset[str]] = field(default_factory=dict, repr=False)

    def sources(self, form: str) -> frozenset[str]:
        """The sources (codes above) that spell `form` exactly."""
        found = self._cache.get(form)
        if found is None:
            spelled_by: tuple[tuple[str, Container[str]], ...] = (
                (WIKTIONARY, self.glosses), (LEXIQUE, self.lexique),
                (WFRENCH_LIST, self.wfrench), (GUTENBERG_LIST, self.gutenberg),
                (DELA_LIST, self.dela), (LEFFF_LIST, self.lefff), (COUGNENC_LIST, self.cougnenc))
            names = [code for code, forms in spelled_by if form in forms]
            found = self._cache[form] = frozenset(names)
        return found

    def english_looking(self, form: str) -> bool:
        """Does wordfreq find `form` ten times as often in English as in French?"""
        english = self.english_frequency.get(form)
        if english is None:
            return False
        return self.french_frequency.get(form, self._french_floor) - english >= ENGLISH_MARGIN

    @cached_property
    def _french_floor(self) -> int:
        return max(self.french_frequency.values(), default=0)


def load_evidence(sources: Path, rows: list[LexiqueRow]) -> Evidence:
    glosses: dict[str, str] = {}
    for line in read_member(sources, GLOSSES).decode("utf-8").splitlines():
        headword, tab, text = line.partition("\t")
        if tab and headword:
            glosses[headword] = text
    by_form: dict[str, list[LexiqueRow]] = defaultdict(list)
    verbs: dict[str, list[LexiqueRow]] = defaultdict(list)
    for row in rows:
        by_form[row.form].append(row)
        if row.cls == "v":
            verbs[row.lemma].append(row)
    gutenberg = frozenset(
        word
        for member in GUTENBERG.members
        for word in read_prezip(read_member(sources, GUTENBERG, member))
    )
    return Evidence(
        glosses=glosses,
        lexique=dict(by_form),
        lexique_lemmas=frozenset(row.lemma for row in rows),
        wfrench=read_lines(read_member(sources, WFRENCH)),
        gutenberg=gutenberg,
        lexique_verbs=dict(verbs),
        dela=read_dela(read_member(sources, DELA)),
        lefff=read_lefff(read_member(sources, LEFFF)),
        cougnenc=frozenset().union(*(read_cougnenc(read_member(sources, COUGNENC, member))
                                     for member in COUGNENC.members)),
        french_frequency=read_cbpack(read_member(sources, WORDFREQ)),
        english_frequency=read_cbpack(read_member(sources, WORDFREQ, WORDFREQ.more_members[0])),
    )
