"""Bots' ratings: seeded from bot-against-bot matches, then moved by games against rated humans.

How a level's rating comes to be (docs/ratings.md):

1. **Seed.** ``calibrate`` plays matches between the levels of a game (``core.sim``, every
   seating rotated) and rates each finished game with the same Plackett–Luce model as humans,
   the levels standing as players. Those ratings are relative, so they are shifted to put the
   « confirmé » level at the starting rating, 1500: a newcomer's first opponent is then the
   bot of his own supposed strength. ``ludomots accounts calibrate-bots`` runs it and writes
   ``data/bot_ratings.json``, shipped with the package; a server inserts the levels it lacks
   from that file when it starts (``seed_bot_ratings``), never overwriting what it learned.
2. **Update.** A casual game between bots and humans whose ratings are settled (all linked to
   accounts, none provisional, default options) moves the bots' ratings, the humans' being the
   fixed yardstick (``results.Results._rate_bots``). So the scale of bots and humans becomes
   one, and « Expert ≈ 1850 » means what a player of 1850 would expect.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any

from sqlalchemy import select

from ludomots.accounts.db import AccountDb, is_duplicate
from ludomots.accounts.ratings import MU0, Skill, player_class, ranks_of, rate
from ludomots.accounts.results import store_bot_skill
from ludomots.accounts.schema import BOT_RATINGS
from ludomots.core import registry
from ludomots.core.bots import LEVELS
from ludomots.core.sim import run_matches
from ludomots.table.errors import StoreError

SEED_FILE = "bot_ratings.json"
ANCHOR_LEVEL = "confirme"

#: The level of each seat at a calibration table of n players (every level at least once
#: from 3 seats on; in duels, every pair of levels).
def seatings(levels: list[str], players: int) -> list[list[str]]:
    if players == 2:
        return [list(pair) for pair in itertools.combinations(levels, 2)]
    return [[levels[i % len(levels)] for i in range(players)]]


def calibrate(game_name: str, players: int, games: int, seed: int = 1,
              levels: list[str] | None = None,
              on_game: Callable[[str], None] | None = None) -> dict[str, tuple[Skill, int]]:
    """Each level's (skill, games) from ``games`` games per seating; see the module doc."""
    game = registry.get_game(game_name)
    bots = registry.get_bots(game_name)
    levels = [level for level in (levels or list(LEVELS)) if level in bots]
    skills = {level: Skill() for level in levels}
    counts = dict.fromkeys(levels, 0)
    for i, seats in enumerate(seatings(levels, players)):
        result = run_matches(game, bots, seats, games, seed + i, keep_records=True)
        for record in result.records:
            assert record.scores is not None and record.winners is not None
            at_table = [s.level or "" for s in record.seats]
            new = rate([skills[level] for level in at_table],
                       ranks_of(record.scores, record.winners))
            moved: dict[str, list[Skill]] = {}
            for level, skill in zip(at_table, new, strict=True):
                moved.setdefault(level, []).append(skill)
            for level, changes in moved.items():
                skills[level] = Skill(sum(c.mu for c in changes) / len(changes),
                                      sum(c.sigma for c in changes) / len(changes))
                counts[level] += 1
            if on_game is not None:
                on_game(" ".join(f"{lv}={skills[lv].rating}" for lv in levels))
    anchor = skills.get(ANCHOR_LEVEL)
    shift = MU0 - anchor.mu if anchor is not None else 0.0
    return {level: (Skill(s.mu + shift, s.sigma), counts[level]) for level, s in skills.items()}


def seed_data(path: Path | None = None) -> dict[str, Any]:
    """The shipped seed: {game: {class: {level: {"mu", "sigma", "games"}}}}."""
    if path is not None:
        loaded: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
        return loaded
    try:
        text = resources.files("ludomots.accounts").joinpath("data", SEED_FILE).read_text(
            encoding="utf-8")
    except FileNotFoundError:
        return {}
    data: dict[str, Any] = json.loads(text)
    return data


def write_seed(path: Path, game_name: str, players: int,
               skills: dict[str, tuple[Skill, int]]) -> None:
    data = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    data.setdefault(game_name, {})[player_class(players)] = {
        level: {"mu": round(skill.mu, 4), "sigma": round(skill.sigma, 4), "games": games}
        for level, (skill, games) in skills.items()}
    path.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")


def seed_bot_ratings(db: AccountDb, data: dict[str, Any] | None = None,
                     overwrite: bool = False) -> int:
    """Insert the seed's levels the database lacks (all of them with ``overwrite``); how
    many rows were written. Processes that start together race on the rows' primary key:
    the loser tries again and finds the winner's rows."""
    data = seed_data() if data is None else data
    for attempt in range(3):
        try:
            return _seed(db, data, overwrite)
        except StoreError as exc:
            if not is_duplicate(exc) or attempt == 2:
                raise
    return 0  # pragma: no cover


def _seed(db: AccountDb, data: dict[str, Any], overwrite: bool) -> int:
    now = db.ms()
    written = 0
    with db.tx() as conn:
        present = {(r.game, r.players, r.level) for r in conn.execute(
            select(BOT_RATINGS.c.game, BOT_RATINGS.c.players, BOT_RATINGS.c.level))}
        for game_name, by_class in sorted(data.items()):
            for cls, by_level in sorted(by_class.items()):
                for level, entry in sorted(by_level.items()):
                    stored = (game_name, cls, level) in present
                    if stored and not overwrite:
                        continue
                    store_bot_skill(conn, game_name, cls, level,
                                    Skill(float(entry["mu"]), float(entry["sigma"])),
                                    int(entry["games"]), stored, now)
                    written += 1
    return written
