"""Inference: what the previous player's last word says about the tiles he kept.

He played ``n`` tiles from a full rack, so he kept ``7 - n`` tiles, which are among the tiles
this bot cannot see. For candidate leaves drawn from those unseen tiles, his word is weighed
against the moves he could have made with that rack (on the board as it was): a leave with
which his word was among the best is likely, one with which he would have played much better
is not. The weight is ``exp(-gap / TEMPERATURE)``, ``gap`` the points his word lay below the
best move, judged both by score alone and by equity (whichever is smaller: opponents who play
the top score and opponents who keep good leaves are both explained), and never below
``FLOOR``: against a player whose words are far from the best with any rack (a beginner), the
belief stays close to uniform instead of trusting tiny differences. The candidate leaves
are sampled uniformly, so their weights are the likelihood of an importance sample: drawing a
leave in proportion to its weight samples his rack from the posterior.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from ludomots.core.budget import Deadline
from ludomots.core.rng import SeededRandom
from ludomots.games.topword.equity import Equity
from ludomots.games.topword.leaves import leave_key
from ludomots.games.topword.movegen import QuickMove, quick_moves, search_cost
from ludomots.games.topword.seen import Seen
from ludomots.games.topword.tiles import RACK_SIZE

TEMPERATURE = 3.0  # points
FLOOR = 0.02


@dataclass(frozen=True)
class RackBelief:
    """Leaves the previous player may have kept, with their weights (``sample`` draws one)."""

    leaves: tuple[str, ...]
    cumulative: tuple[float, ...]

    def sample(self, rng: SeededRandom) -> str:
        x = rng.random() * self.cumulative[-1]
        lo, hi = 0, len(self.cumulative) - 1
        while lo < hi:
            mid = (lo + hi) // 2
            if self.cumulative[mid] > x:
                hi = mid
            else:
                lo = mid + 1
        return self.leaves[lo]

    def weight_of(self, leave: str) -> float:
        """The normalised weight of one leave (for tests and reports)."""
        total = self.cumulative[-1]
        index = self.leaves.index(leave)
        below = self.cumulative[index - 1] if index else 0.0
        return (self.cumulative[index] - below) / total


def infer(seen: Seen, equity: Equity, samples: int, deadline: Deadline,
          rng: SeededRandom) -> RackBelief | None:
    """What the previous player kept, or None when his last action says nothing (a pass, a
    word taken back, all seven tiles played, a rack not full before the word)."""
    entry = seen.last_play_before_me()
    if entry is None or seen.bag == 0:
        return None
    cells = seen.cells_of(entry)
    played = [seen.board.stacks[r][c][-1] for r, c in cells]
    kept = RACK_SIZE - len(played)
    pool = sorted(seen.unseen.elements())
    if kept <= 0 or len(pool) < kept:
        return None
    before = seen.board.copy()
    for r, c in cells:
        before.stacks[r][c].pop()
    score = int(entry["score"])
    bag_then = seen.bag + len(played)
    explains: dict[str, float] = {}
    drawn: dict[str, int] = {}  # how often each leave came up: its prior
    for _ in range(samples):
        if deadline.over():
            break
        rng.shuffle(pool)
        leave = leave_key(pool[:kept])
        drawn[leave] = drawn.get(leave, 0) + 1
        if leave not in explains:
            rack = leave_key([*played, *leave])
            moves = quick_moves(before, rack, seen.rules, seen.lexicon)
            deadline.spend(search_cost(len(moves)))
            explains[leave] = likelihood(moves, rack, leave, score, bag_then, equity)
    leaves = tuple(sorted(explains))
    cumulative: list[float] = []
    total = 0.0
    for leave in leaves:
        total += explains[leave] * drawn[leave]
        cumulative.append(total)
    if total <= 0:
        return None
    return RackBelief(leaves, tuple(cumulative))


def likelihood(moves: Sequence[QuickMove], rack: str, leave: str, score: int, bag: int,
                equity: Equity) -> float:
    """How well the word scoring ``score`` explains itself with ``rack``."""
    if not moves:
        return 1.0
    top_score = max(m.score for m in moves)
    top_equity = max(equity.of(m, rack, bag) for m in moves)
    own_equity = score + equity.values(leave)
    gap = max(0.0, min(top_score - score, top_equity - own_equity))
    return max(FLOOR, math.exp(-gap / TEMPERATURE))
