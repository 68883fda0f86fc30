"""The `--seats` list shared by every `ludomots GAME play`: seats, names and English errors."""

import pytest

from ludomots.core.record import SeatInfo
from ludomots.core.seats import parse_seats, plain

from .gops import GAME, Gops


class NowhereGops(Gops):
    """Goofspiel whose bots cannot be imported: given levels must not need them."""

    bots_entry = "no.such.module:BOTS"


def test_plain_folds_case_accents_and_surrounding_blanks() -> None:
    assert plain("  Confirmé ") == "confirme"
    assert plain("DÉBUTANT") == "debutant"
    assert plain("Quitter") == "quitter"


def test_seats_are_named_by_seat_number_and_bot_level_title() -> None:
    assert parse_seats("moi, Expert,,débutant, MOI", GAME) == [
        SeatInfo("Joueur 1", "human"), SeatInfo("Expert 2", "bot", "expert"),
        SeatInfo("Débutant 3", "bot", "debutant"), SeatInfo("Joueur 4", "human")]


def test_given_levels_replace_the_bots_module() -> None:
    assert parse_seats("moi,champion", NowhereGops(), levels={"champion"}) == [
        SeatInfo("Joueur 1", "human"), SeatInfo("champion 2", "bot", "champion")]


def test_the_seat_count_must_fit_the_game_with_its_title_in_the_error() -> None:
    with pytest.raises(ValueError) as error:
        parse_seats("moi", GAME)
    assert str(error.value) == "Goofspiel is played by 2 to 4 players, got 1 seat(s)"
    with pytest.raises(ValueError) as error:
        parse_seats("moi,moi,moi,moi,moi", GAME)
    assert str(error.value) == "Goofspiel is played by 2 to 4 players, got 5 seat(s)"


def test_an_unknown_seat_names_the_human_word_and_the_known_levels() -> None:
    with pytest.raises(ValueError) as error:
        parse_seats("moi,champion,as", GAME)
    assert str(error.value) == ("unknown seat(s) champion, as: use 'moi' for a human or "
                                "a bot level (debutant, expert)")


def test_without_any_bot_level_the_error_says_so() -> None:
    with pytest.raises(ValueError) as error:
        parse_seats("moi,expert", GAME, levels=set())
    assert str(error.value) == ("unknown seat(s) expert: use 'moi' for a human or "
                                "a bot level (none available yet)")
