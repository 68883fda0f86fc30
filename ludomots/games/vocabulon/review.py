"""The deck's human review, as data the build applies: what the automatic checks cannot judge.

Reading the questions of the built decks found answers no riddle should have (crude,
offensive or adult, slang and anglicisms, obscure abbreviations, or a class the lexicon lists
wrongly) and definitions that are true but do not identify their word: a rare, old, regional or
technical sense chosen over the usual one (ARTICLE as a finger bone, THYM as linden tea), a
sense of another class or of a homograph, or one whose words were lost in the extraction.

The verdicts live in ``data/review.json`` (this module only reads them), so that
`ludomots vocabulon deck build` stays reproducible and the review is visible and diffable:

- ``words``: answers never asked, with why: "word" for every class, "word class" (``"fin
  n.m."``) for one class only;
- ``senses``: per answer, the beginnings of definitions not to use (compared after cleaning,
  apostrophes made typographic), so that a small change of a definition's end keeps the verdict;
- ``patterns``: regular expressions (case-insensitive, searched in the cleaned definition) that
  reject a sense whatever its answer ("voir ... ci-dessous"), with why;
- ``prefer``: per answer, the beginnings of the definitions to ask first, in order (the usual
  sense, where the wiki lists an older or rarer one before it: FACTEUR the postman, not a
  factor of a product); the other usable senses follow.

Nothing is keyed by a card's position: when the lexicon changes, the build takes the next sense
or the next word and the verdicts still apply.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from ludomots.core.rng import SeededRandom
from ludomots.games.vocabulon.deck import Deck, Question
from ludomots.lexicon.fold import normalize_apostrophes

REVIEW_PATH = Path(__file__).parent / "data" / "review.json"
SECTIONS = ("words", "senses", "patterns", "prefer")


@dataclass(frozen=True)
class Review:
    words: dict[str, str]
    senses: dict[str, tuple[str, ...]]
    patterns: tuple[tuple[re.Pattern[str], str], ...]
    prefer: dict[str, tuple[str, ...]]

    def rejects_word(self, word: str, cls: str) -> bool:
        return word in self.words or f"{word} {cls}" in self.words

    def rejects_sense(self, word: str, definition: str) -> str | None:
        """Why the review refuses ``definition`` for ``word`` (None: it does not)."""
        text = normalize_apostrophes(definition)
        for start in self.senses.get(word, ()):
            if text.startswith(start):
                return f"sense of {word}: {start}"
        for pattern, why in self.patterns:
            if pattern.search(text):
                return why
        return None

    def preference(self, word: str, definition: str) -> int | None:
        """The rank of ``definition`` among ``word``'s preferred senses (0 first), or None."""
        text = normalize_apostrophes(definition)
        return next((rank for rank, start in enumerate(self.prefer.get(word, ()))
                     if text.startswith(start)), None)


def parse_review(data: dict[str, Any]) -> Review:
    if sorted(data) != sorted(SECTIONS):
        raise ValueError(f"the review has the sections {', '.join(SECTIONS)}")
    words = {str(k): str(v) for k, v in data["words"].items()}
    senses = {str(k): tuple(normalize_apostrophes(str(s)) for s in v)
              for k, v in data["senses"].items()}
    patterns = tuple((re.compile(str(k), re.IGNORECASE), str(v))
                     for k, v in data["patterns"].items())
    prefer = {str(k): tuple(normalize_apostrophes(str(s)) for s in v)
              for k, v in data["prefer"].items()}
    return Review(words, senses, patterns, prefer)


@lru_cache(maxsize=1)
def load_review(path: Path = REVIEW_PATH) -> Review:
    """The shipped review (read once per process)."""
    return parse_review(json.loads(path.read_text(encoding="utf-8")))


def dump_review(data: dict[str, Any]) -> str:
    """The file's canonical text: sections in order, entries sorted, one entry a line."""
    def line(value: Any) -> str:
        return json.dumps(value, ensure_ascii=False)

    out = ["{"]
    for si, section in enumerate(SECTIONS):
        entries = sorted(data[section].items())
        out.append(f" {line(section)}: {{")
        for ei, (key, value) in enumerate(entries):
            comma = "," if ei + 1 < len(entries) else ""
            out.append(f"  {line(key)}: {line(value)}{comma}")
        out.append(" }" + ("," if si + 1 < len(SECTIONS) else ""))
    out.append("}")
    return "\n".join(out) + "\n"


# -- the blind sample ------------------------------------------------------------------------

SAMPLE_COLUMNS = ("round", "seed", "group", "card", "length", "initial", "class", "answer",
                  "definition", "verdict", "note")
VERDICTS = ("good", "weak", "bad")


def draw_sample(deck: Deck, count: int, seed: int) -> list[tuple[str, int, Question]]:
    """``count`` questions of ``deck`` drawn at random, without choosing them: every question
    (compartment, card, length) in deck order, shuffled by the project's seeded source."""
    everything = [(group, index, question)
                  for group, cards in deck.compartments.items()
                  for index, card in enumerate(cards) for question in card.questions]
    SeededRandom(seed).shuffle(everything)
    return everything[:count]
