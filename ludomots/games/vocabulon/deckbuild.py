"""`ludomots vocabulon deck build`: the riddle deck, generated from the lexicon.

Each compartment of the sabot holds 33 cards; a card has an initial (one letter of the
compartment) and one question per die face, lengths 3 to 8: the word's class (n.m., n.f., adj.,
adv., v., v.pr.), a short definition and the answer. Everything comes from the shipped lexicon:
the headwords by initial, length and class with their frequencies (Lexique), the share of people
who know each lemma (Lexique's "connu" rate), and the Wiktionary senses, tagged with their class.

How a question is chosen, for one initial and one length:

1. Candidates: headwords of the six classes, letters only (no œ/æ, whose letter count players
   disagree on), accepted by the Vocabulon policy, not rejected by the review (`review.py`).
   "n." headwords (epicene nouns, or two genders under one spelling) are left out: the card must
   say n.m. or n.f. A verb that is also pronominal is asked as "v." (the glosses lost the labels
   that tell its pronominal senses apart); "v.pr." is for pronominal-only verbs.
2. Familiarity, 0 to 1: the frequency (log scale, 0.1 to 100 per million words) averaged with
   the "connu" rate where Lexique measured it; a class that is not the word's main one (fewer
   Wiktionary senses) counts 30 % less, because Lexique's frequency there is the other class's.
3. Definitions: the word's first senses of that class (for a word of several classes, only
   senses whose class was recognised and that open the way that class's definitions do),
   cleaned (`definitions.clean_definition`: the first sentence, two words at least, no wiki
   leftover), at most 120 characters, never giving the answer away (`family.gives_away`),
   ranked by position, plainness and penalties, the senses the review prefers first (the
   usual one, where the wiki lists an older one before it).
4. Selection: the standard deck draws its words among the best known candidates (three times as
   many as it needs, weighted by familiarity × best definition score, each candidate's draw from
   its own stream so that the review's rejections change no other word); the easy deck
   ("facile") takes the best ones. When a letter has fewer good words of a length than the
   cards need (three-letter words above all), the best words come back with another of their
   strong senses (`STRONG`), and only when those run out with the same definition again: a
   well-known word asked twice beats an obscure one (none under `ASKED_FLOOR`).

Cards of a multi-letter compartment share out the 33 cards between its letters, in proportion to
the square root of their well-known words (`share_cards`): every letter is asked, the rare ones
(U, Q, K, W, X, Y) more than their share of the dictionary. A question carries its own initial:
where a letter has fewer well-known words of a length than it has cards (U has UNI and USÉ for
three letters, X nothing under five), its cards ask the compartment's other letters' words at
that length (`columns_of`), and only then does a word come back.

Each question then gets its other right answers (`alternates.py`), stored as "also" where there
are some: headwords of the same initial, length and class that the lexicon gives the very
definition read, or that are a spelling of the answer (LYS for LIS). The report counts the
questions that have some, per compartment.

The build is deterministic (sorted inputs, the project's seeded random source), so the same
lexicon and review give the same bytes; a test checks the shipped files against a fresh build.
"""

from __future__ import annotations

import functools
import itertools
import json
import math
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Literal

from ludomots.core.rng import SeededRandom
from ludomots.games.vocabulon.alternates import CLASS_CODES, Alternates
from ludomots.games.vocabulon.deck import FORMAT_VERSION
from ludomots.games.vocabulon.definitions import MAX_DEFINITION as MAX_DEFINITION
from ludomots.games.vocabulon.definitions import clean_definition
from ludomots.games.vocabulon.family import gives_away
from ludomots.games.vocabulon.groups import GROUPS
from ludomots.games.vocabulon.review import Review, load_review
from ludomots.lexicon import paths
from ludomots.lexicon.fold import fold
from ludomots.lexicon.lexicon import Lexicon, get_lexicon

Level = Literal["standard", "facile"]
CLASSES: tuple[str, ...] = ("n.m.", "n.f.", "adj.", "adv.", "v.", "v.pr.")
LENGTHS: tuple[int, ...] = (3, 4, 5, 6, 7, 8)
CARDS_PER_COMPARTMENT = 33
BUILD_SEED = 20_240_601  # the seeded draws of the build; changing it changes the deck
ASKED_FLOOR = 0.35  # under it, a well-known word asked again beats a new word, in any deck

LICENCE = "CC BY-SA 4.0"
CREDITS = ("Définitions : Wiktionnaire (fr.wiktionary.org), ses contributeurs, CC BY-SA 4.0. "
           "Fréquences et taux de connaissance : Lexique 3.83, Boris New et Christophe "
           "Pallier (lexique.org), CC BY-SA 4.0. Mots : dictionnaire de Grammalecte, "
           "Olivier R., MPL 2.0.")


@dataclass(frozen=True)
class Tuning:
    """How a deck trades familiarity against variety."""

    pool_factor: float  # choose among the best pool_factor × needed candidates
    sample: bool  # draw among them (weighted by quality), else take the best
    floor: float  # familiarity under which a new word is worse than a word asked again
    reuse_penalty: float  # per earlier use of the same word
    repeat_penalty: float  # for the very same definition again


TUNINGS: dict[Level, Tuning] = {
    "standard": Tuning(pool_factor=3.0, sample=True, floor=0.35, reuse_penalty=0.18,
                       repeat_penalty=0.25),
    "facile": Tuning(pool_factor=1.5, sample=False, floor=0.6, reuse_penalty=0.08,
                     repeat_penalty=0.15),
}

# -- candidates ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Definition:
    text: str
    score: float
    rank: int | None = None  # among the review's preferred senses


@dataclass
class Candidate:
    """One possible answer of a given initial and length; its definitions are worked out only
    when the selection reaches it (most candidates are never looked at)."""

    word: str
    cls: str
    familiarity: float
    loader: Callable[[], list[Definition]] = field(repr=False, compare=False)
    _definitions: list[Definition] | None = field(default=None, repr=False, compare=False)

    @property
    def key(self) -> str:
        return fold(self.word)

    @property
    def definitions(self) -> list[Definition]:
        if self._definitions is None:
            self._definitions = self.loader()
        return self._definitions

    @property
    def strong_definitions(self) -> list[Definition]:
        """The definitions good enough to ask the word again with: the first, and the others
        that score as a usual sense does (an early one, in plain words)."""
        return self.definitions[:1] + [d for d in self.definitions[1:] if d.score >= STRONG]

    @property
    def quality(self) -> float:
        """Familiarity times the best definition's score: a known word whose main senses
        could not be used (they gave it away) makes a poor riddle."""
        best = self.definitions[0].score if self.definitions else 0.0
        return round(self.familiarity * max(0.1, best), 4)


def frequency_score(frequency: float) -> float:
    """0 at 0.1 occurrence per million words, 1 at 100 and more (log scale)."""
    return min(1.0, max(0.0, (math.log10(frequency + 0.01) + 1.0) / 3.0))


def familiarity(frequency: float, known: int | None) -> float:
    """How well known a word is, 0 to 1: frequency, averaged with the "connu" rate (the share
    of people who know it, 50 % and less counting as nothing) where it was measured."""
    score = frequency_score(frequency)
    if known is not None:
        score = (score + min(1.0, max(0.0, (known - 50) / 50))) / 2
    return round(score, 3)


MAX_SENSE_POSITION = 6  # senses further down a Wiktionary entry are rare uses
STRONG = 0.75  # a definition scoring less is not used to ask a word a second time
PREFERRED = 0.9  # the score of a sense the review prefers (at least)
_SHAPE_MARKERS = {
    "n": re.compile(r"^(?:un|une|le|la|les|l'|des|du|celui|celle|ceux|celles|ce qui|ce que"
                    r"|ensemble|action|fait|personne|chose)\b"),
    "adj": re.compile(r"^(?:qui|qu'on|que l'on|se dit|relatif|relative|propre à|se rapportant"
                      r"|ayant|dont|susceptible|capable|digne|apte|pourvu|muni|plein|originaire"
                      r"|qualifie|en forme|de couleur|sans|très|peu|bien|mal)\b"),
    "adv": re.compile(r"^(?:de manière|de façon|d'une manière|d'une façon|avec|sans|en|à|très"
                      r"|plus|moins|tout|presque|d'un air)\b"),
    "v": re.compile(r"^(?:se |s')"),
}


class Sources:
    """The lexicon data the build reads, loaded once."""

    def __init__(self, lexicon: Lexicon | None = None, review: Review | None = None) -> None:
        self.lexicon = lexicon or get_lexicon()
        self.review = review or load_review()
        self._lemmas: dict[str, list[str]] = {}

    @cached_property
    def known(self) -> dict[str, int]:
        """Lexique's "connu" rate per lemma, where it was measured (file format: paths.KNOWN)."""
        import marisa_trie

        lemmas = marisa_trie.Trie()
        lemmas.mmap(str(paths.LEMMAS))
        rates = paths.KNOWN.read_bytes()
        return {lemmas.restore_key(i): rate for i, rate in enumerate(rates) if rate != 255}

    @cached_property
    def alternates(self) -> Alternates:
        return Alternates(self.lexicon)

    def lemmas(self, word: str) -> list[str]:
        found = self._lemmas.get(word)
        if found is None:
            found = self._lemmas[word] = sorted({e.lemma for e in self.lexicon.entries(word)})
        return found

    def senses(self, word: str, code: str, several_classes: bool) -> list[str]:
        """The word's senses of one class code; for a word of several classes, only those the
        lexicon could attach to that class."""
        senses = self.lexicon.definitions(word, code)
        if not several_classes:
            return senses
        unattached = set(self.lexicon.definitions(word, ""))
        return [s for s in senses if s not in unattached]

    def plainness(self, text: str) -> float:
        """How common the words of a definition are, 0 to 1: a definition made of rare words
        ("Dermatose inflammatoire et pustuleuse") helps nobody find the answer."""
        words = [w for w in re.findall(r"[^\W\d_]+", text) if len(w) >= 4 and w.islower()]
        if not words:
            return 1.0
        return sum(frequency_score(self.lexicon.frequency(w)) for w in words) / len(words)

    def shaped_like(self, text: str, code: str) -> bool:
        """Whether a definition opens the way definitions of that class do (Wiktionary's
        conventions: a noun phrase for a noun, "Qui ..." for an adjective, an infinitive for a
        verb, "De manière ..." for an adverb)."""
        low = text.lower().replace("’", "'")
        marker = _SHAPE_MARKERS[code].match(low)
        if marker is not None:
            return True
        first = next(iter(re.findall(r"[^\W\d_]+", low)), "")
        entries = self.lexicon.entries(first)
        if code == "v":
            return any(e.cls == "v" and "Y" in e.moods for e in entries)
        if code == "n":
            return any(e.cls == "n" for e in entries)
        if code == "adj":
            return any(e.cls == "adj" or (e.cls == "v" and "Q" in e.moods) for e in entries) \
                and not any(e.cls == "n" for e in entries)
        return any(e.cls == "adv" for e in entries)

    def main_code(self, word: str, codes: set[str]) -> str:
        """The class code with most attached senses (the word's main use)."""
        unattached = set(self.lexicon.definitions(word, ""))
        counts = {c: sum(1 for s in self.lexicon.definitions(word, c) if s not in unattached)
                  for c in sorted(codes)}
        return max(sorted(counts), key=lambda c: counts[c])

    def candidates(self, letter: str, length: int) -> list[Candidate]:
        """Every acceptable answer of this initial and length, best known first; a candidate
        without a usable definition is no answer (see `usable`)."""
        check = self.lexicon.checker("unconjugated")
        by_word: dict[str, dict[str, float]] = {}
        for cls in CLASSES:
            for headword in self.lexicon.pattern(letter, length, cls):
                word = headword.word
                if (not word.isalpha() or not word.islower() or any(c in word for c in "œæ")
                        or self.review.rejects_word(word, cls) or not check(word)):
                    continue
                by_word.setdefault(word, {})[cls] = headword.frequency
        for classes in by_word.values():
            # A verb that is also pronominal is asked as a verb: Wiktionary's labels that
            # would tell its pronominal senses apart are lost in the glosses.
            if "v." in classes and "v.pr." in classes:
                del classes["v.pr."]
        found: list[Candidate] = []
        for word in sorted(by_word):
            classes = by_word[word]
            codes = {CLASS_CODES[c] for c in classes}
            main = self.main_code(word, codes) if len(codes) > 1 else next(iter(codes))
            known = self.known.get(word)
            for cls, frequency in sorted(classes.items()):
                code = CLASS_CODES[cls]
                score = familiarity(frequency, known)
                if code != main:
                    score = round(score * 0.7, 3)
                pronominal = cls == "v.pr."
                found.append(Candidate(word, cls, score, functools.partial(
                    self.definitions, word, code, len(codes) > 1, pronominal)))
        found.sort(key=lambda c: (-c.familiarity, c.word, c.cls))
        # Two spellings of one folded word (âge, age) are one answer: keep the better known.
        kept: dict[tuple[str, str], Candidate] = {}
        for cand in found:
            kept.setdefault((cand.key, cand.cls), cand)
        return [c for c in found if kept[(c.key, c.cls)] is c]

    def definitions(self, word: str, code: str, several_classes: bool,
                    pronominal: bool) -> list[Definition]:
        """The usable definitions of one class of a word, best first: among its first senses
        (the later ones are rare uses), cleaned, not giving the answer away; for a word of
        several classes, only senses shaped like that class's definitions (the lexicon's
        guess of a sense's class errs there)."""
        out: list[Definition] = []
        seen: set[str] = set()
        senses = self.senses(word, code, several_classes)
        for position, sense in enumerate(senses):
            cleaned = clean_definition(sense, pronominal, code)
            if cleaned is None:
                continue
            text, penalty = cleaned
            if position >= MAX_SENSE_POSITION and self.review.preference(word, text) is None:
                continue  # a rare use, unless the review says it is the usual one
            if self.review.rejects_sense(word, text) is not None:
                continue
            if text in seen or gives_away(word, text, self.lemmas) is not None:
                continue
            if several_classes and not self.shaped_like(text, code):
                continue
            seen.add(text)
            penalty += 0.3 * (1.0 - self.plainness(text))
            score = round(1.0 - 0.08 * position - penalty, 3)
            rank = self.review.preference(word, text)
            if rank is not None:  # the review's choice of the usual sense
                score = max(score, PREFERRED)
            out.append(Definition(text, score, rank))
        out.sort(key=lambda d: (d.rank is None, d.rank or 0, -d.score, d.text))
        return out


# -- selection -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Question:
    length: int
    cls: str
    answer: str
    definition: str
    familiarity: float

    @property
    def initial(self) -> str:
        return fold(self.answer)[0]

    def to_json(self, also: tuple[str, ...] = ()) -> dict[str, Any]:
        """The question as the deck stores it; ``also``: its other right answers (the key
        only where there are some, as most questions have none)."""
        data: dict[str, Any] = {"initial": self.initial, "length": self.length,
                                "class": self.cls, "answer": self.answer,
                                "definition": self.definition,
                                "familiarity": self.familiarity}
        if also:
            data["also"] = list(also)
        return data


def _weighted_sample(items: list[Candidate], count: int, rng: SeededRandom) -> list[Candidate]:
    """``count`` distinct items drawn with probability proportional to quality squared
    (Efraimidis–Spirakis keys). Each item's uniform draw comes from its own stream, named
    after the word, so that removing one word in the review changes no other draw."""
    keyed = []
    for item in items:
        weight = max(item.quality, 0.01) ** 2
        draw = rng.fork(f"{item.word} {item.cls}").random()
        keyed.append((draw ** (1.0 / weight), item.word, item.cls, item))
    keyed.sort(key=lambda k: (-k[0], k[1], k[2]))
    return [k[3] for k in keyed[:count]]


def draw(candidates: list[Candidate], count: int, tuning: Tuning, rng: SeededRandom,
         length: int, floor: float | None = None) -> list[Question]:
    """At most ``count`` questions of distinct well-known words (familiarity ≥ the floor),
    each with its best definition (see the module docstring, step 4)."""
    floor = tuning.floor if floor is None else floor
    size = max(count, math.ceil(count * tuning.pool_factor))
    pool = list(itertools.islice(
        (c for c in candidates if c.familiarity >= floor and c.definitions), size))
    if len(pool) <= count:
        chosen = pool
    elif tuning.sample:
        chosen = _weighted_sample(pool, count, rng)
    else:
        chosen = sorted(pool, key=lambda c: (-c.quality, c.word, c.cls))[:count]
    return [Question(length, cand.cls, cand.word, cand.definitions[0].text, cand.familiarity)
            for cand in sorted(chosen, key=lambda c: (-c.familiarity, c.word, c.cls))]


def fill(candidates: list[Candidate], questions: list[Question], count: int,
         tuning: Tuning) -> list[Question]:
    """``questions`` completed to ``count`` when there were not enough good words: a word
    asked again (with its next strong definition, else the same) is weighed against a new,
    less known one (module docstring, step 5)."""
    questions = list(questions)
    if len(questions) >= count:
        return questions
    uses: dict[str, int] = {}
    offered: dict[tuple[str, str], int] = {}
    for q in questions:
        uses[fold(q.answer)] = uses.get(fold(q.answer), 0) + 1
        offered[(q.answer, q.cls)] = offered.get((q.answer, q.cls), 0) + 1
    # New words as far down as ASKED_FLOOR: under it, a known word asked again is better.
    reserve = [c for c in candidates if (c.word, c.cls) not in offered
               and c.familiarity >= ASKED_FLOOR and c.definitions]
    everyone = [c for c in candidates if (c.word, c.cls) in offered] + reserve
    if not everyone:
        everyone = [c for c in candidates if c.definitions]
    while len(questions) < count:
        best: tuple[float, str, str] | None = None
        best_cand: Candidate | None = None
        for cand in everyone:
            used = offered.get((cand.word, cand.cls), 0)
            repeat = used >= len(cand.strong_definitions)
            value = (cand.familiarity - tuning.reuse_penalty * uses.get(cand.key, 0)
                     - (tuning.repeat_penalty if repeat else 0.0))
            key = (-value, cand.word, cand.cls)
            if best is None or key < best:
                best, best_cand = key, cand
        assert best_cand is not None, "no candidate at all"
        used = offered.get((best_cand.word, best_cand.cls), 0)
        strong = best_cand.strong_definitions
        definition = strong[used % len(strong)]
        questions.append(Question(length_of(best_cand), best_cand.cls, best_cand.word,
                                  definition.text, best_cand.familiarity))
        offered[(best_cand.word, best_cand.cls)] = used + 1
        uses[best_cand.key] = uses.get(best_cand.key, 0) + 1
    return questions


def length_of(candidate: Candidate) -> int:
    return len(candidate.key)


def allocate(weights: dict[str, float], total: int) -> dict[str, int]:
    """Cards per letter in proportion to ``weights`` (largest remainders, ties by letter);
    every letter with a weight gets at least one card."""
    letters = sorted(w for w in weights if weights[w] > 0)
    if not letters:
        raise ValueError("no letter can make a card")
    whole = sum(weights[w] for w in letters)
    shares = {w: total * weights[w] / whole for w in letters}
    counts = {w: max(1, math.floor(shares[w])) for w in letters}
    while sum(counts.values()) > total:
        over = max((w for w in letters if counts[w] > 1), key=lambda w: counts[w] - shares[w])
        counts[over] -= 1
    by_remainder = sorted(letters, key=lambda w: (-(shares[w] - counts[w]), w))
    i = 0
    while sum(counts.values()) < total:
        counts[by_remainder[i % len(by_remainder)]] += 1
        i += 1
    return counts


def share_cards(group: str, pools: dict[tuple[str, int], list[Candidate]],
                tuning: Tuning) -> tuple[dict[str, int], dict[str, float]]:
    """The compartment's 33 cards shared between its letters, and each letter's floor.

    A letter's share follows the square root of its well-known words (all lengths together):
    the rare letters (U, Q, K, W, X, Y) are asked more than their share of the dictionary, less
    than the common ones. A letter with no word above the deck's floor but one above
    ``ASKED_FLOOR`` (X in the easy deck: XÉRÈS) still gets a card, with its best words."""
    weights: dict[str, float] = {}
    floors: dict[str, float] = {}
    for letter in group:
        words = [c for n in LENGTHS for c in pools[(letter, n)]]
        good = sum(1 for c in words if c.familiarity >= tuning.floor)
        if good:
            weights[letter], floors[letter] = math.sqrt(good), tuning.floor
        elif any(c.familiarity >= ASKED_FLOOR and c.definitions for c in words):
            weights[letter], floors[letter] = 1e-9, ASKED_FLOOR  # allocate's one card
    return allocate(weights, CARDS_PER_COMPARTMENT), floors


def columns_of(group: str, length: int, shares: dict[str, int],
               own: dict[str, list[Question]], pools: dict[tuple[str, int], list[Candidate]],
               tuning: Tuning, base: SeededRandom) -> dict[str, list[Question]]:
    """Each letter's questions of one length, one per card of that letter (``own``: its
    drawn words). A letter short of well-known words of this length borrows the compartment's
    other letters' (the question keeps its own initial): new words first, then the gaps are
    filled (``fill``)."""
    letters = list(shares)
    merged = sorted((c for letter in letters for c in pools[(letter, length)]),
                    key=lambda c: (-c.familiarity, c.word, c.cls))
    if len(letters) == 1:
        letter = letters[0]
        column = fill(merged, own[letter], shares[letter], tuning)
        base.fork(f"{letter}{length}").shuffle(column)  # the draw's stream, as drawn
        return {letter: column}
    chosen = [q for letter in letters for q in own[letter]]
    taken = {(q.answer, q.cls) for q in chosen}
    rest = [c for c in merged if (c.word, c.cls) not in taken]
    stream = base.fork(f"{group}{length}+")
    extra = draw(rest, CARDS_PER_COMPARTMENT - len(chosen), tuning, stream, length)
    borrowed = fill(merged, chosen + extra, CARDS_PER_COMPARTMENT, tuning)[len(chosen):]
    stream.shuffle(borrowed)
    columns: dict[str, list[Question]] = {}
    for letter in letters:
        column = list(own[letter])
        base.fork(f"{letter}{length}").shuffle(column)
        while len(column) < shares[letter]:
            column.append(borrowed.pop())
        columns[letter] = column
    return columns


Progress = Callable[[str], None]


def _quiet(message: str) -> None:
    pass


def build_deck(level: Level = "standard", sources: Sources | None = None,
               progress: Progress = _quiet) -> dict[str, Any]:
    """The deck as JSON-ready data, with a report of the candidates found."""
    sources = sources or Sources()
    tuning = TUNINGS[level]
    base = SeededRandom(BUILD_SEED).fork(level)
    compartments: dict[str, list[dict[str, Any]]] = {}
    report: dict[str, Any] = {}
    for group in GROUPS:
        pools = {(letter, length): sources.candidates(letter, length)
                 for letter in group for length in LENGTHS}
        shares, floors = share_cards(group, pools, tuning)
        letters = sorted(shares, key=group.index)
        columns: dict[str, list[list[Question]]] = {letter: [] for letter in letters}
        asked: dict[str, dict[str, int]] = {letter: {} for letter in group}
        for length in LENGTHS:
            own = {letter: draw(pools[(letter, length)], shares[letter], tuning,
                                base.fork(f"{letter}{length}"), length, floors[letter])
                   for letter in letters}
            for letter, column in columns_of(group, length, shares, own, pools, tuning,
                                              base).items():
                columns[letter].append(column)
                for q in column:
                    asked[q.initial][str(length)] = \
                        asked[q.initial].get(str(length), 0) + 1
        cards: list[dict[str, Any]] = []
        for letter in letters:
            for i in range(shares[letter]):
                cards.append({"initial": letter, "questions": [
                    column[i].to_json(sources.alternates.of(
                        column[i].answer, column[i].cls, column[i].definition))
                    for column in columns[letter]]})
        compartments[group] = cards
        report[group] = {
            "cards": shares,
            "candidates": {letter: {str(n): len(pools[(letter, n)]) for n in LENGTHS}
                           for letter in group},
            "good": {letter: {str(n): sum(1 for c in pools[(letter, n)]
                                          if c.familiarity >= tuning.floor)
                              for n in LENGTHS} for letter in group},
            "asked": {letter: {str(n): asked[letter].get(str(n), 0) for n in LENGTHS}
                      for letter in group},
            "with_alternates": sum(1 for card in cards for q in card["questions"]
                                   if "also" in q),
        }
        progress(f"{group}: {shares}")
    return {
        "format_version": FORMAT_VERSION,
        "game": "vocabulon",
        "level": level,
        "licence": LICENCE,
        "credits": CREDITS,
        "compartments": compartments,
        "report": report,
    }


def dump_deck(deck: dict[str, Any]) -> bytes:
    """The file's bytes: one question per line, so that a review reads (and diffs) well."""
    def line(value: Any) -> str:
        return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))

    out = ["{"]
    for key in ("format_version", "game", "level", "licence", "credits"):
        out.append(f" {line(key)}: {line(deck[key])},")
    out.append(' "compartments": {')
    groups = list(deck["compartments"])
    for gi, group in enumerate(groups):
        out.append(f"  {line(group)}: [")
        cards = deck["compartments"][group]
        for ci, card in enumerate(cards):
            out.append(f'   {{"initial": {line(card["initial"])}, "questions": [')
            questions = card["questions"]
            for qi, question in enumerate(questions):
                comma = "," if qi + 1 < len(questions) else ""
                out.append(f"    {line(question)}{comma}")
            out.append("   ]}" + ("," if ci + 1 < len(cards) else ""))
        out.append("  ]" + ("," if gi + 1 < len(groups) else ""))
    out.append(" },")
    out.append(f' "report": {line(deck["report"])}')
    out.append("}")
    return ("\n".join(out) + "\n").encode("utf-8")

