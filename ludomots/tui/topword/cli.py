"""`ludomots topword ...`: score a move, list the legal moves, play a game in the terminal.

Developer-facing output is English; `play` is a game screen, so everything there is French.
`score` and `moves` are reports: an illegal move is an answer (exit 0), only a malformed
position or option is a usage error (exit 2). Heavy modules are imported inside the commands so
that registering this group costs the main command line nothing.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from ludomots.lexicon.lexicon import Lexicon, get_lexicon
from ludomots.tui.terminalcli import (
    RECORD_OPTION,
    SEED_OPTION,
    play_in_terminal,
    read_seats,
    seats_option,
)

if TYPE_CHECKING:
    from ludomots.games.topword.board import Board
    from ludomots.games.topword.rules import TopwordOptions
    from ludomots.games.topword.scoring import MoveResult

EMPTY_POSITIONS = ("", "empty")


@click.group()
def topword() -> None:
    """Topword: score moves, list legal moves, play in the terminal."""


# -- shared parsing -----------------------------------------------------------------------------


def parse_options(items: tuple[str, ...], **fixed: Any) -> TopwordOptions:
    """`key=value` pairs as TopwordOptions; values are read as JSON (3, true) or else as text.

    Strict like the records: a misspelt option must not silently score with the defaults.
    `fixed` are options a command sets through its own flags; they win.
    """
    from ludomots.core.options import options_from_json
    from ludomots.games.topword.rules import TopwordOptions

    data: dict[str, Any] = {}
    for item in items:
        key, sep, raw = item.partition("=")
        if not sep or not key.strip():
            raise click.BadParameter(f"expected key=value, got {item!r}", param_hint="--option")
        try:
            value: Any = json.loads(raw)
        except json.JSONDecodeError:
            value = raw
        data[key.strip()] = value
    data.update(fixed)
    try:
        return options_from_json(TopwordOptions, data)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--option") from exc


def parse_board(text: str) -> Board:
    """A position string, or "empty"/"" for the empty board (the first-move rule applies)."""
    from ludomots.games.topword.board import Board

    if text.strip().lower() in EMPTY_POSITIONS:
        return Board()
    try:
        return Board.from_notation(text)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--board") from exc


def parse_rack_option(text: str) -> list[str]:
    from ludomots.games.topword.tiles import parse_rack

    try:
        return parse_rack(text)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--rack") from exc


OPTION = click.option("--option", "option_items", multiple=True, metavar="KEY=VALUE",
                      help="A rule variant, e.g. max_height=3 (repeatable).")


# -- score --------------------------------------------------------------------------------------


def score_report(board: Board, move: str, rack: list[str] | None,
                 options: TopwordOptions) -> dict[str, Any]:
    """The JSON report of `score`: the engine's own check, with the automatic referee's verdict.

    It goes through TopwordState.evaluate so the codes and French messages are exactly those a
    player would get; without a rack, the rack is the tiles the move needs. A move written as
    tiles (`E3:B,E4:I`, what a drag-and-drop client sends) is accepted too: only that form can
    try a tile on the same letter.
    """
    import dataclasses

    from ludomots.core.errors import RuleError
    from ludomots.core.rng import SeededRandom
    from ludomots.games.topword.rules import Place, Play, TopwordState

    state = TopwordState(dataclasses.replace(options, referee="auto"), 2, SeededRandom(0))
    state.board = board
    action: Play | Place = Place(tuple(move.replace(",", " ").split())) if ":" in move \
        else Play(move)
    try:
        state.racks[0] = list(rack) if rack is not None else \
            list(state.placement_of(action).letters)
        result = state.evaluate(0, action)
    except RuleError as exc:
        return {"legal": False, "error": exc.code, "message": exc.message, **exc.details}
    return result_json(result)


def result_json(result: MoveResult) -> dict[str, Any]:
    return {"legal": True, "move": result.notation, "score": result.score,
            "words": [{"word": w.word, "score": w.score} for w in result.words],
            "tiles": len(result.placement.tiles), "bonus_letters": result.bonus_letters,
            "all_tiles_bonus": result.all_tiles_bonus}


def score_text(report: dict[str, Any]) -> str:
    if not report["legal"]:
        return f"illegal ({report['error']}): {report['message']}"
    words = ", ".join(f"{w['word']} {w['score']}" for w in report["words"])
    extras = ""
    if report["bonus_letters"]:
        extras += f", bonus letters +{report['bonus_letters']}"
    if report["all_tiles_bonus"]:
        extras += f", all seven tiles +{report['all_tiles_bonus']}"
    return (f"{report['move']}: {report['score']} points ({words}{extras}); "
            f"{report['tiles']} tile(s) placed")


@topword.command("score")
@click.option("--board", "position", required=True, metavar="POS",
              help="Position notation (rows joined by '/'), or 'empty'.")
@click.option("--move", required=True,
              help="E3 RATEAU (horizontal), 3E RIRE (vertical), or tiles: E3:B,E4:I.")
@click.option("--rack", default=None, metavar="LETTERS",
              help="The player's tiles (Q or Qu for the Qu tile); default: whatever is needed.")
@OPTION
@click.option("--json", "as_json", is_flag=True, help="One JSON object on stdout.")
def score_command(position: str, move: str, rack: str | None, option_items: tuple[str, ...],
                  as_json: bool) -> None:
    """Is MOVE legal on the position, and what does it score? (exit 0 either way)"""
    options = parse_options(option_items)
    board = parse_board(position)
    tiles = parse_rack_option(rack) if rack is not None else None
    report = score_report(board, move, tiles, options)
    click.echo(json.dumps(report, ensure_ascii=False) if as_json else score_text(report))


# -- moves --------------------------------------------------------------------------------------


def legal_moves(board: Board, rack: list[str], options: TopwordOptions,
                lexicon: Lexicon) -> list[MoveResult]:
    """Every distinct legal placement, best score first, then by notation (a stable order for
    tests and diffs; the generator may find one placement along both lines)."""
    from ludomots.games.topword.movegen import generate

    unique: dict[tuple[tuple[int, int, str], ...], MoveResult] = {}
    for result in generate(board, rack, options.rules, lexicon):
        unique.setdefault(tuple(sorted(result.placement.tiles)), result)
    return sorted(unique.values(), key=lambda r: (-r.score, r.notation))


@topword.command("moves")
@click.option("--board", "position", required=True, metavar="POS",
              help="Position notation (rows joined by '/'), or 'empty'.")
@click.option("--rack", required=True, metavar="LETTERS", help="The tiles to play from.")
@click.option("--top", type=click.IntRange(min=0), default=None,
              help="List only the N best moves (the count stays the total).")
@OPTION
@click.option("--json", "as_json", is_flag=True, help="One JSON object on stdout.")
def moves_command(position: str, rack: str, top: int | None, option_items: tuple[str, ...],
                  as_json: bool) -> None:
    """Every legal move (all words accepted) for RACK on the position, best first."""
    options = parse_options(option_items)
    board = parse_board(position)
    results = legal_moves(board, parse_rack_option(rack), options, get_lexicon())
    shown = results if top is None else results[:top]
    if as_json:
        click.echo(json.dumps({"count": len(results), "moves": [
            {"move": r.notation, "score": r.score} for r in shown]}, ensure_ascii=False))
        return
    from rich.console import Console
    from rich.table import Table

    table = Table(title=f"{len(results)} legal move(s)")
    table.add_column("#", justify="right")
    table.add_column("Move")
    table.add_column("Score", justify="right")
    table.add_column("Words")
    for index, r in enumerate(shown, 1):
        table.add_row(str(index), r.notation, str(r.score),
                      ", ".join(f"{w.word} {w.score}" for w in r.words))
    Console().print(table)


# -- play ---------------------------------------------------------------------------------------


@topword.command("play")
@seats_option("moi,expert")
@SEED_OPTION
@click.option("--arbitre", "referee", type=click.Choice(["challenge", "auto"]),
              default="challenge", show_default=True,
              help="challenge: words may be contested (seed rule); auto: refused at once.")
@OPTION
@RECORD_OPTION
def play_command(seats: str, seed: int | None, referee: str, option_items: tuple[str, ...],
                 record_path: Path | None) -> None:
    """A full game of Topword in the terminal (French screens)."""
    from ludomots.tui.topword import tui

    options = parse_options(option_items, referee=referee)
    seat_list = read_seats(tui.parse_seats, seats)
    play_in_terminal(tui.play_session, options, seed, seat_list, record_path)
