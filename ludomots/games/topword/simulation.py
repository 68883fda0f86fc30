"""Monte Carlo simulation of the best candidate moves (issue 21), as Scrabble programs do.

Each iteration draws one guess of the hidden tiles: the others' racks (the previous player's
from the inference's belief, the rest uniformly from the unseen tiles) and the order of the
bag. Every candidate still in the race is then played out on that same guess (common random
numbers: the candidates' differences are measured on equal luck): the candidate, then
``plies - 1`` moves, each player in turn playing his best move by equity. A playout is worth
the points this bot scored minus the others' mean, plus the leave values each player kept last
(in the endgame, the tiles held are counted at ``ENDGAME_TILE``; a player going out ends the
game and the others lose 5 points a tile).

After ``MIN_ITERATIONS`` iterations, a candidate whose paired difference with the leader is
below zero at 95 % confidence (``Z95`` standard errors) leaves the race; the simulation stops
when one candidate is left or the work budget (or the clock) is spent, and the leader wins.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

from ludomots.core.budget import Deadline
from ludomots.core.rng import SeededRandom
from ludomots.games.topword.board import Board
from ludomots.games.topword.equity import END_PENALTY, ENDGAME_TILE, Equity
from ludomots.games.topword.inference import RackBelief
from ludomots.games.topword.leaves import leave_after, leave_key
from ludomots.games.topword.movegen import QuickMove, quick_moves, search_cost
from ludomots.games.topword.scoring import Rules
from ludomots.games.topword.tiles import RACK_SIZE
from ludomots.lexicon.lexicon import Lexicon

Z95 = 1.959963984540054
MIN_ITERATIONS = 6


@dataclass
class Candidate:
    move: QuickMove
    static: float  # its equity, the order before any simulation
    results: list[float] = field(default_factory=list)

    @property
    def mean(self) -> float:
        return sum(self.results) / len(self.results) if self.results else self.static


@dataclass(frozen=True)
class Guess:
    """One draw of the hidden tiles: the others' racks in playing order, then the bag."""

    racks: tuple[str, ...]
    bag: tuple[str, ...]


@dataclass
class Simulation:
    board: Board
    rack: str  # sorted
    unseen: Sequence[str]
    bag: int
    sizes: Sequence[int]  # the others' rack sizes, in playing order after this bot
    rules: Rules
    lexicon: Lexicon
    equity: Equity
    plies: int
    belief: RackBelief | None = None  # the previous player's (the last of ``sizes``)
    iterations: int = 0
    stats: dict[str, float] = field(default_factory=dict)

    def guess(self, rng: SeededRandom) -> Guess:
        pool = list(self.unseen)
        kept = ""
        if self.belief is not None:
            kept = self.belief.sample(rng)
            for tile in kept:
                pool.remove(tile)
        rng.shuffle(pool)
        racks = []
        for index, size in enumerate(self.sizes):
            if index == len(self.sizes) - 1 and self.belief is not None:
                need = size - len(kept)
                racks.append(leave_key([*kept, *pool[:need]]))
            else:
                need = size
                racks.append(leave_key(pool[:need]))
            pool = pool[need:]
        return Guess(tuple(racks), tuple(pool))

    def playout(self, move: QuickMove, guess: Guess, deadline: Deadline) -> float:
        """The worth of ``move`` on one guess (see the module docstring)."""
        players = len(self.sizes) + 1
        share = 1.0 / (players - 1)  # the others count by their mean
        board = self.board.stacks
        placed: list[tuple[int, int]] = []
        racks = [self.rack, *guess.racks]
        bag = guess.bag
        drawn = 0
        kept: list[str | None] = [None] * players  # each player's last leave
        value = 0.0
        mover = 0
        passes = 0
        current: QuickMove | None = move
        for ply in range(self.plies):
            rack = racks[mover]
            if ply:
                others = sum(len(r) for p, r in enumerate(racks) if p != mover)
                moves = quick_moves(self.board, rack, self.rules, self.lexicon)
                deadline.spend(search_cost(len(moves)))
                pick = self.equity.best(moves, rack, len(bag) - drawn, others)
                current = pick[1] if pick is not None else None
            sign = 1.0 if mover == 0 else -share
            if current is None:  # no move: a pass (no exchange in a playout)
                passes += 1
                if passes >= players and drawn >= len(bag):
                    value += self._penalties(racks, share)
                    break
            else:
                passes = 0
                for r, c, tile in current.tiles:
                    board[r][c].append(tile)
                    placed.append((r, c))
                value += sign * current.score
                leave = leave_after(rack, current.letters)
                need = min(RACK_SIZE - len(leave), len(bag) - drawn)
                kept[mover] = leave
                racks[mover] = leave_key([*leave, *bag[drawn:drawn + need]])
                drawn += need
                if not racks[mover] and drawn >= len(bag):  # out: the game ends
                    value += self._penalties(racks, share)
                    break
            mover = (mover + 1) % players
        else:
            empty = drawn >= len(bag)
            for p in range(players):
                sign = 1.0 if p == 0 else -share
                if empty:
                    value -= sign * ENDGAME_TILE * len(racks[p])
                elif kept[p] is not None:
                    value += sign * self.equity.values(kept[p] or "")
        for r, c in reversed(placed):
            board[r][c].pop()
        return value

    @staticmethod
    def _penalties(racks: Sequence[str], share: float) -> float:
        """The end of the game: every tile held costs its player 5 points."""
        return -END_PENALTY * len(racks[0]) + share * END_PENALTY * sum(
            len(r) for r in racks[1:])

    def run(self, candidates: list[Candidate], deadline: Deadline, rng: SeededRandom,
            max_iterations: int) -> Candidate:
        """The candidate the simulation prefers (see the module docstring)."""
        alive = list(candidates)
        while len(alive) > 1 and self.iterations < max_iterations and not deadline.over():
            guess = self.guess(rng)
            for candidate in alive:
                candidate.results.append(self.playout(candidate.move, guess, deadline))
            self.iterations += 1
            if self.iterations >= MIN_ITERATIONS:
                alive = self._survivors(alive)
        best = max(alive, key=lambda c: (c.mean, c.static))
        self.stats = {"iterations": self.iterations, "candidates": len(candidates),
                      "left": len(alive)}
        return best

    @staticmethod
    def _survivors(alive: list[Candidate]) -> list[Candidate]:
        leader = max(alive, key=lambda c: (c.mean, c.static))
        kept = []
        for candidate in alive:
            if candidate is leader:
                kept.append(candidate)
                continue
            diffs = [a - b for a, b in zip(leader.results, candidate.results, strict=True)]
            n = len(diffs)
            mean = sum(diffs) / n
            var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
            if mean <= Z95 * math.sqrt(var / n):
                kept.append(candidate)
        return kept
