"""A slow, obviously correct Topword move generator, the yardstick of `movegen` in the tests.

It shares nothing with `movegen` but `scoring.evaluate`, the definition of a legal move: every
placement that could be legal is built and handed to `evaluate` with the real word checker.

Why the enumeration misses nothing: a legal placement lies on one line (a row or a column;
a one-tile placement on both). On that line let `s` and `e` be its first and last tiles. Each
cell strictly between them either receives a tile or keeps what it has; keeping an *empty*
cell would leave a gap, which `evaluate` refuses, so that choice alone is skipped. Letters come
from the rack within its multiplicities. Everything else (same letter, stack height, first
move on the centre, connection, options, words) is left to `evaluate`.

One shortcut, for speed only: a placement of two tiles or more whose word along its line is
refused is dropped before `evaluate` (that word is always among the words `evaluate` checks,
so such a move is never legal). A mistake there could only lose moves, which the tests would
report as moves the fast generator finds and the reference does not.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence

from ludomots.core.errors import RuleError
from ludomots.games.topword.board import SIZE, Board, Cell, on_board
from ludomots.games.topword.notation import Placement, Tile
from ludomots.games.topword.scoring import MoveResult, Rules, evaluate
from ludomots.games.topword.tiles import spelled
from ludomots.lexicon.lexicon import get_lexicon


def _lines() -> Iterator[list[Cell]]:
    for k in range(SIZE):
        yield [(k, i) for i in range(SIZE)]
        yield [(i, k) for i in range(SIZE)]


def _fillings(board: Board, cells: list[Cell], rack: Counter[str]) -> Iterator[list[Tile]]:
    """Tiles for the cells strictly between the two ends: each occupied cell keeps its stack
    or receives a tile, each empty cell receives one; rack multiplicities respected."""
    if not cells:
        yield []
        return
    (r, c), rest = cells[0], cells[1:]
    if board.stacks[r][c]:
        yield from _fillings(board, rest, rack)
    for letter in sorted(rack):
        if rack[letter] == 0:
            continue
        rack[letter] -= 1
        for tail in _fillings(board, rest, rack):
            yield [(r, c, letter), *tail]
        rack[letter] += 1


def _with_tile(cell: Cell, rack: Counter[str]) -> Iterator[tuple[Tile, Counter[str]]]:
    """Each rack letter on `cell`, with the rack left (restored after each)."""
    for letter in sorted(rack):
        if rack[letter] == 0:
            continue
        rack[letter] -= 1
        yield (cell[0], cell[1], letter), rack
        rack[letter] += 1


def _spans(board: Board, cells: list[Cell], rack: Counter[str]) -> Iterator[list[Tile]]:
    """Every filling of every stretch `cells[s..e]` of a line whose two ends receive a tile."""
    for s in range(SIZE):
        for e in range(s, SIZE):
            if not _enough(board, cells[s:e + 1], rack):
                continue
            for first, left in _with_tile(cells[s], rack):
                if s == e:
                    yield [first]
                    continue
                for middle in _fillings(board, cells[s + 1:e], left):
                    for last, _ in _with_tile(cells[e], left):
                        yield [first, *middle, last]


def _enough(board: Board, cells: list[Cell], rack: Counter[str]) -> bool:
    """Can the rack fill the stretch at all? (Its empty cells and two ends need tiles.)"""
    needed = sum(1 for i, (r, c) in enumerate(cells)
                 if i in (0, len(cells) - 1) or not board.stacks[r][c])
    return needed <= sum(rack.values())


def _line_word(board: Board, tiles: tuple[Tile, ...]) -> str:
    """The word read along the line of `tiles` (2 or more, sorted, no gap) once they are placed:
    the occupied cells before the first tile, the tiles and the cells they play through, the
    occupied cells after the last tile."""
    placed = {(r, c): letter for r, c, letter in tiles}
    (r0, c0), (r1, c1) = tiles[0][:2], tiles[-1][:2]
    dr, dc = (0, 1) if r0 == r1 else (1, 0)
    while on_board(r0 - dr, c0 - dc) and board.stacks[r0 - dr][c0 - dc]:
        r0, c0 = r0 - dr, c0 - dc
    while on_board(r1 + dr, c1 + dc) and board.stacks[r1 + dr][c1 + dc]:
        r1, c1 = r1 + dr, c1 + dc
    letters = []
    r, c = r0, c0
    while (r, c) != (r1 + dr, c1 + dc):
        top = placed.get((r, c)) or (board.stacks[r][c] or ["?"])[-1]
        letters.append(spelled(top))
        r, c = r + dr, c + dc
    return "".join(letters)


def reference_moves(board: Board, rack: Sequence[str], rules: Rules
                    ) -> dict[tuple[Tile, ...], MoveResult]:
    """Every legal move with all its words accepted, keyed by its tiles sorted by cell."""
    accepts = get_lexicon().checker("standard")
    results: dict[tuple[Tile, ...], MoveResult | None] = {}
    counts = Counter(rack)
    for cells in _lines():
        for tiles in _spans(board, cells, counts):
            key = tuple(sorted(tiles))
            if key in results:
                continue
            if len(key) >= 2 and not accepts(_line_word(board, key)):
                results[key] = None
                continue
            try:
                result = evaluate(board, Placement(key), rules, accepts)
            except RuleError:
                results[key] = None
                continue
            results[key] = result if not result.invalid_words else None
    return {key: result for key, result in results.items() if result is not None}
