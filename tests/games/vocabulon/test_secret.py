"""Secret words: the Vocabulon policy of RULINGS.md, and the change of word."""

import pytest

from ludomots.games.vocabulon.secret import blocked_groups, change_error, sabot_counts, word_error
from ludomots.lexicon.lexicon import get_lexicon


@pytest.mark.parametrize("word", ["porte", "chats", "Étés", "lever", "fatigué"])
def test_dictionary_words_plurals_and_infinitives_are_accepted(word: str) -> None:
    # Seed, LE GAGNANT: "un mot au pluriel est accepté ; les verbes conjugués ne le sont pas"
    # (RULINGS: accents ignored; a participle that is an adjective stays a word).
    assert word_error(word, len(word), get_lexicon()) is None


@pytest.mark.parametrize(("word", "length", "code"), [
    ("mange", 5, "unknown_word"),  # conjugated
    ("parlons", 7, "unknown_word"),
    ("xqzwk", 5, "unknown_word"),
    ("lyon", 4, "unknown_word"),  # a proper noun
    ("porte-clé", 9, "bad_word"),
    ("aïe !", 3, "bad_word"),
    ("port", 5, "wrong_length"),
    ("nonne", 5, "unwinnable_word"),  # N O N N E: four cards NO, there are three
])
def test_refused_secret_words(word: str, length: int, code: str) -> None:
    error = word_error(word, length, get_lexicon())
    assert error is not None and error.code == code


def test_the_sabot_counts_what_is_left_of_each_group() -> None:
    counts = sabot_counts([["A", "E"], ["E", "E"], []])
    assert counts["A"] == 2 and counts["E"] == 0 and counts["B"] == 3


def test_a_word_is_blocked_when_a_needed_group_is_exhausted() -> None:
    sabot = sabot_counts([["E"], ["E", "E"]])
    assert blocked_groups("porte", [], sabot) == ["E"]
    assert blocked_groups("porte", ["E"], sabot) == []


def test_change_conditions() -> None:
    sabot = sabot_counts([["PQ"], ["E", "E"], ["E"]])
    error = change_error("porte", "portail", ["PQ"], sabot, get_lexicon())
    assert error is None
    error = change_error("moins", "portail", [], sabot, get_lexicon())
    assert error is not None and error.code == "word_still_possible"
