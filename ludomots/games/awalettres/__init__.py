"""Awalettres, letters, seeds and spells (seed: shared/seeds/awalettres.txt)."""

from ludomots.games.awalettres.bots import BOTS
from ludomots.games.awalettres.rules import GAME

__all__ = ["BOTS", "GAME"]
