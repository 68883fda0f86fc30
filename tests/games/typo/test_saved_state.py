"""A game saved before issue 18 (state JSON written by the hand-written serialisation, frozen in
data/state_before_18.json: a word under vote in the second part, the round's log holding a
challenged word and a failure) still loads, saves back to the very same JSON, and plays on."""

import json
from pathlib import Path

from ludomots.core.rng import SeededRandom
from ludomots.games.typo.bots import BOTS
from ludomots.games.typo.rules import TypoState

SAVED = json.loads((Path(__file__).parent / "data" / "state_before_18.json").read_text("utf-8"))


def test_a_state_saved_before_18_loads_and_saves_back_unchanged() -> None:
    state = TypoState.from_json(SAVED)
    assert state.to_json() == SAVED
    assert state.step == "vote" and sorted(state.to_act()) == [0, 1]


def test_a_state_saved_before_18_plays_on_to_the_end() -> None:
    state = TypoState.from_json(SAVED)
    bots = [BOTS["confirme"]() for _ in range(state.players)]
    rng = SeededRandom(18)
    while not state.is_over():
        seat = min(state.to_act())
        state.apply(seat, bots[seat].choose(state, seat, rng))
    assert all(not hand for hand in state.hands)
    assert len(state.scores()) == 3
