"""« À vous de jouer » and « partie terminée » on ``/ws/me``: the account's pages learn at once
that it has become their turn at one of their tables, or that a table of theirs has ended, so
« Mes parties » need not poll (it still refreshes slowly, in case a notice is lost).

The table manager calls ``TurnNotices.moved`` (its ``on_turns`` hook) under the table's lock
in the process that stored the change; the accounts linked to the seats concerned are read
from the database off the loop, and each notice goes through the personal hub, which reaches
the account's sockets on every process (the bus). Only the process that stored the change
sends, so a player gets one notice however many processes hold the table.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from ludomots.accounts.db import AccountDb
from ludomots.core import registry
from ludomots.server.personal import PersonalHub
from ludomots.table.table import Table

log = logging.getLogger(__name__)


def _title(game: str) -> str:
    try:
        return registry.get_game(game).title
    except Exception:
        return game


class TurnNotices:
    def __init__(self, db: AccountDb, hub: PersonalHub) -> None:
        self._db = db
        self._hub = hub
        self._tasks: set[asyncio.Task[None]] = set()

    def moved(self, table: Table, waiting: frozenset[int]) -> None:
        """The manager's hook: ``waiting`` had to act before the change. Seats now to act
        that were not get a ``turn`` notice; at a game's end every seat gets ``table_over``.
        Only humans' seats that are still playing are looked up (a bot's turn costs
        nothing), and none while no page could hear the notice (a process alone without
        a personal page open: guests' tables cost no lookup)."""
        if not self._hub.reaches_anyone():
            return
        if table.status == "over":
            seats = frozenset(range(len(table.info.seats)))
            kind = "table_over"
        else:
            seats = table.to_act() - waiting
            kind = "turn"
        departed = table.info.departed() if kind == "turn" else {}
        humans = sorted(s for s in seats
                        if table.info.seats[s].kind == "human" and s not in departed)
        if not humans:
            return
        payload = {"type": kind, "table": table.id, "game": table.info.game,
                   "title": _title(table.info.game), "url": f"/table/{table.id}"}
        task = asyncio.get_running_loop().create_task(self._send(table.id, humans, payload))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _send(self, table_id: str, seats: list[int], payload: dict[str, Any]) -> None:
        try:
            links = await asyncio.to_thread(self._db.seat_links, table_id)
        except Exception:
            log.exception("table %s: cannot read whose seats these are", table_id)
            return
        for seat in seats:  # an account holds one seat at a table (``link_seat``)
            if seat in links:
                self._hub.notify(links[seat], {**payload, "seat": seat})
