"""Computer opponents: the protocol every game's bots follow.

A game module exports ``BOTS: dict[str, BotFactory]`` keyed by level (``LEVELS``: "debutant",
"confirme", "expert", and where the game has them "greedy", the measuring stick that takes the
best immediate outcome with the full lexicon). A level is offered wherever its game's ``BOTS``
has it: the home page, ``--seats``, ``ludomots sim`` and ``benchmarks/strength.py`` read the
dictionary, and ``LEVEL_TITLES`` names it for players. Bots are built fresh for each game (a
factory, not an instance) so one game's memory never leaks into the next, and they draw
randomness only from the ``rng`` they are handed, so a match seed reproduces every bot
decision.

Bots receive the full ``State`` for speed, but must decide only from what ``state.view(seat)``
shows; the simulator cannot enforce it, code review and the tests of each game do.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

from typing_extensions import TypeVar

from ludomots.core.game import Action, State
from ludomots.core.rng import SeededRandom

#: Every level a game may offer, weakest first (the order of the home page's level menu).
LEVELS: tuple[str, ...] = ("debutant", "confirme", "greedy", "expert")
#: Players' names of the levels, retired ones included (the seats of games saved with them).
LEVEL_TITLES: dict[str, str] = {"debutant": "Débutant", "confirme": "Confirmé",
                                "greedy": "Glouton", "expert": "Expert", "maitre": "Maître"}
#: Levels once offered and since withdrawn, each with the level that now plays its seats in
#: the games saved with it (and takes its rating updates). « Maître », Topword's expert search
#: with five times the budget, did not measurably gain over the expert (issue 21: 0.483
#: [0.410, 0.556] over 176 paired games), so it is not offered as a stronger level.
RETIRED_LEVELS: dict[str, str] = {"maitre": "expert"}


def current_level(level: str) -> str:
    """The level that plays a seat of ``level`` today: itself, or a retired level's successor."""
    return RETIRED_LEVELS.get(level, level)


#: The state type a bot plays (a game's bots take its own state; a bare ``Bot`` takes any).
S_contra = TypeVar("S_contra", bound=State, contravariant=True, default=Any)


@runtime_checkable
class Bot(Protocol[S_contra]):
    level: str

    def choose(self, state: S_contra, seat: int, rng: SeededRandom) -> Action:
        """A legal action for ``seat``, which is in ``state.to_act()``."""
        ...


BotFactory = Callable[[], Bot]


class RandomBot:
    """Uniform over ``state.legal(seat)``: the baseline every other level must beat."""

    def __init__(self, level: str = "debutant") -> None:
        self.level = level

    def choose(self, state: State, seat: int, rng: SeededRandom) -> Action:
        legal = state.legal(seat)
        if legal is None:
            raise NotImplementedError("RandomBot needs a game that enumerates legal actions")
        if not legal:
            raise RuntimeError(f"seat {seat} has no legal action")
        return rng.choice(legal)


def seat_bots(factories: Mapping[str, BotFactory], levels: Sequence[str | None],
              seed: int) -> tuple[dict[int, Bot], dict[int, SeededRandom]]:
    """Fresh bots for the seats whose level is given (None: a human), each with its own
    random stream forked from the seed as the simulator does, so a seed reproduces every
    bot decision."""
    base = SeededRandom(seed)
    bots = {seat: factories[level]() for seat, level in enumerate(levels) if level is not None}
    return bots, {seat: base.fork(f"bot{seat}") for seat in bots}
