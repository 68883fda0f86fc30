"""The two-player endgame, searched exactly (issue 21).

Once the bag is empty the opponent's rack is known: it is every tile this bot cannot see. What
is left is a game of perfect information, solved by negamax with alpha-beta pruning, iterative
deepening and a transposition table. A position is valued by the points the player to move
will gain over the other from there to the end: a word's score; going out (seed, "FIN DU
JEU": the bag empty and a player without tiles) costs the other 5 points a tile he holds; two
passes in a row (or nobody able to play, which comes to the same) cost each player 5 points
a tile. Passing is always allowed (seed: "passer son tour pour des raisons stratégiques").

Each deepening that reaches the end of every line is exact, and the search stops there. A
depth whose lines were cut (valued at the horizon by ``HORIZON_TILE`` points a tile held) is
a best guess; when the budget runs out the last complete depth decides. Moves are tried best
first (going out, then by score, then the move that was best at the previous depth), which
is what makes alpha-beta prune.
"""

from __future__ import annotations

from dataclasses import dataclass

from ludomots.core.budget import Deadline
from ludomots.games.topword.board import Board
from ludomots.games.topword.leaves import leave_after
from ludomots.games.topword.movegen import QuickMove, quick_moves, search_cost
from ludomots.games.topword.scoring import Rules
from ludomots.lexicon.lexicon import Lexicon

END_PENALTY = 5
HORIZON_TILE = 2.5
MAX_DEPTH = 40  # every ply places a tile or passes, two passes end it: 14 tiles, 29 plies
EXACT, LOWER, UPPER = 0, 1, 2
INFINITY = 10_000.0
NODE_COST = 1  # work units of a position visited, besides generating its moves

Move = QuickMove | None  # None: a pass


class _OutOfBudget(Exception):
    pass


@dataclass(frozen=True)
class Solution:
    move: Move
    value: float  # points this bot gains over the opponent from here to the end
    exact: bool  # every line was searched to the end of the game
    depth: int  # plies of the last complete deepening
    nodes: int


@dataclass
class _Entry:
    depth: int
    value: float
    bound: int
    best: tuple[tuple[int, int, str], ...] | None  # the best move's tiles (None: pass)
    horizon: bool  # whether the value rests on a cut line


class Endgame:
    """The endgame of ``racks`` (this bot's first) on ``board``; ``passes``: passes in a row
    just before this bot's turn."""

    def __init__(self, board: Board, racks: tuple[str, str], rules: Rules, lexicon: Lexicon,
                 passes: int = 0) -> None:
        self.board = board.copy()
        self.racks = racks
        self.rules = rules
        self.lexicon = lexicon
        self.passes = passes
        self.table: dict[tuple[object, ...], _Entry] = {}
        self.moves: dict[tuple[object, ...], list[QuickMove]] = {}
        self.touched: dict[tuple[int, int], int] = {}
        self.nodes = 0
        self.cut = False  # the current deepening valued a line at its horizon
        self.deadline: Deadline | None = None

    def solve(self, deadline: Deadline) -> Solution:
        self.deadline = deadline
        best: Solution | None = None
        for depth in range(1, MAX_DEPTH + 1):
            self.cut = False
            try:
                value, move = self._root(depth)
            except _OutOfBudget:
                break
            best = Solution(move, value, not self.cut, depth, self.nodes)
            if not self.cut:
                break
        if best is None:  # not even one ply: the best score
            moves = self._moves(self.racks[0], charge=False)
            move = moves[0] if moves else None
            return Solution(move, float(move.score if move else 0), False, 0, self.nodes)
        return best

    # -- the search -------------------------------------------------------------------------

    def _key(self, me: str, other: str, passes: int) -> tuple[object, ...]:
        cells = tuple(sorted((cell, "".join(self.board.stacks[cell[0]][cell[1]]))
                             for cell, n in self.touched.items() if n))
        return cells, me, other, passes

    def _moves(self, rack: str, charge: bool = True) -> list[QuickMove]:
        key = self._key(rack, "", -1)
        found = self.moves.get(key)
        if found is None:
            found = quick_moves(self.board, rack, self.rules, self.lexicon)
            if charge:
                assert self.deadline is not None
                self.deadline.spend(search_cost(len(found)))
            found.sort(key=lambda m: (-(len(m.letters) == len(rack)), -m.score, m.tiles))
            self.moves[key] = found
        return found

    def _root(self, depth: int) -> tuple[float, Move]:
        value = self._negamax(self.racks[0], self.racks[1], self.passes, depth, -INFINITY,
                              INFINITY)
        entry = self.table[self._key(self.racks[0], self.racks[1], self.passes)]
        move = self._find(self._moves(self.racks[0]), entry.best)
        return value, move

    @staticmethod
    def _find(moves: list[QuickMove], tiles: tuple[tuple[int, int, str], ...] | None) -> Move:
        if tiles is None:
            return None
        return next(m for m in moves if m.tiles == tiles)

    def _place(self, move: QuickMove) -> None:
        for r, c, tile in move.tiles:
            self.board.stacks[r][c].append(tile)
            self.touched[(r, c)] = self.touched.get((r, c), 0) + 1

    def _unplace(self, move: QuickMove) -> None:
        for r, c, _ in reversed(move.tiles):
            self.board.stacks[r][c].pop()
            self.touched[(r, c)] -= 1

    def _negamax(self, me: str, other: str, passes: int, depth: int, alpha: float,
                 beta: float) -> float:
        self.nodes += 1
        assert self.deadline is not None
        if self.deadline.over():
            raise _OutOfBudget
        self.deadline.spend(NODE_COST)
        key = self._key(me, other, passes)
        entry = self.table.get(key)
        first: tuple[tuple[int, int, str], ...] | None = None
        if entry is not None:
            first = entry.best
            deep_enough = entry.depth >= depth or not entry.horizon
            if deep_enough and (entry.bound == EXACT
                                or (entry.bound == LOWER and entry.value >= beta)
                                or (entry.bound == UPPER and entry.value <= alpha)):
                self.cut = self.cut or entry.horizon
                return entry.value
        if depth == 0:
            self.cut = True
            value = HORIZON_TILE * (len(other) - len(me))
            self.table[key] = _Entry(0, value, EXACT, None, True)
            return value
        moves = self._moves(me)
        ordered: list[Move] = list(moves)
        if first is not None:
            pick = self._find(moves, first)
            ordered.remove(pick)
            ordered.insert(0, pick)
        ordered.append(None)
        if entry is not None and entry.best is None and entry.depth > 0:
            ordered.remove(None)
            ordered.insert(0, None)
        start_alpha = alpha
        best_value = -INFINITY
        best_move: Move = None
        cut_before = self.cut
        self.cut = False
        for move in ordered:
            if move is None:
                if passes + 1 >= 2:
                    value = END_PENALTY * (len(other) - len(me))
                else:
                    value = -self._negamax(other, me, passes + 1, depth - 1, -beta, -alpha)
            else:
                rest = leave_after(me, move.letters)
                if not rest:
                    value = move.score + END_PENALTY * len(other)
                else:
                    self._place(move)
                    try:  # the window moves by the score: value = score - reply
                        value = move.score - self._negamax(other, rest, 0, depth - 1,
                                                           move.score - beta,
                                                           move.score - alpha)
                    finally:
                        self._unplace(move)
            if value > best_value:
                best_value, best_move = value, move
            alpha = max(alpha, value)
            if alpha >= beta:
                break
        horizon = self.cut
        self.cut = cut_before or horizon
        bound = UPPER if best_value <= start_alpha else LOWER if best_value >= beta else EXACT
        self.table[key] = _Entry(depth, best_value, bound,
                                 best_move.tiles if best_move is not None else None, horizon)
        return best_value
