"""Topword's sub-record: the word open to a challenge (a frozen dataclass mypy checks; its JSON
is the dict saved games hold)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from ludomots.games.topword.notation import Tile


@dataclass(frozen=True)
class Pending:
    """A word played under the challenge procedure: it stands until the next player acts
    (or, for the last word of the game, until every other player accepts it)."""

    seat: int
    tiles: tuple[Tile, ...]  # placed by the move, taken back if a challenge is upheld
    score: int
    words: tuple[str, ...]
    notation: str
    passes_before: int  # the passes in a row before the move, restored +1 if taken back
    accepted: tuple[int, ...] = ()  # seats that let the last word of the game stand

    def accepted_by(self, seat: int) -> Pending:
        return replace(self, accepted=(*self.accepted, seat))
