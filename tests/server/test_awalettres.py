"""Awalettres through the server: a human against two bots over a WebSocket to the end, the
preview, a refused word, the record and the replay; and nothing hidden (the grenier's order, the
spell box's order, the spell drawn blind) in any payload a seat or a spectator received."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import pytest
from starlette.testclient import TestClient

from ludomots.core.record import replay
from ludomots.games.awalettres.assign import assign
from ludomots.games.awalettres.rules import GAME, AwalettresState
from ludomots.games.awalettres.search import Pool, accepted, first_playable
from ludomots.lexicon.lexicon import get_lexicon
from tests.server.games import BotsGame, against_bots, play_to_the_end
from tests.server.helpers import (
    Socket,
    actions_of,
    ask_preview,
    assert_replay_logs_come_once,
    create,
    keys_in,
    record_of,
    refusal_of,
    states_of,
    values_of,
    views_and_states,
)

LEXICON = get_lexicon()  # the game's word list, passed to the search

MAX_ACTIONS = 600


@dataclass
class AwaGame(BotsGame):
    steps: Counter[str] = field(default_factory=Counter)


def human_action(view: dict[str, Any]) -> dict[str, Any]:
    """What the human plays, from his view only: the first word the search finds with the
    usual choice of cards; keeps spells, shouts the panic, declines exchanges."""
    game = view["game"]
    seat = view["table"]["you"]
    step = game["step"]
    hands = game["hands"]
    if step == "give":
        return {"type": "give", "target": seat}
    if step == "panic":
        return {"type": "calm", "method": "shout", "phrase": "Pas de panique !"}
    if step == "exchange":
        return {"type": "exchange", "give": "", "target": None, "take": ""}
    if step == "trim":
        return {"type": "return", "card": next(c for c in hands[seat] if c != "?")}
    from_caster = game["options"]["marabout_card"] == "caster"
    if step == "marabout":  # a card of his own hand (of the target's with the option)
        target = next(s for s in range(len(hands)) if s != seat and hands[s])
        return {"type": "marabout", "target": target,
                "card": hands[seat if from_caster else target][0]}
    assert step == "word", step
    if not game["can_play"]:
        return {"type": "pass"}
    designations = [(int(c), str(card)) for c, card in game["designations"][seat]]
    pool = Pool.designated(seat, hands, designations, from_caster)
    for key in first_playable(LEXICON, pool, 2, 99, limit=40):
        cards = assign(seat, key, hands, designations, from_caster=from_caster)
        if cards is not None:
            return {"type": "play", "word": key, "sources": list(cards[0]),
                    "wild": list(cards[1])}
    raise AssertionError(f"no word found in {hands}")


def bad_word(hand: list[str]) -> str | None:
    letters = [c for c in hand if c != "?"]
    for a in letters:
        for b in letters:
            for c in letters:
                if Counter(a + b + c) <= Counter(letters) and not accepted(LEXICON, a + b + c):
                    return a + b + c
    return None


def play_against_bots(client: TestClient) -> AwaGame:
    game = AwaGame(*against_bots(client, "awalettres", ["debutant", "confirme"]))
    alice = game.seat

    def act(view: dict[str, Any]) -> dict[str, Any]:
        action = human_action(view)
        game.steps[view["game"]["step"]] += 1
        if action["type"] == "play":
            answer = ask_preview(alice, len(game.previews) + 1, action)
            game.previews.append({"action": action, "answer": answer})
            bad = bad_word(view["game"]["hands"][0])
            # (Not while a MARABOUTAGE forces a card: that would be the refusal.)
            if not game.refusal and bad is not None and not view["game"]["designations"][0]:
                game.refusal = refusal_of(alice, {"type": "play", "word": bad,
                                                  "sources": [0, 0, 0], "wild": []})
                assert actions_of(alice.view) == actions_of(view)
        return action

    play_to_the_end(alice, game.spectator, act, MAX_ACTIONS * 4, 30)
    return game


@pytest.fixture(scope="module")
def awa_game(server: TestClient) -> AwaGame:
    return play_against_bots(server)


def test_a_human_plays_two_bots_to_the_end_over_a_websocket(server: TestClient,
                                                             awa_game: AwaGame) -> None:
    view = awa_game.seat.view
    game = view["game"]
    assert game["over"] is True and game["end_reason"] in ("no_word", "no_card", "blocked")
    assert view["table"]["result"]["scores"] == game["scores"]
    for detail, score in zip(game["score_detail"], game["scores"], strict=True):
        assert score == detail["sack"] - detail["debts"] - detail["hand"]
    record = record_of(server, awa_game.table_id)
    assert [s.kind for s in record.seats] == ["human", "bot", "bot"]
    assert {line.seat for line in record.actions} == {0, 1, 2}
    assert replay(record, GAME).scores() == game["scores"]
    # The log the page shows is complete: every word, and the other public events.
    assert len(game["played"]) == sum(1 for line in record.actions
                                      if line.action["type"] == "play")
    assert game["history"][0]["type"] == "first_player"
    assert game["history"][-1]["type"] == "game_over"
    assert awa_game.steps["word"] >= 3


def test_the_preview_gives_the_seeds_of_a_word_before_it_is_played(awa_game: AwaGame) -> None:
    assert awa_game.previews
    for entry in awa_game.previews:
        result = entry["answer"]["result"]
        assert result["legal"] is True and result["error"] is None
        assert result["word"] == entry["action"]["word"]
        assert result["net"] == result["collected"] + result["bonus"] - sum(
            result["payments"].values())


def test_a_word_outside_the_dictionary_is_refused_in_french(awa_game: AwaGame) -> None:
    assert awa_game.refusal["code"] == "unknown_word"
    assert awa_game.refusal["message"] == "Ce mot n’est pas dans le dictionnaire."


def test_the_replay_steps_through_hands_seeds_words_and_events(server: TestClient,
                                                               awa_game: AwaGame) -> None:
    data = server.get(f"/api/tables/{awa_game.table_id}/replay").json()
    record = record_of(server, awa_game.table_id)
    steps = data["steps"]
    assert len(steps) == len(record.actions) + 1 and steps[0]["events"] == []
    assert steps[0]["view"]["hands"] and all(len(h) == 7 for h in steps[0]["view"]["hands"])
    words = [k for k in range(1, len(steps)) if steps[k]["action"]["type"] == "play"]
    for k in words:
        assert steps[k]["view"]["played"][-1]["key"] == steps[k]["action"]["word"]
        assert steps[k]["events"][0]["type"] == "word"
    assert steps[-1]["view"]["over"] is True
    assert steps[-1]["events"][-1]["type"] == "game_over"


def test_the_replay_sends_each_log_entry_once_and_rebuilds_every_spectator_view(
        server: TestClient, awa_game: AwaGame) -> None:
    assert_replay_logs_come_once(server, awa_game.table_id, GAME, AwalettresState)


def _runs(cards: list[str]) -> set[str]:
    """Every stretch of 6 cards of a hidden pile, as a JSON list fragment would hold it."""
    return {json.dumps(cards[i:i + 6])[1:-1] for i in range(max(0, len(cards) - 5))}


def test_no_payload_reveals_the_grenier_the_box_or_the_blind_spell(server: TestClient,
                                                                   awa_game: AwaGame) -> None:
    record, states = states_of(server, awa_game.table_id, GAME, AwalettresState)
    checked = 0
    for _, payload, state in views_and_states({0: awa_game.seat, None: awa_game.spectator},
                                              states):
        text = json.dumps(payload, ensure_ascii=False)
        assert str(record.seed) not in text and "seed" not in keys_in(payload)
        assert awa_game.token not in text
        # The piles are counts; no run of their secret order appears anywhere.
        game = payload["view"]["game"]
        assert isinstance(game["grenier"], int) and isinstance(game["box"], int)
        for run in _runs(state.grenier) | _runs(list(reversed(state.grenier))) | \
                _runs(state.box) | _runs(list(reversed(state.box))):
            assert run not in text
        # The spell drawn blind is nobody's until given.
        for pending in values_of(payload, "pending_spell"):
            assert pending is None or pending["spell"] is None
        for event in payload.get("events", []):
            assert event["type"] != "spell_seen"
            if event["type"] == "spell_drawn":
                assert set(event["data"]) == {"seat", "box"}
        if state.pending_spell is not None:
            drawn = [e for e in payload.get("events", []) if e["type"] == "spell_drawn"]
            assert all(state.pending_spell not in json.dumps(e) for e in drawn)
        checked += 1
    assert checked > 30
    assert any(s.pending_spell is not None for s in states), "no spell was drawn: vacuous"


def test_a_wayampou_definition_with_invisible_characters_is_refused(
        client: TestClient) -> None:
    """Free text follows the rule of names and chat: no control or bidi characters."""
    created = create(client, game="awalettres", options={"first_player": "wayampou"},
                     seats=[{"kind": "human"}, {"kind": "bot", "level": "debutant"}])
    alice = Socket(client, created["table"], created["token"])
    assert alice.view["game"]["step"] == "define"
    for text in ("Un oiseau\u202e des îles", "Un oiseau\x07"):
        error = refusal_of(alice, {"type": "define", "text": text})
        assert (error["code"], error["message"]) == (
            "bad_definition", "La définition contient des caractères non autorisés.")
    alice.sync()
    assert alice.view["game"]["wayampou"]["mine"] is None
    alice.close()
