from __future__ import annotations

from pathlib import Path
from typing import Any

import click
import pytest

from ludomots.core.record import SeatInfo
from ludomots.tui.terminalcli import play_in_terminal, read_seats


def _parse(text: str) -> list[SeatInfo]:
    if text != "moi":
        raise ValueError("unknown seat(s) x")
    return [SeatInfo("Joueur 1", "human")]


def test_a_bad_seat_list_is_a_bad_seats_option_with_the_games_english_message() -> None:
    assert read_seats(_parse, "moi") == [SeatInfo("Joueur 1", "human")]
    with pytest.raises(click.BadParameter) as refused:
        read_seats(_parse, "x")
    assert (refused.value.message, refused.value.param_hint) == ("unknown seat(s) x", "--seats")


def test_the_session_gets_the_seed_given_or_a_random_one(tmp_path: Path) -> None:
    calls: list[tuple[Any, ...]] = []

    def session(options: Any, seed: int, seats: list[SeatInfo], *, ask: Any, show: Any,
                record_path: Path | None) -> None:
        calls.append((options, seed, seats, record_path, callable(ask), callable(show)))

    seats = [SeatInfo("Joueur 1", "human")]
    play_in_terminal(session, "opts", 42, seats, tmp_path / "r.json")
    assert calls == [("opts", 42, seats, tmp_path / "r.json", True, True)]
    play_in_terminal(session, "opts", None, seats, None)
    assert 0 <= calls[1][1] < 1_000_000 and calls[1][3] is None
