"""What a player is typing survives the views that arrive meanwhile, in Chromium: the screens
redraw on every update, and a text field they rebuild (or take out of the page to put it back)
would lose its value, its focus or its caret. The screens keep their fields and give the focus
back with ``focusKeeper`` (static/ui.js)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e import pageflow
from tests.e2e.conftest import LiveServer

expect = pytest.importorskip("playwright.sync_api").expect


def test_the_join_form_keeps_the_name_being_typed_when_another_player_sits_down(
        server: LiveServer, new_page: Any) -> None:
    """While a table waits for players, a visitor types a name in the join form; another
    player takes a seat (which redraws the form); the visitor goes on typing where the caret
    was and joins under the whole name."""
    created = server.post_json("/api/tables", {
        "game": "typo", "name": "Alice", "options": {},
        "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "human"}]})
    table_id = created["table"]
    page = new_page()
    page.goto(f"{server.base_url}/table/{table_id}")
    card = page.locator(".join-card")
    expect(card).to_contain_text("2 places sont libres", timeout=30000)
    field = page.locator("#join-name")
    field.fill("")
    field.press_sequentially("Camle")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")  # the caret between « Cam » and « le »
    server.post_json(f"/api/tables/{table_id}/join", {"name": "Bruno"})
    # The page shows Bruno's seat: the form was redrawn.
    expect(card).to_contain_text("Une place est libre")
    expect(card).to_contain_text("Bruno")
    page.keyboard.type("il")
    expect(field).to_have_value("Camille")
    page.keyboard.press("Enter")
    expect(page.locator(".role-chip")).to_contain_text("Vous : Camille")
    seats = server.get_json(f"/api/tables/{table_id}")["seats"]
    assert [s["name"] for s in seats] == ["Alice", "Bruno", "Camille"]


def test_a_definition_being_typed_keeps_its_focus_when_another_player_sends_his(
        server: LiveServer, new_page: Any) -> None:
    """Awalettres' WAYAMPOU: the definitions are written at the same time. Bruno's, arriving
    while Alice writes hers, redraws her panel; she goes on typing where her caret was, and
    her whole definition is the one sent."""
    from tests.e2e.test_awalettres_browser import AW
    from tests.e2e.test_table_life_browser import _seat_page

    table, alice_token, bruno_token = pageflow.two_humans(
        server, "awalettres", {"first_player": "wayampou"})
    alice = _seat_page(new_page, server, table, 0, alice_token)
    expect(alice.locator(".aw-page")).to_have_attribute("data-step", "define")
    area = alice.locator("#aw-define")
    area.press_sequentially("Un petit oiseau de Guyane.")
    for _ in range(len("Guyane.")):
        alice.keyboard.press("ArrowLeft")  # the caret before « Guyane »
    before = AW.actions(alice)
    pageflow.act(server, table, bruno_token,
                 {"type": "define", "text": "Une danse des bords du fleuve Maroni."})
    AW.wait_moved(alice, before)  # the page shows Bruno's definition: the panel was redrawn
    alice.keyboard.type("la forêt de ")
    mine = "Un petit oiseau de la forêt de Guyane."
    expect(area).to_have_value(mine)
    alice.get_by_role("button", name="Envoyer ma définition").click()
    expect(alice.locator(".aw-page")).to_have_attribute("data-step", "vote")
    expect(alice.locator(".aw-def.mine .aw-def-text")).to_have_text(mine)


def test_an_answer_being_typed_keeps_its_focus_when_a_third_player_resigns(
        server: LiveServer, new_page: Any) -> None:
    """Vocabulon at three: while the player asked a riddle types his answer, the third player
    resigns (which redraws the riddle card around the answer field); the player goes on
    typing where his caret was, and his whole answer is the one sent."""
    from ludomots.games.vocabulon.words import secret_candidates
    from ludomots.lexicon.lexicon import get_lexicon
    from tests.e2e.test_table_life_browser import _seat_page
    from tests.e2e.test_vocabulon_browser import VC, answer_of

    created = server.post_json("/api/tables", {
        "game": "vocabulon", "name": "Alice", "options": {},
        "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "human"}]})
    table = created["table"]
    tokens = [created["token"]] + [
        server.post_json(f"/api/tables/{table}/join", {"name": name})["token"]
        for name in ("Bruno", "Camille")]
    lengths = server.view(table, tokens[0])["game"]["secret_lengths"]
    for seat, token in enumerate(tokens):
        word = secret_candidates(get_lexicon(), lengths[seat])[seat]
        pageflow.act(server, table, token, {"type": "secret", "word": word})
    game = server.view(table, tokens[0])["game"]
    mover = game["to_act"][0]
    pageflow.act(server, table, tokens[mover], {"type": "throw"})
    game = server.view(table, tokens[mover])["game"]
    # Whatever the die: a letter cell asks its riddle; a VOCABULON cell, the riddle of a
    # compartment picked.
    cell = min(game["reachable"], key=lambda c: c["group"] is None)
    pageflow.act(server, table, tokens[mover], {"type": "move", "cell": cell["cell"]})
    if cell["group"] is None:
        sabot = server.view(table, tokens[mover])["game"]["sabot"]
        pageflow.act(server, table, tokens[mover],
                     {"type": "pick", "group": next(g for g, n in sabot.items() if n)})
    game = server.view(table, tokens[mover])["game"]
    assert (game["step"], game["riddle"]["asked"]) == ("answer", mover)
    answer = answer_of(game).lower()

    page = _seat_page(new_page, server, table, mover, tokens[mover])
    expect(page.locator(".vc-page")).to_have_attribute("data-step", "answer")
    field = page.locator("#vc-answer")
    field.press_sequentially(answer[:2] + answer[3:])  # one letter left out
    for _ in range(len(answer) - 3):
        page.keyboard.press("ArrowLeft")  # the caret where the letter is missing
    third = next(s for s in range(3) if s not in (mover, game["riddle"]["reader"]))
    before = VC.actions(page)
    pageflow.resign(server, table, tokens[third])
    # The page shows the bot that took the seat over: the riddle card was redrawn.
    expect(page.locator(".vc-players")).to_contain_text("Robot")
    page.keyboard.type(answer[2])
    expect(field).to_have_value(answer)
    page.keyboard.press("Enter")
    VC.wait_moved(page, before)
    solution = [e for e in server.view(table, tokens[mover])["game"]["history"]
                if e["type"] == "solution"]
    assert solution[-1]["answer"] == answer
