"""Finishing tables from separate OS processes released together (a barrier), each with its
own database engine, as server processes that both see a table end would."""

from __future__ import annotations

import multiprocessing
from typing import Any

from ludomots.accounts.db import AccountDb
from ludomots.accounts.results import FinishedGame, Results
from ludomots.table.store import Store


def _finish(url: str, job: FinishedGame | str, register_gops: bool, barrier: Any,
            out: Any) -> None:
    if register_gops:
        from ludomots.core import registry
        from tests.core.gops import BOTS, GAME

        registry.register("gops", GAME, BOTS)
    store = Store(url)
    results = Results(AccountDb(store))
    barrier.wait()
    out.put(results.finish(job) if isinstance(job, FinishedGame)
            else results.finish_from_store(job))
    store.close()


def finish_in_processes(url: str, jobs: list[FinishedGame | str],
                        register_gops: bool = False) -> list[bool]:
    """Each job (a game's results, or a table id to finish from the store) in a process of
    its own, all at once; what each ``finish`` returned, sorted."""
    context = multiprocessing.get_context("spawn")
    barrier = context.Barrier(len(jobs))
    out = context.Queue()
    processes = [context.Process(target=_finish, args=(url, job, register_gops, barrier, out))
                 for job in jobs]
    for process in processes:
        process.start()
    found = [bool(out.get(timeout=180)) for _ in processes]
    for process in processes:
        process.join(timeout=60)
        assert process.exitcode == 0
    return sorted(found)
