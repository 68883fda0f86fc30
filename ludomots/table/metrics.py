"""The server's Prometheus metrics (``prometheus-client``), shown by ``GET /metrics``.

Counters and histograms live here, at module level, because Prometheus's client keeps them
per process: every layer that has something to count imports this module (the manager its
actions, the bot runner its turns, the store its errors, the cluster its lease takeovers,
the WebSocket layer its connections). Tables by status and game are not counted as they
change but read from the database at each scrape (``TablesCollector``): the database is the
truth for every process, and a scrape of any process gives the same whole-site figure.

Several processes on one machine behind one address (``ludomots serve --metrics-dir``, or
``PROMETHEUS_MULTIPROC_DIR`` set before start) use the client's multiprocess mode: each process
writes its values to memory-mapped files in that folder, and ``/metrics`` on any of them sums
them all (connections: over the live processes). The folder must be emptied before the
processes start. Processes on different machines are scraped one by one, as usual.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Sequence

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram
from prometheus_client.core import GaugeMetricFamily, Metric
from prometheus_client.registry import Collector

#: Set (to a folder) when several processes share their metrics through files.
MULTIPROCESS_ENV = "PROMETHEUS_MULTIPROC_DIR"

#: Action latency: from the action's arrival in the manager to its subscribers told (seconds).
ACTION_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)
#: A bot's turn: queued for a worker, then thinking (seconds).
BOT_BUCKETS = (0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 5.0, 10.0, 30.0)
#: A bot's wait for a worker (seconds): finer at the bottom, where a server with room answers.
BOT_QUEUE_BUCKETS = (0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 5.0, 10.0,
                     30.0, 60.0)

ACTIONS = Counter("ludomots_actions", "Actions stored by this process (rate(): actions/s).",
                  ["game"])
ACTION_SECONDS = Histogram("ludomots_action_seconds",
                           "Time from an action's arrival to its subscribers told, stored "
                           "actions only.", ["game"], buckets=ACTION_BUCKETS)
BOT_TURN_SECONDS = Histogram("ludomots_bot_turn_seconds",
                             "A bot's decision: waiting for a worker, then thinking.",
                             ["game"], buckets=BOT_BUCKETS)
BOT_QUEUE_SECONDS = Histogram("ludomots_bot_queue_seconds",
                              "A bot's decision waiting for a free worker (the bot pool "
                              "serves the tables in turn).", ["game"],
                              buckets=BOT_QUEUE_BUCKETS)
WEBSOCKETS = Gauge("ludomots_websocket_connections", "Open table WebSocket connections.",
                   multiprocess_mode="livesum")
STORE_ERRORS = Counter("ludomots_store_errors",
                       "Database operations that failed (the database away or refusing).")
LEASE_TAKEOVERS = Counter("ludomots_lease_takeovers",
                          "Playing tables whose bots and clocks this process took over from "
                          "no owner (how: orphan_sweep, a table nobody had loaded; "
                          "lease_round, a table loaded here whose owner went away).", ["how"])
LEASES_LOST = Counter("ludomots_leases_lost",
                      "Leases this process found held by another when renewing them.")


def multiprocess_dir() -> str | None:
    return os.environ.get(MULTIPROCESS_ENV) or None


class TablesCollector(Collector):
    """``ludomots_tables{game,status}``, counted in the database at each scrape. ``count``
    returns (game, status, number) rows; if it fails, the metric is left out of this scrape
    (and the failure is a store error)."""

    def __init__(self, count: Callable[[], Sequence[tuple[str, str, int]]]) -> None:
        self._count = count

    def collect(self) -> Iterator[Metric]:
        try:
            rows = self._count()
        except Exception:
            return
        family = GaugeMetricFamily("ludomots_tables", "Tables in the database by game and "
                                   "status.", labels=["game", "status"])
        for game, status, number in sorted(rows):
            family.add_metric([game, status], number)
        yield family


def exposition(extra: Collector) -> bytes:
    """The text a scrape gets: this process's metrics (or every process's, in multiprocess
    mode) and ``extra``'s."""
    from prometheus_client import REGISTRY, generate_latest

    registry = CollectorRegistry(auto_describe=False)
    registry.register(extra)
    if multiprocess_dir() is not None:
        from prometheus_client import multiprocess

        shared = CollectorRegistry()
        multiprocess.MultiProcessCollector(shared)  # type: ignore[no-untyped-call]
        return generate_latest(shared) + generate_latest(registry)
    return generate_latest(REGISTRY) + generate_latest(registry)


def process_exited(pid: int) -> None:
    """Multiprocess mode: drop a stopped process's live gauges (its open connections)."""
    if multiprocess_dir() is not None:
        from prometheus_client import multiprocess

        multiprocess.mark_process_dead(pid)  # type: ignore[no-untyped-call]
