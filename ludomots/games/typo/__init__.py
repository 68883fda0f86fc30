"""Typo, the card game of word beginnings (seed: shared/seeds/typo.txt)."""

from ludomots.games.typo.bots import BOTS
from ludomots.games.typo.rules import GAME

__all__ = ["BOTS", "GAME"]
