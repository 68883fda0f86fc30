"""Fixtures shared across the test packages: the real PostgreSQL and Redis of
``tests/table/services.py``, for the tests that run several processes (or managers standing
for them) on one database and one bus."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.table.services import RedisServer, shared_postgres


@pytest.fixture(scope="module")
def redis_server() -> Iterator[RedisServer]:
    server = RedisServer().start()
    yield server
    server.close()


@pytest.fixture
def pg_url() -> str:
    """A fresh schema on the suite's shared PostgreSQL cluster."""
    return shared_postgres().create_schema()
