"""Issue 18's round-trip checks, shared by every game's test_state_roundtrip.py."""

from collections.abc import Callable
from typing import Any

from ludomots.core.game import Action, State


def assert_round_trips(state: State, players: int, format_position: Callable[[Any], str],
                       parse_position: Callable[[str, Any], State],
                       log: dict[str, Any]) -> None:
    """The JSON gives back the same state and the same views (every seat's and the
    spectator's), the clone equals it, and the position notation gives it back but for its
    log (``log``: the JSON of what the notation leaves to defaults)."""
    data = state.to_json()
    again = type(state).from_json(data)
    assert again == state and again.to_json() == data
    assert state.clone() == state
    for seat in [*range(players), None]:
        assert again.view(seat) == state.view(seat)
    options = getattr(state, "options")  # noqa: B009 - every game's state keeps its options
    assert parse_position(format_position(state), options).to_json() == {**data, **log}


def play_on_a_clone_first(state: State, seat: int, action: Action) -> None:
    """Play ``action`` on a clone, check the state did not change, then play it on the state
    and check both are equal (the clone shares nothing mutable, and play is deterministic)."""
    before = state.to_json()
    copy = state.clone()
    copy.apply(seat, action)
    assert state.to_json() == before
    state.apply(seat, action)
    assert state == copy
