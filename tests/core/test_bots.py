from __future__ import annotations

from pathlib import Path

import pytest

from ludomots.core.bots import LEVEL_TITLES, LEVELS, RETIRED_LEVELS, Bot, RandomBot, current_level
from ludomots.core.rng import SeededRandom

from .gops import BOTS, GAME


def test_game_bots_follow_the_protocol_and_known_levels() -> None:
    for level, factory in BOTS.items():
        bot = factory()
        assert isinstance(bot, Bot)
        assert bot.level == level and level in LEVELS
    assert LEVEL_TITLES["confirme"] == "Confirmé"


def test_random_bot_plays_legal_moves_deterministically_for_a_seed() -> None:
    state = GAME.new(None, 2, 3)
    picks = [RandomBot().choose(state, 0, SeededRandom(8)) for _ in range(2)]
    assert picks[0] == picks[1]
    assert state.check(0, picks[0]) is None


def test_random_bot_needs_enumerable_legal_moves() -> None:
    state = GAME.new(None, 2, 3)
    state.legal = lambda seat: None  # type: ignore[method-assign]
    with pytest.raises(NotImplementedError):
        RandomBot().choose(state, 0, SeededRandom(1))


def test_every_level_has_a_french_title_the_browser_shows_too() -> None:
    # The greedy yardstick is « Glouton » for players; « Maître », retired, still names the
    # seats of the games saved with it.
    assert LEVELS == ("debutant", "confirme", "greedy", "expert")
    assert LEVEL_TITLES == {"debutant": "Débutant", "confirme": "Confirmé",
                            "greedy": "Glouton", "expert": "Expert", "maitre": "Maître"}
    ui = (Path(__file__).resolve().parents[2] / "ludomots" / "server" / "static" / "ui.js")
    text = ui.read_text("utf-8")
    for level, title in LEVEL_TITLES.items():
        assert f'{level}: "{title}"' in text, level


def test_a_retired_level_is_no_longer_offered_and_its_seats_play_as_its_successor() -> None:
    # Issue 21: « Maître » did not measurably gain over the expert, so it was withdrawn.
    assert RETIRED_LEVELS == {"maitre": "expert"}
    assert not set(RETIRED_LEVELS) & set(LEVELS)
    assert current_level("maitre") == "expert" and current_level("confirme") == "confirme"
