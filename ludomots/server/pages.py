"""The client's pages: every route the browser client handles gets the same ``index.html``.

The client routes on ``location.pathname``, so a reload or a shared link to ``/table/abc``
must serve the page rather than a 404. Only the routes of the protocol are served this way;
anything else is an honest 404.
"""

from __future__ import annotations

import logging

from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, Response
from starlette.routing import Match, Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import Receive, Scope, Send

from ludomots.core import registry
from ludomots.server.settings import settings_of

log = logging.getLogger(__name__)

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



class GameAssets(Mount):
    """``/static/games/<game>/...`` from the game's own folder (``Game.assets_dir``: a game
    installed as a plugin). Whether the game has one is asked at the first request there,
    not at start (which imported every game: a sixth of the start, issue 22). A game without
    its own folder (the built-in ones), or that does not load, does not match: the server's
    static folder, mounted after, serves ``games/<game>/`` as it would have."""

    def __init__(self, name: str) -> None:
        super().__init__(f"/static/games/{name}", app=self._serve)
        self.game = name
        self._files: StaticFiles | None = None
        self._asked = False

    def files(self) -> StaticFiles | None:
        """The game's folder, served; None if it has none (asked once)."""
        if not self._asked:
            self._asked = True
            try:
                folder = registry.get_game(self.game).assets_dir
            except Exception:  # a game that does not load serves nothing; the others still do
                log.warning("game %s does not load: its browser files are not served",
                            self.game)
                folder = None
            if folder is not None:
                self._files = StaticFiles(directory=folder, check_dir=False)
        return self._files

    def matches(self, scope: Scope) -> tuple[Match, Scope]:
        match, child = super().matches(scope)
        if match is Match.NONE or self.files() is None:
            return Match.NONE, {}
        return match, child

    async def _serve(self, scope: Scope, receive: Receive, send: Send) -> None:
        files = self.files()
        assert files is not None  # matched
        await files(scope, receive, send)


def game_assets_routes() -> list[Mount]:
    """A ``GameAssets`` mount for each game declared (no game imported for it); they come
    before the static folder's mount."""
    return [GameAssets(name) for name in registry.known_games()]
