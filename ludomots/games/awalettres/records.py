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
