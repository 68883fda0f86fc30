"""What the bot benchmarks share: percentiles, and the positions of seeded bot games.

Imported as ``from botkit import ...`` (the benchmarks run as scripts from this folder).
"""

from __future__ import annotations

from typing import Any

from ludomots.core.game import Game, State
from ludomots.core.rng import SeededRandom


def pct(values: list[float], p: float) -> float:
    """The ``p`` quantile (0 to 1) of ``values``, nearest rank."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p * (len(ordered) - 1)))]


def positions(game: Game, bots: dict[str, Any], level: str, players: int,
              games: int) -> list[tuple[Any, int]]:
    """(state, seat to act) for every decision of ``games`` seeded games of ``level`` bots at
    every seat (seeds 0, 1, ...): the positions the levels are then timed on."""
    kept: list[tuple[State, int]] = []
    for seed in range(games):
        state = game.new(None, players, seed=seed)
        seat_bots = [bots[level]() for _ in range(players)]
        rng = SeededRandom(seed)
        while not state.is_over():
            seat = min(state.to_act())
            kept.append((state.clone(), seat))
            state.apply(seat, seat_bots[seat].choose(state, seat, rng))
    return kept
