"""``/ws/me``: a logged-in player's own socket, open on every page of the client.

It carries what concerns the player rather than a table: invitations to tables (pushed the
moment a friend sends one) and, by being open, the player's presence: while a page of theirs
holds this socket, their friends see them online. Presence lives in the database
(``presence``: one row per account and process, refreshed every ``presence_seconds`` and
expiring three refreshes later), so every process answers « who is online » the same, and a
process that dies takes its players offline within a minute and a half.

Notices for an account go to this process's sockets of that account and, through the bus
(``personal`` notices), to the other processes' (``PersonalHub``).

The socket is authenticated by the session cookie, so a page of another site must not open
it: the Origin is checked at the handshake, always (HTTP 403 otherwise).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from typing import Any, Protocol

from starlette.websockets import WebSocket, WebSocketDisconnect

from ludomots.accounts.db import AccountDb
from ludomots.server.auth import accounts_of, current_account
from ludomots.server.security import origin_allowed
from ludomots.server.settings import WS_MAX_MESSAGE, settings_of
from ludomots.table.bus import Notice, RedisBus

log = logging.getLogger(__name__)

CLOSE_FORBIDDEN_ORIGIN = 4403
CLOSE_LOGIN_REQUIRED = 4401
#: Presence outlives its last refresh by this many refresh periods.
PRESENCE_PERIODS = 3
PRESENCE_DEFAULT = 30.0


class Listener(Protocol):
    def deliver(self, payload: dict[str, Any]) -> None: ...


class PersonalHub:
    """Open personal sockets by account; presence rows of this process."""

    def __init__(self, presence_seconds: float = 30.0) -> None:
        self._sockets: dict[int, set[Listener]] = {}
        self._bus: RedisBus | None = None
        self._db: AccountDb | None = None
        self._presence_seconds = presence_seconds
        self._refresher: asyncio.Task[None] | None = None
        self._changed = asyncio.Condition()
        self._presence = asyncio.Lock()

    def attach_bus(self, bus: RedisBus) -> None:
        self._bus = bus
        bus.on("personal", self._from_bus)

    async def start(self, db: AccountDb) -> None:
        self._db = db
        if self._presence_seconds > 0:  # else (tests) presence is set and cleared only
            self._refresher = asyncio.get_running_loop().create_task(
                self._refresh_loop(), name="presence")

    async def close(self) -> None:
        if self._refresher is not None:
            self._refresher.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._refresher
        if self._db is not None:
            for account_id in list(self._sockets):
                with contextlib.suppress(Exception):
                    await asyncio.to_thread(self._db.set_offline, account_id)

    def _until(self) -> int:
        assert self._db is not None
        seconds = self._presence_seconds or PRESENCE_DEFAULT
        return self._db.ms() + int(seconds * PRESENCE_PERIODS * 1000)

    async def _refresh_loop(self) -> None:
        while True:
            await asyncio.sleep(self._presence_seconds)
            if self._sockets and self._db is not None:
                try:
                    await asyncio.to_thread(self._db.set_online, list(self._sockets),
                                            self._until())
                except Exception:
                    log.exception("cannot refresh presence")

    async def join(self, account_id: int, listener: Listener) -> None:
        async with self._presence:  # a page's arrival and another's departure never cross
            self._sockets.setdefault(account_id, set()).add(listener)
            if self._db is not None:
                await asyncio.to_thread(self._db.set_online, [account_id], self._until())

    async def leave(self, account_id: int, listener: Listener) -> None:
        async with self._presence:
            listeners = self._sockets.get(account_id)
            if listeners is None:
                return
            listeners.discard(listener)
            if not listeners:
                if self._db is not None:
                    with contextlib.suppress(Exception):
                        await asyncio.to_thread(self._db.set_offline, account_id)
                del self._sockets[account_id]
        async with self._changed:
            self._changed.notify_all()

    async def offline_here(self, account_id: int) -> None:
        """Wait until no page of the account is open on this process (and its presence row
        is gone): what a test waits on after closing a page."""
        async with self._changed:
            await self._changed.wait_for(lambda: account_id not in self._sockets)

    def reaches_anyone(self) -> bool:
        """Whether a notice could reach a page now: a page open on this process, or other
        processes on the bus. Alone and without pages, a notice would go nowhere, so the
        turn notices need not even look up whose seats these are."""
        return self._bus is not None or bool(self._sockets)

    def notify(self, account_id: int, payload: dict[str, Any]) -> int:
        """To the account's sockets here (how many) and on the other processes."""
        if self._bus is not None:
            self._bus.publish(Notice("", "personal", self._bus.process_id,
                                     action={"account": account_id, "payload": payload}))
        return self._deliver(account_id, payload)

    def _from_bus(self, notice: Notice) -> None:
        account = notice.action.get("account")
        payload = notice.action.get("payload")
        if isinstance(account, int) and isinstance(payload, dict):
            self._deliver(account, payload)

    def _deliver(self, account_id: int, payload: dict[str, Any]) -> int:
        listeners = list(self._sockets.get(account_id, ()))
        for listener in listeners:
            listener.deliver(payload)
        return len(listeners)


def hub_of(conn: Any) -> PersonalHub:
    hub: PersonalHub = conn.app.state.personal
    return hub


class _Connection:
    def __init__(self, websocket: WebSocket) -> None:
        self.ws = websocket
        self.outbox: asyncio.Queue[dict[str, Any]] = asyncio.Queue(maxsize=64)

    def deliver(self, payload: dict[str, Any]) -> None:
        with contextlib.suppress(asyncio.QueueFull):  # a stuck page misses notices, no more
            self.outbox.put_nowait(payload)

    async def write_loop(self) -> None:
        while True:
            payload = await self.outbox.get()
            await self.ws.send_text(json.dumps(payload, ensure_ascii=False))


def _error(code: str, message: str) -> dict[str, Any]:
    return {"type": "error", "code": code, "message": message}


async def personal_socket(websocket: WebSocket) -> None:
    settings = settings_of(websocket)
    if not origin_allowed(websocket.headers, settings.allowed_origins):
        await websocket.close(CLOSE_FORBIDDEN_ORIGIN)  # before accept: an HTTP 403
        return
    account = await current_account(websocket)
    await websocket.accept()
    if account is None:
        await websocket.send_text(json.dumps(_error(
            "login_required", "Connectez-vous pour recevoir vos invitations."),
            ensure_ascii=False))
        await websocket.close(CLOSE_LOGIN_REQUIRED)
        return
    service = accounts_of(websocket)
    hub = hub_of(websocket)
    connection = _Connection(websocket)
    await hub.join(account.id, connection)  # online before the page hears it is connected
    invites = await asyncio.to_thread(service.db.invites_for, account.id)
    connection.deliver({"type": "welcome", "name": account.name, "invites": invites})
    writer = asyncio.get_running_loop().create_task(connection.write_loop())
    try:
        while True:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                break
            text = message.get("text")
            try:
                data = json.loads(text) if text and len(text) <= WS_MAX_MESSAGE else None
            except ValueError:
                data = None
            if isinstance(data, dict) and data.get("type") == "ping":
                connection.deliver({"type": "pong"})
            else:
                connection.deliver(_error("unknown_type", "Ce message n’est pas attendu ici."))
    except WebSocketDisconnect:
        pass
    finally:
        writer.cancel()
        # Leaving must complete even when the connection's task is being cancelled (a server
        # shutting down, a test client closing): its own task, shielded, finishes regardless.
        leaving = asyncio.ensure_future(hub.leave(account.id, connection))
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await asyncio.shield(leaving)
