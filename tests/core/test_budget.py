"""Bot thinking budgets: work units make a decision reproducible, the clock only limits it."""

from __future__ import annotations

import pytest

from ludomots.core.budget import CLOCK_VARIABLE, Budget, clock_enabled


def test_the_tests_run_with_the_clock_off() -> None:
    assert clock_enabled() is False


def test_with_the_clock_off_a_budget_is_its_work_units_whatever_the_seconds() -> None:
    deadline = Budget(work=10, seconds=0.0).start()
    spent = 0
    while not deadline.over():
        deadline.spend(3)
        spent += 3
    assert spent == 12  # 10 units: the fourth spending crosses it


@pytest.mark.parametrize("value", ["1", "on", "yes"])
def test_with_the_clock_on_no_seconds_left_stops_at_once(
        value: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(CLOCK_VARIABLE, value)
    assert Budget(work=1_000, seconds=0.0).start().over() is True
    assert Budget(work=1_000, seconds=None).start().over() is False  # no seconds: no clock
