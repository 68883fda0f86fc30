"""Where the games live, loaded lazily.

The CLI and the server list games without importing them all (the lexicon behind some is big),
and a game whose module is missing or broken must not take the others down: ``available_games``
skips it and ``unavailable_games`` says why.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass

from ludomots.core.bots import BotFactory
from ludomots.core.game import Game

#: Game name -> module exposing ``GAME`` and ``BOTS``.
GAME_MODULES: dict[str, str] = {
    "topword": "ludomots.games.topword",
    "typo": "ludomots.games.typo",
    "awalettres": "ludomots.games.awalettres",
    "vocabulon": "ludomots.games.vocabulon",
    "volapuk": "ludomots.games.volapuk",
}


@dataclass(frozen=True)
class GameEntry:
    game: Game
    bots: dict[str, BotFactory]


_loaded: dict[str, GameEntry] = {}
_runtime: dict[str, GameEntry] = {}
_failures: dict[str, str] = {}


def register(name: str, game: Game, bots: dict[str, BotFactory]) -> None:
    """Add (or replace) a game at runtime, e.g. a test fixture or a plugin."""
    _runtime[name] = GameEntry(game, dict(bots))


def unregister(name: str) -> None:
    _runtime.pop(name, None)


def known_games() -> list[str]:
    return sorted(set(GAME_MODULES) | set(_runtime))


def _entry(name: str) -> GameEntry:
    if name in _runtime:
        return _runtime[name]
    if name in _loaded:
        return _loaded[name]
    if name not in GAME_MODULES:
        raise KeyError(f"unknown game {name!r}; known games: {', '.join(known_games())}")
    module = importlib.import_module(GAME_MODULES[name])
    game = module.GAME
    bots = module.BOTS
    if not isinstance(game, Game):
        raise TypeError(f"{GAME_MODULES[name]}.GAME is not a Game")
    entry = GameEntry(game, dict(bots))
    _loaded[name] = entry
    return entry


def get_game(name: str) -> Game:
    """The game called ``name``; KeyError listing the known games if there is none."""
    return _entry(name).game


def get_bots(name: str) -> dict[str, BotFactory]:
    """The game's bot factories by level."""
    return dict(_entry(name).bots)


def available_games() -> list[str]:
    """Names of the games that actually load, sorted; never raises."""
    names = []
    for name in known_games():
        try:
            _entry(name)
        except Exception as exc:  # a broken game must not hide the others
            _failures[name] = f"{type(exc).__name__}: {exc}"
            continue
        _failures.pop(name, None)
        names.append(name)
    return names


def unavailable_games() -> dict[str, str]:
    """Why each known game failed to load at the last ``available_games`` call."""
    return dict(_failures)
