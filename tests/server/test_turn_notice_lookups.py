"""The turn notices look up whose seats these are only when a notice could reach a page
(issue 22: the lookup was a database read and a thread hand-off at every human turn, for
guests' tables too, whose notices went nowhere). What the pages receive is unchanged:
tests/server/test_turn_notices.py."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from ludomots.accounts.db import AccountDb
from ludomots.core import registry
from ludomots.server.personal import PersonalHub
from ludomots.server.turns import TurnNotices
from ludomots.table.model import ClockSettings, SeatSpec, TableInfo
from ludomots.table.store import Store
from ludomots.table.table import Table
from tests.core.gops import BOTS, GAME

INFO = TableInfo(id="t1", game="gops", options={"cards": 3, "tie_rule": "discard"}, seed=7,
                 seats=(SeatSpec.human("Ana"), SeatSpec.human("Bruno")), status="playing",
                 clock=ClockSettings(0))


@pytest.fixture(autouse=True)
def gops_registered() -> Iterator[None]:
    registry.register("gops", GAME, BOTS)
    yield
    registry.unregister("gops")


class CountingDb(AccountDb):
    """The real accounts database, counting the seat lookups."""

    lookups = 0

    def seat_links(self, table_id: str) -> dict[int, int]:
        self.lookups += 1
        return super().seat_links(table_id)


class Page:
    def __init__(self) -> None:
        self.payloads: list[dict[str, Any]] = []

    def deliver(self, payload: dict[str, Any]) -> None:
        self.payloads.append(payload)


@pytest.mark.asyncio
async def test_no_lookup_while_no_page_could_hear_then_the_notice_as_before(
        tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'a.db'}")
    store.migrate()
    store.create_table(INFO, {0: "token-ana", 1: "token-bruno"})
    db = CountingDb(store)
    ana = db.create_account("Ana", "hash")
    assert db.link_seat("t1", 0, ana.id)
    hub = PersonalHub(presence_seconds=0)
    notices = TurnNotices(db, hub)
    table = Table.new(INFO)
    assert table.to_act() == frozenset({0, 1})  # both bid: both seats become « to act »

    notices.moved(table, frozenset())  # one process, no page open: nobody to tell
    assert db.lookups == 0 and not notices._tasks

    page = Page()
    await hub.join(ana.id, page)  # Ana opens a page: her turns are told again
    notices.moved(table, frozenset())
    await asyncio.gather(*notices._tasks)
    assert db.lookups == 1
    assert page.payloads == [{"type": "turn", "table": "t1", "game": "gops",
                              "title": GAME.title, "url": "/table/t1", "seat": 0}]

    await hub.leave(ana.id, page)
    notices.moved(table, frozenset())
    assert db.lookups == 1 and not notices._tasks
    store.close()
