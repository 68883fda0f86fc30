"""Grammalecte's morphological tags, read into the project's own vocabulary.

A Grammalecte tag such as ``:V1_it_q__a:Ip:Sp:1s:3s/*`` packs class, verb
features, gender and number; the lexicon stores the raw tag and decodes it here,
in one place, both at build time (to classify entries) and at run time.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from ludomots.lexicon.fold import fold

# Entry categories, combined as bits; a policy forbids some of them.
CONJUGATED = 1  # a verb form other than the infinitive
PROPER = 2  # first names, surnames, places, capitalised forms
ABBREVIATION = 4  # symbols (km), acronyms (ONU), roman numerals, forms with a point
SIGNED = 8  # contains an apostrophe, a hyphen, a point or a space
PLURAL = 16  # a plural-only noun or adjective form
NOT_A_WORD = 32  # prefixes, suffixes, punctuation, pieces of locutions only

CATEGORY_NAMES = {
    CONJUGATED: "conjugated",
    PROPER: "proper",
    ABBREVIATION: "abbreviation",
    SIGNED: "signed",
    PLURAL: "plural",
    NOT_A_WORD: "not_a_word",
}

# Class codes used throughout the project.
CLASS_LABELS = {
    "n": "nom",
    "adj": "adjectif",
    "v": "verbe",
    "adv": "adverbe",
    "interj": "interjection",
    "prep": "préposition",
    "conj": "conjonction",
    "det": "déterminant",
    "pron": "pronom",
    "num": "nombre",
    "nprop": "nom propre",
    "loc": "locution",
    "affix": "affixe",
    "elem": "élément de locution",
    "sign": "signe",
}

MOODS = {
    "Y": "infinitif",
    "P": "participe présent",
    "Q": "participe passé",
    "Ip": "indicatif présent",
    "Iq": "indicatif imparfait",
    "Is": "passé simple",
    "If": "futur",
    "K": "conditionnel",
    "Sp": "subjonctif présent",
    "Sq": "subjonctif imparfait",
    "E": "impératif",
}

VOWELS = frozenset("AEIOUY")
# Real words without a vowel that are not interjections (the others are abbreviations).
VOWELLESS_WORDS = frozenset({"crwth", "crwths"})

_TOKEN = re.compile(r"[:;#][^:;#/]+")
# Verb group, then eight characters: an auxiliary mark ("_", or "e"/"a" for être and avoir
# themselves) and seven flags (the fourth: pronominal).
_VERB = re.compile(r"^:V(\d)[_ea](.{7})")


@dataclass(frozen=True, slots=True)
class TagInfo:
    """What one Grammalecte tag says about one reading of a form."""

    classes: tuple[str, ...]
    gender: str | None  # "m", "f", "e" (epicene) or None
    number: str | None  # "s", "p", "i" (invariable) or None
    moods: tuple[str, ...]  # verb moods/tenses, codes of MOODS
    persons: tuple[str, ...]  # "1s", "3p"...
    pronominal: bool  # the verb can be pronominal (se ...)
    pronominal_only: bool  # the verb exists only as pronominal (s'ensuivre)
    symbol: bool
    fragment: bool  # an elided form written without its apostrophe (qu, jusqu)
    variant: str  # Grammalecte sub-dictionary: * common, C classic, R 1990 reform...


@lru_cache(maxsize=16384)
def parse_tag(tag: str) -> TagInfo:
    """Decode a raw tag (cached: there are under 10,000 distinct tags)."""
    body, _, variant = tag.partition("/")
    tokens = _TOKEN.findall(body)
    names = {t for t in tokens if t.startswith(":")}
    classes: list[str] = []
    if ":N" in names:
        classes.append("n")
    if ":A" in names and ":V" not in body[:2]:
        classes.append("adj")
    if body.startswith(":V"):
        classes.append("v")
        if ":A" in names:
            classes.append("adj")
    if ":W" in names or ":X" in names or ":U" in names:
        classes.append("adv")
    if ":J" in names:
        classes.append("interj")
    if names & {":M1", ":M2", ":MP"}:
        classes.append("nprop")
    if ":B" in names or ":Br" in names:
        classes.append("num")
    if ":G" in names:
        if ":R" in names:
            classes.append("prep")
        if any(n.startswith(":D") for n in names):
            classes.append("det")
        if any(n.startswith(":O") for n in names):
            classes.append("pron")
        if any(n.startswith(":C") for n in names):
            classes.append("conj")
    if any(n.startswith(":L") for n in names):
        classes.append("loc")
    if ":Zp" in names or ":Zs" in names:
        classes.append("affix")
    if any(n.startswith(":@") for n in names) or ":HEL" in names:
        classes.append("sign")
    if not classes and any(n.startswith(":É") for n in names):
        classes.append("elem")
    gender = next((g for g in ("m", "f", "e") if f":{g}" in names), None)
    number = next((n for n in ("s", "p", "i") if f":{n}" in names), None)
    verb = _VERB.match(body)
    flags = verb.group(2) if verb else "_______"
    return TagInfo(
        classes=tuple(dict.fromkeys(classes)),
        gender=gender,
        number=number,
        moods=tuple(m for m in MOODS if f":{m}" in names) if verb else (),
        persons=tuple(sorted(n[1:].rstrip("!") for n in names if re.fullmatch(r":[123][sp]!?", n)))
        if verb
        else (),
        pronominal=flags[3] in "pqre",
        pronominal_only=flags[3] in "pr",
        symbol=";S" in tokens,
        fragment=":F" in names,
        variant=variant or "*",
    )


def categories(form: str, tag: str) -> int:
    """The category bits of one (form, tag) entry: what policies look at."""
    info = parse_tag(tag)
    bits = 0
    if any(c in form for c in "'’-. "):
        bits |= SIGNED
    letters = [c for c in form if c.isalpha()]
    if not letters or any(not (c.isalpha() or c in "'’-. ") for c in form):
        return bits | NOT_A_WORD
    if any(not c.isascii() for c in fold(form) if c.isalpha()):
        return bits | NOT_A_WORD  # Greek letters, superscripts (Xᵉ): no tile spells them
    if set(info.classes) <= {"affix", "sign", "elem"} or info.fragment:
        return bits | NOT_A_WORD
    if len(form) == 1 and form.lower() in "æœ":
        return bits | NOT_A_WORD  # the letter names æ, œ are one letter, not the words AE, OE
    if "v" in info.classes and "Y" not in info.moods:
        bits |= CONJUGATED
    upper = [c for c in letters if c.isupper()]
    roman_numeral = "num" in info.classes and not form.islower()
    # An interjection in capitals (OK) is neither an acronym nor a name.
    shouted = "interj" in info.classes and len(info.classes) == 1
    acronym = bool(upper) and len(letters) > 1 and len(upper) == len(letters) and not shouted
    vowelless = not any(c in VOWELS for c in fold(form)) and "interj" not in info.classes
    if vowelless and form.lower() not in VOWELLESS_WORDS:
        bits |= ABBREVIATION  # pt, ln, vs: Grammalecte tags some abbreviations as nouns
    if info.symbol or "." in form or roman_numeral or acronym:
        bits |= ABBREVIATION
    elif (upper and not shouted) or "nprop" in info.classes:
        bits |= PROPER
    if info.number == "p" and {"n", "adj"} & set(info.classes) and "v" not in info.classes:
        bits |= PLURAL
    return bits
