"""The game core: the protocol every game implements, and what is built on it.

Games import from the submodules directly (``ludomots.core.game``, ``.rng``, ...); this package
re-exports the names the table layer and the CLI use most, so they need one import line.
"""

from __future__ import annotations

from ludomots.core.bots import Bot, BotFactory
from ludomots.core.errors import ReplayDivergence, RuleError
from ludomots.core.game import Action, ActionCodec, Event, Game, State
from ludomots.core.record import Record, RecordedAction, Recorder, SeatInfo, replay, replay_states
from ludomots.core.rng import SeededRandom

__all__ = [
    "Action",
    "ActionCodec",
    "Bot",
    "BotFactory",
    "Event",
    "Game",
    "Record",
    "RecordedAction",
    "Recorder",
    "ReplayDivergence",
    "RuleError",
    "SeatInfo",
    "SeededRandom",
    "State",
    "replay",
    "replay_states",
]
