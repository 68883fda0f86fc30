"""The expert's plan (issue 21): expected turns to finish, and the choices it makes."""

import pytest

from ludomots.core.rng import SeededRandom
from ludomots.games.vocabulon import board, planner
from ludomots.games.vocabulon.actions import ChangeSecret, ChooseSecret, Move, Pick
from ludomots.games.vocabulon.bots import BOTS, Expert, Seen, inferred_needs, plan_for
from ludomots.games.vocabulon.groups import GROUPS, missing, needs
from ludomots.games.vocabulon.planner import Plan, first_destinations, need_key, without
from ludomots.games.vocabulon.words import secret_candidates
from ludomots.lexicon.lexicon import get_lexicon

from .helpers import at_turn, position, started, thrown

cell = board.cell
FACES = (3, 4, 5, 6, 7, 8)


def sure_plan() -> Plan:
    """A plan for a player who answers every riddle."""
    return Plan(FACES, lambda group, face: 1.0)


def test_one_turn_is_enough_from_a_cell_where_every_face_reaches_the_card_or_a_vocabulon() -> None:
    # From E on the blue ring, M needed: 3 reaches the VOCABULON cell after F by the yellow
    # ring, 4 the red one (two hops), 5 the one after VWXYZ backwards, 6 the M, 7 a
    # VOCABULON cell after two hops, 8 the red M. No other blue cell but D and R does it.
    values = sure_plan().turns((("M", 1),))
    assert values[cell(0, 4)] == 1.0
    assert sorted(board.cell_code(c) for c in range(board.CELLS) if values[c] == 1.0) == \
        ["bD", "bE", "bR", "rD", "rE", "rR"]


def test_the_plan_satisfies_its_equation_at_every_cell() -> None:
    # V(x, N) = 1 + mean over the faces of the best landing among the cells the face reaches.
    plan = sure_plan()
    need = (("E", 1), ("TU", 1))
    values = plan.turns(need)
    for x in range(board.CELLS):
        total = sum(min(plan.landing(d, face, need) for d in board.paths(x, face, False))
                    for face in FACES)
        assert values[x] == pytest.approx(1 + total / len(FACES), abs=1e-3)
    assert plan.turns(())[cell(0, 0)] == 0.0
    assert without(need, "E") == (("TU", 1),)


def test_on_a_vocabulon_cell_the_plan_takes_the_card_hardest_to_reach_from_there() -> None:
    # PORTE holds P, O, R and needs E and T. From the blue VOCABULON cell after F the E is
    # two cells away, the TU nine: taking the T leaves 4/3 turns (the E), the E 5/3 (the T).
    plan = sure_plan()
    here = cell(0, 6)
    assert plan.turns((("E", 1),))[here] == pytest.approx(4 / 3, abs=1e-3)
    assert plan.turns((("TU", 1),))[here] == pytest.approx(5 / 3, abs=1e-3)
    assert plan.best_group(here, 4, (("E", 1), ("TU", 1)), GROUPS) == "TU"
    state = position("PORTE@bV1+1*:PQ,NO,R/MOINS@rA+1*/CLAIR@rB+1* vocabulon turn=1 die=4")
    assert Expert().choose(state, 0, SeededRandom(3)) == Pick("TU")


def test_with_no_useful_cell_the_expert_goes_where_the_next_throws_reach_most() -> None:
    # PORTE needs E and T; from the blue VOCABULON cell a 5 reaches B, NO, C, M, D and L,
    # none of them useful. The greedy bot takes the first (blue B); the expert the red L,
    # the cell that leaves the fewest turns (2.232 against 2.260 for B and the red D).
    state = started(("PORTE", "MOINS", "CLAIR"))
    state = at_turn(state, 0, positions=[cell(0, 6), cell(2, 1), cell(2, 2)],
                    held=[["PQ", "NO", "R"], [], []])
    state = thrown(state, 5)
    assert sorted(board.cell_code(c) for c in state.reachable()) == \
        ["bB", "bNO", "jC", "jM", "rD", "rL"]
    plan = sure_plan()
    need = (("E", 1), ("TU", 1))
    assert plan.turns(need)[cell(2, 9)] == pytest.approx(2.2323, abs=1e-3)
    assert plan.turns(need)[cell(0, 1)] == pytest.approx(2.2600, abs=1e-3)
    assert BOTS["greedy"]().choose(state, 0, SeededRandom(1)) == Move(cell(0, 1))
    assert Expert().choose(state, 0, SeededRandom(1)) == Move(cell(2, 9))


def test_between_two_needed_letters_the_expert_takes_the_one_that_leaves_the_easier_rest() -> None:
    # From D with a 6, the T (blue ring) and the E (yellow ring) are both needed: the greedy
    # bot takes the T; the expert the E, since from the yellow E the T is easier to reach
    # than the E from the T.
    state = started(("PORTE", "MOINS", "CLAIR"))
    state = at_turn(state, 0, positions=[cell(0, 3), cell(2, 1), cell(2, 2)],
                    held=[["PQ", "NO", "R"], [], []])
    state = thrown(state, 6)
    plan = sure_plan()
    assert plan.turns((("TU", 1),))[cell(1, 4)] < plan.turns((("E", 1),))[cell(0, 15)]
    assert BOTS["greedy"]().choose(state, 0, SeededRandom(1)) == Move(cell(0, 15))
    assert Expert().choose(state, 0, SeededRandom(1)) == Move(cell(1, 4))


def test_the_expert_writes_the_word_of_its_trials_quickest_to_complete() -> None:
    state = position("?@bA/?@bA secret")
    expert = Expert()
    plan = plan_for(FACES, "standard", expert.knowledge)
    for seed in range(3):
        action = expert.choose(state, 0, SeededRandom(seed))
        assert isinstance(action, ChooseSecret)
        # The same draw of trials: the well-known words of distinct groups, shuffled.
        candidates = [w for w in secret_candidates(get_lexicon(), 5)[: expert.word_pool]
                      if max(needs(w).values()) == 1]
        SeededRandom(seed).shuffle(candidates)
        trials = candidates[: expert.word_trials]
        costs = {w: plan.first_turns(need_key(needs(w))) for w in trials}
        assert action.word == min(trials, key=lambda w: costs[w])
    # The plan tells words apart: BANDE (letters near the start) against TUYAU.
    assert plan.first_turns(need_key(needs("BANDE"))) < 5.5 < 6.5 < \
        plan.first_turns(need_key(needs("TUYAU")))


def test_the_first_throw_goes_clockwise_in_the_plan() -> None:
    assert first_destinations(board.START, 3) == (cell(0, 3),)


def test_a_blocked_expert_changes_to_the_new_word_quickest_from_its_cell() -> None:
    # PORTE needs an E and none is left (the others hold the three): the expert weighs the
    # cheapest seven-letter words by the plan from where it stands.
    state = started(("PORTE", "MOINS", "CLAIR"))
    state = at_turn(state, 0, positions=[cell(0, 3), cell(2, 1), cell(2, 2)],
                    held=[["PQ", "NO", "R", "TU"], ["E", "E"], ["E"]])
    expert = Expert()
    action = expert.choose(state, 0, SeededRandom(1))
    assert isinstance(action, ChangeSecret)
    assert len(action.word) == 7
    seen = Seen.of(state, 0)
    ranked = expert.new_words(seen)[: expert.change_trials]
    plan = plan_for(FACES, "standard", expert.knowledge)
    here = cell(0, 3)
    mine = ["PQ", "NO", "R", "TU"]
    costs = {w: plan.turns(need_key(missing(w, mine)))[here] for _, w in ranked}
    assert action.word == min((w for _, w in ranked), key=lambda w: costs[w])


def test_an_opponent_s_needs_are_inferred_from_the_cards_he_holds() -> None:
    # A player holding A, B and R most likely still needs an E (ARBRE, SABRE, BARRE...),
    # and no longer needs a B.
    lexicon = get_lexicon()
    likely = inferred_needs(lexicon, 5, ("A", "B", "R"))
    assert max(likely, key=lambda g: likely[g]) == "E"
    assert likely["B"] < likely["E"] / 5
    anyone = inferred_needs(lexicon, 5, ())
    assert likely["E"] < anyone["E"]


def test_a_plan_forgets_beyond_its_bound_and_recomputes_the_same_values(
        monkeypatch: pytest.MonkeyPatch) -> None:
    need = (("E", 1), ("M", 1), ("TU", 1))
    whole = sure_plan().turns(need)
    monkeypatch.setattr(planner, "KEPT", 3)
    bounded = sure_plan()
    assert bounded.turns(need) == pytest.approx(whole, abs=1e-9)
    assert len(bounded.values) <= 3


def test_where_nothing_helps_it_the_expert_takes_the_last_card_a_rival_needs() -> None:
    # As above (PORTE needs E and T; a 5 from the blue VOCABULON cell reaches nothing useful),
    # but seat 1's public word BALCONS misses only its B, and seat 2 holds two of the three B
    # cards. The last B is worth 0.5 + 6/7 (seat 1 surely needs it, and holds 6 of his 7
    # letters) times half a turn: the expert stops on the blue B rather than the red L (about
    # 2.23 turns against 2.26); without blocking it goes to the L.
    state = position("PORTE@bV1+2*:PQ,NO,R/MOINS>BALCONS@rB+1*:A,L,C,NO,NO,S/CLAIR@rC+1*:B,B "
                     "move turn=5 current=0 first=0 die=5")
    assert sorted(board.cell_code(c) for c in state.reachable()) == \
        ["bB", "bNO", "jC", "jM", "rD", "rL"]
    expert = Expert()
    assert expert.threat(Seen.of(state, 0), "B") == pytest.approx(0.5 + 6 / 7)
    assert expert.choose(state, 0, SeededRandom(1)) == Move(cell(0, 1))
    unblocking = type("Unblocking", (Expert,), {"plan_blocking": 0.0})()
    assert unblocking.choose(state, 0, SeededRandom(1)) == Move(cell(2, 9))
