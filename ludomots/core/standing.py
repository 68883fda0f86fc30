"""The result of a game that players left before its end: the winners and everyone's place.

A departure (a resignation, or an expulsion once out of time: the tables' ``resign.py``) is no
action of the game, so the game's own ``winners`` know nothing of it. The rule that corrects
them lives here, below the tables, so that a record listing its departures replays to the
very result the table announced, its players' histories keep and its download says:

Among those who stayed, the winners are the game's winners if it reached its end (else those
with the best score); those who left rank after them all, the last to leave first.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Departure:
    """A human who left a game in progress: resigned (``reason`` "resign") or was expelled
    once out of time ("expel"), after ``seq`` actions of the game (at ``at``, epoch ms).
    ``name`` is who sat there; ``level`` the bot that took the seat over (None: the seat
    plays no more)."""

    seat: int
    reason: str
    name: str
    seq: int
    level: str | None = None
    at: int = 0

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "reason": self.reason, "name": self.name, "seq": self.seq,
                "level": self.level, "at": self.at}

    @classmethod
    def from_json(cls, data: object) -> Departure:
        if not isinstance(data, dict):
            raise ValueError(f"a departure is a JSON object, got {data!r}")
        ints = {key: data.get(key) for key in ("seat", "seq", "at")}
        for key, value in ints.items():
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise ValueError(f"departure field {key!r} must be a natural number, "
                                 f"got {value!r}")
        reason, name, level = data.get("reason"), data.get("name"), data.get("level")
        if reason not in ("resign", "expel"):
            raise ValueError(f"departure reason must be 'resign' or 'expel', got {reason!r}")
        if not isinstance(name, str):
            raise ValueError(f"departure name must be a string, got {name!r}")
        if level is not None and not isinstance(level, str):
            raise ValueError(f"departure level must be a string or null, got {level!r}")
        return cls(seat=data["seat"], reason=reason, name=name, seq=data["seq"], level=level,
                   at=data["at"])


def standing(scores: Sequence[int], game_winners: Sequence[int], over: bool,
             departures: Sequence[Departure]) -> tuple[list[int], list[int]]:
    """(winners, ranks) of a game of ``len(scores)`` seats that ``departures`` left (one per
    seat): ``ranks[i]`` is seat i's place, 1 = first, ties share one. ``game_winners`` are the
    game's own, read only when it is ``over``."""
    departed = {d.seat: d for d in departures}
    stayed = [i for i in range(len(scores)) if i not in departed]
    winners = [w for w in game_winners if w in stayed] if over else []
    if not winners and stayed:
        best = max(scores[i] for i in stayed)
        winners = [i for i in stayed if scores[i] == best]
    ranks = _ranks(stayed, winners, scores)
    place = len(stayed) + 1
    for d in sorted(departed.values(), key=lambda d: (d.seq, d.at), reverse=True):
        ranks[d.seat] = place
        place += 1
    return winners, [ranks[i] for i in range(len(scores))]


def _ranks(seats: list[int], winners: list[int], scores: Sequence[int]) -> dict[int, int]:
    """Winners first, then by score (a shared score, a shared place)."""
    order = sorted(seats, key=lambda i: (i not in winners, -scores[i]))
    ranks: dict[int, int] = {}
    for position, seat in enumerate(order, start=1):
        previous = order[position - 2] if position > 1 else None
        if previous is not None and (previous in winners) == (seat in winners) and \
                scores[previous] == scores[seat]:
            ranks[seat] = ranks[previous]
        else:
            ranks[seat] = position
    return ranks
