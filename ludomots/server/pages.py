"""The client's pages: every route the browser client handles gets the same ``index.html``.

The client routes on ``location.pathname``, so a reload or a shared link to ``/table/abc``
must serve the page rather than a 404. Only the routes of the protocol are served this way;
anything else is an honest 404.
"""

from __future__ import annotations

import logging

from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

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



def game_assets_routes() -> list[Mount]:
    """``/static/games/<game>/...`` for each game that carries its browser files
    (``Game.assets_dir``: a game installed as a plugin); the other games' files are in the
    server's static folder, under ``games/<game>/``. They come before that folder's mount."""
    mounts = []
    for name in registry.known_games():
        try:
            folder = registry.get_game(name).assets_dir
        except Exception:  # a game that does not load serves nothing; the others still do
            log.warning("game %s does not load: its browser files are not served", name)
            continue
        if folder is not None:
            mounts.append(Mount(f"/static/games/{name}",
                                StaticFiles(directory=folder, check_dir=False)))
    return mounts
