"""`ludomots awalettres play` (a game in the terminal) and `ludomots awalettres deck-stats`
(the figures behind the deck). Registered as `ludomots.games.awalettres.cli:awalettres`;
heavy modules are imported inside the commands."""

from __future__ import annotations

import json
from pathlib import Path

import click


@click.group()
def awalettres() -> None:
    """Awalettres: play in the terminal, measure the deck."""


@awalettres.command("play")
@click.option("--seats", default="moi,expert,confirme", show_default=True,
              help="One entry per seat: 'moi' for a human, or a bot level.")
@click.option("--seed", type=int, default=None, help="Random seed (default: a random one).")
@click.option("--wayampou", is_flag=True, help="Who starts: the best WAYAMPOU definition.")
@click.option("--elephant", is_flag=True, help="Elephant variant: 4-letter words only.")
@click.option("--record", "record_path", type=click.Path(dir_okay=False, path_type=Path),
              default=None, help="Save the game record (JSON) to this file.")
def play_command(seats: str, seed: int | None, wayampou: bool, elephant: bool,
                 record_path: Path | None) -> None:
    """A full game of Awalettres in the terminal (French screens)."""
    import secrets

    from rich.console import Console

    from ludomots.games.awalettres import screens, tui
    from ludomots.games.awalettres.rules import AwalettresOptions

    try:
        seat_list = screens.parse_seats(seats)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--seats") from exc
    options = AwalettresOptions(first_player="wayampou" if wayampou else "random",
                                elephant=elephant)
    if seed is None:
        seed = secrets.randbelow(1_000_000)
    console = Console(highlight=False, markup=False, emoji=False)

    def ask(prompt: str) -> str:
        return console.input(prompt, markup=False, emoji=False)

    tui.play_session(options, seed, seat_list, ask=ask, show=console.print,
                     record_path=record_path)


@awalettres.command("deck-stats")
@click.option("--players", "player_counts", type=click.IntRange(2, 6), multiple=True,
              default=(3, 4), show_default=True)
@click.option("--games", type=click.IntRange(min=1), default=100, show_default=True)
@click.option("--level", type=click.Choice(["debutant", "confirme", "expert"]),
              default="expert", show_default=True, help="Bot level at every seat.")
@click.option("--seed", type=int, default=1, show_default=True)
@click.option("--json", "as_json", is_flag=True)
def deck_stats_command(player_counts: tuple[int, ...], games: int, level: str, seed: int,
                       as_json: bool) -> None:
    """Game length and the weight of each card, from bot games (see docs/rules)."""
    from ludomots.games.awalettres.deckstats import deck_stats, format_stats

    for players in player_counts:
        data = deck_stats(players, games, level, seed).to_json()
        click.echo(json.dumps(data, ensure_ascii=False) if as_json else format_stats(data))
