"""« Mes parties » for a guest in Chromium (issue 19): the home page lists the live tables this
browser holds seats in (its seat tokens, asked about with POST /api/my-tables), with the game,
the opponents, whose turn it is, and a button to the table; a token that proves nothing and a
finished table are left out."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest

from tests.e2e.conftest import LiveServer

expect = pytest.importorskip("playwright.sync_api").expect


def _resign(server: LiveServer, table_id: str, token: str) -> None:
    from websockets.sync.client import connect

    with connect(f"{server.ws_url}/ws/tables/{table_id}", open_timeout=10) as ws:
        ws.send(json.dumps({"type": "hello", "token": token}))
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            message = json.loads(ws.recv(timeout=30))
            if message.get("type") == "welcome" and message.get("seat") is not None:
                ws.send(json.dumps({"type": "resign"}))
            elif message.get("type") == "update" and \
                    message["view"]["table"]["status"] == "over":
                return
    raise AssertionError("the resignation was not confirmed")


def test_a_guest_finds_their_tables_and_whose_turn_it_is_on_the_home_page(
        server: LiveServer, new_page: Any, screenshots: Any) -> None:
    playing = server.post_json("/api/tables", {"game": "topword", "name": "Alice"})
    bob = server.post_json(f"/api/tables/{playing['table']}/join", {"name": "Bob"})
    waiting = server.post_json("/api/tables", {"game": "vocabulon", "name": "Alice"})
    over = server.post_json("/api/tables", {"game": "typo", "name": "Alice"})
    server.post_json(f"/api/tables/{over['table']}/join", {"name": "Chloé"})
    _resign(server, over["table"], over["token"])
    to_act = server.view(playing["table"])["table"]["to_act"]
    page = new_page()
    page.goto(f"{server.base_url}/")
    expect(page.locator(".guest-games")).to_be_hidden()  # no seat in this browser yet
    held = {t["table"]: {"seat": t["seat"], "token": t["token"], "at": 1}
            for t in (playing, waiting, over)}
    held["nulle-part"] = {"seat": 0, "token": bob["token"], "at": 1}  # proves nothing there
    page.evaluate("(held) => localStorage.setItem('ludomots.tokens', JSON.stringify(held))", held)
    page.reload()
    panel = page.locator(".guest-games")
    expect(panel).to_be_visible()
    expect(panel.locator(".my-game")).to_have_count(2)
    row = panel.locator(f'.my-game[data-table="{playing["table"]}"]')
    expect(row).to_contain_text("Topword")
    expect(row).to_contain_text("avec Bob")
    expect(row.locator(".turn-chip")).to_have_text(
        "À vous de jouer" if to_act == [0] else "Au tour de Bob")
    other = panel.locator(f'.my-game[data-table="{waiting["table"]}"]')
    expect(other).to_contain_text("Vocabulon")
    expect(other.locator(".turn-chip")).to_have_text("En attente de 1 joueur")
    panel.screenshot(path=str(screenshots / "guest-my-games.png"))
    row.get_by_role("button").click()
    page.wait_for_url(f"**/table/{playing['table']}")
    expect(page.locator(".role-chip")).to_contain_text("Vous : Alice", timeout=30000)
