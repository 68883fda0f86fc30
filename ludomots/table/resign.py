"""What a resignation or an expulsion does to a table (issue 19), independently of any game.

An expulsion (``reason`` "expel": the others sent a seat out of time away, or a turn-based
move's days ran out) is a departure like a resignation, with the same consequences below.

The game's rules know nothing of resigning: a resignation is a table event, kept in the store's
``departures`` (one row per seat), never an action of the record. So a record still replays
exactly, and the table's result is the game's result corrected by the departures:

- at 2 players, the one who stays wins (the game ends);
- at 3 players or more, the one who left ranks last, and either a bot of the creator's chosen
  level takes the seat over and the game goes on (``ResignRule("bot", level)``), or the game
  ends on the scores as they stand (``ResignRule("score")``);
- when no human is left to play, the game ends on the scores as they stand.

Among those who stayed, the winners are the game's winners if it reached its end (else those
with the best score); those who left rank after them all, the last to leave first (the rule is
``core/standing.py``'s, so that a record listing its departures replays to the same result).
"""

from __future__ import annotations

from typing import Any

from ludomots.core.errors import RuleError
from ludomots.core.game import State
from ludomots.core.standing import standing
from ludomots.table.errors import table_error
from ludomots.table.model import Departure, TableInfo


def left_error(reason: str) -> RuleError:
    """The refusal of anything a seat's human tries after leaving (code "resigned")."""
    if reason == "expel":
        return table_error("resigned", "Vous avez été expulsé de cette partie, votre temps "
                                       "étant écoulé : vous la suivez désormais en spectateur.")
    return table_error("resigned", "Vous avez abandonné cette partie : vous la suivez "
                                   "désormais en spectateur.")


def ended_by_departures(info: TableInfo) -> bool:
    """Whether the departures ended the game before its end."""
    if not info.departures:
        return False
    return any(d.level is None for d in info.departures) or not info.humans_left()


def departure_for(info: TableInfo, seat: int, name: str, seq: int, at: int,
                  reason: str = "resign") -> Departure:
    """The departure of ``seat``: taken over by a bot when the table plays on after it."""
    level = info.resign_rule.level if len(info.seats) >= 3 and \
        info.resign_rule.mode == "bot" else None
    return Departure(seat=seat, reason=reason, name=name, seq=seq, level=level, at=at)


def table_result(info: TableInfo, state: State) -> dict[str, Any]:
    """``{"scores", "winners"}`` (the game's own when nobody left), and after a departure
    ``ranks`` (``ranks[i]`` is seat i's place, 1 = first, ties share one: ``standing``) and
    ``reason`` (when departures ended the game before its end, the last one's: "resign" or
    "expel"; else null)."""
    scores = list(state.scores())
    if not info.departures:
        return {"scores": scores, "winners": list(state.winners())}
    over = state.is_over()
    winners, ranks = standing(scores, state.winners() if over else [], over,
                              list(info.departed().values()))
    ended = ended_by_departures(info) and not over
    return {"scores": scores, "winners": winners, "ranks": ranks,
            "reason": info.departures[-1].reason if ended else None}
