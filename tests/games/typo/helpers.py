"""Building Typo states by hand for rule tests."""

from collections.abc import Sequence

from ludomots.core.game import Event
from ludomots.games.typo.notation import parse_position
from ludomots.games.typo.rules import Choose, TypoOptions, TypoState, Vote

EXAMPLE_ROWS = "RONT/ELA/MAISON/PL"


def make_state(rows: str = EXAMPLE_ROWS, hands: Sequence[str] = ("FAE", "SIE", "TOE", "VUE"),
               holder: int = 0, part: int = 1, set_aside: str = "",
               **options: object) -> TypoState:
    """A first-round position: four rows, the given hands (sorted), the dictionary holder."""
    aside = f" aside={''.join(sorted(set_aside))}" if set_aside else ""
    position = f"{rows} {'/'.join(hands)} holder={holder} part={part}{aside} seed=7"
    return parse_position(position, TypoOptions(**options))  # type: ignore[arg-type]


def choose_all(state: TypoState, cards: Sequence[str]) -> list[Event]:
    """Every seat chooses its card, seat 0 first; the events of the whole round's reveal."""
    events: list[Event] = []
    for seat, card in enumerate(cards):
        events += state.apply(seat, Choose(card))
    return events


def vote_all(state: TypoState, doubts: Sequence[int] = ()) -> list[Event]:
    """The others vote on the pending word; the seats in `doubts` doubt it."""
    assert state.pending is not None
    events: list[Event] = []
    for seat in range(state.players):
        if seat != state.pending.seat:
            events += state.apply(seat, Vote(seat in doubts))
    return events
