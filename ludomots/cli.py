"""The `ludomots` command line (English for developers; game screens are French).

Heavy modules (rich, games) are imported inside the commands that need them so
that `ludomots lexique check` starts fast.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click


class GameChoice(click.Choice):  # type: ignore[type-arg]
    """The games' names, read from their entry points when first needed (no game is
    imported for this, and the registry only when an option takes a game)."""

    def __init__(self) -> None:
        super().__init__((), case_sensitive=True)

    @property
    def choices(self) -> tuple[str, ...]:
        from ludomots.core import registry

        return tuple(registry.known_games())

    @choices.setter
    def choices(self, value: object) -> None:
        """Click's own initialisation sets the choices: the registry has them."""


GAME_CHOICE = GameChoice()

# Commands imported only when called, so that the others start fast.
LAZY_COMMANDS = {
    "serve": "ludomots.server.cli:serve",
    "db": "ludomots.server.cli:db",
    "accounts": "ludomots.tui.accounts:accounts",
}


def game_command(name: str) -> click.Command | None:
    """``ludomots <game> ...``: the game's terminal command (``Game.terminal_entry``), with
    ``show --position`` added for every game."""
    from ludomots.core import registry
    from ludomots.core.plugin import load_dotted
    from ludomots.tui.position import with_show

    entry = registry.get_game(name).terminal_entry
    command: click.Command | None = None if entry is None else load_dotted(entry)
    return with_show(name, command)


class LazyGroup(click.Group):
    """A click group whose heavier subcommands (the games' among them) are imported on first
    use."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        from ludomots.core import registry

        lazy = {name for name in set(LAZY_COMMANDS) | set(registry.available_games())
                if self.get_command(ctx, name) is not None}
        return sorted(set(super().list_commands(ctx)) | lazy)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in LAZY_COMMANDS:
            from ludomots.core.plugin import load_dotted

            lazy: click.Command = load_dotted(LAZY_COMMANDS[cmd_name])
            return lazy
        command = super().get_command(ctx, cmd_name)
        if command is not None:
            return command
        from ludomots.core import registry

        return game_command(cmd_name) if cmd_name in registry.known_games() else None


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
def main() -> None:
    """Ludomots: French word games with a real French lexicon as referee."""


# -- lexicon ------------------------------------------------------------------------------


@main.group()
def lexique() -> None:
    """Query and build the French lexicon."""


def _entry_summary(entry: Any) -> dict[str, Any]:
    return {"lemma": entry.lemma, "class": entry.cls, "gender": entry.gender,
            "number": entry.number}


@lexique.command("check")
@click.option("--jeu", "game", type=GAME_CHOICE, default=None,
              help="Whose acceptance policy to apply (default: the standard one).")
@click.option("--json", "as_json", is_flag=True, help="One JSON object per line.")
@click.option("--definitions/--no-definitions", default=True, help="Show definitions (text mode).")
@click.argument("words", nargs=-1, required=True)
def lexique_check(game: str | None, as_json: bool, definitions: bool,
                  words: tuple[str, ...]) -> None:
    """Is each WORD accepted in the game, and what are its readings?"""
    from ludomots.core import registry
    from ludomots.lexicon.lexicon import get_lexicon

    lexicon = get_lexicon()
    policy = registry.policy_of(game)
    if as_json:
        for word in words:
            entries = lexicon.entries(word)
            line = {"word": word, "valid": lexicon.accepts(word, policy),
                    "entries": [_entry_summary(e) for e in entries]}
            click.echo(json.dumps(line, ensure_ascii=False))
        return
    from ludomots.tui.lexique import print_check

    print_check(lexicon, policy, words, with_definitions=definitions)


@lexique.command("stats")
@click.option("--json", "as_json", is_flag=True)
def lexique_stats(as_json: bool) -> None:
    """How many forms each policy accepts, and other counts."""
    from ludomots.core import registry
    from ludomots.lexicon.stats import compute_stats

    stats = compute_stats({name: registry.policy_of(name) for name in registry.available_games()})
    if as_json:
        click.echo(json.dumps(stats, ensure_ascii=False, indent=2))
        return
    for key, value in stats.items():
        click.echo(f"{key}: {value}")


@lexique.command("build")
@click.option("--sources", type=click.Path(file_okay=False, path_type=Path),
              default=Path("build/sources"), show_default=True,
              help="Folder holding the source archives (make lexique-sources).")
@click.option("--json", "as_json", is_flag=True, help="Print the checksums as JSON.")
def lexique_build(sources: Path, as_json: bool) -> None:
    """Rebuild the lexicon files shipped in the package from the source archives."""
    import time

    from ludomots.lexicon.build import build

    start = time.perf_counter()

    def progress(message: str) -> None:
        click.echo(f"[{time.perf_counter() - start:5.1f}s] {message}", err=True)

    checksums = build(sources, progress=progress)
    if as_json:
        click.echo(json.dumps(checksums, indent=2))
        return
    for name, digest in checksums.items():
        click.echo(f"{digest}  {name}")


@lexique.command("explore")
@click.option("--jeu", "game", type=GAME_CHOICE, default=None,
              help="Whose acceptance policy to apply (default: the standard one).")
def lexique_explore(game: str | None) -> None:
    """An interactive dictionary: type words, see whether they are valid and what they mean."""
    from ludomots.core import registry
    from ludomots.lexicon.lexicon import get_lexicon
    from ludomots.tui.lexique import explore

    explore(get_lexicon(), registry.policy_of(game))


# -- games ----------------------------------------------------------------------------------


def parse_options(pairs: tuple[str, ...]) -> dict[str, Any] | None:
    """`key=value` pairs into a game options dict (values parsed as JSON when possible)."""
    if not pairs:
        return None
    options: dict[str, Any] = {}
    for pair in pairs:
        key, sep, raw = pair.partition("=")
        if not sep or not key.strip():
            raise click.UsageError(f"option {pair!r} is not KEY=VALUE")
        try:
            options[key.strip()] = json.loads(raw)
        except json.JSONDecodeError:
            options[key.strip()] = raw
    return options



@main.command("sim")
@click.argument("game_name", metavar="GAME")
@click.option("--seats", required=True, help="Bot levels by seat, e.g. expert,debutant.")
@click.option("--games", "count", type=click.IntRange(min=1), default=100, show_default=True)
@click.option("--seed", type=int, default=1, show_default=True)
@click.option("--records", "records_dir", type=click.Path(file_okay=False, path_type=Path),
              help="Write every game's record (JSON) into this folder.")
@click.option("--option", "option_pairs", multiple=True, metavar="KEY=VALUE",
              help="A game option, e.g. --option referee=auto (values read as JSON if they can).")
@click.option("--paired", is_flag=True,
              help="Play each deal from every seat (two players: twice, seats swapped).")
@click.option("--clock", is_flag=True,
              help="Let bots stop thinking when their seconds are up, as in live play (the "
                   "results then depend on the machine); by default they spend their work "
                   "budget, so a seed gives the same games everywhere.")
@click.option("--json", "as_json", is_flag=True)
def sim(game_name: str, seats: str, count: int, seed: int, records_dir: Path | None,
        option_pairs: tuple[str, ...], paired: bool, clock: bool, as_json: bool) -> None:
    """Bot matches: win rates with 95% intervals, mean scores, errors."""
    from ludomots.core import registry
    from ludomots.core.budget import turn_clock_off
    from ludomots.core.sim import run_matches

    if not clock:
        turn_clock_off()

    try:
        game = registry.get_game(game_name)
        bots = registry.get_bots(game_name)
    except (KeyError, ImportError) as exc:
        available = ", ".join(registry.available_games()) or "none yet"
        raise click.UsageError(f"{exc} (games available: {available})") from exc
    levels = [s.strip() for s in seats.split(",") if s.strip()]
    options = parse_options(option_pairs)
    try:
        if as_json:
            result = run_matches(game, bots, levels, count, seed, options=options,
                                 keep_records=bool(records_dir), paired=paired)
        else:
            from rich.progress import Progress

            with Progress(transient=True) as progress:
                task = progress.add_task(f"{game_name}", total=count)
                result = run_matches(
                    game, bots, levels, count, seed, options=options,
                    keep_records=bool(records_dir), paired=paired,
                    on_progress=lambda done, total: progress.update(task, completed=done))
    except (KeyError, ValueError, TypeError) as exc:
        raise click.UsageError(str(exc)) from exc
    if records_dir is not None:
        records_dir.mkdir(parents=True, exist_ok=True)
        for index, record in enumerate(result.records):
            record.dump(records_dir / f"{game_name}-{seed}-{index:04d}.json")
    if as_json:
        click.echo(json.dumps(result.to_json(), ensure_ascii=False))
        return
    click.echo(f"{result.game}: {result.games} games, {result.errors} errors, "
               f"{result.seconds:.1f} s")
    for label in result.seats:
        rate = result.win_rates[label]
        click.echo(f"  {label:<14} wins {result.wins[label]:7.1f}  rate {rate.rate:.3f} "
                   f"[{rate.low:.3f}, {rate.high:.3f}]  mean score {result.mean_scores[label]:.1f}")
    for detail in result.error_details[:5]:
        click.echo(f"  error in game {detail['game']} at step {detail['step']}: {detail['error']}")


@main.command("replay")
@click.argument("path", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--json", "as_json", is_flag=True)
def replay_command(path: Path, as_json: bool) -> None:
    """Replay a game record and fail loudly on any divergence."""
    from ludomots.core import registry
    from ludomots.core.errors import ReplayDivergence
    from ludomots.core.record import Record, replay

    try:
        record = Record.load(path)
        game = registry.get_game(record.game)
    except (KeyError, ValueError, TypeError) as exc:
        raise click.ClickException(f"cannot read {path}: {exc}") from exc
    try:
        state = replay(record, game)
    except ReplayDivergence as exc:
        if as_json:
            click.echo(json.dumps({"ok": False, "step": exc.step, "error": str(exc)}))
        raise click.ClickException(str(exc)) from exc
    # A game that players left ends with the table's result, which the replay checked.
    winners = record.winners if record.departures else state.winners()
    result = {"ok": True, "game": record.game, "actions": len(record.actions),
              "scores": state.scores(), "winners": winners}
    if record.departures:
        result["ranks"] = record.ranks
        result["departures"] = [d.to_json() for d in record.departures]
    if as_json:
        click.echo(json.dumps(result))
    else:
        left = "".join(f"; {d.name} (seat {d.seat}) left after {d.seq} actions ({d.reason})"
                       for d in record.departures)
        click.echo(f"{path}: {len(record.actions)} actions replayed exactly; "
                   f"scores {state.scores()}, winners {winners}{left}")


def run() -> None:
    """Entry point used by `python -m ludomots`."""
    main(prog_name="ludomots")


if __name__ == "__main__":
    run()
