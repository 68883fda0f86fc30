"""Volapük, dice of letters and signs on a round board (seed: shared/seeds/volapuk.txt)."""

from ludomots.games.volapuk.bots import BOTS
from ludomots.games.volapuk.rules import GAME

__all__ = ["BOTS", "GAME"]
