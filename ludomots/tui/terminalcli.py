"""What the games' ``ludomots GAME play`` commands share: their common command-line options,
the seats read from ``--seats`` (a click error naming the option), a random seed when none is
given, and a plain console for the session (``tui/terminal.py``)."""

from __future__ import annotations

import secrets
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from ludomots.core.record import SeatInfo

SEED_OPTION = click.option("--seed", type=int, default=None,
                           help="Random seed (default: a random one).")
RECORD_OPTION = click.option("--record", "record_path",
                             type=click.Path(dir_okay=False, path_type=Path), default=None,
                             help="Save the game record (JSON) to this file.")


def seats_option(default: str, players: str = "") -> Callable[[Any], Any]:
    """``--seats``: one entry per seat, ``moi`` or a bot level (``players``: "2 to 4")."""
    where = f" ({players})" if players else ""
    return click.option("--seats", default=default, show_default=True,
                        help=f"One entry per seat{where}: 'moi' for a human, or a bot level.")


def read_seats(parse: Callable[[str], list[SeatInfo]], text: str) -> list[SeatInfo]:
    """The game's seat parsing, its English error shown as a bad ``--seats``."""
    try:
        return parse(text)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--seats") from exc


def play_in_terminal(play_session: Callable[..., Any], options: Any, seed: int | None,
                     seats: list[SeatInfo], record_path: Path | None) -> None:
    """Run the game's terminal session on a plain console: a word or a message must never be
    read as rich markup or an :emoji: code."""
    from rich.console import Console

    if seed is None:
        seed = secrets.randbelow(1_000_000)
    console = Console(highlight=False, markup=False, emoji=False)

    def ask(prompt: str) -> str:
        return console.input(prompt, markup=False, emoji=False)

    play_session(options, seed, seats, ask=ask, show=console.print, record_path=record_path)
