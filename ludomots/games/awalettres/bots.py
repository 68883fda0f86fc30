"""placeholder"""
from ludomots.core.bots import BotFactory

BOTS: dict[str, BotFactory] = {}
