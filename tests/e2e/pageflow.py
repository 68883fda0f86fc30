"""What every browser test does on the pages the same way: create a table from the home page,
follow the moves of a game page, take screenshots, close the end modal, open the replay.

Each helper asserts what the page must show on the way, exactly as the tests did inline."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.conftest import LiveServer

expect = pytest.importorskip("playwright.sync_api").expect

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}


# ---- creating a table ----------------------------------------------------------------------------


def game_card(page: Any, server: LiveServer, game: str) -> Any:
    """The home page opened on ``game`` (``?jeu=``), and that game's card."""
    page.goto(f"{server.base_url}/?jeu={game}")
    return page.locator(f'.game-card[data-game="{game}"]')


def open_form(page: Any, card: Any, title: str) -> None:
    """The card's "Créer une table" opens the form for its game."""
    expect(card.get_by_role("button", name="Créer une table")).to_be_visible()
    card.get_by_role("button", name="Créer une table").click()
    expect(page.locator(".form-game strong")).to_have_text(title)


def fill_seats(page: Any, name: str, seats: tuple[str, ...]) -> None:
    """The creator's name (seat 1), then one row per other seat: "human" or "bot:<level>"."""
    page.fill("#create-name", name)
    for _ in range(len(seats) - 1):
        page.get_by_role("button", name="Ajouter un joueur").click()
    rows = page.locator(".seat-row")
    expect(rows).to_have_count(len(seats) + 1)
    for i, seat in enumerate(seats, start=1):
        row = rows.nth(i)
        if seat == "human":
            row.locator("input[value=human]").check()
        else:
            row.locator("input[value=bot]").check()
            row.locator(".level-select").select_option(seat.split(":", 1)[1])


def submit_table(page: Any) -> str:
    """"Créer la table": the new table's id once its page is shown."""
    page.get_by_role("button", name="Créer la table").click()
    page.wait_for_url(re.compile(r"/table/[A-Za-z0-9_-]+$"))
    page.wait_for_selector(".table-banner .banner-text")
    return str(page.url.rsplit("/", 1)[1])


def create_table(page: Any, server: LiveServer, game: str, title: str,
                 seats: tuple[str, ...], name: str = "Alice") -> str:
    """A table of ``game`` made from its card on the home page with the default options."""
    open_form(page, game_card(page, server, game), title)
    fill_seats(page, name, seats)
    return submit_table(page)


def seat_token(page: Any, table_id: str) -> str:
    """The seat's token, as the page keeps it for the table."""
    token: str = page.evaluate(
        f"JSON.parse(localStorage.getItem('ludomots.tokens'))['{table_id}'].token")
    return token


def two_humans(server: LiveServer, game: str, options: dict[str, Any]) -> tuple[str, str, str]:
    """A table of ``game`` for Alice (seat 0) and Bruno, who joins it, both by the HTTP API:
    (table id, Alice's token, Bruno's token)."""
    created = server.post_json("/api/tables", {
        "game": game, "name": "Alice", "options": options,
        "seats": [{"kind": "human"}, {"kind": "human"}]})
    joined = server.post_json(f"/api/tables/{created['table']}/join", {"name": "Bruno"})
    return created["table"], created["token"], joined["token"]


def act(server: LiveServer, table_id: str, token: str, action: dict[str, Any]) -> None:
    """One action of a seat over the real WebSocket (as another player's device sends it);
    returns once the server applied it."""
    _send_as_seat(server, table_id, token, {"type": "action", "action": action},
                  lambda table, actions: table["actions"] > actions)


def resign(server: LiveServer, table_id: str, token: str) -> None:
    """The seat of ``token`` resigns over the real WebSocket; returns once the server
    announced the departure."""
    _send_as_seat(server, table_id, token, {"type": "resign"},
                  lambda table, _: any(d["seat"] == table["left"] for d in table["departures"]))


def _send_as_seat(server: LiveServer, table_id: str, token: str, message: dict[str, Any],
                  done: Callable[[dict[str, Any], int], bool]) -> None:
    """``message`` from the seat of ``token``, once welcomed; returns at the first update
    whose table part makes ``done(table, actions before)`` true."""
    from websockets.sync.client import connect

    with connect(f"{server.ws_url}/ws/tables/{table_id}", open_timeout=10) as ws:
        ws.send(json.dumps({"type": "hello", "token": token}))
        while True:
            answer = json.loads(ws.recv(timeout=10))
            if answer["type"] == "welcome" and answer["seat"] is not None:
                break
        actions = answer["view"]["table"]["actions"]
        ws.send(json.dumps(message))
        while True:
            answer = json.loads(ws.recv(timeout=10))
            assert answer["type"] != "error", f"refused: {answer}"
            if answer["type"] == "update" and done(answer["view"]["table"], actions):
                return


# ---- following a game ---------------------------------------------------------------------------


def next_step(page: Any, ready: str, deadline: float, server: LiveServer,
              timeout: float = 60000) -> Any:
    """What the page waits on from the human (``ready``'s answer), before the deadline."""
    assert time.monotonic() < deadline, f"the game did not end in time:\n{server.log()}"
    page.wait_for_function(ready, timeout=timeout)
    return page.evaluate(ready)


def reload_seat(page: Any, name: str = "Alice") -> None:
    """A reload gives the seat back."""
    page.reload()
    expect(page.locator(".role-chip")).to_contain_text(f"Vous : {name}")


def assert_bots_and_human_wrote(page: Any, authors: str, name: str = "Alice") -> None:
    """The log names both the bots and the human among the authors of its words."""
    who = page.locator(authors).all_inner_texts()
    assert any("Robot" in a for a in who) and any(name in a for a in who)


# ---- a game's page -------------------------------------------------------------------------------


@dataclass(frozen=True)
class GameScreen:
    """A game's table page: its root element, whose ``data-actions`` counts the actions it
    shows, how long a move may take to show (None: the page's default timeout), and how its
    screenshots are named (``prefix`` + name) and taken."""

    root: str
    prefix: str
    settle_ms: int = 300
    move_timeout: float | None = 30000

    def actions(self, page: Any) -> int:
        return int(page.locator(self.root).get_attribute("data-actions") or 0)

    def wait_moved(self, page: Any, before: int) -> None:
        """Until the page shows more than ``before`` actions."""
        page.wait_for_function(
            f"n => Number(document.querySelector('{self.root}').dataset.actions) > n",
            arg=before, timeout=self.move_timeout)

    def shot(self, page: Any, folder: Path, name: str, **kwargs: Any) -> None:
        """A screenshot once the short animations have settled; a full page from its top."""
        if kwargs.get("full_page"):
            page.evaluate("window.scrollTo(0, 0)")
        page.wait_for_timeout(self.settle_ms)
        page.screenshot(path=str(folder / f"{self.prefix}{name}.png"), **kwargs)

    def phone_shots(self, page: Any, folder: Path) -> None:
        """The page on a phone-sized screen (whole, then its top), back to the desktop size."""
        page.set_viewport_size(PHONE)
        self.shot(page, folder, "phone", full_page=True)
        self.shot(page, folder, "phone-top")
        page.set_viewport_size(DESKTOP)


# ---- a tap across an update ----------------------------------------------------------------------


def press(page: Any, control: Any) -> None:
    """The mouse button pressed (not released) in the middle of ``control``."""
    control.scroll_into_view_if_needed()
    box = control.bounding_box()
    assert box is not None, "the control to press must be on the page"
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()


def release_after_update(page: Any, screen: GameScreen, before: int) -> None:
    """Once the page shows the update that came while the button was held (more than
    ``before`` actions: the panels were redrawn under the pointer), the button is released."""
    screen.wait_moved(page, before)
    page.mouse.up()


# ---- small screens -------------------------------------------------------------------------------

# The elements that stick out to the right of the screen (the first few), for the message.
STICKING_OUT = """(width) => [...document.querySelectorAll('body *')]
  .filter((e) => e.getBoundingClientRect().right > width + 0.5).slice(0, 6)
  .map((e) => `${e.tagName.toLowerCase()}.${[...e.classList].join('.')}`)"""


def assert_no_sideways_scroll(page: Any, width: int) -> None:
    """Nothing on the page is wider than a ``width``-pixel screen (no sideways scrolling)."""
    scroll_width = page.evaluate("document.documentElement.scrollWidth")
    if scroll_width > width:
        sticking_out = page.evaluate(STICKING_OUT, width)
        raise AssertionError(f"the page scrolls sideways ({scroll_width} px > {width}): "
                             f"{sticking_out}")


# ---- dragging ------------------------------------------------------------------------------------

# Set once the page has seen the browser start a native (HTML5) drag.
WATCH_DRAGSTART = """() => {
  window.__dragStarted = false;
  document.addEventListener('dragstart', () => { window.__dragStarted = true; },
                            { capture: true, once: true });
}"""

# Scrolls the window so that the element and `other` are centred together on the screen.
BRING_BOTH_INTO_VIEW = """(one, other) => {
  const a = one.getBoundingClientRect(), b = other.getBoundingClientRect();
  const middle = (Math.min(a.top, b.top) + Math.max(a.bottom, b.bottom)) / 2;
  window.scrollBy(0, middle - window.innerHeight / 2);
}"""


def html5_drag(page: Any, source: Any, target: Any) -> None:
    """Drag ``source`` onto ``target`` with the mouse, as a person does, for pages that use
    native drag and drop; both must fit on the screen together. Chromium starts a drag only
    once it has handled a move with the button down, and a release sent before that is a
    plain click (Playwright's ``drag_to`` lost that race on a loaded machine). So: press,
    move a little until the page has seen ``dragstart``, then move onto the target in steps
    (the drop needs ``dragover``) and release."""
    # Both ends on screen at once: the page scrolled so that they are centred together.
    source.evaluate(BRING_BOTH_INTO_VIEW, target.element_handle())
    a, b = source.bounding_box(), target.bounding_box()
    height = page.viewport_size["height"]
    assert a is not None and b is not None, "both ends of a drag must be on the page"
    assert min(a["y"], b["y"]) >= 0 and max(a["y"] + a["height"], b["y"] + b["height"]) <= height, \
        "both ends of a drag must fit on the screen together"
    x, y = a["x"] + a["width"] / 2, a["y"] + a["height"] / 2
    page.evaluate(WATCH_DRAGSTART)
    page.mouse.move(x, y)
    page.mouse.down()
    for shift in range(4, 40, 4):
        page.mouse.move(x + shift, y - shift, steps=2)
        if page.evaluate("() => window.__dragStarted"):
            break
    else:
        page.mouse.up()
        raise AssertionError("the browser never started dragging the source")
    to_x, to_y = b["x"] + b["width"] / 2, b["y"] + b["height"] / 2
    page.mouse.move(to_x, to_y, steps=6)
    page.mouse.move(to_x + 1, to_y + 1)
    page.mouse.up()


# ---- the end and the replay ----------------------------------------------------------------------


def end_modal(page: Any, rows: int, result: str = ".result-table tbody tr") -> Any:
    """The modal shown at the end of the game, with one result row per player."""
    dialog = page.locator("dialog.end-modal")
    expect(dialog).to_be_visible()
    expect(dialog.locator(result)).to_have_count(rows)
    return dialog


def check_word_popup(link: Any, page: Any, game: str) -> None:
    """A word of the log opens its dictionary popup, which says it is valid in ``game``."""
    link.click()
    popup = page.locator("dialog.word-modal")
    expect(popup).to_be_visible()
    # « Accepté au Typo », « Accepté à Awalettres » (no « au » before a vowel).
    expect(popup.locator(".popup-valid")).to_contain_text(
        f"Accepté {'à' if game[0] in 'AEIOUÉ' else 'au'} {game}")
    popup.get_by_role("button", name="Fermer").click()


def open_replay(page: Any, end: Any) -> None:
    """The end card's "Revoir la partie" opens the replay."""
    end.get_by_role("link", name="Revoir la partie").click()
    page.wait_for_url(re.compile(r"/revoir$"))
    wait_for_replay(page)


def wait_for_replay(page: Any) -> None:
    """Wait until the replay page has its film, or says why not (then fail at once).

    The server replays and analyses the whole game first, once, in a niced worker: a second or
    two for a long game on a quiet machine, minutes on a loaded one. So the wait is on the
    event itself (no timeout of its own; pytest-timeout bounds a test that hangs)."""
    page.wait_for_selector(".replay-counter, .error-card", timeout=0)
    expect(page.locator(".error-card")).to_have_count(0)


def replay_start(page: Any) -> None:
    """Home goes to the start of the game."""
    page.keyboard.press("Home")
    expect(page.locator(".replay-counter")).to_contain_text("Début")


def replay_step(page: Any, text: str) -> None:
    """The first step of the list showing ``text`` is shown when clicked."""
    page.locator(".replay-list .step-link", has_text=text).first.click()
    expect(page.locator(".replay-move")).to_contain_text(text)


def replay_end(page: Any, text: str = "Scores finaux") -> None:
    """End goes to the end of the game."""
    page.keyboard.press("End")
    expect(page.locator(".replay-scores")).to_contain_text(text)
