"""``GET /api/rules/{game}``: the French player rules of a game, as HTML.

Each game package ships ``regles.md`` (players' French, short sections), beside the developers'
``docs/rules/<game>.md``. It is rendered here with markdown-it in safe mode: raw HTML in the
file is shown as text and dangerous link schemes are refused, so the client can insert the
result as HTML without trusting anyone but the file's authors. Files do not change while the
server runs: each is rendered once.
"""

from __future__ import annotations

import importlib.util
from functools import lru_cache
from pathlib import Path
from typing import Any

from markdown_it import MarkdownIt
from starlette.requests import Request
from starlette.responses import JSONResponse

from ludomots.core import registry
from ludomots.server.errors import ApiError
from ludomots.server.games import FALLBACK_TITLES

RULES_FILE = "regles.md"


def _markdown() -> MarkdownIt:
    return MarkdownIt("commonmark", {"html": False, "linkify": False, "typographer": False}) \
        .enable("table")


def rules_path(game: str) -> Path | None:
    """Where the game's package keeps its player rules, found without importing the game."""
    module = registry.GAME_MODULES.get(game)
    if module is None:
        return None
    try:
        spec = importlib.util.find_spec(module)
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.submodule_search_locations:
        return None
    for location in spec.submodule_search_locations:
        path = Path(location) / RULES_FILE
        if path.is_file():
            return path
    return None


@lru_cache(maxsize=16)
def render_rules(game: str) -> dict[str, Any] | None:
    path = rules_path(game)
    if path is None:
        return None
    try:
        title = registry.get_game(game).title
    except Exception:
        title = FALLBACK_TITLES.get(game, game)
    html = _markdown().render(path.read_text(encoding="utf-8"))
    return {"game": game, "title": title, "html": html}


async def rules(request: Request) -> JSONResponse:
    game = str(request.path_params["game"])
    rendered = render_rules(game) if game in registry.GAME_MODULES else None
    if rendered is None:
        shown = game if len(game) <= 30 else game[:30] + "…"
        raise ApiError("unknown_rules", f"Pas de règles pour le jeu « {shown} ».")
    return JSONResponse(rendered)
