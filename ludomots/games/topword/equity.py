"""The static worth of a move: its score plus what the tiles it keeps are worth.

While the bag refills the rack, the kept tiles are valued by the learned leave values
(``leaves.py``). Once the bag cannot refill it, the endgame is near: every tile still held at
the end costs 5 points (seed, "FIN DU JEU"), so each kept tile is counted at
``ENDGAME_TILE``, a tile's expected cost when the endgame is not searched; a move that empties
the rack with the bag empty ends the game and costs the others 5 points a tile.
"""

from __future__ import annotations

from collections.abc import Sequence

from ludomots.games.topword.leaves import LeaveValues, leave_after
from ludomots.games.topword.movegen import QuickMove
from ludomots.games.topword.tiles import RACK_SIZE

ENDGAME_TILE = 2.5
END_PENALTY = 5


class Equity:
    """Move values for one rack and bag size (``rack``: sorted tiles)."""

    def __init__(self, values: LeaveValues) -> None:
        self.values = values

    def of(self, move: QuickMove, rack: str, bag: int, others_tiles: int = 0) -> float:
        """``others_tiles``: the tiles the others hold, which going out makes them lose."""
        leave = leave_after(rack, move.letters)
        if bag >= RACK_SIZE - len(leave):
            return move.score + self.values(leave)
        if bag == 0 and not leave:
            return move.score + END_PENALTY * others_tiles
        if bag:  # the draw empties the bag: half a leave, half an endgame
            return move.score + 0.5 * self.values(leave) - 0.5 * ENDGAME_TILE * len(leave)
        return move.score - ENDGAME_TILE * len(leave)

    def ranked(self, moves: Sequence[QuickMove], rack: str, bag: int,
               others_tiles: int = 0) -> list[tuple[float, QuickMove]]:
        """Best first; equal values by their tiles, so the order never depends on the
        generator's."""
        scored = [(self.of(m, rack, bag, others_tiles), m) for m in moves]
        scored.sort(key=lambda item: (-item[0], item[1].tiles))
        return scored

    def best(self, moves: Sequence[QuickMove], rack: str, bag: int,
             others_tiles: int = 0) -> tuple[float, QuickMove] | None:
        """The top of ``ranked`` without sorting everything: a move whose score plus the
        best possible leave cannot reach the best so far is not valued."""
        best: tuple[float, QuickMove] | None = None
        ceiling = self.values.ceiling + END_PENALTY * others_tiles
        for move in sorted(moves, key=lambda m: (-m.score, m.tiles)):
            if best is not None and move.score + ceiling < best[0]:
                break
            value = self.of(move, rack, bag, others_tiles)
            if best is None or value > best[0]:
                best = (value, move)
        return best
