"""The routes of accounts, players and leaderboards, registered in one place (``app.py`` adds
``routes()`` to its own), and the accounts service an app starts with its store.

Account refusals are core ``RuleError``s; their HTTP statuses (401, 404, 409, 429...) join the
server's table here, once, so ``errors.py`` answers them like every other refusal.
"""

from __future__ import annotations

from starlette.routing import Route, WebSocketRoute

from ludomots.accounts.errors import STATUS
from ludomots.accounts.service import AccountService
from ludomots.server import accounts_api, personal, players_api
from ludomots.server.auth import AccountSettings
from ludomots.server.errors import STATUS_BY_CODE
from ludomots.table.store import Store

STATUS_BY_CODE.update(STATUS)


def service(store: Store, process: str, settings: AccountSettings) -> AccountService:
    return AccountService(store, process=process, cost=settings.hash_cost,
                          limits=settings.limits, sweep_seconds=settings.sweep_seconds)


def routes() -> list[Route | WebSocketRoute]:
    return [
        Route("/api/account", accounts_api.create_account, methods=["POST"]),
        Route("/api/account", accounts_api.delete_account, methods=["DELETE"]),
        Route("/api/session", accounts_api.log_in, methods=["POST"]),
        Route("/api/session", accounts_api.log_out, methods=["DELETE"]),
        Route("/api/sessions", accounts_api.log_out_everywhere, methods=["DELETE"]),
        Route("/api/me", accounts_api.me, methods=["GET"]),
        Route("/api/me/claims", accounts_api.claim_seats, methods=["POST"]),
        Route("/api/me/export", accounts_api.export, methods=["GET"]),
        Route("/api/follows", accounts_api.following, methods=["GET"]),
        Route("/api/follows", accounts_api.follow, methods=["POST"]),
        Route("/api/follows/{name}", accounts_api.unfollow, methods=["DELETE"]),
        Route("/api/tables/{table_id}/invite", accounts_api.invite, methods=["POST"]),
        Route("/api/tables/{table_id}/resume", accounts_api.resume_seat, methods=["POST"]),
        Route("/api/players/{name}", players_api.player, methods=["GET"]),
        Route("/api/players/{name}/plot/{game}", players_api.plot, methods=["GET"]),
        Route("/api/leaderboard/{game}", players_api.leaderboard, methods=["GET"]),
        Route("/api/bots/ratings", players_api.bot_ratings, methods=["GET"]),
        Route("/joueur/{name}", players_api.player_page, methods=["GET", "HEAD"]),
        Route("/classement/{game}", players_api.leaderboard_page, methods=["GET", "HEAD"]),
        WebSocketRoute("/ws/me", personal.personal_socket),
    ]
