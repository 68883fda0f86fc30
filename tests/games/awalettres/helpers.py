"""Building Awalettres positions by hand for rule tests."""

from collections.abc import Mapping, Sequence

from ludomots.core.game import Action
from ludomots.core.rng import SeededRandom
from ludomots.games.awalettres.assign import assign
from ludomots.games.awalettres.rules import GAME, AwalettresState, Play


def position(text: str, **options: object) -> AwalettresState:
    """The position written in Awalettres' notation (notation.py), nothing run yet."""
    return GAME.parse_position(text, options or None)


def make_state(hands: Sequence[str], current: int = 0, grenier: str = "",
               box: Sequence[str] = (), sacks: Sequence[int] | None = None,
               held: Sequence[Sequence[str]] | None = None, phase: str = "before_word",
               marabout: Mapping[int, Sequence[tuple[int, str]]] | None = None,
               debts: Mapping[int, Sequence[tuple[int, int]]] | None = None,
               run: bool = True, **options: object) -> AwalettresState:
    """A position at the start of `current`'s turn (his ÉCHANGE spells first, then his word),
    written in the notation. Hands are strings of letters, `?` for a CONFUSION; `grenier` and
    `box` list the cards in the order they will be drawn; `marabout`: the designations on
    seats, `debts` the seats' debts (creditor, amount); `run`: run the tasks (the start of
    the turn) as a table would."""
    players = len(hands)
    held_by = [list(h) for h in held] if held is not None else [[] for _ in hands]
    tasks = []
    if phase == "before_word":
        tasks = [f"cast@{current}:{s}" for s in held_by[current] if s == "echange"]
        held_by[current] = [s for s in held_by[current] if s != "echange"]
    designations = marabout or {}
    parts = ["/".join("".join(sorted(h)) or "-" for h in hands), str(current),
             f"phase={phase}", "tasks=" + ",".join(tasks), f"grenier={grenier}",
             "box=" + ",".join(box), "held=" + "/".join(",".join(h) for h in held_by),
             "marabout=" + "/".join(",".join(f"{c}{card}" for c, card in designations.get(s, ()))
                                    for s in range(players)),
             "rng=7"]
    if debts:
        parts.append("debts=" + "/".join(",".join(f"{c}:{n}" for c, n in debts.get(s, ()))
                                         for s in range(players)))
    if sacks is not None:
        parts.append("sacks=" + ",".join(str(n) for n in sacks))
    state = position(" ".join(p for p in parts if not p.endswith("=")), **options)
    if run:
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
