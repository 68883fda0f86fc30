"""The fixture game's rules, and the protocol properties checked on random play."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ludomots.core.errors import RuleError
from ludomots.core.record import Recorder, SeatInfo, replay, replay_states
from ludomots.core.rng import SeededRandom

from .gops import GAME, Bid, GopsState

PROPS = settings(max_examples=40, deadline=None, database=None)


def _state(players: int = 2, seed: int = 0, **options: Any) -> GopsState:
    state = GAME.new(options or None, players, seed)
    assert isinstance(state, GopsState)
    return state


def _code(state: GopsState, seat: int, action: Any) -> str:
    with pytest.raises(RuleError) as info:
        state.apply(seat, action)
    return info.value.code


def test_all_seats_act_at_once_until_they_have_bid() -> None:
    state = _state(3)
    assert state.to_act() == frozenset({0, 1, 2})
    state.apply(1, Bid(4))
    assert state.to_act() == frozenset({0, 2})


def test_errors_have_their_codes() -> None:
    state = _state(2)
    assert _code(state, 2, Bid(1)) == "not_your_turn"
    assert _code(state, 0, Bid(9)) == "card_not_in_hand"
    state.apply(0, Bid(1))
    assert _code(state, 0, Bid(2)) == "already_bid"
    state.apply(1, Bid(2))
    assert _code(state, 0, Bid(1)) == "card_not_in_hand"
    done = _state(2, cards=1)
    done.apply(0, Bid(1))
    done.apply(1, Bid(1))
    assert _code(done, 0, Bid(1)) == "game_over"


def test_highest_unique_bid_wins_the_prize() -> None:
    state = _state(3, seed=5)
    prize = state.prize
    assert prize is not None
    for seat, card in enumerate((5, 5, 3)):
        state.apply(seat, Bid(card))
    assert state.scores() == [0, 0, prize]
    assert state.history[-1] == {"prize": prize, "bids": [5, 5, 3], "winner": 2}


def test_tied_prize_is_discarded_or_carried_by_option() -> None:
    for rule, expected_pot in (("discard", 0), ("carry", None)):
        state = _state(2, seed=5, tie_rule=rule)
        prize = state.prize
        state.apply(0, Bid(2))
        events = state.apply(1, Bid(2))
        assert state.scores() == [0, 0]
        assert state.pot == (prize if expected_pot is None else 0)
        assert [e.type for e in events] == ["bid", "your_bid", "reveal", "prize"]


def test_pending_bid_is_hidden_from_others_and_spectators() -> None:
    state = _state(2)
    events = state.apply(0, Bid(7))
    assert state.view(0)["my_bid"] == 7
    assert state.view(1)["my_bid"] is None and state.view(None)["my_bid"] is None
    assert state.view(1)["has_bid"] == [True, False]
    private = [e for e in events if e.visible_to is not None]
    assert [(e.type, e.visible_to) for e in private] == [("your_bid", frozenset({0}))]


def test_prizes_are_drawn_from_the_state_rng() -> None:
    draws = {_state(2, seed=s).prize for s in range(40)}
    assert draws == set(range(1, 9))


# ---- properties on random play --------------------------------------------------------------


def _random_game(players: int, seed: int, cards: int) -> Recorder:
    """Plays a whole game with random legal bids, recording it."""
    recorder = Recorder.start(GAME, {"cards": cards}, seed,
                              [SeatInfo(f"p{i}", "bot", "debutant") for i in range(players)])
    rng = SeededRandom(seed).fork("test")
    while not recorder.state.is_over():
        seat = rng.choice(sorted(recorder.state.to_act()))
        legal = recorder.state.legal(seat)
        assert legal
        recorder.play(seat, rng.choice(legal), ms=rng.randbelow(1000))
    return recorder


def _alternatives(state: GopsState, owner: int) -> list[GopsState]:
    """The same state with ``owner``'s pending bid replaced by each other card they hold."""
    bid = state.bids[owner]
    assert bid is not None
    out = []
    for card in state.hands[owner]:
        alt = state.clone()
        alt.hands[owner] = sorted([*alt.hands[owner], bid])
        alt.hands[owner].remove(card)
        alt.bids[owner] = card
        out.append(alt)
    return out


GAMES = st.tuples(st.integers(2, 4), st.integers(0, 2**64 - 1), st.integers(1, 8))


@PROPS
@given(GAMES)
def test_replay_reproduces_every_state_and_every_view(params: tuple[int, int, int]) -> None:
    players, seed, cards = params
    recorder = _random_game(players, seed, cards)
    live = GAME.new({"cards": cards}, players, seed)
    states = list(replay_states(recorder.record, GAME))
    assert len(states) == len(recorder.record.actions) + 1
    for step, state in states:
        if step:
            rec = recorder.record.actions[step - 1]
            live.apply(rec.seat, GAME.action_codec.decode(rec.action))
        assert state.digest() == live.digest()
        for seat in [None, *range(players)]:
            assert state.view(seat) == live.view(seat)
    final = replay(recorder.record, GAME)
    assert final == recorder.state and final.scores() == recorder.record.scores
    assert recorder.record.winners == final.winners() != []


@PROPS
@given(GAMES, st.data())
def test_rejected_actions_leave_the_state_exactly_unchanged(
    params: tuple[int, int, int], data: st.DataObject
) -> None:
    players, seed, cards = params
    state = _state(players, seed, cards=cards)
    rng = SeededRandom(seed)
    while True:
        before = state.to_json()
        seat = data.draw(st.integers(-1, players))
        card = data.draw(st.integers(-1, cards + 1))
        err = state.check(seat, Bid(card))
        if state.is_over():
            expected = "game_over"
        elif not 0 <= seat < players:
            expected = "not_your_turn"
        elif state.bids[seat] is not None:
            expected = "already_bid"
        elif card not in state.hands[seat]:
            expected = "card_not_in_hand"
        else:
            expected = ""
        if expected:
            assert err is not None and err.code == expected
            with pytest.raises(RuleError) as info:
                state.apply(seat, Bid(card))
            assert info.value.code == expected
            assert state.to_json() == before
        else:
            assert err is None
        junk: Any = data.draw(st.sampled_from([
            {"type": "bid"}, {"type": "bid", "card": "3"}, {"type": "bid", "card": True},
            {"type": "bid", "card": 1, "x": 0}, {"type": "pass"}, [], None, {"card": 1}]))
        with pytest.raises(RuleError) as info:
            GAME.action_codec.decode(junk)
        assert info.value.code == "bad_action"
        if state.is_over():
            return
        # Advance with a legal move so rejection is tested at every stage of the game.
        seat = min(state.to_act())
        legal = state.legal(seat)
        assert legal
        state.apply(seat, rng.choice(legal))


@PROPS
@given(GAMES, st.integers(0, 60))
def test_json_round_trip_preserves_state_through_text(
    params: tuple[int, int, int], stop: int
) -> None:
    players, seed, cards = params
    recorder = _random_game(players, seed, cards)
    for step, state in replay_states(recorder.record, GAME):
        text = json.dumps(state.to_json())
        copy = GopsState.from_json(json.loads(text))
        assert copy == state and copy.digest() == state.digest()
        if step >= stop:
            break


@PROPS
@given(GAMES)
def test_no_view_reveals_another_seats_pending_bid(params: tuple[int, int, int]) -> None:
    players, seed, cards = params
    recorder = _random_game(players, seed, cards)
    for _, state in replay_states(recorder.record, GAME):
        assert isinstance(state, GopsState)
        for owner, bid in enumerate(state.bids):
            if bid is None:
                continue
            alternatives = _alternatives(state, owner)
            for viewer in [None, *range(players)]:
                if viewer == owner:
                    continue
                text = json.dumps(state.view(viewer), sort_keys=True)
                for alt in alternatives:
                    assert json.dumps(alt.view(viewer), sort_keys=True) == text
