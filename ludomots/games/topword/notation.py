"""Move notation (RULINGS.md): `E3 RATEAU` (row first: horizontal from row E, column 3),
`3E RIRE` (column first: vertical). The word is the whole word read along the line after the
move; a cell whose top tile already shows the word's letter is played through, any other cell
receives a new tile (stacked when it is occupied). `QU` in a word is the Qu tile.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ludomots.core.errors import RuleError
from ludomots.games.topword.board import ROWS, SIZE, Board, Cell, cell_name, on_board
from ludomots.games.topword.tiles import spelled
from ludomots.lexicon.fold import fold

HORIZONTAL, VERTICAL = "H", "V"
STEP = {HORIZONTAL: (0, 1), VERTICAL: (1, 0)}
_NOTATION = re.compile(r"^\s*(?:([A-Ja-j])(10|[1-9])|(10|[1-9])([A-Ja-j]))\s+(\S+)\s*$")

Tile = tuple[int, int, str]  # row, col, letter placed (Q: the Qu tile)


@dataclass(frozen=True)
class Placement:
    """Tiles put on the board in one move, in line order."""

    tiles: tuple[Tile, ...]

    @property
    def cells(self) -> tuple[Cell, ...]:
        return tuple((r, c) for r, c, _ in self.tiles)

    @property
    def letters(self) -> str:
        return "".join(t for _, _, t in self.tiles)


def bad_notation(message: str, **details: object) -> RuleError:
    return RuleError("bad_notation", message, dict(details))


def word_tiles(word: str) -> list[str]:
    """Tiles spelling `word` (folded): QU -> Q. RuleError when a Q stands alone."""
    folded = fold(word)
    if not folded.isalpha() or not folded.isascii():
        raise bad_notation(f"« {word} » : seules les lettres A à Z sont permises.", word=word)
    tiles: list[str] = []
    i = 0
    while i < len(folded):
        if folded[i] == "Q":
            if folded[i + 1 : i + 2] != "U":
                raise bad_notation("Le Q n'existe que sur la tuile Qu : écrivez QU.", word=word)
            tiles.append("Q")
            i += 2
        else:
            tiles.append(folded[i])
            i += 1
    return tiles


def parse_move(text: str, board: Board) -> tuple[Placement, str]:
    """The tiles a notation places on `board`, and its direction; RuleError in French."""
    match = _NOTATION.match(text)
    if not match:
        raise bad_notation(
            f"Notation « {text.strip()} » illisible : écrivez par exemple « E3 RATEAU » "
            "(horizontal) ou « 3E RATEAU » (vertical).", text=text)
    if match.group(1):
        direction, row, col = HORIZONTAL, ROWS.index(match.group(1).upper()), int(match.group(2))
    else:
        direction, row, col = VERTICAL, ROWS.index(match.group(4).upper()), int(match.group(3))
    col -= 1
    tiles = word_tiles(match.group(5))
    dr, dc = STEP[direction]
    end_r, end_c = row + dr * (len(tiles) - 1), col + dc * (len(tiles) - 1)
    if not on_board(end_r, end_c):
        raise RuleError("out_of_board", "Le mot dépasse du plateau.", {"text": text})
    before, after = (row - dr, col - dc), (end_r + dr, end_c + dc)
    for r, c in (before, after):
        if on_board(r, c) and board.top(r, c) is not None:
            raise RuleError(
                "word_not_whole",
                f"Le mot continue en {cell_name((r, c))} : écrivez le mot entier de la ligne.",
                {"cell": cell_name((r, c))})
    placed: list[Tile] = []
    for i, tile in enumerate(tiles):
        r, c = row + dr * i, col + dc * i
        if board.top(r, c) != tile:
            placed.append((r, c, tile))
    if not placed:
        raise RuleError("no_tile_placed", "Ce mot est déjà sur le plateau : posez au moins une "
                        "lettre.", {"text": text})
    return Placement(tuple(placed)), direction


def line_word(board: Board, cell: Cell, direction: str) -> tuple[Cell, str]:
    """The start cell and the word (spelled, Qu as QU) of the run through `cell`."""
    dr, dc = STEP[direction]
    r, c = cell
    while on_board(r - dr, c - dc) and board.top(r - dr, c - dc) is not None:
        r, c = r - dr, c - dc
    start = (r, c)
    letters = []
    while on_board(r, c) and (top := board.top(r, c)) is not None:
        letters.append(spelled(top))
        r, c = r + dr, c + dc
    return start, "".join(letters)


def run_length(board: Board, cell: Cell, direction: str) -> int:
    """Cells in the run through `cell` along `direction` (1 when isolated)."""
    dr, dc = STEP[direction]
    count = 1
    for sign in (1, -1):
        r, c = cell[0] + sign * dr, cell[1] + sign * dc
        while on_board(r, c) and board.top(r, c) is not None:
            count += 1
            r, c = r + sign * dr, c + sign * dc
    return count


def format_move(placement: Placement, after: Board) -> str:
    """The notation of a placement, read on the board after the move. A one-tile move is
    written along the line where it forms the longer word (horizontal if equal)."""
    cells = placement.cells
    if len(cells) > 1:
        direction = HORIZONTAL if cells[0][0] == cells[-1][0] else VERTICAL
    else:
        horizontal = run_length(after, cells[0], HORIZONTAL)
        vertical = run_length(after, cells[0], VERTICAL)
        direction = HORIZONTAL if horizontal >= vertical else VERTICAL
    (row, col), word = line_word(after, cells[0], direction)
    head = f"{ROWS[row]}{col + 1}" if direction == HORIZONTAL else f"{col + 1}{ROWS[row]}"
    return f"{head} {word}"


assert SIZE == 10  # the notation's column numbers 1–10 assume it
