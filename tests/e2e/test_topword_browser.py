"""Topword in a real browser against the real server: what a player does, click by click.

Moves are chosen with the project's own move generator from the board the server shows and the
rack the page shows, then played through the interface (rack tile then cell, or typing on the
board), so every test move is legal and its score is known before the page says it.
"""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import pytest

from ludomots.games.topword.board import ROWS, Board, cell_name
from ludomots.games.topword.movegen import generate
from ludomots.games.topword.scoring import MoveResult, Rules
from ludomots.lexicon.lexicon import get_lexicon
from tests.e2e import pageflow
from tests.e2e.conftest import LiveServer
from tests.e2e.pageflow import fill_seats, submit_table

expect = pytest.importorskip("playwright.sync_api").expect

TW = pageflow.GameScreen(".table-page", "topword-")
PHONE = {"viewport": {"width": 375, "height": 667}, "device_scale_factor": 2, "is_mobile": True,
         "has_touch": True}


# ---- helpers ------------------------------------------------------------------------------------


def create_table(page: Any, server: LiveServer, *, name: str = "Alice",
                 seats: tuple[str, ...] = ("bot:debutant",), auto_referee: bool = False) -> str:
    """Fill the home page's form (the creator is seat 1; ``seats`` are the others: "human" or
    "bot:<level>") and return the new table's id once its page is shown."""
    page.goto(server.base_url + "/")
    fill_seats(page, name, seats)
    if auto_referee:
        page.select_option("#opt-referee", label="Arbitre automatique")
    return submit_table(page)


def rack_letters(page: Any) -> list[str]:
    letters: list[str] = page.eval_on_selector_all(
        ".rack .rack-tile", "els => els.map(e => e.dataset.letter)")
    return letters


def choose_move(view: dict[str, Any], rack: list[str], *,
                typeable: bool = False) -> MoveResult | None:
    """A legal move for ``rack`` (no Qu tile, 2 to 4 tiles when possible), best score first."""
    game = view["game"]
    board = Board([[list(stack) for stack in row] for row in game["board"]])
    rules = Rules(max_height=game["options"]["max_height"])
    moves = [m for m in generate(board, rack, rules, get_lexicon())
             if all(t != "Q" for _, _, t in m.placement.tiles) and "QU" not in m.notation]
    if typeable:
        moves = [m for m in moves if _start_cell(m.notation)[0] is not None]
    if not moves:
        return None
    preferred = [m for m in moves if 2 <= len(m.placement.tiles) <= 4] or moves
    return max(preferred, key=lambda m: (m.score, m.notation))


def pass_turn(page: Any) -> None:
    """The seat to act passes, confirming in the dialog, as a player would."""
    page.locator(".table-actions").get_by_role("button", name="Passer", exact=True).click()
    page.locator("dialog.modal").get_by_role("button", name="Passer", exact=True).click()


def _start_cell(notation: str) -> tuple[str | None, str]:
    """("E3", "h") for "E3 RATEAU", ("E3", "v") for "3E RIRE"."""
    coord = notation.split(" ", 1)[0]
    if coord[0].isalpha():
        return coord, "h"
    return f"{coord[-1]}{coord[:-1]}", "v"


def tiles_of(move: MoveResult) -> list[tuple[str, str]]:
    return [(cell_name((r, c)), t) for r, c, t in move.placement.tiles]


def place_by_clicks(page: Any, move: MoveResult, *, tap: bool = False) -> None:
    """Rack tile, then cell, for each tile of the move."""
    for cell, letter in tiles_of(move):
        tile = page.locator(f'.rack .rack-tile[data-letter="{letter}"]').first
        target = page.locator(f'[data-cell="{cell}"]')
        if tap:
            tile.tap()
            target.tap()
        else:
            tile.click()
            target.click()
        expect(target).to_have_class(re.compile(r"\btentative\b"))


def type_move(page: Any, move: MoveResult) -> None:
    """Click the first cell of the word, turn the arrow if vertical (space), type the word."""
    start, direction = _start_cell(move.notation)
    page.click(f'[data-cell="{start}"]')
    if direction == "v":
        page.keyboard.press("Space")
        expect(page.locator(f'[data-cell="{start}"]')).to_have_class(re.compile(r"\bdir-v\b"))
    page.keyboard.type(move.notation.split(" ", 1)[1])


def last_letter_is_placed(move: MoveResult) -> bool:
    """Whether the word's last letter is one of the move's tiles (not a letter already on
    the board that the word goes through)."""
    start, direction = _start_cell(move.notation)
    assert start is not None
    length = len(move.notation.split(" ", 1)[1])
    r, c = ROWS.index(start[0]), int(start[1:]) - 1
    end = (r, c + length - 1) if direction == "h" else (r + length - 1, c)
    return end in {(tr, tc) for tr, tc, _ in move.placement.tiles}


def expect_move_shown(page: Any, move: MoveResult) -> None:
    """The move is in the log and its tiles on the board (a bot that moves at once may
    already have stacked a tile on one of them: then the cell shows a higher stack)."""
    expect(page.locator(".log-list")).to_contain_text(move.notation)
    for cell, letter in tiles_of(move):
        expect(page.locator(f'[data-cell="{cell}"]')).to_have_attribute(
            "aria-label", re.compile(rf"^{cell} : ({letter}\b|.*pile de [2-5] lettres)"))


def seat_page(view: dict[str, Any], pages: list[Any]) -> Any:
    return pages[view["game"]["turn"]]


def confirm_pass(page: Any) -> None:
    page.locator(".table-actions").get_by_role("button", name="Passer", exact=True).click()
    page.locator("dialog.modal").get_by_role("button", name="Passer", exact=True).click()


def pass_and_wait_for_my_turn(page: Any) -> None:
    """Pass, then wait for the turn to come back: first for the pass to reach the page (until
    then the banner still says it is this seat's turn, and the board is the old one)."""
    before = TW.actions(page)
    confirm_pass(page)
    TW.wait_moved(page, before)
    wait_for_my_turn(page)


def shot(page: Any, folder: Path, name: str, **kwargs: Any) -> None:
    if not page.locator("dialog[open]").count():
        page.evaluate("window.scrollTo(0, 0)")
    page.wait_for_timeout(450)  # let the short animations settle
    page.screenshot(path=str(folder / f"{name}.png"), **kwargs)


# ---- the screens --------------------------------------------------------------------------------


def test_home_rules_and_dictionary_screens(
        server: LiveServer, new_page: Any, screenshots: Path) -> None:
    page = new_page()
    page.goto(server.base_url + "/")
    expect(page.locator(".game-card[data-game=topword]")).to_contain_text("2 à 4 joueurs")
    expect(page.locator("#opt-referee")).to_be_visible()
    expect(page.locator("#creer")).to_contain_text("Hauteur des piles")
    expect(page.locator("#salon")).to_contain_text("Aucune table")
    shot(page, screenshots, "home")
    # Topword's robots, weakest first: the greedy yardstick is offered as « Glouton »; a level
    # with a calibrated rating shows it (« Expert ≈ 1800 ? », issue 20)
    pageflow.open_form(page, pageflow.game_card(page, server, "topword"), "Topword")
    expect(page.locator(".seat-row").nth(1).locator(".level-select option")).to_have_text(
        [re.compile(rf"^{title}( ≈ \d+( \?)?)?$")
         for title in ("Débutant", "Confirmé", "Glouton", "Expert")])
    page.locator("#creer").scroll_into_view_if_needed()
    page.locator(".create-form").screenshot(path=str(screenshots / "create-form.png"))

    page.get_by_role("link", name="Règles", exact=True).first.click()
    expect(page).to_have_url(re.compile(r"/regles/topword$"))
    expect(page.locator(".prose")).to_contain_text("cases")
    shot(page, screenshots, "rules")

    page.goto(server.base_url + "/lexique")
    page.fill("#lex-word", "râteau")
    page.keyboard.press("Enter")
    expect(page).to_have_url(re.compile(r"/lexique/r%C3%A2teau$"))
    topword = page.locator(".validity-item", has_text="Topword")
    expect(topword).to_contain_text("Accepté")
    expect(page.locator(".lex-card")).to_contain_text("Outil")
    shot(page, screenshots, "lexicon", full_page=True)


# ---- two players --------------------------------------------------------------------------------


def test_two_players_create_join_and_see_each_others_moves(
        server: LiveServer, new_page: Any, screenshots: Path) -> None:
    alice = new_page()
    table = create_table(alice, server, seats=("human",), auto_referee=True)
    expect(alice.locator(".table-banner")).to_contain_text("En attente de 1 joueur")
    invite = alice.locator(".invite-link")
    expect(invite).to_have_value(f"{server.base_url}/table/{table}")

    # Bruno finds the table in the lobby of the home page.
    bruno = new_page()
    bruno.goto(server.base_url + "/")
    row = bruno.locator("#salon .lobby-row", has_text="Alice")
    expect(row).to_contain_text("1 place libre")
    row.get_by_role("link", name="Rejoindre").click()
    expect(bruno).to_have_url(invite.input_value())
    expect(bruno.locator(".join-card")).to_contain_text("Une place est libre")
    bruno.fill("#join-name", "Bruno")
    bruno.get_by_role("button", name="Rejoindre la table").click()
    expect(bruno.locator(".role-chip")).to_contain_text("Vous : Bruno")
    expect(bruno.locator(".rack .rack-tile")).to_have_count(7)
    expect(alice.locator(".table-players")).to_contain_text("Bruno")
    pages = [alice, bruno]

    # First move: rack tile then cell, the preview gives the score, then "Jouer". The server
    # deals from a secret seed, and about 1.5 % of racks lay no word (no vowel): such a mover
    # passes first, through the same button a player would use.
    view = server.view(table)
    mover = seat_page(view, pages)
    other = pages[1 - view["game"]["turn"]]
    expect(mover.locator(".table-banner")).to_contain_text("À vous de jouer !")
    expect(other.locator(".table-banner")).to_contain_text(re.compile(r"Au tour (de |d’)"))
    move = choose_move(view, rack_letters(mover))
    passes = 0
    while move is None and passes < 2:
        pass_turn(mover)
        passes += 1
        expect(other.locator(".table-banner")).to_contain_text("À vous de jouer !")
        view = server.view(table)
        mover, other = other, mover
        move = choose_move(view, rack_letters(mover))
    assert move is not None, "neither rack lays a word"
    place_by_clicks(mover, move)
    expect(mover.locator(".table-preview .preview-score")).to_have_text(str(move.score))
    expect(mover.locator(".table-preview .preview-notation")).to_have_text(move.notation)
    mover.get_by_role("button", name="Jouer", exact=True).click()
    expect(mover.locator(".cell.tentative")).to_have_count(0)
    expect_move_shown(other, move)
    expect_move_shown(mover, move)
    expect(other.locator(".table-banner")).to_contain_text("À vous de jouer !")

    # Second move, by the other player, typed on the keyboard and played with Enter.
    view = server.view(table)
    mover, other = other, mover
    move2 = choose_move(view, rack_letters(mover), typeable=True)
    assert move2 is not None, "the second rack lays no typeable word"
    type_move(mover, move2)
    tiles = len(move2.placement.tiles)
    expect(mover.locator(".cell.tentative")).to_have_count(tiles)
    # Backspace takes the last typed letter back (when the word ends on a letter already on
    # the board, it only steps back over it); typing it again puts it back.
    mover.keyboard.press("Backspace")
    expect(mover.locator(".cell.tentative")).to_have_count(
        tiles - 1 if last_letter_is_placed(move2) else tiles)
    mover.keyboard.type(move2.notation.split(" ", 1)[1][-1])
    expect(mover.locator(".cell.tentative")).to_have_count(tiles)
    expect(mover.locator(".table-preview .preview-score")).to_have_text(str(move2.score))
    mover.keyboard.press("Enter")
    expect_move_shown(other, move2)
    scores = server.view(table)["game"]["scores"]
    assert sorted(scores) == sorted([move.score, move2.score])
    for page in pages:
        for seat in range(2):
            score = page.locator(".player").nth(seat).locator(".player-score")
            expect(score).to_have_text(str(scores[seat]))
    # A word of the log opens its entry in the dictionary.
    alice.locator(".log-list .word-link").first.click()
    popup = alice.locator("dialog.word-modal")
    expect(popup.locator(".popup-valid")).to_contain_text("Accepté au Topword")
    alice.keyboard.press("Escape")
    expect(popup).to_have_count(0)

    # Chat: what a player writes reaches the other as plain text, never as HTML.
    text = "Bien joué <b>Bruno</b> ! « à toi »"
    alice.fill(".chat-input", text)
    alice.keyboard.press("Enter")
    message = bruno.locator(".chat-msg").last
    expect(message.locator(".chat-text")).to_have_text(text)
    expect(message.locator(".chat-name")).to_have_text("Alice")
    expect(bruno.locator(".chat-msg b")).to_have_count(0)
    shot(alice, screenshots, "table-two-players")

    # A reload keeps the seat, the rack and the move log.
    rack_before = sorted(rack_letters(alice))
    alice.reload()
    expect(alice.locator(".role-chip")).to_contain_text("Vous : Alice")
    expect(alice.locator(".rack .rack-tile")).to_have_count(7)
    assert sorted(rack_letters(alice)) == rack_before
    expect(alice.locator(".log-list")).to_contain_text(move.notation)
    expect(alice.locator(".log-list")).to_contain_text(move2.notation)

    # A spectator sees the board and the scores, never a rack.
    carol = new_page()
    carol.goto(f"{server.base_url}/table/{table}")
    expect(carol.locator(".role-chip")).to_contain_text("Spectateur")
    expect_move_shown(carol, move2)
    expect(carol.locator(".rack .rack-tile")).to_have_count(0)
    expect(carol.locator(".table-actions button")).to_have_count(0)


def test_a_rack_tile_pressed_while_an_update_redraws_the_rack_is_chosen_when_released(
        server: LiveServer, new_page: Any) -> None:
    """Click-to-place: an update (here the other player's pass) that redraws the rack between
    the press and the release of a tile must not lose the tap. The browser then sends no
    click (the node pressed is gone); the frame clicks the same tile redrawn (taps.js), so
    the tile pressed is still the one chosen."""
    alice = new_page()
    table = create_table(alice, server, seats=("human",), auto_referee=True)
    bruno = new_page()
    bruno.goto(f"{server.base_url}/table/{table}")
    bruno.fill("#join-name", "Bruno")
    bruno.get_by_role("button", name="Rejoindre la table").click()
    expect(bruno.locator(".rack .rack-tile")).to_have_count(7)
    pages = [alice, bruno]
    view = server.view(table)
    mover, waiter = seat_page(view, pages), pages[1 - view["game"]["turn"]]
    expect(mover.locator(".table-banner")).to_contain_text("À vous de jouer !")

    tile = waiter.locator(".rack .rack-tile").first
    tile_id = tile.get_attribute("data-tile-id")
    pageflow.press(waiter, tile)
    pass_turn(mover)  # the update redraws the waiter's rack while the button is held
    expect(waiter.locator(".table-banner")).to_contain_text("À vous de jouer !")
    waiter.mouse.up()
    chosen = waiter.locator(f'.rack .rack-tile[data-tile-id="{tile_id}"]')
    expect(chosen).to_have_attribute("aria-pressed", "true")
    # The next cell clicked receives it.
    board = view["game"]["board"]
    cell = next(cell_name((r, c)) for r, row in enumerate(board) for c, stack in enumerate(row)
                if not stack)
    waiter.locator(f'[data-cell="{cell}"]').click()
    expect(waiter.locator(f'[data-cell="{cell}"]')).to_have_class(re.compile(r"\btentative\b"))


# ---- rules enforced, errors in French -----------------------------------------------------------


def wait_for_my_turn(page: Any) -> None:
    expect(page.locator(".table-banner")).to_contain_text("À vous de jouer !", timeout=30000)


def test_an_illegal_move_shows_the_french_error_and_changes_nothing(
        server: LiveServer, new_page: Any) -> None:
    page = new_page()
    table = create_table(page, server, seats=("bot:debutant",), auto_referee=True)
    wait_for_my_turn(page)
    before = server.view(table)
    board = before["game"]["board"]
    # Two tiles on a diagonal, on empty cells: never a legal shape.
    r, c = next((r, c) for r in range(9) for c in range(9)
                if not board[r][c] and not board[r + 1][c + 1])
    for cell in (cell_name((r, c)), cell_name((r + 1, c + 1))):
        page.locator(".rack .rack-tile").first.click()
        page.click(f'[data-cell="{cell}"]')
    message = "Toutes vos lettres doivent être sur une même ligne ou une même colonne."
    expect(page.locator(".table-preview")).to_contain_text(message)
    page.get_by_role("button", name="Jouer", exact=True).click()
    expect(page.locator(".toast-error")).to_contain_text(message)
    after = server.view(table)
    assert after["table"]["actions"] == before["table"]["actions"]
    assert after["game"]["board"] == before["game"]["board"]
    expect(page.locator(".cell.tentative")).to_have_count(2)
    expect(page.locator(".table-banner")).to_contain_text("À vous de jouer !")
    # Escape takes the tiles back to the rack.
    page.keyboard.press("Escape")
    expect(page.locator(".cell.tentative")).to_have_count(0)
    expect(page.locator(".rack .rack-tile")).to_have_count(7)

    # Drag and drop (pointer events): a rack tile onto a cell, then back onto the rack.
    target = page.locator(f'[data-cell="{cell_name((r, c))}"]')
    drag(page, page.locator(".rack .rack-tile").first, target)
    expect(target).to_have_class(re.compile(r"\btentative\b"))
    expect(page.locator(".rack .rack-tile")).to_have_count(6)
    expect(page.locator(".table-preview.invalid")).to_be_visible()  # one tile alone: no word
    drag(page, target.locator(".tile"), page.locator(".rack"))
    expect(page.locator(".cell.tentative")).to_have_count(0)
    expect(page.locator(".rack .rack-tile")).to_have_count(7)


def drag(page: Any, source: Any, target: Any) -> None:
    """Press, move in small steps, release: what a mouse (or a finger) does. Both ends must
    be inside the viewport (the page hit-tests the point under the pointer)."""
    page.locator(".rack").scroll_into_view_if_needed()
    source.scroll_into_view_if_needed()
    target.scroll_into_view_if_needed()
    a = source.bounding_box()
    b = target.bounding_box()
    assert a is not None and b is not None
    page.mouse.move(a["x"] + a["width"] / 2, a["y"] + a["height"] / 2)
    page.mouse.down()
    page.mouse.move(a["x"] + a["width"] / 2 + 12, a["y"] + a["height"] / 2 + 12, steps=3)
    page.mouse.move(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2, steps=8)
    page.mouse.up()


# ---- a whole game against bots, then its replay -------------------------------------------------


def test_a_game_against_bots_runs_to_its_end_and_replays(
        server: LiveServer, new_page: Any, screenshots: Path) -> None:
    page = new_page()
    table = create_table(page, server, seats=("bot:debutant", "bot:debutant"))
    end = page.locator(".table-end")
    actions = page.locator(".table-actions")
    pass_button = actions.get_by_role("button", name="Passer", exact=True)
    accept_button = actions.get_by_role("button", name="Accepter", exact=True)
    challenge_button = actions.get_by_role("button", name="Contester", exact=True)
    mid_game_shot = False
    challenged = False
    deadline = time.monotonic() + 300
    while not end.is_visible():
        assert time.monotonic() < deadline, "the game did not end in time"
        if not challenged and challenge_button.is_visible() and challenge_button.is_enabled() \
                and pass_button.is_enabled():
            # A bot's word is open to a challenge: the dictionary says it is valid.
            challenge_button.click()
            # A challenge that fails is bad news for whoever made it: red, never green.
            expect(page.locator(".toast-error")).to_contain_text(
                "Vous contestez : le mot est valable")
            challenged = True
            continue
        if not mid_game_shot and page.locator(".log-list .log-entry.play").count() >= 12:
            shot(page, screenshots, "table-mid-game")
            mid_game_shot = True
        if accept_button.is_visible() and accept_button.is_enabled():
            accept_button.click()
        elif pass_button.is_visible() and pass_button.is_enabled() \
                and not page.locator("dialog[open]").count():
            confirm_pass(page)
        page.wait_for_timeout(50)
    assert mid_game_shot and challenged
    expect(page.locator(".table-banner")).to_contain_text("Partie terminée")
    dialog = page.locator("dialog.end-modal")
    expect(dialog).to_be_visible()
    expect(dialog.locator(".result-table tbody tr")).to_have_count(3)
    shot(page, screenshots, "game-end")
    page.keyboard.press("Escape")
    expect(dialog).to_have_count(0)
    expect(end).to_contain_text("Pénalité")
    download = end.get_by_role("link", name="Télécharger la partie (JSON)")
    expect(download).to_have_attribute("href", f"/api/tables/{table}/record")
    record = server.get_json(f"/api/tables/{table}/record")
    assert record["game"] == "topword" and record["actions"]
    shot(page, screenshots, "game-end-panel", full_page=True)

    end.get_by_role("link", name="Revoir la partie").click()
    expect(page).to_have_url(re.compile(rf"/partie/{table}/revoir$"))
    counter = page.locator(".replay-counter")
    total = len(record["actions"])
    # The server analyses every move of the game (the move generator at each step) first.
    pageflow.wait_for_replay(page)
    expect(counter).to_have_text(f"Coup {total} / {total}")
    # The last position is the final board, with the final scores.
    final = server.view(table)["game"]
    filled = sum(1 for row in final["board"] for stack in row if stack)
    expect(page.locator(".cell.filled")).to_have_count(filled)
    for seat, score in enumerate(final["scores"]):
        expect(page.locator(".replay-scores .player-score").nth(seat)).to_have_text(
            str(score).replace("-", "−"))
    controls = page.locator(".replay-controls")
    controls.get_by_role("button", name="Début de la partie").click()
    expect(counter).to_contain_text("Début")
    expect(page.locator(".cell.filled")).to_have_count(0)
    controls.get_by_role("button", name="Coup suivant").click()
    expect(counter).to_have_text(f"Coup 1 / {total}")
    expect(page.locator(".replay-move")).to_contain_text(
        "Alice" if record["actions"][0]["seat"] == 0 else "Robot Débutant")
    page.keyboard.press("ArrowRight")
    expect(counter).to_have_text(f"Coup 2 / {total}")
    controls.get_by_role("button", name="Coup précédent").click()
    expect(counter).to_have_text(f"Coup 1 / {total}")
    # Find a bot's word that the expert would have beaten, and show the expert's move.
    for _ in range(total):
        if page.locator(".analysis:not(.perfect)").count():
            break
        page.keyboard.press("ArrowRight")
    expect(page.locator(".replay-move .analysis")).to_be_visible()
    if page.get_by_role("button", name="Voir sur le plateau").count():
        page.get_by_role("button", name="Voir sur le plateau").click()
        expect(page.locator(".cell.tentative").first).to_be_visible()
    shot(page, screenshots, "replay")
    controls.get_by_role("button", name="Fin de la partie").click()
    expect(counter).to_have_text(f"Coup {total} / {total}")


# ---- resilience ---------------------------------------------------------------------------------


def test_the_game_resumes_in_the_page_after_a_server_restart(
        server: LiveServer, new_page: Any) -> None:
    page = new_page()
    table = create_table(page, server, seats=("bot:debutant",), auto_referee=True)
    wait_for_my_turn(page)
    rack = rack_letters(page)
    expect(page.locator(".conn-chip")).to_contain_text("En ligne")

    server.stop()
    expect(page.locator(".conn-chip")).to_contain_text("Reconnexion")
    server.start()
    expect(page.locator(".conn-chip")).to_contain_text("En ligne", timeout=30000)
    expect(page.locator(".table-banner")).to_contain_text("À vous de jouer !")
    assert rack_letters(page) == rack

    move = choose_move(server.view(table), rack)
    assert move is not None
    place_by_clicks(page, move)
    expect(page.locator(".table-preview .preview-score")).to_have_text(str(move.score))
    page.get_by_role("button", name="Jouer", exact=True).click()
    expect_move_shown(page, move)
    # The bot resumed too: it answers.
    wait_for_my_turn(page)
    assert server.view(table)["table"]["actions"] >= 2


def test_a_phone_sized_screen_shows_the_whole_table_and_places_by_touch(
        server: LiveServer, new_page: Any, browser: Any, screenshots: Path) -> None:
    desktop = new_page()
    table = create_table(desktop, server, seats=("bot:confirme",), auto_referee=True)
    wait_for_my_turn(desktop)
    state = desktop.context.storage_state()
    phone = new_page(storage_state=state, **PHONE)
    phone.goto(f"{server.base_url}/table/{table}")
    wait_for_my_turn(phone)
    expect(phone.locator(".rack .rack-tile")).to_have_count(7)
    pageflow.assert_no_sideways_scroll(phone, 375)
    board_box = phone.locator(".board-frame").bounding_box()
    assert board_box is not None and board_box["width"] <= 375
    move = choose_move(server.view(table), rack_letters(phone))
    for _ in range(5):  # the server draws the racks: with no word possible, pass and retry
        if move is not None:
            break
        pass_and_wait_for_my_turn(phone)
        move = choose_move(server.view(table), rack_letters(phone))
    assert move is not None
    view = server.view(table)
    place_by_clicks(phone, move, tap=True)
    # What the page placed, beside what was meant, should the board the move was chosen on
    # ever differ from the page's again (the pass above once raced the bot's answer).
    placed = phone.eval_on_selector_all(
        ".tentative", "els => els.map(e => [e.dataset.cell, e.textContent])")
    expect(phone.locator(".table-preview .preview-score"),
           f"{move.notation} {tiles_of(move)} placed {placed} on {view['game']['board']} "
           f"options {view['game']['options']}").to_have_text(str(move.score))
    shot(phone, screenshots, "phone-table")
    shot(phone, screenshots, "phone-table-full", full_page=True)
    phone.get_by_role("button", name="Jouer", exact=True).tap()
    expect_move_shown(phone, move)
