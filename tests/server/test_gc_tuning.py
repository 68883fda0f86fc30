"""The server's garbage-collector settings (see ludomots/server/gc_tuning.py)."""

from __future__ import annotations

import asyncio
import gc

import pytest

from ludomots.server import gc_tuning


@pytest.mark.asyncio
async def test_the_server_freezes_what_it_loaded_and_runs_full_collections_itself() -> None:
    thresholds = gc.get_threshold()
    try:
        gc_tuning.tune_for_server()
        assert gc.get_freeze_count() > 0
        assert gc.get_threshold() == (50_000, 20, 1_000_000_000)
        (task,) = gc_tuning._tasks
        assert task.get_name() == "full-gc" and not task.done()
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
    finally:
        gc.unfreeze()
        gc.set_threshold(*thresholds)
