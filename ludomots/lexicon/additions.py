"""Forms the other sources add to Grammalecte's: the short and rare words it misses.

A word enters only as a French common word of a known class:

- its lemma is a French Wiktionary headword (Wiktionary's French section is the one source
  that says a word is French and what it means), and a sense of it, read as below, gives a
  class the games know (noun, adjective, adverb, interjection, verb);
- a second source spells the lemma (Lexique, wfrench, GUTenberg), or the lemma is short
  (three to five letters: KOB, ZARB, QIBLA) and its senses pass every check below; a
  two-letter word always needs two sources (Wiktionary alone has dozens: neopronouns EL,
  OL, UL, rune and letter names, interjections, and bots would play them all);
- a single-source word needs a sense that defines it (three words or more) and is not an
  abbreviation, a symbol, a proper noun, a language or a people, a letter of another
  alphabet, a genus, an onomatopoeia, a shortened or derived form of something else, and
  its spelling must not be a name Grammalecte knows (Tokyo, David: the lower-case
  headword may come from the name); a two-source word only needs no abbreviation, symbol
  or proper-noun sense.

Then its inflections: the regular plural of a noun or adjective (spelled by a source when
the ending allows two plurals: -al, -ail, -au, -eu, -ou), the feminine forms a source
spells, and the verb forms Lexique gives. Finally, plurals that Grammalecte lacks for its
own nouns (TRAVAILS) enter when wfrench or GUTenberg spells them.

Each added entry carries a Grammalecte-style tag (variant ``+``), so the rest of the
lexicon reads it like any other.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from ludomots.lexicon import glosses
from ludomots.lexicon.evidence import GUTENBERG_LIST, LEXIQUE, WFRENCH_LIST, WIKTIONARY, Evidence
from ludomots.lexicon.fold import fold
from ludomots.lexicon.lexique import LexiqueRow

SHORT_WORD = 5  # letters: a Wiktionary headword this short may enter on its own...
SHORTEST_ALONE = 3  # ...but not a two-letter one (pronouns, letters, interjections of a day)
ADDED_VARIANT = "+"
_FRENCH_WORD = re.compile(r"^[a-zàâäéèêëîïôöùûüÿçœæ]{2,}$")
_VOWEL = re.compile(r"[aeiouyàâäéèêëîïôöùûüÿœæ]")  # a word without one is an abbreviation
CLASSES = ("n", "adj", "adv", "interj", "v")

# Senses that make a word something else than a French common word.
_ABBREVIATION_SENSE = re.compile(
    r"^(?:abréviation|abrégé|sigle|acronyme|symbole|initialisme|code|troncation|unité .*"
    r"symbole [a-z]+\.?$)",
)
_PROPER_SENSE = re.compile(
    r"^(?:prénom|nom de famille|patronyme|ville|localité|toponyme|commune|village|hameau)\b"
)
_FOREIGN_SENSE = re.compile(
    r"^(?:langue|dialecte|ethnonyme|peuple)\b|\blangues?\b.*\bparlée?s?\b"
    r"|^(?:nom de la |autre nom de la )?lettre\b|\blettre .*\balphabets?\b"
    r"|^relatif (?:à|au|aux) .*\b(?:commune|village|ville|peuple)\b|\bcommune française\b"
    r"|^habitante? d|^genre d(?:es?|’|')\s|^onomatopée\b|\bcalendrier hébra"
)
_DERIVED_SENSE = re.compile(
    r"^(?:variante|forme|orthographe|graphie|ancienne orthographe|ellipse|apocope|aphérèse"
    r"|diminutif|abrégé|pluriel|féminin|masculin|participe|(?:première|deuxième|troisième)"
    r" personne|autre (?:nom|orthographe|forme|graphie))\b"
)


@dataclass(frozen=True)
class AddedEntry:
    form: str
    lemma: str
    tag: str
    sources: str  # codes of the sources spelling the form, "+"-joined
    form_frequency: float = 0.0
    lemma_frequency: float = 0.0


@dataclass(frozen=True)
class _Reading:
    classes: frozenset[str]
    single_source_ok: bool  # a sense lets it enter on Wiktionary's word alone
    two_sources_ok: bool
    usable: bool  # some sense defines a French common word, however short


_WORDS = re.compile(r"[^\W\d_]+")
_DERIVED_TARGET = re.compile(r"\b(?:de|du|d')\s*([^\W\d_][\w-]*)$")


def _shortens(headword: str, sense: str) -> bool:
    """Is the headword a shortening of the sense's first words: a truncation (adj:
    « Adjectif »), a contraction (cde: « Commande », cie: « Compagnie ») or initials
    (asv: « Âge, sexe, ville »)?"""
    key = fold(headword)
    words = [fold(w) for w in _WORDS.findall(sense)]
    if not words:
        return False
    first = words[0]
    if len(first) > len(key) and first.startswith(key[:1]):
        rest = iter(first[1:])
        if all(letter in rest for letter in key[1:]):
            return True
    return len(words) >= len(key) and "".join(w[0] for w in words[: len(key)]) == key


def read_senses(headword: str, text: str, classify_word: Callable[[str], set[str]],
                known: Callable[[str], bool] = lambda _word: False) -> _Reading:
    """The classes a Wiktionary headword's senses give, and whether they let it enter.

    A sense counts when it defines a French common word: not an abbreviation, a shortening,
    a proper noun, a foreign word, nor a form of another word, unless it is the spelling
    variant of a word `known` (TAR, « Variante orthographique de târ »). A lone source's word
    needs such a sense of three words or more (not a one-word synonym); an abbreviation or
    proper-noun sense keeps out even a word two sources spell.
    """
    classes: set[str] = set()
    two_ok = True
    usable = defining = False  # defining: a usable sense of three words or more
    for raw in text.split(glosses.SENSE_SEPARATOR):
        sense = glosses.clean_sense(raw)
        if not sense:
            continue
        low = glosses.strip_labels(sense).lower().replace("’", "'")
        if _ABBREVIATION_SENSE.search(low) or _PROPER_SENSE.search(low):
            two_ok = False
            continue
        if _DERIVED_SENSE.search(low):
            target = _DERIVED_TARGET.search(low.split(",")[0].split(";")[0].rstrip("."))
            if target and fold(target.group(1)) == fold(headword):
                two_ok = False  # a variant of itself: its dotted abbreviation (etc)
            elif target and low.startswith("variante") and known(target.group(1)):
                usable = defining = True
                classes.update(classify_word(target.group(1)) & {"n", "adj", "adv", "interj"})
            continue
        if _FOREIGN_SENSE.search(low) or _shortens(headword, low):
            continue
        usable = True
        defining = defining or len(_WORDS.findall(low)) >= 3
        guess = glosses.guess_sense_class(sense, set(CLASSES), classify_word)
        if guess:
            classes.add(guess)
        else:
            classes |= glosses.first_word_classes(sense, classify_word) & {"n", "adj"}
    return _Reading(frozenset(classes), defining, two_ok, usable)


def wiktionary_vouches(headword: str, text: str) -> bool:
    """Does a sense of the headword define a French common word (not an abbreviation, a
    shortening, a proper noun, a foreign word)?"""
    return read_senses(headword, text, lambda _word: set()).usable


def _lexique_classes(rows: Iterable[LexiqueRow], lemma: str) -> set[str]:
    found = set()
    for row in rows:
        if row.lemma != lemma or row.cls not in CLASSES:
            continue
        if row.cls == "v" and "inf" not in row.verb_forms:
            continue
        found.add(row.cls)
    return found


def _tag(cls: str, number: str = "s", gender: str = "") -> str:
    if cls == "n":
        return f":N{':' + gender if gender else ''}:{number}/{ADDED_VARIANT}"
    if cls == "adj":
        return f":A{':' + gender if gender else ''}:{number}/{ADDED_VARIANT}"
    if cls == "adv":
        return f":W/{ADDED_VARIANT}"
    if cls == "interj":
        return f":J/{ADDED_VARIANT}"
    return f":V0________:Y/{ADDED_VARIANT}"


_LEXIQUE_MOODS = {
    "ind:pre": "Ip", "ind:imp": "Iq", "ind:pas": "Is", "ind:fut": "If", "cnd:pre": "K",
    "sub:pre": "Sp", "sub:imp": "Sq", "imp:pre": "E", "par:pre": "P", "par:pas": "Q",
    "inf": "Y",
}


def _verb_tag(verb_forms: str, gender: str, number: str) -> str | None:
    """A Grammalecte-style verb tag from Lexique's "ind:pre:3s;sub:pre:3s;"."""
    moods: list[str] = []
    persons: list[str] = []
    for reading in filter(None, verb_forms.split(";")):
        parts = reading.split(":")
        mood = _LEXIQUE_MOODS.get(":".join(parts[:2])) or _LEXIQUE_MOODS.get(parts[0])
        if mood is None:
            continue
        if mood not in moods:
            moods.append(mood)
        if len(parts) > 2 and re.fullmatch(r"[123][sp]", parts[2]) and parts[2] not in persons:
            persons.append(parts[2])
    if not moods:
        return None
    tail = "".join(f":{m}" for m in moods) + "".join(f":{p}" for p in persons)
    if "Q" in moods and number:
        tail += f":{gender or 'm'}:{number}"
    return f":V0________{tail}/{ADDED_VARIANT}"


def _plurals(lemma: str) -> tuple[list[str], str | None]:
    """The candidate plurals of a noun or adjective, and the one the regular rule gives
    when the ending leaves no doubt (None: only a source's spelling decides)."""
    if lemma.endswith(("s", "x", "z")):
        return [], None
    if lemma.endswith(("al", "ail")):
        stem = lemma[:-2] if lemma.endswith("al") else lemma[:-3]
        return [lemma + "s", stem + "aux"], None
    if lemma.endswith(("au", "eu", "ou")):
        return [lemma + "s", lemma + "x"], None
    return [lemma + "s"], lemma + "s"


def compute_additions(
    common_forms: set[str],
    word_forms: set[str],
    names: set[str],
    noun_adjective_singulars: dict[str, str],
    evidence: Evidence,
    classify_word: Callable[[str], set[str]],
) -> list[AddedEntry]:
    """The entries the other sources add. `common_forms`: Grammalecte forms that have a
    common-word reading; `word_forms`: those with one that is not a conjugated verb form
    (RATA, TAPA have only verb readings there: their noun may be added);
    `noun_adjective_singulars`: its singular nouns and adjectives (form -> tag) whose
    plural may be missing; `names`: its proper nouns, lower-cased.

    Lexique writes every word in lower case, names included (its berlin and auvergne are
    Berlin and Auvergne): it does not attest the common word of a spelling that is also a
    name."""
    added: dict[tuple[str, str, str], AddedEntry] = {}
    known_forms = word_forms
    folded_names = {fold(name) for name in names}

    def known(word: str) -> bool:
        return word in common_forms or (
            word in evidence.glosses and len(evidence.sources(word)) > 1)

    def frequency(form: str, lemma: str) -> tuple[float, float]:
        rows = [r for r in evidence.lexique.get(form, []) if r.lemma == lemma]
        return (max((r.form_freq for r in rows), default=0.0),
                max((r.lemma_freq for r in rows), default=0.0))

    def add(form: str, lemma: str, tag: str) -> None:
        if form in known_forms:
            return
        freq, lemma_freq = frequency(form, lemma)
        sources = "+".join(sorted(evidence.sources(form)))
        added.setdefault((form, lemma, tag), AddedEntry(form, lemma, tag, sources, freq,
                                                        lemma_freq))

    for lemma, text in evidence.glosses.items():
        if not _FRENCH_WORD.match(lemma) or lemma in known_forms or not _VOWEL.search(lemma):
            continue
        attested = evidence.sources(lemma)
        reading = read_senses(lemma, text, classify_word, known)
        classes = set(reading.classes)
        if lemma in names:
            attested -= {LEXIQUE}
        else:
            classes |= _lexique_classes(evidence.lexique.get(lemma, []), lemma)
        single = attested == {WIKTIONARY}
        if single:
            letters = len(fold(lemma))
            if not SHORTEST_ALONE <= letters <= SHORT_WORD or not reading.single_source_ok:
                continue
            if fold(lemma) in folded_names:
                continue  # a name's spelling (Tokyo, David, Nice): one source is not enough
            classes.discard("v")  # a verb alone: its conjugations would be missing
        elif not reading.two_sources_ok:
            continue
        for cls in sorted(classes & set(CLASSES)):
            if cls in ("n", "adj"):
                add(lemma, lemma, _tag(cls))
                candidates, regular = _plurals(lemma)
                spelled = [p for p in candidates if evidence.sources(p)]
                for plural in spelled or ([regular] if regular else []):
                    add(plural, lemma, _tag(cls, "p"))
                if cls == "adj":
                    for suffix, number in (("e", "s"), ("es", "p")):
                        if evidence.sources(lemma + suffix) - {WIKTIONARY}:
                            add(lemma + suffix, lemma, _tag(cls, number, "f"))
            elif cls == "v":
                add(lemma, lemma, _tag("v"))
                for rows in _lexique_forms_of(evidence, lemma):
                    tag = _verb_tag(rows.verb_forms, rows.gender, rows.number)
                    if tag:
                        add(rows.form, lemma, tag)
            else:
                add(lemma, lemma, _tag(cls))

    # Plurals Grammalecte lacks for its own nouns and adjectives (travail -> travails).
    for singular, tag in noun_adjective_singulars.items():
        for plural in _plurals(singular)[0]:
            if plural in common_forms:
                continue
            if evidence.sources(plural) & {WFRENCH_LIST, GUTENBERG_LIST}:
                cls = "n" if tag.startswith(":N") else "adj"
                add(plural, singular, _tag(cls, "p"))
    return sorted(added.values(), key=lambda e: (e.form, e.lemma, e.tag))


def _lexique_forms_of(evidence: Evidence, lemma: str) -> list[LexiqueRow]:
    return [r for r in evidence.lexique_verbs.get(lemma, []) if _FRENCH_WORD.match(r.form)]
