"""Building Topword states by hand for rule tests."""

from ludomots.core.rng import SeededRandom
from ludomots.games.topword.board import Board
from ludomots.games.topword.rules import TopwordOptions, TopwordState
from ludomots.games.topword.tiles import parse_rack

EMPTY = "/".join(["." * 10] * 10)
RATEAU = "/".join(["." * 10] * 4 + ["..RATEAU.."] + ["." * 10] * 5)


def make_state(position: str = EMPTY, racks: tuple[str, ...] = ("AEIRST", "EEENRST"),
               bag: str = "AEIOU" * 4, turn: int = 0, **options: object) -> TopwordState:
    state = TopwordState(TopwordOptions(**options), len(racks), SeededRandom(7))  # type: ignore[arg-type]
    state.board = Board.from_notation(position)
    state.racks = [parse_rack(r) for r in racks]
    state.bag = parse_rack(bag)
    state.turn = turn
    return state
