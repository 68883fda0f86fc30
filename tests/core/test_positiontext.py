"""The key=value tokens the games' position notations share (issue 18, part 5)."""

import pytest

from ludomots.core.positiontext import Tokens, format_tokens, seat


def test_tokens_left_out_take_their_defaults_and_unknown_keys_are_refused() -> None:
    tokens = Tokens(["turn=1", "scores=3,-2", "chosen=E,-", "odd=x"])
    assert tokens.seat("turn", 2) == 1 and tokens.seat("holder", 2) == 0
    assert tokens.numbers("scores", 2) == [3, -2] and tokens.numbers("lost", 2) == [0, 0]
    assert tokens.per_seat("chosen", 2, str, empty="-") == ["E", None]
    assert tokens.per_seat("votes", 2, str) is None and tokens.text("bag") is None
    with pytest.raises(ValueError, match="unknown key.*odd"):
        tokens.done()


@pytest.mark.parametrize(("items", "read"), [
    (["turn"], lambda t: t.text("turn")),  # no '='
    (["turn=1", "turn=2"], lambda t: t.text("turn")),  # twice
    (["turn=x"], lambda t: t.number("turn", 0)),
    (["turn=2"], lambda t: t.seat("turn", 2)),  # seats 0 and 1 only
    (["scores=1,2,3"], lambda t: t.numbers("scores", 2)),  # three values for two seats
    (["scores=1,a"], lambda t: t.numbers("scores", 2)),
])
def test_a_malformed_token_is_refused_in_english(items: list[str], read: object) -> None:
    with pytest.raises(ValueError):
        read(Tokens(items))  # type: ignore[operator]


def test_only_values_other_than_their_default_are_written() -> None:
    assert format_tokens([("turn", "0", "0"), ("scores", "3,0", "0,0"), ("bag", "-", None)]) \
        == ["scores=3,0", "bag=-"]
    assert seat(1, 2) == 1
