"""The terminal's pure parts: what players type, the rows as drawn, events as French lines."""

import pytest

from ludomots.core.errors import RuleError
from ludomots.core.game import Event
from ludomots.core.record import SeatInfo
from ludomots.games.typo.rules import Fail, Place
from ludomots.tui.typo import screens
from ludomots.tui.typo.screens import (
    GiveUp,
    Hint,
    describe_event,
    parse_choice,
    parse_discard,
    parse_placement,
    parse_vote,
    rows_text,
)

from .helpers import choose_all, make_state, vote_all

SEATS = [SeatInfo("Ruud", "human"), SeatInfo("Michael", "human"), SeatInfo("Zinedine", "human"),
         SeatInfo("David", "human")]


def message_of(function: object, text: str) -> str:
    with pytest.raises(RuleError) as info:
        function(text)  # type: ignore[operator]
    assert info.value.code == "bad_command"
    return info.value.message


# -- typing ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("typed", "card"), [("E", "E"), (" é ", "E"), ("w", "W"), ("", None)])
def test_a_card_is_one_letter_accents_ignored(typed: str, card: str | None) -> None:
    assert parse_choice(typed) == card


@pytest.mark.parametrize("typed", ["Q", "EE", "2", "e s"])
def test_anything_else_is_not_a_card(typed: str) -> None:
    assert message_of(parse_choice, typed) == (f"« {typed} » n'est pas une carte : tapez une "
                                               "lettre de votre main, par exemple « E ».")


@pytest.mark.parametrize(("typed", "command"), [
    ("2 g élan", Place(1, "left", "élan")),
    ("4 D Pliant", Place(3, "right", "Pliant")),
    ("1g front", Place(0, "left", "front")),
    ("3 droite œuf", Place(2, "right", "œuf")),
    ("impossible", GiveUp()),
    ("Impossible 3", Fail(2)),
    ("passe", GiveUp()),
    ("aide", Hint()),
    ("?", Hint()),
    ("   ", None),
])
def test_a_placement_is_a_row_a_side_and_a_word(typed: str, command: object) -> None:
    assert parse_placement(typed) == command


def test_a_placement_explains_its_syntax_in_french() -> None:
    assert message_of(parse_placement, "bonjour") == (
        "Coup illisible : écrivez par exemple « 2 g élan » (rangée 2, à gauche, mot « élan ») "
        "ou « impossible ».")
    assert message_of(parse_placement, "5 g mot") == ("« 5 » n'est pas une rangée : tapez un "
                                                      "numéro de 1 à 4.")
    assert message_of(parse_placement, "impossible 1 2") == (
        "Écrivez « impossible » ou « impossible 3 » (la rangée à défausser).")


@pytest.mark.parametrize(("typed", "doubt"), [("o", True), ("Oui", True), ("doute", True),
                                              ("", False), ("n", False), ("NON", False)])
def test_a_vote_is_yes_or_no_and_enter_means_no_doubt(typed: str, doubt: bool) -> None:
    assert parse_vote(typed) is doubt


def test_a_vote_refuses_anything_else() -> None:
    assert message_of(parse_vote, "peut-être") == ("Répondez « o » (je doute) ou « n » (Entrée "
                                                   ": je ne doute pas).")


def test_a_discard_is_a_row_number() -> None:
    assert parse_discard(" 3 ") == 2
    assert message_of(parse_discard, "0") == ("« 0 » n'est pas une rangée : tapez un numéro "
                                              "de 1 à 4.")


def test_seats_name_humans_and_bots_by_seat() -> None:
    assert screens.parse_seats("moi, Confirmé,expert", levels={"confirme", "expert"}) == [
        SeatInfo("Joueur 1", "human"), SeatInfo("Confirmé 2", "bot", "confirme"),
        SeatInfo("Expert 3", "bot", "expert")]
    with pytest.raises(ValueError, match="2 to 6 players"):
        screens.parse_seats("moi")
    with pytest.raises(ValueError, match="unknown seat"):
        screens.parse_seats("moi,champion")


# -- drawing ---------------------------------------------------------------------------------


def test_rows_are_numbered_from_one_spaced_and_the_longest_marked() -> None:
    assert rows_text(["FRONT", "ELAST", "MAISON", "PL"], [2]) == (
        "  1   F R O N T\n"
        "  2   E L A S T\n"
        "  3   M A I S O N   ← la plus longue\n"
        "  4   P L")


def test_scores_are_printed_with_a_true_minus_sign() -> None:
    assert screens.plural(-6, "point") == "−6 points"
    assert screens.plural(1, "point") == "1 point"


# -- events ----------------------------------------------------------------------------------


def test_the_seed_example_told_in_french() -> None:
    state = make_state()
    lines = [describe_event(e, SEATS, None) for e in choose_all(state, "FSTV")]
    assert lines[-1] == ("Cartes révélées, dans l'ordre où elles seront posées : Ruud F, "
                         "Michael S, Zinedine T, David V.")
    assert "Ruud a choisi sa carte." in lines
    events = state.apply(0, Place(0, "left", "frontière"))
    assert describe_event(events[0], SEATS, None) == (
        "Ruud pose F à gauche de la rangée 1 (FRONT) et annonce « frontière ».")
    events = vote_all(state, doubts=(1, 2))
    lines = [describe_event(e, SEATS, None) for e in events]
    assert "Michael et Zinedine doutent : on ouvre le dictionnaire." in lines
    assert "« frontière » est bien dans le dictionnaire : Ruud marque 2 points." in lines
    state.apply(1, Place(1, "right", "élastique"))
    vote_all(state, doubts=(3,))
    state.apply(2, Place(1, "right", "élastiqzz"))
    lines = [describe_event(e, SEATS, None) for e in vote_all(state, doubts=(0, 1))]
    assert lines[-2:] == ["« élastiqzz » n'est pas dans le dictionnaire !",
                            "Zinedine reprend sa carte T : la rangée MAISON est défaussée, T "
                            "commence une nouvelle rangée. Zinedine perd 8 points (dont 2 pour "
                            "le mot refusé) et prend le dictionnaire."]
    events = state.apply(3, Fail(0))
    assert describe_event(events[0], SEATS, None) == (
        "David ne peut pas placer sa carte V : la rangée FRONT est défaussée, V commence une "
        "nouvelle rangée. David perd 5 points et prend le dictionnaire.")


def test_a_lone_doubter_is_not_enough_among_three() -> None:
    event = Event("votes", {"seat": 0, "doubters": [3], "challenged": False})
    assert describe_event(event, SEATS, None) == ("David doute, pas assez pour contester : le "
                                                  "mot reste.")
    assert describe_event(Event("votes", {"seat": 0, "doubters": [], "challenged": False}),
                          SEATS, None) == "Personne ne doute."


def test_a_private_event_is_told_only_to_its_seat() -> None:
    event = Event("chose", {"card": "K"}, frozenset({1}))
    assert describe_event(event, SEATS, 1) == "Vous avez choisi K."
    assert describe_event(event, SEATS, 0) is None
    assert describe_event(event, SEATS, None) is None


def test_hints_list_every_place_with_a_word() -> None:
    state = make_state("FRONT/ELAS/MAISON/PL", hands=("TA", "ZE"))
    choose_all(state, "TZ")
    found = screens.hints(state, 0)
    assert "  2 d élastique" in found
    assert all(line.startswith("  ") for line in found)
