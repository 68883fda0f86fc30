"""Learning the leave values of ``data/leaves.tsv`` by self-play (issue 21).

Run ``make topword-leaves`` (or ``python -m ludomots.games.topword.leavefit``, ``--help`` for
the sizes); the same arguments give the same file, byte for byte.

1. **Self-play.** Two-player games where each move maximises score + leave value (the values
   of the previous generation; the first generation starts from the bots' old hand-written
   letter values), with some exploration: now and then a move drawn among the few best, so
   that less obvious leaves are seen too. Games stop when the bag is empty: the endgame is
   searched, not valued by leaves.
2. **Positions.** Each move after which the mover refills to seven tiles, with enough tiles
   left that his next turn comes before the endgame, is a position: the leave it kept, and
   what came of it, the score of the mover's next move plus the value of the leave that move
   kept (zero if that move could not refill).
3. **Fit.** Values relative to an empty leave: a weighted least-squares fit of the additive
   model of ``leaves.features`` (intercept = the empty leave), then each leave seen at least
   ``MIN_SEEN`` times gets its own mean, shrunk towards the model by how often it was seen
   (empirical Bayes). The target contains the value of the next leave, so the fit is repeated
   with the new values until they settle (fitted value iteration, ``ROUNDS``).
4. Each generation plays with the values of the one before; the last fit is written.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ludomots.core.rng import SeededRandom
from ludomots.games.topword.board import Board
from ludomots.games.topword.leaves import (
    INTERCEPT,
    LEAVES_FILE,
    LeaveModel,
    features,
    leave_after,
    leave_key,
)
from ludomots.games.topword.movegen import QuickMove, quick_moves
from ludomots.games.topword.scoring import Rules
from ludomots.games.topword.tiles import RACK_SIZE, full_bag
from ludomots.lexicon.lexicon import Lexicon

EXPLORE = 0.2  # chance of a move drawn among the best few instead of the best
EXPLORE_AMONG = 6
MIN_SEEN = 8  # a leave seen fewer times gets the model's value
ROUNDS = 6  # fits per generation (value iteration on the stored positions)
RIDGE = 1.0  # a little regularisation, for letters rarely kept (Qu, K, W...)
PLAYERS = 2

LeaveFunction = Callable[[str], float]


@dataclass(frozen=True)
class Position:
    leave: str  # what the mover kept, sorted
    next_score: int  # the score of his next move (0: he passed)
    next_leave: str | None  # the leave of that move if he refilled to seven after it


def heuristic_values() -> LeaveFunction:
    """The first generation's values: the old hand-written letter table of the bots."""
    from ludomots.games.topword.bots import leave_value

    return leave_value


def _ranked(moves: list[QuickMove], rack: str, value: LeaveFunction) -> list[QuickMove]:
    scored = [(m.score + value(leave_after(rack, m.letters)), m.tiles, m) for m in moves]
    scored.sort(key=lambda item: (-item[0], item[1]))
    return [m for _, _, m in scored]


def self_play(value: LeaveFunction, positions: int, rng: SeededRandom, lexicon: Lexicon,
              rules: Rules | None = None,
              progress: Callable[[int], None] | None = None) -> list[Position]:
    """At least ``positions`` positions from as many self-play games as needed, with the
    words of ``lexicon``."""
    rules = rules or Rules()
    found: list[Position] = []
    while len(found) < positions:
        found += _one_game(value, rng.fork(f"game{len(found)}"), rules, lexicon)
        if progress is not None:
            progress(len(found))
    return found


def _one_game(value: LeaveFunction, rng: SeededRandom, rules: Rules,
              lexicon: Lexicon) -> list[Position]:
    bag = full_bag()
    rng.shuffle(bag)
    racks = [[bag.pop() for _ in range(RACK_SIZE)] for _ in range(PLAYERS)]
    board = Board()
    waiting: list[str | None] = [None] * PLAYERS  # the leave of each player's open position
    found: list[Position] = []
    turn = 0
    passes = 0
    while bag and passes < 2 * PLAYERS:
        rack = leave_key(racks[turn])
        moves = quick_moves(board, rack, rules, lexicon)
        if not moves:
            passes += 1
            worst = max(set(rack), key=lambda t: (value(leave_after(rack, t)), t))
            if waiting[turn] is not None:
                found.append(Position(waiting[turn] or "", 0, None))
                waiting[turn] = None
            racks[turn].remove(worst)
            racks[turn].append(bag.pop())
            bag.insert(rng.randbelow(len(bag) + 1), worst)
            turn = (turn + 1) % PLAYERS
            continue
        passes = 0
        ranked = _ranked(moves, rack, value)
        move = (rng.choice(ranked[:EXPLORE_AMONG]) if rng.random() < EXPLORE else ranked[0])
        leave = leave_after(rack, move.letters)
        refills = len(bag) >= RACK_SIZE - len(leave)
        if waiting[turn] is not None:
            found.append(Position(waiting[turn] or "", move.score, leave if refills else None))
            waiting[turn] = None
        for r, c, letter in move.tiles:
            board.stacks[r][c].append(letter)
            racks[turn].remove(letter)
        while len(racks[turn]) < RACK_SIZE and bag:
            racks[turn].append(bag.pop())
        if refills and len(bag) >= 2 * RACK_SIZE:  # his next turn comes before the endgame
            waiting[turn] = leave
        turn = (turn + 1) % PLAYERS
    return found


# -- the fit ----------------------------------------------------------------------------------

def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """``x`` with ``matrix x = vector``: Gaussian elimination with partial pivoting (for the
    small, well-posed normal equations of a ridge fit)."""
    n = len(vector)
    a = [row[:] + [vector[i]] for i, row in enumerate(matrix)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        p = a[col][col]
        if abs(p) < 1e-12:
            continue
        for r in range(col + 1, n):
            f = a[r][col] / p
            if f:
                row, top = a[r], a[col]
                for c in range(col, n + 1):
                    row[c] -= f * top[c]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        p = a[r][r]
        x[r] = 0.0 if abs(p) < 1e-12 else \
            (a[r][n] - sum(a[r][c] * x[c] for c in range(r + 1, n))) / p
    return x


def ridge(rows: Sequence[tuple[dict[str, float], float, float]], penalty: float,
          free: str) -> dict[str, float]:
    """Ridge least squares by the normal equations: each row is (features, weight, the sum of
    its targets), a row of weight n standing for n samples with those features (``free`` is
    not penalised: the intercept)."""
    names = sorted({name for row, _, _ in rows for name in row})
    index = {name: i for i, name in enumerate(names)}
    size = len(names)
    xtx = [[0.0] * size for _ in range(size)]
    xty = [0.0] * size
    for features_of_row, n, total in rows:
        items = [(index[name], x) for name, x in features_of_row.items()]
        for i, xi in items:
            xty[i] += total * xi
            row = xtx[i]
            for j, xj in items:
                row[j] += n * xi * xj
    for name, i in index.items():
        if name != free:
            xtx[i][i] += penalty
    return dict(zip(names, _solve(xtx, xty), strict=True))


def fit(positions: Sequence[Position], next_value: LeaveFunction,
        header: Sequence[str] = ()) -> LeaveModel:
    """Leave values from ``positions``, the next leaves valued by ``next_value``."""
    stats: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0, 0.0])  # n, sum, sum sq
    for p in positions:
        y = p.next_score + (next_value(p.next_leave) if p.next_leave is not None else 0.0)
        s = stats[p.leave]
        s[0] += 1
        s[1] += y
        s[2] += y * y
    leaves = sorted(stats)
    coef = ridge([({INTERCEPT: 1.0, **features(leave)}, stats[leave][0], stats[leave][1])
                  for leave in leaves], RIDGE, INTERCEPT)
    terms = {name: c for name, c in coef.items() if name != INTERCEPT}
    model = LeaveModel(terms=terms, header=list(header))

    # Empirical Bayes: the spread of the true leave means around the model (tau^2), from the
    # spread of the observed means beyond what the noise within a leave (sigma^2) explains.
    within = sum(s[2] - s[1] * s[1] / s[0] for s in stats.values())
    dof = sum(s[0] - 1 for s in stats.values())
    sigma2 = within / dof if dof > 0 else 0.0
    frequent = [leave for leave in leaves if stats[leave][0] >= MIN_SEEN]
    spread = 0.0
    for leave in frequent:
        n, total, _ = stats[leave]
        residual = total / n - (coef[INTERCEPT] + model.model_value(leave))
        spread += residual * residual - sigma2 / n
    tau2 = max(spread / len(frequent), 1e-6) if frequent else 1e-6
    for leave in frequent:
        n, total, _ = stats[leave]
        predicted = model.model_value(leave)
        residual = total / n - coef[INTERCEPT] - predicted
        model.table[leave] = predicted + residual * n / (n + sigma2 / tau2)
    model.header += [f"empty leave: {coef[INTERCEPT]:.2f} points on the next move, "
                     f"noise sd {math.sqrt(sigma2):.1f}, leave spread sd {math.sqrt(tau2):.2f}, "
                     f"{len(frequent)} leaves seen {MIN_SEEN}+ times"]
    return model


def fit_settled(positions: Sequence[Position], start: LeaveFunction,
                header: Sequence[str] = ()) -> LeaveModel:
    """``fit`` repeated ``ROUNDS`` times, each valuing the next leaves by the last fit."""
    value = start
    model = LeaveModel()
    for _ in range(ROUNDS):
        model = fit(positions, value, header)
        value = model.value
    return model


def learn(positions: int, generations: int, seed: int, lexicon: Lexicon,
          log: Callable[[str], None] = lambda _: None,
          save: Callable[[LeaveModel], None] = lambda _: None) -> LeaveModel:
    """The whole procedure of the module docstring; deterministic for its arguments.
    ``save`` receives each generation's values (the last one is the result)."""
    value = heuristic_values()
    model = LeaveModel()
    rng = SeededRandom(seed)
    for generation in range(1, generations + 1):
        started = time.perf_counter()
        found = self_play(value, positions, rng.fork(f"generation{generation}"), lexicon)
        played = time.perf_counter() - started
        header = [
            "Topword leave values (points against an empty leave), learned by self-play:",
            f"python -m ludomots.games.topword.leavefit --positions {positions} "
            f"--generations {generations} --seed {seed}",
            f"generation {generation} of {generations}: {len(found)} positions",
        ]
        model = fit_settled(found, value, header)
        value = model.value
        save(model)
        log(f"generation {generation}: {len(found)} positions, self-play {played:.0f} s, "
            f"fit {time.perf_counter() - started - played:.0f} s")
    return model


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=100_000,
                        help="self-play positions per generation (default 100000)")
    parser.add_argument("--generations", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", default=str(LEAVES_FILE))
    args = parser.parse_args(argv)
    started = time.perf_counter()

    def save(model: LeaveModel) -> None:  # each generation, so a long run shows progress
        with open(args.out, "w", encoding="utf-8") as out:
            out.write(model.dumps())

    model = learn(args.positions, args.generations, args.seed, Lexicon(),
                  log=lambda line: print(line, file=sys.stderr, flush=True), save=save)
    print(f"{args.out}: {len(model.terms)} terms, {len(model.table)} leaves "
          f"({time.perf_counter() - started:.0f} s)", file=sys.stderr)


if __name__ == "__main__":
    main()
