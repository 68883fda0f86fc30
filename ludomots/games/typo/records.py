"""Typo's sub-records: the word waiting for the others' votes, and the round's log entries.

Frozen dataclasses that mypy checks; their JSON keeps the shape the hand-written dicts had (saved
games load), so a log entry leaves out a key it had no value for: `doubters` when nobody voted
(automatic referee), `word` when a failure was declared rather than refused.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from ludomots.games.typo.rows import Side


@dataclass(frozen=True)
class Pending:
    """A word announced under the challenge rule: the card is on its row until the vote."""

    seat: int
    card: str
    row: int
    side: Side
    word: str  # as announced (stripped)
    rows: tuple[str, ...]  # the rows with the card placed
    key: str  # the folded word the lexicon is asked about
    before: str  # the row before the card, put back if the word is refused


@dataclass(frozen=True)
class Placed:
    """A card placed with its word (under the challenge rule, once the votes are counted)."""

    seat: int
    card: str
    row: int
    side: Side
    word: str
    rows: tuple[str, ...]
    challenged: bool
    bonus: int
    doubters: tuple[int, ...] | None = None  # None: no vote (automatic referee)
    type: Literal["placed"] = "placed"

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"type": self.type, "seat": self.seat, "card": self.card,
                                "row": self.row, "side": self.side, "word": self.word,
                                "rows": list(self.rows), "challenged": self.challenged}
        if self.doubters is not None:
            data["doubters"] = list(self.doubters)
        data["bonus"] = self.bonus
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Placed:
        doubters = data.get("doubters")
        return cls(data["seat"], data["card"], data["row"], data["side"], data["word"],
                   tuple(data["rows"]), data["challenged"], data["bonus"],
                   None if doubters is None else tuple(doubters))


@dataclass(frozen=True)
class Failed:
    """A card that fitted nowhere, or whose word was refused: a longest row was discarded."""

    seat: int
    card: str
    row: int
    discarded: str
    points: int
    refused: bool
    rows: tuple[str, ...]
    word: str | None = None  # the refused word
    type: Literal["failed"] = "failed"

    def event_data(self) -> dict[str, Any]:
        """The `fail` event's payload: the entry without its type."""
        data = self.to_json()
        del data["type"]
        return data

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"type": self.type, "seat": self.seat, "card": self.card,
                                "row": self.row, "discarded": self.discarded,
                                "points": self.points, "refused": self.refused,
                                "rows": list(self.rows)}
        if self.word is not None:
            data["word"] = self.word
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Failed:
        return cls(data["seat"], data["card"], data["row"], data["discarded"], data["points"],
                   data["refused"], tuple(data["rows"]), data.get("word"))


Played = Placed | Failed


def played_to_json(entries: list[Played]) -> list[dict[str, Any]]:
    return [entry.to_json() for entry in entries]


def played_from_json(data: list[dict[str, Any]]) -> list[Played]:
    return [Placed.from_json(e) if e["type"] == "placed" else Failed.from_json(e) for e in data]
