"""Random legal play always ends, never loses or creates a die, and replays exactly."""

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from ludomots.core.record import Recorder, SeatInfo, replay
from ludomots.core.rng import SeededRandom
from ludomots.games.volapuk.dice import all_dice
from ludomots.games.volapuk.rules import GAME, VolapukState

from .helpers import random_action


def dice(state: VolapukState) -> Counter[str]:
    """Every die, wherever it is (bags, racks, board); green dice by their id."""
    found: Counter[str] = Counter(state.coloured)
    found.update(state.opaque)
    for rack in state.racks:
        found.update(d.die for d in rack)
    found.update(t.die for t in state.board.values())
    found.update(t.sign for t in state.board.values() if t.sign)  # accent sign dice
    return +found


@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 5), adjacency=st.sampled_from(
    ["all", "orthogonal"]), values=st.booleans(), super_joker=st.booleans(),
    announce=st.booleans())
def test_random_legal_play_ends_keeps_every_die_and_replays_exactly(
        seed: int, players: int, adjacency: str, values: bool, super_joker: bool,
        announce: bool) -> None:
    seats = [SeatInfo(f"Joueur {i + 1}") for i in range(players)]
    options = {"adjacency": adjacency, "multi_letter_values": values,
               "super_joker": super_joker, "accents": announce, "anagrams": announce,
               "definitions": announce}
    recorder = Recorder.start(GAME, options, seed, seats)
    state = recorder.state
    assert isinstance(state, VolapukState)
    rng = SeededRandom(seed).fork("random play")
    expected = Counter(all_dice(super_joker))
    steps = 0
    while not state.is_over():
        seat = rng.choice(sorted(state.to_act()))
        recorder.play(seat, random_action(state, seat, rng))
        assert dice(state) == expected
        assert all(len(rack) <= 7 for rack in state.racks)
        steps += 1
        assert steps < 2000
    assert recorder.record.scores == state.scores()
    assert replay(recorder.record, GAME) == state
