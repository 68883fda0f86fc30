"""The ring graph of RULINGS.md and exact-count movement."""

import pytest

from ludomots.games.vocabulon import board
from ludomots.games.vocabulon.board import cell, paths

BLUE, YELLOW, RED = 0, 1, 2
A, F, V1, GH, VWXYZ, V2 = 0, 5, 6, 7, 16, 17


def test_three_rings_of_eighteen_cells_in_the_groups_order_with_two_vocabulon_cells() -> None:
    # RULINGS: 16 letter cells clockwise, a VOCABULON cell after F and another after VWXYZ.
    assert board.CELLS == 54
    assert board.LABELS == ("A", "B", "C", "D", "E", "F", "VOCABULON", "GH", "IJK", "L", "M",
                            "NO", "PQ", "R", "S", "TU", "VWXYZ", "VOCABULON")
    assert board.RINGS == ("bleu", "jaune", "rouge")
    assert [board.group_at(cell(r, GH)) for r in range(3)] == ["GH"] * 3
    assert board.is_vocabulon(cell(RED, V1)) and board.group_at(cell(RED, V2)) is None


def test_the_start_is_cell_a_of_the_blue_ring() -> None:
    # Seed, PRÉPARATIFS 4: "la case DÉPART (case A de l'anneau bleu)".
    assert cell(BLUE, A) == board.START
    assert board.cell_name(board.START) == "A (anneau bleu)"


def test_a_pawn_moves_exactly_the_die_s_count_without_stepping_back() -> None:
    # "avance son pion du chiffre exact indiqué par le dé ... sans reculer"
    found = paths(cell(BLUE, 2), 3, first_throw=False)
    assert set(found) == {cell(BLUE, 5), cell(BLUE, 17)}  # C+3 = F, C-3 = V2 (wrapping)
    for route in found[cell(BLUE, 5)]:
        assert len(route) == 4 and len(set(route)) == 4


def test_the_first_throw_goes_clockwise() -> None:
    # "lors du deuxième lancer de dé (et des suivants), chaque joueur peut avancer ... dans le
    # sens des aiguilles d'une montre ou bien dans le sens contraire": the first, clockwise.
    assert list(paths(board.START, 4, first_throw=True)) == [cell(BLUE, 4)]
    later = set(paths(board.START, 4, first_throw=False))
    assert {c for c in later if board.ring_of(c) == BLUE} == {cell(BLUE, 4), cell(BLUE, 14)}
    # counter-clockwise, A is next to the VOCABULON cell after VWXYZ: other rings are near
    assert cell(YELLOW, 15) in later and cell(RED, V2 - 1) in later


def test_a_vocabulon_cell_of_the_blue_ring_leads_to_the_yellow_ring_as_one_step() -> None:
    # "Case VOCABULON de l'anneau bleu : le pion peut passer sur l'anneau jaune." The hop
    # counts as one move of the die (RULINGS).
    found = paths(cell(BLUE, F), 2, first_throw=False)
    assert cell(YELLOW, V1) in found
    assert found[cell(YELLOW, V1)] == [(cell(BLUE, F), cell(BLUE, V1), cell(YELLOW, V1))]
    assert cell(RED, V1) not in paths(cell(BLUE, F), 3, first_throw=False) or all(
        cell(YELLOW, V1) in route for route in paths(cell(BLUE, F), 3, False)[cell(RED, V1)])


def test_from_the_yellow_ring_a_pawn_may_go_to_the_blue_or_the_red_ring() -> None:
    # "Case VOCABULON de l'anneau jaune : le pion peut passer sur l'anneau bleu ou sur
    # l'anneau rouge." "Case VOCABULON de l'anneau rouge : le pion peut passer sur l'anneau
    # jaune."
    from_yellow = {nxt for nxt, hop in board.steps(cell(YELLOW, V2), False) if hop}
    assert from_yellow == {cell(BLUE, V2), cell(RED, V2)}
    from_red = {nxt for nxt, hop in board.steps(cell(RED, V1), False) if hop}
    assert from_red == {cell(YELLOW, V1)}
    from_blue = {nxt for nxt, hop in board.steps(cell(BLUE, V1), False) if hop}
    assert from_blue == {cell(YELLOW, V1)}
    assert not [hop for _, hop in board.steps(cell(BLUE, GH), False) if hop]


def test_after_changing_ring_the_pawn_may_take_either_direction() -> None:
    # "Dès que le pion a changé d'anneau, il peut prendre une nouvelle direction", even on
    # the first throw (option first_throw="clockwise", the default).
    found = paths(cell(BLUE, 3), 5, first_throw=True)  # D E F V1 -> yellow V1 -> F or GH
    assert cell(YELLOW, F) in found and cell(YELLOW, GH) in found
    strict = paths(cell(BLUE, 3), 5, first_throw=True, rule="strict")
    assert cell(YELLOW, GH) in strict and cell(YELLOW, F) not in strict


def test_a_pawn_may_change_ring_as_often_as_it_passes_a_vocabulon_cell() -> None:
    # "le joueur peut aller d'un anneau à l'autre autant de fois que son pion passe par une
    # case VOCABULON": blue V1 -> yellow V1 -> red V1 in two steps.
    found = paths(cell(BLUE, V1), 2, first_throw=False)
    assert found[cell(RED, V1)] == [(cell(BLUE, V1), cell(YELLOW, V1), cell(RED, V1))]


def test_a_pawn_may_pass_an_occupied_cell_but_not_stop_on_it() -> None:
    # "on ne peut pas s'arrêter sur la même case qu'un autre joueur, mais on peut la dépasser"
    occupied = {cell(BLUE, 2), cell(BLUE, 4)}
    found = paths(board.START, 4, first_throw=True, occupied=occupied)
    assert found == {}
    found = paths(board.START, 5, first_throw=True, occupied=occupied)
    assert list(found) == [cell(BLUE, F)]


@pytest.mark.parametrize("count", [3, 4, 5, 6, 7, 8])
def test_every_path_has_the_exact_count_and_never_visits_a_cell_twice(count: int) -> None:
    for start in range(board.CELLS):
        for destination, routes in paths(start, count, first_throw=False).items():
            for route in routes:
                assert route[0] == start and route[-1] == destination
                assert len(route) == count + 1 and len(set(route)) == count + 1


def test_cell_codes_round_trip() -> None:
    for c in range(board.CELLS):
        assert board.parse_cell(board.cell_code(c)) == c
    assert board.cell_code(cell(YELLOW, GH)) == "jGH"
    assert board.cell_code(cell(RED, V2)) == "rV2"
    assert board.parse_cell("b a") == board.START
    assert board.parse_cell("xA") is None and board.parse_cell("bQ") is None
