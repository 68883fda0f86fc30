"""The typed records of Awalettres' state: what mypy checks and core serializes.

Their JSON is the shape saved games have always had: a task is ``{"type", "seat"}`` with
``"spell"`` only for a cast, a MARABOUTAGE designation ``[caster, card]`` and a debt
``[creditor, amount]`` (tuples, written as two-item lists).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

#: (caster, card): a MARABOUTAGE on a seat, the card its word must use.
Designation = tuple[int, str]
#: (creditor, amount): what a seat owes a seat or the pot (POT = -1).
Debt = tuple[int, int]

TaskType = Literal["spell", "panic", "trim", "cast"]


@dataclass(frozen=True)
class Task:
    """One decision the turn waits for: a drawn spell to give (``spell``), a panic to calm
    (``panic``), a letter to put back (``trim``), a held spell to cast now (``cast``, with
    ``spell``: ÉCHANGE or MARABOUTAGE)."""

    type: TaskType
    seat: int
    spell: str | None = None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"type": self.type, "seat": self.seat}
        if self.spell is not None:
            data["spell"] = self.spell
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Task:
        return cls(data["type"], data["seat"], data.get("spell"))


@dataclass(frozen=True)
class WordRecord:
    """A word laid (the state's `played`, public): what it collected, earned as a bonus and
    paid (seat → seeds), the cards it took from each seat, the word as typed and its folded
    key, where each letter came from and which were a CONFUSION, and the turn."""

    seat: int
    word: str
    collected: int
    bonus: int
    gain: int
    payments: dict[int, int]
    pot_gains: dict[int, int]
    net: int
    cards: dict[int, tuple[str, ...]]
    key: str
    sources: tuple[int, ...]
    wild: tuple[int, ...]
    turn: int

    def to_json(self) -> dict[str, Any]:
        """The JSON saved games and views have always had (seats as string keys)."""
        return {"seat": self.seat, "word": self.word, "collected": self.collected,
                "bonus": self.bonus, "gain": self.gain,
                "payments": {str(s): n for s, n in self.payments.items()},
                "pot_gains": {str(s): n for s, n in self.pot_gains.items()},
                "net": self.net,
                "cards": {str(s): list(c) for s, c in self.cards.items()},
                "key": self.key, "sources": list(self.sources), "wild": list(self.wild),
                "turn": self.turn}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> WordRecord:
        return cls(data["seat"], data["word"], data["collected"], data["bonus"], data["gain"],
                   {int(s): n for s, n in data["payments"].items()},
                   {int(s): n for s, n in data["pot_gains"].items()}, data["net"],
                   {int(s): tuple(c) for s, c in data["cards"].items()}, data["key"],
                   tuple(data["sources"]), tuple(data["wild"]), data["turn"])
