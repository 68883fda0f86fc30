"""The four rows on the table: pure functions on a tuple of strings.

A row is read left to right and a card goes only at one of its ends, so a row is a string and
placing a card is a concatenation. Keeping these functions apart from the state lets the bots
simulate a round ("what will the rows be when my card comes?") without touching a state.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from ludomots.games.typo.cards import DISTRIBUTION, ROW_COUNT

Side = Literal["left", "right"]
SIDES: tuple[Side, Side] = ("left", "right")


def placed(row: str, card: str, side: Side) -> str:
    """The row once `card` is added at its `side` end."""
    return card + row if side == "left" else row + card


def longest_rows(rows: Sequence[str]) -> list[int]:
    """Indexes of the longest rows: a failing player discards one of them (his choice)."""
    best = max(len(row) for row in rows)
    return [index for index, row in enumerate(rows) if len(row) == best]


def with_row(rows: Sequence[str], index: int, row: str) -> tuple[str, ...]:
    """The rows with row `index` replaced (a placement or a discard)."""
    return tuple(row if i == index else old for i, old in enumerate(rows))


def rows_text(rows: Sequence[str]) -> str:
    """One-line notation for tests and logs: rows joined by `/` (`FRONT/ELAST/MAISON/PL`)."""
    return "/".join(rows)


def parse_rows(text: str) -> tuple[str, ...]:
    """The inverse of `rows_text`; ValueError unless four non-empty rows of Typo letters."""
    rows = tuple(part.strip().upper() for part in text.split("/"))
    if len(rows) != ROW_COUNT or not all(row and all(ch in DISTRIBUTION for ch in row)
                                         for row in rows):
        raise ValueError(f"expected four rows of letters joined by '/', got {text!r}")
    return rows
