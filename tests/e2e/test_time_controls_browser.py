"""Time controls in Chromium (issue 19): a Fischer clock chosen in the create form, shown on
every player and counting down for the seat to act; a player whose time is up, shown as
« temps écoulé » in the journal and expelled with « Expulser ». Every wait is on what the
page shows (the clock's text changing, the button appearing), never a guessed delay."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.e2e import pageflow
from tests.e2e.conftest import LiveServer
from tests.e2e.test_table_life_browser import _seat_page

expect = pytest.importorskip("playwright.sync_api").expect


def test_a_fischer_clock_chosen_in_the_form_is_shown_and_counts_down(
        server: LiveServer, new_page: Any) -> None:
    page = new_page()
    pageflow.open_form(page, pageflow.game_card(page, server, "topword"), "Topword")
    pageflow.fill_seats(page, "Alice", ("human",))
    page.select_option("#create-clock", label="Fischer : réserve + incrément")
    expect(page.locator("#create-clock-help")).to_contain_text("réserve de temps")
    page.fill("#create-clock-bank", "10")
    page.fill("#create-clock-increment", "5")
    table_id = pageflow.submit_table(page)
    assert server.get_json(f"/api/tables/{table_id}")["clock"] == {
        "mode": "fischer", "seconds_per_move": 0, "bank_seconds": 600, "increment_seconds": 5}
    server.post_json(f"/api/tables/{table_id}/join", {"name": "Bob"})
    acting = server.view(table_id)["table"]["to_act"][0]
    waiting = 1 - acting
    clock = page.locator(f'.player-clock[data-clock-seat="{acting}"]')
    expect(clock).to_have_text(re.compile(r"^(10:00|9:[0-5]\d)$"), timeout=30000)
    # It counts down (wait for the text to reach a lower second than it started from).
    first = clock.inner_text()
    page.wait_for_function(
        "([seat, first]) => { const t = document.querySelector("
        "`.player-clock[data-clock-seat=\"${seat}\"]`).textContent; "
        "return /^9:[0-5]\\d$/.test(t) && t !== first; }", arg=[acting, first],
        timeout=15000)
    # The other player's bank stands still, whole.
    other = page.locator(f'.player-clock[data-clock-seat="{waiting}"]')
    expect(other).to_have_text("10:00")
    expect(other).to_have_class(re.compile(r"\bbank-idle\b"))
    # The lobby says the cadence.
    lobby = new_page()
    lobby.goto(f"{server.base_url}/")
    expect(lobby.locator(".lobby-row .chip").filter(has_text="10 min + 5 s")).to_be_visible()


def test_a_player_out_of_time_reads_as_a_timeout_and_can_be_expelled(
        server: LiveServer, new_page: Any) -> None:
    created = server.post_json("/api/tables", {
        "game": "topword", "name": "Alice", "seats": [{"kind": "human"}, {"kind": "human"}],
        "clock": {"mode": "move", "seconds_per_move": 10}})
    table_id = created["table"]
    server.post_json(f"/api/tables/{table_id}/join", {"name": "Bob"})
    alice = _seat_page(new_page, server, table_id, created["seat"], created["token"])
    # Bob never plays: once his time is up (within two moves of 10 s), the button appears
    # (long before the clock would expel him itself, after AWAY_TIMEOUTS moves). Refusals
    # before the time is up: tests/server/test_time_controls.py (no wall-clock race here).
    expel = alice.get_by_role("button", name="Expulser Bob")
    expect(expel).to_be_visible(timeout=60000)
    journal = alice.locator(".log-list .log-entry").filter(has_text="Bob")
    expect(journal.filter(has_text="temps écoulé").first).to_be_visible()
    expect(journal.filter(has_text="passe")).to_have_count(0)  # never a voluntary pass
    expel.click()
    dialog = alice.locator("dialog.modal").filter(has_text="Expulser Bob ?")
    expect(dialog).to_contain_text("Son temps est écoulé. Vous remportez la partie.")
    dialog.get_by_role("button", name="Expulser").click()
    end = alice.locator("dialog.end-modal")
    expect(end).to_be_visible(timeout=30000)
    expect(end).to_contain_text("Bob a été expulsé (temps écoulé).")
    # The replay says it too.
    end.get_by_role("link", name="Revoir la partie").click()
    expect(alice.locator(".replay-departure")).to_contain_text(
        "Bob : expulsé (temps écoulé)", timeout=30000)
    table = server.get_json(f"/api/tables/{table_id}")
    assert table["status"] == "over"
    assert table["departures"][0]["reason"] == "expel"
    assert table["departures"][0]["name"] == "Bob"
