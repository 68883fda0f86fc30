"""Recomposition: moving dice already on the board (seed "Un joueur peut modifier, un ou
plusieurs mots ... en déplaçant seulement des lettres des mots déjà installés ou avec des
lettres d'apport qu'il possède ... additionné d'un bonus de 10 points")."""



from ludomots.games.volapuk.rules import Recompose
from tests.games.refusals import refused

from .helpers import board_with, make_state


def test_port_becomes_parti_at_3_a_letter_plus_10() -> None:
    """Seed: "lorsqu'un mot déposé en lettre "Élue" est recomposé ... Si le mot devient
    (exemple : PARTI), il est compté 3 points par lettre"."""
    state = make_state(["AIXYZBC", "AAAAAAA"], board=board_with(("H6", "E", "PORT")),
                       elue="P", adjacency="orthogonal")
    # the O goes above the R (OR, down), A and I come from the rack: PARTI
    action = Recompose((7, 6, 6, 7), (0, 1), (7, 6, 7, 9))
    board, outcome = state.recomposed(0, action)
    assert sorted(w.text for w in outcome.words) == ["OR", "PARTI"]
    assert outcome.total == 15 + 2 + 10
    state.apply(0, action)
    assert state.points[0] == 27
    assert "".join(state.board[(7, c)].text for c in range(5, 10)) == "PARTI"
    assert len(state.racks[0]) == 7


def test_a_space_cell_cuts_a_word_in_two() -> None:
    """Seed 4b: "La case espace sert aussi à couper un mot pour en faire deux"."""
    state = make_state(["_XYZABC", "AAAAAAA"], board=board_with(("H4", "E", "HOTDOG")))
    action = Recompose((7, 6, 7, 7, 7, 7, 7, 8, 7, 8, 7, 9), (0,), (7, 6))
    board, outcome = state.recomposed(0, action)
    assert [w.text for w in outcome.words] == ["HOT DOG"]
    assert outcome.total == 6 + 3 + 10


def test_the_last_round_may_compose_with_the_board_s_letters_only() -> None:
    """Seed 11b: "ils sont invités à composer un ou plusieurs nouveaux mots avec les lettres
    déjà installées"."""
    state = make_state([[], ["A"]], board=board_with(("H6", "E", "ROT"), ("J6", "E", "A")),
                       adjacency="orthogonal")
    state.apply(0, Recompose((9, 5, 8, 5)))  # the A under the R: RA
    assert state.played[-1]["words"][0]["text"] == "RA"


def test_moved_dice_must_end_in_words_and_go_on_free_cells() -> None:
    state = make_state(["AIXYZBC", "AAAAAAA"], board=board_with(("H6", "E", "PORT")),
                       adjacency="orthogonal")
    assert refused(state, 0, Recompose(())).code == "no_move"
    assert refused(state, 0, Recompose((7, 6, 2, 2))).code == "not_a_word"
    assert refused(state, 0, Recompose((7, 6, 7, 7))).code == "occupied"
    assert refused(state, 0, Recompose((3, 3, 4, 4))).code == "bad_move"
    assert refused(state, 0, Recompose((7, 6, 6, 7), (0,), (7, 6, 7, 9))).code == "bad_move"


def test_seven_dice_laid_over_several_words_gain_20() -> None:
    """Seed 8: "S'il les dépose sur l'ensemble des mots installés sur le plateau son bonus sera
    de 20 points"."""
    state = make_state(["URSINEL", "AAAAAAA"], board=board_with(("H7", "E", "OS")), elue="Z",
                       adjacency="orthogonal")
    action = Recompose((7, 7, 10, 7), tuple(range(7)),
                       (7, 7, 7, 8, 7, 9, 7, 10, 7, 11, 10, 8, 10, 9))
    board, outcome = state.recomposed(0, action)
    assert sorted(w.text for w in outcome.words) == ["OURSIN", "SEL"]
    assert (outcome.volapuk, outcome.total) == (20, 6 + 3 + 10 + 20)
