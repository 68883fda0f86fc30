"""The round board: a 15×15 grid clipped to a disc, and its eight reading directions.

RULINGS.md: cells whose centre lies within 7.5 cells of the board's centre. Coordinates as in
Topword: rows A–O top to bottom, columns 1–15 ("H8" is the centre). A word is read along one
of eight directions; four read the usual way (left to right, top to bottom) and their four
opposites read it reversed (the seed's "lecture inversée").
"""

from __future__ import annotations

from functools import cache

SIZE = 15
CENTRE = (SIZE - 1) / 2
RADIUS = 7.5
ROWS = "ABCDEFGHIJKLMNO"

Cell = tuple[int, int]

# name -> (row step, column step). Names are French compass points (O = ouest).
DIRECTIONS: dict[str, tuple[int, int]] = {
    "E": (0, 1), "S": (1, 0), "SE": (1, 1), "NE": (-1, 1),
    "O": (0, -1), "N": (-1, 0), "NO": (-1, -1), "SO": (1, -1),
}
FORWARD = ("E", "S", "SE", "NE")
OPPOSITE = {"E": "O", "S": "N", "SE": "NO", "NE": "SO", "O": "E", "N": "S", "NO": "SE",
            "SO": "NE"}
DIRECTION_NAMES = {
    "E": "horizontal", "S": "vertical", "SE": "diagonale descendante",
    "NE": "diagonale montante", "O": "horizontal inversé", "N": "vertical inversé",
    "NO": "diagonale montante inversée", "SO": "diagonale descendante inversée",
}


def is_reversed(direction: str) -> bool:
    """Read right to left, or bottom to top for a column."""
    return direction not in FORWARD


def is_diagonal(direction: str) -> bool:
    dr, dc = DIRECTIONS[direction]
    return dr != 0 and dc != 0


def axis(direction: str) -> str:
    """The line orientation (the forward direction of the pair)."""
    return direction if direction in FORWARD else OPPOSITE[direction]


@cache
def cells() -> frozenset[Cell]:
    return frozenset((r, c) for r in range(SIZE) for c in range(SIZE)
                     if (r - CENTRE) ** 2 + (c - CENTRE) ** 2 <= RADIUS ** 2)


def on_board(cell: Cell) -> bool:
    return cell in cells()


def step(cell: Cell, direction: str, k: int = 1) -> Cell:
    dr, dc = DIRECTIONS[direction]
    return cell[0] + dr * k, cell[1] + dc * k


def name(cell: Cell) -> str:
    return f"{ROWS[cell[0]]}{cell[1] + 1}"


def parse_cell(text: str) -> Cell | None:
    """"H8" -> (7, 7); None when it is not a cell of the disc."""
    text = text.strip().upper()
    if len(text) < 2 or text[0] not in ROWS or not text[1:].isdigit():
        return None
    cell = (ROWS.index(text[0]), int(text[1:]) - 1)
    return cell if on_board(cell) else None
