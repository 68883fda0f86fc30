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
from ludomots.accounts.ratings import (
    MU0,
    Skill,
    player_class,
    ranks_of,
    rate,
    rate_some,
)
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


def yardstick_seatings(level: str, known: list[str], players: int) -> list[list[str]]:
    """The tables at which a new ``level`` meets the levels already rated: one per known
    level in duels, one per set of ``players - 1`` known levels (with repeats when there are
    too few) from 3 seats on."""
    others = players - 1
    if len(known) >= others:
        groups = [list(group) for group in itertools.combinations(known, others)]
    else:
        groups = [[known[i % len(known)] for i in range(others)]]
    return [[level, *group] for group in groups]


def calibrate_level(game_name: str, players: int, level: str, known: dict[str, Skill],
                    seed: int = 1, max_games: int = 200,
                    on_game: Callable[[str], None] | None = None) -> tuple[Skill, int]:
    """Rate one more ``level`` against the levels already rated (``known``, held fixed as
    humans are when a game calibrates a bot): it meets them in turn, seats rotating, until
    its rating is no longer provisional (the fewest games that say something) or
    ``max_games``. Its (skill, games); the known levels' ratings, and so the shipped scale
    anchored on « confirmé », do not move."""
    game = registry.get_game(game_name)
    bots = registry.get_bots(game_name)
    if level not in bots:
        raise KeyError(f"{game_name} has no bot level {level!r}; it has {sorted(bots)}")
    names = sorted((k for k in known if k != level and k in bots), key=lambda k: known[k].mu)
    if not names:
        raise ValueError(f"no rated level of {game_name} to measure {level!r} against")
    tables = yardstick_seatings(level, names, players)
    skill, played = Skill(), 0
    while skill.provisional and played < max_games:
        seats = tables[played % len(tables)]
        turn = (played // len(tables)) % players  # every seat in turn, for the new level too
        seats = seats[turn:] + seats[:turn]
        result = run_matches(game, bots, seats, 1, seed + played, keep_records=True)
        played += 1
        if not result.records:
            continue  # a game that failed (counted by run_matches) rates nobody
        record = result.records[0]
        assert record.scores is not None and record.winners is not None
        at_table = [s.level or "" for s in record.seats]
        new = rate_some([skill if lv == level else known[lv] for lv in at_table],
                        ranks_of(record.scores, record.winners),
                        [lv == level for lv in at_table])
        skill = new[at_table.index(level)]
        if on_game is not None:
            on_game(f"{' '.join(at_table)} scores {record.scores}: {level}={skill.rating}"
                    f"{'?' if skill.provisional else ''} (sigma {skill.sigma:.2f})")
    return skill, played


def known_levels(game_name: str, players: int, path: Path | None = None) -> dict[str, Skill]:
    """The levels of the shipped seed (or ``path``) for this game and class."""
    entries = seed_data(path).get(game_name, {}).get(player_class(players), {})
    return {level: Skill(float(e["mu"]), float(e["sigma"])) for level, e in entries.items()}


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
               skills: dict[str, tuple[Skill, int]], merge: bool = False) -> None:
    """Write the class's levels into the seed file: all of them (a whole calibration), or
    with ``merge`` beside the levels already there (levels rated against those)."""
    data = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    by_class = data.setdefault(game_name, {})
    cls = player_class(players)
    entries = {
        level: {"mu": round(skill.mu, 4), "sigma": round(skill.sigma, 4), "games": games}
        for level, (skill, games) in skills.items()}
    by_class[cls] = {**by_class.get(cls, {}), **entries} if merge else entries
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
