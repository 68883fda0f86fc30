"""The records a Volapük position is made of (issue 18): a die of a rack, the announcements
pending after a word, and the board as the saved JSON writes it.

The records are frozen (mypy checks their fields, copies share them); their JSON is what the
state's hand-written ``to_json`` gave before they were declared: a rack die
``{"die", "face", "fetish"}``, the announcements a dict of their nine keys, the board a list of
``[row, col, face, die, letter, accent, sign, uid]`` rows in cell order.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ludomots.core.statefields import codec, fields_to_json
from ludomots.games.volapuk.board import Cell
from ludomots.games.volapuk.scoring import Board, Tile


@dataclass(frozen=True)
class RackDie:
    """A die of a rack: its id (colour, or a green die's number), the face rolled (None: in
    bulk, not rolled this turn) and whether it is kept as a fétiche."""

    die: str
    face: str | None = None
    fetish: bool = False


@dataclass(frozen=True)
class AccentEntry:
    """An accent announced on the word just laid, and its points."""

    seat: int
    cell: tuple[int, int]
    name: str
    accent: str
    points: int

    def to_json(self) -> dict[str, Any]:
        return fields_to_json(self)


@dataclass(frozen=True)
class Announcement:
    """The plus-values announced after a word (rules A, A6, B): the word, who has not said
    "done" yet, each seat's anagrams (folded keys and as written), the accents, the
    dictionary's senses and the definitions given as (seat, text, sense matched or -1)."""

    seat: int
    word: tuple[Cell, ...]
    text: str
    pending: tuple[int, ...]
    anagrams: tuple[tuple[str, ...], ...]
    words: tuple[tuple[str, ...], ...]
    accents: tuple[AccentEntry, ...] = ()
    senses: tuple[str, ...] = ()
    definitions: tuple[tuple[int, str, int], ...] = ()


def _board_rows(board: Board) -> list[list[Any]]:
    return [[r, c, *t.row()] for (r, c), t in sorted(board.items())]


def _board_of(rows: list[list[Any]]) -> Board:
    return {(row[0], row[1]): Tile(*row[2:]) for row in rows}


#: The board's field metadata: rows in cell order in JSON; a copy shares the frozen tiles.
BOARD_CODEC = codec(_board_rows, _board_of, dict)
