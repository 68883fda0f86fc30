"""The riddle deck the game plays with: 16 compartments of 33 cards, shipped as JSON.

`deckbuild.py` makes the files from the lexicon (`ludomots vocabulon deck build`); this module
only reads them, so playing never needs the lexicon's definitions. Two decks ship: "standard"
and "facile" (the best known words, for children). The glosses are Wiktionary's, under
CC BY-SA 4.0 (see data/LICENCE.md).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal

from ludomots.games.vocabulon.groups import GROUPS

DeckLevel = Literal["standard", "facile"]
DECK_LEVELS: tuple[DeckLevel, ...] = ("standard", "facile")
DATA = Path(__file__).parent / "data"
CARDS_PER_COMPARTMENT = 33
LENGTHS = (3, 4, 5, 6, 7, 8)
CLASS_TITLES = {"n.m.": "nom masculin", "n.f.": "nom féminin", "adj.": "adjectif",
                "adv.": "adverbe", "v.": "verbe", "v.pr.": "verbe pronominal"}


def deck_path(level: DeckLevel) -> Path:
    return DATA / ("deck.json" if level == "standard" else f"deck-{level}.json")


@dataclass(frozen=True)
class Question:
    """One question of a card: what is read aloud (initial, length, class, definition) and
    the answer written on the back, with how well known it is (the bots' knowledge model),
    and the other words that fit it as well (`also`, accepted too: `alternates.py`)."""

    initial: str
    length: int
    cls: str
    definition: str
    answer: str
    familiarity: float
    also: tuple[str, ...] = ()

    def public(self) -> dict[str, Any]:
        """What the reader says: never the answer, nor the other right answers."""
        return {"initial": self.initial, "length": self.length, "class": self.cls,
                "class_title": CLASS_TITLES[self.cls], "definition": self.definition}


@dataclass(frozen=True)
class Card:
    """A riddle card: its letter, and one question per length, 3 to 8. A question's initial
    is its own: where the card's letter lacks a well-known word of some length, the question
    asks a word of another letter of the compartment (a U card's 3-letter question may ask
    a T word)."""

    initial: str
    questions: tuple[Question, ...]  # by length, 3 to 8

    def question(self, length: int) -> Question:
        return self.questions[LENGTHS.index(length)]


@dataclass(frozen=True)
class Deck:
    level: str
    compartments: dict[str, tuple[Card, ...]]

    def card(self, group: str, index: int) -> Card:
        return self.compartments[group][index]


FORMAT_VERSION = 3  # 2: each question carries its initial; 3: its other right answers


def parse_deck(data: dict[str, Any]) -> Deck:
    """A deck from its JSON, checking its shape (16 compartments × 33 cards × 6 lengths)."""
    if data.get("format_version") != FORMAT_VERSION:
        raise ValueError(f"a deck of format {FORMAT_VERSION} is expected: rebuild it")
    compartments: dict[str, tuple[Card, ...]] = {}
    raw = data["compartments"]
    if list(raw) != list(GROUPS):
        raise ValueError("a deck has the 16 compartments in order")
    for group in GROUPS:
        cards = []
        for card in raw[group]:
            initial = card["initial"]
            if initial not in group:
                raise ValueError(f"card initial {initial} is not in compartment {group}")
            questions = tuple(
                Question(q["initial"], q["length"], q["class"], q["definition"], q["answer"],
                         float(q["familiarity"]), tuple(q.get("also", ())))
                for q in card["questions"])
            if any(q.initial not in group for q in questions):
                raise ValueError(f"a question of a {group} card has another initial")
            if tuple(q.length for q in questions) != LENGTHS:
                raise ValueError(f"a card of {group} lacks a length")
            cards.append(Card(initial, questions))
        if len(cards) != CARDS_PER_COMPARTMENT:
            raise ValueError(f"compartment {group} has {len(cards)} cards")
        compartments[group] = tuple(cards)
    return Deck(str(data["level"]), compartments)


@lru_cache(maxsize=4)
def load_deck(level: DeckLevel = "standard") -> Deck:
    """The shipped deck of a level (read once per process)."""
    data = json.loads(deck_path(level).read_text(encoding="utf-8"))
    return parse_deck(data)
