"""Who takes a seat when a table is created or joined: a guest by the name typed, or a
logged-in player by the account's name, and then the seat is linked to the account.

``api.py`` calls ``for_creation`` and ``for_joining`` before it seats anyone and the returned
``Seating.seated`` once the seat is taken. Rules (issue 20):

- A logged-in player always sits under the account's name (the name typed is ignored), so a
  name on a table is never someone else's account. A guest may not take a name an account
  holds (case and accents ignored): « connectez-vous » instead.
- A rated table (``"rated": true``) is only for logged-in players, human seats only, with the
  rulebook's default options; its free seats are only for logged-in players; nobody takes two
  seats of a table with one account.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any

from starlette.requests import Request

from ludomots.accounts.db import Account
from ludomots.accounts.errors import account_error, login_required
from ludomots.accounts.results import has_default_options
from ludomots.core import registry
from ludomots.server.auth import accounts_of, current_account
from ludomots.server.errors import ApiError
from ludomots.table.model import validate_name


@dataclass(frozen=True)
class Seating:
    request: Request
    name: str
    account: Account | None
    rated: bool

    async def seated(self, table_id: str, seat: int) -> None:
        """The seat is taken: link it to the account (and mark the table rated)."""
        if self.account is None:
            return
        await asyncio.to_thread(accounts_of(self.request).db.link_seat, table_id, seat,
                                self.account.id, rated=self.rated)


async def _name(request: Request, account: Account | None, typed: object) -> str:
    if account is not None:
        return account.name
    name = validate_name(typed)
    if await asyncio.to_thread(accounts_of(request).db.find_account, name) is not None:
        raise account_error("name_registered", "Ce nom est celui d’un joueur inscrit : "
                                               "connectez-vous, ou choisissez un autre nom.")
    return name


async def for_creation(request: Request, body: dict[str, Any]) -> Seating:
    account = await current_account(request)
    rated = body.get("rated", False)
    if not isinstance(rated, bool):
        raise ApiError("bad_rated", "« rated » doit valoir true ou false.")
    if rated:
        if account is None:
            raise login_required("créer une partie classée")
        seats = body.get("seats")
        if isinstance(seats, list) and any(isinstance(s, dict) and s.get("kind") != "human"
                                           for s in seats):
            raise ApiError("rated_humans_only", "Une partie classée se joue entre joueurs "
                                                "inscrits, sans robot.")
        game = body.get("game")
        options = body.get("options") or {}
        try:
            game_obj = registry.get_game(str(game))
        except Exception:
            game_obj = None  # the creation refuses the game itself, in French
        if game_obj is not None and isinstance(options, dict) and \
                not has_default_options(game_obj, options):
            raise ApiError("rated_default_options", "Une partie classée se joue avec les "
                                                    "options par défaut de la règle.")
    return Seating(request, await _name(request, account, body.get("name")), account, rated)


async def for_joining(request: Request, table_id: str, body: dict[str, Any]) -> Seating:
    account = await current_account(request)
    service = accounts_of(request)
    if await asyncio.to_thread(service.db.is_rated, table_id) and account is None:
        raise login_required("rejoindre une partie classée")
    if account is not None and account.id in (
            await asyncio.to_thread(service.db.seat_links, table_id)).values():
        raise account_error("already_seated", "Vous occupez déjà une place à cette table.")
    return Seating(request, await _name(request, account, body.get("name")), account, False)
