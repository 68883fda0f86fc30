"""The shipped riddle decks: every card checked against the lexicon, and rebuilt exactly."""

import json
from collections.abc import Iterator
from functools import cache

import pytest

from ludomots.games.vocabulon.deck import (
    CARDS_PER_COMPARTMENT,
    DATA,
    DECK_LEVELS,
    LENGTHS,
    Question,
    deck_path,
    load_deck,
)
from ludomots.games.vocabulon.deckbuild import (
    CLASSES,
    MAX_DEFINITION,
    Sources,
    allocate,
    build_deck,
    clean_definition,
    dump_deck,
)
from ludomots.games.vocabulon.family import gives_away
from ludomots.games.vocabulon.groups import GROUPS
from ludomots.games.vocabulon.review import REJECTED_DEFINITIONS, REJECTED_WORDS
from ludomots.lexicon.fold import fold, normalize_apostrophes
from ludomots.lexicon.lexicon import get_lexicon


def questions(level: str) -> Iterator[tuple[str, Question]]:
    deck = load_deck(level)  # type: ignore[arg-type]
    for group, cards in deck.compartments.items():
        for card in cards:
            for question in card.questions:
                yield group, question


@cache
def headwords(initial: str, length: int, cls: str) -> frozenset[str]:
    return frozenset(h.word for h in get_lexicon().pattern(initial, length, cls))


@cache
def lemmas(word: str) -> list[str]:
    return sorted({e.lemma for e in get_lexicon().entries(word)})


@pytest.mark.parametrize("level", DECK_LEVELS)
def test_sixteen_compartments_of_33_cards_with_one_question_per_die_face(level: str) -> None:
    # RULINGS: 16 compartments × 33 cards (528), one question per face, lengths 3 to 8.
    deck = load_deck(level)  # type: ignore[arg-type]
    assert list(deck.compartments) == list(GROUPS)
    for group, cards in deck.compartments.items():
        assert len(cards) == CARDS_PER_COMPARTMENT
        for card in cards:
            assert card.initial in group
            assert tuple(q.length for q in card.questions) == LENGTHS
            assert {q.initial for q in card.questions} == {card.initial}


@pytest.mark.parametrize("level", DECK_LEVELS)
def test_every_answer_is_a_headword_with_the_card_s_initial_length_and_class(
        level: str) -> None:
    for group, q in questions(level):
        assert q.cls in CLASSES
        key = fold(q.answer)
        assert key[0] == q.initial and q.initial in group, q
        assert len(key) == q.length and key.isalpha() and key.isascii(), q
        assert q.answer in headwords(q.initial, q.length, q.cls), q
        assert get_lexicon().accepts(q.answer, "vocabulon"), q
        assert q.answer not in REJECTED_WORDS and f"{q.answer} {q.cls}" not in REJECTED_WORDS
        assert 0.0 <= q.familiarity <= 1.0


@pytest.mark.parametrize("level", DECK_LEVELS)
def test_no_definition_gives_its_answer_away(level: str) -> None:
    # RULINGS: "a short definition that does not contain the answer or its stem".
    for _, q in questions(level):
        assert gives_away(q.answer, q.definition, lemmas) is None, q
        assert fold(q.answer) not in fold(q.definition).split(), q


@pytest.mark.parametrize("level", DECK_LEVELS)
def test_definitions_are_short_clean_sentences_the_review_allows(level: str) -> None:
    for _, q in questions(level):
        text = q.definition
        assert 4 <= len(text) <= MAX_DEFINITION, q
        assert text[0].isupper() and text[-1] in ".!?…»)", q
        assert not any(sign in text for sign in "[]{}|=<>"), q
        rejected = tuple(normalize_apostrophes(s) for s in REJECTED_DEFINITIONS.get(q.answer, ()))
        assert not normalize_apostrophes(text).startswith(rejected) or not rejected, q


def test_multi_letter_compartments_share_their_cards_between_letters() -> None:
    # Seed: "c'est le hasard qui indique si l'énigme sera sur un mot qui commence par G ou
    # par H". Letters without a usable word of every length get no card (X: no three-letter
    # word with a definition; U has one since UNI's senses are no longer dropped).
    deck = load_deck("standard")
    initials = {g: {c.initial for c in cards} for g, cards in deck.compartments.items()}
    assert initials["GH"] == {"G", "H"}
    assert initials["IJK"] == {"I", "J", "K"}
    assert initials["NO"] == {"N", "O"}
    assert initials["TU"] == {"T", "U"} and initials["PQ"] == {"P", "Q"}
    assert initials["VWXYZ"] >= {"V", "Z"} and "X" not in initials["VWXYZ"]


def test_the_easy_deck_asks_better_known_words() -> None:
    def mean(level: str) -> float:
        values = [q.familiarity for _, q in questions(level)]
        return sum(values) / len(values)

    assert mean("facile") > mean("standard")


def test_the_decks_carry_their_licence() -> None:
    for level in DECK_LEVELS:
        data = json.loads(deck_path(level).read_text(encoding="utf-8"))  # type: ignore[arg-type]
        assert data["licence"] == "CC BY-SA 4.0" and "Wiktionnaire" in data["credits"]
    assert "CC BY-SA" in (DATA / "LICENCE.md").read_text(encoding="utf-8")


def test_cleaning_a_sense() -> None:
    assert clean_definition("(Vulgaire) Chose.") is None
    assert clean_definition("Variante de chat.") is None
    assert clean_definition("Pièce de ce jeu.") is None  # leans on the previous sense
    assert clean_definition("Meuble représentant un lion dans les armoiries.") is None
    text, penalty = clean_definition("par extension, petit animal domestique") or ("", 0.0)
    assert text == "Petit animal domestique." and penalty > 0
    long = "Chose de nombreuses lettres, " + "longue et encore plus longue, " * 6 + "vraiment."
    cut, _ = clean_definition(long) or ("", 0.0)
    assert len(cut) <= MAX_DEFINITION and cut.endswith("…")


def test_cards_are_shared_between_letters_in_proportion() -> None:
    assert allocate({"G": 3.0, "H": 1.0}, 33) == {"G": 25, "H": 8}
    assert sum(allocate({"I": 5.0, "J": 2.0, "K": 0.1}, 33).values()) == 33
    assert allocate({"I": 5.0, "J": 2.0, "K": 0.1}, 33)["K"] == 1


def test_the_build_reproduces_the_shipped_files_exactly() -> None:
    # `ludomots vocabulon deck build`: same lexicon, same bytes.
    sources = Sources()
    for level in DECK_LEVELS:
        built = dump_deck(build_deck(level, sources))
        assert built == deck_path(level).read_bytes(), f"{level} deck differs: rebuild it"
