from __future__ import annotations

import pytest

from ludomots.table.subscription import Subscription


@pytest.mark.asyncio
async def test_a_subscription_yields_payloads_in_order_until_closed() -> None:
    sub = Subscription("t", 0)
    assert sub.push({"n": 1}) and sub.push({"n": 2})
    sub.close()
    assert not sub.push({"n": 3})
    assert [p async for p in sub] == [{"n": 1}, {"n": 2}]
    assert await sub.get() is None


@pytest.mark.asyncio
async def test_a_subscriber_that_falls_behind_is_cut_off() -> None:
    sub = Subscription("t", None, maxsize=2)
    assert sub.push({"n": 1}) and sub.push({"n": 2})
    assert not sub.push({"n": 3})
    assert sub.closed and sub.overflowed
    assert [p async for p in sub] == [{"n": 1}, {"n": 2}]
