from __future__ import annotations

from collections.abc import Iterator

import pytest

from ludomots.core import registry

from .gops import BOTS, GAME


@pytest.fixture
def gops_registered() -> Iterator[None]:
    registry.register("gops", GAME, BOTS)
    yield
    registry.unregister("gops")


def test_available_games_does_not_crash_when_game_modules_are_missing() -> None:
    names = registry.available_games()
    assert set(names) <= set(registry.known_games())
    for name in set(registry.known_games()) - set(names):
        assert name in registry.unavailable_games()


def test_unknown_game_raises_key_error_listing_known_games() -> None:
    with pytest.raises(KeyError, match="known games: .*topword"):
        registry.get_game("scrabble")


def test_registered_game_and_bots_are_found(gops_registered: None) -> None:
    assert registry.get_game("gops") is GAME
    assert set(registry.get_bots("gops")) == {"debutant", "expert"}
    assert "gops" in registry.available_games()
    assert "gops" in registry.known_games()


def test_unregister_removes_a_runtime_game() -> None:
    registry.register("gops", GAME, BOTS)
    registry.unregister("gops")
    with pytest.raises(KeyError):
        registry.get_game("gops")
