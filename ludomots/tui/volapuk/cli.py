"""`ludomots volapuk play`: a game in the terminal. Registered as
`ludomots.tui.volapuk.cli:volapuk`; heavy modules are imported inside the command."""

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
def volapuk() -> None:
    """Volapük: play in the terminal."""


@volapuk.command("play")
@seats_option("moi,expert,confirme")
@SEED_OPTION
@click.option("--values", is_flag=True, help="Plus-value: values of the multi-letter dice.")
@click.option("--graphemes", is_flag=True, help="Plus-value: graphemes and homophones.")
@RECORD_OPTION
def play_command(seats: str, seed: int | None, values: bool, graphemes: bool,
                 record_path: Path | None) -> None:
    """A full game of Volapük in the terminal (French screens)."""
    from ludomots.games.volapuk.rules import VolapukOptions
    from ludomots.tui.volapuk import screens, tui

    seat_list = read_seats(screens.parse_seats, seats)
    options = VolapukOptions(multi_letter_values=values, graphemes=graphemes)
    play_in_terminal(tui.play_session, options, seed, seat_list, record_path)
