"""Typo's playtest fixes in Chromium (issue 19): the word field is not pre-filled and writes in
capitals (typing HOMME after choosing a row with HO gave HOHOMME, and logs read « taXQWZ »),
and when a decision is asked, where it is asked comes into view below the sticky top bar."""

from __future__ import annotations

import json
import re
import time
from typing import Any

import pytest

from tests.e2e import pageflow
from tests.e2e.conftest import LiveServer
from tests.e2e.test_table_life_browser import _seat_page
from tests.e2e.test_typo_browser import READY, TY, find_word

expect = pytest.importorskip("playwright.sync_api").expect

SHORT = {"width": 1280, "height": 560}
# The prompt (the hand, or the word form) lies wholly between the top bar and the bottom.
IN_VIEW = """(sel) => {
  const node = document.querySelector(sel);
  if (!node || node.hidden) return false;
  const bar = document.querySelector('.topbar').getBoundingClientRect().bottom;
  const r = node.getBoundingClientRect();
  return r.top >= bar - 1 && r.bottom <= window.innerHeight + 1;
}"""
PROMPT = """() => {
  if (document.querySelector('.ty-hand.choosing .ty-hand-card:not([disabled])')) {
    return '.ty-handzone';
  }
  const word = document.querySelector('#ty-word');
  const resolve = document.querySelector('.ty-resolve');
  return word && !word.disabled && resolve && !resolve.hidden ? '.ty-resolve' : null;
}"""
# A card is clicked from the top of the page (to check that the next prompt scrolls into view);
# false when it is gone (the thinking time ran out meanwhile: the caller looks again).
PLAY_FROM_TOP = """(selector) => { const card = document.querySelector(selector);
  if (!card) return false;
  window.scrollTo(0, 0); window.__scrolledAway = true; card.click(); return true; }"""


def test_the_word_is_typed_whole_in_capitals_and_each_prompt_comes_into_view(
        server: LiveServer, new_page: Any) -> None:
    created = server.post_json("/api/tables", {
        "game": "typo", "name": "Alice", "options": {"referee": "auto", "thinking_seconds": 0},
        "seats": [{"kind": "human"}] + [{"kind": "bot", "level": "debutant"}] * 3})
    page = _seat_page(new_page, server, created["table"], 0, created["token"])
    page.set_viewport_size(SHORT)
    typed = scrolled = 0
    deadline = time.monotonic() + 150
    while not typed or scrolled < 2:
        state = pageflow.next_step(page, READY, deadline, server, timeout=30000)
        if state == "over":
            break
        prompt = page.evaluate(PROMPT)
        if prompt is not None and page.evaluate("window.__scrolledAway === true"):
            # The page was left at its top when the last card went: the new prompt came
            # into view by itself.
            page.wait_for_function(IN_VIEW, arg=prompt)
            page.evaluate("window.__scrolledAway = false")
            scrolled += 1
        before = TY.actions(page)
        if state == "choose":
            # Played from the top of the page (clicked by script: a real click would scroll
            # to the card), so that the next prompt starts out of view.
            page.evaluate(PLAY_FROM_TOP, ".ty-hand.choosing .ty-hand-card:not([disabled])")
            page.evaluate(PLAY_FROM_TOP, ".ty-hand.choosing .ty-hand-card[aria-pressed=true]")
        elif state == "place":
            rows = page.eval_on_selector_all(".ty-felt .ty-row",
                                             "els => els.map(e => e.dataset.letters)")
            card = page.locator(".ty-resolve-card .ty-card-letter").inner_text().strip()
            found = find_word(rows, card)
            if found is None:
                page.get_by_role("button", name="Je ne peux pas").click()
                if page.locator(".ty-discard-btn").count():
                    page.locator(".ty-discard-btn").first.click()
                page.locator("dialog.modal").get_by_role("button",
                                                         name="Défausser la rangée").click()
            else:
                row, side, word = found
                page.locator(f'.ty-zone[data-row="{row}"][data-side="{side}"]').click()
                field = page.locator("#ty-word")
                expect(field).to_have_value("")  # nothing typed for the player
                assert rows[row] in (field.get_attribute("placeholder") or "")
                field.press_sequentially(word.lower())
                expect(field).to_have_value(word.upper())
                expect(page.locator(".ty-preview")).to_have_class(re.compile(r"\bvalid\b"))
                page.keyboard.press("Enter")
                TY.wait_moved(page, before)
                expect(page.locator(".ty-log-word .word-link", has_text=word.upper())
                       ).not_to_have_count(0)
                typed += 1
                continue
        else:
            page.locator(".ty-discard-btn").first.click()
            page.locator("dialog.modal").get_by_role("button", name="Défausser la rangée").click()
        TY.wait_moved(page, before)
    assert typed >= 1 and scrolled >= 2, (typed, scrolled)


def _act_as(server: LiveServer, table_id: str, token: str, action: dict[str, Any]) -> None:
    """Play ``action`` for the seat of ``token`` on a socket of its own, until it is stored."""
    from websockets.sync.client import connect

    with connect(f"{server.ws_url}/ws/tables/{table_id}", open_timeout=10) as ws:
        ws.send(json.dumps({"type": "hello", "token": token}))
        ws.send(json.dumps({"type": "action", "id": "a1", "action": action}))
        while True:
            message = json.loads(ws.recv(timeout=10))
            assert message.get("type") != "error", message
            if message.get("type") == "update":
                return


def test_the_hand_stays_disabled_until_the_player_s_own_choice_lands(
        server: LiveServer, new_page: Any) -> None:
    """Another player's choice that arrives while the player's own is on its way does not give
    the hand back: it came back for a moment, and a second card could be sent."""
    created = server.post_json("/api/tables", {
        "game": "typo", "name": "Alice", "options": {"referee": "auto"},
        "seats": [{"kind": "human"}, {"kind": "human"}]})
    table_id = created["table"]
    bob = server.post_json(f"/api/tables/{table_id}/join", {"name": "Bob"})
    held: list[str] = []
    servers: list[Any] = []
    page = new_page()

    def hold_actions(ws: Any) -> None:
        """Alice's actions wait here (until released below); everything else goes through."""
        servers.append(ws.connect_to_server())
        ws.on_message(lambda message: held.append(message)
                      if json.loads(message).get("type") == "action" else servers[-1].send(message))

    page.route_web_socket(re.compile(r"/ws/tables/"), hold_actions)
    page = _seat_page(lambda: page, server, table_id, 0, created["token"])
    hand = page.locator(".ty-hand.choosing .ty-hand-card:not([disabled])")
    hand.first.click()
    page.locator(".ty-hand.choosing .ty-hand-card[aria-pressed=true]").click()
    expect(hand).to_have_count(0)  # sent (held on its way): the hand waits
    assert [json.loads(m)["action"]["type"] for m in held] == ["choose"]
    bob_hand = server.view(table_id, bob["token"])["game"]["hand"]
    _act_as(server, table_id, bob["token"], {"type": "choose", "card": bob_hand[0]})
    root = page.locator(".ty-page")
    expect(root).to_have_attribute("data-actions", "1")  # Bob's choice reached the page
    expect(page.locator(".ty-players")).to_contain_text("a choisi")
    expect(hand).to_have_count(0)  # and the hand still waits for Alice's own
    # Alice's choice goes on its way: both have chosen, the cards are revealed.
    servers[-1].send(held.pop())
    expect(root).to_have_attribute("data-actions", "2")
    expect(root).to_have_attribute("data-step", "place")
    expect(page.locator(".toast-error")).to_have_count(0)  # nothing refused


def test_the_cannot_place_question_closes_when_the_time_is_up(server: LiveServer,
                                                              new_page: Any) -> None:
    created = server.post_json("/api/tables", {
        "game": "typo", "name": "Alice", "options": {"referee": "auto", "thinking_seconds": 10},
        "seats": [{"kind": "human"}, {"kind": "bot", "level": "debutant"}]})
    page = _seat_page(new_page, server, created["table"], 0, created["token"])
    deadline = time.monotonic() + 300
    while True:
        state = pageflow.next_step(page, READY, deadline, server, timeout=30000)
        assert state != "over"
        if state == "choose":
            if page.evaluate(PLAY_FROM_TOP, ".ty-hand.choosing .ty-hand-card:not([disabled])"):
                page.evaluate(PLAY_FROM_TOP, ".ty-hand.choosing .ty-hand-card[aria-pressed=true]")
            continue
        before = TY.actions(page)
        if state == "place":
            page.get_by_role("button", name="Je ne peux pas").click()
        if page.locator(".ty-discard-btn").count():
            page.locator(".ty-discard-btn").first.click()
        question = page.locator("dialog.modal").filter(has_text="Défausser")
        expect(question).to_be_visible()
        break
    # Nobody answers: the thinking time runs out, the server plays the timeout, and the
    # question that no longer applies goes away with it.
    TY.wait_moved(page, before)
    expect(question).to_have_count(0)
