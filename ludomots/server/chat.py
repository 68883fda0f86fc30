"""Table chat: who is connected to which table, and what a chat line may contain.

Chat is not part of the game, so it is no action of the record: a line is kept in the
table's ``chat_lines`` (``Store.add_chat``; a page's welcome carries the last 200), then the
hub fans it out to the connections of one table in this process, and through the bus
(``attach``) to the other processes' hubs when there are several. The hub also carries the
other table-wide notices that are not game updates (a rematch's new table). Only seated
players may write: an anonymous spectator has no name to answer for what he writes.

Text is the only free input shown to other players besides names, so it gets the same hygiene
as names (NFC, stripped, bounded, no control or invisible formatting characters, which could
disguise text); the client shows it with ``textContent`` and never as HTML.
"""

from __future__ import annotations

from typing import Any, Protocol

from ludomots.core.errors import RuleError
from ludomots.core.text import printable, tidy
from ludomots.server.settings import CHAT_MAX
from ludomots.table.bus import Notice, RedisBus


class Listener(Protocol):
    def deliver(self, payload: dict[str, Any]) -> None: ...


class ChatHub:
    """Connections by table id; ``broadcast`` queues a payload on each (never waits)."""

    def __init__(self) -> None:
        self._tables: dict[str, set[Listener]] = {}
        self._bus: RedisBus | None = None

    def attach(self, bus: RedisBus) -> None:
        """Share lines with the other processes' hubs through ``bus``."""
        self._bus = bus
        bus.on("chat", self._from_bus)

    def _from_bus(self, notice: Notice) -> None:
        self._deliver(notice.table_id, notice.action)

    def join(self, table_id: str, listener: Listener) -> None:
        self._tables.setdefault(table_id, set()).add(listener)

    def leave(self, table_id: str, listener: Listener) -> None:
        listeners = self._tables.get(table_id)
        if listeners is not None:
            listeners.discard(listener)
            if not listeners:
                del self._tables[table_id]

    def broadcast(self, table_id: str, payload: dict[str, Any]) -> int:
        """To this process's connections of the table (how many), and to the others'."""
        if self._bus is not None:
            self._bus.publish(Notice(table_id, "chat", self._bus.process_id, action=payload))
        return self._deliver(table_id, payload)

    def _deliver(self, table_id: str, payload: dict[str, Any]) -> int:
        listeners = list(self._tables.get(table_id, ()))
        for listener in listeners:
            listener.deliver(payload)
        return len(listeners)

    def count(self, table_id: str) -> int:
        return len(self._tables.get(table_id, ()))


def clean_chat(text: object) -> str:
    """The line as shown, or RuleError with a French message."""
    if not isinstance(text, str):
        raise RuleError("bad_chat", "Le message doit être un texte.")
    cleaned = tidy(text)
    if not cleaned:
        raise RuleError("bad_chat", "Le message est vide.")
    if len(cleaned) > CHAT_MAX:
        raise RuleError("chat_too_long", f"Le message dépasse {CHAT_MAX} caractères.",
                        {"max": CHAT_MAX})
    if not printable(cleaned):
        raise RuleError("bad_chat", "Le message contient des caractères non autorisés.")
    return cleaned
