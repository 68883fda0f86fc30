"""The expert's (and the master's) decision: which of its moves to play (issue 21).

1. Every legal move, ranked by equity (score + learned leave value, `equity.py`).
2. The bag empty and one opponent: his rack is known, the endgame is searched exactly
   (`endgame.py`), passing included.
3. Otherwise the best ``candidates`` moves (those within ``margin`` points of the best) are
   simulated (`simulation.py`), the previous player's rack guessed by inference from his last
   word (`inference.py`).
4. No move: a pass, exchanging the tile whose loss leaves the best leave (none once the
   bag is empty).

Everything is spent from one budget (``core/budget.py``): work units, so that a seed gives the
same move everywhere, and seconds when the clock is on.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ludomots.core.budget import Budget, Deadline
from ludomots.core.game import Action
from ludomots.core.rng import SeededRandom
from ludomots.games.topword.board import cell_name
from ludomots.games.topword.endgame import Endgame
from ludomots.games.topword.equity import Equity
from ludomots.games.topword.inference import infer
from ludomots.games.topword.leaves import LeaveValues, leave_after, leave_key
from ludomots.games.topword.movegen import QuickMove, quick_moves, search_cost
from ludomots.games.topword.rules import Pass, Place
from ludomots.games.topword.seen import Seen
from ludomots.games.topword.simulation import Candidate, Simulation

_VALUES: list[LeaveValues] = []  # one memo of leave values per process, shared by the bots


def leave_values() -> LeaveValues:
    if not _VALUES:
        _VALUES.append(LeaveValues())
    return _VALUES[0]


@dataclass(frozen=True)
class SearchSettings:
    budget: Budget
    candidates: int = 10  # moves simulated, at most
    margin: float = 15.0  # ... and only those within this many points of the best equity
    plies: int = 2  # the candidate and the replies after it in a playout
    inference_samples: int = 30  # racks tried on the previous player's last word
    max_iterations: int = 400


def place(move: QuickMove) -> Place:
    return Place(tuple(f"{cell_name((r, c))}:{t}" for r, c, t in move.tiles))


@dataclass
class Search:
    seen: Seen
    settings: SearchSettings
    report: dict[str, Any] = field(default_factory=dict)  # what was searched, for analysis

    def decide(self, rng: SeededRandom) -> Action:
        seen = self.seen
        deadline = self.settings.budget.start()
        equity = Equity(leave_values())
        rack = leave_key(seen.rack)
        moves = quick_moves(seen.board, rack, seen.rules, seen.lexicon)
        deadline.spend(search_cost(len(moves)))
        if not moves:
            self.report = {"stage": "pass"}
            return self._pass(rack, equity)
        if seen.bag == 0 and seen.players == 2:
            return self._endgame(rack, deadline)
        others = sum(n for p, n in enumerate(seen.rack_sizes) if p != seen.seat)
        ranked = equity.ranked(moves, rack, seen.bag, others)
        top = ranked[0][0]
        candidates = [Candidate(m, value) for value, m in ranked[:self.settings.candidates]
                      if value >= top - self.settings.margin]
        if len(candidates) == 1:
            self.report = {"stage": "only move"}
            return place(candidates[0].move)
        belief = infer(seen, equity, self.settings.inference_samples, deadline,
                       rng.fork("inference"))
        simulation = Simulation(
            seen.board.copy(), rack, sorted(seen.unseen.elements()), seen.bag,
            [seen.rack_sizes[p] for p in seen.others()], seen.rules, seen.lexicon, equity,
            self.settings.plies, belief)
        best = simulation.run(candidates, deadline, rng.fork("simulation"),
                              self.settings.max_iterations)
        self.report = {"stage": "simulation", **simulation.stats,
                       "inference": belief is not None}
        return place(best.move)

    def _endgame(self, rack: str, deadline: Deadline) -> Action:
        opponent = leave_key(self.seen.unseen.elements())
        solver = Endgame(self.seen.board, (rack, opponent), self.seen.rules,
                         self.seen.lexicon, self.seen.passes_in_row)
        solution = solver.solve(deadline)
        self.report = {"stage": "endgame", "exact": solution.exact, "depth": solution.depth,
                       "nodes": solution.nodes, "value": solution.value}
        return Pass() if solution.move is None else place(solution.move)

    def _pass(self, rack: str, equity: Equity) -> Action:
        if not self.seen.bag:
            return Pass()
        worst = max(sorted(set(rack)), key=lambda t: equity.values(leave_after(rack, t)))
        return Pass(worst)
