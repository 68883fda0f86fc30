"""Inference (issue 21): the previous player's last word weighs the racks he may hold."""

from __future__ import annotations

import math
from collections import Counter

from ludomots.core.budget import Budget
from ludomots.core.rng import SeededRandom
from ludomots.games.topword import BOTS
from ludomots.games.topword.equity import Equity
from ludomots.games.topword.inference import FLOOR, TEMPERATURE, infer, likelihood
from ludomots.games.topword.leaves import LeaveValues, leave_after, leave_key
from ludomots.games.topword.movegen import quick_moves
from ludomots.games.topword.rules import Pass, Place
from ludomots.games.topword.scoring import Rules
from ludomots.games.topword.seen import Seen
from ludomots.lexicon.lexicon import get_lexicon

from .helpers import RATEAU, make_state

LEXICON = get_lexicon()


def greedy_opening(rack: str) -> tuple[Seen, str, Place]:
    """Seat 0 plays the greedy bot's word on RATEAU with ``rack``; seat 1's view after it,
    and the tiles seat 0 kept."""
    state = make_state(RATEAU, racks=(rack, "EEENRST"), bag="AEIOULNRST" * 3)
    action = BOTS["greedy"]().choose(state, 0, SeededRandom(1))
    assert isinstance(action, Place)
    state.apply(0, action)
    kept = leave_key(state.racks[0])
    return Seen.of(state, 1), kept, action


def test_a_word_that_was_the_top_score_with_a_leave_explains_it_fully() -> None:
    seen, kept, _ = greedy_opening("BEIRSTZ")
    equity = Equity(LeaveValues())
    entry = seen.last_play_before_me()
    assert entry is not None
    played = [seen.board.stacks[r][c][-1] for r, c in seen.cells_of(entry)]
    before = seen.board.copy()
    for r, c in seen.cells_of(entry):
        before.stacks[r][c].pop()
    rack = leave_key([*played, *kept])
    moves = quick_moves(before, rack, Rules(), LEXICON)
    assert likelihood(moves, rack, kept, entry["score"], seen.bag, equity) == 1.0


def test_a_rack_that_offered_a_much_better_word_is_unlikely() -> None:
    # 3E RIRE (8 points) from IRE + AELNST: that rack makes words of 20 points more, and
    # keeps as good a leave doing so: the weight falls to the floor. The top score itself
    # would have been fully explained.
    board = make_state(RATEAU).board
    equity = Equity(LeaveValues())
    rack = leave_key("IRE" + "LNSTEA")
    moves = quick_moves(board, rack, Rules(), LEXICON)
    top = max(m.score for m in moves)
    assert top - 8 >= 20
    assert likelihood(moves, rack, "AELNST", 8, 50, equity) == FLOOR
    assert likelihood(moves, rack, "AELNST", top, 50, equity) == 1.0
    assert FLOOR == 0.02 and math.exp(-20 / TEMPERATURE) < FLOOR


def test_the_belief_holds_leaves_of_the_right_size_from_the_unseen_tiles() -> None:
    seen, kept, action = greedy_opening("BEIRSTZ")
    belief = infer(seen, Equity(LeaveValues()), 40, Budget(10**6).start(), SeededRandom(2))
    assert belief is not None
    for leave in belief.leaves:
        assert len(leave) == 7 - len(action.tiles)
        assert not Counter(leave) - seen.unseen
    again = infer(seen, Equity(LeaveValues()), 40, Budget(10**6).start(), SeededRandom(2))
    assert again == belief
    drawn = Counter(belief.sample(SeededRandom(k)) for k in range(200))
    assert set(drawn) <= set(belief.leaves)


def test_a_pass_says_nothing() -> None:
    state = make_state(RATEAU, racks=("BEIRSTZ", "EEENRST"), bag="AEIOU" * 4)
    state.apply(0, Pass())
    seen = Seen.of(state, 1)
    assert infer(seen, Equity(LeaveValues()), 40, Budget(10**6).start(), SeededRandom(2)) is None
    assert leave_after("ABC", "B") == "AC"
