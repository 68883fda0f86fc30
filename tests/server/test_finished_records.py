"""The record of a finished game says how it ended (issue 19's departures: a resignation, an
expulsion), the same in every place a player reads it: the download (``GET .../record``), the
account's export, the replay, the profile's history.

A game that a departure ended (or went on with a bot in the seat) ends with the table's result,
not the game's: the scores as the game counts them where it stopped, the winners and places of
``core/standing.py`` (those who left rank last, the last to leave first), and who left, how and
after how many actions. A game nobody left reads as before (tests/server/test_rated.py).
"""

from __future__ import annotations

from typing import Any

from starlette.testclient import TestClient

from ludomots.core import registry
from ludomots.core.record import Record, replay
from tests.server.accounts_kit import (
    ACCOUNTS_APP,
    Player,
    create_table,
    gops_registered,  # noqa: F401  (fixture)
    settle,
    sign_up,
)
from tests.server.helpers import Socket, actions_of, choose_move

pytestmark = ACCOUNTS_APP


def _join(player: Player, table_id: str) -> str:
    joined = player.post(f"/api/tables/{table_id}/join", {"name": player.name})
    assert joined.status_code == 200, joined.text
    token: str = joined.json()["token"]
    return token


def _over(socket: Socket) -> dict[str, Any]:
    """The table part of the update that ends the game."""
    update = socket.until(lambda m: m["type"] == "update"
                          and m["view"]["table"]["status"] == "over")
    table: dict[str, Any] = update["view"]["table"]
    return table


def _says_how_it_ended(client: TestClient, player: Player, table_id: str,
                       table: dict[str, Any]) -> dict[str, Any]:
    """The download of a game that departures ended or changed: the table's result and its
    departures, as the export, the replay and the profile say them; it replays to them."""
    settle(client)
    record = client.get(f"/api/tables/{table_id}/record").json()
    result = table["result"]
    assert (record["scores"], record["winners"], record.get("ranks")) == (
        result["scores"], result["winners"], result["ranks"])
    assert record["departures"] == table["departures"]
    # The account's export holds the same record (it reads the stored results).
    export = player.get("/api/me/export").json()
    entry = next(e for e in export["games"] if e["table"] == table_id)
    assert entry == {**record, "table": table_id, "seat": entry["seat"]}
    # It replays, and to the scores and result it says: the rule of departures is checked.
    state = replay(Record.from_json(record), registry.get_game(record["game"]))
    assert state.scores() == record["scores"]
    # The replay page and the profile's history say the same result.
    shown = client.get(f"/api/tables/{table_id}/replay").json()
    assert (shown["scores"], shown["winners"]) == (record["scores"], record["winners"])
    assert shown["departures"] == record["departures"]
    history = client.get(f"/api/players/{player.name}").json()["games"]
    game = next(g for g in history if g["table"] == table_id)
    assert [(s["score"], s["rank"], s["winner"]) for s in game["seats"]] == [
        (score, rank, i in record["winners"])
        for i, (score, rank) in enumerate(zip(record["scores"], record["ranks"], strict=True))]
    return record


def test_a_resigned_topword_game_s_record_has_its_scores_result_and_departure(
        client: TestClient) -> None:
    """2 players: the one who resigns loses, the game stops where it stood (table.resign)."""
    alice, bruno = sign_up(client, "Alice"), sign_up(client, "Bruno")
    created = create_table(alice, "topword")
    table_id = created["table"]
    tokens = {0: created["token"], 1: _join(bruno, table_id)}
    sockets = {seat: Socket(client, table_id, token) for seat, token in tokens.items()}
    first = sockets[0].view["table"]["to_act"][0]
    other = 1 - first
    sockets[first].send({"type": "action", "action": choose_move(sockets[first].view)})
    sockets[other].until(lambda m: m["type"] == "update" and actions_of(m["view"]) == 1)
    sockets[other].send({"type": "resign"})
    table = _over(sockets[first])
    for socket in sockets.values():
        socket.close()
    record = _says_how_it_ended(client, alice, table_id, table)
    names = ["Alice", "Bruno"]
    assert record["departures"] == [{"seat": other, "reason": "resign", "name": names[other],
                                     "seq": 1, "level": None,
                                     "at": table["departures"][0]["at"]}]
    assert record["winners"] == [first]
    assert record["ranks"][first] == 1 and record["ranks"][other] == 2
    assert len(record["actions"]) == 1
    # The scores as the game counts them after its one move: the word laid counts.
    state = replay(Record.from_json(record), registry.get_game("topword"))
    assert not state.is_over() and record["scores"] == state.scores()


def test_a_typo_game_both_humans_left_has_the_bots_win_and_their_places(
        client: TestClient) -> None:
    """3 seats: a resigned seat goes to a bot (the default), and the game ends when no human
    is left; the one who stayed wins, the last to leave comes second, the first last."""
    alice, bruno = sign_up(client, "Alice"), sign_up(client, "Bruno")
    created = create_table(alice, "typo", options={"referee": "auto"}, seats=[
        {"kind": "human"}, {"kind": "human"}, {"kind": "bot", "level": "debutant"}])
    table_id = created["table"]
    tokens = {0: created["token"], 1: _join(bruno, table_id)}
    sockets = {seat: Socket(client, table_id, token) for seat, token in tokens.items()}
    hand = sockets[0].view["game"]["hand"]
    sockets[0].send({"type": "action", "action": {"type": "choose", "card": hand[0]}})
    sockets[0].until(lambda m: m["type"] == "update" and m["view"]["game"]["my_choice"])
    sockets[0].send({"type": "resign"})
    sockets[1].until(lambda m: m["type"] == "update" and m["view"]["table"]["departures"])
    sockets[1].send({"type": "resign"})
    table = _over(sockets[1])
    for socket in sockets.values():
        socket.close()
    record = _says_how_it_ended(client, bruno, table_id, table)
    alice_left, bruno_left = record["departures"]
    assert {k: v for k, v in alice_left.items() if k not in ("seq", "at")} == {
        "seat": 0, "reason": "resign", "name": "Alice", "level": "confirme"}
    assert {k: v for k, v in bruno_left.items() if k not in ("seq", "at")} == {
        "seat": 1, "reason": "resign", "name": "Bruno", "level": "confirme"}
    assert 1 <= alice_left["seq"] <= bruno_left["seq"] <= len(record["actions"])
    assert record["winners"] == [2] and record["ranks"] == [3, 2, 1]
    # The record names who sat there, not the bot that played on for them.
    assert [(s["name"], s["kind"]) for s in record["seats"][:2]] == [
        ("Alice", "human"), ("Bruno", "human")]
