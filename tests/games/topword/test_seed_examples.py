"""The six worked examples of the Topword seed ("CREER DES MOTS/COMPTER LES POINTS"),
reconstructed on one board: RATEAU on row E from column 3, then each example in turn."""

import pytest

from ludomots.games.topword.board import Board
from ludomots.games.topword.notation import parse_move
from ludomots.games.topword.scoring import Rules, evaluate
from ludomots.lexicon.lexicon import get_lexicon

ACCEPTS = get_lexicon().checker("standard")
RATEAU = "........../........../........../........../..RATEAU../" + "........../" * 5
RATEAU = RATEAU.rstrip("/")

# (position before, move, expected score, expected words with their scores)
EXAMPLES = [
    ("1: RIRE on RATEAU's R", RATEAU, "3E RIRE", 8, [("RIRE", 8)]),
    ("2: TRIS and AS", "........../........../........../........../..RATEAU../"
     "..I......./..R......./..E......./........../..........", "F1 TRIS", 12,
     [("TRIS", 8), ("AS", 4)]),
    ("3: B on the T of TRIS", "........../........../........../........../..RATEAU../"
     "TRIS....../..R......./..E......./........../..........", "F1 BRIS", 5, [("BRIS", 5)]),
    ("4: BISE and BATEAU", "........../........../........../........../..RATEAU../"
     "[TB]RIS....../..R......./..E......./........../..........", "3E BISE", 13,
     [("BISE", 6), ("BATEAU", 7)]),
    ("5: RETRACE, CRIS and the 7-tile bonus", "........../........../........../........../"
     "..[RB]ATEAU../[TB]RIS....../..[RS]......./..E......./........../..........",
     "1A RETRACE", 25, [("RETRACE", 9), ("CRIS", 6)]),
    ("6: SOJA, BISES and the J bonus", "R........./E........./T........./R........./"
     "A.[RB]ATEAU../[TBC]RIS....../E.[RS]......./..E......./........../..........",
     "I3 SOJA", 17, [("SOJA", 8), ("BISES", 7)]),
]


@pytest.mark.parametrize(("name", "position", "move", "score", "words"), EXAMPLES,
                         ids=[e[0] for e in EXAMPLES])
def test_seed_worked_example_scores(name: str, position: str, move: str, score: int,
                                    words: list[tuple[str, int]]) -> None:
    board = Board.from_notation(position)
    placement, _ = parse_move(move, board)
    result = evaluate(board, placement, Rules(), ACCEPTS)
    assert [(w.word, w.score) for w in result.words] == words
    assert result.score == score
    assert all(w.valid for w in result.words)


def test_seed_example_5_places_all_seven_tiles_for_the_ten_point_bonus() -> None:
    board = Board.from_notation(EXAMPLES[4][1])
    placement, _ = parse_move("1A RETRACE", board)
    result = evaluate(board, placement, Rules(), ACCEPTS)
    assert len(placement.tiles) == 7 and result.all_tiles_bonus == 10


def test_seed_soja_contradiction_17_points_as_the_worked_example_not_16() -> None:
    # The rulebook says SOJA « vous rapporte 16 points = 14 points "normaux" + 2 points bonus »
    # under POINTS BONUS and 17 (BISES 7 + SOJA 8 + 2) in example 6; every other rule gives
    # the example's 17 (docs/rules/topword.md, "Contradictions").
    board = Board.from_notation(EXAMPLES[5][1])
    placement, _ = parse_move("I3 SOJA", board)
    result = evaluate(board, placement, Rules(), ACCEPTS)
    assert sum(w.score for w in result.words) == 15 and result.bonus_letters == 2
    assert result.score == 17


def test_seed_example_6_counts_the_j_once_as_a_bonus_letter() -> None:
    board = Board.from_notation(EXAMPLES[5][1])
    placement, _ = parse_move("I3 SOJA", board)
    assert evaluate(board, placement, Rules(), ACCEPTS).bonus_letters == 2


def test_seed_trie_instead_of_tris_would_form_the_refused_word_ae() -> None:
    board = Board.from_notation(EXAMPLES[1][1])
    placement, _ = parse_move("F1 TRIE", board)
    result = evaluate(board, placement, Rules(), ACCEPTS)
    assert [(w.word, w.valid) for w in result.words] == [("TRIE", True), ("AE", False)]
