"""A finished table's results, and the rating changes they bring, stored exactly once.

``summarise`` reads what it needs from the finished game in memory (scores, places, best
words) and ``finish`` stores it in one transaction: the ``finished_tables`` row (the guard),
one ``game_results`` row per seat, and for a rated game every player's new rating and its
history line, plus the calibration of bots. The guard's primary key makes the whole
transaction happen once per table whoever tries: two processes that both see a table end (or
a restart's sweep retrying a finish the crash interrupted) race on it, and the loser changes
nothing. Ratings rows are locked (``FOR UPDATE`` on PostgreSQL; SQLite's ``BEGIN IMMEDIATE``
serialises writers) in account order, so two tables finishing at once with a common player
never lose an update nor deadlock.

Which games are rated (the issue's rules): the table was created as rated, every seat is a
human linked to a distinct account, and the options are the rulebook's defaults (checked at
creation, checked again here). Bots are calibrated from casual games against rated humans
(``rated_against_bots``): the humans' ratings are the fixed yardstick and only the bots'
change; humans' ratings never move in a game with a bot.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, delete, exists, insert, select, update

from ludomots.accounts.db import AccountDb, is_duplicate
from ludomots.accounts.ratings import Skill, player_class, ranks_of, rate, rate_some
from ludomots.accounts.schema import (
    BOT_RATINGS,
    FINISHED_TABLES,
    GAME_RESULTS,
    INVITES,
    RATED_TABLES,
    RATING_HISTORY,
    RATINGS,
    SEAT_ACCOUNTS,
)
from ludomots.core import registry
from ludomots.core.bots import current_level
from ludomots.core.game import Game, State
from ludomots.core.options import options_to_json
from ludomots.table.errors import StoreError
from ludomots.table.model import TableInfo
from ludomots.table.resign import table_result
from ludomots.table.store import SEAT_CLAIMS, TABLES
from ludomots.table.table import Table

log = logging.getLogger(__name__)

WORD_MAX = 64


@dataclass(frozen=True)
class SeatResult:
    seat: int
    name: str
    kind: str
    level: str | None
    score: int
    rank: int
    winner: bool
    best_word: str | None = None
    best_points: int | None = None
    longest_word: str | None = None


@dataclass(frozen=True)
class FinishedGame:
    table_id: str
    game: str
    default_options: bool
    seats: tuple[SeatResult, ...]

    @property
    def players(self) -> int:
        return len(self.seats)


def has_default_options(game: Game, options: dict[str, Any]) -> bool:
    """Whether ``options`` are the rulebook's defaults (what a rated table must use)."""
    try:
        return options_to_json(game.coerce_options(options)) == \
            options_to_json(game.default_options())
    except Exception:
        return False


def summarise(info: TableInfo, state: State) -> FinishedGame:
    """The results of a finished game, from its table info and final state. A human who
    resigned ranks last and keeps the seat in the results (not the bot that took it over);
    a game that resignations ended is won as the table says (``table.resign``)."""
    game = registry.get_game(info.game)
    result = table_result(info, state)
    scores = result["scores"]
    winners = result["winners"]
    ranks = result["ranks"] if "ranks" in result else ranks_of(scores, winners)
    departed = info.departed()
    best: dict[int, tuple[int, str]] = {}
    longest: dict[int, str] = {}
    for played in game.played_words(state):
        word = played.word[:WORD_MAX]
        if played.points is not None and (played.seat not in best or
                                          played.points > best[played.seat][0]):
            best[played.seat] = (played.points, word)
        if len(word) > len(longest.get(played.seat, "")):
            longest[played.seat] = word
    seats = tuple(
        SeatResult(seat=i, name=departed[i].name if i in departed else spec.name,
                   kind="human" if i in departed else spec.kind,
                   level=None if i in departed else spec.level, score=scores[i],
                   rank=ranks[i], winner=i in winners,
                   best_word=best[i][1] if i in best else None,
                   best_points=best[i][0] if i in best else None,
                   longest_word=longest.get(i))
        for i, spec in enumerate(info.seats))
    return FinishedGame(table_id=info.id, game=info.game,
                        default_options=has_default_options(game, info.options), seats=seats)


def _rows_for_update(conn: Connection, query: Any) -> Any:
    """Lock the rows read (PostgreSQL); SQLite's BEGIN IMMEDIATE already holds the write lock."""
    if conn.dialect.name == "postgresql":
        query = query.with_for_update()
    return conn.execute(query).all()


def _human_skills(conn: Connection, game: str, cls: str, accounts: Sequence[int]
                  ) -> dict[int, tuple[Skill, int, bool]]:
    """account -> (skill, games, stored) for the accounts, locked, in account order."""
    rows = _rows_for_update(conn, select(RATINGS).where(
        RATINGS.c.game == game, RATINGS.c.players == cls,
        RATINGS.c.account_id.in_(sorted(accounts))).order_by(RATINGS.c.account_id))
    found = {r.account_id: (Skill(r.mu, r.sigma), r.games, True) for r in rows}
    return {a: found.get(a, (Skill(), 0, False)) for a in accounts}


def _bot_skills(conn: Connection, game: str, cls: str, levels: Sequence[str]
                ) -> dict[str, tuple[Skill, int, bool]]:
    rows = _rows_for_update(conn, select(BOT_RATINGS).where(
        BOT_RATINGS.c.game == game, BOT_RATINGS.c.players == cls,
        BOT_RATINGS.c.level.in_(sorted(set(levels)))).order_by(BOT_RATINGS.c.level))
    found = {r.level: (Skill(r.mu, r.sigma), r.games, True) for r in rows}
    return {level: found.get(level, (Skill(), 0, False)) for level in levels}


def store_bot_skill(conn: Connection, game: str, cls: str, level: str, skill: Skill,
                    games: int, stored: bool, now: int) -> None:
    values = {"mu": skill.mu, "sigma": skill.sigma, "rating": skill.rating, "games": games,
              "updated_at": now}
    if stored:
        conn.execute(update(BOT_RATINGS).where(
            BOT_RATINGS.c.game == game, BOT_RATINGS.c.players == cls,
            BOT_RATINGS.c.level == level).values(**values))
    else:
        conn.execute(insert(BOT_RATINGS).values(game=game, players=cls, level=level, **values))


class Results:
    """Finishing tables (``finish``), and finding those whose finish never happened."""

    def __init__(self, db: AccountDb) -> None:
        self.db = db

    def finish(self, result: FinishedGame) -> bool:
        """Store the table's results and rating changes; False if already done. Retried when
        another transaction inserted a row this one needed (a first rating of a common
        player): the retry sees the other's work."""
        for attempt in range(4):
            try:
                with self.db.tx() as conn:
                    return self._finish(conn, result)
            except StoreError as exc:
                if not is_duplicate(exc) or attempt == 3:
                    raise
                log.info("table %s: finish raced with another, retrying", result.table_id)
        return False  # pragma: no cover

    def _finish(self, conn: Connection, result: FinishedGame) -> bool:
        table_id = result.table_id
        if conn.execute(select(FINISHED_TABLES.c.table_id)
                        .where(FINISHED_TABLES.c.table_id == table_id)).first() is not None:
            return False
        now = self.db.ms()
        links = {seat: account for seat, account in conn.execute(
            select(SEAT_ACCOUNTS.c.seat, SEAT_ACCOUNTS.c.account_id)
            .where(SEAT_ACCOUNTS.c.table_id == table_id))}
        # Names as stored now: a deleted account's seats read « joueur supprimé » already.
        names = {seat: name for seat, name in conn.execute(
            select(SEAT_CLAIMS.c.seat, SEAT_CLAIMS.c.name)
            .where(SEAT_CLAIMS.c.table_id == table_id))}
        rated_table = conn.execute(select(RATED_TABLES.c.table_id).where(
            RATED_TABLES.c.table_id == table_id)).first() is not None
        seats = result.seats
        humans = [s for s in seats if s.kind == "human"]
        rated = (rated_table and result.default_options and len(humans) == len(seats) >= 2
                 and all(s.seat in links for s in seats)
                 and len({links[s.seat] for s in seats}) == len(seats))
        conn.execute(insert(FINISHED_TABLES).values(
            table_id=table_id, game=result.game, players=result.players, rated=rated,
            finished_at=now))
        cls = player_class(result.players) if 2 <= result.players <= 8 else None
        before: dict[int, int] = {}
        after: dict[int, int] = {}
        if rated and cls is not None:
            before, after = self._rate_humans(conn, result, cls, links, now)
        elif cls is not None and result.default_options and humans and \
                len(humans) < len(seats) and all(s.seat in links for s in humans):
            self._rate_bots(conn, result, cls, links, now)
        conn.execute(insert(GAME_RESULTS), [{
            "table_id": table_id, "seat": s.seat, "account_id": links.get(s.seat),
            "name": names.get(s.seat, s.name), "kind": s.kind, "level": s.level,
            "game": result.game, "players": result.players, "rank": s.rank, "score": s.score,
            "winner": s.winner, "finished_at": now, "rated": rated,
            "rating_before": before.get(s.seat), "rating_after": after.get(s.seat),
            "best_word": s.best_word, "best_points": s.best_points,
            "longest_word": s.longest_word,
            "longest_len": len(s.longest_word) if s.longest_word else None,
            "anonymised": False} for s in seats])
        conn.execute(delete(INVITES).where(INVITES.c.table_id == table_id))
        return True

    def _rate_humans(self, conn: Connection, result: FinishedGame, cls: str,
                     links: dict[int, int], now: int) -> tuple[dict[int, int], dict[int, int]]:
        seats = result.seats
        accounts = [links[s.seat] for s in seats]
        known = _human_skills(conn, result.game, cls, accounts)
        skills = [known[a][0] for a in accounts]
        new = rate(skills, [s.rank for s in seats])
        before, after = {}, {}
        for s, account, old, skill in zip(seats, accounts, skills, new, strict=True):
            _, games, stored = known[account]
            values = {"mu": skill.mu, "sigma": skill.sigma, "rating": skill.rating,
                      "provisional": skill.provisional, "games": games + 1, "last_played": now}
            if stored:
                conn.execute(update(RATINGS).where(
                    RATINGS.c.account_id == account, RATINGS.c.game == result.game,
                    RATINGS.c.players == cls).values(**values))
            else:
                conn.execute(insert(RATINGS).values(account_id=account, game=result.game,
                                                    players=cls, **values))
            conn.execute(insert(RATING_HISTORY).values(
                account_id=account, table_id=result.table_id, game=result.game, players=cls,
                at=now, mu=skill.mu, sigma=skill.sigma, rating=skill.rating))
            before[s.seat], after[s.seat] = old.rating, skill.rating
        return before, after

    def _rate_bots(self, conn: Connection, result: FinishedGame, cls: str,
                   links: dict[int, int], now: int) -> None:
        """Calibrate the bots from a casual game against rated humans: only when every human
        is linked and no human rating is provisional (a yardstick must be settled)."""
        seats = result.seats
        humans = {links[s.seat] for s in seats if s.kind == "human"}
        known = _human_skills(conn, result.game, cls, sorted(humans))
        if any(not stored or skill.provisional for skill, _, stored in known.values()):
            return
        # A seat saved with a retired level was played on by its successor, rated as such.
        level_of = {s.seat: current_level(s.level or "") for s in seats if s.kind == "bot"}
        bots = _bot_skills(conn, result.game, cls, list(level_of.values()))
        skills = [known[links[s.seat]][0] if s.kind == "human" else bots[level_of[s.seat]][0]
                  for s in seats]
        new = rate_some(skills, [s.rank for s in seats], [s.kind == "bot" for s in seats])
        # A level seated twice moves by the mean of its seats' changes.
        moved: dict[str, list[Skill]] = {}
        for s, skill in zip(seats, new, strict=True):
            if s.kind == "bot":
                moved.setdefault(level_of[s.seat], []).append(skill)
        for level, changes in moved.items():
            old, games, stored = bots[level]
            skill = Skill(sum(c.mu for c in changes) / len(changes),
                          sum(c.sigma for c in changes) / len(changes))
            store_bot_skill(conn, result.game, cls, level, skill, games + 1, stored, now)

    # ---- finishes that never happened ---------------------------------------------------------

    def unfinished(self, limit: int = 100) -> list[str]:
        """Finished tables whose results are missing although they matter (a seat is linked
        to an account, or the table is rated): the process that ended them died first."""
        linked = exists().where(SEAT_ACCOUNTS.c.table_id == TABLES.c.id)
        rated = exists().where(RATED_TABLES.c.table_id == TABLES.c.id)
        done = exists().where(FINISHED_TABLES.c.table_id == TABLES.c.id)
        with self.db.tx() as conn:
            return list(conn.execute(select(TABLES.c.id).where(
                TABLES.c.status == "over", ~done, linked | rated)
                .order_by(TABLES.c.updated_at).limit(limit)).scalars())

    def finish_from_store(self, table_id: str) -> bool:
        """Replay a finished table from the store and ``finish`` it (the sweep, and guests'
        games claimed from before accounts existed)."""
        info, actions = self.db.store.load_table(table_id)
        table = Table.rebuild(info, actions)
        if table.status != "over":
            return False
        return self.finish(summarise(table.info, table.state))

    def sweep(self) -> int:
        """Finish every table that ended without its results; how many were finished here."""
        done = 0
        for table_id in self.unfinished():
            try:
                done += self.finish_from_store(table_id)
            except Exception:
                log.exception("table %s: cannot store its results", table_id)
        return done
