"""What counts as a word on the Volapük board: the lexicon under the Volapük policy, the
compounds the seed itself cites, phrases made with the space cell, and elisions.

A run of dice reads as a written string: letters with their accents, "'" "-" "." and spaces.

- **Dictionary words** (RULINGS policy: plurals, conjugations, proper nouns; apostrophes,
  hyphens, points and spaces *required* where the dictionary spells them). The lexicon lacks
  some compounds the seed cites as admitted (ET CÆTERA, NOTA BENE, HOT DOG...): they are added
  here (`SEED_COMPOUNDS`), since the seed is law.
- **Abbreviations and symbols** (seed 3: "les symboles, les abrégés ... sont admis et laissés
  à l'appréciation des joueurs pour les fins de parties"): never during play; with the option
  `end_abbreviations`, once the end phase has begun (rule 11a), the lexicon's abbreviations
  and the seed's (ETC., EX., N.B., P.-S.), but never a unit symbol that the dice could only
  write case-folded (cL, nJ, km: `abbreviations=True` below).
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
from ludomots.lexicon.lexicon import Entry, Lexicon
from ludomots.lexicon.policy import PROPER_SIGNED as VOLAPUK
from ludomots.lexicon.policy import Policy
from ludomots.lexicon.tags import ABBREVIATION, NOT_A_WORD, parse_tag

# Seed, 2c, 4, C4: abbreviations and compounds it gives as admitted, as the dictionary spells
# them. The lexicon holds ARC-EN-CIEL, HOT-DOG... but not these.
SEED_ABBREVIATIONS: tuple[str, ...] = ("ETC.", "EX.", "N.B.", "P.-S.")
SEED_COMPOUNDS: tuple[str, ...] = (
    "ET CÆTERA", "ET CETERA", *SEED_ABBREVIATIONS,
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


# The lexicon files its elided words with one consonant (S', D', L') as abbreviations (they
# have no vowel): this policy admits them before a word.
ELIDED = Policy("volapuk elided", proper_nouns=True, abbreviations=True, signs=True,
                accents="scored")
# After an elided word: a word, not a lone letter (S'EV, N'E); A and Y are words (L'A, S'Y).
LONE_LETTER_WORDS = frozenset("AY")


def _elidable(tail: str, lexicon: Lexicon) -> bool:
    letters = "".join(ch for ch in fold(tail) if ch.isalpha())
    if len(letters) < 2 and letters not in LONE_LETTER_WORDS:
        return False
    first = tail.split(" ")[0].split("'")[0]  # the word the elision is glued to
    return lexicon.checker(VOLAPUK)(first) or fold(first) in _plain_compounds()


def elided(head: str, lexicon: Lexicon) -> bool:
    """S', L', QU'...: an elided word of the lexicon (it ends with its apostrophe)."""
    return head.endswith("'") and lexicon.checker(ELIDED)(head)


def _admitted_at_the_end(entry: Entry) -> bool:
    """Seed 3, "pour les fins de parties": an abbreviation (ONU, DVD, XIV, pt) or a symbol
    the dice write as the dictionary does (in capitals, not a unit with its prefix: TJ is
    the térajoule, J with T); never a symbol written in small letters (cL, nJ, km), which a
    die could only write case-folded."""
    if entry.categories & NOT_A_WORD or not entry.categories & ABBREVIATION:
        return False
    if not parse_tag(entry.tag).symbol:
        return True
    return entry.form == entry.form.upper() == entry.lemma


@lru_cache(maxsize=20_000)
def _end_game_word(lexicon: Lexicon, text: str) -> bool:
    return any(_admitted_at_the_end(e) for e in lexicon.entries(text))


@lru_cache(maxsize=2)
def _seed_compounds(abbreviations: bool = True) -> dict[str, str]:
    return {fold(w): w for w in SEED_COMPOUNDS
            if abbreviations or w not in SEED_ABBREVIATIONS}


def _plain_compounds() -> dict[str, str]:
    return _seed_compounds(False)


@lru_cache(maxsize=200_000)
def _dictionary(lexicon: Lexicon, text: str, abbreviations: bool = False) -> Verdict:
    """The whole string as one dictionary word (or seed compound); `abbreviations`: the end
    of the game, with the option that admits them (seed 3)."""
    key = fold(text)
    spellings: set[str] = set()
    compounds = _seed_compounds(abbreviations)
    if key in compounds:
        spellings.add(compounds[key])
    elif not lexicon.checker(VOLAPUK)(text) and not (
            abbreviations and _end_game_word(lexicon, text)):
        return REFUSED
    if text != key or "C" in key:
        spellings |= {normalize_apostrophes(e.form).upper() for e in lexicon.entries(text)}
        if not spelled_right(text, spellings):
            return Verdict(False, reason="spelling")
    return Verdict(True, compound=" " in text)


SEPARATORS = ("-", "'")
MAX_VARIED = 4  # spaces tried one by one; beyond, all of them at once


def signed_form(text: str, lexicon: Lexicon) -> str:
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
        if judge(variant, phrases=False, lexicon=lexicon).ok:
            return variant
    return ""


def lemmas(text: str, lexicon: Lexicon) -> frozenset[str]:
    """The lemmas of a word as the board writes it (folded: PORTS and PORT give {port});
    empty for a compound or abbreviation the lexicon does not inflect."""
    return _lemmas(lexicon, text)


@lru_cache(maxsize=50_000)
def _lemmas(lexicon: Lexicon, text: str) -> frozenset[str]:
    return frozenset(fold(entry.lemma) for entry in lexicon.entries(text))


def judge(text: str, phrases: bool = True, abbreviations: bool = False, *,
          lexicon: Lexicon) -> Verdict:
    """Is the written string `text` (upper case, signs kept) acceptable under `lexicon`, and
    is it a dictionary compound with a space (+3)? `abbreviations`: seed 3's end-game
    allowance is on (the option, and the end phase has begun); the parts of a phrase and the
    word after an elision are words, never abbreviations."""
    return _judge(lexicon, text, phrases, abbreviations)


@lru_cache(maxsize=200_000)
def _judge(lexicon: Lexicon, text: str, phrases: bool, abbreviations: bool) -> Verdict:
    """`judge`, remembered for each lexicon (the cache is keyed by the lexicon too)."""
    text = normalize_apostrophes(text).upper()
    if not text or text != text.strip() or "  " in text:
        return REFUSED
    whole = _dictionary(lexicon, text, abbreviations)
    if whole.ok:
        return whole
    if phrases and " " in text:
        parts = text.split(" ")
        if any(p.endswith("'") for p in parts[:-1]):
            return whole  # an elided word is joined to the next one (S'EXONDER)
        signed = signed_form(text, lexicon)
        if signed:
            return Verdict(False, reason="signs", form=signed)
        verdicts = [_judge(lexicon, p, phrases, False) for p in parts]
        if all(v.ok for v in verdicts):
            return Verdict(True)
        spelling = any(v.reason == "spelling" for v in verdicts)
        return Verdict(False, reason="spelling") if spelling else whole
    cut = text.find("'")
    if 0 < cut < len(text) - 1:
        head, tail = text[:cut + 1], text[cut + 1:]
        if fold(tail)[:1] in VOWELS_H and (_dictionary(lexicon, head).ok
                                            or elided(head, lexicon)) \
                and _elidable(tail, lexicon):
            rest = _judge(lexicon, tail, phrases, False)
            if rest.ok:
                return Verdict(True)
    return whole
