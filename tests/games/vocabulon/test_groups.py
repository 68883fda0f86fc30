"""The 16 letter groups and what a secret word needs of them."""

from collections import Counter

from ludomots.games.vocabulon.groups import (
    GROUP_OF,
    GROUPS,
    LETTER_CARDS,
    complete,
    covered,
    letters_key,
    missing,
    needs,
)


def test_sixteen_compartments_of_three_letter_cards_make_48() -> None:
    # Seed, MATÉRIEL: "48 cartes-lettre"; RULINGS: the 16 groups, 3 cards each.
    assert GROUPS == ("A", "B", "C", "D", "E", "F", "GH", "IJK", "L", "M", "NO", "PQ", "R",
                      "S", "TU", "VWXYZ")
    assert LETTER_CARDS == 48
    assert sorted(GROUP_OF) == [chr(c) for c in range(ord("A"), ord("Z") + 1)]


def test_each_letter_of_a_word_needs_one_card_of_its_group() -> None:
    assert needs("chat") == Counter({"C": 1, "GH": 1, "A": 1, "TU": 1})
    assert needs("Kiwi") == Counter({"IJK": 3, "VWXYZ": 1})
    assert needs("été") == Counter({"E": 2, "TU": 1})  # accents are folded


def test_a_multi_letter_card_counts_for_any_one_of_its_letters() -> None:
    # Seed: "il gagne IJK, il doit choisir entre I, J et K" — one letter per card.
    assert complete("JOLI", ["IJK", "NO", "L", "IJK"])
    assert not complete("JOLI", ["IJK", "NO", "L"])  # one IJK card cannot be both J and I
    assert missing("JOLI", ["IJK", "NO"]) == Counter({"L": 1, "IJK": 1})
    assert covered("JOLI", ["IJK", "NO", "A"]) == 2


def test_only_letters_make_a_key() -> None:
    assert letters_key(" Œuvre ") == "OEUVRE"
    assert letters_key("porte-clé") is None
    assert letters_key("aujourd'hui") is None
    assert letters_key("") is None
