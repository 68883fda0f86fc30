"""What counts as a word on the Volapük board: the lexicon under the Volapük policy, the
compounds the seed itself cites, phrases made with the space cell, and elisions.

A run of dice reads as a written string: letters with their accents, "'" "-" "." and spaces.

- **Dictionary words** (RULINGS policy: plurals, conjugations, proper nouns, abbreviations;
  apostrophes, hyphens, points and spaces *required* where the dictionary spells them). The
  lexicon lacks some compounds and abbreviations the seed cites as admitted (ET CÆTERA, ETC.,
  NOTA BENE, HOT DOG...): they are added here (`SEED_COMPOUNDS`), since the seed is law.
- **Phrases** (seed 4a and A8: "permet aussi sans Bonus, de composer des mots ayant un sens
  comme : JOYEUX NOËL ou BONNE FETE"; the example SE POURRIR): words separated by space
  cells, each accepted. Meaning cannot be judged by a program, so each part being a word is
  the test (option `phrases`). No +3 for them.
- **Elisions** (seed 2a, S'ALTÉRER, S'EXONDER): an elided word of the lexicon (S', L', D'...)
  written before a word beginning with a vowel or H.
- **Spelling** (seed 1: "La lettre Ç ... comme la lettre C qui ne peut la remplacer"): an
  accented die (É, È, Ç) stands only where a dictionary spelling has that very letter, and a Ç
  of the spelling needs a Ç (die or joker). A plain E may stand for É: the accent is what the
  "accents" plus-value lets players announce.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import product

from ludomots.lexicon.fold import fold, normalize_apostrophes
from ludomots.lexicon.lexicon import get_lexicon
from ludomots.lexicon.policy import VOLAPUK, Policy

# Seed, 2c, 4, C4: abbreviations and compounds it gives as admitted, as the dictionary spells
# them. The lexicon holds ARC-EN-CIEL, HOT-DOG... but not these.
SEED_COMPOUNDS: tuple[str, ...] = (
    "ET CÆTERA", "ET CETERA", "ETC.", "EX.", "N.B.", "P.-S.",
    "BABA COOL", "CHOP SUEY", "HOT DOG", "NO MAN'S LAND", "AT HOME",
    "A PRIORI", "ITA EST", "ECCE HOMO", "NOTA BENE", "BATON ROUGE",
)
VOWELS_H = frozenset("AEIOUYH")


@dataclass(frozen=True)
class Verdict:
    ok: bool
    compound: bool = False  # a dictionary compound with a space: +3 (seed A8)
    reason: str = ""  # "unknown", "spelling" or "signs" when not ok
    form: str = ""  # with reason "signs": the dictionary's spelling, signs and all


REFUSED = Verdict(False, reason="unknown")


def _expand(text: str) -> str:
    return text.replace("Æ", "AE").replace("Œ", "OE")


def spelled_right(text: str, spellings: set[str]) -> bool:
    """Accented dice match some spelling, and every Ç of that spelling is written Ç."""
    plain = _expand(text)
    for spelling in spellings:
        expected = _expand(spelling)
        if len(expected) != len(plain):
            continue
        if all(t == e or (t == fold(t) and fold(e) == t and e != "Ç")
               for t, e in zip(plain, expected, strict=True)):
            return True
    if not any(t != fold(t) for t in plain if t.isalpha()):
        # Plain letters and no spelling of the same length (a lexicon gap): the folded
        # key was accepted, so the word stands, unless a Ç is required.
        return not any("Ç" in _expand(s) for s in spellings)
    return False


# After an elided word: a word, not an abbreviation or a lone letter (S'EV, N'E), though the
# policy admits those alone; A and Y are words (L'A, S'Y).
ELISION_TAIL = Policy("volapuk elision", proper_nouns=True, abbreviations=False, signs=True,
                      accents="scored")
LONE_LETTER_WORDS = frozenset("AY")


def _elidable(tail: str) -> bool:
    letters = "".join(ch for ch in fold(tail) if ch.isalpha())
    if len(letters) < 2 and letters not in LONE_LETTER_WORDS:
        return False
    first = tail.split(" ")[0].split("'")[0]  # the word the elision is glued to
    return get_lexicon().checker(ELISION_TAIL)(first) or fold(first) in _seed_compounds()


@lru_cache(maxsize=1)
def _seed_compounds() -> dict[str, str]:
    return {fold(w): w for w in SEED_COMPOUNDS}


@lru_cache(maxsize=200_000)
def _dictionary(text: str) -> Verdict:
    """The whole string as one dictionary word (or seed compound)."""
    key = fold(text)
    lexicon = get_lexicon()
    spellings: set[str] = set()
    if key in _seed_compounds():
        spellings.add(_seed_compounds()[key])
    elif not lexicon.checker(VOLAPUK)(text):
        return REFUSED
    if text != key or "C" in key:
        spellings |= {normalize_apostrophes(e.form).upper() for e in lexicon.entries(text)}
        if not spelled_right(text, spellings):
            return Verdict(False, reason="spelling")
    return Verdict(True, compound=" " in text)


SEPARATORS = ("-", "'")
MAX_VARIED = 4  # spaces tried one by one; beyond, all of them at once


def signed_form(text: str) -> str:
    """The dictionary word `text` is when some of its space cells are a hyphen or an
    apostrophe ("S EXONDER" -> "S'EXONDER", "ARC EN CIEL" -> "ARC-EN-CIEL"), or "" (seed 2a
    and the remark: such words "ne pourront être écrits sans eux")."""
    parts = text.split(" ")
    gaps = len(parts) - 1
    if gaps > MAX_VARIED:
        choices: list[tuple[str, ...]] = [(sep,) * gaps for sep in SEPARATORS]
    else:
        choices = list(product((" ", *SEPARATORS), repeat=gaps))
    for joints in choices:
        if all(j == " " for j in joints):
            continue
        variant = parts[0] + "".join(j + p for j, p in zip(joints, parts[1:], strict=True))
        if judge(variant, phrases=False).ok:
            return variant
    return ""


@lru_cache(maxsize=50_000)
def lemmas(text: str) -> frozenset[str]:
    """The lemmas of a word as the board writes it (folded: PORTS and PORT give {port});
    empty for a compound or abbreviation the lexicon does not inflect."""
    return frozenset(fold(entry.lemma) for entry in get_lexicon().entries(text))


@lru_cache(maxsize=200_000)
def judge(text: str, phrases: bool = True) -> Verdict:
    """Is the written string `text` (upper case, signs kept) acceptable, and is it a
    dictionary compound with a space (+3)?"""
    text = normalize_apostrophes(text).upper()
    if not text or text != text.strip() or "  " in text:
        return REFUSED
    whole = _dictionary(text)
    if whole.ok:
        return whole
    if phrases and " " in text:
        parts = text.split(" ")
        if any(p.endswith("'") for p in parts[:-1]):
            return whole  # an elided word is joined to the next one (S'EXONDER)
        signed = signed_form(text)
        if signed:
            return Verdict(False, reason="signs", form=signed)
        verdicts = [judge(p, phrases) for p in parts]
        if all(v.ok for v in verdicts):
            return Verdict(True)
        spelling = any(v.reason == "spelling" for v in verdicts)
        return Verdict(False, reason="spelling") if spelling else whole
    cut = text.find("'")
    if 0 < cut < len(text) - 1:
        head, tail = text[:cut + 1], text[cut + 1:]
        if fold(tail)[:1] in VOWELS_H and _dictionary(head).ok and _elidable(tail):
            rest = judge(tail, phrases)
            if rest.ok:
                return Verdict(True)
    return whole
