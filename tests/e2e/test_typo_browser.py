"""Typo in a real browser against the real server: one human against three bots, card by card.

The human plays every round through the interface: a card of the hand is clicked (twice: pick,
then play), and when the human's revealed card comes up, the rows shown on the page are tried
with the project's own lexicon to find a real word for some row end; the end is clicked, the
word typed (the live preview must accept it) and announced; when no word exists the player
declares "Je ne peux pas" and discards a longest row. The automatic referee keeps it
deterministic: there is no vote, and a word from the lexicon is never refused.
"""

from __future__ import annotations

import re
import time
from itertools import islice
from pathlib import Path
from typing import Any

import pytest

from ludomots.lexicon.lexicon import get_lexicon
from tests.e2e import pageflow
from tests.e2e.conftest import LiveServer

expect = pytest.importorskip("playwright.sync_api").expect

TY = pageflow.GameScreen(".ty-page", "typo-", 350, move_timeout=None)

PHONE = {"width": 375, "height": 740}
GAME_TIMEOUT = 150.0

# What the page can be waiting on from the human, or the end.
READY = """() => {
  const end = document.querySelector('.ty-end');
  if (end && !end.hidden) return 'over';
  if (document.querySelector('.ty-hand.choosing .ty-hand-card:not([disabled])')) return 'choose';
  if (document.querySelector('.ty-discard-btn')) return 'discard';
  const word = document.querySelector('#ty-word');
  if (document.querySelector('.ty-zone') && !word.disabled) return 'place';
  return false;
}"""


def create_typo_table(page: Any, server: LiveServer, name: str = "Alice") -> str:
    typo_card = pageflow.game_card(page, server, "typo")
    expect(typo_card.locator(".chip", has_text="Bientôt disponible")).to_have_count(0)
    pageflow.open_form(page, typo_card, "Typo")
    pageflow.fill_seats(page, name, ("bot:debutant",) * 3)
    page.select_option("#opt-referee", label="Arbitre automatique")
    return pageflow.submit_table(page)


def find_word(rows: list[str], card: str) -> tuple[int, str, str] | None:
    """(row, side, word): a real word beginning with a row once the card is added, shortest
    first (the lexicon's accepted words under that prefix, for Typo)."""
    lexicon = get_lexicon()
    best: tuple[int, int, str, str] | None = None
    for i, row in enumerate(rows):
        for side in ("right", "left"):
            prefix = row + card if side == "right" else card + row
            words = [w for w in islice(lexicon.iter_accepted(prefix, "standard"), 300)
                     if w.isalpha() and w.isascii()]
            if words:
                word = min(words, key=lambda w: (len(w), w))
                if best is None or len(word) < best[0]:
                    best = (len(word), i, side, word)
    return None if best is None else (best[1], best[2], best[3])


def test_typo_game_against_three_bots(server: LiveServer, new_page: Any,
                                      screenshots: Path) -> None:
    page = new_page()
    table_id = create_typo_table(page, server)
    expect(page.locator(".ty-row")).to_have_count(4)
    expect(page.locator(".ty-part-chip")).to_contain_text("alphabétique")

    # A spectator on a phone sees the rows and the scores, never a hand.
    spectator = new_page(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True)
    spectator.goto(f"{server.base_url}/table/{table_id}")
    expect(spectator.locator(".role-chip")).to_contain_text("Spectateur")
    expect(spectator.locator(".ty-row")).to_have_count(4)
    expect(spectator.locator(".ty-handzone")).to_be_hidden()

    shots = {"choose": False, "resolve": False, "phone": False, "fail": False}
    words: list[str] = []
    fails = 0
    deadline = time.monotonic() + GAME_TIMEOUT
    while True:
        state = pageflow.next_step(page, READY, deadline, server, timeout=30000)
        if state == "over":
            break
        before = TY.actions(page)
        if state == "choose":
            # Nobody else's choice is visible: "✓ a choisi" at most.
            expect(page.locator(".ty-players")).not_to_contain_text("a choisi :")
            card = page.locator(".ty-hand.choosing .ty-hand-card").first
            letter = card.get_attribute("data-letter")
            card.click()
            expect(card).to_have_attribute("aria-pressed", "true")
            expect(page.locator(".ty-choose-btn")).to_contain_text(f"Jouer {letter}")
            if not shots["choose"]:
                TY.shot(page, screenshots, "choose")
                shots["choose"] = True
            elif not shots["phone"]:
                page.set_viewport_size(PHONE)
                TY.shot(page, screenshots, "phone", full_page=True)
                page.set_viewport_size(pageflow.DESKTOP)
                TY.shot(spectator, screenshots, "spectator-phone", full_page=True)
                shots["phone"] = True
            card.click()  # a second click plays the picked card
            TY.wait_moved(page, before)
        elif state == "place":
            rows = page.eval_on_selector_all(".ty-felt .ty-row",
                                             "els => els.map(e => e.dataset.letters)")
            mine = page.locator(".ty-resolve-card .ty-card-letter").inner_text().strip()
            found = find_word(rows, mine)
            if found is not None:
                row, side, word = found
                zone = page.locator(f'.ty-zone[data-row="{row}"][data-side="{side}"]')
                zone.click()
                expect(zone).to_have_attribute("aria-pressed", "true")
                page.fill("#ty-word", word.lower())
                expect(page.locator(".ty-preview")).to_have_class(re.compile(r"\bvalid\b"))
                if not shots["resolve"]:
                    TY.shot(page, screenshots, "resolve", full_page=True)
                    shots["resolve"] = True
                page.keyboard.press("Enter")
                words.append(word)
                TY.wait_moved(page, before)
            else:
                page.get_by_role("button", name="Je ne peux pas").click()
                if page.locator(".ty-discard-btn").count():
                    if not shots["fail"]:
                        TY.shot(page, screenshots, "cannot")
                        shots["fail"] = True
                    page.locator(".ty-discard-btn").first.click()
                confirm = page.locator("dialog.modal")
                confirm.get_by_role("button", name="Défausser la rangée").click()
                fails += 1
                TY.wait_moved(page, before)
        else:  # discard (a refused word: never under the automatic referee with real words)
            page.locator(".ty-discard-btn").first.click()
            page.locator("dialog.modal").get_by_role("button", name="Défausser la rangée").click()
            TY.wait_moved(page, before)

    assert words, "the human never announced a word"
    # The end: a modal and the end card with scores and winners.
    dialog = pageflow.end_modal(page, 4)
    TY.shot(page, screenshots, "end-modal")
    dialog.get_by_role("button", name="Fermer").click()
    end = page.locator(".ty-end")
    expect(end.locator(".result-table tbody tr")).to_have_count(4)
    expect(end.locator(".win-tag").first).to_be_visible()
    expect(end.get_by_role("link", name="Revoir la partie")).to_be_visible()
    expect(end.get_by_role("link", name="Télécharger la partie (JSON)")).to_have_attribute(
        "href", f"/api/tables/{table_id}/record")
    expect(page.locator(".table-banner")).to_contain_text("Partie terminée")
    final = server.get_json(f"/api/tables/{table_id}")
    assert final["status"] == "over"
    shown = end.locator(".result-table tbody tr .total").all_inner_texts()
    assert sorted(int(s.replace("−", "-")) for s in shown) == sorted(
        server.view(table_id)["game"]["scores"])
    TY.shot(page, screenshots, "end", full_page=True)

    # A word of the log opens its dictionary popup.
    pageflow.check_word_popup(page.locator(".ty-log-word .word-link").last, page, "Typo")

    # The replay shows Typo's rows and scores step by step.
    pageflow.open_replay(page, end)
    expect(page.locator(".ty-felt .ty-row")).to_have_count(4)
    pageflow.replay_start(page)
    pageflow.replay_end(page)
    TY.shot(page, screenshots, "replay", full_page=True)


def test_a_hand_card_pressed_while_another_player_chooses_is_picked_when_released(
        server: LiveServer, new_page: Any) -> None:
    """Choosing a card is simultaneous: Bruno's choice, arriving between the press and the
    release of a card of Alice's hand, redraws her hand under the pointer. The browser then
    sends no click (the node pressed is gone); the tap must not be lost: the card is picked."""
    from tests.e2e.test_table_life_browser import _seat_page

    table, alice_token, bruno_token = pageflow.two_humans(
        server, "typo", {"referee": "auto", "thinking_seconds": 0})
    alice = _seat_page(new_page, server, table, 0, alice_token)
    card = alice.locator(".ty-hand.choosing .ty-hand-card:not([disabled])").first
    letter = card.get_attribute("data-letter")
    before = TY.actions(alice)
    pageflow.press(alice, card)
    bruno_hand = server.view(table, bruno_token)["game"]["hand"]
    pageflow.act(server, table, bruno_token, {"type": "choose", "card": bruno_hand[0]})
    pageflow.release_after_update(alice, TY, before)
    expect(alice.locator(".ty-hand-card[aria-pressed=true]")).to_have_attribute(
        "data-letter", letter or "")
    expect(alice.locator(".ty-choose-btn")).to_have_text(f"Jouer {letter}")
    # Still Alice's choice to make: nothing was sent for her.
    assert server.view(table, alice_token)["game"]["my_choice"] is None
