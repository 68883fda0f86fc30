"""A game saved before issue 18 (state JSON written by the hand-written serialisation, frozen in
data/state_before_18.json: a word open to a challenge, stacks on the board, a bag half full)
still loads, saves back to the very same JSON, and plays on."""

import json
from pathlib import Path

from ludomots.core.rng import SeededRandom
from ludomots.games.topword.bots import BOTS
from ludomots.games.topword.rules import TopwordState

SAVED = json.loads((Path(__file__).parent / "data" / "state_before_18.json").read_text("utf-8"))


def test_a_state_saved_before_18_loads_and_saves_back_unchanged() -> None:
    state = TopwordState.from_json(SAVED)
    assert state.to_json() == SAVED
    assert state.pending is not None and state.turn == 0


def test_a_state_saved_before_18_plays_on_to_the_end() -> None:
    state = TopwordState.from_json(SAVED)
    bots = [BOTS["greedy"]() for _ in range(state.players)]
    rng = SeededRandom(18)
    while not state.is_over():
        seat = min(state.to_act())
        state.apply(seat, bots[seat].choose(state, seat, rng))
    assert state.end_reason in ("out_of_tiles", "all_passed", "blocked")
    assert sum(len(rack) for rack in state.racks) * 5 == sum(state.penalties)
