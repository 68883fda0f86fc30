"""The lexicon comes from the state (issue 18, part 3): a game refereed with another word list
decides by that list, not by the shared one, and its clones and saves keep it."""

from collections.abc import Callable

from ludomots.games.volapuk.rules import GAME, VolapukState
from ludomots.lexicon.fold import fold
from ludomots.lexicon.lexicon import Lexicon, get_lexicon
from ludomots.lexicon.policy import Policy
from tests.games.refusals import refused

from .helpers import board_with, make_state, place


class Amended(Lexicon):
    """The shipped word list, but `refused` is no word and `accepted` is one."""

    def __init__(self, refused: str = "", accepted: str = "") -> None:
        super().__init__()
        self.refused, self.accepted = fold(refused), fold(accepted)

    def checker(self, policy: Policy | str = "standard") -> Callable[[str], bool]:
        check = super().checker(policy)
        return lambda word: fold(word) != self.refused and (
            fold(word) == self.accepted or check(word))


def test_a_word_the_shipped_lexicon_accepts_is_refused_by_a_list_without_it() -> None:
    state = make_state(["PORTXYZ", "AAAAAAA"])
    assert state.check(0, place(state, "H6", "E", "PORT")) is None  # the shipped list
    state = make_state(["PORTXYZ", "AAAAAAA"]).referee_with(Amended(refused="PORT"))
    before = state.to_json()
    error = refused(state, 0, place(state, "H6", "E", "PORT"))
    assert error.code == "unknown_word" and error.details == {"word": "PORT"}
    assert state.to_json() == before
    assert get_lexicon().accepts("PORT", "proper-signed")  # the shared lexicon is untouched


def test_a_word_only_the_given_list_holds_is_laid_and_scored() -> None:
    """ZORT is no French word; with a list that holds it, it is laid like any word."""
    lexicon = Amended(accepted="ZORT")
    state = make_state(["ZORTXYA", "AAAAAAA"], board=board_with(("H7", "E", "O"))
                       ).referee_with(lexicon)
    assert refused(make_state(["ZORTXYA", "AAAAAAA"], board=board_with(("H7", "E", "O"))),
                   0, place(state, "H6", "E", "ZRT")).code == "unknown_word"
    state.apply(0, place(state, "H6", "E", "ZRT"))
    assert state.played[-1]["words"][0]["text"] == "ZORT"
    assert state.points[0] == 4


def test_clones_and_saved_states_are_refereed_with_the_list_given() -> None:
    lexicon = Amended(refused="PORT")
    state = GAME.new(None, 2, 5, lexicon=lexicon)
    assert state.lexicon is lexicon and state.clone().lexicon is lexicon
    assert VolapukState.from_json(state.to_json(), lexicon=lexicon).lexicon is lexicon
    assert "lexicon" not in state.to_json()
