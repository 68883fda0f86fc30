"""Where the games live: the ``ludomots.games`` entry points, loaded lazily.

A game is a plugin: its distribution declares ``name = "package.module:GAME"`` in the
``ludomots.games`` entry-point group (this project's own five in pyproject.toml), so a new game
edits no file here. The CLI and the server list games without importing them all (the lexicon
behind some is big), and a game whose module is missing or broken must not take the others
down: ``available_games`` skips it and ``unavailable_games`` says why. ``register`` adds a game
at run time (a test fixture).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib.metadata import EntryPoint, entry_points

from ludomots.core.bots import BotFactory
from ludomots.core.game import Game
from ludomots.lexicon.policy import STANDARD, Policy

#: The entry-point group games declare themselves in.
GROUP = "ludomots.games"


@dataclass(frozen=True)
class GameEntry:
    game: Game
    #: Bots given to ``register``; None: the game's own, imported on first use.
    bots: dict[str, BotFactory] | None = None


_loaded: dict[str, GameEntry] = {}
_runtime: dict[str, GameEntry] = {}
_failures: dict[str, str] = {}


@cache
def _entry_points() -> dict[str, EntryPoint]:
    """The declared games by name (read once: the installed distributions do not change)."""
    return {point.name: point for point in entry_points(group=GROUP)}


def refresh() -> None:
    """Forget the entry points read and the games loaded (a distribution was installed)."""
    _entry_points.cache_clear()
    _loaded.clear()
    _failures.clear()


def register(name: str, game: Game, bots: dict[str, BotFactory] | None = None) -> None:
    """Add (or replace) a game at runtime, e.g. a test fixture; its bots default to the
    game's own (``Game.bots``)."""
    _runtime[name] = GameEntry(game, None if bots is None else dict(bots))


def unregister(name: str) -> None:
    _runtime.pop(name, None)


def known_games() -> list[str]:
    return sorted(set(_entry_points()) | set(_runtime))


def _entry(name: str) -> GameEntry:
    if name in _runtime:
        return _runtime[name]
    if name in _loaded:
        return _loaded[name]
    point = _entry_points().get(name)
    if point is None:
        raise KeyError(f"unknown game {name!r}; known games: {', '.join(known_games())}")
    game = point.load()
    if not isinstance(game, Game):
        raise TypeError(f"{point.value} is not a Game")
    entry = GameEntry(game)
    _loaded[name] = entry
    return entry


def get_game(name: str) -> Game:
    """The game called ``name``; KeyError listing the known games if there is none."""
    return _entry(name).game


def get_bots(name: str) -> dict[str, BotFactory]:
    """The game's bot factories by level."""
    entry = _entry(name)
    return entry.game.bots() if entry.bots is None else dict(entry.bots)


def policy_of(name: str | None) -> Policy:
    """The lexicon policy of the game called ``name`` (its Game object carries it); the
    standard one when no game is named. KeyError for an unknown game."""
    return STANDARD if name is None else get_game(name).policy


def available_games() -> list[str]:
    """Names of the games that actually load, sorted; never raises."""
    names = []
    for name in known_games():
        try:
            get_bots(name)
        except Exception as exc:  # a broken game must not hide the others
            _failures[name] = f"{type(exc).__name__}: {exc}"
            continue
        _failures.pop(name, None)
        names.append(name)
    return names


def unavailable_games() -> dict[str, str]:
    """Why each known game failed to load at the last ``available_games`` call."""
    return dict(_failures)
