"""`ludomots volapuk play`: a game in the terminal. Registered as
`ludomots.games.volapuk.cli:volapuk`; heavy modules are imported inside the command."""

from __future__ import annotations

from pathlib import Path

import click


@click.group()
def volapuk() -> None:
    """Volapük: play in the terminal."""


@volapuk.command("play")
@click.option("--seats", default="moi,expert,confirme", show_default=True,
              help="One entry per seat: 'moi' for a human, or a bot level.")
@click.option("--seed", type=int, default=None, help="Random seed (default: a random one).")
@click.option("--values", is_flag=True, help="Plus-value: values of the multi-letter dice.")
@click.option("--graphemes", is_flag=True, help="Plus-value: graphemes and homophones.")
@click.option("--record", "record_path", type=click.Path(dir_okay=False, path_type=Path),
              default=None, help="Save the game record (JSON) to this file.")
def play_command(seats: str, seed: int | None, values: bool, graphemes: bool,
                 record_path: Path | None) -> None:
    """A full game of Volapük in the terminal (French screens)."""
    import secrets

    from rich.console import Console

    from ludomots.games.volapuk import screens, tui
    from ludomots.games.volapuk.rules import VolapukOptions

    try:
        seat_list = screens.parse_seats(seats)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--seats") from exc
    options = VolapukOptions(multi_letter_values=values, graphemes=graphemes)
    if seed is None:
        seed = secrets.randbelow(1_000_000)
    console = Console(highlight=False, markup=False, emoji=False)

    def ask(prompt: str) -> str:
        return console.input(prompt, markup=False, emoji=False)

    tui.play_session(options, seed, seat_list, ask=ask, show=console.print,
                     record_path=record_path)
