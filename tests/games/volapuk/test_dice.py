"""The dice as the seed lists them (RULINGS: the green faces documented exactly)."""

from collections import Counter

from ludomots.games.volapuk.board import DIRECTIONS, cells, is_diagonal, is_reversed, parse_cell
from ludomots.games.volapuk.dice import (
    COLOURED_FACES,
    ELUE_FACES,
    GREEN_SINGLES,
    SIGN_FACES,
    SPECIALS,
    all_dice,
    faces_of,
    green_faces,
    letter_value,
)


def test_five_colours_of_ten_dice_make_a_full_alphabet_and_four_letters_twice() -> None:
    """Seed: "Des dés bleus, blancs, roses, orange et jaunes (en 10 exemplaires chacun) ...
    constituant un alphabet complet, plus 4 lettres en double" (ABCDEF GHIJKL MNOPQR STUVWX
    YZ ABCE)."""
    faces = Counter(f for fs in COLOURED_FACES.values() for f in fs)
    assert set(faces) == set("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
    assert sorted(f for f, n in faces.items() if n == 2) == ["A", "B", "C", "E"]
    assert Counter(d for d in all_dice(False) if not d.startswith("vert")) == {
        c: 10 for c in COLOURED_FACES}


def test_thirty_green_dice_carry_the_95_specials_and_31_signs() -> None:
    """Seed: "Trente dés verts ... des lettres doubles, des phonèmes-graphes ... ainsi que 31
    signes spéciaux ... parmi lesquels se trouvent 4 jokers simples"."""
    dice = green_faces()
    assert len(dice) == 30 and all(len(d) == 6 for d in dice)
    faces = Counter(f for d in dice for f in d)
    assert sum(SPECIALS.values()) == 95 and sum(SIGN_FACES.values()) == 31
    assert faces == Counter(SPECIALS) + Counter(SIGN_FACES) + Counter(GREEN_SINGLES)
    assert (faces["?"], faces["_"], faces["'"], faces["-"], faces["."]) == (4, 9, 5, 4, 5)
    assert (faces["^"], faces["¨"], faces["PH"], faces["Ç"]) == (2, 2, 4, 5)


def test_the_super_joker_die_and_the_26_face_polyhedron() -> None:
    assert faces_of("super") == ("*",) * 6
    assert all_dice(True).count("super") == 1 and "super" not in all_dice(False)
    assert "".join(ELUE_FACES) == "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def test_multi_letter_values() -> None:
    assert [letter_value(f) for f in ("A", "É", "Ç", "CH", "SCH", "Æ", "Œ")] == [
        1, 1, 1, 3, 5, 10, 10]


def test_the_round_board_and_its_eight_directions() -> None:
    """RULINGS: a 15×15 grid clipped to a disc (centres within 7.5 cells of the centre)."""
    assert len(cells()) == 177
    assert parse_cell("H8") == (7, 7) and parse_cell("A1") is None and parse_cell("A8") == (0, 7)
    assert len(DIRECTIONS) == 8
    assert [d for d in DIRECTIONS if is_reversed(d)] == ["O", "N", "NO", "SO"]
    assert [d for d in DIRECTIONS if is_diagonal(d)] == ["SE", "NE", "NO", "SO"]
