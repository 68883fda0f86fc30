"""What the games' terminal sessions (``ludomots GAME play``) share: their bots, and the
record saved at the end."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from ludomots.core.bots import Bot, seat_bots
from ludomots.core.record import Recorder, SeatInfo
from ludomots.core.rng import SeededRandom


def bots_for_seats(seats: Sequence[SeatInfo], seed: int, bots_module: str
                   ) -> tuple[dict[int, Bot], dict[int, SeededRandom]]:
    """The bots of the bot seats, from ``bots_module``'s ``BOTS``. The module is imported only
    when the game has bot seats: some load the lexicon's automaton, which a game between
    humans does not need."""
    levels = [str(info.level) if info.kind == "bot" else None for info in seats]
    if not any(levels):
        return {}, {}
    return seat_bots(importlib.import_module(bots_module).BOTS, levels, seed)


def save_record(recorder: Recorder, record_path: Path | None,
                show: Callable[[Any], None]) -> None:
    """Write the record if asked, and tell the player how to replay it."""
    if record_path is None:
        return
    recorder.record.dump(record_path)
    show(f"Partie enregistrée dans {record_path}.")
    show(f"Pour la rejouer : ludomots replay {record_path}")
