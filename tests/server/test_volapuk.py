"""Volapük through the server: a human against two bots over a WebSocket to the end (rolls,
words found from his own view, the live preview, the announcements of the plus-values), a
refused word, the record and the replay; and nothing hidden (the others' green dice and the
faces of dice not rolled in front of everyone, the bags' contents, the random source, the
anagrams and definitions before everyone is done) in any payload a seat or a spectator got."""

from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import pytest
from starlette.testclient import TestClient

from ludomots.core.record import Record, replay
from ludomots.games.volapuk.actions import Define
from ludomots.games.volapuk.dice import ACCENT_SIGNS, JOKER, SUPER
from ludomots.games.volapuk.rules import GAME, VolapukState
from tests.server.games import BotsGame, against_bots, play_to_the_end
from tests.server.helpers import (
    Socket,
    actions_of,
    ask_preview,
    assert_replay_logs_come_once,
    keys_in,
    record_of,
    refusal_of,
    states_of,
    views_and_states,
)
from tests.server.volapuk_play import find_place, lonely_cells

MAX_ACTIONS = 600
OPTIONS = {"anagrams": True, "definitions": True, "announce_seconds": 0}
GREEN_ID = re.compile(r"vert\d\d")


@dataclass
class VolaGame(BotsGame):
    unchanged: bool = False
    kinds: Counter[str] = field(default_factory=Counter)


def human_action(view: dict[str, Any]) -> dict[str, Any]:
    """Roll first; then the longest word found, or roll again, or pass; announcements: done."""
    game = view["game"]
    seat = view["table"]["you"]
    if game["step"] == "announce":
        return {"type": "done"}
    rack = game["racks"][seat]
    if not rack:
        return {"type": "pass"}
    if not any(d["face"] is not None for d in rack):
        return {"type": "roll", "keep": []}
    found = find_place(game, seat)
    if found is not None:
        return found[0]
    if game["rolls_left"]:
        return {"type": "roll", "keep": []}
    return {"type": "pass"}


def refused_place(view: dict[str, Any]) -> dict[str, Any] | None:
    """Two of the player's letter dice far from every word on the board."""
    game = view["game"]
    seat = view["table"]["you"]
    if not game["board"]:
        return None
    dice = [i for i, d in enumerate(game["racks"][seat])
            if d["face"] not in (None, JOKER, SUPER, *ACCENT_SIGNS)][:2]
    cell = lonely_cells(game)
    if len(dice) < 2 or cell is None:
        return None
    return {"type": "place", "row": cell[0], "col": cell[1], "direction": "E", "dice": dice,
            "letters": ["", ""], "fetishes": [], "swap": []}


def play_against_bots(client: TestClient) -> VolaGame:
    game = VolaGame(*against_bots(client, "volapuk", ["debutant", "expert"], OPTIONS))
    alice = game.seat
    done_turn = -1  # the bots announce at the same time: one "done" per word

    def act(view: dict[str, Any]) -> dict[str, Any] | None:
        nonlocal done_turn
        announcing = view["game"]["step"] == "announce"
        if announcing and done_turn == view["game"]["turn"]:
            return None
        action = human_action(view)
        if announcing:
            done_turn = view["game"]["turn"]
        game.kinds[action["type"]] += 1
        if action["type"] == "place":
            answer = ask_preview(alice, len(game.previews) + 1, action)
            game.previews.append({"action": action, "answer": answer})
            bad = refused_place(view)
            if not game.refusal and bad is not None:
                before = json.dumps(view["game"], sort_keys=True)
                game.refusal = refusal_of(alice, bad)
                game.unchanged = actions_of(alice.view) == actions_of(view) and \
                    json.dumps(alice.view["game"], sort_keys=True) == before
        return action

    play_to_the_end(alice, game.spectator, act, MAX_ACTIONS * 4, 30)
    return game


@pytest.fixture(scope="module")
def vola_game(server: TestClient) -> VolaGame:
    return play_against_bots(server)


def test_a_human_plays_two_bots_to_the_end_over_a_websocket(server: TestClient,
                                                             vola_game: VolaGame) -> None:
    """Rule 11 ends the game (dice out, or every player passing); the record replays to the
    same scores; the log the page shows holds every word and pass."""
    view = vola_game.seat.view
    game = view["game"]
    assert game["over"] is True and game["end_reason"] in ("dice_out", "blocked")
    assert view["table"]["result"]["scores"] == game["scores"]
    record = record_of(server, vola_game.table_id)
    assert [s.kind for s in record.seats] == ["human", "bot", "bot"]
    assert {line.seat for line in record.actions} == {0, 1, 2}
    assert replay(record, GAME).scores() == game["scores"]
    kinds = Counter(line.action["type"] for line in record.actions)
    moves = [p for p in game["played"] if p["type"] in ("word", "pass")]
    assert len(moves) == kinds["place"] + kinds["recompose"] + kinds["pass"]
    # Every point comes from a word or an announcement (after a word, or an anagram of a word
    # of the board on one's turn: seed A6), and the log the client merged from its updates
    # (new entries only) holds them all: the results of the announcements are entries of
    # their own, after their word's.
    assert sum(p["total"] for p in game["played"] if p["type"] == "word") + sum(
        a["points"] for p in game["played"] if p["type"] == "announced"
        for key in ("accents", "anagrams", "definitions") for a in p[key]) + sum(
        p["points"] for p in game["played"] if p["type"] == "anagram") == sum(game["scores"])
    final = replay(record, GAME)
    assert isinstance(final, VolapukState)
    assert final.played == game["played"]
    assert vola_game.kinds["place"] >= 3 and vola_game.kinds["roll"] >= 3
    assert vola_game.kinds["done"] >= 3  # the plus-values opened announcements


def test_the_preview_gives_the_words_and_points_before_the_word_is_laid(
        vola_game: VolaGame) -> None:
    """Each word Alice laid was previewed just before, from the same state: the preview says
    the very words and points the move then scored. (Not the points the test's own finder
    computes: it leaves out the words that stood before, which count nothing when restored
    under the default ``new_sense``, the super joker's forces and the end's abbreviations.)"""
    assert vola_game.previews
    laid = [p for p in vola_game.seat.view["game"]["played"]
            if p["type"] == "word" and p["seat"] == 0]
    assert len(laid) == len(vola_game.previews)
    for entry, word in zip(vola_game.previews, laid, strict=True):
        result = entry["answer"]["result"]
        assert result["legal"] is True and result["error"] is None
        assert result["total"] == word["total"]
        assert [w["text"] for w in result["words"]] == [w["text"] for w in word["words"]]
        assert result["total"] == sum(w["total"] for w in result["words"]) + result[
            "penalty"] + result["volapuk"] + result["recomposed"]
        assert [p["cell"] for p in result["placed"]] and result["words"][0]["text"]


def test_a_word_not_attached_to_the_board_is_refused_in_french_and_nothing_changes(
        vola_game: VolaGame) -> None:
    """RULINGS: after the first word, a word goes through a letter already on the board."""
    assert vola_game.refusal["code"] == "not_connected"
    assert vola_game.refusal["message"] == \
        "Le mot doit passer par une lettre déjà posée sur le plateau."
    assert vola_game.unchanged


def test_the_replay_steps_through_the_board_rolls_and_words(server: TestClient,
                                                            vola_game: VolaGame) -> None:
    data = server.get(f"/api/tables/{vola_game.table_id}/replay").json()
    record = record_of(server, vola_game.table_id)
    steps = data["steps"]
    assert data["game"] == "volapuk" and len(steps) == len(record.actions) + 1
    assert steps[0]["view"]["board"] == [] and steps[0]["events"] == []
    for k in range(1, len(steps)):
        action = steps[k]["action"]
        view = steps[k]["view"]
        if action["type"] == "place":
            laid = view["played"][-1]
            assert laid["type"] == "word" and laid["seat"] == steps[k]["seat"]
            assert steps[k]["events"][0]["type"] == "word"
            cells = {tuple(t["cell"]) for t in view["board"]}
            assert {tuple(p["cell"]) for p in laid["placed"]} <= cells
        if action["type"] == "roll":
            # The roll is public: the spectator sees the faces of the dice thrown.
            rack = view["racks"][steps[k]["seat"]]
            assert all(d["face"] is not None for d in rack)
            assert all(set(d) == {"die", "colour", "face", "fetish"} for d in rack)
    assert steps[-1]["view"]["over"] is True
    assert steps[-1]["events"][-1]["type"] == "game_over"


def test_the_replay_sends_each_word_once_and_rebuilds_every_spectator_view(
        server: TestClient, vola_game: VolaGame) -> None:
    assert_replay_logs_come_once(server, vola_game.table_id, GAME, VolapukState)


def test_the_home_page_offers_volapuk_and_its_rules_page_shows_regles_md(
        server: TestClient) -> None:
    games = {g["name"]: g for g in server.get("/api/games").json()}
    entry = games["volapuk"]
    assert entry["available"] is True and entry["title"] == "Volapük"
    assert (entry["min_players"], entry["max_players"]) == (2, 8)
    assert {o["name"] for o in entry["options"]} >= {"rolls", "turn_seconds", "super_joker"}
    rules = server.get("/api/rules/volapuk").json()
    assert rules["title"] == "Volapük" and "<h2>Le matériel</h2>" in rules["html"]


def _check(payload: dict[str, Any], viewer: int | None, state: VolapukState, record: Record,
           token: str, placed: set[str]) -> None:
    text = json.dumps(payload, ensure_ascii=False)
    keys = keys_in(payload)
    # No seed, no random source (the future throws), no token.
    assert str(record.seed) not in text and "seed" not in keys and "rng" not in keys
    assert json.dumps(state.rng.to_json()) not in text
    assert token not in text
    game = payload["view"]["game"]
    # The bags are counts: the opaque bag's dice stay unknown.
    assert isinstance(game["bags"]["opaque"], int)
    assert game["bags"]["coloured"] == state.coloured
    # A green die's identity (its six faces) is its holder's: only his own and those on the
    # board are named anywhere.
    own = {d.die for d in state.racks[viewer]} if viewer is not None else set()
    for die in GREEN_ID.findall(text):
        assert die in own or die in placed, f"green die {die} reached seat {viewer}"
    for owner, rack in enumerate(game["racks"]):
        truth = state.racks[owner]
        assert len(rack) == len(truth)
        for shown, real in zip(rack, truth, strict=True):
            if owner == viewer:
                assert shown["die"] == real.die and shown["face"] == real.face
                continue
            assert "faces" not in shown and not GREEN_ID.fullmatch(shown["die"])
            public = real.fetish or owner == state.current
            assert shown["face"] == (real.face if public else None), \
                f"an unrolled face of seat {owner} reached seat {viewer}"
    # Announcements: the others' anagrams and definitions stay secret until everyone is done.
    if state.announce is not None:
        shown = game["announce"]
        assert shown["mine"] == (list(state.announce.words[viewer]) if viewer is not None else [])
        part = json.dumps(shown, ensure_ascii=False)
        for other in range(state.players):
            if other != viewer:
                for word in state.announce.words[other]:
                    assert word not in part, f"seat {other}'s anagram reached seat {viewer}"
        for seat, definition, _ in state.announce.definitions:
            if seat != viewer:
                assert json.dumps(definition, ensure_ascii=False)[1:-1] not in text
    for event in payload.get("events", []):
        if event["type"] in ("anagram", "definition", "drew"):
            assert event["data"]["seat"] == viewer, f"{event} reached seat {viewer}"


def test_no_payload_reveals_hidden_dice_bags_throws_or_announcements(
        server: TestClient, vola_game: VolaGame) -> None:
    record, states = states_of(server, vola_game.table_id, GAME, VolapukState)
    placed = {t.die for s in states for t in s.board.values()}
    checked = secret_announces = 0
    for viewer, payload, state in views_and_states(
            {0: vola_game.seat, None: vola_game.spectator}, states):
        _check(payload, viewer, state, record, vola_game.token, placed)
        if state.announce is not None and any(state.announce.words[1:]):
            secret_announces += 1
        checked += 1
    assert checked > 60
    # Not vacuous: the bots held green dice, and announced in secret.
    assert any(GREEN_ID.fullmatch(d.die) for s in states for r in s.racks[1:] for d in r)
    assert secret_announces > 0


# -- dealt games: a table started on a known seed (the seed decides every throw) -----------

def dealt_table(server: TestClient, seed: int, options: dict[str, Any] | None = None
                ) -> tuple[str, dict[int, str]]:
    """A table of two humans on `seed`, through the manager (the API never takes a seed)."""
    from ludomots.table.model import SeatSpec

    manager = server.app.state.manager  # type: ignore[attr-defined]
    table_id, tokens = server.portal.call(  # type: ignore[union-attr]
        lambda: manager.create_table("volapuk", options or {},
                                     [SeatSpec.human("Alice"), SeatSpec.human("Bob")],
                                     seed=seed))
    return table_id, tokens


def test_an_accent_sign_die_set_on_the_letter_before_it_over_the_socket(
        server: TestClient) -> None:
    """docs/rules/volapuk.md "Accent sign dice": in a place action the sign die comes right
    after the letter die it accents and shares its cell (what volapuk.js sends when the
    player clicks a sign die while composing). Seed 214: Alice starts and rolls D I Q W A ¨
    Æ; A I ¨ laid eastwards from H6 write AÏ, 2 points (signs 0)."""
    table_id, tokens = dealt_table(server, 214)
    alice = Socket(server, table_id, tokens[0])
    assert alice.seat == 0 and alice.view["game"]["current"] == 0
    alice.send({"type": "action", "action": {"type": "roll", "keep": []}})
    alice.until(lambda m: m["type"] == "update")
    assert [d["face"] for d in alice.view["game"]["racks"][0]] == \
        ["D", "I", "Q", "W", "A", "¨", "Æ"]
    wrong = {"type": "place", "row": 7, "col": 5, "direction": "E", "dice": [4, 5, 1],
             "letters": ["", "", ""], "fetishes": [], "swap": []}
    alice.send({"type": "action", "action": wrong})
    error = alice.until(lambda m: m["type"] == "error")
    assert (error["code"], error["message"]) == ("accent_sign", "La lettre A ne prend pas le "
                                                 "tréma.")
    action = {**wrong, "dice": [4, 1, 5]}
    alice.send({"type": "preview", "id": "p", "action": action})
    preview = alice.until(lambda m: m["type"] == "preview")["result"]
    assert preview["legal"] is True and preview["total"] == 2
    alice.send({"type": "action", "action": action})
    update = alice.until(lambda m: m["type"] == "update")
    word = next(e["data"] for e in update["events"] if e["type"] == "word")
    assert [w["text"] for w in word["words"]] == ["AÏ"] and word["total"] == 2
    board = {t["name"]: (t["face"], t["accent"]) for t in alice.view["game"]["board"]}
    assert board == {"H6": ("A", ""), "H7": ("I", "Ï")}
    assert alice.view["game"]["scores"] == [2, 0]
    assert len(alice.view["game"]["racks"][0]) == 7  # three dice laid, three drawn
    alice.close()


def test_a_joker_of_the_board_taken_back_against_its_letter_over_the_socket(
        server: TestClient) -> None:
    """Seed C1 (docs/rules/volapuk.md): a player gives a die showing a board joker's letter,
    which takes its cell, and lays the joker at once in his word (what volapuk.js sends when
    the player clicks the joker on the board). Seed 6: Bob starts, rolls A G P T B AT ? and
    lays AGA with the joker as the last A (H8); Alice rolls B L R S A _ A, gives her A (die
    4) for the joker, and lays R and the joker as S after it: AGARS, 5 points."""
    table_id, tokens = dealt_table(server, 6)
    alice = Socket(server, table_id, tokens[0])
    bob = Socket(server, table_id, tokens[1])
    assert bob.view["game"]["current"] == 1
    bob.send({"type": "action", "action": {"type": "roll", "keep": []}})
    bob.until(lambda m: m["type"] == "update")
    assert [d["face"] for d in bob.view["game"]["racks"][1]] == \
        ["A", "G", "P", "T", "B", "AT", "?"]
    bob.send({"type": "action", "action": {
        "type": "place", "row": 7, "col": 5, "direction": "E", "dice": [0, 1, 6],
        "letters": ["", "", "A"], "fetishes": [], "swap": []}})
    bob.until(lambda m: m["type"] == "update" and m["view"]["game"]["current"] == 0)
    alice.until(lambda m: m["type"] == "update" and m["view"]["game"]["current"] == 0)
    alice.send({"type": "action", "action": {"type": "roll", "keep": []}})
    alice.until(lambda m: m["type"] == "update" and m["view"]["game"]["rolls"] == 1)
    assert [d["face"] for d in alice.view["game"]["racks"][0]] == \
        ["B", "L", "R", "S", "A", "_", "A"]
    swap = {"type": "place", "row": 7, "col": 8, "direction": "E", "dice": [2, 7],
            "letters": ["", "S"], "fetishes": [], "swap": [7, 7, 4]}
    alice.send({"type": "action", "action": {**swap, "swap": [7, 7, 3]}})
    error = alice.until(lambda m: m["type"] == "error")
    assert (error["code"], error["message"]) == (
        "swap_letter", "Le joker vaut A : donnez un dé qui montre cette lettre.")
    alice.send({"type": "action", "action": {**swap, "dice": [2], "letters": [""]}})
    error = alice.until(lambda m: m["type"] == "error")
    assert (error["code"], error["message"]) == (
        "joker_unused", "Le joker repris doit servir tout de suite dans votre mot.")
    alice.send({"type": "action", "action": swap})
    update = alice.until(lambda m: m["type"] == "update" and any(
        e["type"] == "word" for e in m["events"]))
    word = next(e["data"] for e in update["events"] if e["type"] == "word")
    assert [w["text"] for w in word["words"]] == ["AGARS"] and word["total"] == 5
    assert word["swap"] == [7, 7, 4]
    board = {t["name"]: (t["face"], t["letter"]) for t in alice.view["game"]["board"]}
    assert board == {"H6": ("A", ""), "H7": ("G", ""), "H8": ("A", ""), "H9": ("R", ""),
                     "H10": ("?", "S")}
    assert alice.view["game"]["scores"][0] == 5
    assert len(alice.view["game"]["racks"][0]) == 7  # the A given and the R drawn again
    alice.close()
    bob.close()


def test_a_recomposition_over_the_socket_moves_a_board_die_and_scores_its_words_plus_10(
        server: TestClient) -> None:
    """Seed "recomposer" (+10, docs/rules/volapuk.md): what the screen's « Recomposer » mode
    sends. Seed 6 (Élue G): Bob lays AGA (H6-H8, the last A a joker); Alice moves that joker
    from H8 to H4 and lays her S on H3 and her L on H5: the row reads S A L A G, that is
    GALAS read backwards (a recomposition writes no word reversed: no reversed bonus),
    5 × 3 at the Élue G + 10 = 25."""
    table_id, tokens = dealt_table(server, 6)
    alice = Socket(server, table_id, tokens[0])
    bob = Socket(server, table_id, tokens[1])
    bob.send({"type": "action", "action": {"type": "roll", "keep": []}})
    bob.until(lambda m: m["type"] == "update")
    bob.send({"type": "action", "action": {
        "type": "place", "row": 7, "col": 5, "direction": "E", "dice": [0, 1, 6],
        "letters": ["", "", "A"], "fetishes": [], "swap": []}})
    alice.until(lambda m: m["type"] == "update" and m["view"]["game"]["current"] == 0)
    alice.send({"type": "action", "action": {"type": "roll", "keep": []}})
    alice.until(lambda m: m["type"] == "update" and m["view"]["game"]["rolls"] == 1)
    action = {"type": "recompose", "moves": [7, 7, 7, 3], "dice": [3, 1],
              "cells": [7, 2, 7, 4], "letters": ["", ""], "fetishes": []}
    alice.send({"type": "action", "action": {**action, "moves": [7, 7, 7, 6]}})
    error = alice.until(lambda m: m["type"] == "error")
    assert (error["code"], error["message"]) == ("occupied", "La case H7 est occupée.")
    alice.send({"type": "preview", "id": "r", "action": action})
    preview = alice.until(lambda m: m["type"] == "preview")["result"]
    assert preview["legal"] is True and preview["total"] == 25
    alice.send({"type": "action", "action": action})
    update = alice.until(lambda m: m["type"] == "update" and any(
        e["type"] == "word" for e in m["events"]))
    word = next(e["data"] for e in update["events"] if e["type"] == "word")
    assert [(w["text"], w["reversed"], w["total"]) for w in word["words"]] == [
        ("GALAS", 0, 15)]
    assert (word["recomposed"], word["total"], word["moves"]) == (10, 25, [["H8", "H4"]])
    board = {t["name"]: t["face"] for t in alice.view["game"]["board"]}
    assert board == {"H3": "S", "H4": "?", "H5": "L", "H6": "A", "H7": "G"}
    assert alice.view["game"]["scores"][0] == 25
    alice.close()
    bob.close()


def test_a_definition_with_invisible_characters_is_refused(server: TestClient,
                                                           vola_game: VolaGame) -> None:
    """Free text follows the rule of names and chat: no control or bidi characters."""
    _, states = states_of(server, vola_game.table_id, GAME, VolapukState)
    state = next(s for s in states if s.step == "announce" and 0 in s.to_act())
    for text in ("Un oiseau\u202e des îles", "Un oiseau\x07"):
        error = state.check(0, Define(text))
        assert error is not None
        assert (error.code, error.message) == (
            "bad_definition", "La définition contient des caractères non autorisés.")
    assert state.check(0, Define("Un oiseau des îles")) is None
