"""`ludomots typo play`: a game of Typo in the terminal, humans and bots around one keyboard.

Registered in the main command line as `ludomots.games.typo.cli:typo`. The screens are French;
the loop lives in `tui.py`, this module only reads the options. Heavy modules are imported
inside the command so that registering the group costs the main command line nothing.
"""

from __future__ import annotations

from pathlib import Path

import click


@click.group()
def typo() -> None:
    """Typo: play in the terminal."""


@typo.command("play")
@click.option("--seats", default="moi,expert,expert", show_default=True,
              help="One entry per seat: 'moi' for a human, or a bot level.")
@click.option("--seed", type=int, default=None, help="Random seed (default: a random one).")
@click.option("--arbitre", "referee", type=click.Choice(["challenge", "auto"]),
              default="challenge", show_default=True,
              help="challenge: the others may doubt a word (seed rule); auto: refused at once.")
@click.option("--temps", "seconds", type=click.IntRange(min=0), default=None,
              help="Thinking time per choice in seconds (default 30; 0: no limit).")
@click.option("--record", "record_path", type=click.Path(dir_okay=False, path_type=Path),
              default=None, help="Save the game record (JSON) to this file.")
def play_command(seats: str, seed: int | None, referee: str, seconds: int | None,
                 record_path: Path | None) -> None:
    """A full game of Typo in the terminal (French screens)."""
    import secrets

    from rich.console import Console

    from ludomots.games.typo import screens, tui
    from ludomots.games.typo.rules import TypoOptions

    try:
        seat_list = screens.parse_seats(seats)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--seats") from exc
    options = TypoOptions(referee=referee)  # type: ignore[arg-type]
    if seconds is not None:
        options = TypoOptions(referee=options.referee, thinking_seconds=seconds)
    if seed is None:
        seed = secrets.randbelow(1_000_000)
    # Plain text: a word or a message must never be read as rich markup or an :emoji: code.
    console = Console(highlight=False, markup=False, emoji=False)

    def ask(prompt: str) -> str:
        return console.input(prompt, markup=False, emoji=False)

    tui.play_session(options, seed, seat_list, ask=ask, show=console.print,
                     record_path=record_path)
