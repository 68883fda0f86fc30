"""A riddle's other right answers (docs/rules/vocabulon.md, « Other right answers »): the
reader asks for a word of an initial, a length and a class that fits a definition, so a word
that fits it as well as the card's (LYS for LIS) wins the card too."""

import json
import re
from typing import Any

import pytest

from ludomots.core.game import events_for_seat
from ludomots.games.vocabulon.actions import Answer
from ludomots.games.vocabulon.alternates import Alternates
from ludomots.games.vocabulon.answers import is_correct, matched
from ludomots.games.vocabulon.deck import DECK_LEVELS, load_deck
from ludomots.games.vocabulon.rules import VocabulonState
from ludomots.lexicon.fold import fold
from ludomots.lexicon.lexicon import get_lexicon

from .helpers import started, types
from .test_hidden import strings
from .test_rules import BLUE, L_INDEX, arrive, cell, start_from

LIS = ("Genre de liliacées qui porte, sur une haute tige, des fleurs à trois pétales et trois "
       "sépales pétaloïdes.")


def lis_card(state: VocabulonState) -> int:
    """The index of a standard L card whose three-letter question is LIS, « Genre de
    liliacées... »."""
    return next(i for i, card in enumerate(state.deck.compartments["L"])
                if card.question(3).answer == "lis" and card.question(3).definition == LIS)


def asked_lis(**options: Any) -> VocabulonState:
    """Seat 1 on the blue L cell with a 3, the LIS card drawn: the riddle asked."""
    state = started(**options)
    state = start_from(state, 1, cell(BLUE, L_INDEX - 3))
    index = lis_card(state)
    state.sabot["L"].remove(index)
    state.sabot["L"].insert(0, index)
    state, events = arrive(state, 1, cell(BLUE, L_INDEX), 3)
    assert types(events)[-1] == "riddle" and state.step == "answer"
    question = state.question()
    assert question is not None and question.answer == "lis"
    return state


def test_the_lis_questions_carry_lys_as_another_right_answer() -> None:
    for level in DECK_LEVELS:
        found = [q for card in load_deck(level).compartments["L"] for q in card.questions
                 if q.answer == "lis" and q.definition == LIS]
        assert found and all(q.also == ("lys",) for q in found), level


def test_lys_wins_the_letter_card_of_the_lis_question() -> None:
    # The reader asks « L, 3 lettres, nom masculin : Genre de liliacées... »: LYS, the same
    # plant's other spelling, fits it as well as LIS. Before, LYS was « non ».
    state = asked_lis()
    events = state.apply(1, Answer("LYS"))
    assert types(events) == ["answer", "solution", "turn"]
    assert events[0].data == {"type": "answer", "seat": 1, "word": "LYS", "correct": True}
    # The card's word is read out; the accepted LYS is in the answer entry just before.
    assert events[1].data == {"type": "solution", "winner": 1, "group": "L", "answer": "lis"}
    assert state.held[1] == ["L"] and state.available()["L"] == 2
    assert state.current == 2 and state.step == "throw" and state.riddle is None


def test_another_player_may_win_the_card_with_lys() -> None:
    # « si l'un des autres joueurs connaît le mot, il gagne la carte-lettre »
    state = asked_lis()
    state.apply(1, Answer(""))
    assert state.step == "others" and state.to_act() == {2}
    events = state.apply(2, Answer("le lys"))
    assert types(events) == ["answer", "solution", "turn"]
    assert events[0].data == {"type": "answer", "seat": 2, "word": "le lys", "correct": True}
    assert events[1].data["winner"] == 2
    assert state.held == [[], [], ["L"]]


def test_without_the_option_only_the_card_s_word_is_right() -> None:
    state = asked_lis(riddle_alternates=False)
    events = state.apply(1, Answer("LYS"))
    assert types(events) == ["answer"] and events[0].data["correct"] is False
    assert state.held[1] == [] and state.step == "answer"


def test_an_alternate_that_does_not_fit_the_extra_clue_is_no_answer() -> None:
    # With « deuxième lettre : I » read aloud, LYS no longer fits what was asked.
    state = asked_lis(clues=("aucun", "deuxieme", "aucun"))
    assert state.clue() == {"kind": "deuxieme", "name": "deuxième lettre", "letter": "I"}
    events = state.apply(1, Answer("LYS"))
    assert events[0].data["correct"] is False and state.held[1] == []
    state.apply(1, Answer("LIS"))
    assert state.held[1] == ["L"]


def test_the_alternates_are_in_no_payload_before_the_answer_is_revealed() -> None:
    state = asked_lis()
    state.apply(1, Answer("lit"))  # a wrong answer: public, the riddle goes on
    events = state.apply(1, Answer(""))
    assert state.step == "others"
    for viewer in (None, 0, 1, 2):
        sent = [state.view(viewer), events_for_seat(events, viewer), state.history]
        words = {fold(word) for text in strings(sent) for word in re.findall(r"\w+", text)}
        assert "LYS" not in words and "LIS" not in words, viewer


@pytest.mark.parametrize("level", DECK_LEVELS)
def test_a_question_s_public_view_never_names_its_alternates(level: str) -> None:
    with_alternates = 0
    for cards in load_deck(level).compartments.values():
        for card in cards:
            for question in card.questions:
                public = json.dumps(question.public(), ensure_ascii=False)
                assert '"also"' not in public and '"answer"' not in public
                words = set(re.findall(r"\w+", fold(public)))
                for word in question.also:
                    with_alternates += 1
                    assert fold(word) not in words, (question.answer, word)
    assert with_alternates > 0


@pytest.mark.parametrize("level", DECK_LEVELS)
def test_alternates_are_other_headwords_of_the_same_initial_length_and_class(level: str
                                                                              ) -> None:
    lexicon = get_lexicon()
    for cards in load_deck(level).compartments.values():
        for card in cards:
            for q in card.questions:
                assert list(q.also) == sorted(q.also, key=fold)
                assert len({fold(w) for w in q.also}) == len(q.also)
                fitting = (q.cls, "n.") if q.cls in ("n.m.", "n.f.") else (q.cls,)
                for word in q.also:
                    assert fold(word) != fold(q.answer)
                    assert any(h.word == word for cls in fitting
                               for h in lexicon.pattern(q.initial, q.length, cls)), word


def test_alternates_are_the_same_definition_or_another_spelling() -> None:
    alternates = Alternates(get_lexicon())
    assert alternates.of("lis", "n.m.", LIS) == ("lys",)  # the very same gloss
    assert alternates.of("majeur", "n.m.", "Doigt du milieu de la main.") == ("médius",)
    # « Variante de costaud »: a spelling of the same word, whatever definition was read.
    assert alternates.of("costaud", "n.m.", "Personne robuste, forte physiquement.") \
        == ("costeau",)
    # CLEF is CLÉ's other spelling, but of four letters: no answer to a three-letter question.
    key = "Instrument de métal que l’on introduit dans une serrure pour ouvrir ou fermer un accès."
    assert alternates.of("clé", "n.f.", key) == ()
    # Another sense of LIS is not LYS's: « Fleur du lis blanc » names it (and is no card).
    assert alternates.of("lis", "n.m.", "Couleur très blanche de la fleur.") == ("lys",)


def test_an_answer_matches_the_card_s_word_or_an_alternate() -> None:
    assert matched("Lys", "lis", "n.m.", ("lys",)) == "lys"
    assert matched("le lis", "lis", "n.m.", ("lys",)) == "lis"
    assert matched("lit", "lis", "n.m.", ("lys",)) is None
    assert matched("", "lis", "n.m.", ("lys",)) is None
    assert is_correct("LYS", "lis", "n.m.", ("lys",)) and not is_correct("LYS", "lis", "n.m.")

