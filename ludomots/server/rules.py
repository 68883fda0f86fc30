"""``GET /api/rules/{game}``: the French player rules of a game, as HTML.

Each game names its players' rules file (``Game.rules_file``: ``regles.md`` in the game's
package, players' French, short sections), beside the developers' ``docs/rules/<game>.md``.
It is rendered here with markdown-it in safe mode: raw HTML in the file is shown as text and
dangerous link schemes are refused, so the client can insert the result as HTML without
trusting anyone but the file's authors. Files do not change while the
server runs: each is rendered once.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from starlette.requests import Request
from starlette.responses import JSONResponse

from ludomots.core import registry
from ludomots.server.errors import ApiError

if TYPE_CHECKING:
    from markdown_it import MarkdownIt


def _markdown() -> MarkdownIt:
    # Imported with the first page rendered, not at the server's start (issue 22).
    from markdown_it import MarkdownIt

    return MarkdownIt("commonmark", {"html": False, "linkify": False, "typographer": False}) \
        .enable("table")


def rules_path(game: str) -> Path | None:
    """The game's players' rules file (its Game object names it), or None: no such game, a
    game that does not load, or no file."""
    try:
        path = registry.get_game(game).rules_file
    except Exception:  # an unknown or broken game has no rules page
        return None
    return path if path is not None and path.is_file() else None


@lru_cache(maxsize=16)
def render_rules(game: str) -> dict[str, Any] | None:
    path = rules_path(game)
    if path is None:
        return None
    title = registry.get_game(game).title
    html = _markdown().render(path.read_text(encoding="utf-8"))
    return {"game": game, "title": title, "html": html}


async def rules(request: Request) -> JSONResponse:
    game = str(request.path_params["game"])
    rendered = render_rules(game) if game in registry.known_games() else None
    if rendered is None:
        shown = game if len(game) <= 30 else game[:30] + "…"
        raise ApiError("unknown_rules", f"Pas de règles pour le jeu « {shown} ».")
    return JSONResponse(rendered)
