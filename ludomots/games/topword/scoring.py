"""Checking and scoring one placement on a board (seed: "A VOTRE TOUR", "VOS POINTS",
"POINTS BONUS"). Pure: the board is not modified; the lexicon is passed as a function.

Every word of two letters or more that the move creates or changes (the run along the line
of the move, and the crossing run through each placed tile) must be accepted; a word scores
the heights of its stacks, doubled when every stack is one tile high; each bonus letter
placed gives +2, placing all 7 tiles +10.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ludomots.core.errors import RuleError
from ludomots.games.topword.board import CENTRE, Board, Cell, cell_name, on_board
from ludomots.games.topword.notation import HORIZONTAL, STEP, VERTICAL, Placement, format_move
from ludomots.games.topword.tiles import BONUS_LETTERS, RACK_SIZE, display, spelled

BONUS_LETTER_POINTS = 2
ALL_TILES_BONUS = 10


@dataclass(frozen=True)
class Rules:
    """The rule variants scoring depends on (a subset of TopwordOptions)."""

    max_height: int = 5
    allow_cover_whole_word: bool = True
    allow_bare_plural: bool = True


@dataclass(frozen=True)
class WordScore:
    word: str  # spelled, the Qu tile as QU
    start: Cell
    direction: str
    score: int
    flat: bool  # every stack one tile high: the score is doubled
    valid: bool

    def to_json(self) -> dict[str, object]:
        # No "valid" here: this goes into public payloads, and under the challenge procedure
        # whether a word is worth contesting is for the players to judge.
        return {"word": self.word, "score": self.score, "start": cell_name(self.start),
                "direction": self.direction, "flat": self.flat}


@dataclass(frozen=True)
class MoveResult:
    placement: Placement
    notation: str
    words: tuple[WordScore, ...]
    bonus_letters: int
    all_tiles_bonus: int
    score: int

    @property
    def invalid_words(self) -> list[str]:
        return [w.word for w in self.words if not w.valid]

    def to_json(self) -> dict[str, object]:
        return {"notation": self.notation, "score": self.score,
                "words": [w.to_json() for w in self.words], "tiles": len(self.placement.tiles),
                "bonus_letters": self.bonus_letters, "all_tiles_bonus": self.all_tiles_bonus}


def _error(code: str, message: str, **details: object) -> RuleError:
    return RuleError(code, message, dict(details))


def _run(board: Board, cell: Cell, direction: str) -> list[Cell]:
    dr, dc = STEP[direction]
    r, c = cell
    while on_board(r - dr, c - dc) and board.stacks[r - dr][c - dc]:
        r, c = r - dr, c - dc
    cells = []
    while on_board(r, c) and board.stacks[r][c]:
        cells.append((r, c))
        r, c = r + dr, c + dc
    return cells


def check_shape(board: Board, placement: Placement, rules: Rules) -> str:
    """The line of the move (H or V) once the placement's shape is legal; RuleError if not."""
    tiles = placement.tiles
    if not tiles:
        raise _error("no_tile_placed", "Posez au moins une lettre.")
    cells = placement.cells
    if len(set(cells)) != len(cells):
        raise _error("same_cell", "Deux lettres ne peuvent pas aller sur la même case.")
    for r, c, letter in tiles:
        if not on_board(r, c):
            raise _error("out_of_board", "Cette case n'est pas sur le plateau.")
        top = board.top(r, c)
        if top == letter:
            raise _error("same_letter",
                         f"On ne pose jamais une lettre sur la même lettre ({display(letter)} "
                         f"sur {display(letter)} en {cell_name((r, c))}).",
                         cell=cell_name((r, c)), letter=letter)
        if board.height(r, c) >= rules.max_height:
            raise _error("stack_too_high",
                         f"La pile de {cell_name((r, c))} a déjà {rules.max_height} lettres : "
                         "on ne peut plus rien y empiler.", cell=cell_name((r, c)))
    rows = {r for r, _ in cells}
    cols = {c for _, c in cells}
    if len(rows) > 1 and len(cols) > 1:
        raise _error("not_in_line",
                     "Toutes vos lettres doivent être sur une même ligne ou une même colonne.")
    if len(cells) == 1:
        return HORIZONTAL
    return HORIZONTAL if len(rows) == 1 else VERTICAL


def evaluate(board: Board, placement: Placement, rules: Rules,
             accepts: Callable[[str], bool]) -> MoveResult:
    """Check and score `placement` on `board` (which is not modified); RuleError if illegal.
    Unknown words are not an error here: they come back with valid=False (the caller applies
    the automatic referee or leaves them to a challenge)."""
    direction = check_shape(board, placement, rules)
    first_move = board.is_empty()
    if first_move and not any(cell in CENTRE for cell in placement.cells):
        raise _error("first_move_centre",
                     "Le premier mot doit couvrir au moins une des quatre cases colorées du "
                     "centre (E5, E6, F5, F6).")
    after = board.copy()
    for r, c, letter in placement.tiles:
        after.stacks[r][c].append(letter)
    placed = set(placement.cells)
    cells = sorted(placed)
    main = _run(after, cells[0], direction)
    if not placed <= set(main):
        raise _error("gap_in_word", "Vos lettres doivent former un seul mot, sans case vide.")

    runs: list[tuple[list[Cell], str]] = []
    if len(placement.tiles) == 1:
        for d in (HORIZONTAL, VERTICAL):
            run = _run(after, cells[0], d)
            if len(run) >= 2:
                runs.append((run, d))
    else:
        runs.append((main, direction))
        cross = VERTICAL if direction == HORIZONTAL else HORIZONTAL
        for cell in cells:
            run = _run(after, cell, cross)
            if len(run) >= 2:
                runs.append((run, cross))
    if not runs:
        raise _error("no_word", "Une lettre seule ne forme pas un mot.")
    if not first_move:
        stacked = any(board.stacks[r][c] for r, c in placed)
        touches = any(cell not in placed for run, _ in runs for cell in run)
        if not (stacked or touches):
            raise _error("not_connected",
                         "Votre mot doit toucher une lettre déjà posée ou s'empiler sur elle.")
    if not rules.allow_cover_whole_word:
        _check_cover_whole_word(board, main, placed)
    if not rules.allow_bare_plural:
        _check_bare_plural(board, placement, [run for run, _ in runs])

    words = []
    for run, d in runs:
        heights = [after.height(r, c) for r, c in run]
        text = "".join(spelled(after.stacks[r][c][-1]) for r, c in run)
        flat = all(h == 1 for h in heights)
        score = sum(heights) * (2 if flat else 1)
        words.append(WordScore(text, run[0], d, score, flat, accepts(text)))
    bonus = BONUS_LETTER_POINTS * sum(1 for _, _, t in placement.tiles if t in BONUS_LETTERS)
    all_tiles = ALL_TILES_BONUS if len(placement.tiles) == RACK_SIZE else 0
    total = sum(w.score for w in words) + bonus + all_tiles
    return MoveResult(placement, format_move(placement, after), tuple(words), bonus, all_tiles,
                      total)


def _check_cover_whole_word(board: Board, main: list[Cell], placed: set[Cell]) -> None:
    """Option of other editions: a move may not cover every letter of a word on the board.
    Along the move's line, each block of 2+ tiles that were already there is a word of the
    board (the line's run stops at empty cells); none may be covered entirely."""
    block: list[Cell] = []
    for cell in [*main, None]:
        if cell is not None and board.stacks[cell[0]][cell[1]]:
            block.append(cell)
            continue
        if len(block) >= 2 and all(c in placed for c in block):
            raise _error("cover_whole_word",
                         "Variante choisie : on ne peut pas recouvrir toutes les lettres d'un "
                         "mot déjà posé.")
        block = []


def _check_bare_plural(board: Board, placement: Placement, runs: list[list[Cell]]) -> None:
    """Option of other editions: no move that only adds an S to the end of a word (one S
    tile on an empty cell, ending every word it forms, each word longer than the S + 1)."""
    if len(placement.tiles) != 1:
        return
    r, c, letter = placement.tiles[0]
    if letter != "S" or board.stacks[r][c]:
        return
    if all(len(run) >= 3 and run[-1] == (r, c) for run in runs):
        raise _error("bare_plural",
                     "Variante choisie : ajouter seulement un S au bout d'un mot est interdit.")
