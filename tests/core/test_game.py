from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Literal

import pytest

from ludomots.core.errors import RuleError
from ludomots.core.game import Action, ActionCodec, Event, events_for_seat

from .gops import GAME, Bid, GopsOptions


@dataclass(frozen=True)
class Place(Action):
    kind = "place"
    square: str
    word: str
    across: bool


@dataclass(frozen=True)
class Swap(Action):
    kind = "swap"
    letters: tuple[str, ...]
    mode: Literal["all", "some"] = "some"


@dataclass(frozen=True)
class Pass(Action):
    kind = "pass"


CODEC = ActionCodec(Place, Swap, Pass)


def test_action_to_json_includes_its_type() -> None:
    assert Swap(("A", "B")).to_json() == {"type": "swap", "letters": ["A", "B"], "mode": "some"}
    assert Pass().to_json() == {"type": "pass"}


@pytest.mark.parametrize("action", [Place("E3", "RATEAU", True), Swap(("É",), "all"), Pass()])
def test_codec_round_trips_through_json_text(action: Action) -> None:
    assert CODEC.decode(json.loads(json.dumps(CODEC.encode(action)))) == action


@pytest.mark.parametrize(("data", "reason"), [
    ([1], "not_object"),
    ({"type": "jump"}, "unknown_type"),
    ({"word": "X"}, "unknown_type"),
    ({"type": "place", "square": "E3", "word": "X"}, "missing_fields"),
    ({"type": "pass", "extra": 1}, "extra_fields"),
    ({"type": "swap", "letters": ["A"], "mode": "some", "x": 1}, "extra_fields"),
    ({"type": "place", "square": "E3", "word": 1, "across": True}, "bad_value"),
    ({"type": "place", "square": "E3", "word": "X", "across": 1}, "bad_value"),
    ({"type": "swap", "letters": "AB", "mode": "all"}, "bad_value"),
    ({"type": "swap", "letters": ["A"], "mode": "most"}, "bad_value"),
])
def test_codec_rejects_malformed_input_as_bad_action(data: Any, reason: str) -> None:
    with pytest.raises(RuleError) as info:
        CODEC.decode(data)
    assert info.value.code == "bad_action"
    assert info.value.details["reason"] == reason


def test_codec_messages_are_french() -> None:
    with pytest.raises(RuleError) as info:
        CODEC.decode({"type": "place", "square": "E3"})
    assert info.value.message == "Action « place » incomplète : il manque across, word."


def test_codec_requires_every_field_even_those_with_defaults() -> None:
    # Defaults would let a client omit fields the server then guesses; records must be explicit.
    with pytest.raises(RuleError):
        CODEC.decode({"type": "swap", "letters": ["A"]})


def test_codec_refuses_duplicate_or_missing_kinds() -> None:
    with pytest.raises(ValueError):
        ActionCodec(Pass, Pass)

    @dataclass(frozen=True)
    class NoKind(Action):
        x: int

    with pytest.raises(ValueError):
        ActionCodec(NoKind)


def test_codec_refuses_to_encode_foreign_actions() -> None:
    with pytest.raises(TypeError):
        ActionCodec(Pass).encode(Swap(("A",)))


def test_private_events_reach_only_their_seats() -> None:
    public = Event("bid", {"seat": 0})
    private = Event("drew", {"tile": "K"}, frozenset({1}))
    events = [public, private]
    assert events_for_seat(events, 1) == [
        {"type": "bid", "data": {"seat": 0}}, {"type": "drew", "data": {"tile": "K"}}]
    assert events_for_seat(events, 0) == [{"type": "bid", "data": {"seat": 0}}]
    assert events_for_seat(events, None) == [{"type": "bid", "data": {"seat": 0}}]
    assert private.to_json() == {"type": "drew", "data": {"tile": "K"}, "visible_to": [1]}


def test_new_checks_player_count_and_accepts_none_dict_or_dataclass_options() -> None:
    with pytest.raises(ValueError):
        GAME.new(None, 1, 0)
    with pytest.raises(ValueError):
        GAME.new(None, 5, 0)
    assert GAME.new(None, 2, 0) == GAME.new(GopsOptions(), 2, 0)
    assert GAME.new({"cards": 8}, 2, 0) == GAME.new(GopsOptions(), 2, 0)
    with pytest.raises(ValueError):
        GAME.new({"cartes": 8}, 2, 0)


def test_apply_raises_and_leaves_state_unchanged_when_check_refuses() -> None:
    state = GAME.new(None, 2, 1)
    before = state.to_json()
    assert state.check(0, Bid(99)) == RuleError(
        "card_not_in_hand", "Vous n’avez pas la carte 99.", {"card": 99})
    with pytest.raises(RuleError):
        state.apply(0, Bid(99))
    assert state.to_json() == before


def test_game_over_is_refused_by_the_base_state() -> None:
    state = GAME.new({"cards": 1}, 2, 1)
    state.apply(0, Bid(1))
    state.apply(1, Bid(1))
    assert state.is_over() and state.to_act() == frozenset()
    err = state.check(0, Bid(1))
    assert err is not None and err.code == "game_over"


def test_clone_is_equal_but_independent() -> None:
    state = GAME.new(None, 3, 4)
    copy = state.clone()
    assert copy == state and copy is not state
    copy.apply(0, Bid(1))
    assert copy != state


def test_digest_is_sha256_of_canonical_json_and_tracks_changes() -> None:
    a, b = GAME.new(None, 2, 4), GAME.new(None, 2, 4)
    assert a.digest() == b.digest() and len(a.digest()) == 64
    b.apply(1, Bid(3))
    assert a.digest() != b.digest()


def test_winners_are_all_seats_with_the_best_score_once_over() -> None:
    state = GAME.new({"cards": 1}, 3, 0)
    assert state.winners() == []
    for seat in range(3):
        state.apply(seat, Bid(1))  # nobody unique: prize discarded, all tie on 0
    assert state.scores() == [0, 0, 0]
    assert state.winners() == [0, 1, 2]
