"""What the other sources say about a form: the evidence the build weighs.

Grammalecte is the backbone, but it is a spelling dictionary: it generates every metric
prefix with every unit (YOCTORADIAN), keeps a technical sub-list of pesticide names and
jokes (FLUDIOXONIL, SCHTROUMPFERONT), lists abbreviations without their point (IBID) and
misses short words Scrabble players play (KOB, ZARB). Four other sources testify:

- Lexique 3.83 (forms with their class, from film subtitles and books);
- the French Wiktionary's headwords, with their glosses;
- Debian's `wfrench` word list and GUTenberg's dictionary (`aspell-fr`), used as
  evidence only: no form is taken from them alone.

A source *attests* a form when it spells it exactly (case and accents included).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from ludomots.lexicon.lexique import LexiqueRow
from ludomots.lexicon.sources import GLOSSES, GUTENBERG, WFRENCH, read_member
from ludomots.lexicon.wordlists import read_lines, read_prezip

WIKTIONARY, LEXIQUE, WFRENCH_LIST, GUTENBERG_LIST = "wk", "lx", "wf", "gut"
SOURCE_NAMES = {
    WIKTIONARY: "Wiktionary",
    LEXIQUE: "Lexique",
    WFRENCH_LIST: "wfrench",
    GUTENBERG_LIST: "GUTenberg",
}


@dataclass
class Evidence:
    glosses: dict[str, str]  # Wiktionary headword -> its senses joined by " | "
    lexique: dict[str, list[LexiqueRow]]  # form -> Lexique rows of that form
    lexique_lemmas: frozenset[str]
    wfrench: frozenset[str]
    gutenberg: frozenset[str]
    lexique_verbs: dict[str, list[LexiqueRow]]  # verb lemma -> Lexique rows of its forms
    _cache: dict[str, frozenset[str]] = field(default_factory=dict, repr=False)

    def sources(self, form: str) -> frozenset[str]:
        """The sources (codes above) that spell `form` exactly."""
        found = self._cache.get(form)
        if found is None:
            names = []
            if form in self.glosses:
                names.append(WIKTIONARY)
            if form in self.lexique:
                names.append(LEXIQUE)
            if form in self.wfrench:
                names.append(WFRENCH_LIST)
            if form in self.gutenberg:
                names.append(GUTENBERG_LIST)
            found = self._cache[form] = frozenset(names)
        return found


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
    )
