"""The client's pages: every route the browser client handles gets the same ``index.html``.

The client routes on ``location.pathname``, so a reload or a shared link to ``/table/abc``
must serve the page rather than a 404. Only the routes of the protocol are served this way;
anything else is an honest 404.
"""

from __future__ import annotations

import re
from pathlib import Path

from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import Receive, Scope, Send

from ludomots.core import registry
from ludomots.server.settings import settings_of

CLIENT_ROUTES = (
    "/",
    "/regles/{game}",
    "/table/{table_id}",
    "/lexique",
    "/lexique/{word}",
    "/partie/{table_id}/revoir",
)

MISSING_CLIENT = """<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><title>Ludomots</title></head>
<body><h1>Ludomots</h1><p>Le client web n’est pas installé sur ce serveur.</p></body></html>
"""


async def index(request: Request) -> Response:
    path = settings_of(request).static_dir / "index.html"
    if not path.is_file():
        return HTMLResponse(MISSING_CLIENT, status_code=503)
    # Always revalidate: a new version of the client must reach players at their next visit.
    return FileResponse(path, media_type="text/html; charset=utf-8",
                        headers={"Cache-Control": "no-cache"})


def page_routes() -> list[Route]:
    return [Route(path, index, methods=["GET", "HEAD"]) for path in CLIENT_ROUTES]


#: A game's name as a folder name: no dot, no slash (``/static/games/../x`` is refused).
GAME_NAME = re.compile(r"[a-z0-9_-]{1,40}")


class GameAssets:
    """``/static/games/<game>/...``: a game's browser files (``index.js`` first).

    A game installed as a plugin carries its own folder (``Game.assets_dir``); the other games'
    files are in the server's static folder, under ``games/<game>/``."""

    def __init__(self, static_dir: Path) -> None:
        self.static_dir = static_dir
        self._files: dict[Path, StaticFiles] = {}

    def folder(self, game: str) -> Path | None:
        if not GAME_NAME.fullmatch(game):
            return None
        own = None
        if game in registry.known_games():
            try:
                own = registry.get_game(game).assets_dir
            except Exception:  # a game that does not load serves no files of its own
                own = None
        return own if own is not None else self.static_dir / "games" / game

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        folder = self.folder(str(scope["path_params"]["game"]))
        if folder is None:
            await PlainTextResponse("Not Found", status_code=404)(scope, receive, send)
            return
        files = self._files.get(folder)
        if files is None:
            files = self._files[folder] = StaticFiles(directory=folder, check_dir=False)
        await files(scope, receive, send)


def game_assets_route(static_dir: Path) -> Mount:
    """The games' browser files; it comes before the static folder's own mount."""
    return Mount("/static/games/{game}", app=GameAssets(static_dir), name="game_assets")
