"""Topword's notations: of a move, and of a whole position.

Move notation (RULINGS.md): `E3 RATEAU` (row first: horizontal from row E, column 3),
`3E RIRE` (column first: vertical). The word is the whole word read along the line after the
move; a cell whose top tile already shows the word's letter is played through, any other cell
receives a new tile (stacked when it is occupied). `QU` in a word is the Qu tile.

Position notation (docs/rules/topword.md, « Position notation »): the board's rows (see
`board.py`), the racks, then `key=value` tokens, on one line:

    ..../..RATEAU../.... AEIRST/EEENRST turn=1 scores=16,0 bag=AEIOU

- the board: `Board.to_notation`, rows A to J joined by `/`;
- the racks, seat by seat, joined by `/` (`-`: an empty rack), one letter a tile (`Q` the Qu
  tile, so `QU` is the Qu tile and a U); their number is the players';
- `turn` (0), `scores` (zeros), `passes` (passes in a row, 0), `moves` (words that stood, 0);
- `bag`: the tiles in the bag, the last one drawn first; `bag=-` an empty bag; left out, the
  game's tiles not on the board nor in a rack, shuffled with the random source;
- `pending`: the word open to a challenge, `<seat>:<cells>` (`1:A6,A7,A8,A9`: the tiles it
  placed are the top ones of those cells; its score, words and notation are worked out again),
  with `since` (the passes in a row before it, 0) and `accepted` (seats that let the game's
  last word stand, none);
- `end`: why the game ended (`out_of_tiles`, `all_passed`, `blocked`; left out: not over),
  with `penalties` (points lost for the tiles left, zeros);
- `seed`: the state of the random source (0).

Left out, to their defaults: the move log (`history`, `last`) and the draws for the first
player (`start_draws`), which record how the position came about rather than what it is.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ludomots.core.errors import RuleError
from ludomots.core.positiontext import Tokens, format_tokens, seat
from ludomots.games.topword.board import ROWS, SIZE, Board, Cell, cell_name, on_board
from ludomots.games.topword.tiles import DISTRIBUTION, spelled
from ludomots.lexicon.fold import fold

if TYPE_CHECKING:
    from ludomots.games.topword.records import Pending
    from ludomots.games.topword.rules import TopwordOptions, TopwordState

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


# -- positions ------------------------------------------------------------------------------


def format_position(state: TopwordState) -> str:
    """The one-line notation of `state` (everything but the move log)."""
    n = state.players
    zeros = ",".join("0" * n)
    parts = [state.board.to_notation(), "/".join("".join(r) or "-" for r in state.racks)]
    tokens = [
        ("turn", str(state.turn), "0"), ("scores", _ints(state.points), zeros),
        ("passes", str(state.passes_in_row), "0"), ("moves", str(state.moves_played), "0"),
        ("bag", "".join(state.bag) or "-", None),
    ]
    pending = state.pending
    if pending is not None:
        cells = ",".join(cell_name((r, c)) for r, c, _ in pending.tiles)
        tokens += [("pending", f"{pending.seat}:{cells}", ""),
                   ("since", str(pending.passes_before), "0"),
                   ("accepted", _ints(pending.accepted), "")]
    if state.over:
        tokens += [("end", state.end_reason or "", ""),
                   ("penalties", _ints(state.penalties), zeros)]
    tokens.append(("seed", str(state.rng.state), "0"))
    return " ".join(parts + format_tokens(tokens))


def _ints(values: tuple[int, ...] | list[int]) -> str:
    return ",".join(str(v) for v in values)


def parse_position(text: str, options: TopwordOptions | None = None,
                   players: int | None = None) -> TopwordState:
    """The state `text` describes (ValueError, in English, when it is not a position)."""
    # Imported here: the rules import the move notation from this module.
    from ludomots.core.rng import SeededRandom
    from ludomots.games.topword.rules import END_REASONS, TopwordOptions, TopwordState

    fields = text.split()
    if len(fields) < 2:
        raise ValueError("a Topword position is '<board> <racks> [key=value ...]'")
    options = options or TopwordOptions()
    board = Board.from_notation(fields[0], options.max_height)
    racks = [[] if r == "-" else _tiles(r, "rack") for r in fields[1].split("/")]
    n = len(racks)
    if players is not None and players != n:
        raise ValueError(f"{n} racks for {players} players")
    if not 2 <= n <= 4:
        raise ValueError(f"Topword is played by 2 to 4 players, not {n}")
    tokens = Tokens(fields[2:])
    state = TopwordState(options, n, SeededRandom(tokens.number("seed", 0)), board=board,
                         racks=racks)
    state.turn = tokens.seat("turn", n)
    state.points = tokens.numbers("scores", n)
    state.passes_in_row = tokens.number("passes", 0)
    state.moves_played = tokens.number("moves", 0)
    bag = tokens.text("bag")
    state.bag = _default_bag(state) if bag is None else [] if bag == "-" else _tiles(bag, "bag")
    pending = tokens.text("pending")
    since, accepted = tokens.number("since", 0), tokens.text("accepted")
    if pending is not None:
        state.pending = _parse_pending(pending, since, accepted, state)
    elif accepted is not None:
        raise ValueError("accepted without a pending word")
    end = tokens.text("end")
    if end is not None:
        if end not in END_REASONS:
            raise ValueError(f"end must be one of {', '.join(END_REASONS)}, not {end!r}")
        state.over, state.end_reason = True, end
        state.penalties = tokens.numbers("penalties", n)
    tokens.done()  # penalties without an end are refused as an unknown key here
    return state


def _tiles(text: str, what: str) -> list[str]:
    """Tiles one letter each (`Q` the Qu tile: `QU` is the Qu tile and a U)."""
    tiles = list(text.upper())
    bad = sorted({t for t in tiles if t not in DISTRIBUTION})
    if bad:
        raise ValueError(f"{what}: {', '.join(bad)} is no Topword tile")
    return tiles


def _default_bag(state: TopwordState) -> list[str]:
    """The game's tiles not on the board nor in a rack, shuffled with the random source."""
    used = Counter(state.board.tiles())
    for rack in state.racks:
        used.update(rack)
    bag = [tile for tile, count in DISTRIBUTION.items()
           for _ in range(max(0, count - used[tile]))]
    state.rng.shuffle(bag)
    return bag


def _parse_pending(text: str, since: int, accepted: str | None,
                   state: TopwordState) -> Pending:
    from ludomots.games.topword.records import Pending
    from ludomots.games.topword.scoring import evaluate

    seat_text, sep, cells_text = text.partition(":")
    if not sep or not seat_text.isdigit() or not cells_text:
        raise ValueError(f"pending is '<seat>:<cell>,<cell>...', not {text!r}")
    mover = seat(int(seat_text), state.players)
    tiles: list[Tile] = []
    before = state.board.copy()
    for name in cells_text.split(","):
        name = name.strip().upper()
        if len(name) < 2 or name[0] not in ROWS or not name[1:].isdigit() or \
                not on_board(ROWS.index(name[0]), int(name[1:]) - 1):
            raise ValueError(f"pending: {name!r} is not a cell")
        r, c = ROWS.index(name[0]), int(name[1:]) - 1
        if not before.stacks[r][c]:
            raise ValueError(f"pending: {name} is empty")
        tiles.append((r, c, before.stacks[r][c].pop()))
    try:
        result = evaluate(before, Placement(tuple(sorted(tiles))), state.options.rules,
                          lambda _: True)
    except RuleError as exc:
        raise ValueError(f"pending: not a move ({exc.message})") from None
    seats = () if accepted is None else tuple(seat(int(s), state.players)
                                              for s in accepted.split(","))
    return Pending(mover, result.placement.tiles, result.score,
                   tuple(w.word for w in result.words), result.notation, since, seats)
