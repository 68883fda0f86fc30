"""`ludomots typo play`: a game of Typo in the terminal, humans and bots around one keyboard.

Registered in the main command line as `ludomots.tui.typo.cli:typo`. The screens are French;
the loop lives in `tui.py`, this module only reads the options. Heavy modules are imported
inside the command so that registering the group costs the main command line nothing.
"""

from __future__ import annotations

from pathlib import Path

import click

from ludomots.tui.terminalcli import (
    RECORD_OPTION,
    SEED_OPTION,
    play_in_terminal,
    read_seats,
    seats_option,
)


@click.group()
def typo() -> None:
    """Typo: play in the terminal."""


@typo.command("play")
@seats_option("moi,expert,expert")
@SEED_OPTION
@click.option("--arbitre", "referee", type=click.Choice(["challenge", "auto"]),
              default="challenge", show_default=True,
              help="challenge: the others may doubt a word (seed rule); auto: refused at once.")
@click.option("--temps", "seconds", type=click.IntRange(min=0), default=None,
              help="Thinking time per choice in seconds (default 30; 0: no limit).")
@RECORD_OPTION
def play_command(seats: str, seed: int | None, referee: str, seconds: int | None,
                 record_path: Path | None) -> None:
    """A full game of Typo in the terminal (French screens)."""
    from ludomots.games.typo.rules import TypoOptions
    from ludomots.tui.typo import screens, tui

    seat_list = read_seats(screens.parse_seats, seats)
    options = TypoOptions(referee=referee)  # type: ignore[arg-type]
    if seconds is not None:
        options = TypoOptions(referee=options.referee, thinking_seconds=seconds)
    play_in_terminal(tui.play_session, options, seed, seat_list, record_path)
