"""Goofspiel variants that exercise the clock's choice of a timeout action."""

from __future__ import annotations

from typing import Any

from ludomots.core.bots import BotFactory
from ludomots.core.game import Action, State
from ludomots.core.rng import SeededRandom
from ludomots.lexicon.lexicon import Lexicon
from tests.core.gops import Bid, Gops, GopsState, GreedyBot


class HookGops(Gops):
    """Declares its own timeout action: bid the highest card left."""

    name = "gops-hook"

    def timeout_action(self, state: State, seat: int) -> Action | None:
        assert isinstance(state, GopsState)
        return Bid(max(state.hands[seat]))


class NoLegalState(GopsState):
    """A state that does not enumerate its actions (like a word game)."""

    def legal(self, seat: int) -> list[Action] | None:
        return None


class NoLegalGops(Gops):
    name = "gops-nolegal"

    def _new(self, options: Any, players: int, seed: int, lexicon: Lexicon) -> NoLegalState:
        state = NoLegalState(options, players, SeededRandom(seed)).referee_with(lexicon)
        state._draw()
        return state


class SandGlassGops(HookGops):
    """Its rules give seat 1 five seconds per bid (a sand-glass), whatever the table's clock."""

    name = "gops-sandglass"

    def time_limit(self, state: State, seat: int) -> float | None:
        return 5.0 if seat == 1 else None


HOOK_GAME = HookGops()
SAND_GLASS_GAME = SandGlassGops()
HOOK_BOTS: dict[str, BotFactory] = {"expert": GreedyBot}
NO_LEGAL_GAME = NoLegalGops()
NO_LEGAL_BOTS: dict[str, BotFactory] = {"debutant": GreedyBot}
