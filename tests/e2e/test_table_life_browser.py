"""Table life in Chromium (issue 19), for every game: the chat panel of the shared frame (kept
lines after a reload, spectators read, a player muted), « Abandonner » with its confirmation,
the end modal's Revanche / Revoir la partie / Retour au salon, and a rematch taken by the other
player with one click."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.e2e import pageflow
from tests.e2e.conftest import LiveServer

expect = pytest.importorskip("playwright.sync_api").expect

GAMES = ("topword", "typo", "awalettres", "vocabulon", "volapuk")


def _seat_page(new_page: Any, server: LiveServer, table_id: str, seat: int, token: str) -> Any:
    """A browser (its own storage) holding ``token`` for the table, on the table's page."""
    page = new_page()
    page.goto(f"{server.base_url}/")
    page.evaluate("([id, seat, token]) => localStorage.setItem('ludomots.tokens', "
                  "JSON.stringify({[id]: {seat, token, at: Date.now()}}))",
                  [table_id, seat, token])
    page.goto(f"{server.base_url}/table/{table_id}")
    # The game's screen loads its modules first (slower on a loaded machine).
    expect(page.locator(".role-chip")).to_contain_text("Vous :", timeout=30000)
    return page


def _chat(page: Any, text: str) -> None:
    page.fill(".table-chat .chat-input", text)
    page.locator(".table-chat .chat-form button[type=submit]").click()


def _resign(page: Any) -> None:
    page.get_by_role("button", name="Abandonner").click()
    dialog = page.locator("dialog.modal").filter(has_text="Abandonner la partie ?")
    expect(dialog).to_be_visible()
    dialog.get_by_role("button", name="Abandonner").click()


@pytest.mark.parametrize("game", GAMES)
def test_chat_resign_and_the_end_modal_in_every_game(game: str, server: LiveServer,
                                                    new_page: Any) -> None:
    created = server.post_json("/api/tables", {
        "game": game, "name": "Alice", "seats": [{"kind": "human"}, {"kind": "bot",
                                                                   "level": "debutant"}]})
    table_id = created["table"]
    alice = _seat_page(new_page, server, table_id, created["seat"], created["token"])
    chat = alice.locator(".table-chat")
    expect(chat).to_be_visible()
    _chat(alice, "Bonjour <b>robot</b>")
    line = chat.locator(".chat-msg").last
    expect(line.locator(".chat-text")).to_have_text("Bonjour <b>robot</b>")
    expect(line.locator(".chat-name")).to_have_text("Alice")
    # A spectator reads it, and cannot write.
    watcher = new_page()
    watcher.goto(f"{server.base_url}/table/{table_id}")
    expect(watcher.locator(".table-chat .chat-msg .chat-text")).to_have_text(
        ["Bonjour <b>robot</b>"])
    expect(watcher.locator(".table-chat .chat-form")).to_be_hidden()
    # A reload keeps the chat (the server keeps it with the table).
    alice.reload()
    expect(alice.locator(".table-chat .chat-msg .chat-text")).to_have_text(
        ["Bonjour <b>robot</b>"])
    # Cancelling the confirmation keeps the game going.
    alice.get_by_role("button", name="Abandonner").click()
    alice.locator("dialog.modal").get_by_role("button", name="Annuler").click()
    assert server.get_json(f"/api/tables/{table_id}")["status"] == "playing"
    _resign(alice)
    dialog = alice.locator("dialog.end-modal")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text("Alice a abandonné.")
    expect(dialog.get_by_role("button", name="Revanche")).to_be_visible()
    expect(dialog.get_by_role("link", name="Revoir la partie")).to_have_attribute(
        "href", f"/partie/{table_id}/revoir")
    expect(dialog.get_by_role("link", name="Retour au salon")).to_have_attribute("href", "/")
    expect(dialog.get_by_role("link", name="Nouvelle partie")).to_have_count(0)
    expect(alice.locator(".table-banner")).to_contain_text("Partie terminée")
    expect(watcher.locator(".table-banner")).to_contain_text("Partie terminée")
    assert server.get_json("/api/tables") == []
    # The rematch: same game, the bot at the same level, Alice seated again.
    dialog.get_by_role("button", name="Revanche").click()
    alice.wait_for_url(re.compile(r"/table/(?!" + re.escape(table_id) + r")[A-Za-z0-9_-]+$"))
    expect(alice.locator(".role-chip")).to_contain_text("Vous : Alice")
    new_id = alice.url.rsplit("/", 1)[1]
    info = server.get_json(f"/api/tables/{new_id}")
    assert info["game"] == game and info["rematch_of"] == table_id
    assert [(s["kind"], s["level"]) for s in info["seats"]] == [("human", None),
                                                                 ("bot", "debutant")]
    # The spectator of the old table was offered to follow it.
    expect(watcher.locator(".rematch-offer")).to_contain_text("Alice propose une revanche.")


def test_two_players_chat_mute_resign_and_take_the_rematch_in_one_click(
        server: LiveServer, new_page: Any, screenshots: Any) -> None:
    created = server.post_json("/api/tables", {"game": "typo", "name": "Alice"})
    table_id = created["table"]
    joined = server.post_json(f"/api/tables/{table_id}/join", {"name": "Bob"})
    alice = _seat_page(new_page, server, table_id, 0, created["token"])
    bob = _seat_page(new_page, server, table_id, 1, joined["token"])
    _chat(alice, "Bonne partie Bob")
    expect(bob.locator(".table-chat .chat-msg .chat-text")).to_have_text(["Bonne partie Bob"])
    _chat(bob, "Merci, à toi")
    expect(alice.locator(".table-chat .chat-msg .chat-text")).to_have_text(
        ["Bonne partie Bob", "Merci, à toi"])
    # Alice mutes Bob: his lines disappear for her only, and stay muted after a reload.
    alice.get_by_role("button", name="Masquer Bob").click()
    expect(alice.locator(".table-chat .chat-msg .chat-text")).to_have_text(["Bonne partie Bob"])
    expect(alice.locator(".table-chat .chat-hidden")).to_have_text("1 message masqué.")
    _chat(bob, "Tu m’entends ?")
    expect(bob.locator(".table-chat .chat-msg")).to_have_count(3)
    alice.reload()
    expect(alice.locator(".table-chat .chat-hidden")).to_have_text("2 messages masqués.")
    alice.get_by_role("button", name="Réafficher Bob").click()
    expect(alice.locator(".table-chat .chat-msg")).to_have_count(3)
    bob.screenshot(path=str(screenshots / "table-life-chat.png"))
    _resign(bob)
    for page in (alice, bob):
        dialog = page.locator("dialog.end-modal")
        expect(dialog).to_be_visible()
        expect(dialog).to_contain_text("Bob a abandonné.")
    expect(alice.locator("dialog.end-modal")).to_contain_text("Bravo, vous avez gagné !")
    alice.locator("dialog.end-modal").get_by_role("button", name="Revanche").click()
    alice.wait_for_url(re.compile(r"/table/(?!" + re.escape(table_id) + r")[A-Za-z0-9_-]+$"))
    new_id = alice.url.rsplit("/", 1)[1]
    # Bob is offered the rematch and takes his seat with one click.
    offer = bob.locator(".rematch-offer")
    expect(offer).to_contain_text("Alice propose une revanche.")
    bob.keyboard.press("Escape")
    offer.get_by_role("button", name="Rejoindre la revanche").click()
    bob.wait_for_url(f"{server.base_url}/table/{new_id}")
    expect(bob.locator(".role-chip")).to_contain_text("Vous : Bob")
    assert server.get_json(f"/api/tables/{new_id}")["status"] == "playing"
    expect(alice.locator(".table-banner")).not_to_contain_text("En attente")
    # The chat of the new table starts empty; the old one keeps its lines.
    expect(alice.locator(".table-chat .chat-msg")).to_have_count(0)
    # The replay of the first game shows its chat beside the moves, when the viewer asks.
    alice.goto(f"{server.base_url}/partie/{table_id}/revoir")
    pageflow.wait_for_replay(alice)
    card = alice.locator(".replay-chat")
    expect(card).to_be_visible()
    expect(card.locator(".chat-msg")).to_have_count(0)
    card.get_by_label("Afficher la discussion pendant la partie").check()
    expect(card.locator(".chat-msg .chat-text")).to_have_text(
        ["Bonne partie Bob", "Merci, à toi", "Tu m’entends ?"])
    alice.reload()  # the choice is kept
    pageflow.wait_for_replay(alice)
    expect(alice.locator(".replay-chat .chat-msg")).to_have_count(3)


# A control redrawn by an update, as the frame compares it with the one pressed (taps.js):
# each variant of the pressed button, and whether it gets the click dropped by the browser.
SAME_CONTROL = """async () => {
  const { sameControl } = await import('/static/taps.js');
  const card = (props) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = props.cls ?? 'ty-hand-card';
    b.dataset.letter = props.letter ?? 'E';
    b.setAttribute('aria-pressed', props.pressed ?? 'false');
    if (props.disabled) b.disabled = true;
    const face = document.createElement('span');
    face.className = props.faceCls ?? 'ty-card';
    face.textContent = props.text ?? 'E';
    b.append(face);
    return b;
  };
  const pressed = card({});
  return {
    same: sameControl(pressed, card({})),
    onlyClasses: sameControl(pressed, card({ cls: 'ty-hand-card fresh', faceCls: 'ty-card new' })),
    pressedState: sameControl(pressed, card({ pressed: 'true' })),
    disabled: sameControl(pressed, card({ disabled: true })),
    data: sameControl(pressed, card({ letter: 'A' })),
    text: sameControl(pressed, card({ text: 'A' })),
    otherTag: sameControl(pressed, document.createElement('a')),
  };
}"""


def test_a_redrawn_control_gets_the_dropped_click_only_if_it_means_the_same(
        server: LiveServer, new_page: Any) -> None:
    """The frame's rule for a tap whose control an update redrew (taps.js): the new control
    under the pointer is clicked only when its tag, text and attributes are those of the one
    pressed (classes, which carry animations, aside); a control that changed (pressed state,
    disabled, data, text) gets nothing, so no action the player did not see is sent."""
    page = new_page()
    page.goto(f"{server.base_url}/")
    assert page.evaluate(SAME_CONTROL) == {
        "same": True, "onlyClasses": True, "pressedState": False, "disabled": False,
        "data": False, "text": False, "otherTag": False}
