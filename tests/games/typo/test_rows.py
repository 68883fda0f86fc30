"""Rows as strings: a card at either end, the longest rows, the one-line notation."""

import pytest

from ludomots.games.typo.rows import longest_rows, parse_rows, placed, rows_text, with_row


def test_a_card_goes_at_the_left_or_the_right_end() -> None:
    assert placed("RONT", "F", "left") == "FRONT"
    assert placed("ELA", "S", "right") == "ELAS"


def test_the_longest_rows_are_all_those_of_the_greatest_length() -> None:
    assert longest_rows(["FRONT", "ELAST", "MAISON", "PL"]) == [2]
    assert longest_rows(["ROND", "ELAS", "MAIS", "PL"]) == [0, 1, 2]


def test_replacing_a_row_keeps_the_others() -> None:
    assert with_row(("A", "B", "C", "D"), 2, "V") == ("A", "B", "V", "D")


def test_the_notation_round_trips_and_refuses_anything_but_four_rows_of_cards() -> None:
    rows = parse_rows("front/ELAST/Maison/PL")
    assert rows == ("FRONT", "ELAST", "MAISON", "PL")
    assert rows_text(rows) == "FRONT/ELAST/MAISON/PL"
    for bad in ("A/B/C", "A/B/C/D/E", "A//C/D", "AX/B/C/D", "A/B/C/É"):
        with pytest.raises(ValueError):
            parse_rows(bad)
