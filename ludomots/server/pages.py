"""The client's pages: every route the browser client handles gets the same ``index.html``.

The client routes on ``location.pathname``, so a reload or a shared link to ``/table/abc``
must serve the page rather than a 404. Only the routes of the protocol are served this way;
anything else is an honest 404.
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, Response
from starlette.routing import Route

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
