"""Building Vocabulon states by hand for rule tests."""

from collections.abc import Sequence
from dataclasses import replace

from ludomots.core.game import Event
from ludomots.games.vocabulon import board
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


def position(text: str, game: VocabulonState | None = None, **options: object) -> VocabulonState:
    """The position ``text`` (position notation). Given ``game``, with its options, and its
    random source, riddle cards and history going on (the notation leaves them out)."""
    if game is None:
        return GAME.parse_position(text, options or None)
    state = GAME.parse_position(text, game.options)
    return replace(state, rng=game.rng, sabot=game.sabot, history=game.history)


def seat_notation(state: VocabulonState, seat: int, cell: int, cards: Sequence[str],
                  throws: int, moved: bool) -> str:
    """One seat of a position: its words, pawn, dice thrown and letter cards."""
    words = ">".join([*state.former[seat], state.secrets[seat] or "?"])
    return (f"{words}@{board.cell_code(cell)}{f'+{throws}' if throws else ''}"
            f"{'*' if moved else ''}{':' if cards else ''}{','.join(cards)}")


def with_seats(state: VocabulonState, positions: Sequence[int] | None = None,
               held: Sequence[Sequence[str]] | None = None) -> VocabulonState:
    """The game with its pawns or letter cards as given, the rest of the position kept."""
    cells = state.positions if positions is None else positions
    cards = state.held if held is None else held
    seats = "/".join(seat_notation(state, s, cells[s], cards[s], state.throws[s],
                                   state.moved[s]) for s in range(state.players))
    return position(f"{seats} {GAME.format_position(state).split(' ', 1)[1]}", state)


def turn_to(state: VocabulonState, seat: int) -> VocabulonState:
    """The same position with ``seat`` to throw the die (as if his turn came back)."""
    seats, _step, *items = GAME.format_position(state).split()
    kept = [item for item in items if not item.startswith(("current=", "die="))]
    return position(" ".join([seats, "throw", f"current={seat}", *kept]), state)


def at_turn(state: VocabulonState, seat: int, positions: Sequence[int] | None = None,
            held: Sequence[Sequence[str]] | None = None, moved: bool = True) -> VocabulonState:
    """The game at the start of ``seat``'s turn, pawns and letter cards as given (each pawn
    having moved and thrown once, unless ``moved`` is False), through the position notation."""
    cells = state.positions if positions is None else positions
    cards = state.held if held is None else held
    seats = "/".join(seat_notation(state, s, cells[s], cards[s], int(moved), moved)
                     for s in range(state.players))
    return position(f"{seats} throw turn={state.turn} current={seat} "
                    f"first={state.first_player} asked={state.asked_turn}", state)


def thrown(state: VocabulonState, face: int) -> VocabulonState:
    """As if the current player had just thrown ``face`` (no random draw)."""
    seats = "/".join(seat_notation(state, s, state.positions[s], state.held[s],
                                   state.throws[s] + (s == state.current), state.moved[s])
                     for s in range(state.players))
    return position(f"{seats} move turn={state.turn} current={state.current} "
                    f"first={state.first_player} die={face} asked={state.asked_turn}", state)


def top_card(state: VocabulonState, group: str) -> Card:
    """The card the reader will draw next from a compartment."""
    return state.deck.card(group, state.sabot[group][0])


def next_question(state: VocabulonState, group: str, length: int) -> Question:
    return top_card(state, group).question(length)


def types(events: Sequence[Event]) -> list[str]:
    return [e.type for e in events]
