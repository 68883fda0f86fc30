"""Rule tests' view of a refused action: its error code, and nothing changed."""

import json

import pytest

from ludomots.core.errors import RuleError
from ludomots.core.game import Action, State


def error_of(state: State, seat: int, action: Action) -> str:
    """The code of the RuleError ``action`` raises; the state must not change at all."""
    before = state.to_json()
    assert state.check(seat, action) is not None
    with pytest.raises(RuleError) as info:
        state.apply(seat, action)
    assert state.to_json() == before, "a rejected action must change nothing"
    return info.value.code


def refused(state: State, seat: int, action: Action) -> RuleError:
    """The action is refused with a RuleError and leaves the state exactly as it was."""
    before = json.dumps(state.to_json(), sort_keys=True)
    with pytest.raises(RuleError) as error:
        state.apply(seat, action)
    assert json.dumps(state.to_json(), sort_keys=True) == before
    return error.value
