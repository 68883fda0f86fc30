"""Building Vocabulon states by hand for rule tests."""

from collections.abc import Sequence

from ludomots.core.game import Event
from ludomots.games.vocabulon.actions import ChooseSecret
from ludomots.games.vocabulon.deck import Card, Question
from ludomots.games.vocabulon.rules import GAME, VocabulonState

SECRETS = ("CHAT", "LOUP", "MIEL", "VERS")


def new(players: int = 3, seed: int = 1, **options: object) -> VocabulonState:
    state = GAME.new(options or None, players, seed)
    assert isinstance(state, VocabulonState)
    return state


def started(secrets: Sequence[str] = ("PORTE", "MOINS", "CLAIR"), seed: int = 1,
            **options: object) -> VocabulonState:
    """A game whose players have written these secret words (the die chose who starts)."""
    state = new(len(secrets), seed, **options)
    for seat, word in enumerate(secrets):
        state.apply(seat, ChooseSecret(word))
    return state


def at_turn(state: VocabulonState, seat: int, positions: Sequence[int] | None = None,
            held: Sequence[Sequence[str]] | None = None, moved: bool = True) -> VocabulonState:
    """Put the game at the start of ``seat``'s turn, pawns and letter cards as given."""
    state.current = seat
    state.step = "throw"
    state.face = None
    state.riddle = None
    state.exchange = None
    if positions is not None:
        state.positions = list(positions)
    if held is not None:
        state.held = [list(h) for h in held]
    state.moved = [moved] * state.players
    state.throws = [int(moved)] * state.players
    return state


def thrown(state: VocabulonState, face: int) -> VocabulonState:
    """As if the current player had just thrown ``face`` (no random draw)."""
    state.face = face
    state.step = "move"
    state.throws[state.current] += 1
    return state


def top_card(state: VocabulonState, group: str) -> Card:
    """The card the reader will draw next from a compartment."""
    return state.deck.card(group, state.sabot[group][0])


def next_question(state: VocabulonState, group: str, length: int) -> Question:
    return top_card(state, group).question(length)


def types(events: Sequence[Event]) -> list[str]:
    return [e.type for e in events]
