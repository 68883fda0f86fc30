from __future__ import annotations

import pytest

from ludomots.core import registry
from ludomots.core.rng import SeededRandom
from ludomots.table.worker import BotJob, choose_action
from tests.core.gops import BOTS, GAME, Bid, GopsState


def _job(level: str = "debutant", seat: int = 1) -> BotJob:
    state = GAME.new({"cards": 5}, 2, 3)
    return BotJob(game="gops", game_module="tests.core.gops", state_class=GopsState,
                  state=state.to_json(), seat=seat, level=level,
                  rng=SeededRandom(3).fork("bot1:0").to_json())


def test_a_bot_job_returns_the_bots_action_as_json() -> None:
    state = GAME.new({"cards": 5}, 2, 3)
    expected = BOTS["debutant"]().choose(state, 1, SeededRandom(3).fork("bot1:0"))
    assert choose_action(_job()) == GAME.action_codec.encode(expected)
    assert choose_action(_job()) == choose_action(_job())  # deterministic
    assert choose_action(_job("expert")) == {"type": "bid", "card": _expert_card()}


def _expert_card() -> int:
    state = GAME.new({"cards": 5}, 2, 3)
    action = BOTS["expert"]().choose(state, 1, SeededRandom(0))
    assert isinstance(action, Bid)
    return action.card


def test_a_worker_process_finds_a_runtime_game_through_its_module() -> None:
    registry.unregister("gops")  # what a freshly spawned worker process looks like
    assert choose_action(_job("expert")) == {"type": "bid", "card": _expert_card()}
    assert registry.get_game("gops") is GAME


def test_an_unknown_level_is_an_error() -> None:
    with pytest.raises(KeyError, match="no bot level 'confirme'"):
        choose_action(_job("confirme"))


def test_a_seat_saved_with_a_retired_level_is_played_by_its_successor() -> None:
    # « Maître » was withdrawn (issue 21); a game saved with it goes on with the expert.
    assert choose_action(_job("maitre")) == choose_action(_job("expert"))
