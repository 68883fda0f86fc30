from __future__ import annotations

import asyncio
import json
import logging
import threading
from collections.abc import AsyncIterator
from typing import Any

import pytest
import pytest_asyncio
from sqlalchemy import update

from ludomots.core.errors import RuleError
from ludomots.core.record import Record, replay
from ludomots.table.errors import StoreError
from ludomots.table.manager import TableManager
from ludomots.table.model import SeatSpec, TableInfo
from ludomots.table.store import ACTIONS, Store
from ludomots.table.subscription import Payload, Subscription
from tests.core.gops import GAME

from .conftest import FakeTime

SEED = 8_000_000_000_000_000_001  # prizes come out 2, 1, 3; too long to appear by chance


def _bid(card: int) -> dict[str, Any]:
    return {"type": "bid", "card": card}


def _memory_store() -> Store:
    store = Store("sqlite://")
    store.create_schema()
    return store


@pytest_asyncio.fixture
async def manager(db_url: str) -> AsyncIterator[TableManager]:
    store = Store(db_url)
    store.create_schema()
    async with TableManager(store, executor="thread", run_clocks=False) as manager:
        yield manager
    store.close()


async def _two_humans(manager: TableManager, cards: int = 3) -> tuple[str, dict[int, str]]:
    table_id, tokens = await manager.create_table(
        "gops", {"cards": cards}, [SeatSpec.human("Alice"), SeatSpec.human()], seed=SEED)
    seat, token = await manager.join(table_id, "Bob")
    assert seat == 1
    return table_id, {0: tokens[0], 1: token}


def _drain(sub: Subscription) -> list[Payload]:
    out = []
    while sub.pending():
        payload = sub._queue.get_nowait()
        if payload is not None:
            out.append(payload)
    return out


async def _until_over(sub: Subscription) -> Payload:
    while True:
        payload = await asyncio.wait_for(sub.get(), 20)
        assert payload is not None, "subscription closed before the end"
        if payload["view"]["table"]["status"] == "over":
            return payload


@pytest.mark.asyncio
async def test_two_humans_play_a_full_game_through_the_manager(manager: TableManager) -> None:
    table_id, tokens = await manager.create_table(
        "gops", {"cards": 3}, [SeatSpec.human("Alice"), SeatSpec.human()], seed=SEED)
    assert list(tokens) == [0]
    assert (await manager.view(table_id, None))["table"]["status"] == "waiting"
    with pytest.raises(RuleError) as refused:
        await manager.act(table_id, tokens[0], _bid(1))
    assert refused.value.code == "table_waiting"
    seat, tokens[1] = await manager.join(table_id, " Bob ")
    assert seat == 1
    view = await manager.view(table_id, 0)
    assert view["table"]["status"] == "playing"
    assert [s["name"] for s in view["table"]["seats"]] == ["Alice", "Bob"]

    events = await manager.act(table_id, tokens[0], _bid(1))
    assert events == [{"type": "bid", "data": {"seat": 0}},
                      {"type": "your_bid", "data": {"card": 1}}]
    events = await manager.act(table_id, tokens[1], _bid(3))
    assert events == [{"type": "bid", "data": {"seat": 1}},
                      {"type": "your_bid", "data": {"card": 3}},
                      {"type": "reveal", "data": {"prize": 2, "bids": [1, 3], "winner": 1}},
                      {"type": "prize", "data": {"prize": 1, "pot": 0}}]
    for c0, c1 in [(2, 2), (3, 1)]:
        await manager.act(table_id, tokens[0], _bid(c0))
        await manager.act(table_id, tokens[1], _bid(c1))
    view = await manager.view(table_id, None)
    assert view["table"]["status"] == "over"
    assert view["table"]["result"] == {"scores": [3, 2], "winners": [0]}
    record = Record.from_json(await manager.record(table_id))
    assert [s.name for s in record.seats] == ["Alice", "Bob"]
    assert [(a.seat, a.action["card"]) for a in record.actions] == [
        (0, 1), (1, 3), (0, 2), (1, 2), (0, 3), (1, 1)]
    assert (record.seed, record.scores, record.winners) == (SEED, [3, 2], [0])
    assert replay(record, GAME).scores() == [3, 2]
    with pytest.raises(RuleError) as refused:
        await manager.act(table_id, tokens[0], _bid(1))
    assert refused.value.code == "game_over"


@pytest.mark.asyncio
async def test_join_fills_free_seats_in_order_then_refuses(manager: TableManager) -> None:
    table_id, tokens = await manager.create_table(
        "gops", None, [SeatSpec.human(), SeatSpec.human()], seed=1)
    assert tokens == {}
    seat0, token0 = await manager.join(table_id, "Ann")
    seat1, token1 = await manager.join(table_id, "Ben")
    assert (seat0, seat1) == (0, 1) and token0 != token1
    with pytest.raises(RuleError) as refused:
        await manager.join(table_id, "Cid")
    assert refused.value.code == "table_full"
    assert await manager.seat_for_token(table_id, token1) == 1
    with pytest.raises(RuleError) as refused:
        await manager.join(table_id, "\x1b[31mRed")
    assert refused.value.code == "bad_name"


@pytest.mark.asyncio
async def test_acting_with_another_seats_token_is_impossible(manager: TableManager) -> None:
    table_id, tokens = await _two_humans(manager)
    other_id, other_tokens = await _two_humans(manager)
    await manager.act(table_id, tokens[0], _bid(2))
    # The token decides the seat: seat 0's token can only ever act for seat 0.
    with pytest.raises(RuleError) as refused:
        await manager.act(table_id, tokens[0], _bid(3))
    assert refused.value.code == "already_bid"
    for forged in (other_tokens[1], tokens[1][:-1], "", "0", tokens[1].upper()):
        with pytest.raises(RuleError) as refused:
            await manager.act(table_id, forged, _bid(3))
        assert refused.value.code == "bad_token"
    view = await manager.view(table_id, 1)
    assert view["game"]["hand"] == [1, 2, 3] and view["game"]["has_bid"] == [True, False]
    assert await manager.seat_for_token(table_id, other_tokens[0]) is None
    assert await manager.seat_for_token(other_id, other_tokens[0]) == 0


@pytest.mark.asyncio
async def test_actions_are_rate_limited_per_token(fake_time: FakeTime) -> None:
    async with TableManager(_memory_store(), executor="thread", run_clocks=False,
                            now=fake_time, rate_limit=3, rate_window=1.0) as manager:
        table_id, tokens = await _two_humans(manager)
        for card in (9, 8, 7):  # refused by the rules, but they count
            with pytest.raises(RuleError):
                await manager.act(table_id, tokens[0], _bid(card))
        with pytest.raises(RuleError) as refused:
            await manager.act(table_id, tokens[0], _bid(1))
        assert refused.value.code == "rate_limited"
        assert refused.value.message == "Trop d’actions en peu de temps : patientez un instant."
        await manager.act(table_id, tokens[1], _bid(1))  # other tokens are not affected
        fake_time.advance(1.0)
        await manager.act(table_id, tokens[0], _bid(1))


@pytest.mark.asyncio
async def test_a_failed_store_append_leaves_the_live_table_unchanged(
        manager: TableManager) -> None:
    table_id, tokens = await _two_humans(manager)
    await manager.act(table_id, tokens[0], _bid(1))
    before = [await manager.view(table_id, s) for s in (0, 1, None)]
    append = manager.store.append_actions

    def failing(*args: Any, **kwargs: Any) -> None:
        raise StoreError("connection lost")

    manager.store.append_actions = failing  # type: ignore[method-assign]
    with pytest.raises(RuleError) as refused:
        await manager.act(table_id, tokens[1], _bid(3))  # would complete the round
    assert refused.value.code == "store_error"
    assert [await manager.view(table_id, s) for s in (0, 1, None)] == before
    manager.store.append_actions = append  # type: ignore[method-assign]
    await manager.act(table_id, tokens[1], _bid(3))
    assert manager.store.count_actions(table_id) == 2


@pytest.mark.asyncio
async def test_seat_0_never_receives_seat_1s_pending_bid(manager: TableManager) -> None:
    # Two identical tables where seat 1 bids differently: everything seat 0 and spectators
    # receive before seat 0 bids must be identical, so it cannot reveal seat 1's bid.
    received: dict[int, dict[int | None, list[str]]] = {}
    for table_index, bid in enumerate((1, 3)):
        table_id, tokens = await _two_humans(manager)
        subs = {seat: await manager.subscribe(table_id, seat) for seat in (0, 1, None)}
        _drain_all(subs)
        await manager.act(table_id, tokens[1], _bid(bid))
        payloads = {seat: _drain(sub) for seat, sub in subs.items()}
        assert [len(p) for p in payloads.values()] == [1, 1, 1]
        assert '"your_bid"' in json.dumps(payloads[1])
        received[table_index] = {
            seat: [json.dumps(p, sort_keys=True).replace(table_id, "TABLE") for p in ps]
            for seat, ps in payloads.items()}
        for seat in (0, None):
            for text in received[table_index][seat]:
                for secret in ('"your_bid"', '"hands"', '"bids"', "splitmix64", str(SEED),
                               '"seed"', '"rng"'):
                    assert secret not in text
                assert '"my_bid": null' in text
    assert received[0][0] == received[1][0]
    assert received[0][None] == received[1][None]
    assert received[0][1] != received[1][1]  # seat 1 does see its own bid


def _drain_all(subs: dict[int | None, Subscription]) -> None:
    for sub in subs.values():
        _drain(sub)


@pytest.mark.asyncio
async def test_a_spectator_receives_no_hidden_information(manager: TableManager) -> None:
    table_id, tokens = await _two_humans(manager)
    spectator = await manager.subscribe(table_id, None)
    for c0, c1 in [(1, 3), (2, 2), (3, 1)]:
        await manager.act(table_id, tokens[0], _bid(c0))
        await manager.act(table_id, tokens[1], _bid(c1))
    payloads = _drain(spectator)
    assert len(payloads) == 7  # the initial view and one per action
    for payload in payloads:
        text = json.dumps(payload)
        assert '"hand": null' in text and '"my_bid": null' in text
        for secret in ('"your_bid"', '"hands"', "splitmix64", str(SEED), '"seed"', '"rng"'):
            assert secret not in text
        assert payload["view"]["table"]["you"] is None
    assert payloads[-1]["view"]["table"]["result"] == {"scores": [3, 2], "winners": [0]}


@pytest.mark.asyncio
async def test_the_full_record_is_given_only_once_the_game_is_over(
        manager: TableManager) -> None:
    table_id, tokens = await _two_humans(manager)
    with pytest.raises(RuleError) as refused:
        await manager.record(table_id)
    assert refused.value.code == "record_unavailable"


@pytest.mark.asyncio
async def test_the_lobby_lists_live_tables_without_secrets(manager: TableManager) -> None:
    table_id, _ = await manager.create_table(
        "gops", {"cards": 4}, [SeatSpec.human("Alice"), SeatSpec.human()], seed=SEED)
    (entry,) = await manager.lobby()
    assert entry["id"] == table_id and entry["title"] == "Goofspiel"
    assert entry["status"] == "waiting"
    assert [s["open"] for s in entry["seats"]] == [False, True]
    assert entry["options"] == {"cards": 4, "tie_rule": "discard"}
    assert "seed" not in entry and str(SEED) not in json.dumps(entry)


@pytest.mark.asyncio
async def test_creating_a_table_validates_everything_in_french(manager: TableManager) -> None:
    cases = [
        (("chess", None, [SeatSpec.human("A")] * 2), "unknown_game", "Jeu inconnu : « chess »."),
        (("gops", None, [SeatSpec.human("A")]), "bad_seats",
         "Goofspiel se joue de 2 à 4 joueurs."),
        (("gops", None, [SeatSpec.human("A"), SeatSpec.bot("confirme")]), "unknown_level",
         "Niveau de robot inconnu : « confirme »."),
        (("gops", {"cards": 99}, [SeatSpec.human("A")] * 2), "bad_options",
         "Options invalides : « Cartes » doit être compris entre 1 et 20."),
        (("gops", {"cards": "8"}, [SeatSpec.human("A")] * 2), "bad_options",
         "Options invalides : « Cartes » attend un nombre entier."),
        (("gops", {"tie": "carry"}, [SeatSpec.human("A")] * 2), "bad_options",
         "Options invalides : option inconnue « tie »."),
    ]
    for args, code, message in cases:
        with pytest.raises(RuleError) as refused:
            await manager.create_table(*args)
        assert (refused.value.code, refused.value.message) == (code, message)
    with pytest.raises(RuleError) as refused:
        await manager.create_table("gops", None, [SeatSpec.human("A")] * 2, seed=2**64)
    assert refused.value.code == "bad_seed"
    with pytest.raises(RuleError) as refused:
        await manager.view("no-such-table", None)
    assert refused.value.code == "unknown_table"
    assert await manager.lobby() == []


async def _bot_game(executor: str) -> Record:
    async with TableManager(_memory_store(), executor=executor,  # type: ignore[arg-type]
                            max_workers=1, run_clocks=False) as manager:
        table_id, tokens = await manager.create_table(
            "gops", {"cards": 6}, [SeatSpec.bot("expert"), SeatSpec.bot("debutant")], seed=9)
        assert tokens == {}
        sub = await manager.subscribe(table_id, None)
        final = await _until_over(sub)
        assert final["view"]["table"]["actions"] == 12
        return Record.from_json(await manager.record(table_id))


@pytest.mark.asyncio
async def test_bots_play_their_seats_to_the_end_in_threads() -> None:
    record = await _bot_game("thread")
    assert len(record.actions) == 12
    assert replay(record, GAME).scores() == record.scores
    assert [s.level for s in record.seats] == ["expert", "debutant"]


@pytest.mark.asyncio
async def test_bots_play_their_seats_to_the_end_in_processes_identically() -> None:
    in_processes = await _bot_game("process")
    in_threads = await _bot_game("thread")
    assert [(a.seat, a.action, a.digest) for a in in_processes.actions] == \
        [(a.seat, a.action, a.digest) for a in in_threads.actions]
    assert in_processes.scores == in_threads.scores


@pytest.mark.asyncio
async def test_a_human_plays_against_a_bot(manager: TableManager) -> None:
    table_id, tokens = await manager.create_table(
        "gops", {"cards": 3}, [SeatSpec.human("Alice"), SeatSpec.bot("expert")], seed=SEED)
    sub = await manager.subscribe(table_id, 0)
    for card in (1, 2, 3):
        await manager.idle()  # the bot's bid of this round is in
        await manager.act(table_id, tokens[0], _bid(card))
    final = await _until_over(sub)
    assert final["view"]["table"]["actions"] == 6
    assert final["view"]["game"]["history"][0]["bids"][0] == 1


@pytest.mark.asyncio
async def test_a_restart_resumes_an_unfinished_game_identically(db_url: str) -> None:
    url = db_url
    store = Store(url)
    store.create_schema()
    async with TableManager(store, executor="thread", run_clocks=False) as first:
        table_id, tokens = await _two_humans(first, cards=4)
        for seat, card in [(0, 1), (1, 4), (0, 2)]:
            await first.act(table_id, tokens[seat], _bid(card))
        views = [await first.view(table_id, s) for s in (0, 1, None)]
        live = first.live_table(table_id)
        assert live is not None
        digest = live.state.digest()
    store.close()

    store = Store(url)
    async with TableManager(store, executor="thread", run_clocks=False) as second:
        assert second.live_table(table_id) is None
        assert await second.load_all() == 1
        resumed = second.live_table(table_id)
        assert resumed is not None and resumed.status == "playing"
        assert resumed.state.digest() == digest
        assert [await second.view(table_id, s) for s in (0, 1, None)] == views
        # The tokens survive the restart (only their hashes were stored).
        await second.act(table_id, tokens[1], _bid(1))
        for c0, c1 in [(3, 2), (4, 3)]:
            await second.act(table_id, tokens[0], _bid(c0))
            await second.act(table_id, tokens[1], _bid(c1))
        assert (await second.view(table_id, None))["table"]["status"] == "over"
    store.close()


@pytest.mark.asyncio
async def test_bots_resume_their_game_after_a_restart(db_url: str) -> None:
    url = db_url
    store = Store(url)
    store.create_schema()
    async with TableManager(store, executor="thread", run_clocks=False) as first:
        table_id, tokens = await manager_table_with_bot(first)
        await first.idle()  # the bot bids at once: the bids are simultaneous
        assert store.count_actions(table_id) == 1
        await first.act(table_id, tokens[0], _bid(1))
        await first.idle()  # round 1 resolved, and the bot has bid for round 2
        assert store.count_actions(table_id) == 3
    # As if the process had died before the bot's answer was stored.
    with store.engine.begin() as conn:
        conn.execute(ACTIONS.delete().where(ACTIONS.c.table_id == table_id, ACTIONS.c.seq == 2))
    async with TableManager(store, executor="thread", run_clocks=False) as second:
        assert await second.load_all() == 1
        await second.idle()
        assert [(a.seq, a.seat) for a in store.load_actions(table_id)] == [(0, 1), (1, 0), (2, 1)]
        for card in (2, 3):
            await second.act(table_id, tokens[0], _bid(card))
            await second.idle()
        assert (await second.view(table_id, None))["table"]["status"] == "over"
    store.close()


@pytest.mark.asyncio
async def test_a_restart_resumes_playing_tables_and_leaves_waiting_ones_in_the_store(
        db_url: str) -> None:
    store = Store(db_url)
    store.create_schema()
    async with TableManager(store, executor="thread", run_clocks=False) as first:
        abandoned = [(await first.create_table("gops", {"cards": 3},
                                               [SeatSpec.human("Alice"), SeatSpec.human()],
                                               seed=SEED + i))[0] for i in range(20)]
        table_id, tokens = await manager_table_with_bot(first)
        await first.idle()
        await first.act(table_id, tokens[0], _bid(1))
        await first.idle()
    async with TableManager(store, executor="thread", run_clocks=False) as second:
        assert await second.load_all() == 1
        # Nobody has come back to the waiting tables: nothing of them was replayed.
        assert [t for t in abandoned if second.live_table(t) is not None] == []
        assert second.live_table(table_id) is not None
        assert await second.resume() == 1  # what a server runs in the background: the same
        # They load on demand, and stay waiting for their second player.
        assert (await second.view(abandoned[0], None))["table"]["status"] == "waiting"
        assert (await second.join(abandoned[0], "Bruno"))[0] == 1
    store.close()


async def manager_table_with_bot(manager: TableManager) -> tuple[str, dict[int, str]]:
    return await manager.create_table(
        "gops", {"cards": 3}, [SeatSpec.human("Alice"), SeatSpec.bot("expert")], seed=SEED)


@pytest.mark.asyncio
async def test_a_divergent_record_marks_the_table_broken_without_crashing(
        db_url: str, caplog: pytest.LogCaptureFixture) -> None:
    url = db_url
    store = Store(url)
    store.create_schema()
    async with TableManager(store, executor="thread", run_clocks=False) as first:
        table_id, tokens = await _two_humans(first)
        healthy_id, healthy_tokens = await _two_humans(first)
        for seat, card in [(0, 1), (1, 3), (0, 2)]:
            await first.act(table_id, tokens[seat], _bid(card))
    with store.engine.begin() as conn:  # a rules change would look just like this
        conn.execute(update(ACTIONS).where(ACTIONS.c.table_id == table_id, ACTIONS.c.seq == 1)
                     .values(digest="0" * 64))
    async with TableManager(store, executor="thread", run_clocks=False) as second:
        assert await second.load_all() == 2
        view = await second.view(table_id, None)
        assert view["table"]["status"] == "broken"
        assert store.load_info(table_id).status == "broken"
        assert "is broken: state digest differs after action 1 by seat 1" in caplog.text
        with pytest.raises(RuleError) as refused:
            await second.act(table_id, tokens[1], _bid(2))
        assert refused.value.code == "table_broken"
        await second.act(healthy_id, healthy_tokens[0], _bid(1))  # the others play on
        assert [t["id"] for t in await second.lobby()] == [healthy_id]
    store.close()


@pytest.mark.asyncio
async def test_a_table_whose_options_its_game_refuses_is_marked_broken_and_reported_once(
        db_url: str, caplog: pytest.LogCaptureFixture) -> None:
    store = Store(db_url)
    store.create_schema()
    # Stored by an older version that accepted any integer (10**400 seconds overflowed).
    info = TableInfo(id="tooLong", game="typo", options={"thinking_seconds": 10**400},
                     seed=SEED, seats=(SeatSpec.human("Alice"), SeatSpec.bot("debutant")),
                     status="playing")
    store.create_table(info, {0: "token-of-alice"})
    reports = []
    for _ in range(2):  # two starts of the server
        caplog.clear()
        async with TableManager(store, executor="thread", run_clocks=False) as manager:
            assert await manager.load_all() == 0
            for _ in range(2):  # two spectators open it
                with pytest.raises(RuleError) as refused:
                    await manager.view("tooLong", None)
                assert (refused.value.code, refused.value.message) == (
                    "table_unavailable", "Cette partie ne peut pas être chargée.")
        assert store.load_info("tooLong").status == "broken"
        reports.append([r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR])
    assert reports == [["table tooLong: cannot start typo: option 'thinking_seconds' must be "
                        "between 0 and 86400"], []]
    store.close()


@pytest.mark.asyncio
async def test_conflicting_actions_from_two_processes_are_stored_once(db_url: str) -> None:
    url = db_url
    store_a, store_b = Store(url), Store(url)
    store_a.create_schema()
    async with TableManager(store_a, executor="thread", run_clocks=False) as a, \
            TableManager(store_b, executor="thread", run_clocks=False) as b:
        table_id, tokens = await _two_humans(a)
        await b.view(table_id, None)  # b loads the table before a's action
        await a.act(table_id, tokens[0], _bid(1))
        # b still believes action 0 is next: the store refuses, b catches up and retries.
        events = await b.act(table_id, tokens[1], _bid(3))
        assert [e["type"] for e in events] == ["bid", "your_bid", "reveal", "prize"]
        assert [(x.seq, x.seat) for x in store_a.load_actions(table_id)] == [(0, 0), (1, 1)]
        # a is now behind; its next action catches up the same way.
        await a.act(table_id, tokens[0], _bid(2))
        live_a, live_b = a.live_table(table_id), b.live_table(table_id)
        assert live_a is not None and live_b is not None
        assert live_a.seq == 3 and live_b.seq == 2
        await b.act(table_id, tokens[1], _bid(2))
        assert live_a.seq == 3 and live_b.seq == 4
        assert store_a.count_actions(table_id) == 4
        # A bid that is no longer legal after catching up is refused, and not stored.
        with pytest.raises(RuleError) as refused:
            await a.act(table_id, tokens[1], _bid(2))
        assert refused.value.code == "card_not_in_hand"
        assert live_a.state.digest() == live_b.state.digest()
    store_a.close()
    store_b.close()


@pytest.mark.asyncio
async def test_bot_moves_wait_for_the_configured_delay() -> None:
    async with TableManager(_memory_store(), executor="thread", run_clocks=False,
                            bot_delay=0.05) as manager:
        started = asyncio.get_running_loop().time()
        table_id, _ = await manager_table_with_bot(manager)
        await manager.idle()
        assert asyncio.get_running_loop().time() - started >= 0.05
        assert manager.store.count_actions(table_id) == 1


@pytest.mark.asyncio
async def test_a_busy_table_never_blocks_another(manager: TableManager) -> None:
    busy_id, _ = await _two_humans(manager)
    free_id, tokens = await _two_humans(manager)
    async with manager._lock(busy_id):  # as if a slow action were in progress there
        events = await asyncio.wait_for(manager.act(free_id, tokens[0], _bid(1)), 5)
    assert events[0] == {"type": "bid", "data": {"seat": 0}}


@pytest.mark.asyncio
async def test_finished_tables_leave_memory_and_come_back_on_demand(
        manager: TableManager) -> None:
    table_id, tokens = await _two_humans(manager)
    sub = await manager.subscribe(table_id, None)
    for c0, c1 in [(1, 3), (2, 2), (3, 1)]:
        await manager.act(table_id, tokens[0], _bid(c0))
        await manager.act(table_id, tokens[1], _bid(c1))
    assert manager.live_table(table_id) is not None  # someone is still watching
    manager.unsubscribe(sub)
    assert manager.live_table(table_id) is None
    record = await manager.record(table_id)  # back on demand
    assert record["scores"] == [3, 2]


@pytest.mark.asyncio
async def test_a_finished_table_reopened_again_and_again_is_replayed_once(
        manager: TableManager) -> None:
    """Before: every socket opened on a finished game replayed it, on the event loop."""
    table_id, tokens = await _two_humans(manager)
    for c0, c1 in [(1, 3), (2, 2), (3, 1)]:
        await manager.act(table_id, tokens[0], _bid(c0))
        await manager.act(table_id, tokens[1], _bid(c1))
    assert manager.live_table(table_id) is None  # over, nobody watching
    reads = []
    load_table = manager.store.load_table

    def counted(table: str) -> Any:
        reads.append(table)
        return load_table(table)

    manager.store.load_table = counted  # type: ignore[method-assign]
    for _ in range(20):  # a client reconnecting in a loop
        sub = await manager.subscribe(table_id, None)
        assert (await sub.get() or {})["view"]["table"]["status"] == "over"
        manager.unsubscribe(sub)
    assert reads == []
    manager.store.load_table = load_table  # type: ignore[method-assign]


@pytest.mark.asyncio
async def test_updates_carry_only_the_new_entries_of_a_move_log(manager: TableManager) -> None:
    table_id, tokens = await manager.create_table(
        "topword", {"referee": "auto"}, [SeatSpec.human("Alice"), SeatSpec.human("Bob")],
        seed=SEED)
    sub = await manager.subscribe(table_id, 0)
    assert _drain(sub)[0]["view"]["game"]["history"] == []
    for _ in range(3):
        table = manager.live_table(table_id)
        assert table is not None
        seat = min(table.to_act())
        await manager.act(table_id, tokens[seat], {"type": "pass", "exchange": None})
    updates = _drain(sub)
    assert [u["logs"] for u in updates] == [{"history": 0}, {"history": 1}, {"history": 2}]
    full = (await manager.view(table_id, 0))["game"]["history"]
    assert len(full) == 3 and [u["view"]["game"]["history"] for u in updates] == [
        [full[0]], [full[1]], [full[2]]]
    late = await manager.subscribe(table_id, None)  # a late subscriber gets the whole log
    assert _drain(late)[0]["view"]["game"]["history"] == full


@pytest.mark.asyncio
async def test_an_action_whose_sender_leaves_during_its_write_still_completes(
        manager: TableManager) -> None:
    table_id, tokens = await _two_humans(manager)
    sub = await manager.subscribe(table_id, 1)
    _drain(sub)
    writing, release = threading.Event(), threading.Event()
    append = manager.store.append_actions

    def slow(rows: Any) -> Any:
        writing.set()
        assert release.wait(60), "never released"
        return append(rows)

    manager.store.append_actions = slow  # type: ignore[method-assign]
    sender = asyncio.create_task(manager.act(table_id, tokens[0], _bid(1)))
    assert await asyncio.to_thread(writing.wait, 60)  # the bid is being stored
    sender.cancel()  # the browser's connection closed while the bid was being stored
    release.set()
    with pytest.raises(asyncio.CancelledError):
        await sender
    update = await asyncio.wait_for(sub.get(), 60)  # the stored bid still goes out
    manager.store.append_actions = append  # type: ignore[method-assign]
    assert manager.store.count_actions(table_id) == 1
    assert update is not None and update["view"]["table"]["actions"] == 1
    assert _drain(sub) == []
    await manager.act(table_id, tokens[1], _bid(3))  # and the game goes on
