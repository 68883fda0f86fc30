"""Recomposition: moving dice already on the board (seed "Un joueur peut modifier, un ou
plusieurs mots ... en déplaçant seulement des lettres des mots déjà installés ou avec des
lettres d'apport qu'il possède ... additionné d'un bonus de 10 points")."""



from ludomots.games.volapuk.rules import Recompose
from ludomots.games.volapuk.scoring import Tile
from tests.games.refusals import refused

from .helpers import board_with, make_state, place


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


def test_an_elue_word_recomposed_whole_counts_1_a_letter() -> None:
    """Seed: "lorsqu'un mot déposé en lettre Élue est recomposé par un joueur (exemple :
    PORTE), les lettres comptées valent 1 point" (PARTI, a new word, counts 3 a letter)."""
    board = board_with(("H6", "E", "PORT"), ("D4", "E", "ET"))
    state = make_state(["XYZ", "AAA"], board=board, elue="P", adjacency="orthogonal")
    board_after, outcome = state.recomposed(0, Recompose((3, 3, 7, 9)))  # the E after PORT
    assert [(w.text, w.extension, w.base) for w in outcome.words] == [("PORTE", True, 5)]
    assert outcome.total == 5 + 10


def test_a_word_that_keeps_its_sense_does_not_count() -> None:
    """Seed: "modifier un ou plusieurs mots en leur donnant un sens nouveau correct" (option
    new_sense): the S of PORTS moved to ROI gives PORT and ROIS, the same words inflected."""
    board = board_with(("H6", "E", "PORTS"), ("D4", "E", "ROI"))
    state = make_state(["XYZ", "AAA"], board=board, elue="P", adjacency="orthogonal")
    shuttle = Recompose((7, 9, 3, 6))
    error = refused(state, 0, shuttle)
    assert (error.code, error.message) == (
        "same_sense", "Une recomposition doit donner un sens nouveau à un mot au moins : ces "
        "mots gardent le leur.")
    loose = make_state(["XYZ", "AAA"], board=board, elue="P", adjacency="orthogonal",
                       new_sense=False)
    _, outcome = loose.recomposed(0, shuttle)
    assert sorted((w.text, w.total) for w in outcome.words) == [("PORT", 12), ("ROIS", 4)]
    assert outcome.total == 12 + 4 + 10


def test_only_the_word_given_a_new_sense_counts() -> None:
    """PORTS gives its S to OU: PORT keeps its sense (not counted), SOU is a new word."""
    board = board_with(("H6", "E", "PORTS"), ("D4", "E", "OU"))
    state = make_state(["XYZ", "AAA"], board=board, elue="P", adjacency="orthogonal")
    _, outcome = state.recomposed(0, Recompose((7, 9, 3, 2)))
    assert [(w.text, w.total) for w in outcome.words] == [("SOU", 3)]
    assert outcome.total == 3 + 10


def test_dice_swapped_that_leave_every_word_as_it_reads_are_refused() -> None:
    """Two S of different colours swapped: no word changes, nothing to count."""
    board = board_with(("H6", "E", "PORTS"), ("D10", "E", "SI"))
    board[(3, 9)] = Tile("S", "rouge")
    state = make_state(["XYZ", "AAA"], board=board, elue="P", adjacency="orthogonal")
    error = refused(state, 0, Recompose((7, 9, 3, 9, 3, 9, 7, 9)))
    assert (error.code, error.message) == (
        "no_new_word", "Cette recomposition ne forme aucun mot nouveau.")


def test_a_word_restored_by_a_recomposition_scores_nothing() -> None:
    """Seed: recomposing is allowed "sans altérer les sens des autres mots, sinon en leur
    donnant un nouveau sens". The I of MAIS moved to PAR makes PARI and leaves MA: new
    senses, they count. Moved back, it gives MAIS and PAR back with the very dice they stood
    in: no new sense, refused (before, the I shuttled for 14 + 10 points every turn)."""
    board = board_with(("H6", "E", "MAIS"), ("D4", "E", "PAR"))
    state = make_state(["XYZ", "XYZ"], board=board, adjacency="orthogonal")
    out = Recompose((7, 7, 3, 6))
    _, outcome = state.recomposed(0, out)
    assert sorted((w.text, w.total) for w in outcome.words) == [("MA", 2), ("PARI", 4)]
    state.apply(0, out)
    back = Recompose((3, 6, 7, 7))
    error = refused(state, 1, back)
    assert error.code == "same_sense"
    loose = make_state(["XYZ", "XYZ"], board=board, adjacency="orthogonal", new_sense=False)
    loose.apply(0, out)
    _, outcome = loose.recomposed(1, back)
    assert sorted((w.text, w.total) for w in outcome.words) == [("MAIS", 4), ("PAR", 3)]



def test_a_die_laid_in_the_hole_of_a_word_restores_it_and_counts_nothing() -> None:
    """Seed A3: a collateral word counts when it is "nouveau"; recomposing gives words "un
    sens nouveau". The I of MAIS moved to PAR (PARI, MA); an I laid back in the hole gives
    MAIS again: the very word that stood there, with three of its dice: 0."""
    board = board_with(("H6", "E", "MAIS"), ("D4", "E", "PAR"))
    state = make_state(["XYZ", "IXY"], board=board, adjacency="orthogonal")
    state.apply(0, Recompose((7, 7, 3, 6)))
    outcome = state.outcome(1, place(state, "H8", "E", "I"))
    assert [(w.text, w.restored, w.total) for w in outcome.words] == [("MAIS", True, 0)]
    assert outcome.total == 0
    loose = make_state(["XYZ", "IXY"], board=board, adjacency="orthogonal", new_sense=False)
    loose.apply(0, Recompose((7, 7, 3, 6)))
    assert loose.outcome(1, place(loose, "H8", "E", "I")).total == 4


def test_a_diagonal_word_laid_again_in_its_hole_counts_nothing() -> None:
    """The same for a word a player wrote along a diagonal (the history keeps the words of
    all four orientations, whatever `adjacency` says of contacts): the O of PORT, down a
    diagonal, moved beside an N (NO); an O laid back in its hole gives PORT again: 0."""
    board = board_with(("D4", "SE", "PORT"), ("K3", "E", "N"))
    state = make_state(["XYZ", "OXY"], board=board)
    state.apply(0, Recompose((4, 4, 10, 3)))
    assert [w["text"] for w in state.played[-1]["words"]] == ["NO"]
    outcome = state.outcome(1, place(state, "E5", "SE", "O"))
    assert [(w.text, w.restored, w.total) for w in outcome.words] == [("PORT", True, 0)]
