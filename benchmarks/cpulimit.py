"""A fixed CPU share per server process, so that a 2-core machine can show how capacity scales.

On this machine every server process, PostgreSQL, Redis and the load generator share two
cores: with more processes than cores, adding processes adds no CPU and `load.py` can only
show the cost of contention. Capping each server (its bot workers included, they are its
children) at the same fraction of a core turns the question into one this machine can answer:
does a process hold as many tables when it is one of 4 as when it is alone? If so, capacity
grows with the processes as long as each has its share, which is what a deployment with a
core per process gives.

Linux control groups do the capping: the cgroup v2 ``cpu.max`` of a child group of the
unified hierarchy when its ``cpu`` controller is enabled, else the cgroup v1 ``cpu``
controller's ``cpu.cfs_quota_us``. The period is short (10 ms, against the kernel's default
100 ms) so that a throttled server stalls for milliseconds, not for most of a tenth of a
second, which would dominate the latency percentiles. Needs root; says so otherwise.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable
from pathlib import Path

PERIOD_US = 10_000
_V1 = Path("/sys/fs/cgroup/cpu")
_V2 = Path("/sys/fs/cgroup")


class CpuLimit:
    """A control group capped at ``cores`` (e.g. 0.25: a quarter of one core); ``preexec``
    moves a process being started into it (with its future children) before it runs."""

    def __init__(self, name: str, cores: float) -> None:
        if cores <= 0:
            raise ValueError("a CPU limit must be a positive number of cores")
        self.quota_us = max(1_000, round(cores * PERIOD_US))
        self.path, settings = self._layout(name)
        try:
            self.path.mkdir(exist_ok=True)
            for file, value in settings:  # in order
                (self.path / file).write_text(value)
        except OSError as exc:
            raise SystemExit(f"--cpu-limit needs a writable cgroup cpu controller (root): "
                             f"{exc}") from exc

    def _layout(self, name: str) -> tuple[Path, list[tuple[str, str]]]:
        """The group's folder and the (file, value) pairs that cap it, in writing order."""
        controllers = _V2 / "cgroup.controllers"
        if controllers.exists() and "cpu" in controllers.read_text().split() and \
                "cpu" in (_V2 / "cgroup.subtree_control").read_text().split():
            return _V2 / name, [("cpu.max", f"{self.quota_us} {PERIOD_US}")]
        if (_V1 / "cpu.cfs_quota_us").exists():
            # The period first: a quota above the old period would be refused otherwise.
            return _V1 / name, [("cpu.cfs_period_us", str(PERIOD_US)),
                                ("cpu.cfs_quota_us", str(self.quota_us))]
        raise SystemExit("--cpu-limit needs Linux control groups with a cpu controller "
                         "(cgroup v2 cpu.max or v1 cpu.cfs_quota_us); none is mounted")

    @property
    def preexec(self) -> Callable[[], None]:
        procs = str(self.path / "cgroup.procs")

        def join() -> None:  # runs in the child between fork and exec
            with open(procs, "w") as handle:
                handle.write(str(os.getpid()))
        return join

    def throttled_ms(self) -> float:
        """How long the group has been held back by its limit so far (ms)."""
        for line in (self.path / "cpu.stat").read_text().splitlines():
            key, _, value = line.partition(" ")
            if key == "throttled_usec":
                return int(value) / 1000
            if key == "throttled_time":  # cgroup v1: nanoseconds
                return int(value) / 1e6
        return 0.0

    def close(self) -> None:
        """Remove the group once its processes have ended (a group with members stays)."""
        with contextlib.suppress(OSError):
            self.path.rmdir()
