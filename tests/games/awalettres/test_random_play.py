"""Random legal play always ends, never loses or creates a card, and replays exactly."""

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from ludomots.core.record import Recorder, SeatInfo, replay
from ludomots.core.rng import SeededRandom
from ludomots.games.awalettres.cards import LETTER_COUNT, SPELL_DRAW, SPELL_DRAWS, SPELLS, WILD
from ludomots.games.awalettres.rules import GAME, AwalettresState

from .helpers import random_action


def letters(state: AwalettresState) -> Counter[str]:
    cards = Counter(state.grenier) + Counter(state.discard)
    for hand in state.hands:
        cards.update(c for c in hand if c != WILD)
    return cards


def spells(state: AwalettresState) -> int:
    held = sum(len(h) for h in state.held) + sum(1 for t in state.tasks if t.type == "cast")
    wilds = sum(h.count(WILD) for h in state.hands)
    return len(state.box) + len(state.spell_discard) + held + wilds + \
        (state.pending_spell is not None)


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 4),
       first=st.sampled_from(["random", "wayampou"]), elephant=st.booleans())
def test_random_legal_play_ends_keeps_every_card_and_replays_exactly(
        seed: int, players: int, first: str, elephant: bool) -> None:
    seats = [SeatInfo(f"Joueur {i + 1}") for i in range(players)]
    recorder = Recorder.start(GAME, {"first_player": first, "elephant": elephant}, seed, seats)
    state = recorder.state
    assert isinstance(state, AwalettresState)
    rng = SeededRandom(seed).fork("random play")
    total = sum(SPELLS.values())
    steps = 0
    while not state.is_over():
        seat = rng.choice(sorted(state.to_act()))
        recorder.play(seat, random_action(state, seat, rng))
        counted = letters(state)
        assert counted[SPELL_DRAW] == SPELL_DRAWS
        assert sum(counted.values()) - SPELL_DRAWS == LETTER_COUNT
        assert spells(state) == total
        steps += 1
        assert steps < 1000
    assert recorder.record.scores == state.scores()
    assert replay(recorder.record, GAME) == state
