"""The state declared once (issue 18): through random legal play, every position survives its
JSON, its copy and its notation unchanged, and so does what every seat and spectators see."""

from hypothesis import given, settings
from hypothesis import strategies as st

from ludomots.core.errors import RuleError
from ludomots.core.game import Action
from ludomots.games.volapuk.actions import Done, Pass, Place, Roll
from ludomots.games.volapuk.bots import VolapukBot
from ludomots.games.volapuk.movegen import generate
from ludomots.games.volapuk.notation import format_position, parse_position
from ludomots.games.volapuk.rules import GAME, VolapukState

STEPS = 40
ANNOUNCER = VolapukBot("expert")


def choices(state: VolapukState, seat: int) -> list[Action]:
    """Legal actions to pick from: the announcements the expert would make or done; else a
    roll (keeping nothing or the first die), a pass, and words the generator finds."""
    if state.step == "announce":
        from ludomots.core.rng import SeededRandom

        return [Done(), ANNOUNCER.announce(state, seat, SeededRandom(state.turn))]
    found: list[Action] = [Pass()]
    if state.rolls_left():
        found += [roll for roll in (Roll(()), Roll((0,))) if state.check(seat, roll) is None]
    rack = [(i, d.face) for i, d in enumerate(state.racks[seat]) if d.face is not None]
    for cand in generate(state.board, rack, ("E", "S", "SE", "O"), 200,
                         lexicon=state.lexicon)[:30]:
        action = Place(cand.start[0], cand.start[1], cand.direction, cand.dice, cand.letters)
        try:
            state.outcome(seat, action)
        except RuleError:
            continue
        found.append(action)
    return found


def assert_round_trips(state: VolapukState) -> None:
    saved = state.to_json()
    loaded = VolapukState.from_json(saved)
    copy = state.clone()
    assert loaded == state and copy == state
    assert loaded.to_json() == saved
    for seat in [*range(state.players), None]:
        view = state.view(seat)
        assert loaded.view(seat) == view and copy.view(seat) == view
    text = format_position(state)
    assert format_position(parse_position(text, state.options)) == text


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 5),
       announce=st.booleans(), super_joker=st.booleans(), data=st.data())
def test_every_position_of_random_play_round_trips(
        seed: int, players: int, announce: bool, super_joker: bool, data: st.DataObject
) -> None:
    options = {"super_joker": super_joker, "accents": announce, "anagrams": announce,
               "definitions": announce, "adjacency": data.draw(st.sampled_from(
                   ["orthogonal", "all"]))}
    state = GAME.new(options, players, seed)
    assert_round_trips(state)
    for _ in range(STEPS):
        if state.is_over():
            break
        seat = data.draw(st.sampled_from(sorted(state.to_act())))
        action = data.draw(st.sampled_from(choices(state, seat)))
        state.apply(seat, action)
        assert_round_trips(state)
