"""The seed's worked example (EXEMPLE), its picture lost and reconstructed from the text.

Four players: Ruud (seat 0, holding the dictionary), Michael, Zinedine and David. The rows are
RONT, ELA, MAISON and PL. Ruud plays F, Michael S, Zinedine T and David V. F is first in
alphabetical order: Ruud makes FRONT and says "frontière"; Michael makes ELAS and Zinedine
ELAST, both saying "élastique"; nothing begins with V added to either end of any row, so David
discards the longest row, MAISON (6 cards), starts a new row with his V and loses 6 points.
"""

import pytest

from ludomots.games.typo.rows import SIDES, placed
from ludomots.games.typo.rules import Fail, Place
from ludomots.lexicon.lexicon import get_lexicon

from .helpers import choose_all, make_state, vote_all

RUUD, MICHAEL, ZINEDINE, DAVID = range(4)


@pytest.mark.parametrize("referee", ["challenge", "auto"])
def test_seed_example_frontiere_elastique_twice_and_the_v_that_fits_nowhere(
        referee: str) -> None:
    state = make_state(hands=("FAE", "SIE", "TOE", "VUE"), holder=RUUD, referee=referee)
    events = choose_all(state, "FSTV")
    reveal = next(e for e in events if e.type == "reveal")
    assert reveal.data["order"] == [RUUD, MICHAEL, ZINEDINE, DAVID]

    for seat, row, word, after in [(RUUD, 0, "frontière", "FRONT"),
                                   (MICHAEL, 1, "élastique", "ELAS"),
                                   (ZINEDINE, 1, "élastique", "ELAST")]:
        assert state.to_act() == {seat}
        side = "left" if seat == RUUD else "right"
        state.apply(seat, Place(row, side, word))
        if referee == "challenge":
            vote_all(state)
        assert state.rows[row] == after

    assert state.rows == ["FRONT", "ELAST", "MAISON", "PL"]
    lexicon = get_lexicon()
    assert not any(lexicon.has_prefix(placed(row, "V", side), "standard")
                   for row in state.rows for side in SIDES), "V must fit no row"
    assert state.to_act() == {DAVID}
    events = state.apply(DAVID, Fail(2))
    assert state.rows == ["FRONT", "ELAST", "V", "PL"]
    assert state.lost == [0, 0, 0, 6]
    assert state.scores() == [0, 0, 0, -6]
    assert state.holder == DAVID
    assert [e.type for e in events] == ["fail", "round"]


def test_seed_example_ruud_cannot_read_front_backwards() -> None:
    # "on doit toujours lire dans le sens usuel": F at the right of RONT makes RONTF, and a word
    # read backwards (TNORF...) is no announcement at all.
    state = make_state(hands=("FAE", "SIE", "TOE", "VUE"))
    choose_all(state, "FSTV")
    from tests.games.refusals import error_of

    assert error_of(state, RUUD, Place(0, "right", "frontière")) == "word_not_matching_row"
    assert error_of(state, RUUD, Place(0, "left", "tnorf")) == "word_not_matching_row"
