"""Terminal screens: what players type, the board drawing, the French lines."""

import io

import pytest
from rich.console import Console

from ludomots.core.errors import RuleError
from ludomots.core.game import Event
from ludomots.core.record import SeatInfo
from ludomots.games.vocabulon import board
from ludomots.games.vocabulon.actions import Offer, Pick, Propose
from ludomots.tui.vocabulon.screens import (
    ChangeWord,
    describe_event,
    parse_cell,
    parse_offer,
    parse_seats,
    parse_throw,
    parse_vocabulon,
    parse_yes_no,
    reachable_lines,
    render_board,
)

from .helpers import at_turn, started, thrown

SEATS = [SeatInfo("Joueur 1"), SeatInfo("Expert 2", "bot", "expert"),
         SeatInfo("Débutant 3", "bot", "debutant")]


def rendered(renderable: object) -> str:
    console = Console(file=io.StringIO(), width=160, color_system=None)
    console.print(renderable)
    file = console.file
    assert isinstance(file, io.StringIO)
    return file.getvalue()


def test_seats_are_humans_or_bot_levels() -> None:
    seats = parse_seats("moi, Expert ,confirmé")
    assert [(s.name, s.kind, s.level) for s in seats] == [
        ("Joueur 1", "human", None), ("Expert 2", "bot", "expert"),
        ("Confirmé 3", "bot", "confirme")]
    with pytest.raises(ValueError):
        parse_seats("moi")
    with pytest.raises(ValueError):
        parse_seats("moi,moi,moi,moi,moi")
    with pytest.raises(ValueError):
        parse_seats("moi,champion")


def test_throw_or_change_the_secret_word() -> None:
    assert parse_throw("") is None and parse_throw("lancer") is None
    assert parse_throw("changer partout") == ChangeWord("partout")
    with pytest.raises(RuleError):
        parse_throw("n'importe quoi")


def test_cells_by_letter_or_code() -> None:
    choices = [board.cell(0, 12), board.cell(1, 6)]
    assert parse_cell("b", choices) == board.cell(1, 6)
    assert parse_cell("A", choices) == board.cell(0, 12)
    assert parse_cell("bPQ", choices) == board.cell(0, 12)
    assert parse_cell("rgh", choices) == board.cell(2, 7)
    with pytest.raises(RuleError):
        parse_cell("c", choices)


def test_vocabulon_choices() -> None:
    assert parse_vocabulon("gh", 3) == Pick("GH")
    assert parse_vocabulon("échange 2 A gh", 3) == Propose(1, "A", "GH")
    with pytest.raises(RuleError):
        parse_vocabulon("échange 5 A GH", 3)
    with pytest.raises(RuleError):
        parse_vocabulon("W", 3)


def test_the_answer_of_a_holder_asked_for_the_missing_letter() -> None:
    assert parse_offer("", ["E"]) == Offer("", "") == parse_offer("Non", ["E"])
    assert parse_offer("gh", ["E"]) == Offer("E", "GH")
    assert parse_offer("E gh", ["E", "R"]) == Offer("E", "GH")
    with pytest.raises(RuleError):
        parse_offer("gh", ["E", "R"])  # which of his cards?
    change = Event("change_request", {"seat": 0, "groups": ["E"], "holders": [1]})
    assert describe_event(change, SEATS, 1) == (
        f"{SEATS[0].name} ne peut plus gagner de carte E dans le sabot et veut changer de mot "
        "secret : qui veut lui échanger cette lettre ?")
    refused = Event("offer", {"seat": 1, "to": 0, "give": None, "take": None})
    assert describe_event(refused, SEATS, 2) == \
        f"{SEATS[1].name} refuse d'échanger sa carte à {SEATS[0].name}."


def test_yes_or_no() -> None:
    assert parse_yes_no("Oui") and parse_yes_no("o")
    assert not parse_yes_no("") and not parse_yes_no("non")
    with pytest.raises(RuleError):
        parse_yes_no("peut-être")


def test_the_board_shows_rings_pawns_reachable_cells_and_cards_left() -> None:
    state = started()
    state = at_turn(state, 0, positions=[board.cell(0, 9), board.cell(1, 0), board.cell(2, 17)])
    state = thrown(state, 3)
    choices = list(state.reachable())
    text = rendered(render_board(state, SEATS, choices))
    lines = text.splitlines()
    assert lines[0].split() == ["A", "B", "C", "D", "E", "F", "V1", "GH", "IJK", "L", "M",
                                "NO", "PQ", "R", "S", "TU", "V-Z", "V2"]
    assert lines[1].split() == ["cartes"] + ["3"] * 16
    assert lines[2].split() == ["bleu"] + ["·"] * 6 + ["a"] + ["·"] * 2 + ["1"] + \
        ["·"] * 2 + ["b"] + ["·"] * 5
    assert lines[3].split()[:2] == ["jaune", "2"] and lines[4].split()[-1] == "3"
    assert max(len(line) for line in lines[:5]) <= 80  # the table fits a terminal
    listed = reachable_lines(state)
    assert listed[0].startswith("  a. VOCABULON après F (anneau bleu)")
    assert "PQ (anneau bleu) — carte PQ (3 en jeu)" in listed[1]


def test_events_in_french_and_only_for_those_who_may_see_them() -> None:
    secret = Event("secret_written", {"seat": 0, "word": "porte"}, frozenset({0}))
    assert describe_event(secret, SEATS, 0) == "Votre mot secret : PORTE."
    assert describe_event(secret, SEATS, 1) is None
    answer = Event("answer", {"seat": 1, "word": "été", "correct": True})
    assert describe_event(answer, SEATS, None) == "Expert 2 répond « été ». Bonne réponse !"
    solution = Event("solution", {"winner": None, "group": "E", "answer": "été"})
    assert describe_event(solution, SEATS, 0) == (
        "Personne n'a trouvé. C'était « été ». La carte retourne sous le compartiment.")
