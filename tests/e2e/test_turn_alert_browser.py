"""« À vous de jouer » in Chromium (issue 19), for every game: when the player's turn comes while
the tab is hidden, the tab's title calls them, and it is restored when the tab is shown; the
« Alertes » settings (chime, browser notification) are kept in the browser and the notification
comes with the call.

The page's visibility is emulated (``document.visibilityState`` redefined, then the
``visibilitychange`` event the browser would send): headless Chromium has no window to hide.
The turn is made to come by the game itself: Alice waits at a three-seat table (Alice, a free
seat, a bot); Bob takes the free seat, which starts the game, and resigns at once, so a bot
plays his seat (the creator's choice) and the game runs until Alice must act."""

from __future__ import annotations

import json
import re
import time
from typing import Any

import pytest

from tests.e2e.conftest import LiveServer

expect = pytest.importorskip("playwright.sync_api").expect

GAMES = ("topword", "typo", "awalettres", "vocabulon", "volapuk")
CALLED = re.compile(r"^● À vous de jouer — .+ · Ludomots$")


def _waiting_table(server: LiveServer, game: str) -> dict[str, Any]:
    created: dict[str, Any] = server.post_json("/api/tables", {
        "game": game, "name": "Alice",
        "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "level": "debutant"}],
        "resign": {"mode": "bot", "level": "debutant"}})
    return created


def _seat_page(new_page: Any, server: LiveServer, created: dict[str, Any], **options: Any) -> Any:
    page = new_page(**options)
    page.goto(f"{server.base_url}/")
    page.evaluate("([id, seat, token]) => localStorage.setItem('ludomots.tokens', "
                  "JSON.stringify({[id]: {seat, token, at: Date.now()}}))",
                  [created["table"], created["seat"], created["token"]])
    page.goto(f"{server.base_url}/table/{created['table']}")
    expect(page.locator(".role-chip")).to_contain_text("Vous : Alice", timeout=30000)
    expect(page.locator(".table-banner")).to_contain_text("En attente")
    return page


def _set_visibility(page: Any, state: str) -> None:
    page.evaluate("""(state) => {
        const define = (name, get) =>
            Object.defineProperty(document, name, {configurable: true, get});
        define("visibilityState", () => state);
        define("hidden", () => state === "hidden");
        document.dispatchEvent(new Event("visibilitychange"));
    }""", state)


def _bob_joins_and_leaves(server: LiveServer, table_id: str) -> None:
    """Bob takes the free seat (the game starts) and resigns: a bot plays his seat."""
    from websockets.sync.client import connect

    token = server.post_json(f"/api/tables/{table_id}/join", {"name": "Bob"})["token"]
    with connect(f"{server.ws_url}/ws/tables/{table_id}", open_timeout=10) as ws:
        ws.send(json.dumps({"type": "hello", "token": token}))
        deadline = time.monotonic() + 30
        sent = False
        while time.monotonic() < deadline:
            message = json.loads(ws.recv(timeout=30))
            if message.get("type") == "welcome" and message.get("seat") == 1 and not sent:
                ws.send(json.dumps({"type": "resign"}))
                sent = True
            elif message.get("type") == "update" and any(
                    d["seat"] == 1 for d in message["view"]["table"].get("departures") or []):
                return
            elif message.get("type") == "error":
                raise AssertionError(f"refused: {message}")
    raise AssertionError("Bob's resignation was not confirmed")


@pytest.mark.parametrize("game", GAMES)
def test_the_title_calls_the_player_when_their_turn_comes_in_a_hidden_tab(
        game: str, server: LiveServer, new_page: Any) -> None:
    created = _waiting_table(server, game)
    alice = _seat_page(new_page, server, created)
    assert not alice.title().startswith("●")
    _set_visibility(alice, "hidden")
    _bob_joins_and_leaves(server, created["table"])
    expect(alice).to_have_title(CALLED, timeout=30000)
    expect(alice.locator("html")).to_have_attribute("data-turn-alert", "on")
    # Still hidden: the views that follow (the bots' moves, the clock) keep the call.
    assert CALLED.match(alice.title())
    _set_visibility(alice, "visible")
    expect(alice).to_have_title(re.compile(r"^À vous ! · .+ · Ludomots$"))
    expect(alice.locator("html")).to_have_attribute("data-turn-alert", "off")


def test_a_visible_tab_keeps_its_title(server: LiveServer, new_page: Any) -> None:
    created = _waiting_table(server, "typo")
    alice = _seat_page(new_page, server, created)
    _bob_joins_and_leaves(server, created["table"])
    expect(alice.locator(".table-banner.banner-you")).to_be_visible(timeout=30000)
    expect(alice).to_have_title(re.compile(r"^À vous ! · "))
    expect(alice.locator("html")).to_have_attribute("data-turn-alert", "off")


def test_the_alert_settings_are_kept_and_the_notification_comes_with_the_call(
        server: LiveServer, new_page: Any, screenshots: Any) -> None:
    created = _waiting_table(server, "topword")
    alice = _seat_page(new_page, server, created)
    # Notifications are recorded, not shown (headless Chromium shows none).
    # The browser's Notification, recorded: headless Chromium shows none. The permission is
    # not asked yet.
    alice.evaluate("""() => {
        window.__notes = [];
        window.__asked = 0;
        window.Notification = class { static permission = "default";
            static requestPermission() {
                window.__asked += 1;
                window.Notification.permission = "granted";
                return Promise.resolve("granted");
            }
            constructor(title, options) { window.__notes.push([title, options.body]); }
            close() {} };
    }""")
    alice.get_by_role("button", name="Alertes quand c’est votre tour").click()
    dialog = alice.locator("dialog.alerts-modal")
    expect(dialog.get_by_label("Son")).not_to_be_checked()  # off by default
    expect(dialog.get_by_label("Notification")).not_to_be_checked()
    dialog.locator("label[for=alert-notify]").click()  # the switch, as a player clicks it
    expect(dialog.get_by_label("Notification")).to_be_checked()
    assert alice.evaluate("() => window.__asked") == 1  # asked once, on the click
    alice.screenshot(path=str(screenshots / "turn-alerts.png"))
    dialog.get_by_role("button", name="Fermer").click()
    stored = alice.evaluate("() => JSON.parse(localStorage.getItem('ludomots.turnalerts'))")
    assert stored == {"sound": False, "notify": True}
    _set_visibility(alice, "hidden")
    _bob_joins_and_leaves(server, created["table"])
    expect(alice).to_have_title(CALLED, timeout=30000)
    notes = alice.evaluate("() => window.__notes")
    assert notes == [["À vous de jouer", "Topword : c’est votre tour."]]
