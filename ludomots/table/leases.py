"""Who runs a table's bots and clocks when several processes have it loaded: its lease holder.

Any process may apply a human's action to any table (the database arbitrates), but a bot's
move and a timeout must be decided once, not once per process that has the table in memory:
two bots thinking on two processes waste a core each, and a bot move computed for a position
that has since moved on would be stored as if it were fresh. So each playing table has one
owner, the process holding its lease: a Redis key ``ludomots:lease:<table>`` set with
``SET NX PX`` (one winner) to the owner's id, renewed every ``ttl / 3`` by the owner. When the
owner dies, the key expires and another process that has the table loaded (or the orphan
sweep of any process) takes it over within ``ttl`` plus one renewal period; bots then resume
and clocks fire from that process. A process shutting down cleanly releases its leases at once.

Nothing breaks when two processes believe they own a table for a moment (Redis restarted
and lost its keys; a renewal came too late): both may play the same bot turn or timeout, the
database stores exactly one (unique ``(table, seq)``), and the loser catches up without
retrying (see ``TableManager._play_locked``). The lease only avoids the waste.

``LocalLeases`` is the single-process case: this process owns every table.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from typing import Any

log = logging.getLogger(__name__)

PREFIX = "ludomots:lease:"
DEFAULT_TTL = 10.0

#: Renew only a key that is still ours (another process may have taken an expired one).
_RENEW = """
if redis.call('get', KEYS[1]) == ARGV[1] then
    return redis.call('pexpire', KEYS[1], ARGV[2])
end
return 0
"""
_RELEASE = """
if redis.call('get', KEYS[1]) == ARGV[1] then
    return redis.call('del', KEYS[1])
end
return 0
"""


class LocalLeases:
    distributed = False
    ttl = DEFAULT_TTL

    def owns(self, table_id: str) -> bool:
        return True

    async def claim(self, table_ids: Iterable[str]) -> set[str]:
        return set(table_ids)

    async def renew(self) -> set[str]:
        return set()

    async def unowned(self, table_ids: Iterable[str]) -> set[str]:
        return set()

    async def release(self, table_ids: Iterable[str]) -> None:
        return None

    async def close(self) -> None:
        return None


class RedisLeases:
    """Leases in Redis; ``owns`` answers from memory (what the last claim or renewal said)."""

    distributed = True

    def __init__(self, url: str, process_id: str, ttl: float = DEFAULT_TTL) -> None:
        import redis.asyncio as aioredis

        self._redis = aioredis
        self._client: Any = aioredis.Redis.from_url(url, socket_connect_timeout=2,
                                                    socket_timeout=5)
        self.process_id = process_id
        self.ttl = ttl
        self._owned: set[str] = set()
        self._renew = self._client.register_script(_RENEW)
        self._release = self._client.register_script(_RELEASE)

    def owns(self, table_id: str) -> bool:
        return table_id in self._owned

    @property
    def owned(self) -> frozenset[str]:
        return frozenset(self._owned)

    async def claim(self, table_ids: Iterable[str]) -> set[str]:
        """Take the leases of ``table_ids`` that nobody holds; the ones gained."""
        wanted = [t for t in table_ids if t not in self._owned]
        if not wanted:
            return set()
        try:
            async with self._client.pipeline(transaction=False) as pipe:
                for table_id in wanted:
                    pipe.set(PREFIX + table_id, self.process_id, nx=True,
                             px=int(self.ttl * 1000))
                results = await pipe.execute()
        except (self._redis.RedisError, OSError) as exc:
            log.warning("leases: cannot claim (%s)", exc)
            return set()
        gained = {t for t, ok in zip(wanted, results, strict=True) if ok}
        self._owned |= gained
        return gained

    async def renew(self) -> set[str]:
        """Extend every lease held; the ones lost (expired and taken by another process).
        While Redis is unreachable nothing is renewed and nothing is lost: nobody else can
        take a lease then either."""
        owned = sorted(self._owned)
        if not owned:
            return set()
        try:
            async with self._client.pipeline(transaction=False) as pipe:
                for table_id in owned:
                    await self._renew(keys=[PREFIX + table_id],
                                      args=[self.process_id, int(self.ttl * 1000)],
                                      client=pipe)
                results = await pipe.execute()
        except (self._redis.RedisError, OSError) as exc:
            log.warning("leases: cannot renew (%s)", exc)
            return set()
        lost = {t for t, ok in zip(owned, results, strict=True) if not ok}
        self._owned -= lost
        return lost

    async def unowned(self, table_ids: Iterable[str]) -> set[str]:
        """Those of ``table_ids`` whose lease nobody holds (the orphan sweep)."""
        ids = list(table_ids)
        if not ids:
            return set()
        try:
            values = await self._client.mget([PREFIX + t for t in ids])
        except (self._redis.RedisError, OSError) as exc:
            log.warning("leases: cannot look for orphans (%s)", exc)
            return set()
        return {t for t, value in zip(ids, values, strict=True) if value is None}

    async def release(self, table_ids: Iterable[str]) -> None:
        ids = [t for t in table_ids if t in self._owned]
        self._owned -= set(ids)
        if not ids:
            return
        try:
            async with self._client.pipeline(transaction=False) as pipe:
                for table_id in ids:
                    await self._release(keys=[PREFIX + table_id], args=[self.process_id],
                                        client=pipe)
                await pipe.execute()
        except (self._redis.RedisError, OSError) as exc:
            log.warning("leases: cannot release (%s); they will expire", exc)

    async def close(self) -> None:
        await self.release(list(self._owned))
        await self._client.aclose()
