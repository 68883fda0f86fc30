"""``ludomots accounts``: the operator's commands (English, for the person running the server).

``reset-password NAME``: a server may have no email to send a reset link, so the operator
gives the player a new password: a random one printed once (or one read from standard input
with ``--stdin``), and every session of the account is ended.
``calibrate-bots``: seed the bots' ratings from bot-against-bot matches (``botcal.py``).
"""

from __future__ import annotations

import secrets
import sys
from pathlib import Path

import click

from ludomots.table.model import DEFAULT_URL


@click.group("accounts")
def accounts() -> None:
    """Player accounts and ratings."""


@accounts.command("reset-password")
@click.argument("name")
@click.option("--db", "database_url", default=DEFAULT_URL, show_default=True,
              help="Database URL (SQLite file, or postgresql://...).")
@click.option("--stdin", "from_stdin", is_flag=True,
              help="Read the new password from standard input instead of generating one.")
def reset_password(name: str, database_url: str, from_stdin: bool) -> None:
    """Give account NAME a new password and end all its sessions."""
    from ludomots.accounts.db import AccountDb
    from ludomots.accounts.passwords import Passwords, check_password
    from ludomots.core.errors import RuleError
    from ludomots.table.errors import StoreError
    from ludomots.table.store import Store

    store = Store(database_url)
    try:
        store.migrate()
        db = AccountDb(store)
        account = db.find_account(name)
        if account is None:
            raise click.ClickException(f"no account named {name!r}")
        if from_stdin:
            password = sys.stdin.readline().rstrip("\n")
            try:
                check_password(password, account.name)
            except RuleError as exc:
                raise click.ClickException(f"password refused: {exc.message}") from None
        else:
            password = "-".join(secrets.token_urlsafe(6) for _ in range(3))
        db.set_password(account.id, Passwords().hash(password))
        ended = db.delete_sessions(account.id)
    except StoreError as exc:
        raise click.ClickException(str(exc)) from None
    finally:
        store.close()
    click.echo(f"password of {account.name} reset; {ended} session(s) ended")
    if not from_stdin:
        click.echo(f"new password (give it to the player; it is shown only once): {password}")


@accounts.command("calibrate-bots")
@click.argument("game")
@click.option("--players", type=click.IntRange(2, 8), default=2, show_default=True,
              help="Seats per calibration table (its rating class).")
@click.option("--games", type=click.IntRange(1, 10_000), default=20, show_default=True,
              help="Games per seating (every pair of levels in duels).")
@click.option("--seed", type=int, default=1, show_default=True)
@click.option("--write", "write_path", type=click.Path(dir_okay=False, path_type=Path),
              default=None, help="Merge the result into this seed file (JSON).")
@click.option("--db", "database_url", default=None,
              help="Also store the result in this database (overwriting its bot ratings).")
@click.option("--level", "levels", multiple=True,
              help="Rate only this level (repeatable, in order), against the levels of the "
                   "seed file held fixed, until it is no longer provisional; --games is then "
                   "the most games it may take.")
@click.option("--clock", is_flag=True,
              help="Let bots stop thinking when their seconds are up, as in live play (the "
                   "ratings then depend on the machine and its load); by default they spend "
                   "their work budget, so a seed gives the same games everywhere.")
def calibrate_bots(game: str, players: int, games: int, seed: int, write_path: Path | None,
                   database_url: str | None, levels: tuple[str, ...], clock: bool) -> None:
    """Rate GAME's bot levels from matches between them (see docs/ratings.md)."""
    from ludomots.accounts.botcal import (
        calibrate,
        calibrate_level,
        known_levels,
        seed_bot_ratings,
        write_seed,
    )
    from ludomots.accounts.ratings import player_class
    from ludomots.core.budget import turn_clock_off

    if not clock:  # a seeded level's rating must not depend on how busy the machine was
        turn_clock_off()
    done = [0]

    def progress(line: str) -> None:
        done[0] += 1
        click.echo(f"game {done[0]}: {line}", err=True)

    if levels:
        known = known_levels(game, players,
                             write_path if write_path is not None and write_path.exists() else None)
        skills = {}
        for level in levels:
            try:
                skill, played = calibrate_level(game, players, level, known, seed,
                                                max_games=games, on_game=progress)
            except (KeyError, ValueError) as exc:
                raise click.ClickException(str(exc.args[0])) from None
            known[level] = skill
            skills[level] = (skill, played)
    else:
        skills = calibrate(game, players, games, seed, on_game=progress)
    for level, (skill, count) in skills.items():
        mark = "?" if skill.provisional else ""
        click.echo(f"{game} {player_class(players)} {level}: {skill.rating}{mark} "
                   f"(mu {skill.mu:.2f}, sigma {skill.sigma:.2f}, {count} games)")
    if write_path is not None:
        write_seed(write_path, game, players, skills, merge=bool(levels))
    if database_url is not None:
        from ludomots.accounts.db import AccountDb
        from ludomots.table.store import Store

        store = Store(database_url)
        try:
            store.migrate()
            data = {game: {player_class(players): {
                level: {"mu": s.mu, "sigma": s.sigma, "games": n}
                for level, (s, n) in skills.items()}}}
            seed_bot_ratings(AccountDb(store), data, overwrite=True)
        finally:
            store.close()
