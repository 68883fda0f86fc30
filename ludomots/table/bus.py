"""Fan-out between server processes: every stored action is announced on Redis pub/sub.

Why this shape:

- **The database stays the truth; the bus is only news.** A notice carries the action just
  stored with its sequence number, so a process that has the table at exactly that number
  applies it at once (no database read). A process that is behind (a gap in the numbers: it
  missed a notice) reloads the missing actions from the database; one that is ahead ignores
  it. So order comes from the sequence numbers, not from the bus, and a lost notice costs a
  database read, never a wrong view.
- **One channel for every table.** Each process gets every notice and drops those of tables
  it has not loaded. Notices are a few hundred bytes; a channel per table would cost a
  SUBSCRIBE per table loaded and evicted, for a saving that only matters far beyond the
  traffic one Redis serves easily.
- **Losing Redis is survivable.** The listener reconnects with a back-off and, once
  subscribed again, asks the manager to resynchronise every loaded table from the database
  (the notices sent meanwhile are gone). Notices published while Redis is unreachable wait in
  a bounded queue and go out, in order, once it is back.
- **Publishing never blocks an action.** ``publish`` queues; one sender task sends in queue
  order, so a process's notices for a table leave in the order its actions were stored.
  The notices queued while a send is in flight go out together, in one pipeline (one round
  trip): under load, one PUBLISH awaited per action was a large share of the server's CPU.
- **A process skips its own notices unread.** Every process receives what it published; the
  origin comes first in the encoded notice, so recognising its own costs a prefix test, not
  a JSON decode.

``LocalBus`` is the single-process bus: nothing to tell anyone.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import logging
import secrets
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, Literal

log = logging.getLogger(__name__)

CHANNEL = "ludomots:tables"
#: Notices kept while Redis is unreachable; beyond this the oldest are dropped (the
#: receivers' resynchronisation from the database covers them).
QUEUE_MAX = 10_000
#: Notices sent at most in one pipeline.
BATCH_MAX = 500
RETRY_MIN, RETRY_MAX = 0.1, 2.0

NoticeKind = Literal["action", "info", "chat", "personal"]
KINDS: tuple[NoticeKind, ...] = ("action", "info", "chat", "personal")


@dataclass(frozen=True)
class Notice:
    """News about one table. ``action``: action ``seq`` was stored (with its row); ``info``:
    seats or status changed (someone joined), reload them; ``chat``: a chat line (the
    payload in ``action``) for the table's connections on every process; ``personal``: a
    notice for one account's open pages (``action``: {"account", "payload"}), whichever
    process holds them."""

    table_id: str
    kind: NoticeKind
    origin: str
    seq: int = 0
    seat: int = 0
    action: dict[str, Any] = field(default_factory=dict)
    ms: int = 0
    digest: str = ""
    timeout: bool = False

    def encode(self) -> str:
        # The origin first: see ``origin_prefix``.
        return json.dumps({"o": self.origin, "t": self.table_id, "k": self.kind, "n": self.seq,
                           "s": self.seat, "a": self.action, "ms": self.ms, "d": self.digest,
                           "to": self.timeout}, separators=(",", ":"))

    @classmethod
    def decode(cls, raw: str | bytes) -> Notice:
        data = json.loads(raw)
        kind = data["k"]
        if kind not in KINDS:
            raise ValueError(f"unknown notice kind {kind!r}")
        return cls(table_id=str(data["t"]), kind=kind, origin=str(data["o"]), seq=int(data["n"]),
                   seat=int(data["s"]), action=dict(data["a"]), ms=int(data["ms"]),
                   digest=str(data["d"]), timeout=bool(data["to"]))


def origin_prefix(origin: str) -> bytes:
    """How every notice ``origin`` encodes begins (its origin is the first key)."""
    return ('{"o":' + json.dumps(origin) + ",").encode()


OnNotice = Callable[[Notice], None]
OnResync = Callable[[], Awaitable[None]]


class LocalBus:
    """One process: nobody else to tell."""

    process_id = "local"
    distributed = False

    def on(self, kind: NoticeKind, handler: OnNotice) -> None:
        return None

    async def start(self, on_notice: OnNotice, on_resync: OnResync) -> None:
        return None

    def publish(self, notice: Notice) -> None:
        return None

    async def close(self) -> None:
        return None


def new_process_id() -> str:
    """Tells this process's notices and leases from the others' (any unique string)."""
    return secrets.token_hex(6)


class RedisBus:
    """Redis pub/sub (``redis.asyncio``); see the module docstring."""

    distributed = True

    def __init__(self, url: str, process_id: str | None = None) -> None:
        try:
            import redis.asyncio as aioredis
        except ImportError as exc:  # pragma: no cover - installed with the "scale" extra
            raise RuntimeError("the redis package is needed for --redis: "
                               "pip install 'ludomots[scale]'") from exc
        self.url = url
        self.process_id = process_id or new_process_id()
        self._redis = aioredis
        self._publisher: Any = aioredis.Redis.from_url(url, socket_connect_timeout=2,
                                                  socket_timeout=5)
        self._queue: deque[str] = deque(maxlen=QUEUE_MAX)
        self._own = origin_prefix(self.process_id)
        self._wake = asyncio.Event()
        self._tasks: list[asyncio.Task[None]] = []
        self._closed = False
        self._handlers: dict[str, OnNotice] = {}
        #: Set once subscribed (tests wait for it); cleared while reconnecting.
        self.subscribed = asyncio.Event()

    def on(self, kind: NoticeKind, handler: OnNotice) -> None:
        """Send notices of ``kind`` to ``handler`` instead of ``start``'s ``on_notice``
        (the server's chat hub takes the chat lines)."""
        self._handlers[kind] = handler

    async def start(self, on_notice: OnNotice, on_resync: OnResync) -> None:
        loop = asyncio.get_running_loop()
        self._tasks = [loop.create_task(self._listen(on_notice, on_resync), name="bus-listen"),
                       loop.create_task(self._send(), name="bus-send")]
        with contextlib.suppress(TimeoutError):  # not up yet: the listener keeps trying
            await asyncio.wait_for(self.subscribed.wait(), 5)

    def publish(self, notice: Notice) -> None:
        if len(self._queue) == self._queue.maxlen:
            log.warning("bus: %d notices queued, dropping the oldest", len(self._queue))
        self._queue.append(notice.encode())
        self._wake.set()

    async def _send(self) -> None:
        delay = RETRY_MIN
        while not self._closed:
            if not self._queue:
                self._wake.clear()
                await self._wake.wait()
                continue
            batch = list(itertools.islice(self._queue, BATCH_MAX))
            try:
                if len(batch) == 1:
                    await self._publisher.publish(CHANNEL, batch[0])
                else:  # in order, one round trip; not a transaction (no MULTI/EXEC)
                    pipe = self._publisher.pipeline(transaction=False)
                    for text in batch:
                        pipe.publish(CHANNEL, text)
                    await pipe.execute()
            except (self._redis.RedisError, OSError) as exc:
                # Sent again whole, as a single notice was after a lost answer: an action
                # notice that did go out arrives twice, and its receivers ignore the second
                # (they are past its number).
                log.warning("bus: cannot publish (%s); retrying in %.1f s", exc, delay)
                await asyncio.sleep(delay)
                delay = min(RETRY_MAX, delay * 2)
                continue
            delay = RETRY_MIN
            for _ in range(min(len(batch), len(self._queue))):
                self._queue.popleft()

    async def _listen(self, on_notice: OnNotice, on_resync: OnResync) -> None:
        delay = RETRY_MIN
        resync = False  # the first subscription needs no resync: nothing was loaded yet
        while not self._closed:
            client: Any = self._redis.Redis.from_url(self.url, socket_connect_timeout=2)
            pubsub: Any = client.pubsub(ignore_subscribe_messages=True)
            try:
                await pubsub.subscribe(CHANNEL)
                self.subscribed.set()
                delay = RETRY_MIN
                if resync:
                    log.info("bus: subscribed again; resynchronising the loaded tables")
                    await on_resync()
                resync = True
                while not self._closed:
                    message = await pubsub.get_message(timeout=1.0)
                    if message is None or message.get("type") != "message":
                        continue
                    data = message["data"]
                    if isinstance(data, bytes) and data.startswith(self._own):
                        continue  # this process's own news
                    try:
                        notice = Notice.decode(message["data"])
                    except (ValueError, KeyError, TypeError) as exc:
                        log.error("bus: malformed notice ignored: %s", exc)
                        continue
                    if notice.origin != self.process_id:
                        self._handlers.get(notice.kind, on_notice)(notice)
            except (self._redis.RedisError, OSError) as exc:
                self.subscribed.clear()
                log.warning("bus: lost Redis (%s); reconnecting in %.1f s", exc, delay)
                await asyncio.sleep(delay)
                delay = min(RETRY_MAX, delay * 2)
            finally:
                with contextlib.suppress(Exception):
                    await pubsub.aclose()
                with contextlib.suppress(Exception):
                    await client.aclose()

    async def ping(self) -> None:
        """Ask Redis for a PONG (the readiness check); the client's error if it is away."""
        await self._publisher.ping()

    async def flush(self, timeout: float = 5.0) -> None:
        """Wait until every queued notice is sent (graceful shutdown, tests)."""
        deadline = asyncio.get_running_loop().time() + timeout
        while self._queue and asyncio.get_running_loop().time() < deadline:
            await asyncio.sleep(0.01)

    async def close(self) -> None:
        await self.flush(2.0)
        self._closed = True
        self._wake.set()
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        with contextlib.suppress(Exception):
            await self._publisher.aclose()
