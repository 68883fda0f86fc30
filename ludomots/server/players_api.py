"""Players in public: profiles, rating plots, leaderboards, bots' ratings, as JSON and as two
plain server-rendered pages (``/joueur/{name}``, ``/classement/{game}``) that use the
client's stylesheet and need no script (the client may later draw its own from the JSON).

Answers read indexed rows only (``accounts/queries.py``); the first request after a start
also opens the lexicon for the best words' definitions, which are then cached.
"""

from __future__ import annotations

import asyncio
import functools
from html import escape
from typing import Any
from urllib.parse import quote

from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response

from ludomots.accounts.db import Account
from ludomots.accounts.plot import rating_svg
from ludomots.accounts.queries import class_titles
from ludomots.accounts.ratings import CLASS_TITLES, classes
from ludomots.core import registry
from ludomots.core.bots import LEVEL_TITLES
from ludomots.core.errors import RuleError
from ludomots.server.auth import accounts_of
from ludomots.server.errors import ApiError

NAME_MAX = 64


def _game_title(game: str) -> str:
    try:
        return registry.get_game(game).title
    except Exception:
        return game


def _game(request: Request) -> str:
    game = str(request.path_params["game"])
    if game not in registry.known_games():
        shown = game[:30] if game.isprintable() else "?"
        raise ApiError("unknown_game", f"Jeu inconnu : « {shown} ».", 404)
    return game


def _players_class(request: Request, default: str = "2") -> str:
    cls = request.query_params.get("joueurs", default)
    if cls not in classes():
        raise ApiError("bad_class", "Nombre de joueurs inconnu : choisissez "
                                    f"{', '.join(classes())}.")
    return cls


def _name_of(request: Request) -> str:
    name = str(request.path_params["name"])
    if len(name) > NAME_MAX:
        from ludomots.accounts.errors import unknown_player

        raise unknown_player(name[:40])
    return name


async def _account(request: Request) -> Account:
    return await asyncio.to_thread(accounts_of(request).db.account_named, _name_of(request))


@functools.lru_cache(maxsize=4096)
def definition(word: str, game: str) -> str | None:
    """The first sense of the word in the lexicon (the game's policy), or None."""
    from ludomots.core import registry
    from ludomots.server.lexicon_api import lookup

    try:
        found = lookup(word, game if game in registry.known_games() else None)
    except Exception:
        return None
    for entry in found["definitions"]:
        if entry["senses"]:
            return str(entry["senses"][0])
    return None


def _with_definitions(best: dict[str, list[dict[str, Any]]]) -> None:
    for entries in best.values():
        for entry in entries:
            entry["definition"] = definition(entry["word"], entry["game"])


async def profile_data(request: Request) -> dict[str, Any]:
    name = _name_of(request)
    before = request.query_params.get("avant")
    if before is not None and not before.isdigit():
        raise ApiError("bad_cursor", "« avant » doit être une date en millisecondes.")
    service = accounts_of(request)

    def read() -> dict[str, Any]:  # one trip to the database thread, one transaction
        data = service.queries.profile_named(name, int(before) if before else None)
        _with_definitions(data["best_words"])
        for game in data["ratings"]:
            data["ratings"][game]["plot"] = \
                f"/api/players/{quote(data['name'])}/plot/{game}"
        return data

    return await asyncio.to_thread(read)


async def player(request: Request) -> JSONResponse:
    return JSONResponse(await profile_data(request))


async def plot(request: Request) -> Response:
    account = await _account(request)
    game = _game(request)
    cls = request.query_params.get("joueurs")
    if cls is not None and cls not in classes():
        raise ApiError("bad_class", "Nombre de joueurs inconnu : choisissez "
                                    f"{', '.join(classes())}.")
    points = await asyncio.to_thread(accounts_of(request).queries.rating_points, account.id,
                                     game, cls)
    if cls is None and points:  # one line: the class played most
        counts: dict[str, int] = {}
        for _, _, c in points:
            counts[c] = counts.get(c, 0) + 1
        cls = max(counts, key=lambda c: counts[c])
        points = [p for p in points if p[2] == cls]
    title = f"Classement de {account.name} à {_game_title(game)}"
    if cls is not None:
        title += f" ({CLASS_TITLES[cls]})"
    svg = rating_svg([(at, rating) for at, rating, _ in points], title)
    return Response(svg, media_type="image/svg+xml",
                    headers={"Cache-Control": "no-cache"})


async def leaderboard_data(request: Request) -> dict[str, Any]:
    game = _game(request)
    cls = _players_class(request)
    queries = accounts_of(request).queries

    players, bot_ratings = await asyncio.to_thread(queries.leaderboard_and_bots, game, cls)
    bots = bot_ratings.get(game, {}).get(cls, {})
    return {"game": game, "title": _game_title(game), "class": cls,
            "classes": class_titles(), "players": players,
            "bots": [{"level": level, "title": LEVEL_TITLES.get(level, level), **entry}
                     for level, entry in sorted(bots.items(), key=lambda kv: kv[1]["rating"])]}


async def leaderboard(request: Request) -> JSONResponse:
    return JSONResponse(await leaderboard_data(request))


async def bot_ratings(request: Request) -> JSONResponse:
    """{game: {class: {level: {"rating", "provisional", "games"}}}}: « Expert ≈ 1850 »."""
    return JSONResponse(await asyncio.to_thread(accounts_of(request).queries.bot_ratings))


# ---- the two server-rendered pages ---------------------------------------------------------


def _page(title: str, body: str, script: str | None = None) -> str:
    """A page in the client's style; ``script``: a module of the client that enhances it (the
    page reads the same without it)."""
    module = f'<script type="module" src="/static/{script}"></script>' if script else ""
    return ('<!doctype html><html lang="fr"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{escape(title)} · Ludomots</title>"
            '<link rel="stylesheet" href="/static/style.css">'
            '<link rel="stylesheet" href="/static/accounts.css">'
            f'<link rel="icon" href="/static/favicon.svg">{module}</head>'
            f'<body><main class="page players-page"><p><a href="/">Ludomots</a></p>'
            f"{body}</main></body></html>")


def _games(count: int) -> str:
    return f"{count} partie{'s' if count > 1 else ''}"


def _rating_text(entry: dict[str, Any]) -> str:
    return f"{entry['rating']}{' ?' if entry['provisional'] else ''}"


def _error_page(exc: RuleError | ApiError, status: int) -> HTMLResponse:
    return HTMLResponse(_page("Introuvable", f"<h1>{escape(exc.message)}</h1>"), status)


async def player_page(request: Request) -> HTMLResponse:
    try:
        data = await profile_data(request)
    except RuleError as exc:
        return _error_page(exc, 404 if exc.code == "unknown_player" else 400)
    name = escape(data["name"])
    # The client's playerpage.js fills the actions (follow, unfollow) for a logged-in visitor.
    parts = [f"<h1>{name}</h1>", f'<div id="player-actions" data-player="{name}"></div>']
    if data["ratings"]:
        parts.append("<h2>Classements</h2>")
        for game, entry in data["ratings"].items():
            by_class = ", ".join(
                f"{escape(CLASS_TITLES.get(c, c))} : {_rating_text(e)} ({_games(e['games'])})"
                for c, e in entry["by_class"].items())
            parts.append(f"<h3>{escape(_game_title(game))}</h3><p>{by_class}</p>"
                         f'<img src="{escape(entry["plot"])}" alt="Courbe du classement de '
                         f'{name} à {escape(_game_title(game))}" width="640" height="240">')
    else:
        parts.append("<p>Pas encore de partie classée.</p>")
    if data["stats"]:
        rows = "".join(f"<tr><td>{escape(_game_title(g))}</td><td>{s['played']}</td>"
                       f"<td>{s['won']}</td><td>{s['lost']}</td></tr>"
                       for g, s in data["stats"].items())
        parts.append("<h2>Victoires et défaites</h2><table><thead><tr><th>Jeu</th>"
                     "<th>Parties</th><th>Gagnées</th><th>Perdues</th></tr></thead>"
                     f"<tbody>{rows}</tbody></table>")
    for key, heading in (("highest", "Les mots qui ont rapporté le plus"),
                         ("longest", "Les mots les plus longs")):
        words = data["best_words"][key]
        if words:
            items = "".join(
                f"<li><strong>{escape(w['word'])}</strong> "
                f"({w['points'] if key == 'highest' else w['length']}"
                f"{' points' if key == 'highest' else ' lettres'}, "
                f"{escape(_game_title(w['game']))})"
                + (f" : {escape(w['definition'])}" if w.get("definition") else "")
                + "</li>" for w in words)
            parts.append(f"<h2>{heading}</h2><ul>{items}</ul>")
    if data["games"]:
        lines = []
        for g in data["games"]:
            others = ", ".join(escape(s["name"]) for s in g["seats"] if s["seat"] != g["seat"])
            change = ""
            if g["rated"] and g["rating_before"] is not None:
                delta = g["rating_after"] - g["rating_before"]
                change = f"{g['rating_after']} ({'+' if delta >= 0 else ''}{delta})"
            lines.append(f"<tr><td>{escape(_game_title(g['game']))}</td><td>{others}</td>"
                        f"<td>{g['rank']}<sup>{'er' if g['rank'] == 1 else 'e'}</sup></td>"
                        f"<td>{g['score']}</td><td>{change}</td>"
                        f'<td><a href="{escape(g["replay"])}">revoir</a></td></tr>')
        parts.append("<h2>Parties</h2><table><thead><tr><th>Jeu</th><th>Adversaires</th>"
                     "<th>Place</th><th>Points</th><th>Classement</th><th></th></tr></thead>"
                     f"<tbody>{''.join(lines)}</tbody></table>")
    return HTMLResponse(_page(data["name"], "".join(parts), script="playerpage.js"))


async def leaderboard_page(request: Request) -> HTMLResponse:
    try:
        data = await leaderboard_data(request)
    except (RuleError, ApiError) as exc:
        return _error_page(exc, 404 if exc.code == "unknown_game" else 400)
    title = f"Classement {data['title']} ({CLASS_TITLES[data['class']]})"
    links = " · ".join(
        f'<a href="?joueurs={quote(c)}">{escape(t)}</a>' for c, t in data["classes"].items())
    rows = "".join(
        f"<tr><td>{p['rank']}</td><td><a href=\"/joueur/{quote(p['name'])}\">"
        f"{escape(p['name'])}</a></td><td>{p['rating']}</td><td>{p['games']}</td></tr>"
        for p in data["players"])
    table = ("<table><thead><tr><th>Rang</th><th>Joueur</th><th>Classement</th>"
             f"<th>Parties</th></tr></thead><tbody>{rows}</tbody></table>") if rows else \
        "<p>Personne n’est encore classé ici (il faut des parties classées récentes).</p>"
    bots = "".join(f"<li>{escape(b['title'])} ≈ {b['rating']}{' ?' if b['provisional'] else ''}"
                   "</li>" for b in data["bots"])
    body = (f"<h1>{escape(title)}</h1><p>{links}</p>{table}"
            + (f"<h2>Les robots</h2><ul>{bots}</ul>" if bots else ""))
    return HTMLResponse(_page(title, body))
