"""Building Awalettres positions by hand for rule tests."""

from collections.abc import Sequence

from ludomots.core.game import Action
from ludomots.core.rng import SeededRandom
from ludomots.games.awalettres.assign import assign
from ludomots.games.awalettres.rules import AwalettresOptions, AwalettresState, Play, Task


def make_state(hands: Sequence[str], current: int = 0, grenier: str = "",
               box: Sequence[str] = (), sacks: Sequence[int] | None = None,
               held: Sequence[Sequence[str]] | None = None, phase: str = "before_word",
               **options: object) -> AwalettresState:
    """A position at the start of `current`'s turn (his ÉCHANGE spells first, then his word).
    Hands are strings of letters, `?` for a CONFUSION; `grenier` and `box` list the cards in
    the order they will be drawn."""
    state = AwalettresState(AwalettresOptions(**options),  # type: ignore[arg-type]
                            len(hands), SeededRandom(7))
    state.hands = [sorted(h) for h in hands]
    state.grenier = list(reversed(grenier))
    state.box = list(reversed(box))
    state.first = state.current = current
    if sacks is not None:
        state.ledger.sacks = list(sacks)
    if held is not None:
        state.held = [list(h) for h in held]
    state.phase = phase
    if phase == "before_word":
        state.tasks = [Task("cast", current, s) for s in state.held[current] if s == "echange"]
        state.held[current] = [s for s in state.held[current] if s != "echange"]
    state.advance()
    return state


def word(state: AwalettresState, text: str, *taken: tuple[int, int],
         wild: Sequence[int] = ()) -> Play:
    """The Play of `text` by the player to play: his own letters, except the positions
    given as (position, seat) pairs, taken from that seat; `wild` positions are CONFUSION."""
    sources = [state.current] * len(text)
    for position, seat in taken:
        sources[position] = seat
    return Play(text, tuple(sources), tuple(wild))


def auto(state: AwalettresState, text: str) -> Play:
    """The Play the terminal makes of a typed word (own letters first)."""
    seat = state.current
    cards = assign(seat, text, state.hands, state.active_designations(seat),
                   from_caster=state.from_caster)
    assert cards is not None, text
    return Play(text, *cards)


def message_of(state: AwalettresState, seat: int, action: Action) -> str:
    error = state.check(seat, action)
    assert error is not None
    return error.message


def random_action(state: AwalettresState, seat: int, rng: SeededRandom) -> Action:
    """Any legal action: enumerated ones at random, a random playable word otherwise."""
    from ludomots.games.awalettres.rules import Define
    from ludomots.games.awalettres.search import first_playable

    legal = state.legal(seat)
    if legal is not None:
        return rng.choice(legal)
    if state.step == "define":
        return Define(rng.choice(["Un oiseau.", "Une danse.", "Un fruit des îles."]))
    low, high = state.length_range()
    keys = first_playable(state.lexicon, state.pool(seat), low, high, limit=60)
    rng.shuffle(keys)
    for key in keys:
        cards = assign(seat, key, state.hands, state.active_designations(seat),
                       own_wild_first=rng.random() < 0.5, from_caster=state.from_caster)
        if cards is not None:
            action = Play(key, *cards)
            if state.check(seat, action) is None:
                return action
    raise AssertionError("no word found although one is possible")
