"""`ludomots awalettres play` (a game in the terminal), `ludomots awalettres deck-stats`
(the figures behind the deck) and `ludomots awalettres spell-stats` (how the bots use
MARABOUTAGE). Registered as `ludomots.tui.awalettres.cli:awalettres`;
heavy modules are imported inside the commands."""

from __future__ import annotations

import json
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
def awalettres() -> None:
    """Awalettres: play in the terminal, measure the deck."""


@awalettres.command("play")
@seats_option("moi,expert,confirme")
@SEED_OPTION
@click.option("--wayampou", is_flag=True, help="Who starts: the best WAYAMPOU definition.")
@click.option("--elephant", is_flag=True, help="Elephant variant: 4-letter words only.")
@RECORD_OPTION
def play_command(seats: str, seed: int | None, wayampou: bool, elephant: bool,
                 record_path: Path | None) -> None:
    """A full game of Awalettres in the terminal (French screens)."""
    from ludomots.games.awalettres.rules import AwalettresOptions
    from ludomots.tui.awalettres import screens, tui

    seat_list = read_seats(screens.parse_seats, seats)
    options = AwalettresOptions(first_player="wayampou" if wayampou else "random",
                                elephant=elephant)
    play_in_terminal(tui.play_session, options, seed, seat_list, record_path)


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


@awalettres.command("spell-stats")
@click.option("--seats", default="expert,confirme,debutant", show_default=True,
              help="Bot levels by seat (2 to 6), rotated from game to game.")
@click.option("--games", type=click.IntRange(min=1), default=100, show_default=True)
@click.option("--seed", type=int, default=1, show_default=True)
@click.option("--marabout-card", type=click.Choice(["caster", "target"]), default="caster",
              show_default=True, help="Whose card a MARABOUTAGE designates (game option).")
@click.option("--json", "as_json", is_flag=True)
def spell_stats_command(seats: str, games: int, seed: int, marabout_card: str,
                        as_json: bool) -> None:
    """How each bot level uses MARABOUTAGE: the card designated and the seeds it brings."""
    from ludomots.games.awalettres.spellstats import format_spell_stats, spell_stats

    levels = [s.strip() for s in seats.split(",") if s.strip()]
    if not 2 <= len(levels) <= 6:
        raise click.BadParameter("2 to 6 seats", param_hint="--seats")
    data = spell_stats(levels, games, seed, marabout_card).to_json()
    click.echo(json.dumps(data, ensure_ascii=False) if as_json else format_spell_stats(data))
