"""Views of whole games, for the view contracts (static/games/<game>/view.schema.json): bots
play a seeded game through the engine, and after every action the view of each seat and of a
spectator is kept."""

from collections.abc import Iterator
from typing import Any

from ludomots.core.bots import seat_bots
from ludomots.core.registry import get_bots, get_game

#: Each game's (players, options) the contracts are checked with: two players and the most the
#: game seats (per-seat lists of every length), and options that change the view's shape.
VARIANTS: dict[str, list[tuple[int, dict[str, Any]]]] = {
    "topword": [(2, {}), (4, {}), (2, {"referee": "auto", "max_height": 3})],
    "typo": [(2, {}), (5, {}), (3, {"referee": "auto", "first_player": 1})],
    "awalettres": [(2, {}), (4, {}), (3, {"first_player": "wayampou", "blind_spell": False,
                                          "elephant": True})],
    "volapuk": [(2, {}), (4, {}), (2, {"anagrams": True, "accents": True, "graphemes": True,
                                       "multi_letter_values": True, "super_joker": True,
                                       "definitions": True, "end_abbreviations": True})],
    "vocabulon": [(2, {}), (3, {}), (2, {"word_length": 6, "die": "1-6", "deck": "facile",
                                         "handicaps": [1, -1], "clues": ["deuxieme", "derniere"]})],
}
MAX_ACTIONS = 600


def game_views(name: str, players: int, seed: int, level: str = "debutant",
               options: Any = None) -> Iterator[tuple[int, int | None, dict[str, Any]]]:
    """(step, seat or None, view) of every seat and the spectator, from the first position to
    the last, as debutant bots play the game from ``seed``."""
    game = get_game(name)
    state = game.new(game.coerce_options(options), players, seed)
    bots, rngs = seat_bots(get_bots(name), [level] * players, seed)
    seats: list[int | None] = [*range(players), None]
    for step in range(MAX_ACTIONS + 1):
        for seat, view in state.views(seats).items():
            yield step, seat, view
        if state.is_over():
            return
        seat = min(state.to_act())
        state.apply(seat, bots[seat].choose(state, seat, rngs[seat]))
    raise AssertionError(f"{name}: no end after {MAX_ACTIONS} actions")
