"""Vocabulon in a real browser against the real server: one human against two bots, to the end.

The human plays through the interface only: the table is created from the home page with a
handicap (a 4-letter secret word, seed: "pourront gagner en composant un mot moins long d'une
lettre") to keep the game short. A word of the wrong length is refused first (the engine's
French message, live and on sending; nothing changes), then the secret word is written. Each
turn the die is thrown with its button, the pawn moved by clicking a highlighted cell of the
board (once from the list of destinations) and confirming; a VOCABULON cell's letter card is
clicked; a riddle is answered by typing the word the deck has for the question read (the deck is
public material: the test knows it by heart), after one wrong answer the first time, which the
riddle card records while the sand-glass runs on. Halfway the page is reloaded and must give the
seat back; a phone-sized screenshot is taken; the game ends with the secret words revealed, and
the replay steps through it.
"""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import pytest

from ludomots.games.vocabulon.bots import deck_index
from ludomots.games.vocabulon.words import secret_candidates
from ludomots.lexicon.lexicon import get_lexicon
from tests.e2e import pageflow
from tests.e2e.conftest import LiveServer

expect = pytest.importorskip("playwright.sync_api").expect

VC = pageflow.GameScreen(".vc-page", "vocabulon-")

GAME_TIMEOUT = 150.0

# What the page waits on from the human, or the end.
READY = """() => {
  const end = document.querySelector('.vc-end');
  if (end && !end.hidden) return 'over';
  const page = document.querySelector('.vc-page');
  if (!page || page.dataset.mine !== 'true') return false;
  return page.dataset.step;
}"""


def create_table(page: Any, server: LiveServer) -> str:
    card = pageflow.game_card(page, server, "vocabulon")
    expect(card.locator(".chip", has_text="Bientôt disponible")).to_have_count(0)
    # The game's card links to the players' rules (regles.md).
    card.get_by_role("link", name="Règles").click()
    expect(page).to_have_url(re.compile(r"/regles/vocabulon$"))
    expect(page.locator("main")).to_contain_text("mot secret")
    page.go_back()
    pageflow.open_form(page, page.locator('.game-card[data-game="vocabulon"]'), "Vocabulon")
    pageflow.fill_seats(page, "Alice", ("bot:debutant", "bot:debutant"))
    # A value per seat (handicaps, extra clue): one menu per place, following the places; a
    # removed place takes its value with it.
    page.get_by_role("button", name="Ajouter un joueur").click()
    rows = page.locator(".seat-row")
    expect(rows).to_have_count(4)
    page.select_option("#opt-handicaps-3", label="Une lettre de plus")
    rows.nth(3).get_by_role("button", name="Retirer le joueur 4").click()
    expect(page.locator("#opt-handicaps select")).to_have_count(3)
    expect(page.locator("#opt-clues select")).to_have_count(3)
    page.select_option("#opt-handicaps-0", label="Une lettre de moins")
    page.select_option("#opt-clues-1", label="La dernière lettre")
    page.fill("#opt-sandglass_seconds", "40")
    table_id = pageflow.submit_table(page)
    options = server.get_json(f"/api/tables/{table_id}")["options"]
    assert (options["handicaps"], options["clues"]) == ([-1, 0, 0], ["aucun", "derniere", "aucun"])
    return table_id


def answer_of(game: dict[str, Any]) -> str:
    q = game["riddle"]["question"]
    return deck_index(game["options"]["deck"])[(q["initial"], q["length"], q["class"],
                                                q["definition"])][0]


def best_cell(game: dict[str, Any], exchange: bool) -> int:
    """A reachable cell whose letter card the word still needs, else a VOCABULON cell (first
    when the test still wants to propose an exchange and has a card to give)."""
    cells = game["reachable"]
    need = game["missing"]
    useful = [c for c in cells if c["group"] in need and game["sabot"][c["group"]]]
    vocabulon = [c for c in cells if c["group"] is None]
    if exchange and game["held"][0] and vocabulon:
        return int(vocabulon[0]["cell"])
    return int((useful or vocabulon or cells)[0]["cell"])

# The style sheet's fill of each ring's sectors (.vc-page's --ring-0, --ring-1, --ring-2).
RING_FILLS = {0: "rgb(207, 224, 247)", 1: "rgb(251, 238, 176)", 2: "rgb(248, 207, 199)"}


def _swaps(game: dict[str, Any]) -> list[tuple[str, str]]:
    """The exchanges seat 0 may propose, as the rules count them (``state.exchanges``): one of
    its cards for another player's card of another group (it may hold that group too)."""
    return [(give, take) for give in sorted(set(game["held"][0]))
            for held in game["held"][1:] for take in sorted(set(held)) if give != take]


def test_vocabulon_game_against_two_bots(server: LiveServer, new_page: Any,
                                         screenshots: Path) -> None:
    page = new_page()
    table_id = create_table(page, server)
    token = pageflow.seat_token(page, table_id)
    secret = secret_candidates(get_lexicon(), 4)[0]

    # Préparatifs 5 (with the handicap): a word of the wrong length is refused, in French.
    expect(page.locator(".vc-page")).to_have_attribute("data-step", "secret")
    # The board is drawn in its rings' colours on a desktop screen too (the style sheet once
    # left these rules to phones only, and the sectors came out black).
    for ring, colour in RING_FILLS.items():
        sector = page.locator(f".vc-board-svg .vc-cell.ring-{ring}.alt-0 .vc-sector").first
        assert sector.evaluate("e => getComputedStyle(e).fill") == colour
    # The two bots write their words as soon as the game starts: once the page shows them, a
    # refused word must leave the count where it is.
    expect(page.locator(".vc-page")).to_have_attribute("data-actions", "2")
    field = page.locator("#vc-secret")
    field.fill("mer")
    message = "Votre mot secret doit avoir 4 lettres ; « mer » en a 3."
    expect(page.locator(".vc-preview")).to_contain_text(message)
    before = VC.actions(page)
    page.get_by_role("button", name="Écrire mon mot secret").click()
    expect(page.locator(".toast-error").last).to_contain_text(message)
    assert VC.actions(page) == before
    assert server.view(table_id, token)["game"]["secret"] is None
    field.fill(secret.lower())
    expect(page.locator(".vc-preview")).to_contain_text("convient")
    VC.shot(page, screenshots, "secret")
    page.get_by_role("button", name="Écrire mon mot secret").click()
    expect(page.locator(".vc-players .player.me .vc-secret")).to_have_attribute(
        "aria-label", re.compile(f"^{secret} : 0 lettre sur 4"))

    shots: set[str] = set()
    turns = answered = 0
    wrong = reloaded = listed = proposed = watched = False
    deadline = time.monotonic() + GAME_TIMEOUT
    while True:
        step = pageflow.next_step(page, READY, deadline, server)
        if step == "over":
            break
        before = VC.actions(page)
        game = server.view(table_id, token)["game"]
        if step == "throw":
            turns += 1
            page.get_by_role("button", name="Lancer le dé").click()
        elif step == "move":
            cell = best_cell(game, not proposed)
            expect(page.locator(".vc-board-svg .vc-cell.reach")).to_have_count(
                len(game["reachable"]))
            if not listed:
                page.locator(f'.vc-dest[data-cell="{cell}"]').first.click()
                listed = True
            else:
                page.locator(f'.vc-board-svg .vc-cell[data-cell="{cell}"]').click()
            expect(page.locator(".vc-chosen")).to_be_visible()
            expect(page.locator(".vc-path")).to_have_count(1)
            if "move" not in shots:
                VC.shot(page, screenshots, "move", full_page=True)
                shots.add("move")
            page.locator(".vc-go").click()
        elif step == "vocabulon" and (swaps := _swaps(game)) and \
                (not proposed or not any(game["sabot"].values())):
            # Arrivée sur une case VOCABULON: an exchange proposed to another player (again
            # when every letter card has been won: an exchange is then all there is to do).
            give, take = swaps[0]
            page.locator(f'.vc-give[aria-label="Donner ma carte {give}"]').first.click()
            page.locator(f'.vc-take[data-group="{take}"]').first.click()
            VC.shot(page, screenshots, "exchange")
            page.get_by_role("button", name=re.compile("^Proposer mon")).click()
            expect(page.locator(".vc-log")).to_contain_text("Alice propose à")
            proposed = True
        elif step in ("vocabulon", "pick"):
            groups = [g for g, n in game["sabot"].items() if n]
            group = next((g for g in groups if g in game["missing"]), groups[0])
            if "vocabulon" not in shots:
                VC.shot(page, screenshots, "vocabulon")
                shots.add("vocabulon")
            page.locator(f'.vc-pick[data-group="{group}"]').click()
        elif step in ("respond", "offer"):  # an exchange, or a bot's missing letter
            page.get_by_role("button", name="Refuser").click()
        elif step in ("answer", "others"):
            riddle = page.locator(".vc-riddle")
            expect(riddle.locator(".vc-definition")).to_have_text(
                game["riddle"]["question"]["definition"])
            if step == "answer" and not wrong:
                # Seed, Mauvaise réponse... before the sand-glass runs out he may try again.
                expect(riddle.locator(".vc-glass-count")).to_have_text(re.compile(r"0:[0-4]\d"))
                page.fill("#vc-answer", "zzzz")
                page.get_by_role("button", name="Répondre").click()
                expect(riddle.locator(".vc-tries")).to_contain_text("zzzz")
                expect(page.locator(".toast").last).to_contain_text(
                    "« zzzz » : ce n’est pas le mot.")
                assert page.evaluate(READY) == "answer"
                if "riddle" not in shots:
                    VC.shot(page, screenshots, "riddle", full_page=True)
                    shots.add("riddle")
                before = VC.actions(page)
                wrong = True
            elif "phone" not in shots:
                page.set_viewport_size(pageflow.PHONE)
                # Nothing wider than the phone: the board, the riddle and its field fit.
                page.wait_for_timeout(200)
                width = pageflow.PHONE["width"]
                pageflow.assert_no_sideways_scroll(page, width)
                board = page.locator(".vc-board-frame").bounding_box()
                assert board is not None and board["width"] <= width
                field = page.locator("#vc-answer").bounding_box()
                assert field is not None and field["width"] >= 150
                VC.shot(page, screenshots, "phone")
                VC.shot(page, screenshots, "phone-full", full_page=True)
                page.set_viewport_size(pageflow.DESKTOP)
                shots.add("phone")
            page.fill("#vc-answer", answer_of(game))
            page.get_by_role("button", name="Répondre").click()
            answered += 1
        else:
            raise AssertionError(f"unexpected step {step}")
        VC.wait_moved(page, before)

        if turns == 2 and not reloaded:
            # A reload gives the seat back: the secret word, the cards, the whole history.
            pageflow.reload_seat(page)
            expect(page.locator(".vc-players .player.me .vc-secret")).to_have_attribute(
                "aria-label", re.compile(f"^{secret} : "))
            expect(page.locator(".vc-log")).to_contain_text("commence.")
            now = server.view(table_id, token)
            expect(page.locator(".vc-page")).to_have_attribute(
                "data-actions", str(now["table"]["actions"]))
            reloaded = True
        elif reloaded and not watched:
            # A spectator sees the table, never Alice's secret word nor an answer field.
            spectator = new_page()
            spectator.goto(f"{server.base_url}/table/{table_id}")
            expect(spectator.locator(".role-chip")).to_contain_text("Spectateur")
            alice = spectator.locator('.vc-players .player[data-seat="0"]')
            expect(alice).to_contain_text("Mot secret de 4 lettres")
            expect(alice.locator(".vc-secret")).to_have_count(0)
            expect(spectator.locator("#vc-answer")).to_have_count(0)
            expect(spectator.locator(".vc-action")).to_be_hidden()
            spectator.close()
            watched = True

    assert reloaded and watched and wrong and answered >= 2
    final = server.view(table_id)["game"]
    assert final["over"] is True

    # The end: who won, and every secret word revealed with its letters won.
    dialog = pageflow.end_modal(page, 3, ".vc-result tbody tr")
    rows = dialog.locator(".vc-result tbody tr")
    for s, word in enumerate(final["public_secrets"]):
        expect(rows.nth(s).locator(".vc-secret")).to_have_attribute(
            "aria-label", re.compile(f"^{re.escape(word.upper())} : "))
    VC.shot(page, screenshots, "end-modal")
    dialog.get_by_role("button", name="Fermer").click()
    # The journal's answers link to their definitions (issue 19): a wrong one too, and a
    # riddle's solution, which the dictionary knows.
    expect(page.locator('.vc-log .vc-log-answer .vc-log-def[aria-label="zzzz : voir la '
                        'définition"]')).to_have_count(1)
    solved = [e["answer"] for e in final["history"] if e["type"] == "solution" and e["answer"]]
    assert solved
    link = page.locator(".vc-log .vc-log-solution .vc-log-def").first
    expect(link).to_have_attribute("aria-label", f"{solved[0]} : voir la définition")
    pageflow.check_word_popup(link, page, "Vocabulon")
    end = page.locator(".vc-end")
    expect(end.locator(".win-tag")).to_have_count(len(final["winners"]))
    expect(page.locator(".table-banner")).to_contain_text("Partie terminée")
    VC.shot(page, screenshots, "end", full_page=True)

    # The replay: the board and cards at each step, the secret words of the moment.
    pageflow.open_replay(page, end)
    expect(page.locator(".vc-board-svg")).to_be_visible()
    pageflow.replay_start(page)
    expect(page.locator(".replay-scores .vc-held .vc-card")).to_have_count(0)
    pageflow.replay_step(page, "lance le dé")
    expect(page.locator(".vc-die-face")).to_be_visible()
    pageflow.replay_end(page, "Fin de la partie")
    expect(page.locator(".replay-scores .player").first.locator(".vc-secret")).to_have_attribute(
        "aria-label", re.compile(f"^{secret} : "))
    VC.shot(page, screenshots, "replay", full_page=True)


def test_the_longest_secret_word_fits_on_a_phone(server: LiveServer, new_page: Any) -> None:
    """Variantes (7-letter words) with a one-letter handicap the other way: an 8-letter secret,
    the longest a player writes. On a phone each player has a line of their own, and nothing
    is wider than the screen (with two players' cards side by side, a long word in the
    right-hand one went past the screen's edge)."""
    created = server.post_json("/api/tables", {
        "game": "vocabulon", "name": "Alice", "options": {"word_length": 7, "handicaps": [0, 1, 0]},
        "seats": [{"kind": "bot", "level": "debutant"}, {"kind": "human"},
                  {"kind": "bot", "level": "debutant"}]})
    assert created["seat"] == 1  # the second card: the right-hand one when two share a line
    page = new_page(viewport=pageflow.PHONE)
    page.goto(server.base_url + "/")
    page.evaluate("([id, seat, token]) => localStorage.setItem('ludomots.tokens', "
                  "JSON.stringify({[id]: {seat, token, at: Date.now()}}))",
                  [created["table"], created["seat"], created["token"]])
    page.goto(f"{server.base_url}/table/{created['table']}")
    secret = secret_candidates(get_lexicon(), 8)[0]
    page.locator("#vc-secret").fill(secret.lower())
    expect(page.locator(".vc-preview")).to_contain_text("convient")
    page.get_by_role("button", name="Écrire mon mot secret").click()
    expect(page.locator(".vc-players .player.me .vc-secret")).to_have_attribute(
        "aria-label", re.compile(f"^{secret} : 0 lettre sur 8"))
    pageflow.assert_no_sideways_scroll(page, pageflow.PHONE["width"])


def test_the_secret_word_sent_while_another_player_writes_his_is_kept_when_released(
        server: LiveServer, new_page: Any) -> None:
    """The secret words are written at the same time: Bruno's, arriving between the press and
    the release of « Écrire mon mot secret », redraws Alice's panel (and its button) under
    the pointer. The browser then sends no click; the tap must not be lost: her word is sent."""
    from tests.e2e.test_table_life_browser import _seat_page

    table, alice_token, bruno_token = pageflow.two_humans(server, "vocabulon", {})
    lengths = server.view(table, alice_token)["game"]["secret_lengths"]
    alice_word, bruno_word = (secret_candidates(get_lexicon(), n)[k]
                              for k, n in enumerate(lengths))
    alice = _seat_page(new_page, server, table, 0, alice_token)
    expect(alice.locator(".vc-page")).to_have_attribute("data-step", "secret")
    alice.locator("#vc-secret").fill(alice_word.lower())
    expect(alice.locator(".vc-preview")).to_contain_text("convient")
    before = VC.actions(alice)
    pageflow.press(alice, alice.get_by_role("button", name="Écrire mon mot secret"))
    pageflow.act(server, table, bruno_token, {"type": "secret", "word": bruno_word})
    pageflow.release_after_update(alice, VC, before)
    expect(alice.locator(".vc-players .player.me .vc-secret")).to_have_attribute(
        "aria-label", re.compile(f"^{alice_word} : 0 lettre sur {lengths[0]}"))
    assert server.view(table, alice_token)["game"]["secret"] == alice_word.lower()  # as typed
