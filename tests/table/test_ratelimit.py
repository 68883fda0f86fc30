from __future__ import annotations

from ludomots.table.ratelimit import RateLimiter

from .conftest import FakeTime


def test_the_rate_limiter_uses_a_sliding_window(fake_time: FakeTime) -> None:
    limiter = RateLimiter(2, 1.0, fake_time)
    assert [limiter.hit("a"), limiter.hit("a"), limiter.hit("a")] == [True, True, False]
    assert limiter.hit("b")
    fake_time.advance(0.5)
    assert not limiter.hit("a")
    fake_time.advance(0.5)
    assert limiter.hit("a")
    assert RateLimiter(0, 1.0, fake_time).hit("a")  # 0: unlimited
