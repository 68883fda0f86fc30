"""Vocabulon, the board game of riddles and secret words (seed: shared/seeds/vocabulon.txt)."""

from ludomots.games.vocabulon.bots import BOTS
from ludomots.games.vocabulon.rules import GAME

__all__ = ["BOTS", "GAME"]
