"""What a Topword bot knows of the game: ``state.view(seat)``, decoded, and nothing more."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from ludomots.games.topword.board import ROWS, Board
from ludomots.games.topword.rules import TopwordState
from ludomots.games.topword.scoring import Rules
from ludomots.games.topword.tiles import RACK_SIZE
from ludomots.lexicon.lexicon import Lexicon


@dataclass
class Seen:
    """The view of ``seat``: its rack, the board, the unseen tiles (the bag and the other
    racks), the public history. ``bag`` and ``sizes`` are counted as they will be when the
    word waiting for a challenge, if any, stands: its player draws before anyone else acts."""

    board: Board
    rack: list[str]
    rules: Rules
    bag: int
    unseen: Counter[str]
    pending: dict[str, Any] | None
    scores: list[int]
    rack_sizes: list[int]
    lexicon: Lexicon  # the game's word list (what "the whole lexicon" means for a bot)
    seat: int = 0
    history: tuple[dict[str, Any], ...] = ()
    passes_in_row: int = 0

    @classmethod
    def of(cls, state: TopwordState, seat: int) -> Seen:
        view = state.view(seat)
        bag = view["bag"]
        sizes = list(view["rack_sizes"])
        if view["pending"] is not None:  # its player draws before anyone exchanges
            mover = view["pending"]["seat"]
            drawn = min(RACK_SIZE - sizes[mover], bag)
            bag -= drawn
            sizes[mover] += drawn
        return cls(Board([[list(s) for s in row] for row in view["board"]]), list(view["rack"]),
                   state.options.rules, bag, Counter(view["unseen"]), view["pending"],
                   view["scores"], sizes, state.lexicon, seat, tuple(view["history"]),
                   view["passes_in_row"])

    @property
    def players(self) -> int:
        return len(self.rack_sizes)

    def others(self) -> list[int]:
        """The other seats in playing order, from the one after ``seat``."""
        return [(self.seat + k) % self.players for k in range(1, self.players)]

    def last_play_before_me(self) -> dict[str, Any] | None:
        """The word the previous player just played (challenges skipped), if his last action
        was a word that stands: what inference reads his rack from."""
        previous = (self.seat - 1) % self.players
        for entry in reversed(self.history):
            if entry.get("type") == "challenge":
                continue
            found: dict[str, Any] = entry
            return found if entry.get("type") == "play" and entry.get("seat") == previous \
                else None
        return None

    def cells_of(self, entry: dict[str, Any]) -> list[tuple[int, int]]:
        return [(ROWS.index(name[0]), int(name[1:]) - 1) for name in entry.get("cells", [])]
