from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from ludomots.core.errors import ReplayDivergence, RuleError
from ludomots.core.record import FORMAT_VERSION, Record, Recorder, SeatInfo, replay, replay_states
from ludomots.core.standing import Departure

from .gops import GAME, Bid

SEATS = [SeatInfo("Alice", "human"), SeatInfo("Bot", "bot", "expert")]


def _played(cards: int = 3) -> Recorder:
    recorder = Recorder.start(GAME, {"cards": cards}, 11, SEATS)
    for card in range(1, cards + 1):
        recorder.play(0, Bid(card), ms=120)
        recorder.play(1, Bid(cards + 1 - card), ms=5)
    return recorder


def test_recorder_logs_actions_digests_and_outcome() -> None:
    recorder = _played()
    record = recorder.record
    assert record.game == "gops" and record.seed == 11 and record.seats == SEATS
    assert record.options == {"cards": 3, "tie_rule": "discard"}
    assert [(a.seat, a.action, a.ms) for a in record.actions[:2]] == [
        (0, {"type": "bid", "card": 1}, 120), (1, {"type": "bid", "card": 3}, 5)]
    assert record.actions[-1].digest == recorder.state.digest()
    assert record.scores == recorder.state.scores()
    assert record.winners == recorder.state.winners()


def test_illegal_action_is_not_recorded() -> None:
    recorder = Recorder.start(GAME, None, 1, SEATS)
    with pytest.raises(RuleError):
        recorder.play(0, Bid(42))
    assert recorder.record.actions == []


def test_record_json_round_trip_and_file_dump(tmp_path: Path) -> None:
    record = _played().record
    assert Record.from_json(json.loads(json.dumps(record.to_json()))) == record
    path = tmp_path / "game.json"
    record.dump(path)
    assert Record.load(path) == record
    assert json.loads(path.read_text(encoding="utf-8"))["format_version"] == FORMAT_VERSION


def test_a_timeout_mark_is_kept_only_where_set_and_never_changes_the_game() -> None:
    """Issue 19: the table's clock played the action (``RecordedAction.timeout``); records
    without timeouts read and write exactly as before."""
    recorder = Recorder.start(GAME, {"cards": 3}, 11, SEATS)
    recorder.play(0, Bid(1), ms=120)
    recorder.play(1, Bid(3), ms=30_000, timeout=True)
    lines = recorder.record.to_json()["actions"]
    assert "timeout" not in lines[0] and lines[1]["timeout"] is True
    assert Record.from_json(recorder.record.to_json()) == recorder.record
    assert replay(recorder.record, GAME) == replay(_unmarked(recorder.record), GAME)
    bad = recorder.record.to_json()
    bad["actions"][1]["timeout"] = "yes"
    with pytest.raises(ValueError, match="timeout"):
        Record.from_json(bad)


def _unmarked(record: Record) -> Record:
    data = record.to_json()
    for line in data["actions"]:
        line.pop("timeout", None)
    return Record.from_json(data)


def test_replay_rebuilds_the_final_state() -> None:
    recorder = _played()
    assert replay(recorder.record, GAME) == recorder.state


def test_replay_states_yields_each_step_as_independent_copies() -> None:
    record = _played().record
    states = list(replay_states(record, GAME))
    assert [step for step, _ in states] == list(range(len(record.actions) + 1))
    assert [s.digest() for _, s in states[1:]] == [a.digest for a in record.actions]


def test_changed_action_raises_divergence_at_its_step() -> None:
    record = _played().record
    data = record.to_json()
    data["actions"][2]["action"]["card"] = 3  # seat 0 still holds 3: legal, other state
    with pytest.raises(ReplayDivergence) as info:
        replay(Record.from_json(data), GAME)
    assert info.value.step == 2
    assert "digest" in str(info.value)


def test_illegal_recorded_action_raises_divergence_at_its_step() -> None:
    data = _played().record.to_json()
    data["actions"][3]["action"]["card"] = 3  # seat 1 played 3 at step 1
    with pytest.raises(ReplayDivergence) as info:
        replay(Record.from_json(data), GAME)
    assert info.value.step == 3
    assert "card_not_in_hand" in str(info.value)


def test_changed_digest_raises_divergence_at_its_step() -> None:
    record = _played().record
    tampered = copy.deepcopy(record)
    tampered.actions[4] = type(record.actions[4])(
        seat=record.actions[4].seat, action=record.actions[4].action, ms=0, digest="0" * 64)
    with pytest.raises(ReplayDivergence) as info:
        replay(tampered, GAME)
    assert info.value.step == 4


def test_changed_scores_or_winners_raise_divergence_at_the_end() -> None:
    record = _played().record
    for key, value in (("scores", [99, 0]), ("winners", [1, 0])):
        tampered = copy.deepcopy(record)
        setattr(tampered, key, value)
        with pytest.raises(ReplayDivergence) as info:
            replay(tampered, GAME)
        assert info.value.step == len(record.actions)


def test_truncated_record_with_scores_diverges() -> None:
    record = copy.deepcopy(_played().record)
    del record.actions[-1]
    with pytest.raises(ReplayDivergence, match="not over"):
        replay(record, GAME)


def left_after_one_round() -> Record:
    """3 seats bid 3, 2, 1 (Alice's unique highest bid takes the prize), then Bruno resigns
    and the game ends on the scores as they stand (the table's "score" rule): the record says
    how it ended, as the table does (core/standing.py)."""
    recorder = Recorder.start(GAME, {"cards": 3}, 11,
                              [SEATS[0], SeatInfo("Bruno", "human"), SEATS[1]])
    for seat, card in ((0, 3), (1, 2), (2, 1)):
        recorder.play(seat, Bid(card))
    record = recorder.record
    prize = recorder.state.scores()[0]
    assert prize > 0 and record.scores is None  # the game goes on: 2 rounds are left
    record.scores, record.winners, record.ranks = [prize, 0, 0], [0], [1, 3, 2]
    record.departures = [Departure(seat=1, reason="resign", name="Bruno", seq=3, at=5)]
    return record


def test_a_record_that_players_left_replays_to_the_result_it_says() -> None:
    """Those who left rank last; among those who stayed, the best score wins when the game
    did not reach its end; the scores are the game's where it stopped."""
    record = left_after_one_round()
    state = replay(record, GAME)
    assert not state.is_over() and state.scores() == record.scores
    data = record.to_json()
    assert data["departures"] == [{"seat": 1, "reason": "resign", "name": "Bruno", "seq": 3,
                                   "level": None, "at": 5}]
    assert data["ranks"] == [1, 3, 2]
    assert Record.from_json(data) == record
    # A game nobody left has neither field.
    assert "departures" not in _played().record.to_json()
    assert "ranks" not in _played().record.to_json()


@pytest.mark.parametrize("change", [
    {"scores": [9, 0, 0]}, {"winners": [2]}, {"ranks": [1, 2, 3]},
    {"departures": [Departure(seat=1, reason="resign", name="Bruno", seq=4)]},
    {"departures": [Departure(seat=3, reason="resign", name="Bruno", seq=3)]}])
def test_a_changed_result_or_departure_diverges_at_the_end(change: dict[str, object]) -> None:
    record = left_after_one_round()
    for key, value in change.items():
        setattr(record, key, value)
    with pytest.raises(ReplayDivergence) as info:
        replay(record, GAME)
    assert info.value.step == 3


@pytest.mark.parametrize("departure", [
    {"seat": 1, "reason": "quit", "name": "B", "seq": 1, "level": None, "at": 0},
    {"seat": -1, "reason": "resign", "name": "B", "seq": 1, "level": None, "at": 0},
    {"seat": 1, "reason": "resign", "name": None, "seq": 1, "level": None, "at": 0},
    "Bruno"])
def test_malformed_departures_are_refused(departure: object) -> None:
    data = left_after_one_round().to_json()
    data["departures"] = [departure]
    with pytest.raises(ValueError):
        Record.from_json(data)


def test_record_of_another_game_or_bad_options_diverges_at_step_0() -> None:
    record = copy.deepcopy(_played().record)
    record.game = "typo"
    with pytest.raises(ReplayDivergence) as info:
        replay(record, GAME)
    assert info.value.step == 0
    record = copy.deepcopy(_played().record)
    record.options = {"cartes": 3}
    with pytest.raises(ReplayDivergence):
        replay(record, GAME)


@pytest.mark.parametrize("change", [
    {"format_version": 2}, {"seed": "11"}, {"seats": [{"name": "A", "kind": "alien"}]},
    {"scores": [1, True]}, {"actions": [{"seat": 0, "action": {}, "ms": 0}]}])
def test_malformed_records_are_refused(change: dict[str, object]) -> None:
    data = _played().record.to_json()
    data.update(change)
    with pytest.raises(ValueError):
        Record.from_json(data)
