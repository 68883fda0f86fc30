"""``/healthz`` (the process is up) and ``/readyz`` (database and Redis reachable), issue 22."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from starlette.testclient import TestClient

from tests.table.services import PostgresCluster, RedisServer


def test_healthz_says_the_process_is_up(client: TestClient) -> None:
    response = client.get("/healthz")
    assert (response.status_code, response.json()) == (200, {"status": "ok"})
    assert response.headers["cache-control"] == "no-store"


def test_readyz_on_sqlite_checks_the_database_and_uses_no_redis(client: TestClient) -> None:
    response = client.get("/readyz")
    assert (response.status_code, response.json()) == (200, {
        "status": "ready", "checks": {"database": "ok", "redis": "not used"}})


def test_readyz_answers_503_with_a_reason_while_the_database_is_away(
        client_factory: Callable[..., TestClient], own_postgres: PostgresCluster) -> None:
    client = client_factory(own_postgres.url())
    assert client.get("/readyz").json()["status"] == "ready"
    own_postgres.stop()
    try:
        response = client.get("/readyz")
        body = response.json()
        assert response.status_code == 503
        assert body["status"] == "not_ready"
        assert body["checks"] == {"database": "unreachable", "redis": "not used"}
        assert body["reason"].startswith("database: ")
        # The process itself is fine: an orchestrator must not restart it for an outage.
        assert client.get("/healthz").status_code == 200
    finally:
        own_postgres.start()
    assert client.get("/readyz").json() == {
        "status": "ready", "checks": {"database": "ok", "redis": "not used"}}


def test_readyz_answers_503_while_redis_is_away(
        client_factory: Callable[..., TestClient], pg_url: str) -> None:
    redis = RedisServer().start()
    try:
        client = client_factory(pg_url, redis_url=redis.url)
        assert client.get("/readyz").json() == {
            "status": "ready", "checks": {"database": "ok", "redis": "ok"}}
        redis.stop()
        response = client.get("/readyz")
        body = response.json()
        assert response.status_code == 503
        assert body["checks"] == {"database": "ok", "redis": "unreachable"}
        assert body["reason"].startswith("redis: ")
        redis.start()
        assert client.get("/readyz").json()["checks"]["redis"] == "ok"
    finally:
        redis.close()


def test_readyz_is_503_before_the_app_has_started(db_url: str) -> None:
    from tests.server.helpers import make_app

    client = TestClient(make_app(db_url))  # not entered: no lifespan, no manager yet
    response = client.get("/readyz")
    assert (response.status_code, response.json()) == (503, {
        "status": "not_ready", "checks": {}, "reason": "starting up or shutting down"})


def test_readyz_waits_for_the_list_of_games_to_resume_which_starts_once_the_port_is_open(
        db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 22: ``ludomots serve`` resumes the unfinished games once its port is open
    (``listening``); until their list is read the process is not ready, though it is up."""
    import asyncio

    from ludomots.server import health
    from tests.server.helpers import make_app

    listening = asyncio.Event()
    with TestClient(make_app(db_url, listening=listening)) as client:
        monkeypatch.setattr(health, "LISTING_WAIT", 0.01)  # the list never comes: no resume
        response = client.get("/readyz")
        assert (response.status_code, response.json()) == (503, {
            "status": "not_ready", "checks": {"database": "ok", "redis": "not used"},
            "reason": "starting up: the unfinished games to resume are not listed yet"})
        assert client.get("/healthz").status_code == 200
        monkeypatch.undo()  # /readyz waits for the list again
        client.portal.call(listening.set)  # what `ludomots serve` does once it listens
        assert client.get("/readyz").json()["status"] == "ready"
