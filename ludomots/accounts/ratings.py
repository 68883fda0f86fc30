"""The rating model: OpenSkill's Plackett–Luce (Weng & Lin 2011), per game and player count.

Why this model (docs/ratings.md has the long version): Typo seats up to 6 players and Volapük
up to 8, and what a game gives is a ranking, not a pair result. Plackett–Luce rates a whole
ranking at once (ties allowed), keeps a mean ``mu`` and an uncertainty ``sigma`` per player
as Glicko does, and is Bayesian and cheap (a closed-form update, no iteration). Elo and
Glicko-2 rate pairs only: splitting a 6-player game into 15 duels counts it 5 times.

Parameters are OpenSkill's defaults (``mu`` 25, ``sigma`` 25/3, ``beta`` 25/6, ``tau``
25/300), which TrueSkill's authors chose and which our simulation checks (tests/accounts/
test_ratings.py, benchmarks/ratings.py). The displayed rating puts ``mu`` on the Elo scale
players know: 1500 at the start, and ``DISPLAY_SCALE`` points per unit of ``mu``, chosen so
that 400 points mean 10-to-1 odds between two settled players, as in Elo.

A rating is provisional (shown with « ? », as lichess does) while ``sigma`` is above
``PROVISIONAL_SIGMA``: two thirds of the initial uncertainty, reached after about 12 duels.

Ratings are kept per player-count class (``player_class``): a duel and a six-player game are
different skills (in a crowd, blocking one opponent matters less than one's own words).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

MU0 = 25.0
SIGMA0 = 25.0 / 3.0
BETA = 25.0 / 6.0
TAU = 25.0 / 300.0
DISPLAY_BASE = 1500
#: Points per unit of mu: P(a beats b) = 1 / (1 + exp(-(mu_a - mu_b) / (sqrt(2) beta))) for
#: settled players, and Elo's 1 / (1 + 10^(-d/400)): equal when d = (mu_a - mu_b) * scale.
DISPLAY_SCALE = 400.0 / (math.log(10.0) * math.sqrt(2.0) * BETA)
PROVISIONAL_SIGMA = SIGMA0 * 2.0 / 3.0

#: (class, fewest players, most players). A game belongs to exactly one class.
PLAYER_CLASSES: tuple[tuple[str, int, int], ...] = (("2", 2, 2), ("3-4", 3, 4), ("5-8", 5, 8))
CLASS_TITLES = {"2": "à deux", "3-4": "à 3 ou 4", "5-8": "à 5 ou plus"}

_MODEL = PlackettLuce(mu=MU0, sigma=SIGMA0, beta=BETA, tau=TAU)


def player_class(players: int) -> str:
    """The class of a game of ``players`` players; ValueError outside 2..8."""
    for name, low, high in PLAYER_CLASSES:
        if low <= players <= high:
            return name
    raise ValueError(f"no rating class for {players} players")


def classes() -> list[str]:
    return [name for name, _, _ in PLAYER_CLASSES]


def display(mu: float) -> int:
    return int(round(DISPLAY_BASE + DISPLAY_SCALE * (mu - MU0)))


@dataclass(frozen=True)
class Skill:
    """A rating: the model's belief about a player (mean and standard deviation)."""

    mu: float = MU0
    sigma: float = SIGMA0

    @property
    def rating(self) -> int:
        return display(self.mu)

    @property
    def provisional(self) -> bool:
        return self.sigma > PROVISIONAL_SIGMA


def ranks_of(scores: Sequence[int], winners: Sequence[int]) -> list[int]:
    """Each seat's place (1 = first; ties share a place): the game's winners first, then by
    score. The winners come first even when the rules let a lower score win (Vocabulon's
    cards held, a forfeit), because the rules, not the score, decide who won."""
    keys = [(seat in winners, score) for seat, score in enumerate(scores)]
    return [1 + sum(1 for other in keys if other > key) for key in keys]


def rate(skills: Sequence[Skill], ranks: Sequence[int]) -> list[Skill]:
    """The skills after a game in which seat i finished at place ``ranks[i]``."""
    if len(skills) != len(ranks) or len(skills) < 2:
        raise ValueError("rate needs one rank per skill, and at least two players")
    teams = [[_MODEL.create_rating([s.mu, s.sigma])] for s in skills]
    rated = _MODEL.rate(teams, ranks=[float(r) for r in ranks])
    return [Skill(team[0].mu, team[0].sigma) for team in rated]


def rate_some(skills: Sequence[Skill], ranks: Sequence[int], update: Sequence[bool]
              ) -> list[Skill]:
    """As ``rate``, but only the seats with ``update[i]`` change: the others are the fixed
    yardstick (human ratings when a casual game calibrates a bot)."""
    after = rate(skills, ranks)
    return [new if flag else old for old, new, flag in zip(skills, after, update, strict=True)]
