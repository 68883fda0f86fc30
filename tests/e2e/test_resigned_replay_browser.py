"""The replay of a game that ended by a resignation, in Chromium: it says who won, with the
scores where the game stopped, as the table's end said and the record says
(tests/server/test_finished_records.py), and who left after how many actions."""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e import pageflow
from tests.e2e.conftest import LiveServer

expect = pytest.importorskip("playwright.sync_api").expect


def test_the_replay_of_a_resigned_game_names_its_winner_and_who_left(
        server: LiveServer, new_page: Any) -> None:
    table_id, alice, bruno = pageflow.two_humans(server, "typo", {})
    hand = server.view(table_id, alice)["game"]["hand"]
    pageflow.act(server, table_id, alice, {"type": "choose", "card": hand[0]})
    pageflow.resign(server, table_id, bruno)
    page = new_page()
    page.goto(f"{server.base_url}/partie/{table_id}/revoir")
    pageflow.wait_for_replay(page)
    expect(page.locator(".replay-head")).to_contain_text("Victoire d’Alice · 0 / 0")
    expect(page.locator(".replay-departure")).to_have_text("Bruno a abandonné, après 1 coup.")
