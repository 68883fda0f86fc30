"""The create form of every game, walked option by option in Chromium: every value and help a
player reads is French, never a code of the protocol (issue 19: « reveal » / « live », « 3-8 »,
« numéro de place à partir de 0 »). Also the form's choice of what a resignation does."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.e2e import pageflow
from tests.e2e.conftest import LiveServer

expect = pytest.importorskip("playwright.sync_api").expect

GAMES = {"topword": "Topword", "typo": "Typo", "awalettres": "Awalettres",
         "vocabulon": "Vocabulon", "volapuk": "Volapük"}


@pytest.mark.parametrize("game", GAMES)
def test_every_option_of_the_form_reads_in_french(game: str, server: LiveServer,
                                                  new_page: Any) -> None:
    described = next(g for g in server.get_json("/api/games") if g["name"] == game)
    codes = {str(c) for opt in described["options"] for c in (opt["choices"] or [])}
    for opt in described["options"]:
        if opt["per_seat"]:
            codes |= {str(c) for c in opt["per_seat"].get("choices") or opt["per_seat"]["labels"]}
    codes -= {"5", "3", "6", "7"}  # numbers read the same in French
    page = new_page()
    pageflow.open_form(page, pageflow.game_card(page, server, game), GAMES[game])
    form = page.locator(".create-form")
    add = page.get_by_role("button", name="Ajouter un joueur")
    while add.is_visible():
        add.click()
    selects = form.locator("select")
    walked = 0
    for i in range(selects.count()):
        select = selects.nth(i)
        texts = select.locator("option").all_inner_texts()
        values = select.locator("option").evaluate_all("os => os.map(o => o.value)")
        for text, value in zip(texts, values, strict=True):
            assert text.strip() and text.strip() not in codes, (select.get_attribute("id"), text)
            select.select_option(value)  # each one can be chosen
            walked += 1
    helps = form.locator(".help").all_inner_texts()
    for text in helps:
        for quoted in re.findall(r"«\s*([^»]+?)\s*»", text):
            assert quoted not in codes, (text, quoted)
        assert "à partir de 0" not in text
    labels = form.locator("label, legend").all_inner_texts()
    names = {opt["name"] for opt in described["options"]}
    assert not names & {label.strip() for label in labels}
    assert walked >= len([o for o in described["options"] if o["choices"]])
    # Three players or more: the creator chooses what a resignation does.
    resign = form.locator("#create-resign")
    expect(resign).to_be_visible()
    titles = [described["level_titles"][level].lower() for level in described["levels"]]
    expect(resign.locator("option")).to_have_text(
        [f"Un robot {title} prend sa place" for title in titles]
        + ["La partie s’arrête sur les scores"])
    assert titles[:2] == ["débutant", "confirmé"] and "expert" in titles


def test_typo_first_player_is_chosen_among_the_places_and_the_resign_rule_is_kept(
        server: LiveServer, new_page: Any) -> None:
    page = new_page()
    pageflow.open_form(page, pageflow.game_card(page, server, "typo"), "Typo")
    pageflow.fill_seats(page, "Alice", ("bot:debutant", "bot:expert"))
    first = page.locator("#opt-first_player")
    expect(first.locator("option")).to_have_text(["Tiré au sort", "Vous", "Joueur 2", "Joueur 3"])
    first.select_option(label="Joueur 3")
    page.select_option("#create-resign", label="La partie s’arrête sur les scores")
    table_id = pageflow.submit_table(page)
    info = server.get_json(f"/api/tables/{table_id}")
    assert info["options"]["first_player"] == 2
    assert info["resign"] == {"mode": "score", "level": None}
