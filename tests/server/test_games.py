"""Whole games through the server: two humans over two sockets, a human against a bot,
reconnection and restart, the record and the replay with its analysis."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import replace as replace_fields
from typing import Any

import pytest
from starlette.testclient import TestClient

from ludomots.core import registry
from ludomots.core.record import Record, replay
from ludomots.games.topword.rules import GAME
from ludomots.server.replay import ReplayCache, with_seats
from ludomots.table.model import SeatSpec
from tests.core.gops import BOTS as GOPS_BOTS
from tests.core.gops import GAME as GOPS
from tests.server.games import PlayedGame
from tests.server.helpers import (
    TEST_SETTINGS,
    Socket,
    actions_of,
    choose_move,
    close_all_sockets,
    create,
    make_app,
    record_of,
    two_humans,
)


def test_two_humans_play_a_whole_game_over_two_sockets(server: TestClient,
                                                       humans_game: PlayedGame) -> None:
    view = humans_game.final_view
    assert view["game"]["over"] is True
    assert view["game"]["end_reason"] in ("out_of_tiles", "all_passed", "blocked")
    assert view["table"]["result"]["scores"] == view["game"]["scores"]
    for seat in (0, 1):
        assert humans_game.sockets[seat].view["game"]["final_racks"] is not None
    record = record_of(server, humans_game.table_id)
    assert [s.name for s in record.seats] == ["Alice", "Bob"]
    assert len(record.actions) == actions_of(view)
    assert replay(record, GAME).scores() == view["game"]["scores"]


def test_a_human_plays_a_bot_to_the_end_with_challenges_possible(
        server: TestClient, bot_game: PlayedGame) -> None:
    view = bot_game.final_view
    assert view["table"]["status"] == "over"
    assert view["game"]["options"]["referee"] == "challenge"
    record = record_of(server, bot_game.table_id)
    assert record.seats[1].kind == "bot" and record.seats[1].level == "debutant"
    assert {line.seat for line in record.actions} == {0, 1}
    assert replay(record, GAME).is_over()


def test_the_record_is_a_json_attachment_with_the_seed(server: TestClient,
                                                       humans_game: PlayedGame) -> None:
    response = server.get(f"/api/tables/{humans_game.table_id}/record")
    assert response.headers["content-disposition"] == (
        f'attachment; filename="ludomots-topword-{humans_game.table_id}.json"')
    data = response.json()
    assert isinstance(data["seed"], int) and data["format_version"] == 1


def test_the_replay_has_every_position_and_the_best_move_analysis(
        server: TestClient, humans_game: PlayedGame) -> None:
    response = server.get(f"/api/tables/{humans_game.table_id}/replay")
    assert response.status_code == 200
    data = response.json()
    record = record_of(server, humans_game.table_id)
    steps, analysis = data["steps"], data["analysis"]
    assert len(steps) == len(analysis) == len(record.actions) + 1
    assert steps[0]["action"] is None and analysis[0] is None
    assert steps[-1]["view"]["over"] is True
    assert all(step["view"]["rack"] is None for step in steps)
    plays = 0
    for k in range(1, len(steps)):
        line = record.actions[k - 1]
        assert (steps[k]["seat"], steps[k]["action"]) == (line.seat, line.action)
        entry = analysis[k]
        assert entry is not None and entry["seat"] == line.seat
        if entry["played"]["type"] != "play":
            continue
        plays += 1
        assert entry["played"]["valid"] is True
        assert entry["score"] >= entry["played"]["score"]
        assert entry["missed"] == entry["score"] - entry["played"]["score"]
        if line.seat == 0:  # Alice always plays a best-scoring move
            assert entry["missed"] == 0
        assert entry["move"] and entry["tiles"]
    assert plays >= 4
    assert any(a and a["missed"] > 0 for a in analysis[1:])  # Bob does not
    # Cached: computed once, the same bytes every time.
    assert humans_game.table_id in server.app.state.replays  # type: ignore[attr-defined]
    again = server.get(f"/api/tables/{humans_game.table_id}/replay")
    assert again.content == response.content


def test_the_replay_of_a_challenge_game_skips_challenges(
        server: TestClient, bot_game: PlayedGame) -> None:
    data = server.get(f"/api/tables/{bot_game.table_id}/replay").json()
    for step, entry in zip(data["steps"][1:], data["analysis"][1:], strict=True):
        if step["action"]["type"] in ("challenge", "accept"):
            assert entry is None
        else:
            assert entry is not None and entry["seat"] == step["seat"]


def test_finished_games_leave_the_lobby(server: TestClient, humans_game: PlayedGame,
                                        bot_game: PlayedGame) -> None:
    ids = {t["id"] for t in server.get("/api/tables").json()}
    assert humans_game.table_id not in ids and bot_game.table_id not in ids
    info = server.get(f"/api/tables/{humans_game.table_id}").json()
    assert info["status"] == "over"


def _play_one(sockets: dict[int, Socket]) -> None:
    seat = sockets[0].view["table"]["to_act"][0]
    count = actions_of(sockets[0].view) + 1
    sockets[seat].send({"type": "action", "action": choose_move(sockets[seat].view)})
    for socket in sockets.values():
        socket.until(lambda m: m["type"] == "update" and actions_of(m["view"]) >= count)


def test_a_restarted_server_resumes_the_game(db_url: str) -> None:
    with TestClient(make_app(db_url)) as first:
        table_id, tokens = two_humans(first, {"referee": "auto"})
        sockets = {seat: Socket(first, table_id, token) for seat, token in tokens.items()}
        _play_one(sockets)
        _play_one(sockets)
        before = sockets[1].view
        close_all_sockets()
    with TestClient(make_app(db_url)) as second:
        assert table_id in {t["id"] for t in second.get("/api/tables").json()}
        sockets = {seat: Socket(second, table_id, token) for seat, token in tokens.items()}
        assert sockets[1].seat == 1
        assert sockets[1].view["game"] == before["game"]
        assert actions_of(sockets[1].view) == 2
        _play_one(sockets)
        assert actions_of(sockets[0].view) == 3
        close_all_sockets()


def test_a_restarted_server_lets_waiting_bots_play(db_url: str) -> None:
    with TestClient(make_app(db_url, bot_delay=60)) as first:
        created = create(first, options={"referee": "auto"},
                         seats=[{"kind": "human"}, {"kind": "bot", "level": "debutant"}])
        table_id, token = created["table"], created["token"]
        alice = Socket(first, table_id, token)
        if 0 in alice.view["table"]["to_act"]:
            _play_one({0: alice})
        waiting = actions_of(alice.view)
        assert alice.view["table"]["to_act"] == [1]  # the bot waits for its delay
        close_all_sockets()
    with TestClient(make_app(db_url, bot_delay=0)) as second:
        alice = Socket(second, table_id, token)
        if actions_of(alice.view) == waiting:
            alice.until(lambda m: m["type"] == "update")
        assert actions_of(alice.view) == waiting + 1
        assert alice.view["table"]["to_act"] == [0]
        close_all_sockets()


def test_no_payload_is_larger_than_it_needs(humans_game: PlayedGame) -> None:
    sizes = [len(json.dumps(p)) for p in humans_game.sockets[0].received]
    assert max(sizes) < 64 * 1024


def _invalid_first_word(view: dict[str, Any]) -> dict[str, Any] | None:
    """Two rack tiles on the centre that make no word, if the rack allows it."""
    from ludomots.lexicon.lexicon import get_lexicon

    rack = view["game"]["rack"]
    lexicon = get_lexicon()
    for i, a in enumerate(rack):
        for b in rack[i + 1:]:
            if a != b and not lexicon.accepts(a + b, "standard") and "Q" not in (a, b):
                return {"type": "place", "tiles": [f"E5:{a}", f"E6:{b}"]}
    return None


def test_a_challenge_over_the_socket_takes_an_invalid_word_back(
        client: TestClient) -> None:
    table_id, tokens = two_humans(client)  # the seed's challenge procedure
    sockets = {seat: Socket(client, table_id, token) for seat, token in tokens.items()}
    mover = sockets[0].view["game"]["turn"]
    action = _invalid_first_word(sockets[mover].view)
    assert action is not None
    rack = sockets[mover].view["game"]["rack"]
    sockets[mover].send({"type": "action", "action": action})
    for socket in sockets.values():
        socket.until(lambda m: m["type"] == "update")
    pending = sockets[1 - mover].view["game"]["pending"]
    assert pending["seat"] == mover and "valid" not in json.dumps(pending)
    sockets[1 - mover].send({"type": "action", "action": {"type": "challenge"}})
    update = sockets[mover].until(lambda m: m["type"] == "update")
    challenge = next(e for e in update["events"] if e["type"] == "challenge")
    assert challenge["data"]["upheld"] is True
    game = sockets[mover].view["game"]
    assert game["last"]["type"] == "taken_back" and game["scores"][mover] == 0
    assert sorted(game["rack"]) == sorted(rack)
    assert game["turn"] == 1 - mover


async def _no_record() -> Record:
    raise AssertionError("a replay kept in the database needs no record, nor any computing")


def test_a_replay_is_computed_once_and_kept_in_the_database(
        server: TestClient, humans_game: PlayedGame) -> None:
    """Before: kept in memory only (32 games), recomputed after a restart or by each process
    (about 4 s of CPU for a long Topword game)."""
    body = server.get(f"/api/tables/{humans_game.table_id}/replay").content
    store = server.app.state.manager.store  # type: ignore[attr-defined]
    fresh = ReplayCache(1, "thread")  # another process, or this one after a restart
    kept = server.portal.call(fresh.get, humans_game.table_id, _no_record, store)
    served = json.loads(body)
    extra = {"chat": served["chat"], "times": served["times"],  # read when served, as names
             "departures": served["departures"]}
    assert len(served["times"]) == len(served["steps"]) - 1
    assert with_seats(kept, served["seats"], extra) == body  # names: as they are now
    assert fresh.computed == 0


@pytest.fixture
def gops() -> Iterator[None]:
    """Goofspiel, the core's test game: a bots' game of 3 cards ends in six quick moves."""
    registry.register("gops", GOPS, GOPS_BOTS)
    yield
    registry.unregister("gops")


def _finished_by_bots(client: TestClient) -> str:
    manager = client.app.state.manager  # type: ignore[attr-defined]
    table_id, _ = client.portal.call(manager.create_table, "gops", {"cards": 3},
                                     [SeatSpec.bot("expert"), SeatSpec.bot("debutant")])
    client.portal.call(manager.idle)  # the bots play to the end
    return str(table_id)


def test_replays_to_compute_are_limited_per_client_address(
        client_factory: Callable[..., TestClient], gops: None) -> None:
    client = client_factory(settings=replace_fields(TEST_SETTINGS, replay_rate_limit=1))
    first, second = _finished_by_bots(client), _finished_by_bots(client)
    assert client.get(f"/api/tables/{first}/replay").status_code == 200
    refused = client.get(f"/api/tables/{second}/replay")
    assert (refused.status_code, refused.json()) == (429, {
        "error": "rate_limited",
        "message": "Trop de revues de parties demandées en peu de temps : patientez un "
                   "instant."})
    assert client.get(f"/api/tables/{first}/replay").status_code == 200  # kept: not counted
