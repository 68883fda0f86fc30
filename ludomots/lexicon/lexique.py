"""Reading Lexique 3.83: frequencies, classes and how well known a lemma is.

Lexique gives, per (form, lemma, class), frequencies per million words in film
subtitles and in books, and per lemma the share of people who knew it in a
lexical decision study (`deflem`). We average subtitles and books: subtitles
alone over-weight speech, books alone literary words.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

# Lexique class -> our class code (see tags.CLASS_LABELS).
CGRAM_CLASSES = {
    "NOM": "n",
    "ADJ": "adj",
    "VER": "v",
    "AUX": "v",
    "ADV": "adv",
    "ONO": "interj",
    "PRE": "prep",
    "CON": "conj",
    "ADJ:num": "num",
    "ART:def": "det",
    "ART:ind": "det",
    "ADJ:ind": "det",
    "ADJ:pos": "det",
    "ADJ:dem": "det",
    "ADJ:int": "det",
    "PRO:per": "pron",
    "PRO:ind": "pron",
    "PRO:pos": "pron",
    "PRO:rel": "pron",
    "PRO:int": "pron",
    "PRO:dem": "pron",
}


@dataclass(frozen=True, slots=True)
class LexiqueRow:
    form: str
    lemma: str
    cls: str
    gender: str
    number: str
    form_freq: float  # per million words, mean of films and books
    lemma_freq: float
    known: int | None  # percentage of people knowing the lemma, if measured
    verb_forms: str = ""  # verbs: Lexique's "infover", e.g. "ind:pre:3s;sub:pre:3s;"


def _number(text: str) -> float:
    return float(text.replace(",", ".")) if text else 0.0


def iter_rows(raw: bytes) -> Iterator[LexiqueRow]:
    lines = raw.decode("latin-1").splitlines()
    header = lines[0].split("\t")
    col = {name: i for i, name in enumerate(header)}
    for line in lines[1:]:
        f = line.split("\t")
        cls = CGRAM_CLASSES.get(f[col["4_cgram"]])
        if cls is None:
            continue
        known = f[col["30_deflem"]]
        yield LexiqueRow(
            form=f[col["1_ortho"]],
            lemma=f[col["3_lemme"]],
            cls=cls,
            gender=f[col["5_genre"]],
            number=f[col["6_nombre"]],
            form_freq=(_number(f[col["9_freqfilms2"]]) + _number(f[col["10_freqlivres"]])) / 2,
            lemma_freq=(_number(f[col["7_freqlemfilms2"]]) + _number(f[col["8_freqlemlivres"]]))
            / 2,
            known=round(_number(known)) if known else None,
            verb_forms=f[col["11_infover"]].strip('"'),
        )
