"""Players of known strength, to check the rating model (docs/ratings.md).

Each simulated player has a true skill on the displayed scale; in a game, each seat performs
at its skill plus Gaussian noise of standard deviation ``BETA`` (the model's own assumption
about luck: TrueSkill's Thurstone model, not Plackett–Luce's, so the check does not grade the
model on its own terms), and the places follow the performances. ``ordered_after`` answers
whether the model has put the players in their true order after a given number of games each.
"""

from __future__ import annotations

import random

from ludomots.accounts.ratings import BETA, DISPLAY_SCALE, MU0, Skill, rate

#: Six levels 150 displayed points apart (1125 ... 1875): a beginner to a strong club player.
LEVELS = 6
GAP = 150


def ordered_after(seed: int, games_each: int, seats: int, levels: int = LEVELS,
                  gap: float = GAP) -> bool:
    """Whether, after every player has played ``games_each`` games at tables of ``seats``
    drawn at random among the ``levels`` players, their mean ratings are in true order."""
    rng = random.Random(seed)
    true = [MU0 + (i - (levels - 1) / 2) * gap / DISPLAY_SCALE for i in range(levels)]
    skills = [Skill() for _ in range(levels)]
    played = [0] * levels
    while min(played) < games_each:
        table = rng.sample(range(levels), seats)
        performance = [rng.gauss(true[p], BETA) for p in table]
        ranks = [1 + sum(1 for q in performance if q > mine) for mine in performance]
        for player, skill in zip(table, rate([skills[p] for p in table], ranks), strict=True):
            skills[player] = skill
            played[player] += 1
    means = [s.mu for s in skills]
    return all(a < b for a, b in zip(means, means[1:], strict=False))
