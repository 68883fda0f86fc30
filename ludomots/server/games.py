"""``GET /api/games``: what the home page offers, built from the registry.

Forms are generated from each game's option descriptions (``Game.option_descriptions``) so a
new variant in a game's options dataclass appears in the browser without touching the server
or the client. A game whose module does not
load is still listed (``available: false``) so the home page can say it is coming.
"""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse

from ludomots.core import registry
from ludomots.core.bots import LEVEL_TITLES, LEVELS


def _levels(bots: dict[str, Any]) -> list[str]:
    """Bot levels in the usual order (débutant first), then any others alphabetically."""
    known = [level for level in LEVELS if level in bots]
    return known + sorted(level for level in bots if level not in LEVELS)


def game_entry(name: str) -> dict[str, Any]:
    game = registry.get_game(name)
    levels = _levels(registry.get_bots(name))
    return {
        "name": name,
        "title": game.title,
        "min_players": game.min_players,
        "max_players": game.max_players,
        "levels": levels,
        "level_titles": {level: LEVEL_TITLES.get(level, level) for level in levels},
        "options": game.option_descriptions(),
        "available": True,
    }


def list_games() -> list[dict[str, Any]]:
    available = set(registry.available_games())
    out = []
    for name in registry.known_games():
        if name in available:
            out.append(game_entry(name))
        else:
            # Its title is in the Game object that did not load: the name stands for it.
            out.append({"name": name, "title": name.capitalize(), "available": False})
    return out


async def games(request: Request) -> JSONResponse:
    cached: list[dict[str, Any]] | None = getattr(request.app.state, "games", None)
    if cached is None:
        cached = request.app.state.games = list_games()
    return JSONResponse(cached)
