"""Hidden information: hands are face up (seed: "face apparente"), but the order of the grenier
and of the spell box, and a spell drawn before it is given, must never reach a seat.

The test plays whole games; before every action it builds a twin state whose secret parts are
shuffled differently (the grenier and the box below the cards this action will draw, and the
pending spell when the draw is blind), applies the same action to both, and requires every
seat's view and every seat's events to be identical. A leak of any order would show."""

import json

import pytest

from ludomots.core.game import events_for_seat
from ludomots.core.rng import SeededRandom
from ludomots.games.awalettres.rules import GAME, AwalettresState

from .helpers import random_action


def twin(state: AwalettresState, drawn: int, box_drawn: int, rng: SeededRandom
         ) -> AwalettresState:
    other = state.clone()
    hidden = other.grenier[:len(other.grenier) - drawn]
    rng.shuffle(hidden)
    other.grenier[:len(hidden)] = hidden
    if box_drawn >= 0:
        box = other.box[:len(other.box) - box_drawn]
        rng.shuffle(box)
        other.box[:len(box)] = box
    return other


def seats_of(state: AwalettresState) -> list[int | None]:
    return [*range(state.players), None]


@pytest.mark.parametrize("seed,players", [(1, 3), (2, 4), (3, 2)])
def test_no_view_or_event_reveals_the_order_of_the_grenier_or_the_box(
        seed: int, players: int) -> None:
    state = GAME.new({"first_player": "wayampou"}, players, seed=seed)
    assert isinstance(state, AwalettresState)
    rng = SeededRandom(seed).fork("test")
    shuffles = SeededRandom(seed).fork("shuffles")
    while not state.is_over():
        seat = rng.choice(sorted(state.to_act()))
        action = random_action(state, seat, rng)
        if state.step == "give" and state.box:  # the drawn spell is unseen too
            swapped = state.clone()
            i = shuffles.randbelow(len(swapped.box))
            swapped.box[i], swapped.pending_spell = swapped.pending_spell, swapped.box[i]
            for viewer in seats_of(state):
                assert swapped.view(viewer) == state.view(viewer)
        probe = state.clone()
        events = probe.apply(seat, action)
        drawn = max(0, len(state.grenier) - len(probe.grenier))
        refilled = any(e.type == "box_refilled" for e in events)
        box_drawn = -1 if refilled else sum(e.type == "spell_drawn" for e in events)
        if probe.step == "give" and probe.options.blind_spell:
            box_drawn = 0 if box_drawn == 1 else box_drawn  # the spell drawn stays unseen
        other = twin(state, drawn, box_drawn, shuffles)
        other_events = other.apply(seat, action)
        real_events = state.apply(seat, action)
        for viewer in seats_of(state):
            assert events_for_seat(other_events, viewer) == events_for_seat(real_events, viewer)
            assert other.view(viewer) == state.view(viewer)


def test_views_never_contain_the_random_source_or_the_piles_themselves() -> None:
    state = GAME.new(None, 3, seed=9)
    assert isinstance(state, AwalettresState)
    for viewer in seats_of(state):
        view = state.view(viewer)
        assert isinstance(view["grenier"], int) and isinstance(view["box"], int)
        text = json.dumps(view)
        assert "rng" not in view and "splitmix" not in text
        assert "".join(state.grenier) not in text
