"""Resign and rematch in the table layer (issue 19; resign.py, manager.resign/rematch) and the
chat kept with the table (store.add_chat/load_chat)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest
import pytest_asyncio

from ludomots.core.errors import RuleError
from ludomots.table.manager import TableManager
from ludomots.table.model import ResignRule, SeatSpec
from ludomots.table.store import Store

SEED = 8_000_000_000_000_000_001  # prizes come out 2, 1, 3


def _bid(card: int) -> dict[str, object]:
    return {"type": "bid", "card": card}


@pytest_asyncio.fixture
async def manager(db_url: str) -> AsyncIterator[TableManager]:
    store = Store(db_url)
    store.migrate()
    async with TableManager(store, executor="thread", run_clocks=False) as manager:
        yield manager
    store.close()


async def _humans(manager: TableManager, count: int, cards: int = 3,
                  resign: ResignRule | None = None) -> tuple[str, dict[int, str]]:
    names = ["Alice", "Bob", "Chloé", "David"][:count]
    table_id, tokens = await manager.create_table(
        "gops", {"cards": cards}, [SeatSpec.human(names[0])] +
        [SeatSpec.human() for _ in names[1:]], seed=SEED, resign=resign)
    for name in names[1:]:
        seat, token = await manager.join(table_id, name)
        tokens[seat] = token
    return table_id, tokens


@pytest.mark.asyncio
async def test_at_two_players_the_one_who_resigns_loses_and_the_game_ends(
        manager: TableManager) -> None:
    table_id, tokens = await _humans(manager, 2)
    await manager.act(table_id, tokens[0], _bid(3))
    await manager.act(table_id, tokens[1], _bid(1))  # Alice leads 2-0 on points
    departure = await manager.resign(table_id, tokens[0])
    assert departure["seat"] == 0 and departure["name"] == "Alice"
    assert departure["level"] is None and departure["seq"] == 2
    view = await manager.view(table_id, 1)
    assert view["table"]["status"] == "over"
    assert view["table"]["result"] == {"scores": [2, 0], "winners": [1], "ranks": [2, 1],
                                       "reason": "resign"}
    assert view["table"]["departures"][0]["reason"] == "resign"
    assert await manager.lobby() == []  # no longer among the running tables
    with pytest.raises(RuleError) as refused:
        await manager.act(table_id, tokens[1], _bid(2))
    assert refused.value.code == "game_over"
    with pytest.raises(RuleError) as again:
        await manager.resign(table_id, tokens[0])
    assert again.value.code == "resigned"
    with pytest.raises(RuleError) as over:
        await manager.resign(table_id, tokens[1])
    assert over.value.code == "game_over"


@pytest.mark.asyncio
async def test_a_table_ended_by_resignation_survives_a_restart(db_url: str) -> None:
    store = Store(db_url)
    store.migrate()
    async with TableManager(store, executor="thread", run_clocks=False) as first:
        table_id, tokens = await _humans(first, 2)
        await first.act(table_id, tokens[1], _bid(2))
        await first.resign(table_id, tokens[1])
    async with TableManager(store, executor="thread", run_clocks=False) as second:
        view = await second.view(table_id, None)
        assert view["table"]["status"] == "over"  # not "broken": the departure explains it
        assert view["table"]["result"]["winners"] == [0]
        record = await second.record(table_id)
        assert [s["name"] for s in record["seats"]] == ["Alice", "Bob"]
        assert len(record["actions"]) == 1
    store.close()


@pytest.mark.asyncio
async def test_at_three_players_a_bot_of_the_chosen_level_takes_the_seat_and_play_goes_on(
        manager: TableManager) -> None:
    table_id, tokens = await _humans(manager, 3, resign=ResignRule("bot", "expert"))
    await manager.act(table_id, tokens[0], _bid(1))
    await manager.resign(table_id, tokens[1])
    await manager.idle()
    view = await manager.view(table_id, 1)
    seats = view["table"]["seats"]
    assert seats[1]["kind"] == "bot" and seats[1]["level"] == "expert"
    assert seats[1]["departed"] == "resign"
    assert view["table"]["status"] == "playing"
    # Bob now sees what a spectator sees: the bot's hand is not his any more.
    assert view["table"]["you"] is None and view["table"]["left"] == 1
    assert view["game"] == (await manager.view(table_id, None))["game"]
    with pytest.raises(RuleError) as refused:
        await manager.act(table_id, tokens[1], _bid(2))
    assert refused.value.code == "resigned"
    # The bot bids for seat 1 on its own; the two humans finish the game.
    await manager.act(table_id, tokens[2], _bid(1))
    await manager.idle()
    for card in (2, 3):
        for seat in (0, 2):
            await manager.act(table_id, tokens[seat], _bid(card))
        await manager.idle()
    view = await manager.view(table_id, None)
    assert view["table"]["status"] == "over"
    result = view["table"]["result"]
    assert result["ranks"][1] == 3  # the one who left ranks last, whatever the bot scored
    assert 1 not in result["winners"] and result["reason"] is None


@pytest.mark.asyncio
async def test_at_three_players_with_the_score_rule_the_game_ends_on_the_scores(
        manager: TableManager) -> None:
    table_id, tokens = await _humans(manager, 3, resign=ResignRule("score"))
    await manager.act(table_id, tokens[0], _bid(1))
    await manager.act(table_id, tokens[1], _bid(3))
    await manager.act(table_id, tokens[2], _bid(2))  # Bob's 3 wins the prize 2
    await manager.resign(table_id, tokens[1])
    view = await manager.view(table_id, None)
    assert view["table"]["status"] == "over"
    assert view["table"]["result"] == {"scores": [0, 2, 0], "winners": [0, 2],
                                       "ranks": [1, 3, 1], "reason": "resign"}


@pytest.mark.asyncio
async def test_when_every_human_has_resigned_the_table_ends(manager: TableManager) -> None:
    table_id, tokens = await manager.create_table(
        "gops", {"cards": 3}, [SeatSpec.human("Alice"), SeatSpec.bot("debutant"),
                               SeatSpec.bot("expert")], seed=SEED)
    assert [t["id"] for t in await manager.lobby()] == [table_id]
    await manager.resign(table_id, tokens[0])
    view = await manager.view(table_id, None)
    assert view["table"]["status"] == "over"
    assert view["table"]["result"]["ranks"][0] == 3
    assert await manager.lobby() == []


@pytest.mark.asyncio
async def test_resigning_before_the_game_starts_is_refused(manager: TableManager) -> None:
    table_id, tokens = await manager.create_table(
        "gops", {"cards": 3}, [SeatSpec.human("Alice"), SeatSpec.human()], seed=SEED)
    with pytest.raises(RuleError) as refused:
        await manager.resign(table_id, tokens[0])
    assert refused.value.code == "table_waiting"
    with pytest.raises(RuleError) as bad:
        await manager.resign(table_id, "not-a-token")
    assert bad.value.code == "bad_token"


@pytest.mark.asyncio
async def test_a_rematch_has_the_same_game_options_and_seats_and_is_made_once(
        manager: TableManager) -> None:
    table_id, tokens = await manager.create_table(
        "gops", {"cards": 2, "tie_rule": "carry"},
        [SeatSpec.human("Alice"), SeatSpec.human(), SeatSpec.bot("expert")], seed=SEED,
        clock=30, resign=ResignRule("score"))
    _, bob = await manager.join(table_id, "Bob")
    with pytest.raises(RuleError) as early:
        await manager.rematch(table_id, tokens[0])
    assert early.value.code == "rematch_unavailable"
    await manager.resign(table_id, bob)  # the score rule ends the game
    new_id, seat, token, created = await manager.rematch(table_id, bob)
    assert (seat, created) == (1, True)
    again_id, again_seat, alice, created = await manager.rematch(table_id, tokens[0])
    assert (again_id, again_seat, created) == (new_id, 0, False)
    info = manager.store.load_info(new_id)
    old = manager.store.load_info(table_id)
    assert info.game == "gops" and info.options == old.options and info.seed != old.seed
    assert [(s.kind, s.level, s.name) for s in info.seats] == [
        ("human", None, "Alice"), ("human", None, "Bob"), ("bot", "expert", "Robot Expert")]
    assert info.clock.seconds_per_move == 30 and info.resign_rule == ResignRule("score")
    assert info.status == "playing" and info.rematch_of == table_id and old.rematch == new_id
    assert await manager.seat_for_token(new_id, token) == 1
    assert await manager.seat_for_token(new_id, alice) == 0
    # Nobody else takes a seat kept for the players of the first game.
    with pytest.raises(RuleError) as reserved:
        await manager.join(new_id, "Zoé")
    assert reserved.value.code == "seat_reserved"
    # Asked again from another device: the same seat, a new token.
    third_id, third_seat, newer, _ = await manager.rematch(table_id, bob)
    assert (third_id, third_seat) == (new_id, 1)
    assert await manager.seat_for_token(new_id, newer) == 1
    assert await manager.seat_for_token(new_id, token) is None


@pytest.mark.asyncio
async def test_two_rematch_requests_at_once_make_one_table(manager: TableManager) -> None:
    table_id, tokens = await _humans(manager, 2, cards=1)
    await manager.act(table_id, tokens[0], _bid(1))
    await manager.act(table_id, tokens[1], _bid(1))
    assert (await manager.view(table_id, None))["table"]["status"] == "over"
    answers = await asyncio.gather(manager.rematch(table_id, tokens[0]),
                                   manager.rematch(table_id, tokens[1]))
    assert answers[0][0] == answers[1][0]
    assert sorted(a[1] for a in answers) == [0, 1]
    assert sorted(a[3] for a in answers) == [False, True]
    assert manager.store.load_info(answers[0][0]).status == "playing"


def test_chat_lines_are_kept_with_the_table_and_the_last_ones_come_back(db_url: str) -> None:
    store = Store(db_url)
    store.migrate()
    from ludomots.table.creation import new_table_info

    info = new_table_info("gops", {"cards": 2}, [SeatSpec.human("Alice"), SeatSpec.human()],
                          SEED, None, lambda: 1_700_000_000.0)
    store.create_table(info, {0: "t0"})
    for i in range(205):
        store.add_chat(info.id, 0 if i % 2 else None, "Alice", f"ligne {i}")
    store.close()
    reopened = Store(db_url)  # a restart: a new engine on the same database
    lines = reopened.load_chat(info.id)
    assert len(lines) == 200
    assert [line["text"] for line in lines[:2]] == ["ligne 5", "ligne 6"]
    assert lines[-1]["text"] == "ligne 204" and lines[-1]["seat"] is None
    assert lines[-2]["seat"] == 0
    assert set(lines[0]) == {"id", "seat", "name", "text", "at"}
    assert reopened.load_chat("other") == []
    reopened.close()
