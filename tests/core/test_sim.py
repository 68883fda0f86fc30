from __future__ import annotations

from typing import Any

import pytest

from ludomots.core.bots import BotFactory, RandomBot
from ludomots.core.game import Action, State
from ludomots.core.record import replay
from ludomots.core.rng import SeededRandom
from ludomots.core.sim import play_game, run_matches, seat_labels, wilson_interval

from .gops import BOTS, GAME, Bid


def _json_without_time(result: Any) -> dict[str, Any]:
    data: dict[str, Any] = result.to_json()
    del data["seconds"]
    return data


def test_labels_number_repeated_levels() -> None:
    assert seat_labels(["expert", "debutant", "debutant", "expert"]) == [
        "expert", "debutant", "debutant#2", "expert#2"]


def test_wilson_interval_known_values() -> None:
    low, high = wilson_interval(50, 100)
    assert (round(low, 4), round(high, 4)) == (0.4038, 0.5962)
    assert wilson_interval(0, 0) == (0.0, 1.0)
    low, high = wilson_interval(10, 10)
    assert round(low, 4) == 0.7225 and high == pytest.approx(1.0)


def test_greedy_bot_beats_random_bot() -> None:
    result = run_matches(GAME, BOTS, ["expert", "debutant"], 200, seed=7)
    assert result.errors == 0
    assert result.wins["expert"] + result.wins["debutant"] == 200
    assert result.win_rates["expert"].low > 0.5
    assert result.mean_scores["expert"] > result.mean_scores["debutant"]


def test_same_seed_gives_the_same_result() -> None:
    seats = ["debutant", "debutant", "expert"]
    first = run_matches(GAME, BOTS, seats, 30, seed=3, options={"tie_rule": "carry"})
    again = run_matches(GAME, BOTS, seats, 30, seed=3, options={"tie_rule": "carry"})
    other = run_matches(GAME, BOTS, seats, 30, seed=4, options={"tie_rule": "carry"})
    assert _json_without_time(first) == _json_without_time(again)
    assert _json_without_time(first) != _json_without_time(other)


def test_result_json_has_the_documented_keys() -> None:
    data = run_matches(GAME, BOTS, ["expert", "expert"], 4, seed=1).to_json()
    assert {"game", "games", "seats", "wins", "mean_scores", "errors", "seconds",
            "win_rates"} <= set(data)
    assert data["seats"] == ["expert", "expert#2"]
    assert set(data["win_rates"]["expert"]) == {"rate", "low", "high"}


def test_seat_order_rotates_so_each_level_plays_each_position() -> None:
    result = run_matches(GAME, BOTS, ["expert", "debutant", "debutant"], 6, seed=2,
                         keep_records=True)
    positions = [[s.name for s in record.seats] for record in result.records]
    assert positions[:3] == [["expert", "debutant", "debutant#2"],
                             ["debutant", "debutant#2", "expert"],
                             ["debutant#2", "expert", "debutant"]]
    # then the other circular order: the neighbours change
    assert positions[3:] == [["expert", "debutant#2", "debutant"],
                             ["debutant#2", "debutant", "expert"],
                             ["debutant", "expert", "debutant#2"]]


def test_kept_records_replay() -> None:
    result = run_matches(GAME, BOTS, ["expert", "debutant"], 5, seed=9, keep_records=True)
    assert len(result.records) == 5
    for record in result.records:
        assert replay(record, GAME).scores() == record.scores


def test_shared_wins_count_a_fraction_each() -> None:
    # One card each and identical bids: every game is a three-way tie at 0.
    result = run_matches(GAME, BOTS, ["expert"] * 3, 3, seed=0, options={"cards": 1})
    assert result.wins == {"expert": 1.0, "expert#2": 1.0, "expert#3": 1.0}


class _CrashingBot:
    level = "crash"

    def choose(self, state: State, seat: int, rng: SeededRandom) -> Action:
        if len(state.view(seat)["history"]) >= 2:
            raise RuntimeError("boom")
        return Bid(state.view(seat)["hand"][0])


class _IllegalBot:
    level = "cheat"

    def choose(self, state: State, seat: int, rng: SeededRandom) -> Action:
        return Bid(99)


def test_failing_games_are_counted_and_the_run_continues() -> None:
    bots: dict[str, BotFactory] = {**BOTS, "crash": _CrashingBot, "cheat": _IllegalBot}
    progress: list[tuple[int, int]] = []
    result = run_matches(GAME, bots, ["crash", "debutant"], 3, seed=0,
                         on_progress=lambda done, total: progress.append((done, total)))
    assert result.errors == 3 and result.completed == 0
    assert progress == [(1, 3), (2, 3), (3, 3)]
    assert result.error_details[0]["error"] == "RuntimeError: boom"
    assert result.error_details[0]["step"] == 4
    cheat = run_matches(GAME, bots, ["cheat", "debutant"], 2, seed=0)
    assert cheat.errors == 2
    assert cheat.error_details[0]["error"].startswith("RuleError: Vous n’avez pas la carte 99")
    assert cheat.win_rates["cheat"].rate == 0.0


def test_bad_arguments_are_refused_up_front() -> None:
    with pytest.raises(ValueError):
        run_matches(GAME, BOTS, ["expert"], 1, seed=0)
    with pytest.raises(KeyError):
        run_matches(GAME, BOTS, ["expert", "confirme"], 1, seed=0)
    with pytest.raises(ValueError):
        run_matches(GAME, {"debutant": lambda: RandomBot()}, ["debutant"] * 2, 1, seed=0,
                    options={"cards": 0})


def test_paired_deals_play_each_deal_from_every_seat() -> None:
    result = run_matches(GAME, BOTS, ["expert", "debutant"], 4, seed=5, keep_records=True,
                         paired=True)
    seeds = [record.seed for record in result.records]
    levels = [[seat.level for seat in record.seats] for record in result.records]
    assert seeds[0] == seeds[1] != seeds[2] == seeds[3]
    assert levels == [["expert", "debutant"], ["debutant", "expert"]] * 2
    unpaired = run_matches(GAME, BOTS, ["expert", "debutant"], 4, seed=5, keep_records=True)
    assert len({record.seed for record in unpaired.records}) == 4


def test_play_game_times_each_decision_when_asked() -> None:
    result = play_game(GAME, BOTS, ["expert", "debutant"], 3, time_decisions=True)
    assert len(result.decisions) == result.actions > 0
    assert {level for _, level, _, _ in result.decisions} == {"expert", "debutant"}
    assert all(cpu >= 0 and wall >= 0 for _, _, cpu, wall in result.decisions)
