"""Several real ``ludomots serve`` processes on one PostgreSQL database and one Redis, players on
real WebSockets: any process serves any table, every client sees every action in order, a
process killed mid-game loses nothing, the database going away refuses actions cleanly."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from ludomots.core.record import Record, replay
from ludomots.games.topword.rules import GAME as TOPWORD
from ludomots.table.store import Store
from ludomots.table.table import Table
from tests.server.helpers import choose_move
from tests.server.processes import Player, ServerProcess, post, start_servers
from tests.table.services import RedisServer, shared_postgres

TWO_HUMANS = [{"kind": "human"}, {"kind": "human"}]


@pytest.fixture
def servers(pg_url: str, redis_server: RedisServer,
            tmp_path: Path) -> Iterator[list[ServerProcess]]:
    started: list[ServerProcess] = []

    def start(count: int) -> list[ServerProcess]:
        started.extend(start_servers(count, pg_url, redis_server.url, tmp_path))
        return started

    yield start  # type: ignore[misc]
    for server in started:
        server.stop()


def _table(base: str, joiner: str, seats: list[dict[str, str]] = TWO_HUMANS
           ) -> tuple[str, dict[int, str]]:
    created = post(base, "/api/tables", {"game": "topword", "name": "Alice", "seats": seats,
                                         "options": {"referee": "auto"}})
    tokens = {created["seat"]: created["token"]}
    if sum(1 for s in seats if s["kind"] == "human") > 1:
        joined = post(joiner, f"/api/tables/{created['table']}/join", {"name": "Bruno"})
        tokens[joined["seat"]] = joined["token"]
    return created["table"], tokens


def _play_one(players: dict[int, Player], watchers: list[Player]) -> bool:
    """The seat to act plays its best move; everyone waits to see it. False once over."""
    view = watchers[0].view
    if view["table"]["status"] == "over":
        return False
    count = view["table"]["actions"]
    to_act = [s for s in view["table"]["to_act"] if s in players]
    if to_act:
        mover = players[to_act[0]]
        mover.until_actions(count)
        mover.play()
    for player in {*players.values(), *watchers}:
        player.until_actions(count + 1)
    return True


def _in_order(counts: list[int]) -> bool:
    return all(b == a + 1 for a, b in zip(counts, counts[1:], strict=False))


def test_clients_of_two_processes_see_every_action_in_order(servers: object,
                                                            pg_url: str) -> None:
    a, b = servers(2)  # type: ignore[operator]
    table_id, tokens = _table(a.url, b.url)  # created through a, joined through b
    players = {0: Player(table_id, tokens[0], [a.ws]), 1: Player(table_id, tokens[1], [b.ws])}
    watchers = [Player(table_id, None, [a.ws]), Player(table_id, None, [b.ws])]
    for _ in range(400):
        if not _play_one(players, watchers):
            break
    final = watchers[0].view
    assert final["table"]["status"] == "over"
    record = Record.from_json(httpx.get(f"{b.url}/api/tables/{table_id}/record").json())
    for player in [*players.values(), *watchers]:
        # Each action arrived on its own, in order, on both processes.
        assert _in_order(player.counts), player.counts
        assert player.errors == []
        assert player.view["table"] == {**final["table"], "you": player.view["table"]["you"],
                                        "acted": player.view["table"]["acted"]}
    # Each player sees its own count of actions, whichever process stored them.
    assert {seat: p.view["table"]["acted"] for seat, p in players.items()} == {
        seat: sum(line.seat == seat for line in record.actions) for seat in players}
    assert watchers[1].view["game"]["scores"] == final["game"]["scores"]
    assert len(record.actions) == final["table"]["actions"]
    assert replay(record, TOPWORD).scores() == final["game"]["scores"]
    # Chat crosses processes too (kept in the database, fanned out through the bus).
    players[0].send({"type": "chat", "text": "  Bien joué ! "})
    line = {"type": "chat", "seat": 0, "name": "Alice", "text": "Bien joué !"}
    for player in (players[1], watchers[1], players[0]):
        while (message := player.recv())["type"] != "chat":
            pass
        assert {k: message[k] for k in line} == line
        assert message["id"] >= 1 and message["at"] > 0
    for player in [*players.values(), *watchers]:
        player.close()


def test_a_process_killed_mid_game_loses_nothing(servers: object, pg_url: str) -> None:
    a, b, c = servers(3)  # type: ignore[operator]
    games = []
    for _ in range(3):  # seat 0 through a (which dies), seat 1 through b; c is the fallback
        table_id, tokens = _table(a.url, b.url)
        games.append(({0: Player(table_id, tokens[0], [a.ws, c.ws]),
                       1: Player(table_id, tokens[1], [b.ws, c.ws])},
                      [Player(table_id, None, [a.ws, c.ws])]))
    # A human against a bot created through a: a runs its bot until it dies.
    bot_id, bot_tokens = _table(a.url, b.url, [{"kind": "human"},
                                               {"kind": "bot", "level": "debutant"}])
    bot_game = ({0: Player(bot_id, bot_tokens[0], [b.ws, c.ws])},
                [Player(bot_id, None, [a.ws, c.ws])])
    games.append(bot_game)
    for _ in range(4):
        for players, watchers in games:
            _play_one(players, watchers)
    before = {players[0].table_id: watchers[0].view["table"]["actions"]
              for players, watchers in games}
    a.kill()
    for _ in range(6):
        for players, watchers in games:
            _play_one(players, watchers)
    store = Store(pg_url)
    try:
        for players, watchers in games:
            table_id = players[0].table_id
            for player in [*players.values(), *watchers]:  # a bot may have just played
                player.until_actions(store.count_actions(table_id))
            info, actions = store.load_table(table_id)
            table = Table.rebuild(info, actions)
            assert table.broken is None
            assert len(actions) >= before[table_id] + 6 or table.status == "over"
            for player in [*players.values(), *watchers]:
                assert player.view["table"]["actions"] == len(actions)
                # Nothing seen went missing: the counts never went back.
                assert player.counts == sorted(player.counts), player.counts
            assert watchers[0].reconnects == 1  # the watchers were all on a
    finally:
        store.close()
    assert all(p[0].reconnects == 1 for p, _ in games[:3])
    for players, watchers in games:
        for player in [*players.values(), *watchers]:
            player.close()


def test_while_the_database_is_away_actions_are_refused_then_accepted_again(
        servers: object, pg_url: str) -> None:
    a, b = servers(2)  # type: ignore[operator]
    table_id, tokens = _table(a.url, b.url)
    watcher = Player(table_id, None, [b.ws])
    mover = Player(table_id, tokens[watcher.view["table"]["to_act"][0]], [a.ws])
    cluster = shared_postgres()
    move = choose_move(mover.view)
    cluster.stop()
    try:
        mover.send({"type": "action", "id": "m1", "action": move})
        while not mover.errors:
            mover.recv()
        assert mover.errors == [{"type": "error", "code": "store_error", "id": "m1",
                                 "message": "Le coup n’a pas pu être enregistré : réessayez."}]
        assert mover.view["table"]["actions"] == 0  # nothing half-applied
    finally:
        cluster.start()
    mover.send({"type": "action", "action": move})
    mover.until_actions(1)
    watcher.until_actions(1)
    assert mover.counts == [0, 1] and watcher.counts == [0, 1]
    store = Store(pg_url)
    assert store.count_actions(table_id) == 1
    store.close()
    mover.close()
    watcher.close()


def test_after_a_redis_restart_clients_still_see_every_action(
        servers: object, redis_server: RedisServer) -> None:
    a, b = servers(2)  # type: ignore[operator]
    table_id, tokens = _table(a.url, b.url)
    players = {0: Player(table_id, tokens[0], [a.ws]), 1: Player(table_id, tokens[1], [b.ws])}
    watchers = [Player(table_id, None, [b.ws]), Player(table_id, None, [a.ws])]
    for _ in range(3):
        _play_one(players, watchers)
    redis_server.stop()
    # Played while Redis is down: stored, and announced once it is back (or read again by
    # the other process when it resubscribes).
    mover = next(players[s] for s in watchers[0].view["table"]["to_act"])
    mover.play()
    redis_server.start()
    for player in [*players.values(), *watchers]:  # both processes, both directions
        player.until_actions(4)
    for _ in range(3):
        _play_one(players, watchers)
    for player in [*players.values(), *watchers]:
        assert player.view["table"]["actions"] == 7
        assert player.counts == sorted(player.counts) and player.counts[-1] == 7
        assert player.errors == []
        player.close()
