from __future__ import annotations

import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

# Starlette's TestClient now prefers the httpx2 package; httpx still works.
warnings.filterwarnings("ignore", message=".*httpx2.*")

from starlette.testclient import TestClient  # noqa: E402

from tests.server.games import PlayedGame, play_against_a_bot, play_two_humans  # noqa: E402
from tests.server.helpers import close_all_sockets, make_app  # noqa: E402
from tests.table.services import fresh_db_url  # noqa: E402


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    """SQLite, or PostgreSQL with LUDOMOTS_TEST_DB=postgresql (tests/table/services.py)."""
    return fresh_db_url(tmp_path)


@pytest.fixture
def client_factory(db_url: str) -> Iterator[Callable[..., TestClient]]:
    """Start apps (with their lifespan) on the test's database; all closed at the end."""
    opened: list[TestClient] = []

    def start(url: str | None = None, **kwargs: Any) -> TestClient:
        client = TestClient(make_app(url or db_url, **kwargs))
        client.__enter__()
        opened.append(client)
        return client

    yield start
    close_all_sockets()
    for client in reversed(opened):
        client.__exit__(None, None, None)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "app(**options): the options the `client` fixture starts its app with")


@pytest.fixture
def client(client_factory: Callable[..., TestClient], request: pytest.FixtureRequest
           ) -> TestClient:
    """The app on the test's database; a module marked ``app(**options)`` (``pytestmark``)
    starts it with those options (``make_app``'s keywords), e.g. ``accounts_kit.ACCOUNTS_APP``."""
    marker = request.node.get_closest_marker("app")
    return client_factory(**(marker.kwargs if marker is not None else {}))


@pytest.fixture(scope="package")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    url = fresh_db_url(tmp_path_factory.mktemp("games"), "games.db")
    # Test players move far faster than people: no limit on actions per second.
    with TestClient(make_app(url, manager_options={"rate_limit": 0})) as client:
        yield client
        close_all_sockets()


@pytest.fixture(scope="package")
def humans_game(server: TestClient) -> PlayedGame:
    return play_two_humans(server)


@pytest.fixture(scope="package")
def bot_game(server: TestClient) -> PlayedGame:
    return play_against_a_bot(server)
