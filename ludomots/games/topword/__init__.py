"""Topword, the 3-D stacking word game (seed: shared/seeds/topword.txt).

The ``ludomots.games`` entry point names ``GAME``; its bots (``BOTS``, by level) are imported on
first use (``Game.bots``), as some load the lexicon's automata.
"""

from typing import Any

from ludomots.games.topword.rules import GAME

__all__ = ["BOTS", "GAME"]


def __getattr__(name: str) -> Any:
    if name == "BOTS":
        return GAME.bots()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
