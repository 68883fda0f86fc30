"""A Volapük player that decides from its seat's view only (the board, its own dice), shared by
the server test and the browser test: the longest legal word first, so that games end sooner."""

from __future__ import annotations

from typing import Any

from ludomots.core.errors import RuleError
from ludomots.games.volapuk.board import on_board
from ludomots.games.volapuk.movegen import generate
from ludomots.games.volapuk.rules import GAME
from ludomots.games.volapuk.scoring import Board, Tile, evaluate
from ludomots.lexicon.lexicon import get_lexicon

FORWARD_ONLY = ("E", "S")


def board_of(game: dict[str, Any]) -> Board:
    return {(t["cell"][0], t["cell"][1]): Tile(t["face"], t["die"], t["letter"], t["accent"])
            for t in game["board"]}


def find_place(game: dict[str, Any], seat: int, directions: tuple[str, ...] = FORWARD_ONLY,
               ) -> tuple[dict[str, Any], int] | None:
    """A legal place action and its points, or None: the candidate with the most dice that
    scores more than nothing (the engine's own scoring judges it)."""
    board = board_of(game)
    rack = [(i, d["face"]) for i, d in enumerate(game["racks"][seat]) if d["face"] is not None]
    options = GAME.coerce_options(game["options"])
    found = generate(board, rack, directions, 3000, lexicon=get_lexicon())
    found.sort(key=lambda c: (-len(c.dice), c.word, c.start, c.direction, c.dice))
    for cand in found[:60]:
        tiles = [Tile(game["racks"][seat][i]["face"], game["racks"][seat][i]["die"], letter)
                 for i, letter in zip(cand.dice, cand.letters, strict=True)]
        try:
            points = evaluate(board, cand.start, cand.direction, tiles, game["elue"],
                              options, lexicon=get_lexicon()).total
        except RuleError:
            continue
        if points > 0:
            return {"type": "place", "row": cand.start[0], "col": cand.start[1],
                    "direction": cand.direction, "dice": list(cand.dice),
                    "letters": list(cand.letters), "fetishes": [], "swap": []}, points
    return None


def lonely_cells(game: dict[str, Any]) -> tuple[int, int] | None:
    """A cell where two dice laid eastwards touch nothing on the board (a word there is not
    attached: refused once the board has a word)."""
    taken = {(t["cell"][0], t["cell"][1]) for t in game["board"]}
    for r in range(15):
        for c in range(15):
            run = [(r, c), (r, c + 1)]
            if not all(on_board(x) for x in run):
                continue
            near = {(a + dr, b + dc) for a, b in run for dr in (-1, 0, 1) for dc in (-1, 0, 1)}
            if not near & taken:
                return r, c
    return None
