"""How a table manager's seats are taken and given up: creation, joining, resigning, expelling
a player out of time, the rematch, the seat a token proves, and the chat kept with the table.

Every claim goes through the store, which arbitrates between processes (two people cannot
claim one seat); the seats are read again after each attempt, since another process may have
taken seats meanwhile. Resignations and rematches follow ``resign.py`` (issue 19).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import replace
from typing import Any, Literal

from ludomots.core.game import Event
from ludomots.table.creation import new_table_info
from ludomots.table.errors import (
    StoreError,
    bad_token,
    check_started,
    store_failed,
    store_unavailable,
    table_closed,
    table_error,
    table_full,
)
from ludomots.table.live import LiveTables
from ludomots.table.model import ClockSettings, ResignRule, SeatSpec, TableStatus, validate_name
from ludomots.table.resign import departure_for, ended_by_departures, left_error
from ludomots.table.table import Table
from ludomots.table.tokens import hash_token, new_token, seat_of

# The manager's logger: this module is one of its parts (log filters and tests name it).
log = logging.getLogger("ludomots.table.manager")


class Seating(LiveTables):
    """The part of ``TableManager`` that seats people (see the module docstring)."""

    # ---- tables -----------------------------------------------------------------------------

    async def create_table(self, game: str, options: dict[str, Any] | None,
                           seats: Sequence[SeatSpec], seed: int | None = None,
                           clock: ClockSettings | int | Literal["default"] | None = None,
                           resign: ResignRule | None = None
                           ) -> tuple[str, dict[int, str]]:
        """A new table; returns its id and a token for each human seat given a name (the
        creator's own seats). Human seats with an empty name are left free for ``join``.
        ``resign``: what a resignation at 3+ players does (``creation.new_table_info``)."""
        info = new_table_info(game, options, seats, seed, clock, self._now, resign)
        tokens = {i: new_token() for i, s in enumerate(info.seats)
                  if s.kind == "human" and not s.is_open}
        table = Table.new(info, now=self._now)
        try:
            await self._db(self.store.create_table, table.info, tokens)
        except StoreError as exc:
            log.exception("cannot create a %s table", game)
            raise store_failed() from exc
        self._register(table, {seat: hash_token(t) for seat, t in tokens.items()})
        self._lobby_update(table)
        return table.id, tokens

    async def join(self, table_id: str, name: str) -> tuple[int, str]:
        """Take the first free human seat under ``name``; returns (seat, token)."""
        name = validate_name(name)
        table = await self._get(table_id)
        if table.status == "closed":
            raise table_closed()
        if table.info.rematch_of is not None:
            raise table_error("seat_reserved", "Cette revanche est réservée aux joueurs de la "
                                               "partie précédente.")
        async with self._lock(table_id):
            waiting = table.to_act()
            claimed: tuple[int, str] | None = None
            for seat in table.info.open_seats():
                token = new_token()
                try:
                    if await self._db(self.store.claim_seat, table_id, seat, name, token):
                        claimed = (seat, token)
                        break
                except StoreError as exc:
                    log.exception("table %s: cannot claim seat %d", table_id, seat)
                    raise store_failed() from exc
            await self._seats_read(table)
            if claimed is None:
                raise table_closed() if table.info.status == "closed" else table_full()
            seat, token = claimed
            self._seat_taken(table, seat, name, token)
            self._turns_moved(table, waiting)
            return seat, token

    async def _seats_read(self, table: Table) -> None:
        """Read the table's seats again (even after a failed claim: another process may have
        taken seats meanwhile)."""
        try:
            table.set_info(await self._db(self.store.load_info, table.id))
        except StoreError as exc:
            raise store_unavailable() from exc

    def _seat_taken(self, table: Table, seat: int, name: str, token: str) -> None:
        self._hashes.setdefault(table.id, {})[seat] = hash_token(token)
        self._cluster.seats_changed(table.id)
        self._lobby_update(table)
        self._changed(table, [Event("seat_joined", {"seat": seat, "name": name})])

    # ---- resign and rematch (issue 19; see resign.py) ---------------------------------------

    async def resign(self, table_id: str, token: str) -> dict[str, Any]:
        """The seat ``token`` owns leaves the game; returns its departure. At 2 players the
        other wins; at 3+ a bot takes the seat over or the game ends on the scores, as the
        creator chose; with no human left the game ends. RuleError when refused."""
        seat = await self._seat_of_token(table_id, token)
        table = await self._get(table_id)
        async with self._lock(table_id):
            self._check_playing(table, seat)
            departure = await self._depart(table, seat, "resign")
            if departure is None:
                raise table_error("resigned", "Vous avez déjà abandonné cette partie.")
            return departure

    async def expel(self, table_id: str, token: str, seat: object) -> dict[str, Any]:
        """The seat ``token`` owns expels ``seat``, a human whose time is up
        (``Clock.time_up``): a departure like a resignation (``reason`` "expel"), with the
        same consequences. RuleError in French when refused: by a seat that left, of oneself,
        of a bot or of a seat whose time is not up."""
        own = await self._seat_of_token(table_id, token)
        table = await self._get(table_id)
        async with self._lock(table_id):
            self._check_playing(table, own)
            departed = table.info.departed()
            if isinstance(seat, bool) or not isinstance(seat, int) or \
                    not 0 <= seat < len(table.info.seats):
                raise table_error("bad_seat", "Cette place n’existe pas.", seat=seat)
            if seat == own:
                raise table_error("cannot_expel", "Vous ne pouvez pas vous expulser "
                                                  "vous-même : abandonnez plutôt.")
            spec = table.info.seats[seat]
            if seat in departed or spec.kind != "human":
                raise table_error("cannot_expel", "Seul un joueur humain encore à la table "
                                                  "peut être expulsé.", seat=seat)
            if not table.clock.enabled or not table.clock.time_up(seat):
                raise table_error("not_out_of_time",
                                  f"{spec.name} a encore du temps : on ne peut l’expulser "
                                  "qu’une fois son temps écoulé.", seat=seat)
            departure = await self._depart(table, seat, "expel")
            if departure is None:
                raise table_error("cannot_expel", "Ce joueur a déjà quitté la partie.",
                                  seat=seat)
            return departure

    async def _expel_away(self, table: Table, seat: int) -> bool:
        """The clock expels ``seat`` (a turn-based move's days ran out); the lock is held."""
        return await self._depart(table, seat, "expel") is not None

    @staticmethod
    def _check_playing(table: Table, seat: int) -> None:
        """RuleError unless the game is in progress and ``seat``'s human still plays it."""
        check_started(table.status)
        departure = table.info.departed().get(seat)
        if departure is not None:
            raise left_error(departure.reason)
        if table.status != "playing":
            raise table_error("game_over", "La partie est déjà terminée.")

    async def _depart(self, table: Table, seat: int, reason: str) -> dict[str, Any] | None:
        """Store that ``seat``'s human left (``reason`` "resign" or "expel") and tell
        everyone; None if it had already left. Called with the table's lock held."""
        name = table.info.seats[seat].name
        waiting = table.to_act()
        departure = departure_for(table.info, seat, name, table.seq,
                                  int(self._now() * 1000), reason)
        after = replace(table.info, departures=(*table.info.departures, departure))
        status: TableStatus | None = "over" if ended_by_departures(after) else None
        try:
            stored = await self._db(self.store.add_departure, table.id, departure, status)
        except StoreError as exc:
            log.error("table %s: cannot store a departure: %s", table.id, exc)
            raise store_failed() from exc
        await self._seats_read(table)
        if not stored:
            return None
        self._cluster.seats_changed(table.id)
        self._lobby_update(table)
        if table.info.status == "over" and self._on_finish is not None:
            try:  # results and ratings: a departure must not dodge a rated loss
                self._on_finish(table)
            except Exception:
                log.exception("table %s: the end-of-game hook failed", table.id)
        self._turns_moved(table, waiting)
        kind = "resigned" if reason == "resign" else "expelled"
        self._changed(table, [Event(kind, departure.to_json())])
        return departure.to_json()

    async def _seat_of_token(self, table_id: str, token: object) -> int:
        if not isinstance(token, str) or not token:
            raise bad_token()
        seat = await self.seat_for_token(table_id, token)
        if seat is None:
            raise bad_token()
        return seat

    async def rematch(self, table_id: str, token: object) -> tuple[str, int, str, bool]:
        """A new table with the same game, options, clock and seats (bots at the same levels)
        as the finished table ``table_id``, where the seat ``token`` owns sits again; the
        same new table for every request (each human takes their own seat there). Returns
        (new table id, seat, token, whether this request created it)."""
        seat = await self._seat_of_token(table_id, token)
        table = await self._get(table_id)
        if table.status != "over":
            raise table_error("rematch_unavailable",
                              "La revanche se propose une fois la partie terminée.")
        try:
            name = await self._db(self.store.seat_name, table_id, seat)
            existing = await self._db(self.store.rematch_of, table_id)
        except StoreError as exc:
            raise store_unavailable() from exc
        if name is None:
            raise bad_token()
        new_seat_token = new_token()
        if existing is None:
            old = table.info
            departed = old.departed()
            seats = [SeatSpec.human(name if i == seat else "")
                     if spec.kind == "human" or i in departed
                     else SeatSpec.bot(spec.level or "", spec.name)
                     for i, spec in enumerate(old.seats)]
            info = replace(new_table_info(old.game, old.options, seats, None, old.clock,
                                          self._now),
                           resign_rule=old.resign_rule, rematch_of=table_id)
            try:
                created = await self._db(self.store.create_rematch, info,
                                         {seat: new_seat_token})
            except StoreError as exc:
                log.exception("table %s: cannot create its rematch", table_id)
                raise store_failed() from exc
            if created:
                self._register(Table.new(info, now=self._now),
                               {seat: hash_token(new_seat_token)})
                async with self._lock(table_id):
                    table.info = replace(table.info, rematch=info.id)
                return info.id, seat, new_seat_token, True
            existing = await self._db(self.store.rematch_of, table_id)
            if existing is None:
                raise store_failed()
        new = await self._get(existing)
        async with self._lock(existing):
            try:
                if not await self._db(self.store.claim_seat, existing, seat, name,
                                      new_seat_token):
                    # Asked again (another device, a reload): the seat is theirs, new token.
                    await self._db(self.store.set_seat_token, existing, seat, new_seat_token)
            except StoreError as exc:
                raise store_failed() from exc
            await self._seats_read(new)
            self._seat_taken(new, seat, name, new_seat_token)
        return existing, seat, new_seat_token, False

    # ---- chat (kept with the table; the server's hub fans lines out) ------------------------

    async def add_chat(self, table_id: str, seat: int | None, name: str, text: str
                       ) -> dict[str, Any]:
        """Keep a chat line; the line with its ``id`` and ``at``."""
        try:
            return await self._db(self.store.add_chat, table_id, seat, name, text)
        except StoreError as exc:
            log.error("table %s: cannot keep a chat line: %s", table_id, exc)
            raise table_error("store_error",
                              "Le message n’a pas pu être enregistré : réessayez.") from exc

    async def chat_lines(self, table_id: str, limit: int = 200) -> list[dict[str, Any]]:
        """The last ``limit`` lines of the table's chat (oldest first)."""
        try:
            return await self._db(self.store.load_chat, table_id, limit)
        except StoreError as exc:
            raise store_unavailable() from exc

    async def seat_for_token(self, table_id: str, token: str) -> int | None:
        """The seat ``token`` owns at this table, or None."""
        if not isinstance(token, str) or not token:
            return None
        await self._get(table_id)
        seat = seat_of(token, self._hashes.get(table_id, {}))
        if seat is None:  # maybe issued by another process: ask the store once
            try:
                hashes = await self._db(self.store.token_hashes, table_id)
            except StoreError as exc:
                raise store_unavailable() from exc
            self._hashes[table_id] = hashes
            seat = seat_of(token, hashes)
        return seat
