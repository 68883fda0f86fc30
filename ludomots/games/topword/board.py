"""The Topword board: 10×10 cells, each a stack of tiles (bottom to top).

Coordinates as French Scrabble (RULINGS.md): rows A–J top to bottom, columns 1–10.
Internally a cell is (row, col), both 0-based. The position notation (ARCHITECTURE.md) writes
the rows top to bottom joined by `/`: `.` for an empty cell, a letter for a one-tile stack,
`[RB]` for a stack listed bottom to top (`Q` is the Qu tile).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from ludomots.games.topword.tiles import DISTRIBUTION

SIZE = 10
ROWS = "ABCDEFGHIJ"
CENTRE = frozenset({(4, 4), (4, 5), (5, 4), (5, 5)})  # E5, E6, F5, F6

Cell = tuple[int, int]


def cell_name(cell: Cell) -> str:
    row, col = cell
    return f"{ROWS[row]}{col + 1}"


def on_board(row: int, col: int) -> bool:
    return 0 <= row < SIZE and 0 <= col < SIZE


class Board:
    """Stacks of tiles; `stacks[r][c]` is a list bottom to top (empty list: empty cell)."""

    __slots__ = ("stacks",)

    def __init__(self, stacks: list[list[list[str]]] | None = None) -> None:
        self.stacks = stacks if stacks is not None else [[[] for _ in range(SIZE)]
                                                         for _ in range(SIZE)]

    def copy(self) -> Board:
        return Board([[list(stack) for stack in row] for row in self.stacks])

    def top(self, row: int, col: int) -> str | None:
        stack = self.stacks[row][col]
        return stack[-1] if stack else None

    def height(self, row: int, col: int) -> int:
        return len(self.stacks[row][col])

    def is_empty(self) -> bool:
        return not any(stack for row in self.stacks for stack in row)

    def occupied(self) -> Iterator[Cell]:
        for r in range(SIZE):
            for c in range(SIZE):
                if self.stacks[r][c]:
                    yield (r, c)

    def tiles(self) -> list[str]:
        """Every tile on the board, covered ones included (all were played face up)."""
        return [t for row in self.stacks for stack in row for t in stack]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Board) and self.stacks == other.stacks

    __hash__ = None  # type: ignore[assignment]

    # -- notation ------------------------------------------------------------------------

    def to_notation(self) -> str:
        rows = []
        for row in self.stacks:
            parts = []
            for stack in row:
                if not stack:
                    parts.append(".")
                elif len(stack) == 1:
                    parts.append(stack[0])
                else:
                    parts.append("[" + "".join(stack) + "]")
            rows.append("".join(parts))
        return "/".join(rows)

    @classmethod
    def from_notation(cls, text: str, max_height: int = 5) -> Board:
        """Parse a position string; ValueError (English, for developers) when malformed."""
        rows = text.strip().split("/")
        if len(rows) != SIZE:
            raise ValueError(f"a Topword position has {SIZE} rows separated by '/', "
                             f"got {len(rows)}")
        stacks: list[list[list[str]]] = []
        for r, row_text in enumerate(rows):
            row: list[list[str]] = []
            i = 0
            while i < len(row_text):
                ch = row_text[i].upper()
                if ch == ".":
                    row.append([])
                    i += 1
                elif ch == "[":
                    end = row_text.find("]", i)
                    if end < 0:
                        raise ValueError(f"row {ROWS[r]}: unclosed '['")
                    stack = list(row_text[i + 1 : end].upper())
                    if not stack:
                        raise ValueError(f"row {ROWS[r]}: empty stack '[]'")
                    row.append(stack)
                    i = end + 1
                else:
                    row.append([ch])
                    i += 1
            for stack in row:
                for tile in stack:
                    if tile not in DISTRIBUTION:
                        raise ValueError(f"row {ROWS[r]}: {tile!r} is not a tile")
                if any(a == b for a, b in zip(stack, stack[1:], strict=False)):
                    raise ValueError(f"row {ROWS[r]}: a tile on the same letter")
                if len(stack) > max_height:
                    raise ValueError(f"row {ROWS[r]}: a stack higher than {max_height}")
            if len(row) != SIZE:
                raise ValueError(f"row {ROWS[r]} has {len(row)} cells, not {SIZE}")
            stacks.append(row)
        board = cls(stacks)
        counts = Counter(board.tiles())
        over = sorted(t for t, n in counts.items() if n > DISTRIBUTION[t])
        if over:
            raise ValueError(f"more tiles than the game has: {', '.join(over)}")
        return board
