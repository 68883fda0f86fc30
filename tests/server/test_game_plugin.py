"""Issue 18: a game is a plugin. A distribution that declares Goofspiel in the
``ludomots.games`` entry-point group (installed here at run time: a ``*.dist-info`` on
``sys.path``) is listed by ``GET /api/games``, played over HTTP and WebSocket to the end, played
by ``ludomots sim``, and its rules page and browser files are served, with no file of ludomots
edited for it."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from starlette.testclient import TestClient

from ludomots.cli import main
from ludomots.core import registry
from ludomots.core.record import replay
from ludomots.server.rules import render_rules
from tests.goofspiel_plugin import GAME, HERE
from tests.server.helpers import Socket, create, record_of

ENTRY_POINTS = "[ludomots.games]\ngoofspiel = tests.goofspiel_plugin:GAME\n"


def _forget_games() -> None:
    registry.refresh()
    render_rules.cache_clear()


@pytest.fixture
def plugin_installed(tmp_path: Path) -> Iterator[None]:
    """What ``pip install ludomots-goofspiel`` leaves for ``importlib.metadata`` to find."""
    dist = tmp_path / "ludomots_goofspiel-1.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: ludomots-goofspiel\nVersion: 1.0\n", "utf-8")
    (dist / "entry_points.txt").write_text(ENTRY_POINTS, "utf-8")
    sys.path.insert(0, str(tmp_path))
    _forget_games()
    try:
        yield
    finally:
        sys.path.remove(str(tmp_path))
        _forget_games()


def test_without_the_plugin_the_game_is_unknown_and_has_no_rules_page(
        client: TestClient) -> None:
    assert "goofspiel" not in registry.known_games()
    assert "goofspiel" not in [g["name"] for g in client.get("/api/games").json()]
    response = client.get("/api/rules/goofspiel")
    assert (response.status_code, response.json()["error"]) == (404, "unknown_rules")


def test_the_plugin_game_is_listed_with_its_levels_and_options(
        plugin_installed: None, client_factory: Callable[..., TestClient]) -> None:
    client = client_factory()
    listed = {g["name"]: g for g in client.get("/api/games").json()}
    entry = listed["goofspiel"]
    assert (entry["title"], entry["min_players"], entry["max_players"]) == ("Goofspiel", 2, 4)
    assert entry["levels"] == ["debutant", "expert"] and entry["available"] is True
    assert [o["name"] for o in entry["options"]] == ["cards", "tie_rule"]
    assert {"topword", "typo", "awalettres", "vocabulon", "volapuk"} <= set(listed)


def test_the_plugin_game_is_played_to_the_end_over_http_and_websocket(
        plugin_installed: None, client_factory: Callable[..., TestClient]) -> None:
    client = client_factory()
    created = create(client, game="goofspiel", options={"cards": 3})
    joined = client.post(f"/api/tables/{created['table']}/join", json={"name": "Bob"})
    assert joined.status_code == 200, joined.text
    table_id = created["table"]
    sockets = [Socket(client, table_id, created["token"]),
               Socket(client, table_id, joined.json()["token"])]
    # Seat 0 bids 1, 2, 3 and seat 1 bids 3, 2, 1: seat 1 takes the first prize, the second
    # is discarded (both bid 2: no unique bid), seat 0 takes the third.
    for round_, bids in enumerate([(1, 3), (2, 2), (3, 1)]):
        for socket, card in zip(sockets, bids, strict=True):
            socket.send({"type": "action", "id": f"r{round_}",
                         "action": {"type": "bid", "card": card}})
        for socket in sockets:
            socket.until(lambda m, n=round_ + 1: m["type"] == "update"
                         and len(m["view"]["game"]["history"]) == n)
    view = sockets[0].view
    history = view["game"]["history"]
    assert [h["winner"] for h in history] == [1, None, 0]
    scores = [history[2]["prize"], history[0]["prize"]]
    assert view["table"]["status"] == "over"
    assert view["table"]["result"]["scores"] == scores
    record = record_of(client, table_id)
    assert record.game == "goofspiel"
    assert replay(record, registry.get_game("goofspiel")).scores() == scores


def test_the_plugin_rules_page_and_browser_files_are_served(
        plugin_installed: None, client_factory: Callable[..., TestClient]) -> None:
    client = client_factory()
    rules = client.get("/api/rules/goofspiel")
    assert rules.status_code == 200
    data = rules.json()
    assert (data["game"], data["title"]) == ("goofspiel", "Goofspiel")
    assert "<h2>Déroulement</h2>" in data["html"]
    script = client.get("/static/games/goofspiel/index.js")
    assert script.status_code == 200
    assert script.text == (HERE / "static" / "index.js").read_text("utf-8")
    assert client.get("/static/games/goofspiel/absent.js").status_code == 404
    # Nothing outside the game's folder: the server's page two levels up is refused.
    assert client.get("/static/games/goofspiel/%2e%2e/%2e%2e/index.html").status_code == 404


def test_the_plugin_game_is_played_by_ludomots_sim(plugin_installed: None) -> None:
    result = CliRunner().invoke(main, ["sim", "goofspiel", "--seats", "expert,debutant",
                                       "--games", "10", "--seed", "2", "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert (report["game"], report["games"], report["errors"]) == ("goofspiel", 10, 0)
    assert sum(report["wins"].values()) == pytest.approx(10)
    assert registry.get_game("goofspiel") is GAME
