"""The expert's endgame search (seed, "FIN DU JEU": −5 a tile left; the bag empty and a player
out, or every player passed in a row, ends the game) agrees with a plain minimax."""

from __future__ import annotations

from ludomots.core.budget import Budget
from ludomots.core.rng import SeededRandom
from ludomots.games.topword import BOTS, GAME
from ludomots.games.topword.board import Board
from ludomots.games.topword.endgame import Endgame
from ludomots.games.topword.leaves import leave_after, leave_key
from ludomots.games.topword.movegen import quick_moves
from ludomots.games.topword.rules import Place, TopwordState
from ludomots.games.topword.scoring import Rules
from ludomots.lexicon.lexicon import get_lexicon

from .helpers import make_state

LEXICON = get_lexicon()


def minimax(board: Board, me: str, other: str, passes: int, rules: Rules) -> int:
    """What the player to move gains over the other from here to the end, by trying every
    line (no pruning, no table): the reference the search must match."""
    best: int | None = None
    for move in quick_moves(board, me, rules, LEXICON):
        rest = leave_after(me, move.letters)
        if not rest:
            value = move.score + 5 * len(other)  # out: the other loses 5 a tile
        else:
            for r, c, tile in move.tiles:
                board.stacks[r][c].append(tile)
            value = move.score - minimax(board, other, rest, 0, rules)
            for r, c, _ in move.tiles:
                board.stacks[r][c].pop()
        best = value if best is None else max(best, value)
    if passes + 1 >= 2:  # both passed: each loses 5 a tile
        value = 5 * (len(other) - len(me))
    else:
        value = -minimax(board, other, me, passes + 1, rules)
    return value if best is None else max(best, value)


def bag_emptied(seed: int) -> TopwordState:
    """A two-player game of greedy bots, stopped when the bag is empty."""
    state = GAME.new({"referee": "auto"}, 2, seed=seed)
    assert isinstance(state, TopwordState)
    greedy = BOTS["greedy"]()
    while state.bag and not state.is_over():
        state.apply(state.turn, greedy.choose(state, state.turn, SeededRandom(1)))
    assert not state.is_over()
    return state


def test_the_search_finds_the_minimax_value_of_small_endgames() -> None:
    for seed, size in ((0, 2), (1, 2), (2, 2), (3, 2), (4, 2), (5, 2), (0, 3), (2, 3)):
        state = bag_emptied(seed)
        me = leave_key(state.racks[state.turn][:size])
        other = leave_key(state.racks[1 - state.turn][:size])
        rules = state.options.rules
        expected = minimax(state.board.copy(), me, other, 0, rules)
        solver = Endgame(state.board, (me, other), rules, state.lexicon)
        solution = solver.solve(Budget(10**9).start())
        assert (solution.value, solution.exact) == (expected, True), (seed, me, other)


# A board from a greedy game (seed 11) once the bag was empty.
SEED11 = ("......P..[OEZ]/...DIE[EVJR]ES[HEUME]/......[MOE]..[DUXAB]/......[CBLUS]..[ITNR]/"
          "......[LOT]..[NGLA]/....P[SL][UEUIA][RQ][FE][AEAS]/......[KVTGI].A[TRIS]/"
          "....CH[ISIE][ON][DU][AEAE]/......N..[LN]/......T..[ET]")


def test_going_out_at_once_is_not_always_best() -> None:
    # F and O can go out together for 21 points, which costs the other 5 a tile (W, Y):
    # 21 + 10 = 31. Playing the F alone (17 points) and the O later is worth 35.
    board = Board.from_notation(SEED11)
    rules = Rules()
    moves = quick_moves(board, "FO", rules, LEXICON)
    out = max((m for m in moves if len(m.tiles) == 2), key=lambda m: m.score)
    assert out.score == 21
    solution = Endgame(board, ("FO", "WY"), rules, LEXICON).solve(Budget(10**9).start())
    assert solution.exact and solution.value == 35 == minimax(board, "FO", "WY", 0, rules)
    assert solution.move is not None and solution.move.tiles == ((5, 4, "F"),)
    assert solution.move.score == 17


def test_a_cut_search_says_it_is_not_exact_and_still_moves() -> None:
    state = bag_emptied(1)
    me, other = leave_key(state.racks[state.turn]), leave_key(state.racks[1 - state.turn])
    solution = Endgame(state.board, (me, other), state.options.rules,
                       state.lexicon).solve(
        Budget(work=3_000).start())
    assert solution.exact is False and solution.depth >= 1
    assert solution.move is not None
    action = Place(tuple(f"{'ABCDEFGHIJ'[r]}{c + 1}:{t}" for r, c, t in solution.move.tiles))
    assert state.check(state.turn, action) is None


def test_the_expert_searches_the_endgame_once_the_bag_is_empty() -> None:
    state = make_state(SEED11, racks=("FO", "WY"), bag="")
    action = BOTS["expert"]().choose(state, 0, SeededRandom(1))
    assert action == Place(("F5:F",))
