"""``/ws/tables/{id}``: one WebSocket is one seat (or a spectator) at one table.

Shape of a connection (three small tasks, so no task ever waits on another's I/O):

- the **reader** parses each browser message and answers it (actions go to the manager,
  which alone decides; previews ask the game; chat goes to the hub);
- the **forwarder** copies the manager's subscription (payloads already filtered for this
  connection's seat) into the outbox;
- the **writer** sends the outbox in order. A browser too slow to keep up is disconnected
  rather than allowed to pin memory: it reconnects and gets a fresh, complete view.

Nothing a browser sends can take the connection down: oversize, binary, malformed JSON, wrong
shapes, unknown types and refused actions all get ``{"type": "error", ...}`` and the loop goes
on. Floods are cut by a per-connection limit on every message, before any parsing, on top of
the manager's limit on actions per seat.

The welcome waits (``hello_grace``) for a first ``hello`` so that a player's page gets one
welcome with its seat rather than a spectator welcome followed by a second one; a page without
a token may send ``{"type": "hello"}`` to be welcomed at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import MutableMapping
from typing import Any

import orjson
from starlette.websockets import WebSocket, WebSocketState

from ludomots.core.errors import RuleError
from ludomots.server.body import parse_json
from ludomots.server.chat import ChatHub, clean_chat
from ludomots.server.errors import ApiError, ws_error
from ludomots.server.security import origin_allowed
from ludomots.server.settings import (
    WS_MAX_MESSAGE,
    ServerSettings,
    chat_hub_of,
    manager_of,
    settings_of,
)
from ludomots.table.logcontext import about_table
from ludomots.table.manager import TableManager
from ludomots.table.metrics import WEBSOCKETS
from ludomots.table.ratelimit import RateLimiter
from ludomots.table.subscription import Subscription

log = logging.getLogger(__name__)

Outgoing = dict[str, Any]
Incoming = MutableMapping[str, Any]  # an ASGI message

CLOSE_NORMAL = 1000
CLOSE_INTERNAL_ERROR = 1011
CLOSE_SERVER_STOPPING = 1012
CLOSE_TOO_SLOW = 1013
CLOSE_FORBIDDEN_ORIGIN = 4403
CLOSE_UNKNOWN_TABLE = 4404
CLOSE_UNAVAILABLE = 4409

TOKEN_MAX = 256
REF_MAX = 64


def _error(code: str, message: str) -> ApiError:
    return ApiError(code, message)


def _ref(message: dict[str, Any]) -> Any:
    """The client's optional message ``id``, echoed in the answer when it is a short string
    or a safe integer (anything else is ignored rather than reflected)."""
    ref = message.get("id")
    if isinstance(ref, str) and len(ref) <= REF_MAX and ref.isprintable():
        return ref
    if isinstance(ref, int) and not isinstance(ref, bool) and abs(ref) < 2**53:
        return ref
    return None


def encode(payload: Outgoing) -> str:
    """Compact JSON text (orjson: encoding every update was a large share of the server's
    time). Refused input may be quoted in French messages, and JSON escapes let a lone
    surrogate through, which UTF-8 cannot carry: such text falls back to ASCII escapes
    instead of failing the send (and the connection). Error details that are not JSON values
    are sent as text for the same reason."""
    try:
        return orjson.dumps(payload, default=str, option=orjson.OPT_NON_STR_KEYS).decode()
    except (TypeError, orjson.JSONEncodeError):
        return json.dumps(payload, ensure_ascii=True, separators=(",", ":"), default=str)


def parse_message(raw: Incoming) -> dict[str, Any]:
    """An ASGI ``websocket.receive`` message as a protocol message; ApiError if it is not one."""
    text = raw.get("text")
    if text is None:
        raise _error("bad_message", "Message invalide : le serveur attend du texte JSON.")
    if len(text) > WS_MAX_MESSAGE or (len(text) * 4 > WS_MAX_MESSAGE
                                      and len(text.encode("utf-8", "replace")) > WS_MAX_MESSAGE):
        raise _error("too_large", f"Message trop long ({WS_MAX_MESSAGE // 1024} Kio au plus).")
    try:
        message = parse_json(text)
    except (ValueError, RecursionError):
        raise _error("bad_json", "Message illisible : JSON attendu.") from None
    if not isinstance(message, dict):
        raise _error("bad_message", "Message invalide : un objet JSON est attendu.")
    kind = message.get("type")
    if not isinstance(kind, str):
        raise _error("bad_message", "Message invalide : le champ « type » manque.")
    if kind not in HANDLERS:
        shown = kind if len(kind) <= 30 else kind[:30] + "…"
        shown = shown if shown.isprintable() else "?"
        raise _error("unknown_type", f"Type de message inconnu : « {shown} ».")
    return message


class Connection:
    """One accepted WebSocket; see the module docstring."""

    def __init__(self, websocket: WebSocket, table_id: str, manager: TableManager,
                 hub: ChatHub, settings: ServerSettings) -> None:
        self.ws = websocket
        self.table_id = table_id
        self.manager = manager
        self.hub = hub
        self.settings = settings
        self.seat: int | None = None
        self.token: str | None = None
        self.table_view: dict[str, Any] = {}
        self.sub: Subscription | None = None
        self.forwarder: asyncio.Task[None] | None = None
        self.welcomed = False
        self.outbox: asyncio.Queue[Outgoing | None] = asyncio.Queue()
        self.close_code: int | None = None
        self.limiter = RateLimiter(settings.ws_rate_limit, settings.ws_rate_window,
                                   time.monotonic)
        self.chat_limiter = RateLimiter(settings.chat_rate_limit, settings.chat_rate_window,
                                        time.monotonic)
        self.hello_limiter = RateLimiter(settings.hello_rate_limit,
                                         settings.hello_rate_window, time.monotonic)
        self._limited_until = 0.0
        self._hellos_limited_until = 0.0
        # Chat lines that arrive while a welcome is being prepared: sent after it, unless the
        # welcome's kept lines already hold them.
        self._held: list[Outgoing] | None = None

    # ---- outgoing -----------------------------------------------------------------------

    def deliver(self, payload: Outgoing) -> None:
        """Queue a payload; a connection whose outbox is full is closed (too slow)."""
        if self.close_code is not None:
            return
        if self._held is not None and payload.get("type") == "chat":
            self._held.append(payload)
            return
        if self.outbox.qsize() >= self.settings.ws_outbox:
            log.info("table %s: closing a connection that fell behind", self.table_id)
            self.shutdown(CLOSE_TOO_SLOW)
            return
        self.outbox.put_nowait(payload)

    def shutdown(self, code: int) -> None:
        """Close after what is already queued (the writer sees the end marker)."""
        if self.close_code is None:
            self.close_code = code
            self.outbox.put_nowait(None)

    async def write_loop(self) -> None:
        while True:
            payload = await self.outbox.get()
            if payload is None:
                break
            text = encode(payload)
            try:
                await self.ws.send_text(text)
            except Exception:  # the browser went away; the reader will see it too
                return
        with contextlib.suppress(Exception):
            if self.ws.application_state == WebSocketState.CONNECTED:
                await self.ws.close(self.close_code or CLOSE_NORMAL)

    # ---- subscription -------------------------------------------------------------------

    async def forward(self, sub: Subscription) -> None:
        async for payload in sub:
            self._remember(payload)
            self.deliver(payload)
        if self.sub is sub:  # ended by the manager, not by us: fell behind, or shutdown
            self.shutdown(CLOSE_TOO_SLOW if sub.overflowed else CLOSE_SERVER_STOPPING)

    def _remember(self, payload: Outgoing) -> None:
        view = payload.get("view")
        if isinstance(view, dict) and isinstance(view.get("table"), dict):
            self.table_view = view["table"]

    def _stop_forwarding(self) -> None:
        if self.forwarder is not None:
            self.forwarder.cancel()
            self.forwarder = None
        if self.sub is not None:
            sub, self.sub = self.sub, None
            self.manager.unsubscribe(sub)

    async def welcome(self) -> None:
        """Send the current view of ``self.sub`` as the welcome, then forward the rest."""
        assert self.sub is not None
        first = await self.sub.get()
        if first is None:
            self.shutdown(CLOSE_TOO_SLOW)
            return
        self._remember(first)
        self._held = []
        if not self.welcomed:
            self.welcomed = True
            self.hub.join(self.table_id, self)
        held: list[Outgoing] = []
        try:
            chat = await self.manager.chat_lines(self.table_id)
        except RuleError:  # the database is away for a moment: the game first
            chat = []
        finally:  # never leave later lines held
            held, self._held = self._held or [], None
        view = first["view"]
        self.deliver({"type": "welcome", "seat": view["table"].get("you", self.seat),
                      "view": view, "chat": chat})
        last = chat[-1]["id"] if chat else -1
        for line in held:
            if not isinstance(line.get("id"), int) or line["id"] > last:
                self.deliver(line)
        self.forwarder = asyncio.get_running_loop().create_task(
            self.forward(self.sub), name=f"ws-forward-{self.table_id}")

    # ---- incoming -----------------------------------------------------------------------

    async def read_loop(self) -> None:
        # The grace period never cancels the receive: a message handed over just as the
        # period ends would be dropped with the cancelled receive (the test client's anyio
        # streams do so), and a player whose hello is lost is left watching as a spectator.
        receiving = asyncio.ensure_future(self.ws.receive())
        try:
            await asyncio.wait({receiving}, timeout=self.settings.hello_grace)
            if receiving.done():
                raw = receiving.result()
                if raw["type"] == "websocket.disconnect":
                    return
                if not self._is_hello(raw):
                    await self.welcome()
                await self.receive(raw, counted=False)
            else:  # welcomed as a spectator until a hello says otherwise
                await self.welcome()
                raw = await receiving
                if raw["type"] == "websocket.disconnect":
                    return
                await self.receive(raw)
        finally:
            receiving.cancel()  # the connection ended first (a no-op once received)
        while True:
            message = await self.ws.receive()
            if message["type"] == "websocket.disconnect":
                return
            await self.receive(message)

    def _is_hello(self, raw: Incoming) -> bool:
        """Whether the first message is a hello (counted against the message limit here)."""
        self.limiter.hit("c")
        try:
            return bool(parse_message(raw)["type"] == "hello")
        except ApiError:
            return False

    async def receive(self, raw: Incoming, counted: bool = True) -> None:
        if raw["type"] != "websocket.receive":
            return
        if counted and not self.limiter.hit("c"):
            now = time.monotonic()
            if now >= self._limited_until:  # one notice per window, not one per message
                self._limited_until = now + self.settings.ws_rate_window
                self.deliver(ws_error(_error(
                    "rate_limited", "Trop de messages en peu de temps : patientez un instant.")))
            return
        ref = None
        try:
            message = parse_message(raw)
            ref = _ref(message)
            await HANDLERS[message["type"]](self, message, ref)
        except (RuleError, ApiError) as exc:
            self.deliver(ws_error(exc, ref))
        except Exception:
            log.exception("table %s: error while handling a message", self.table_id)
            self.deliver(ws_error(_error("server_error", "Erreur interne du serveur."), ref))

    # ---- message handlers ---------------------------------------------------------------

    async def on_hello(self, message: dict[str, Any], ref: Any) -> None:
        if not self.hello_limiter.hit("h"):
            now = time.monotonic()
            if now >= self._hellos_limited_until:  # one notice per window
                self._hellos_limited_until = now + self.settings.hello_rate_window
                raise _error("rate_limited",
                             "Trop de messages en peu de temps : patientez un instant.")
            return
        token = message.get("token")
        seat: int | None = None
        if token is not None:
            if isinstance(token, str) and 0 < len(token) <= TOKEN_MAX:
                seat = await self.manager.seat_for_token(self.table_id, token)
            if seat is None:
                self.deliver(ws_error(_error(
                    "bad_token", "Jeton invalide : vous suivez la partie en spectateur."), ref))
        if self.sub is None or self.welcomed or self.sub.seat != seat:
            self._stop_forwarding()
            self.sub = await self.manager.subscribe(self.table_id, seat)
        self.seat = seat
        self.token = token if seat is not None else None
        await self.welcome()

    def _require_seat(self, what: str) -> str:
        if self.seat is None or self.token is None:
            raise _error("spectator", f"Les spectateurs ne peuvent pas {what}.")
        return self.token

    @staticmethod
    def _action_of(message: dict[str, Any]) -> dict[str, Any]:
        action = message.get("action")
        if not isinstance(action, dict):
            raise _error("bad_message", "Message invalide : « action » doit être un objet.")
        return action

    async def on_action(self, message: dict[str, Any], ref: Any) -> None:
        token = self._require_seat("jouer")
        await self.manager.act(self.table_id, token, self._action_of(message))

    async def on_preview(self, message: dict[str, Any], ref: Any) -> None:
        self._require_seat("préparer un coup")
        action_json = self._action_of(message)
        if self.seat is None:
            raise _error("preview_unavailable", "Aperçu indisponible pour ce jeu.")
        result = await self.manager.preview(self.table_id, self.seat, action_json)
        if result is None:
            raise _error("preview_unavailable", "Aperçu indisponible pour ce jeu.")
        payload: Outgoing = {"type": "preview", "result": result}
        if ref is not None:
            payload["id"] = ref
        self.deliver(payload)

    async def on_chat(self, message: dict[str, Any], ref: Any) -> None:
        self._require_seat("écrire dans la discussion")
        text = clean_chat(message.get("text"))
        if not self.chat_limiter.hit("c"):
            raise _error("rate_limited", "Trop de messages : patientez un instant.")
        line = await self.manager.add_chat(self.table_id, self.seat, self._name(), text)
        self.hub.broadcast(self.table_id, {"type": "chat", **line})

    def _name(self) -> str:
        """This seat's player's name (the human's, after a bot took the seat over)."""
        for departure in self.table_view.get("departures") or []:
            if departure.get("seat") == self.seat:
                return str(departure.get("name", ""))
        seats = self.table_view.get("seats") or []
        return str(seats[self.seat]["name"]) if self.seat is not None and \
            self.seat < len(seats) else ""

    async def on_resign(self, message: dict[str, Any], ref: Any) -> None:
        token = self._require_seat("abandonner")
        await self.manager.resign(self.table_id, token)

    async def on_expel(self, message: dict[str, Any], ref: Any) -> None:
        """``{"type": "expel", "seat": N}``: send away a player whose time is up."""
        token = self._require_seat("expulser un joueur")
        await self.manager.expel(self.table_id, token, message.get("seat"))

    async def on_ping(self, message: dict[str, Any], ref: Any) -> None:
        payload: Outgoing = {"type": "pong"}
        if ref is not None:
            payload["id"] = ref
        self.deliver(payload)

    # ---- lifetime ---------------------------------------------------------------------------

    async def run(self) -> None:
        try:
            self.sub = await self.manager.subscribe(self.table_id, None)
        except RuleError as exc:
            await self.ws.send_text(encode(ws_error(exc)))
            code = CLOSE_UNKNOWN_TABLE if exc.code == "unknown_table" else CLOSE_UNAVAILABLE
            await self.ws.close(code)
            return
        except Exception:  # the store failed: say so rather than drop the socket silently
            log.exception("table %s: cannot subscribe", self.table_id)
            await self.ws.send_text(encode(ws_error(_error(
                "server_error", "Erreur interne du serveur : réessayez plus tard."))))
            await self.ws.close(CLOSE_INTERNAL_ERROR)
            return
        loop = asyncio.get_running_loop()
        reader = loop.create_task(self.read_loop(), name=f"ws-read-{self.table_id}")
        writer = loop.create_task(self.write_loop(), name=f"ws-write-{self.table_id}")
        try:
            done, pending = await asyncio.wait({reader, writer},
                                               return_when=asyncio.FIRST_COMPLETED)
            for task in pending:
                task.cancel()
            if pending:
                # wait, not gather: a cancellation of this task (server or test client
                # shutting down) must surface as its own, not as a child's.
                await asyncio.wait(pending)
            for task in done:
                if not task.cancelled() and task.exception() is not None:
                    log.error("table %s: connection ended by %r", self.table_id,
                              task.exception())
        finally:
            for task in (reader, writer):
                task.cancel()
            self._stop_forwarding()
            self.hub.leave(self.table_id, self)


async def table_socket(websocket: WebSocket) -> None:
    settings = settings_of(websocket)
    if settings.check_origin and not origin_allowed(websocket.headers,
                                                    settings.allowed_origins):
        await websocket.close(CLOSE_FORBIDDEN_ORIGIN)  # before accept: an HTTP 403
        return
    await websocket.accept()
    table_id = str(websocket.path_params["table_id"])
    connection = Connection(websocket, table_id, manager_of(websocket), chat_hub_of(websocket),
                            settings)
    WEBSOCKETS.inc()
    try:
        with about_table(table_id):
            await connection.run()
    finally:
        WEBSOCKETS.dec()


HANDLERS = {
    "hello": Connection.on_hello,
    "action": Connection.on_action,
    "preview": Connection.on_preview,
    "chat": Connection.on_chat,
    "resign": Connection.on_resign,
    "expel": Connection.on_expel,
    "ping": Connection.on_ping,
}
