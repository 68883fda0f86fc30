"""Awalettres in a real browser: the human TARGET of a MARABOUTAGE builds his word with the
card the caster designated in his own hand (issue 15, item 1; docs/rules/awalettres.md,
MARABOUTAGE: « imposer à un adversaire l'obligation de jouer avec une des cartes désignées
dans son propre jeu ... rapporte des graines au joueur qui lance le sortilège »).

The server draws its seed itself and the client never chooses one, so the position is
reached the way a restarted server reaches any game: the engine finds a seed where Alice
(seat 0) starts and another seat draws a MARABOUTAGE in the deal, the table and the actions
up to the caster's choice are written into the server's SQLite store, and the server, started
on that store, resumes the game. The caster (a human seat) then casts his spell over the real
WebSocket; Alice plays in the browser only.

Alice holds the designated letter herself too. Her word made with her own copy is refused with
the engine's French message and changes nothing; the same word typed is built with the
caster's card (the page must choose it: with her own letter the word would be refused), the
preview shows the seeds, and the caster is paid for his card as for any letter taken.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from ludomots.core import registry
from ludomots.core.game import Action
from ludomots.games.awalettres.actions import Calm, Exchange, Give, Marabout, Play, Return
from ludomots.games.awalettres.assign import assign
from ludomots.games.awalettres.cards import VALUES, WILD
from ludomots.games.awalettres.rules import AwalettresState
from ludomots.games.awalettres.scoring import length_bonus
from ludomots.games.awalettres.search import Pool, words
from ludomots.lexicon.lexicon import get_lexicon
from ludomots.table.creation import new_table_info
from ludomots.table.model import SeatSpec
from ludomots.table.store import Store
from ludomots.table.table import Table
from ludomots.table.tokens import new_token
from tests.e2e import pageflow
from tests.e2e.conftest import LiveServer
from tests.e2e.test_awalettres_browser import click_word

LEXICON = get_lexicon()  # the game's word list, passed to the search

expect = pytest.importorskip("playwright.sync_api").expect

AW = pageflow.GameScreen(".aw-page", "awalettres-marabout-", 400)
NAMES = ("Alice", "Bob", "Chloé")
ALICE = 0


@dataclass(frozen=True)
class Position:
    """A deal where Alice starts and ``caster`` is about to cast a MARABOUTAGE: the seed, the
    actions that lead there, the card he will designate (Alice holds one too) and a word Alice
    can make with her own letters alone, ``word``, which contains that card's letter once."""

    seed: int
    actions: tuple[tuple[int, Action], ...]
    caster: int
    card: str
    word: str
    refusal: str  # the engine's message for the word made with her own copy of the card


def _routine(state: AwalettresState, seat: int) -> Action:
    """The deal's other decisions: keep every spell, pay the panic, decline an exchange, put
    back a first letter."""
    if state.step == "give":
        return Give(seat)
    if state.step == "panic":
        return Calm("pay", "")
    if state.step == "exchange":
        return Exchange("", None, "")
    assert state.step == "trim", state.step
    return Return(next(c for c in state.hands[seat] if c != WILD))


def _word(state: AwalettresState, caster: int, card: str) -> str | None:
    """The longest word (4 to 6 letters, then alphabetical) of Alice's own letters with
    ``card`` once, that she plays with the caster's card and her letters for the rest, after
    which the next player is to play at once (no spell drawn, no letter put back) and she owes
    nothing (the seeds are then exactly the word's)."""
    own = [c for c in state.hands[ALICE] if c != WILD]
    designation = [(caster, card)]
    found = words(LEXICON, Pool.of(ALICE, [own, [], []]), 4, 6)
    for key in sorted(found, key=lambda k: (-len(k), k)):
        if key.count(card) != 1:
            continue
        chosen = assign(ALICE, key, state.hands, designation)
        if chosen is None or chosen[1] or \
                sorted(chosen[0]) != sorted([ALICE] * (len(key) - 1) + [caster]):
            continue
        after = state.clone()
        after.apply(ALICE, Play(key, chosen[0]))
        if after.step == "word" and after.current == 1 and not after.ledger.owed(ALICE):
            return key
    return None


def find_position() -> Position:
    """The first seed (from 1) whose deal gives such a position."""
    game = registry.get_game("awalettres")
    options = game.coerce_options({})
    for seed in range(1, 1000):
        state = game.new(options, len(NAMES), seed)
        assert isinstance(state, AwalettresState)
        if state.first != ALICE:
            continue
        actions: list[tuple[int, Action]] = []
        while state.step not in ("word", "marabout"):
            seat = min(state.to_act())
            actions.append((seat, _routine(state, seat)))
            state.apply(*actions[-1])
        caster = min(state.to_act())
        if state.step != "marabout" or caster == ALICE:
            continue
        for card in sorted(set(state.hands[caster]) & set(state.hands[ALICE]) - {WILD}):
            cast = state.clone()
            cast.apply(caster, Marabout(ALICE, card))
            if (cast.step, cast.current, cast.designations[ALICE]) != \
                    ("word", ALICE, [(caster, card)]):
                continue
            word = _word(cast, caster, card)
            if word is None:
                continue
            refused = cast.check(ALICE, Play(word, (ALICE,) * len(word)))
            assert refused is not None and refused.code == "marabout_required"
            return Position(seed, tuple(actions), caster, card, word, refused.message)
    raise AssertionError("no seed gives the position")


def store_table(db: Path, position: Position) -> tuple[str, dict[int, str]]:
    """The table (three named humans) and its actions written into the server's store, as
    the server writes them; its id and the seats' tokens."""
    info = new_table_info("awalettres", {}, [SeatSpec.human(n) for n in NAMES], position.seed,
                          0, time.time)
    tokens = {seat: new_token() for seat in range(len(NAMES))}
    store = Store(f"sqlite:///{db}")
    try:
        store.migrate()
        store.create_table(info, tokens)
        table = Table.new(info)
        codec = table.game.action_codec
        for seat, action in position.actions:
            table.act(store, seat, codec.encode(action), ms=0)
    finally:
        store.close()
    return info.id, tokens


@pytest.fixture
def resumed(tmp_path: Path) -> Iterator[tuple[LiveServer, Position, str, dict[int, str]]]:
    """The server started on a store holding the deal up to the caster's MARABOUTAGE."""
    position = find_position()
    live = LiveServer(tmp_path)
    table_id, tokens = store_table(live.db, position)
    live.start()
    try:
        yield live, position, table_id, tokens
    finally:
        live.stop()


def test_the_target_builds_his_word_with_the_caster_s_designated_card(
        resumed: tuple[LiveServer, Position, str, dict[int, str]], new_page: Any,
        screenshots: Path) -> None:
    server, position, table_id, tokens = resumed
    caster, card, word = position.caster, position.card, position.word
    page = new_page()
    page.goto(server.base_url + "/")
    page.evaluate("([id, seat, token]) => localStorage.setItem('ludomots.tokens', "
                  "JSON.stringify({[id]: {seat, token, at: Date.now()}}))",
                  [table_id, ALICE, tokens[ALICE]])
    page.goto(f"{server.base_url}/table/{table_id}")
    expect(page.locator(".role-chip")).to_contain_text("Vous : Alice")
    expect(page.locator(".aw-page")).to_have_attribute("data-step", "marabout")

    # The caster designates a card of his own hand to Alice, over the real WebSocket.
    pageflow.act(server, table_id, tokens[caster],
                 {"type": "marabout", "target": ALICE, "card": card})
    page.wait_for_function("() => { const p = document.querySelector('.aw-page');"
                           " return p.dataset.step === 'word' && p.dataset.mine === 'true'; }")
    before = server.view(table_id, tokens[ALICE])
    assert before["game"]["designations"][ALICE] == [[caster, card]]
    assert card in before["game"]["hands"][ALICE]

    # The designated card is shown as imposed: in the caster's hand (not Alice's copy), under
    # Alice's hand and in her word panel.
    zone = page.locator(f'.aw-felt .aw-zone[data-seat="{caster}"]')
    designated = zone.locator(f'button.aw-card.designated[data-card="{card}"]')
    expect(designated).to_have_count(before["game"]["hands"][caster].count(card))
    expect(designated.first).to_have_attribute(
        "aria-label", f"{card} de {NAMES[caster]}, désignée par un MARABOUTAGE")
    expect(page.locator(".aw-zone.me .aw-card.designated")).to_have_count(0)
    expect(page.locator(".aw-zone.me .aw-desig")).to_have_text(
        f"doit prendre le {card} de {NAMES[caster]}")
    expect(page.locator(".aw-action .aw-must")).to_have_text(
        f"MARABOUTAGE : vous devez prendre le {card} de {NAMES[caster]} dans votre mot.")
    AW.shot(page, screenshots, "imposed", full_page=True)

    # The word with Alice's own copy of the card: the engine's message, and nothing changes.
    actions = AW.actions(page)
    click_word(page, word, (ALICE,) * len(word), ())
    preview = page.locator(".aw-preview")
    expect(preview).to_have_class(re.compile(r"\binvalid\b"))
    expect(preview).to_contain_text(position.refusal)
    page.get_by_role("button", name="Poser le mot").click()
    expect(page.locator(".toast-error").last).to_contain_text(position.refusal)
    assert AW.actions(page) == actions
    unchanged = server.view(table_id, tokens[ALICE])
    assert unchanged["table"]["actions"] == before["table"]["actions"] == actions
    assert unchanged["game"] == before["game"]
    page.get_by_role("button", name="Effacer").click()

    # Typed, the word takes the designated card from the caster, the rest from Alice.
    page.locator("#aw-word").fill(word.lower())
    slots = page.locator(".aw-tray .aw-slot .aw-slot-from")
    expect(slots).to_have_text([NAMES[caster] if letter == card else "à vous" for letter in word])
    own = sum(VALUES[letter] for letter in word) - VALUES[card]
    bonus, price = length_bonus(len(word)), VALUES[card]
    expect(preview).to_have_class(re.compile(r"\bvalid\b"))
    chips = [f"récolte +{own}", f"bonus +{bonus}", f"−{price} pour {NAMES[caster]}",
             f"bilan +{own + bonus - price}"]
    expect(preview.locator(".aw-chip")).to_have_text([c for c in chips if c != "bonus +0"])
    AW.shot(page, screenshots, "word")
    page.get_by_role("button", name="Poser le mot").click()
    AW.wait_moved(page, actions)

    # Posed with the caster's card; he is paid its seeds as for a letter taken, Alice collects
    # her own letters and the bonus, the third player's sack does not move.
    after = server.view(table_id, tokens[ALICE])["game"]
    played = after["played"][-1]
    assert (played["seat"], played["key"]) == (ALICE, word)
    assert played["sources"] == [caster if letter == card else ALICE for letter in word]
    assert played["cards"][str(caster)] == [card]
    assert played["payments"] == {str(caster): price}
    sacks = list(before["game"]["sacks"])
    sacks[ALICE] += own + bonus - price
    sacks[caster] += price
    assert after["sacks"] == sacks
    assert after["debts"] == before["game"]["debts"]
    assert after["designations"][ALICE] == []
    assert (after["step"], after["current"]) == ("word", 1)
    expect(page.locator(".aw-log .aw-log-word").last).to_contain_text(word)
