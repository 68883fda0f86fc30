"""How long a bot may think: a work budget, which makes decisions reproducible, and a clock.

A searching bot counts its work in units of its own (simulated replies, searched positions) and
stops when its work budget is spent: the same position and seed then give the same move on any
machine, so tests, seeded matches and benchmarks repeat exactly. The clock is a limit on top of
it, for live play on a slow or busy machine: when it is on, the search also stops when the
seconds are up, and the move may then depend on the machine's speed.

The clock is on unless the environment variable ``LUDOMOTS_BOT_CLOCK`` is ``0``: the tests
(``tests/conftest.py``), ``ludomots sim`` and ``benchmarks/strength.py`` turn it off, the server
keeps it on.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass

CLOCK_VARIABLE = "LUDOMOTS_BOT_CLOCK"


def turn_clock_off() -> None:
    """Let every bot of this process spend its whole work budget, whatever the machine's load:
    for matches whose results must repeat (``ludomots sim``, bot calibrations)."""
    os.environ[CLOCK_VARIABLE] = "0"


def clock_enabled() -> bool:
    """Whether thinking stops when the seconds are up (see the module docstring)."""
    return os.environ.get(CLOCK_VARIABLE, "1").strip() not in ("0", "off", "false", "no")


@dataclass(frozen=True)
class Budget:
    """``work`` units at most, and ``seconds`` at most when the clock is on."""

    work: int
    seconds: float | None = None

    def start(self) -> Deadline:
        return Deadline(self.work, self.seconds)


class Deadline:
    """A budget being spent: ``spend`` after each unit of work, ``over`` before the next."""

    __slots__ = ("end", "left")

    def __init__(self, work: int, seconds: float | None) -> None:
        self.left = work
        self.end = (time.perf_counter() + seconds
                    if seconds is not None and clock_enabled() else None)

    def spend(self, units: int = 1) -> None:
        self.left -= units

    def over(self) -> bool:
        return self.left <= 0 or (self.end is not None and time.perf_counter() >= self.end)
