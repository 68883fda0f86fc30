"""``ludomots <game> show --position TEXT``: any game's position from its one-line notation.

Every game gives a notation (``Game.format_position`` / ``Game.parse_position``, documented in
docs/rules/<game>.md); this command reads one, says whose turn it is and the scores, and prints
what a seat (or a spectator) sees, for tests, analysis and bug reports.
"""

from __future__ import annotations

import json

import click

from ludomots.core import registry


def show_command(game_name: str) -> click.Command:
    @click.command("show")
    @click.option("--position", "text", required=True, metavar="TEXT",
                  help="The position in the game's one-line notation (quote it).")
    @click.option("--seat", type=click.IntRange(min=0), default=None,
                  help="Print what this seat sees (default: a spectator).")
    @click.option("--json", "as_json", is_flag=True, help="One JSON object.")
    def show(text: str, seat: int | None, as_json: bool) -> None:
        """Read a position in the game's notation and show it."""
        game = registry.get_game(game_name)
        try:
            state = game.parse_position(text)
        except NotImplementedError as exc:
            raise click.ClickException(str(exc)) from None
        except ValueError as exc:
            raise click.ClickException(f"bad position: {exc}") from None
        if seat is not None and not 0 <= seat < len(state.scores()):
            raise click.ClickException(f"no seat {seat} at this table")
        summary = {
            "position": game.format_position(state),
            "to_act": sorted(state.to_act()),
            "scores": state.scores(),
            "over": state.is_over(),
            "view": state.view(seat),
        }
        if as_json:
            click.echo(json.dumps(summary, ensure_ascii=False, sort_keys=True))
            return
        click.echo(f"position: {summary['position']}")
        click.echo(f"to act:   {', '.join(map(str, summary['to_act'])) or '-'}")
        click.echo(f"scores:   {' '.join(map(str, summary['scores']))}"
                   + ("  (game over)" if summary["over"] else ""))
        who = "spectator" if seat is None else f"seat {seat}"
        click.echo(f"view of the {who}:")
        click.echo(json.dumps(summary["view"], ensure_ascii=False, indent=2, sort_keys=True))

    return show


def with_show(game_name: str, command: click.Command | None) -> click.Command:
    """The game's terminal command with ``show`` added (a group of its own when it has none)."""
    if command is None:
        group = click.Group(game_name, help=f"{game_name}: positions.")
    elif isinstance(command, click.Group):
        group = command
    else:
        return command
    if "show" not in group.commands:
        group.add_command(show_command(game_name))
    return group
