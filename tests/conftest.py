"""Fixtures shared across the test packages: the real PostgreSQL and Redis of
``tests/table/services.py``, for the tests that run several processes (or managers standing
for them) on one database and one bus."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.table.services import PostgresCluster, RedisServer, shared_postgres


@pytest.fixture(scope="module")
def redis_server() -> Iterator[RedisServer]:
    server = RedisServer().start()
    yield server
    server.close()


@pytest.fixture
def pg_url() -> str:
    """A fresh schema on the suite's shared PostgreSQL cluster."""
    return shared_postgres().create_schema()


@pytest.fixture
def own_postgres() -> Iterator[PostgresCluster]:
    """A PostgreSQL cluster of this test's own, to stop and start at will (the suite's
    shared one keeps running for the others)."""
    cluster = PostgresCluster().start()
    yield cluster
    cluster.close()
