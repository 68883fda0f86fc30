"""The records of a Vocabulon position: the riddle being asked, an exchange waiting for an
answer, a change of secret word waiting for the missing letter. Frozen (a change makes a new
record), typed, and saved in the shape saves have always had.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

#: How a riddle came: the pawn stopped on a letter cell, or a card chosen on a VOCABULON cell.
Via = Literal["cell", "vocabulon"]


@dataclass(frozen=True)
class Said:
    """An answer the asked player typed (his « je ne sais pas » is not kept)."""

    seat: int
    word: str


@dataclass(frozen=True)
class Riddle:
    """The riddle being asked: the card drawn from ``group``'s compartment, the question of
    ``length`` letters, the player asked and the one reading it, how the riddle came (a letter
    cell or a card chosen on a VOCABULON cell), the asked player's attempts and answers, and
    the others still to answer, in table order."""

    group: str
    card: int
    length: int
    asked: int
    reader: int
    via: Via
    attempts: int = 0
    answers: tuple[Said, ...] = ()
    queue: tuple[int, ...] = ()


@dataclass(frozen=True)
class Exchange:
    """An exchange waiting for ``to``'s answer: ``giver`` gives his card ``give`` for ``to``'s
    card ``take``. ``offer``: the holder of a missing letter offers it (`Offer`) rather than a
    player on a VOCABULON cell proposing (`Propose`). Saved as {"from", "to", "give", "take"}
    and "offer": true only for an offer, the shape saves and views have always had."""

    giver: int
    to: int
    give: str
    take: str
    offer: bool = False

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"from": self.giver, "to": self.to, "give": self.give,
                                "take": self.take}
        if self.offer:
            data["offer"] = True
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Exchange:
        return cls(data["from"], data["to"], data["give"], data["take"],
                   bool(data.get("offer", False)))


@dataclass(frozen=True)
class ChangeRequest:
    """A change of secret word waiting for the holders of the missing letter: the asker, his
    new word (his secret until the change is made), the groups he can no longer win, and the
    holders still to be asked, in table order."""

    seat: int
    word: str
    groups: tuple[str, ...]
    queue: tuple[int, ...]
