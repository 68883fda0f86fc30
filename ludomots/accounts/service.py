"""The accounts layer as the server uses it: sign-up, login (throttled), sessions, claims of
guests' seats, and finishing tables when the table manager says one ended.

Everything that touches the database or hashes a password runs off the event loop
(``asyncio.to_thread``); argon2 is CPU and memory heavy by design, so at most
``HASHES_AT_ONCE`` hashes run at a time and a flood of logins queues instead of exhausting
memory. Finishing a table is a background task started from the manager's hook (the game's
end is already stored, nobody waits for the ratings); a sweep at start and every few minutes
finishes whatever a crash or a database hiccup left unfinished (``Results.sweep``), and the
``finished_tables`` guard makes every one of these attempts safe to repeat.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ludomots.accounts.db import Account, AccountDb
from ludomots.accounts.errors import bad_credentials, name_taken, too_many_attempts
from ludomots.accounts.names import name_key, validate_account_name
from ludomots.accounts.passwords import HashCost, Passwords, check_password
from ludomots.accounts.queries import Queries
from ludomots.accounts.results import Results, summarise
from ludomots.table.store import Store
from ludomots.table.table import Table

log = logging.getLogger(__name__)

HASHES_AT_ONCE = 2
#: Login throttling, in the spirit of lichess: failed tries per account, and tries (every
#: login and sign-up) per address, within the window.
WINDOW_MS = 10 * 60 * 1000
ACCOUNT_TRIES = 10
ADDRESS_TRIES = 200
SWEEP_SECONDS = 300.0


@dataclass(frozen=True)
class LoginLimits:
    window_ms: int = WINDOW_MS
    per_account: int = ACCOUNT_TRIES
    per_address: int = ADDRESS_TRIES


class AccountService:
    def __init__(self, store: Store, *, process: str = "local", cost: HashCost | None = None,
                 limits: LoginLimits | None = None, sweep_seconds: float = SWEEP_SECONDS
                 ) -> None:
        self.db = AccountDb(store, process=process)
        self.results = Results(self.db)
        self.queries = Queries(self.db)
        self.passwords = Passwords(cost)
        self.limits = limits or LoginLimits()
        self._hashing = asyncio.Semaphore(HASHES_AT_ONCE)
        self._tasks: set[asyncio.Task[Any]] = set()
        self._sweep_seconds = sweep_seconds
        self._sweeper: asyncio.Task[None] | None = None
        self.session_key = ""

    async def start(self) -> None:
        """Read the shared signing key, seed the bots' ratings, finish what was left, and
        keep sweeping."""
        from ludomots.accounts.botcal import seed_bot_ratings

        self.session_key = await asyncio.to_thread(self.db.server_key, "session")
        await asyncio.to_thread(seed_bot_ratings, self.db)
        await self.sweep()
        if self._sweep_seconds > 0:
            self._sweeper = asyncio.get_running_loop().create_task(self._sweep_loop(),
                                                                   name="accounts-sweep")

    async def close(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._sweeper
        await self.idle()

    async def idle(self) -> None:
        """Wait until every finish started is stored (tests; shutdown)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    async def _sweep_loop(self) -> None:
        while True:
            await asyncio.sleep(self._sweep_seconds)
            await self.sweep()

    async def sweep(self) -> int:
        try:
            return await asyncio.to_thread(self.results.sweep)
        except Exception:
            log.exception("cannot sweep unfinished tables")
            return 0

    # ---- the manager's hook -------------------------------------------------------------------

    def table_finished(self, table: Table) -> None:
        """Called by the manager, under the table's lock, once a table's last action is
        stored: read the results now (the table is final), store them in the background."""
        try:
            result = summarise(table.info, table.state)
        except Exception:
            log.exception("table %s: cannot read its results", table.id)
            return
        task = asyncio.get_running_loop().create_task(
            asyncio.to_thread(self.results.finish, result), name=f"finish-{table.id}")
        self._tasks.add(task)
        task.add_done_callback(self._finished)

    def _finished(self, task: asyncio.Task[Any]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("cannot store a table's results (the sweep retries): %r",
                      task.exception())

    # ---- accounts -----------------------------------------------------------------------------

    async def _hash(self, password: str) -> str:
        async with self._hashing:
            return await asyncio.to_thread(self.passwords.hash, password)

    async def _verify(self, stored: str | None, password: str) -> bool:
        async with self._hashing:
            return await asyncio.to_thread(self.passwords.verify, stored, password)

    async def _check_throttle(self, name: str | None, address: str) -> None:
        keys = [f"addr:{address}"] + ([f"name:{name_key(name)}"] if name else [])
        counts = await asyncio.to_thread(self.db.attempts, keys, self.limits.window_ms)
        if counts[keys[0]] >= self.limits.per_address or \
                (len(keys) > 1 and counts[keys[1]] >= self.limits.per_account):
            raise too_many_attempts()

    async def _count(self, keys: Sequence[str]) -> None:
        await asyncio.to_thread(self.db.add_attempts, keys, self.limits.window_ms)

    async def sign_up(self, name: object, password: object, address: str) -> Account:
        """A new account; RuleError (French) for a bad name, a weak password, a taken name."""
        shown = validate_account_name(name)
        checked = check_password(password, shown)
        await self._check_throttle(None, address)
        await self._count([f"addr:{address}"])
        if await asyncio.to_thread(self.db.find_account, shown) is not None:
            raise name_taken()  # before hashing: the index decides races below
        return await asyncio.to_thread(self.db.create_account, shown,
                                       await self._hash(checked))

    async def log_in(self, name: object, password: object, address: str) -> Account:
        """The account if the password is right; RuleError("bad_credentials") otherwise,
        the same for an unknown name and a wrong password; throttled."""
        if not isinstance(name, str) or not isinstance(password, str) or not name.strip() \
                or len(name) > 64 or len(password) > 1024:
            raise bad_credentials()
        await self._check_throttle(name, address)
        found = await asyncio.to_thread(self.db.credentials, name)
        ok = await self._verify(found.password_hash if found else None, password)
        if not ok or found is None:
            await self._count([f"addr:{address}", f"name:{name_key(name)}"])
            raise bad_credentials()
        await self._count([f"addr:{address}"])
        if self.passwords.needs_rehash(found.password_hash):
            await asyncio.to_thread(self.db.set_password, found.account.id,
                                    await self._hash(password))
        return found.account

    async def check_password_of(self, account: Account, password: object) -> bool:
        if not isinstance(password, str) or len(password) > 1024:
            return False
        found = await asyncio.to_thread(self.db.credentials, account.name)
        return found is not None and found.account.id == account.id and \
            await self._verify(found.password_hash, password)

    async def claim(self, account: Account, pairs: Sequence[tuple[str, str]]) -> int:
        """Link the guest seats whose tokens the browser sent; finished tables that have no
        results yet (they ended before accounts existed) are finished from the store."""
        claimed, missing = await asyncio.to_thread(self.db.claim_seats, account.id, pairs)
        for table_id in missing:
            try:
                await asyncio.to_thread(self.results.finish_from_store, table_id)
            except Exception:
                log.exception("table %s: cannot store its results", table_id)
        return claimed
