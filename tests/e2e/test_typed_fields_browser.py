"""What a player is typing survives the views that arrive meanwhile, in Chromium: the screens
redraw on every update, and a text field they rebuild (or take out of the page to put it back)
would lose its value, its focus or its caret. The screens keep their fields and give the focus
back with ``focusKeeper`` (static/ui.js)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.conftest import LiveServer

expect = pytest.importorskip("playwright.sync_api").expect


def test_the_join_form_keeps_the_name_being_typed_when_another_player_sits_down(
        server: LiveServer, new_page: Any) -> None:
    """While a table waits for players, a visitor types a name in the join form; another
    player takes a seat (which redraws the form); the visitor goes on typing where the caret
    was and joins under the whole name."""
    created = server.post_json("/api/tables", {
        "game": "typo", "name": "Alice", "options": {},
        "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "human"}]})
    table_id = created["table"]
    page = new_page()
    page.goto(f"{server.base_url}/table/{table_id}")
    card = page.locator(".join-card")
    expect(card).to_contain_text("2 places sont libres", timeout=30000)
    field = page.locator("#join-name")
    field.fill("")
    field.press_sequentially("Camle")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")  # the caret between « Cam » and « le »
    server.post_json(f"/api/tables/{table_id}/join", {"name": "Bruno"})
    # The page shows Bruno's seat: the form was redrawn.
    expect(card).to_contain_text("Une place est libre")
    expect(card).to_contain_text("Bruno")
    page.keyboard.type("il")
    expect(field).to_have_value("Camille")
    page.keyboard.press("Enter")
    expect(page.locator(".role-chip")).to_contain_text("Vous : Camille")
    seats = server.get_json(f"/api/tables/{table_id}")["seats"]
    assert [s["name"] for s in seats] == ["Alice", "Bruno", "Camille"]

