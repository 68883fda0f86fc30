"""The expert's simulation (issue 21): what a playout is worth, and when a candidate is out."""

from __future__ import annotations

import pytest

from ludomots.core.budget import Budget
from ludomots.core.rng import SeededRandom
from ludomots.games.topword.board import Board
from ludomots.games.topword.equity import Equity
from ludomots.games.topword.leaves import LeaveValues, leave_after, leave_key
from ludomots.games.topword.movegen import quick_moves
from ludomots.games.topword.scoring import Rules
from ludomots.games.topword.simulation import Candidate, Guess, Simulation
from ludomots.lexicon.lexicon import get_lexicon

from .helpers import RATEAU

LEXICON = get_lexicon()


def simulation(rack: str, unseen: str, bag: int, plies: int = 2) -> Simulation:
    values = LeaveValues()
    return Simulation(Board.from_notation(RATEAU), leave_key(rack), sorted(unseen), bag,
                      [7], Rules(), LEXICON, Equity(values), plies)


def test_two_plies_are_my_word_and_leave_against_his_best_reply_and_leave() -> None:
    bag = "OUUIAEBCDLMNOPAEIUVS"
    sim = simulation("AEIRSTL", "EENORST" + bag, bag=len(bag))
    guess = Guess(("EENORST",), tuple(bag))
    move = max(quick_moves(sim.board, sim.rack, sim.rules, sim.lexicon),
               key=lambda m: (m.score, m.tiles))
    before = sim.board.to_notation()
    value = sim.playout(move, guess, Budget(10**6).start())
    assert sim.board.to_notation() == before  # the playout undid its moves
    board = sim.board.copy()
    for r, c, tile in move.tiles:
        board.stacks[r][c].append(tile)
    # his reply: the best by equity, after I drew from the bag
    mine = leave_after(sim.rack, move.letters)
    left = len(bag) - (7 - len(mine))
    replies = quick_moves(board, "EENORST", sim.rules, sim.lexicon)
    reply = sim.equity.best(replies, "EENORST", left, 7)
    assert reply is not None
    his = leave_after("EENORST", reply[1].letters)
    values = sim.equity.values
    assert value == pytest.approx(move.score + values(mine) - reply[1].score - values(his))


def test_going_out_with_the_bag_empty_ends_the_playout_with_the_others_penalty() -> None:
    sim = simulation("ES", "KWZ", bag=0)
    guess = Guess(("KWZ",), ())
    out = [m for m in quick_moves(sim.board, "ES", sim.rules, sim.lexicon) if len(m.tiles) == 2]
    assert out
    assert sim.playout(out[0], guess, Budget(10**6).start()) == out[0].score + 5 * 3


def test_a_candidate_clearly_behind_the_leader_leaves_the_race() -> None:
    moves = quick_moves(Board.from_notation(RATEAU), "AEIRSTL", Rules(), LEXICON)[:3]
    leader = Candidate(moves[0], 0.0, [10.0, 12.0, 11.0, 9.0, 10.0, 13.0])
    behind = Candidate(moves[1], 0.0, [1.0, 0.0, 2.0, 1.0, 0.0, 1.0])
    close = Candidate(moves[2], 0.0, [11.0, 9.0, 12.0, 8.0, 11.0, 12.0])
    kept = Simulation._survivors([leader, behind, close])
    assert kept == [leader, close]


def test_the_simulation_is_deterministic_for_a_seed() -> None:
    def pick(seed: int) -> tuple[tuple[int, int, str], ...]:
        sim = simulation("AEIRSTL", "EEENRSTOOUUIABCDLMN", bag=12)
        found = quick_moves(sim.board, sim.rack, sim.rules, sim.lexicon)
        moves = sim.equity.ranked(found, sim.rack, 12)
        candidates = [Candidate(m, v) for v, m in moves[:6]]
        return sim.run(candidates, Budget(3_000).start(), SeededRandom(seed), 50).move.tiles

    assert pick(4) == pick(4)
