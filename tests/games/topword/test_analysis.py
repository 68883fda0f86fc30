"""The post-game analysis shows the strongest engine's move (issue 21)."""

from __future__ import annotations

from ludomots.games.topword.analysis import ENGINE, analyse
from ludomots.games.topword.bots import Expert
from ludomots.games.topword.rules import Place

from .helpers import make_state
from .test_endgame import SEED11


def test_the_analysis_engine_is_the_expert_s_search_bounded_per_move() -> None:
    assert ENGINE.candidates == Expert.settings.candidates
    assert ENGINE.budget.work < Expert.settings.budget.work
    assert ENGINE.budget.seconds is not None and ENGINE.budget.seconds <= 0.5


def test_in_the_endgame_the_analysis_shows_the_searched_move_not_the_top_score() -> None:
    # Bag empty, F and O against W and Y: going out with both scores 21 (+10 from his tiles),
    # F alone 17 and the O later is worth 35 in all (test_endgame). The analysis of the
    # greedy word says so.
    state = make_state(SEED11, racks=("FO", "WY"), bag="")
    entry = analyse(state, 0, Place(("F5:F", "G5:O")))
    assert entry is not None
    assert entry["played"]["score"] == 21 and entry["score"] == 21  # the top score
    assert entry["expert"]["tiles"] == ["F5:F"] and entry["expert"]["score"] == 17
