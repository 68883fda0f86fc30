"""Bot moves computed away from the event loop, in a thread or in another process.

A bot may think for a second or more (the expert level's budget); on the event loop that would
freeze every table of the server. The job is plain data (the state's JSON, not the live object),
so the same function runs in a ``ProcessPoolExecutor`` (real parallelism, a crashing bot cannot
take the server down) or a ``ThreadPoolExecutor`` (tests, small machines), and the bot never
touches the table's live state.

The worker finds the game by name in the registry. A game registered at runtime (a test
fixture, a plugin) is unknown to a freshly spawned process, so the job also carries the module
of the Game class: the worker imports it and registers its ``GAME`` and ``BOTS``.

This module imports only the core: worker processes should start fast.
"""

from __future__ import annotations

import contextlib
import importlib
import multiprocessing
import os
import threading
import time
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, Literal

from ludomots.core import registry
from ludomots.core.bots import BotFactory, current_level
from ludomots.core.game import Game, State
from ludomots.core.rng import SeededRandom

ExecutorKind = Literal["process", "thread"]


@dataclass(frozen=True)
class BotJob:
    """Everything a bot needs, picklable: the state class travels by reference (its module and
    name), the state as its complete JSON."""

    game: str
    game_module: str
    state_class: type[State]
    state: dict[str, Any]
    seat: int
    level: str
    rng: dict[str, Any]


def _entry(name: str, module_name: str) -> tuple[Game, dict[str, BotFactory]]:
    try:
        return registry.get_game(name), registry.get_bots(name)
    except KeyError:
        pass
    module = importlib.import_module(module_name)
    game, bots = module.GAME, module.BOTS
    registry.register(name, game, bots)
    return game, dict(bots)


def choose_action(job: BotJob) -> dict[str, Any]:
    """The bot's action as JSON (what a browser would send)."""
    game, bots = _entry(job.game, job.game_module)
    level = current_level(job.level)  # a seat saved with a retired level plays on
    if level not in bots:
        raise KeyError(f"{job.game} has no bot level {job.level!r}")
    state = job.state_class.from_json(job.state)
    bot = bots[level]()
    action = bot.choose(state, job.seat, SeededRandom.from_json(job.rng))
    return game.action_codec.encode(action)


#: Bot processes run this much "nicer" than the server: when the machine is busy, the event
#: loop answering the humans gets the CPU first, and a bot's move may wait a little.
BOT_NICENESS = 10


#: How often a worker checks that the server that started it is still alive (seconds).
PARENT_CHECK_EVERY = 0.5


def _lower_priority() -> None:
    with contextlib.suppress(OSError):  # not permitted here: run at the server's priority
        os.nice(BOT_NICENESS)


def _start_worker(server: int) -> None:
    """Each worker process, once: a lower priority, and an exit when its server (the process
    id ``server``, given by the server itself: a worker may start after it died) dies."""
    _lower_priority()
    threading.Thread(target=_exit_with, args=(server,), name="ludomots-parent-watch",
                     daemon=True).start()


def _exit_with(parent: int) -> None:
    """A worker of a server killed outright (``kill -9``, a crash) is never told to stop: it
    would wait on its queue for ever, holding memory. When the server is gone the worker is
    adopted by another process, so its parent id changes: then it leaves. (Polling, not
    Linux's parent-death signal, which fires when the *thread* that started the worker ends.)"""
    while os.getppid() == parent:
        time.sleep(PARENT_CHECK_EVERY)
    os._exit(0)


def default_workers() -> int:
    """One bot worker per core this process may run on (its CPU affinity: a container or
    ``taskset`` limits it), at least one."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):  # not on Linux
        return max(1, os.cpu_count() or 1)


def make_executor(kind: ExecutorKind, max_workers: int | None = None) -> Executor:
    """A bot executor of ``max_workers`` (default: one per core, ``default_workers``); the
    bot pool (``botpool.py``) never gives it more decisions than that at once. Processes are
    spawned, not forked: forking a process that runs an event loop and database threads can
    copy held locks into the child and deadlock it. They run at a lower priority
    (``BOT_NICENESS``): they use the CPU the server leaves; and they exit when the server
    dies (``_exit_with``)."""
    workers = max_workers or default_workers()
    if kind == "thread":
        return ThreadPoolExecutor(max_workers=workers, thread_name_prefix="ludomots-bot")
    if kind == "process":
        return ProcessPoolExecutor(max_workers=workers,
                                   mp_context=multiprocessing.get_context("spawn"),
                                   initializer=_start_worker, initargs=(os.getpid(),))
    raise ValueError(f"unknown executor kind {kind!r}")
