"""Leave values learned by self-play (issue 21): the model, its fit, the shipped table."""

from __future__ import annotations

import re

import pytest

from ludomots.core.rng import SeededRandom
from ludomots.games.topword import leavefit
from ludomots.games.topword.leavefit import Position, fit, learn, self_play
from ludomots.games.topword.leaves import (
    LeaveModel,
    LeaveValues,
    features,
    learned,
    leave_after,
    leave_key,
)
from ludomots.lexicon.lexicon import get_lexicon

LEXICON = get_lexicon()


def test_a_leave_is_its_tiles_sorted_and_what_a_move_leaves_stays_sorted() -> None:
    assert leave_key("SEAQ") == "AEQS"
    assert leave_after("AEEQRS", "EQ") == "AERS"


def test_the_model_counts_copies_balance_and_the_qu_with_a_u() -> None:
    assert features("EEES") == {"E1": 1.0, "E2": 1.0, "E3": 1.0, "S1": 1.0, "vowels^2": 9.0,
                                "consonants^2": 1.0, "vowels*consonants": 3.0}
    assert features("QU") == {"Q1": 1.0, "U1": 1.0, "consonants^2": 1.0, "vowels^2": 1.0,
                              "vowels*consonants": 1.0, "Q+U": 1.0}
    assert features("") == {}


def test_a_leave_in_the_table_has_its_measured_value_others_the_model() -> None:
    model = LeaveModel(terms={"S1": 3.0, "E1": 1.0, "vowels^2": -0.5}, table={"ES": 5.25})
    assert model.value("ES") == 5.25
    assert model.value("E") == 0.5  # E1 + 1 vowel squared
    assert model.value("S") == 3.0
    assert LeaveModel.loads(model.dumps()) == LeaveModel(model.terms, model.table)


def test_the_fit_recovers_the_values_that_made_the_data() -> None:
    # Next-move scores made by a known rule: 20 with nothing kept, +3 for an S, -4 for a K,
    # -2 more for a second E. No noise, so the model terms come out (nearly) exact.
    truth = {"": 20, "S": 23, "K": 16, "E": 20, "EE": 18, "ES": 23, "EK": 16, "KS": 19,
             "EES": 21}
    positions = [Position(leave, score, None) for leave, score in truth.items()
                 for _ in range(50)]
    model = fit(positions, lambda leave: 0.0)
    for leave, score in truth.items():
        assert model.value(leave) == pytest.approx(score - 20, abs=0.05), leave


def test_the_target_adds_the_value_of_the_next_leave() -> None:
    # The same next score, but one leave always led to a next leave worth 4: it is worth 4.
    positions = [Position("A", 10, "Z") for _ in range(40)] + \
                [Position("B", 10, None) for _ in range(40)] + \
                [Position("", 10, None) for _ in range(40)]
    model = fit(positions, lambda leave: 4.0)
    assert model.value("A") - model.value("B") == pytest.approx(4.0, abs=0.05)


def test_self_play_and_learning_are_deterministic_for_a_seed() -> None:
    value = leavefit.heuristic_values()
    one = self_play(value, 150, SeededRandom(5), LEXICON)
    assert len(one) >= 150
    assert one == self_play(value, 150, SeededRandom(5), LEXICON)
    assert one != self_play(value, 150, SeededRandom(6), LEXICON)
    assert all(len(p.leave) <= 6 for p in one)
    first = learn(positions=200, generations=1, seed=3, lexicon=LEXICON).dumps()
    assert first == learn(positions=200, generations=1, seed=3, lexicon=LEXICON).dumps()


def test_the_shipped_values_were_fitted_on_100000_self_play_positions() -> None:
    model = learned()
    counts = [int(n) for line in model.header
              for n in re.findall(r"generation \d+ of \d+: (\d+) positions", line)]
    assert counts and counts[-1] >= 100_000
    assert len(model.table) >= 1_000
    values = LeaveValues(model)
    # What self-play found (asserted so that a refit that loses it is noticed): an S is worth
    # keeping, a lone Qu or a pair of the same awkward letter is not.
    assert values("S") > 2.0
    assert values("Q") < values("S") and values("VV") < values("V")
