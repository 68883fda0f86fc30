"""Fixtures shared across the test packages: the real PostgreSQL and Redis of
``tests/table/services.py``, for the tests that run several processes (or managers standing
for them) on one database and one bus; and the bots' clock turned off."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from ludomots.core.budget import CLOCK_VARIABLE
from tests.table.services import PostgresCluster, RedisServer, shared_postgres

# Bots that search spend their work budget, never a wall-clock guess: a test gets the same
# move on a fast or a busy machine (core/budget.py). Processes the tests start inherit it.
os.environ[CLOCK_VARIABLE] = "0"


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
