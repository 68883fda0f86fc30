from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
import pytest_asyncio

from ludomots.core import registry
from ludomots.table.store import Store
from tests.core.gops import BOTS, GAME
from tests.table import variants
from tests.table.services import fresh_db_url


class FakeTime:
    """An injectable wall clock that only moves when told to."""

    def __init__(self, start: float = 1_700_000_000.0) -> None:
        self.t = start

    def __call__(self) -> float:
        return self.t

    def advance(self, seconds: float) -> None:
        self.t += seconds


@pytest.fixture(autouse=True)
def gops_registered() -> Iterator[None]:
    registry.register("gops", GAME, BOTS)
    registry.register(variants.HookGops.name, variants.HOOK_GAME, variants.HOOK_BOTS)
    registry.register(variants.NoLegalGops.name, variants.NO_LEGAL_GAME, variants.NO_LEGAL_BOTS)
    registry.register(variants.SandGlassGops.name, variants.SAND_GLASS_GAME,
                      variants.HOOK_BOTS)
    yield
    for name in ("gops", variants.HookGops.name, variants.NoLegalGops.name,
                 variants.SandGlassGops.name):
        registry.unregister(name)


@pytest.fixture
def fake_time() -> FakeTime:
    return FakeTime()


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    """SQLite, or PostgreSQL with LUDOMOTS_TEST_DB=postgresql (services.py)."""
    return fresh_db_url(tmp_path)


@pytest_asyncio.fixture
async def timed_store(db_url: str, fake_time: FakeTime) -> AsyncIterator[Store]:
    """A migrated store whose clock is ``fake_time`` (what the stale and clock tests advance)."""
    store = Store(db_url, now=fake_time)
    store.migrate()
    yield store
    store.close()
