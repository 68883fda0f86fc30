"""Topword, the 3-D stacking word game (seed: shared/seeds/topword.txt)."""

from ludomots.games.topword.bots import BOTS
from ludomots.games.topword.rules import GAME

__all__ = ["BOTS", "GAME"]
