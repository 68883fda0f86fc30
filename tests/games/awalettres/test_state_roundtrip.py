"""Property (issue 18): at every step of random legal play, the state survives its JSON and
its copy unchanged, every seat's and the spectator's view with it, and its position notation
reads back to the same notation."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ludomots.core.rng import SeededRandom
from ludomots.games.awalettres.rules import GAME, AwalettresState

from .helpers import random_action

OPTIONS = st.fixed_dictionaries({
    "first_player": st.sampled_from(["random", "wayampou"]),
    "marabout_card": st.sampled_from(["caster", "target"]),
    "spell_order": st.sampled_from(["new_player", "last_player"]),
    "trim_to_seven": st.booleans(),
    "exchange_confusion": st.booleans(),
    "blind_spell": st.booleans(),
    "elephant": st.booleans(),
})


def assert_round_trips(state: AwalettresState) -> None:
    loaded = AwalettresState.from_json(state.to_json())
    copy = state.clone()
    assert loaded == state and copy == state
    for seat in [None, *range(state.players)]:
        view = state.view(seat)
        assert loaded.view(seat) == view and copy.view(seat) == view
    if state.step not in ("define", "vote"):
        text = GAME.format_position(state)
        assert GAME.format_position(GAME.parse_position(text, state.options)) == text


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), players=st.integers(2, 5), options=OPTIONS,
       data=st.data())
def test_random_legal_play_round_trips_at_every_step(seed: int, players: int,
                                                     options: dict[str, object],
                                                     data: st.DataObject) -> None:
    state = GAME.new(options, players, seed)
    assert_round_trips(state)
    for _ in range(data.draw(st.integers(10, 60), label="moves")):
        if state.is_over():
            break
        seat = data.draw(st.sampled_from(sorted(state.to_act())), label="seat")
        rng = SeededRandom(data.draw(st.integers(0, 2**32), label="choice"))
        state.apply(seat, random_action(state, seat, rng))
        assert_round_trips(state)
