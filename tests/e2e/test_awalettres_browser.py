"""Awalettres in a real browser against the real server: one human against two bots, to the end.

The human plays through the interface only. At his word step the hands shown on the table (the
same as the spectator's view: hands are face up) are searched with the project's lexicon for a
word; its cards are clicked on the table (his own and the opponents'), the CONFUSION asked for
its letter, and the live preview must show the seeds before the word is posed. One word is
typed instead of clicked, and once a word outside the dictionary is posed: the engine's French
message comes back and nothing changes. Spells (keep or give, PAS DE PANIQUE, ÉCHANGE,
MARABOUTAGE, trimming to 7) are answered with the panel's buttons when they come. Halfway, the
page is reloaded and must give the seat back; a phone-sized screenshot is taken; the game ends
on the final count, then the replay steps through it.
"""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import pytest

from ludomots.games.awalettres.assign import assign
from ludomots.games.awalettres.search import Pool, accepted, words
from ludomots.lexicon.lexicon import get_lexicon
from tests.e2e import pageflow
from tests.e2e.conftest import LiveServer

LEXICON = get_lexicon()  # the game's word list, passed to the search

expect = pytest.importorskip("playwright.sync_api").expect

AW = pageflow.GameScreen(".aw-page", "awalettres-", 400)

GAME_TIMEOUT = 240.0

# What the page waits on from the human, or the end.
READY = """() => {
  const end = document.querySelector('.aw-end');
  if (end && !end.hidden) return 'over';
  const page = document.querySelector('.aw-page');
  if (!page || page.dataset.mine !== 'true') return false;
  const panel = document.querySelector('.aw-action');
  if (!panel || panel.hidden) return false;
  return page.dataset.step;
}"""


def choose_word(game: dict[str, Any], seat: int) -> tuple[str, tuple[int, ...], tuple[int, ...]]:
    """A word for `seat` from the public hands: the longest one made mostly of his own letters
    (ties: fewer letters taken, then alphabetical), with the usual choice of cards."""
    hands = game["hands"]
    designations = [(int(c), str(card)) for c, card in game["designations"][seat]]
    from_caster = game["options"]["marabout_card"] == "caster"
    pool = Pool.designated(seat, hands, designations, from_caster)
    low, high = (4, 4) if game["options"]["elephant"] else (2, 99)
    best: tuple[tuple[int, int, str], str, tuple[int, ...], tuple[int, ...]] | None = None
    for key in words(LEXICON, pool, low, high):
        cards = assign(seat, key, hands, designations, from_caster=from_caster)
        if cards is None:
            continue
        taken = sum(1 for s in cards[0] if s != seat)
        rank = (-min(len(key), 6) + taken, taken, key)
        if best is None or rank < best[0]:
            best = (rank, key, *cards)
    assert best is not None, f"no word for seat {seat} in {hands}"
    return best[1], best[2], best[3]


def not_a_word(hand: list[str]) -> str | None:
    """Three of the player's own letters that make no word (to be refused by the engine)."""
    letters = [c for c in hand if c != "?"]
    for i, a in enumerate(letters):
        for j, b in enumerate(letters):
            for k, c in enumerate(letters):
                if len({i, j, k}) == 3 and not accepted(LEXICON, a + b + c):
                    return a + b + c
    return None


def click_word(page: Any, key: str, sources: tuple[int, ...], wild: tuple[int, ...]) -> None:
    """Click the word's cards on the table, letter by letter; a CONFUSION asks its letter."""
    for i, (letter, seat) in enumerate(zip(key, sources, strict=True)):
        card = "?" if i in wild else letter
        zone = page.locator(f'.aw-felt .aw-zone[data-seat="{seat}"]')
        target = zone.locator(f'button.aw-card[data-card="{card}"][aria-pressed="false"]').first
        target.click()
        if card == "?":
            dialog = page.locator("dialog.aw-wild-modal")
            expect(dialog).to_be_visible()
            dialog.get_by_role("button", name=letter, exact=True).click()
            expect(dialog).to_have_count(0)
        expect(page.locator(".aw-tray .aw-slot")).to_have_count(i + 1)


def test_awalettres_game_against_two_bots(server: LiveServer, new_page: Any,
                                          screenshots: Path) -> None:
    page = new_page()
    table_id = pageflow.create_table(page, server, "awalettres", "Awalettres",
                                     ("bot:debutant", "bot:debutant"))
    expect(page.locator(".aw-felt .aw-zone")).to_have_count(3)
    expect(page.locator(".aw-zone.me")).to_contain_text("Alice")
    token = pageflow.seat_token(page, table_id)

    shots: set[str] = set()
    played: list[str] = []
    refused = reloaded = typed = False
    gives = 0
    deadline = time.monotonic() + GAME_TIMEOUT
    while True:
        step = pageflow.next_step(page, READY, deadline, server)
        if step == "over":
            break
        before = AW.actions(page)
        view = server.view(table_id, token)
        game = view["game"]
        assert view["table"]["actions"] == before
        seat = view["table"]["you"]
        if step == "word" and not game["can_play"]:
            page.get_by_role("button", name="Passer mon tour").click()
        elif step == "word":
            # (Not while a MARABOUTAGE forces a card: that would be the message.)
            if not refused and not game["designations"][seat] and \
                    (bad := not_a_word(game["hands"][seat])) is not None:
                # A word outside the dictionary: the engine's message, and nothing changes.
                page.locator("#aw-word").fill(bad.lower())
                expect(page.locator(".aw-preview")).to_have_class(re.compile(r"\binvalid\b"))
                expect(page.locator(".aw-preview")).to_contain_text(
                    "Ce mot n’est pas dans le dictionnaire.")
                page.get_by_role("button", name="Poser le mot").click()
                expect(page.locator(".toast-error").last).to_contain_text(
                    "Ce mot n’est pas dans le dictionnaire.")
                assert AW.actions(page) == before
                page.get_by_role("button", name="Effacer").click()
                refused = True
            key, sources, wild = choose_word(game, seat)
            if not typed and not wild:
                page.locator("#aw-word").fill(key.lower())
                typed = True
            else:
                click_word(page, key, sources, wild)
            preview = page.locator(".aw-preview")
            expect(preview).to_have_class(re.compile(r"\bvalid\b"))
            expect(preview).to_contain_text("récolte")
            expect(preview).to_contain_text("bilan")
            if sources != (seat,) * len(key):
                expect(preview.locator(".aw-chip.pay").first).to_be_visible()
            if "word" not in shots:
                AW.shot(page, screenshots, "word", full_page=True)
                shots.add("word")
            elif "phone" not in shots:
                AW.phone_shots(page, screenshots)
                shots.add("phone")
            page.get_by_role("button", name="Poser le mot").click()
            played.append(key)
        elif step == "give":
            if "give" not in shots:
                AW.shot(page, screenshots, "give")
                shots.add("give")
            # Keep one spell in two, give the others to the next player.
            buttons = page.locator(".aw-give .btn")
            (buttons.first if gives % 2 == 0 else buttons.nth(1)).click()
            gives += 1
        elif step == "panic":
            expect(page.locator(".aw-panic-count")).to_have_text(re.compile(r"0:1\d|0:0\d"))
            if "panic" not in shots:
                AW.shot(page, screenshots, "panic")
                shots.add("panic")
            page.fill("#aw-panic", "Pas de panique !")
            page.get_by_role("button", name="Crier").click()
        elif step == "exchange":
            mine = page.locator('.aw-zone.me button.aw-card:not([data-card="?"])').first
            theirs = page.locator(".aw-opponents button.aw-card").first
            mine.click()
            theirs.click()
            if "exchange" not in shots:
                AW.shot(page, screenshots, "exchange")
                shots.add("exchange")
            page.get_by_role("button", name="Échanger").click()
        elif step == "trim":
            page.locator('.aw-zone.me button.aw-card:not([data-card="?"])').first.click()
            page.locator(".aw-action").get_by_role("button", name=re.compile("^Remettre")).click()
        elif step == "marabout":
            # The rule: a card of one's own hand, imposed on the opponent chosen.
            page.locator(".aw-zone.me button.aw-card").last.click()
            page.locator(".aw-action button[data-target]").first.click()
            if "marabout" not in shots:
                AW.shot(page, screenshots, "marabout")
                shots.add("marabout")
            page.locator(".aw-action").get_by_role("button", name=re.compile("^Imposer")).click()
        else:
            raise AssertionError(f"unexpected step {step}")
        AW.wait_moved(page, before)

        if len(played) == 2 and not reloaded:
            # A reload gives the seat back, with the same hands and the log of words.
            pageflow.reload_seat(page)
            page.wait_for_function("() => document.querySelector('.aw-page').dataset.actions")
            expect(page.locator(".aw-zone.me")).to_contain_text("Alice")
            # The whole log comes back: words and spells from the start.
            expect(page.locator(".aw-log .aw-log-word").first).to_be_visible()
            expect(page.locator(".aw-log")).to_contain_text("commence la partie")
            now = server.view(table_id, token)
            shown = page.locator('.aw-zone.me .aw-hand [data-card]').evaluate_all(
                "els => els.map(e => e.dataset.card)")
            if now["table"]["actions"] == AW.actions(page):
                assert shown == now["game"]["hands"][seat]
            reloaded = True

    assert len(played) >= 2, "the human posed fewer than two words"
    assert reloaded and refused
    # The bots' words are in the log too.
    pageflow.assert_bots_and_human_wrote(page, ".aw-log-word .log-who")

    # The end: the modal, then the end card with the final count of each player.
    dialog = pageflow.end_modal(page, 3)
    AW.shot(page, screenshots, "end-modal")
    dialog.get_by_role("button", name="Fermer").click()
    end = page.locator(".aw-end")
    expect(end.locator(".result-table tbody tr")).to_have_count(3)
    expect(end.locator(".win-tag").first).to_be_visible()
    expect(end.get_by_role("link", name="Télécharger la partie (JSON)")).to_have_attribute(
        "href", f"/api/tables/{table_id}/record")
    expect(page.locator(".table-banner")).to_contain_text("Partie terminée")
    final = server.view(table_id)["game"]
    assert final["over"] is True
    for row in end.locator(".result-table tbody tr").all():
        s = int(row.get_attribute("data-seat") or -1)
        cells = [c.replace("−", "-").split(" ")[0] for c in
                 row.locator("td").all_inner_texts()]
        sack, debts, hand, total = (int(c) for c in cells)
        detail = final["score_detail"][s]
        assert (sack, -debts, -hand, total) == (detail["sack"], detail["debts"], detail["hand"],
                                                final["scores"][s])
        assert total == sack + debts + hand  # seeds − debts − letters left
    AW.shot(page, screenshots, "end", full_page=True)

    # A word of the log opens the dictionary popup.
    pageflow.check_word_popup(page.locator(".aw-log-word .word-link").first, page, "Awalettres")

    # The replay steps through the game: hands, seeds and the word of each step.
    pageflow.open_replay(page, end)
    expect(page.locator(".aw-felt .aw-zone")).to_have_count(3)
    pageflow.replay_start(page)
    pageflow.replay_step(page, played[0])
    AW.shot(page, screenshots, "replay", full_page=True)
    pageflow.replay_end(page)


def test_a_definition_sent_while_another_player_sends_his_is_kept_when_released(
        server: LiveServer, new_page: Any) -> None:
    """WAYAMPOU's definitions are written at the same time: Bruno's, arriving between the
    press and the release of « Envoyer ma définition », redraws Alice's panel (and its button)
    under the pointer. The browser then sends no click; the tap must not be lost: her
    definition is sent, and the vote begins with both."""
    from tests.e2e.test_table_life_browser import _seat_page

    table, alice_token, bruno_token = pageflow.two_humans(
        server, "awalettres", {"first_player": "wayampou"})
    alice = _seat_page(new_page, server, table, 0, alice_token)
    expect(alice.locator(".aw-page")).to_have_attribute("data-step", "define")
    mine = "Un petit oiseau des forêts de Guyane."
    alice.locator("#aw-define").fill(mine)
    before = AW.actions(alice)
    pageflow.press(alice, alice.get_by_role("button", name="Envoyer ma définition"))
    pageflow.act(server, table, bruno_token,
                 {"type": "define", "text": "Une danse des bords du fleuve Maroni."})
    pageflow.release_after_update(alice, AW, before)
    expect(alice.locator(".aw-page")).to_have_attribute("data-step", "vote")
    expect(alice.locator(".aw-def.mine .aw-def-text")).to_have_text(mine)
