"""Hidden information: what a seat sees. Bags are drawn blind, so their contents' order is never
stored; a green die's identity (its six faces) is private to its holder, the faces of dice in
bulk mean nothing, and the view must be JSON-ready and complete for a browser screen."""

import json
from dataclasses import replace

import pytest

from ludomots.core.game import events_for_seat
from ludomots.core.rng import SeededRandom
from ludomots.games.volapuk.rules import GAME, Roll, VolapukState

from .helpers import GREEN_BAG, make_state, place, random_action


def test_a_seat_sees_its_own_dice_and_only_the_colours_of_the_others() -> None:
    state = GAME.parse_position(f"- v01:P,v01:O,v01:R,v01:T,v01:X,v01:Y,v01:Z|bl:A,bl:B,bl:C,"
                                f"bl:D,bl:E,bl:F,v12:G 10.10.10.10.10/{GREEN_BAG} 0,0 0:place:1 "
                                "A 0 turn=0 passes=0 uid=1")
    mine = state.view(1)["racks"][1]
    assert mine[6]["die"] == "vert12" and len(mine[6]["faces"]) == 6
    theirs = state.view(0)["racks"][1]
    assert theirs[6] == {"die": "vert", "colour": "vert", "face": None, "fetish": False}
    assert "faces" not in theirs[6]
    assert state.view(None)["racks"][1][6]["die"] == "vert"


def test_rolled_faces_are_public_on_the_current_turn_fetishes_always() -> None:
    """Seed: the player throws his dice in front of everyone; his fétiches are announced
    ("il devra les annoncer")."""
    state = make_state(["PORTXYZ", "ABCDEFG"])
    assert [d["face"] for d in state.view(1)["racks"][0]] == list("PORTXYZ")
    state.apply(0, place(state, "H6", "E", "PORT", fetishes=(4,)))
    shown = state.view(1)["racks"][0]
    assert [d["face"] for d in shown] == ["X", None, None, None, None, None, None]
    assert [d["fetish"] for d in shown][:3] == [True, False, False]


@pytest.mark.parametrize("seed,players", [(1, 3), (2, 2)])
def test_views_and_events_never_show_green_ids_of_other_racks(seed: int, players: int) -> None:
    state = GAME.new(None, players, seed)
    assert isinstance(state, VolapukState)
    rng = SeededRandom(seed).fork("views")
    steps = 0
    while not state.is_over() and steps < 120:
        seat = state.current
        events = state.apply(seat, random_action(state, seat, rng))
        for viewer in [*range(players), None]:
            view = state.view(viewer)
            json.dumps(view)  # JSON-ready
            for owner, rack in enumerate(view["racks"]):
                if owner != viewer:
                    assert all(not d["die"].startswith("vert") or d["die"] == "vert"
                               for d in rack)
            for payload in events_for_seat(events, viewer):
                if payload["type"] == "drew":
                    assert payload["data"]["seat"] == viewer
        steps += 1


def test_the_view_holds_what_a_screen_needs() -> None:
    state = GAME.new(None, 3, 4)
    state.apply(state.current, Roll())
    view = state.view(0)
    assert {"board", "racks", "elue", "scores", "current", "rolls_left", "bags", "played",
            "to_act", "step", "final", "over", "winners", "options", "polyhedron"} <= set(view)
    assert view["bags"] == {"coloured": {"bleu": 7, "blanc": 7, "rose": 7, "orange": 7,
                                         "jaune": 7}, "opaque": 24}
    assert "rng" not in view and "opaque" not in json.dumps(view["racks"])


def test_which_green_dice_an_opponent_holds_never_shows() -> None:
    """A twin game where the opponent's unrolled green dice are other green dice from the
    opaque bag gives every other seat (and spectators) the very same view."""
    state = GAME.new(None, 3, 8)
    assert isinstance(state, VolapukState)
    other = (state.current + 1) % 3
    twin = state.clone()
    rack = twin.racks[other]
    for i, d in enumerate(rack):
        if d.die.startswith("vert"):
            swap = twin.opaque.pop(0)
            twin.opaque.append(d.die)
            rack[i] = replace(d, die=swap)
    twin.opaque.sort()
    assert twin.racks[other] != state.racks[other]
    for viewer in (state.current, (other + 1) % 3, None):
        assert twin.view(viewer) == state.view(viewer)
    assert twin.view(other) != state.view(other)


@pytest.mark.parametrize("seed", [3, 11])
def test_the_bags_order_and_the_chance_to_come_never_show(seed: int) -> None:
    """Seed: "Trente dés verts dans un sac opaque", drawn "à l'aveuglette" (rule 10, 11a): a
    twin whose opaque bag is in another order and whose dice will fall otherwise (another
    random source) gives every seat and spectators the very same view, mid-game and once
    every rack has been poured into the opaque bag (rule 11a)."""
    state = GAME.new(None, 3, seed)
    assert isinstance(state, VolapukState)
    rng = SeededRandom(seed).fork("hidden")
    for _ in range(25):
        seat = min(state.to_act())
        state.apply(seat, random_action(state, seat, rng))
    for final in (False, True):
        if final:
            state.coloured = {c: 0 for c in state.coloured}
            state.opaque += [d.die for d in state.racks[state.current]]
            state.racks[state.current] = []
            state._start_final(state.current)
        twin = state.clone()
        twin.rng = SeededRandom(seed + 1000)
        SeededRandom(seed).shuffle(twin.opaque)
        assert twin.opaque != state.opaque and twin.to_json() != state.to_json()
        for viewer in [*range(3), None]:
            assert twin.view(viewer) == state.view(viewer)
