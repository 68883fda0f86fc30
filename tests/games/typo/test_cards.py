"""The cards: letters, hand sizes, the order of resolution, what a typed card or word is."""

import pytest

from ludomots.games.typo.cards import (
    LETTERS,
    hand_size,
    letter_rank,
    parse_card,
    word_key,
)


def test_the_letters_are_the_french_edition_s_23() -> None:
    assert LETTERS == "ABCDEFGHIJKLMNOPRSTUVWZ"


def test_hand_sizes_follow_the_player_count() -> None:
    assert [hand_size(n) for n in range(2, 7)] == [12, 12, 12, 12, 10]


def test_the_first_part_ranks_from_a_and_the_second_from_z() -> None:
    assert sorted("ZEAK", key=lambda c: letter_rank(c, 1)) == list("AEKZ")
    assert sorted("ZEAK", key=lambda c: letter_rank(c, 2)) == list("ZKEA")


@pytest.mark.parametrize(("typed", "card"), [("e", "E"), ("É", "E"), (" ç ", "C"), ("Q", None),
                                             ("X", None), ("", None), ("AB", None)])
def test_a_typed_card_is_one_typo_letter(typed: str, card: str | None) -> None:
    assert parse_card(typed) == card


@pytest.mark.parametrize(("word", "key"), [("Frontière", "FRONTIERE"), ("œuf", "OEUF"),
                                           (" élan ", "ELAN"), ("aujourd'hui", None),
                                           ("porte-clé", None), ("pomme de", None), ("", None)])
def test_a_word_is_compared_on_its_folded_letters(word: str, key: str | None) -> None:
    assert word_key(word) == key
