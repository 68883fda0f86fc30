"""Bot-versus-bot matches: how bot strength is measured rather than claimed.

Seat order rotates from one game to the next so that each bot plays each position equally
(first-player advantage cancels out), and after each full rotation the neighbours change (who
plays right after whom matters in games like Typo); shared wins count ``1/k`` to each of the
``k`` winners, and
win rates come with 95% Wilson intervals, which stay sensible near 0 and 1 and for few games.
With ``paired`` deals each deal is played from every seat (two players: twice, the seats
swapped), so the luck of the tiles or cards cancels out.
Everything derives from one match seed: the same call gives the same result (bots that think
on a budget must run with the clock off, ``core/budget.py``: ``ludomots sim`` does).
"""

from __future__ import annotations

import itertools
import math
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ludomots.core.bots import Bot, BotFactory
from ludomots.core.game import Game
from ludomots.core.record import Record, Recorder, SeatInfo
from ludomots.core.rng import SeededRandom

Z95 = 1.959963984540054
DEFAULT_MAX_STEPS = 100_000


def wilson_interval(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion; (0, 1) when there is no data."""
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def seat_labels(levels: list[str]) -> list[str]:
    """Level names, suffixed ``#2``, ``#3``... from their second occurrence on."""
    seen: dict[str, int] = {}
    labels = []
    for level in levels:
        seen[level] = seen.get(level, 0) + 1
        labels.append(level if seen[level] == 1 else f"{level}#{seen[level]}")
    return labels


@dataclass(frozen=True)
class WinRate:
    rate: float
    low: float
    high: float

    def to_json(self) -> dict[str, float]:
        return {"rate": self.rate, "low": self.low, "high": self.high}


@dataclass
class SimResult:
    game: str
    games: int
    seats: list[str]
    wins: dict[str, float]
    win_rates: dict[str, WinRate]
    mean_scores: dict[str, float]
    errors: int
    error_details: list[dict[str, Any]]
    seconds: float
    records: list[Record] = field(default_factory=list)

    @property
    def completed(self) -> int:
        return self.games - self.errors

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "games": self.games,
            "completed": self.completed,
            "seats": list(self.seats),
            "wins": dict(self.wins),
            "win_rates": {k: v.to_json() for k, v in self.win_rates.items()},
            "mean_scores": dict(self.mean_scores),
            "errors": self.errors,
            "error_details": list(self.error_details),
            "seconds": self.seconds,
        }


class _StepLimit(RuntimeError):
    pass


class GameFailed(Exception):
    """A game of ``play_game`` stopped by an error (``__cause__``) at action ``step``."""

    def __init__(self, step: int) -> None:
        super().__init__(f"the game failed at action {step}")
        self.step = step


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a match: independent streams, stable across versions."""
    return SeededRandom(seed).fork(f"game{index}").next64()


def seating(n: int, index: int) -> list[int]:
    """Which seat label sits at each position in game ``index``: the circular orders (seat 0
    first, the others permuted) in turn, each played in all ``n`` rotations."""
    circular = list(itertools.permutations(range(1, n)))
    base = (0, *circular[(index // n) % len(circular)])
    shift = index % n
    return list(base[shift:] + base[:shift])


@dataclass
class GameResult:
    """One finished game: scores and winners by position, the record if kept, and how long
    each decision took (``(position, level, cpu seconds, wall seconds)``) if timed."""

    scores: list[int]
    winners: list[int]
    actions: int
    record: Record | None = None
    decisions: list[tuple[int, str, float, float]] = field(default_factory=list)


def play_game(game: Game, bots: dict[str, BotFactory], levels: list[str], seed: int,
              options: Any = None, labels: list[str] | None = None,
              keep_record: bool = False, time_decisions: bool = False,
              max_steps: int = DEFAULT_MAX_STEPS) -> GameResult:
    """One game of the bot ``levels`` (by position) from ``seed``. Whatever the game or a
    bot raises (a step limit too) comes out as ``GameFailed`` from it, with its step."""
    n = len(levels)
    opts = game.coerce_options(options)
    names = labels or seat_labels(levels)
    recorder = Recorder.start(game, opts, seed, [
        SeatInfo(name=lab, kind="bot", level=lev) for lab, lev in zip(names, levels, strict=True)])
    state = recorder.state
    players: list[Bot] = [bots[level]() for level in levels]
    match_rng = SeededRandom(seed)
    rngs = [match_rng.fork(f"bot{p}") for p in range(n)]
    decisions: list[tuple[int, str, float, float]] = []
    step = 0
    try:
        while not state.is_over():
            to_act = state.to_act()
            if not to_act:
                raise RuntimeError("the game is not over but no seat is to act")
            seat = min(to_act)
            if time_decisions:
                cpu, wall = time.process_time(), time.perf_counter()
                action = players[seat].choose(state, seat, rngs[seat])
                decisions.append((seat, levels[seat], time.process_time() - cpu,
                                  time.perf_counter() - wall))
            else:
                action = players[seat].choose(state, seat, rngs[seat])
            if keep_record:
                recorder.play(seat, action)
            else:
                state.apply(seat, action)
            step += 1
            if step >= max_steps and not state.is_over():
                raise _StepLimit(f"no end after {max_steps} actions")
    except Exception as exc:
        raise GameFailed(step) from exc
    return GameResult(state.scores(), sorted(state.winners()), step,
                      recorder.record if keep_record else None, decisions)


def run_matches(
    game: Game,
    bots: dict[str, BotFactory],
    seats: list[str],
    games: int,
    seed: int,
    options: Any = None,
    on_progress: Callable[[int, int], None] | None = None,
    keep_records: bool = False,
    max_steps: int = DEFAULT_MAX_STEPS,
    paired: bool = False,
) -> SimResult:
    """Play ``games`` games between the bot levels in ``seats``; see the module docstring.

    Game ``i`` uses the seating ``seating(n, i)``: every rotation of one circular order, then
    the next circular order. ``paired``: the ``n`` rotations of one circular order share one
    deal (``game_seed(seed, i // n)``), so each deal is played from every seat, luck of the
    draw cancelling out (duplicate play). A game that raises anything
    (a rule bug, a bot bug, a bot proposing an illegal action) counts in ``errors`` with its
    message and step, and the run goes on; its partial scores are ignored.
    """
    n = len(seats)
    if not game.min_players <= n <= game.max_players:
        raise ValueError(f"{game.name} needs {game.min_players}-{game.max_players} seats, got {n}")
    unknown = [s for s in seats if s not in bots]
    if unknown:
        raise KeyError(f"unknown bot level(s) {unknown}; available: {sorted(bots)}")
    if games < 0:
        raise ValueError("games must be >= 0")
    opts = game.coerce_options(options)
    labels = seat_labels(seats)
    wins = dict.fromkeys(labels, 0.0)
    score_sums = dict.fromkeys(labels, 0.0)
    error_details: list[dict[str, Any]] = []
    records: list[Record] = []
    started = time.perf_counter()

    for index in range(games):
        seed_i = game_seed(seed, index // n if paired else index)
        order = seating(n, index)
        by_position = [labels[i] for i in order]
        levels = [seats[i] for i in order]
        try:
            result = play_game(game, bots, levels, seed_i, opts, by_position,
                               keep_record=keep_records, max_steps=max_steps)
        except GameFailed as failed:
            exc = failed.__cause__
            error_details.append({
                "game": index, "seed": seed_i, "step": failed.step, "seats": by_position,
                "error": f"{type(exc).__name__}: {exc}",
                "traceback": "".join(traceback.format_exception(exc, limit=-3)),
            })
        except Exception as exc:  # the game could not even start
            error_details.append({
                "game": index, "seed": seed_i, "step": 0, "seats": by_position,
                "error": f"{type(exc).__name__}: {exc}",
                "traceback": traceback.format_exc(limit=-3),
            })
        else:
            for p, label in enumerate(by_position):
                score_sums[label] += result.scores[p]
            for p in result.winners:
                wins[by_position[p]] += 1 / len(result.winners)
            if result.record is not None:
                records.append(result.record)
        if on_progress is not None:
            on_progress(index + 1, games)

    completed = games - len(error_details)
    return SimResult(
        game=game.name,
        games=games,
        seats=labels,
        wins=wins,
        win_rates={
            lab: WinRate(w / completed if completed else 0.0, *wilson_interval(w, completed))
            for lab, w in wins.items()
        },
        mean_scores={lab: s / completed if completed else 0.0 for lab, s in score_sums.items()},
        errors=len(error_details),
        error_details=error_details,
        seconds=time.perf_counter() - started,
        records=records,
    )
