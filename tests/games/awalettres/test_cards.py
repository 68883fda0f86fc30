"""The deck (the project's design: docs/rules/awalettres.md) and the card helpers."""

from ludomots.games.awalettres.cards import (
    LETTER_COUNT,
    LETTERS,
    SPELL_DRAW,
    SPELLS,
    VALUES,
    WILD,
    generosity,
    hand_value,
    letter_count,
    letter_deck,
    parse_letter,
    spell_box,
    word_key,
)


def test_letter_values_follow_the_seed_examples() -> None:
    # APRES = 1+2+2+1+1, VA = 3+1
    assert {c: VALUES[c] for c in "AESPRV"} == {"A": 1, "E": 1, "S": 1, "P": 2, "R": 2, "V": 3}


def test_the_grenier_holds_100_letters_valued_1_to_5_and_8_spell_draws() -> None:
    deck = letter_deck()
    assert LETTER_COUNT == 100 == sum(1 for c in deck if c != SPELL_DRAW)
    assert deck.count(SPELL_DRAW) == 8
    assert set(LETTERS) == set("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
    assert {v for _, v in LETTERS.values()} == {1, 2, 3, 4, 5}
    # frequent letters are cheap: every letter with 5 copies or more is worth 1 but R
    assert all(v == 1 for c, (n, v) in LETTERS.items() if n >= 5 and c != "R")


def test_the_spell_box_holds_a_few_of_each_spell_and_generosity_worth_1_2_3() -> None:
    box = spell_box()
    assert len(box) == sum(SPELLS.values()) == 15
    assert [generosity(s) for s in ("generosite1", "generosite2", "generosite3")] == [1, 2, 3]
    assert generosity("confusion") == 0


def test_letters_left_in_hand_count_their_value_and_a_confusion_5() -> None:
    assert hand_value(["Z", "E", WILD]) == 5 + 1 + 5
    assert letter_count(["A", WILD, "B"]) == 3


def test_typed_words_and_letters_are_folded() -> None:
    assert word_key(" Après ") == "APRES"
    assert word_key("arc-en-ciel") is None
    assert parse_letter("é") == "E" and parse_letter("?") == WILD and parse_letter("1") is None
