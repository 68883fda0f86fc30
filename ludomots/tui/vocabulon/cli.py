"""`ludomots vocabulon`: play in the terminal, print or build the riddle deck.

Registered in the main command line as `ludomots.tui.vocabulon.cli:vocabulon`. Heavy modules
are imported inside the commands so that registering the group costs nothing.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from ludomots.tui.terminalcli import (
    RECORD_OPTION,
    SEED_OPTION,
    play_in_terminal,
    read_seats,
    seats_option,
)

LEVEL_CHOICE = click.Choice(["standard", "facile"])


@click.group()
def vocabulon() -> None:
    """Vocabulon: play in the terminal; print or build the riddle deck."""


@vocabulon.group("deck", invoke_without_command=True)
@click.option("--niveau", "level", type=LEVEL_CHOICE, default="standard", show_default=True,
              help="Which deck: standard, or facile (well-known words, for children).")
@click.option("--json", "as_json", is_flag=True, help="Print the whole deck as JSON.")
@click.pass_context
def deck(ctx: click.Context, level: str, as_json: bool) -> None:
    """The riddle deck shipped with the game (summary, or --json for all of it)."""
    if ctx.invoked_subcommand is not None:
        return
    from ludomots.games.vocabulon.deck import deck_path

    data = json.loads(deck_path(level).read_text(encoding="utf-8"))  # type: ignore[arg-type]
    if as_json:
        click.echo(json.dumps(data, ensure_ascii=False, indent=1))
        return
    click.echo(f"Vocabulon deck '{level}': {data['licence']}. {data['credits']}")
    for group, cards in data["compartments"].items():
        letters = data["report"][group]["cards"]
        words = {q["answer"] for card in cards for q in card["questions"]}
        shares = ", ".join(f"{letter} {n}" for letter, n in letters.items())
        click.echo(f"  {group:<6} {len(cards)} cards ({shares}), {len(words)} distinct answers")


@deck.command("build")
@click.option("--niveau", "levels", type=LEVEL_CHOICE, multiple=True,
              help="Deck(s) to build (default: both).")
@click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path),
              default=None, help="Folder to write into (default: the package's data folder).")
@click.option("--check", is_flag=True,
              help="Build in memory and fail unless the shipped files are identical.")
def deck_build(levels: tuple[str, ...], out_dir: Path | None, check: bool) -> None:
    """Generate the riddle deck(s) from the lexicon (same lexicon, same bytes)."""
    import time

    from ludomots.games.vocabulon.deck import DATA, deck_path
    from ludomots.games.vocabulon.deckbuild import Sources, build_deck, dump_deck

    start = time.perf_counter()
    sources = Sources()
    different = []
    for level in levels or ("standard", "facile"):
        def progress(message: str, level: str = level) -> None:
            click.echo(f"[{time.perf_counter() - start:5.1f}s] {level} {message}", err=True)

        data = dump_deck(build_deck(level, sources, progress))  # type: ignore[arg-type]
        shipped = deck_path(level)  # type: ignore[arg-type]
        if check:
            same = shipped.is_file() and shipped.read_bytes() == data
            click.echo(f"{shipped.name}: {'identical' if same else 'DIFFERENT'}")
            if not same:
                different.append(shipped.name)
            continue
        target = (out_dir or DATA) / shipped.name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
        click.echo(f"wrote {target} ({len(data):,} bytes)")
    if different:
        sys.exit(1)


@vocabulon.command("play")
@seats_option("moi,expert,expert", "2 to 4")
@SEED_OPTION
@click.option("--mot", "word_length", type=click.Choice(["5", "6", "7"]), default="5",
              show_default=True, help="Length of the secret words (variant: 6 or 7).")
@click.option("--handicaps", default="", help="Per seat, e.g. '0,1,-1' (+1: a longer word).")
@click.option("--cartes", "deck_level", type=LEVEL_CHOICE, default="standard",
              show_default=True, help="Riddle deck: standard, or facile (for children).")
@click.option("--indices", "clues", default="",
              help="Per seat, extra clue: aucun, deuxieme or derniere (e.g. 'aucun,deuxieme').")
@click.option("--sablier", "sandglass", type=click.IntRange(min=0), default=60,
              show_default=True, help="Seconds of the sand-glass (0: no limit).")
@click.option("--theme", default="", help="Variant: a theme announced for the secret words.")
@RECORD_OPTION
def play_command(seats: str, seed: int | None, word_length: str, handicaps: str,
                 deck_level: str, clues: str, sandglass: int, theme: str,
                 record_path: Path | None) -> None:
    """A full game of Vocabulon in the terminal (French screens)."""
    from ludomots.core.seats import plain
    from ludomots.games.vocabulon.actions import VocabulonOptions
    from ludomots.tui.vocabulon import screens, tui

    seat_list = read_seats(screens.parse_seats, seats)
    try:
        handicap_values = tuple(int(h) for h in handicaps.split(",")) if handicaps else ()
    except ValueError as exc:
        raise click.BadParameter("integers separated by commas", param_hint="--handicaps") \
            from exc
    clue_values = tuple(plain(c) for c in clues.split(",")) if clues else ()
    try:
        options = VocabulonOptions(
            word_length=int(word_length), handicaps=handicap_values,  # type: ignore[arg-type]
            deck=deck_level, clues=clue_values,  # type: ignore[arg-type]
            sandglass_seconds=sandglass, theme=theme)
        from ludomots.games.vocabulon.rules import GAME

        GAME.new(options, len(seat_list), 0)  # checks the options against the seats
    except (ValueError, TypeError) as exc:
        raise click.UsageError(str(exc)) from exc
    if any(c not in ("aucun", "deuxieme", "derniere") for c in clue_values):
        raise click.BadParameter("aucun, deuxieme or derniere", param_hint="--indices")
    play_in_terminal(tui.play_session, options, seed, seat_list, record_path)
