"""Reading players: profiles, histories, leaderboards, bot ratings and the export of a player's
records. Every query is bounded and served by an index (``schema.py``), so a profile or a
leaderboard costs the same with 100,000 finished games as with ten (benchmarks/accounts.py).

Names shown in histories are the accounts' current names; a deleted account's seats read
« joueur supprimé » (``names.DELETED_NAME``), guests and bots their seat names.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from sqlalchemy import BindParameter, Connection, and_, bindparam, case, func, select

from ludomots.accounts.db import DAY_MS, Account, AccountDb
from ludomots.accounts.errors import unknown_player
from ludomots.accounts.names import DELETED_NAME
from ludomots.accounts.ratings import CLASS_TITLES, classes, display
from ludomots.accounts.schema import (
    ACCOUNT_ROWS,
    BOT_RATINGS,
    GAME_RESULTS,
    RATING_HISTORY,
    RATINGS,
)
from ludomots.core.bots import RETIRED_LEVELS
from ludomots.core.record import Record, RecordedAction, SeatInfo, seats_as_recorded
from ludomots.core.standing import Departure
from ludomots.table.store import ACTIONS, DEPARTURES, SEAT_CLAIMS, TABLES

#: Only players active within this window appear on a leaderboard (lichess' rule).
ACTIVE_MS = 30 * DAY_MS
LEADERBOARD_SIZE = 100
HISTORY_PAGE = 50
BEST_WORDS = 5
PLOT_POINTS = 500

# The statements of a profile and a leaderboard, built once with bound parameters: building a
# statement at each request cost more Python than running it (SQLAlchemy's coercions and
# cache key; benchmarks/accounts.py).
_ACCOUNT: BindParameter[int] = bindparam("account_id")
_RATINGS_OF = select(RATINGS).where(RATINGS.c.account_id == _ACCOUNT) \
    .order_by(RATINGS.c.game, RATINGS.c.players)
_STATS_OF = select(
    GAME_RESULTS.c.game, func.count(),
    func.sum(case((GAME_RESULTS.c.winner.is_(True), 1), else_=0)),
    func.sum(case((GAME_RESULTS.c.rated.is_(True), 1), else_=0))) \
    .where(GAME_RESULTS.c.account_id == _ACCOUNT) \
    .group_by(GAME_RESULTS.c.game).order_by(GAME_RESULTS.c.game)
_WORD_COLUMNS = (GAME_RESULTS.c.table_id, GAME_RESULTS.c.game, GAME_RESULTS.c.best_word,
                 GAME_RESULTS.c.best_points, GAME_RESULTS.c.longest_word,
                 GAME_RESULTS.c.finished_at)
_HIGHEST_OF = select(*_WORD_COLUMNS) \
    .where(GAME_RESULTS.c.account_id == _ACCOUNT, GAME_RESULTS.c.best_points.is_not(None)) \
    .order_by(GAME_RESULTS.c.best_points.desc(), GAME_RESULTS.c.finished_at.desc()) \
    .limit(BEST_WORDS)
_LONGEST_OF = select(*_WORD_COLUMNS) \
    .where(GAME_RESULTS.c.account_id == _ACCOUNT, GAME_RESULTS.c.longest_len.is_not(None)) \
    .order_by(GAME_RESULTS.c.longest_len.desc(), GAME_RESULTS.c.finished_at.desc()) \
    .limit(BEST_WORDS)


def _history(before: bool) -> Any:
    """A page of the account's games with every seat of each (newer than ``before`` or not)."""
    page = select(GAME_RESULTS.c.table_id).where(GAME_RESULTS.c.account_id == _ACCOUNT)
    if before:
        page = page.where(GAME_RESULTS.c.finished_at < bindparam("before"))
    page = page.order_by(GAME_RESULTS.c.finished_at.desc()).limit(HISTORY_PAGE + 1)
    return select(GAME_RESULTS, ACCOUNT_ROWS.c.name.label("account_name")) \
        .outerjoin(ACCOUNT_ROWS, ACCOUNT_ROWS.c.id == GAME_RESULTS.c.account_id) \
        .where(GAME_RESULTS.c.table_id.in_(page.scalar_subquery())) \
        .order_by(GAME_RESULTS.c.finished_at.desc(), GAME_RESULTS.c.table_id,
                  GAME_RESULTS.c.seat)


_HISTORY = {False: _history(False), True: _history(True)}
_LEADERBOARD = select(ACCOUNT_ROWS.c.name, RATINGS.c.rating, RATINGS.c.games,
                      RATINGS.c.last_played) \
    .join(ACCOUNT_ROWS, ACCOUNT_ROWS.c.id == RATINGS.c.account_id) \
    .where(and_(RATINGS.c.game == bindparam("game"), RATINGS.c.players == bindparam("players"),
                RATINGS.c.provisional.is_(False), RATINGS.c.last_played >= bindparam("since"))) \
    .order_by(RATINGS.c.rating.desc(), ACCOUNT_ROWS.c.name_key).limit(LEADERBOARD_SIZE)


@dataclass(frozen=True)
class RatingRow:
    game: str
    players: str
    rating: int
    provisional: bool
    games: int
    last_played: int

    def to_json(self) -> dict[str, Any]:
        return {"rating": self.rating, "provisional": self.provisional, "games": self.games,
                "class": self.players, "last_played": self.last_played}


def _shown_name(row: Any) -> str:
    if row.account_name is not None:
        return str(row.account_name)
    return DELETED_NAME if row.anonymised else str(row.name)


class Queries:
    def __init__(self, db: AccountDb) -> None:
        self.db = db

    # ---- ratings ------------------------------------------------------------------------------

    def ratings(self, account_id: int) -> list[RatingRow]:
        with self.db.tx() as conn:
            return self._ratings(conn, account_id)

    @staticmethod
    def ratings_json(rows: list[RatingRow]) -> dict[str, Any]:
        """{game: {"rating", "provisional", "games", "class", "by_class": {class: ...}}}: the
        top level is the class with the most games (the most recent on a tie)."""
        out: dict[str, Any] = {}
        for game in dict.fromkeys(r.game for r in rows):
            mine = [r for r in rows if r.game == game]
            main = max(mine, key=lambda r: (r.games, r.last_played))
            out[game] = {**main.to_json(), "by_class": {r.players: r.to_json() for r in mine}}
        return out

    def rating_points(self, account_id: int, game: str, players: str | None = None
                      ) -> list[tuple[int, int, str]]:
        """(time, rating, class) of the account's rated games of ``game``, oldest first (the
        last ``PLOT_POINTS``)."""
        query = select(RATING_HISTORY.c.at, RATING_HISTORY.c.rating, RATING_HISTORY.c.players) \
            .where(RATING_HISTORY.c.account_id == account_id, RATING_HISTORY.c.game == game)
        if players is not None:
            query = query.where(RATING_HISTORY.c.players == players)
        with self.db.tx() as conn:
            rows = conn.execute(query.order_by(RATING_HISTORY.c.at.desc())
                                .limit(PLOT_POINTS)).all()
        return [(r.at, r.rating, r.players) for r in reversed(rows)]

    # ---- profile ------------------------------------------------------------------------------

    def profile(self, account: Account, before: int | None = None) -> dict[str, Any]:
        """Everything ``GET /api/players/{name}`` answers but the definitions of best words."""
        with self.db.tx() as conn:
            return self._profile(conn, account, before)

    def profile_named(self, name: str, before: int | None = None) -> dict[str, Any]:
        """``profile`` of the account ``name`` (case and accents ignored), read in the same
        transaction as the account; RuleError("unknown_player")."""
        with self.db.tx() as conn:
            account = AccountDb.find_in(conn, name)
            if account is None:
                raise unknown_player(name)
            return self._profile(conn, account, before)

    def _profile(self, conn: Connection, account: Account, before: int | None
                 ) -> dict[str, Any]:
        followers, following = self.db.follow_counts(conn, account.id)
        ratings = self.ratings_json(self._ratings(conn, account.id))
        stats = self._stats(conn, account.id)
        best = self._best_words(conn, account.id)
        games, more = self._games(conn, account.id, before)
        return {"name": account.name, "created_at": account.created_at, "ratings": ratings,
                "stats": stats, "best_words": best, "games": games, "more": more,
                "followers": followers, "following": following}

    @staticmethod
    def _ratings(conn: Connection, account_id: int) -> list[RatingRow]:
        rows = conn.execute(_RATINGS_OF, {"account_id": account_id}).all()
        return [RatingRow(r.game, r.players, r.rating, r.provisional, r.games, r.last_played)
                for r in rows]

    @staticmethod
    def _stats(conn: Connection, account_id: int) -> dict[str, dict[str, int]]:
        """Per game: played, won (winners of the game), lost."""
        rows = conn.execute(_STATS_OF, {"account_id": account_id}).all()
        return {game: {"played": int(n), "won": int(w or 0), "lost": int(n) - int(w or 0),
                       "rated": int(r or 0)} for game, n, w, r in rows}

    @staticmethod
    def _best_words(conn: Connection, account_id: int) -> dict[str, list[dict[str, Any]]]:
        """The five highest-scoring and longest words (the latest first among equals: the
        order the indexes give, so a player of 10,000 games sorts nothing)."""
        mine = {"account_id": account_id}
        highest = conn.execute(_HIGHEST_OF, mine).all()
        longest = conn.execute(_LONGEST_OF, mine).all()
        return {
            "highest": [{"word": r.best_word, "points": r.best_points, "game": r.game,
                         "table": r.table_id} for r in highest],
            "longest": [{"word": r.longest_word, "length": len(r.longest_word), "game": r.game,
                         "table": r.table_id} for r in longest],
        }

    @staticmethod
    def _games(conn: Connection, account_id: int, before: int | None
               ) -> tuple[list[dict[str, Any]], int | None]:
        """The account's finished games, newest first (a page), with every seat of each, in
        one query; the cursor of the next page."""
        params: dict[str, Any] = {"account_id": account_id}
        if before is not None:
            params["before"] = before
        rows = conn.execute(_HISTORY[before is not None], params).all()
        seats: dict[str, list[dict[str, Any]]] = {}
        mine = []
        for r in rows:
            seats.setdefault(r.table_id, []).append({
                "seat": r.seat, "name": _shown_name(r), "kind": r.kind, "level": r.level,
                "account": r.account_name is not None, "score": r.score, "rank": r.rank,
                "winner": r.winner})
            if r.account_id == account_id:
                mine.append(r)
        more = mine[HISTORY_PAGE - 1].finished_at if len(mine) > HISTORY_PAGE else None
        games = [{
            "table": r.table_id, "game": r.game, "players": r.players, "seat": r.seat,
            "finished_at": r.finished_at, "rank": r.rank, "score": r.score, "winner": r.winner,
            "rated": r.rated, "rating_before": r.rating_before, "rating_after": r.rating_after,
            "seats": seats[r.table_id], "replay": f"/partie/{r.table_id}/revoir",
        } for r in mine[:HISTORY_PAGE]]
        return games, more

    # ---- leaderboards -------------------------------------------------------------------------

    def leaderboard(self, game: str, players: str) -> list[dict[str, Any]]:
        """Non-provisional players active in the last 30 days, best first."""
        with self.db.tx() as conn:
            return self._leaderboard(conn, game, players)

    def leaderboard_and_bots(self, game: str, players: str
                             ) -> tuple[list[dict[str, Any]], dict[str, Any]]:
        """``leaderboard`` and ``bot_ratings(game)`` in one transaction."""
        with self.db.tx() as conn:
            return self._leaderboard(conn, game, players), self._bot_ratings(conn, game)

    def _leaderboard(self, conn: Connection, game: str, players: str
                     ) -> list[dict[str, Any]]:
        rows = conn.execute(_LEADERBOARD, {"game": game, "players": players,
                                           "since": self.db.ms() - ACTIVE_MS}).all()
        out: list[dict[str, Any]] = []
        for i, r in enumerate(rows):
            rank = out[-1]["rank"] if out and out[-1]["rating"] == r.rating else i + 1
            out.append({"rank": rank, "name": r.name, "rating": r.rating, "games": r.games,
                        "last_played": r.last_played})
        return out

    def bot_ratings(self, game: str | None = None) -> dict[str, dict[str, dict[str, Any]]]:
        """{game: {class: {level: {"rating", "provisional", "games"}}}}."""
        with self.db.tx() as conn:
            return self._bot_ratings(conn, game)

    @staticmethod
    def _bot_ratings(conn: Connection, game: str | None
                     ) -> dict[str, dict[str, dict[str, Any]]]:
        from ludomots.accounts.ratings import PROVISIONAL_SIGMA

        # A retired level's row stays (its history) but is no longer shown.
        query = select(BOT_RATINGS).where(BOT_RATINGS.c.level.not_in(sorted(RETIRED_LEVELS)))
        if game is not None:
            query = query.where(BOT_RATINGS.c.game == game)
        rows = conn.execute(query.order_by(BOT_RATINGS.c.game, BOT_RATINGS.c.players,
                                           BOT_RATINGS.c.rating)).all()
        out: dict[str, dict[str, dict[str, Any]]] = {}
        for r in rows:
            out.setdefault(r.game, {}).setdefault(r.players, {})[r.level] = {
                "rating": display(r.mu), "provisional": r.sigma > PROVISIONAL_SIGMA,
                "games": r.games}
        return out

    # ---- export -------------------------------------------------------------------------------

    def export(self, account: Account) -> Iterator[str]:
        """The account's records as one JSON document, in pieces (a long history is never
        held whole in memory): {"format", "name", "created_at", "ratings", "games": [record,
        ...]}, each record as ``GET /api/tables/{id}/record`` gives it, plus its ``table``
        id and ``seat``."""
        head = {"format": "ludomots-export-1", "name": account.name,
                "created_at": account.created_at,
                "ratings": self.ratings_json(self.ratings(account.id))}
        yield json.dumps(head, ensure_ascii=False)[:-1] + ', "games": ['
        with self.db.tx() as conn:
            tables = conn.execute(select(GAME_RESULTS.c.table_id, GAME_RESULTS.c.seat)
                                  .where(GAME_RESULTS.c.account_id == account.id)
                                  .order_by(GAME_RESULTS.c.finished_at)).all()
        for i, (table_id, seat) in enumerate(tables):
            with self.db.tx() as conn:
                record = self._record(conn, table_id)
            if record is None:
                continue
            record["table"], record["seat"] = table_id, seat
            yield ("," if i else "") + json.dumps(record, ensure_ascii=False)
        yield "]}\n"

    @staticmethod
    def _record(conn: Connection, table_id: str) -> dict[str, Any] | None:
        """A finished table's record from its rows, without replaying it."""
        table = conn.execute(select(TABLES).where(TABLES.c.id == table_id)).first()
        if table is None:
            return None
        names = dict(conn.execute(select(SEAT_CLAIMS.c.seat, SEAT_CLAIMS.c.name)
                                  .where(SEAT_CLAIMS.c.table_id == table_id)).all())
        seats = json.loads(table.seats)
        results = conn.execute(select(GAME_RESULTS.c.seat, GAME_RESULTS.c.score,
                                      GAME_RESULTS.c.rank, GAME_RESULTS.c.winner)
                               .where(GAME_RESULTS.c.table_id == table_id)
                               .order_by(GAME_RESULTS.c.seat)).all()
        actions = conn.execute(select(ACTIONS.c.seat, ACTIONS.c.action, ACTIONS.c.ms,
                                      ACTIONS.c.digest, ACTIONS.c.timeout)
                               .where(ACTIONS.c.table_id == table_id)
                               .order_by(ACTIONS.c.seq)).all()
        departures = [Departure(seat=d.seat, reason=d.reason, name=d.name, seq=d.seq,
                                level=d.level, at=d.at)
                      for d in conn.execute(select(DEPARTURES)
                                            .where(DEPARTURES.c.table_id == table_id)
                                            .order_by(DEPARTURES.c.seq, DEPARTURES.c.at))]
        record = Record(
            game=table.game, options=json.loads(table.options), seed=table.seed,
            seats=[SeatInfo(name=names.get(i, s.get("name", "")), kind=s["kind"],
                            level=s.get("level")) for i, s in enumerate(seats)],
            actions=[RecordedAction(seat=a.seat, action=json.loads(a.action), ms=a.ms,
                                    digest=a.digest, timeout=bool(a.timeout))
                     for a in actions],
            scores=[r.score for r in results] or None,
            winners=[r.seat for r in results if r.winner] if results else None)
        if departures:  # as the table's ``record`` says how it ended (``Record``)
            record.seats = seats_as_recorded(record.seats, departures)
            record.departures = departures
            record.ranks = [r.rank for r in results] or None
        return record.to_json()


def class_titles() -> dict[str, str]:
    return {c: CLASS_TITLES[c] for c in classes()}
