"""Volapük in a real browser against the real server: one human against a bot, to the end.

The human plays through the interface only: he rolls with the button, once keeps a die
("garder") before rolling again and finds it unchanged; a word is found from his own view (the
board and his dice) and laid by clicking its start cell on the round board, its direction,
then its dice in order (a joker asks for its letter; one word starts with a die dragged onto
the board; after three words the dice are typed by number); the live preview must show the
engine's points before the word is laid. Once, two dice far from every word are laid: the
engine's French message comes back and nothing changes. Halfway the page is reloaded and must
give the seat back; a phone-sized screenshot is taken; the game ends with the modal and the
final scores, then the replay steps through it, and the rules page shows the French rules.
Every word's score is explained in the journal, part by part, as the engine counted it.

A second test looks at the screen itself: at 1280×800 the button the banner asks for is on
screen without scrolling; « Passer » asks first; on a 390-pixel phone the board's cells are big
enough to touch, the board scrolls sideways inside its zone (never the page) and fits the screen
at a touch.
"""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import pytest

from ludomots.games.volapuk.board import cells, name
from tests.e2e import pageflow
from tests.e2e.conftest import LiveServer
from tests.server.volapuk_play import find_place, lonely_cells

expect = pytest.importorskip("playwright.sync_api").expect

VP = pageflow.GameScreen(".vp-page", "volapuk-")

GAME_TIMEOUT = 240.0
NOT_ATTACHED = "Le mot doit passer par une lettre déjà posée sur le plateau."

# Whether the last entry of a scrolling list is within its visible part.
LAST_ENTRY_IN_SIGHT = """(scroller) => {
  const top = scroller.querySelector('li:last-child').offsetTop - scroller.offsetTop;
  return top >= scroller.scrollTop && top < scroller.scrollTop + scroller.clientHeight;
}"""

# What the page waits on from the human (his turn, nothing pending), or the end.
READY = """() => {
  const end = document.querySelector('.vp-end');
  if (end && !end.hidden) return 'over';
  const page = document.querySelector('.vp-page');
  if (!page || page.dataset.mine !== 'true') return false;
  const pass = document.querySelector('.vp-actions .vp-pass');
  if (!pass || pass.disabled) return false;
  return page.dataset.step;
}"""


def create_table(page: Any, server: LiveServer) -> str:
    pageflow.open_form(page, pageflow.game_card(page, server, "volapuk"), "Volapük")
    # The engine's options are on the form, in French.
    expect(page.locator("label[for=opt-rolls]")).to_have_text("Lancers par tour")
    expect(page.locator("#opt-super_joker")).not_to_be_checked()
    pageflow.fill_seats(page, "Alice", ("bot:debutant",))
    return pageflow.submit_table(page)


def clear_word(page: Any) -> None:
    clear = page.get_by_role("button", name="Effacer")
    if clear.count() and clear.is_enabled():
        clear.click()
    expect(page.locator(".vp-cell.start")).to_have_count(0)


def lay(page: Any, cell: tuple[int, int], direction: str, dice: list[int],
        letters: list[str], keyboard: bool = False, drag: bool = False) -> None:
    """The start cell on the board, the direction, then the dice of the réglette in order:
    clicked, or (to keep the test short once clicking has been shown) their numbers typed;
    with `drag`, the first die is dragged onto the start cell instead."""
    clear_word(page)
    target = page.locator(f'button.vp-cell[data-cell="{name(cell)}"]')
    if drag and not letters[0]:
        # A notice may cover the board's top rows (and one may come and go at any moment).
        page.evaluate("document.querySelectorAll('#toasts .toast').forEach(t => t.remove())")
        pageflow.html5_drag(page, page.locator(f'.vp-rack button.vp-die[data-index="{dice[0]}"]'),
                            target)
        expect(page.locator(".vp-cell.planned")).to_have_count(1)
        dice, letters = dice[1:], letters[1:]
    else:
        target.click()
    expect(page.locator(f'.vp-cell.start[data-cell="{name(cell)}"]')).to_have_count(1)
    laid = page.locator(".vp-cell.planned").count()
    arrow = page.locator(f'.vp-dir[data-dir="{direction}"]')
    if arrow.get_attribute("aria-checked") != "true":
        arrow.click()
        expect(arrow).to_have_attribute("aria-checked", "true")
    for k, (i, letter) in enumerate(zip(dice, letters, strict=True)):
        if keyboard:
            page.keyboard.press(str(i + 1))
        else:
            page.locator(f'.vp-rack button.vp-die[data-index="{i}"]').click()
        if letter:
            dialog = page.locator("dialog.vp-joker-modal")
            expect(dialog).to_be_visible()
            dialog.get_by_role("button", name=letter, exact=True).click()
            expect(dialog).to_have_count(0)
        if not keyboard or letter:
            expect(page.locator(".vp-cell.planned")).to_have_count(laid + k + 1)
    expect(page.locator(".vp-cell.planned")).to_have_count(laid + len(dice))


def signed(points: int) -> str:
    """Points as the page writes them: +12, −10, 0."""
    return f"+{points}" if points > 0 else f"−{-points}" if points < 0 else "0"


def confirm_pass(page: Any) -> None:
    """« Passer », then « Passer » again in the question it asks."""
    page.locator(".vp-actions").get_by_role("button", name="Passer", exact=True).click()
    page.locator("dialog.modal").get_by_role("button", name="Passer", exact=True).click()


def check_breakdown(page: Any, game: dict[str, Any], seat: int) -> None:
    """The journal's entry of the player's last word explains its score as the engine counted
    it: a line a word (its letters at 1 or 3, or 5 a letter + 10 written reversed; its
    bonuses), a line a penalty and bonus, each with its points; they add up to the total."""
    entry = [p for p in game["played"] if p["type"] == "word" and p["seat"] == seat][-1]
    log = page.locator(".vp-log .vp-log-word").filter(
        has=page.locator(".log-who", has_text="Alice")).last
    lines = log.locator(".vp-breakdown-line")
    words = entry["words"]
    expect(lines).to_have_count(len(words) + len(entry["meaningless"]) +
                                sum(1 for k in ("recomposed", "volapuk", "accents") if entry[k]))
    shown = 0
    for k, w in enumerate(words):
        line = lines.nth(k)
        expect(line.locator(".vp-bd-label")).to_have_text(w["text"].replace(" ", "␣"))
        expect(line.locator(".vp-bd-points")).to_have_text(signed(w["total"]))
        detail = line.locator(".vp-bd-detail")
        if w["reversed"] and not w["base"]:
            expect(detail).to_contain_text(f"à l’envers {w['letters']} × 5 + 10 = {w['reversed']}")
        else:
            rate = 3 if w["elue"] and not w["extension"] else 1
            expect(detail).to_contain_text(f"× {rate}")
            expect(detail).to_contain_text(f"= {w['base']}")
        if w["diagonal"]:
            expect(detail).to_contain_text(f"diagonale +{w['diagonal']}")
        shown += w["total"]
    # The penalties follow the words, in order: matched by place and by their whole label (a
    # search by text matched « CN » inside « BGCC », case aside).
    for j, m in enumerate(entry["meaningless"]):
        line = lines.nth(len(words) + j)
        expect(line).to_have_class(re.compile(r"\bpenalty\b"))
        expect(line.locator(".vp-bd-label")).to_have_text(m["text"])
        expect(line.locator(".vp-bd-points")).to_have_text("−10")
        shown -= 10
    shown += entry["recomposed"] + entry["volapuk"] + entry["accents"]
    assert shown == entry["total"]
    expect(log.locator(".log-score")).to_have_text(signed(entry["total"]))


def test_volapuk_game_against_a_bot(server: LiveServer, new_page: Any,
                                    screenshots: Path) -> None:
    page = new_page()
    table_id = create_table(page, server)
    expect(page.locator(".vp-disc")).to_be_visible()
    expect(page.locator(".vp-player-list .player")).to_have_count(2)
    token = pageflow.seat_token(page, table_id)
    # 15 rows of 15 cells clipped to a disc: the engine's cells, no more.
    expect(page.locator(".vp-cell:not(.off)")).to_have_count(len(cells()))

    shots: set[str] = set()
    played: list[str] = []
    refused = reloaded = kept = False
    deadline = time.monotonic() + GAME_TIMEOUT
    while True:
        if pageflow.next_step(page, READY, deadline, server) == "over":
            break
        before = VP.actions(page)
        view = server.view(table_id, token)
        game = view["game"]
        assert view["table"]["actions"] == before
        seat = view["table"]["you"]
        rack = game["racks"][seat]
        if rack and not any(d["face"] is not None for d in rack):
            # The dice are thrown in front of everyone: the player's réglette, then the log.
            page.get_by_role("button", name="Lancer les dés").click()
            VP.wait_moved(page, before)
            continue
        found = find_place(game, seat) if rack else None
        keepable = [k for k, d in enumerate(rack) if d["face"] is not None and not d["fetish"]]
        if not kept and game["rolls_left"] and len(keepable) > 1:
            # Keep one die, throw the others: the die kept shows the same face.
            i = keepable[0]
            page.get_by_role("button", name=f"Garder le dé {i + 1} au prochain lancer").click()
            expect(page.locator(f'.vp-rack .vp-die[data-index="{i}"]')).to_have_class(
                re.compile(r"\bkept\b"))
            page.get_by_role("button", name=re.compile(r"^Relancer")).click()
            VP.wait_moved(page, before)
            assert server.view(table_id, token)["game"]["racks"][seat][i]["face"] == \
                rack[i]["face"]
            kept = True
            continue
        if found is None:
            if game["rolls_left"] and rack:
                page.get_by_role("button", name=re.compile(r"^Relancer")).click()
            else:
                confirm_pass(page)
            VP.wait_moved(page, before)
            continue
        if not refused and game["board"] and (spot := lonely_cells(game)) is not None:
            two = [i for i, d in enumerate(rack) if d["face"] not in (None, "?", "*", "^", "¨")]
            if len(two) >= 2:
                # Two dice touching no word: the engine's message, and nothing changes.
                lay(page, spot, "E", two[:2], ["", ""])
                preview = page.locator(".vp-preview")
                expect(preview).to_have_class(re.compile(r"\binvalid\b"))
                expect(preview).to_contain_text(NOT_ATTACHED)
                if "refused" not in shots:
                    VP.shot(page, screenshots, "refused")
                    shots.add("refused")
                page.get_by_role("button", name="Déposer le mot").click()
                toast = page.locator(".toast-error").last
                expect(toast).to_contain_text(NOT_ATTACHED)
                toast.locator(".toast-close").click()  # it would cover cells of the board
                expect(page.locator(".toast-error")).to_have_count(0)
                assert VP.actions(page) == before
                assert server.view(table_id, token)["game"]["board"] == game["board"]
                refused = True
        action, points = found
        lay(page, (action["row"], action["col"]), action["direction"], action["dice"],
            action["letters"], keyboard=len(played) >= 3, drag=len(played) == 1)
        preview = page.locator(".vp-preview")
        expect(preview).to_have_class(re.compile(r"\bvalid\b"))
        expect(preview.locator(".preview-score")).to_have_text(str(points))
        if "word" not in shots:
            VP.shot(page, screenshots, "word", full_page=True)
            shots.add("word")
        elif "phone" not in shots:
            VP.phone_shots(page, screenshots)
            shots.add("phone")
        word = preview.locator(".word-chip > span").first.inner_text()
        page.get_by_role("button", name="Déposer le mot").click()
        VP.wait_moved(page, before)
        played.append(word)
        check_breakdown(page, server.view(table_id, token)["game"], seat)

        if len(played) == 2 and not reloaded:
            # A reload gives the seat back, with the same dice and the whole log.
            pageflow.reload_seat(page)
            page.wait_for_function("() => document.querySelector('.vp-page').dataset.actions")
            expect(page.locator(".vp-log .vp-log-word").first).to_be_visible()
            now = server.view(table_id, token)
            if now["table"]["actions"] == VP.actions(page):
                shown = page.locator(".vp-rack .vp-die").evaluate_all(
                    "els => els.map(e => e.dataset.colour)")
                assert shown == [d["colour"] for d in now["game"]["racks"][seat]]
                assert page.locator(".vp-cell.taken").count() == len(now["game"]["board"])
            reloaded = True

    assert len(played) >= 2, "the human laid fewer than two words"
    assert reloaded and refused and kept
    pageflow.assert_bots_and_human_wrote(page, ".vp-log-word .log-who")

    # The end: the modal, then the end card with each player's points.
    dialog = pageflow.end_modal(page, 2)
    VP.shot(page, screenshots, "end-modal")
    dialog.get_by_role("button", name="Fermer").click()
    end = page.locator(".vp-end")
    expect(end.locator(".win-tag").first).to_be_visible()
    expect(page.locator(".table-banner")).to_contain_text("Partie terminée")
    final = server.view(table_id)["game"]
    assert final["over"] is True
    for row in end.locator(".result-table tbody tr").all():
        s = int(row.get_attribute("data-seat") or -1)
        assert row.locator("td.total").inner_text() == str(final["scores"][s])
    VP.shot(page, screenshots, "end", full_page=True)

    # The replay: the board at every step, the words in the list.
    pageflow.open_replay(page, end)
    expect(page.locator(".vp-replay .vp-disc")).to_be_visible()
    pageflow.replay_start(page)
    expect(page.locator(".vp-replay .vp-cell.taken")).to_have_count(0)
    pageflow.replay_step(page, played[0])
    VP.shot(page, screenshots, "replay", full_page=True)
    pageflow.replay_end(page)
    # The list follows the replay: at the end, its last entry is in sight, however long it is.
    assert page.locator(".replay-list .log-scroll").evaluate(LAST_ENTRY_IN_SIGHT)

    # The rules page shows the players' rules in French.
    page.goto(server.base_url + "/regles/volapuk")
    expect(page.locator("main")).to_contain_text("Le matériel")
    # About 80 s alone on two cores; the bound leaves room for a machine shared with others.


# Where an element is, in the page's coordinates, and the window's scroll.
BOX = """(e) => { const r = e.getBoundingClientRect();
  return {top: r.top, bottom: r.bottom, left: r.left, right: r.right, width: r.width,
          scrollY: window.scrollY, height: window.innerHeight}; }"""


def test_volapuk_screen_on_a_laptop_and_on_a_phone(server: LiveServer, new_page: Any,
                                                   screenshots: Path) -> None:
    page = new_page(viewport={"width": 1280, "height": 800})
    table_id = create_table(page, server)
    token = pageflow.seat_token(page, table_id)
    deadline = time.monotonic() + GAME_TIMEOUT
    assert pageflow.next_step(page, READY, deadline, server) == "roll"
    # The banner asks to roll; its button is on screen, nothing scrolled.
    expect(page.locator(".table-banner")).to_contain_text("lancez les dés")
    roll = page.get_by_role("button", name="Lancer les dés")
    box = roll.evaluate(BOX)
    assert box["scrollY"] == 0 and box["top"] >= 0 and box["bottom"] <= box["height"], box
    VP.shot(page, screenshots, "laptop-roll")

    # « Passer » asks first: cancelled, nothing happens; confirmed, the turn passes.
    before = VP.actions(page)
    page.locator(".vp-actions").get_by_role("button", name="Passer", exact=True).click()
    dialog = page.locator("dialog.modal")
    expect(dialog).to_contain_text("Passer votre tour ?")
    dialog.get_by_role("button", name="Annuler").click()
    expect(dialog).to_have_count(0)
    assert VP.actions(page) == before
    assert server.view(table_id, token)["table"]["actions"] == before
    roll.click()
    VP.wait_moved(page, before)
    # Rolled: « Déposer le mot » is on screen too, beside the board.
    box = page.get_by_role("button", name="Déposer le mot").evaluate(BOX)
    assert box["scrollY"] == 0 and box["bottom"] <= box["height"], box
    before = VP.actions(page)
    confirm_pass(page)
    VP.wait_moved(page, before)
    # The bot may pass too right after: the pass looked for is this seat's, the only one.
    view = server.view(table_id, token)
    mine = [p for p in view["game"]["played"]
            if p["type"] == "pass" and p["seat"] == view["table"]["you"]]
    assert len(mine) == 1, view["game"]["played"]

    # A phone: cells big enough to touch, a board that scrolls sideways in its zone, centred
    # on the middle cell; the page itself never scrolls sideways.
    page.set_viewport_size(pageflow.PHONE)
    assert pageflow.next_step(page, READY, deadline, server) == "roll"
    scroller = page.locator(".vp-board-scroll")
    centre = page.locator('.vp-cell[data-cell="H8"]')
    cell_box = centre.evaluate(BOX)
    assert cell_box["width"] >= 32, cell_box
    zone = scroller.evaluate(BOX)
    assert zone["left"] <= cell_box["left"] and cell_box["right"] <= zone["right"], (zone,
                                                                                   cell_box)
    assert scroller.evaluate("(e) => e.scrollWidth > e.clientWidth + 100")
    pageflow.assert_no_sideways_scroll(page, pageflow.PHONE["width"])
    page.get_by_role("button", name="Lancer les dés").click()
    expect(page.get_by_role("button", name="Déposer le mot")).to_be_visible()
    empty = page.locator("button.vp-cell:not(.taken)").first
    empty.scroll_into_view_if_needed()
    empty.click()
    expect(page.locator(".vp-cell.start")).to_have_count(1)
    VP.shot(page, screenshots, "phone-board")
    # « Plateau entier »: the whole board on the screen, no scrolling inside it.
    page.get_by_role("button", name="Plateau entier").click()
    expect(page.get_by_role("button", name="Agrandir le plateau")).to_have_attribute(
        "aria-pressed", "true")
    assert scroller.evaluate("(e) => e.scrollWidth <= e.clientWidth + 1")
    assert centre.evaluate(BOX)["width"] < 26
    pageflow.assert_no_sideways_scroll(page, pageflow.PHONE["width"])
    VP.shot(page, screenshots, "phone-board-whole")


def _play_until_a_word_is_laid(server: LiveServer, table: str, tokens: list[str]) -> None:
    """The players throw and lay, each from his own socket, until a word is on the board
    (a player without a word rethrows, then passes)."""
    deadline = time.monotonic() + GAME_TIMEOUT
    while True:
        assert time.monotonic() < deadline, f"no word laid in time:\n{server.log()}"
        seat = server.view(table)["game"]["to_act"][0]
        game = server.view(table, tokens[seat])["game"]
        if game["step"] == "announce":
            return
        rack = game["racks"][seat]
        found = find_place(game, seat) if all(d["face"] is not None for d in rack) else None
        if found is not None:
            action = found[0]
        elif game["rolls_left"]:
            action = {"type": "roll", "keep": []}
        else:
            action = {"type": "pass"}
        pageflow.act(server, table, tokens[seat], action)


def test_done_announcing_pressed_while_another_player_is_done_is_sent_when_released(
        server: LiveServer, new_page: Any) -> None:
    """After a word, everyone announces at once: Bruno's « J’ai fini », arriving between the
    press and the release of Alice's « J’ai fini mes annonces », redraws her panel (and its
    button) under the pointer. The browser then sends no click; the tap must not be lost:
    her « done » is sent, and the announcements are over for both."""
    from tests.e2e.test_table_life_browser import _seat_page

    table, alice_token, bruno_token = pageflow.two_humans(
        server, "volapuk", {"accents": True, "turn_seconds": 0, "announce_seconds": 0})
    alice = _seat_page(new_page, server, table, 0, alice_token)
    _play_until_a_word_is_laid(server, table, [alice_token, bruno_token])
    expect(alice.locator(".vp-page")).to_have_attribute("data-step", "announce")
    done = alice.get_by_role("button", name="J’ai fini mes annonces")
    before = VP.actions(alice)
    pageflow.press(alice, done)
    pageflow.act(server, table, bruno_token, {"type": "done"})
    pageflow.release_after_update(alice, VP, before)
    expect(alice.locator(".vp-page")).not_to_have_attribute("data-step", "announce")
    assert server.view(table)["game"]["step"] != "announce"


def test_an_anagram_being_typed_survives_another_player_s_announcement(
        server: LiveServer, new_page: Any) -> None:
    """Everyone announces at once: Bruno's « J’ai fini », arriving while Alice types an
    anagram, redraws her announcement panel; what she typed stays in the field, which keeps
    the focus, and the accent she chose stays chosen (the fields were made anew, empty)."""
    from tests.e2e.test_table_life_browser import _seat_page

    table, alice_token, bruno_token = pageflow.two_humans(server, "volapuk", {
        "accents": True, "anagrams": True, "turn_seconds": 0, "announce_seconds": 0})
    alice = _seat_page(new_page, server, table, 0, alice_token)
    _play_until_a_word_is_laid(server, table, [alice_token, bruno_token])
    expect(alice.locator(".vp-page")).to_have_attribute("data-step", "announce")
    alice.get_by_label("Accent", exact=True).select_option("grave")
    field = alice.get_by_label("Anagramme", exact=True)
    field.fill("ANAG")
    before = VP.actions(alice)
    pageflow.act(server, table, bruno_token, {"type": "done"})
    VP.wait_moved(alice, before)
    expect(field).to_have_value("ANAG")
    expect(field).to_be_focused()
    expect(alice.get_by_label("Accent", exact=True)).to_have_value("grave")
