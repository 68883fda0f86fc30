"""Building Topword states by hand for rule tests (through the position notation)."""

from ludomots.games.topword.notation import parse_position
from ludomots.games.topword.rules import TopwordOptions, TopwordState

EMPTY = "/".join(["." * 10] * 10)
RATEAU = "/".join(["." * 10] * 4 + ["..RATEAU.."] + ["." * 10] * 5)


def make_state(position: str = EMPTY, racks: tuple[str, ...] = ("AEIRST", "EEENRST"),
               bag: str = "AEIOU" * 4, turn: int = 0, **options: object) -> TopwordState:
    notation = f"{position} {'/'.join(r or '-' for r in racks)} turn={turn} bag={bag or '-'} seed=7"
    return parse_position(notation, TopwordOptions(**options))  # type: ignore[arg-type]
