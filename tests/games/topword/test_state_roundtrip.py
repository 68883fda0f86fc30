"""Issue 18: the state declared once round-trips at every step of random legal play.

Hypothesis picks the seed, the number of players, the options and, at every step, the move
among the legal ones: every word the move generator finds for the rack, a pass, a pass with an
exchange, and while a word is open to a challenge, a challenge by another player (or, for the
last word of the game, its acceptance). At every step the state's JSON, its clone and its
position notation give the same state, every seat's and the spectator's view is unchanged by
the JSON round trip, and a clone played on leaves the state untouched.
"""

from hypothesis import given, settings
from hypothesis import strategies as st

from ludomots.core.game import Action
from ludomots.games.topword.bots import as_action
from ludomots.games.topword.movegen import generate
from ludomots.games.topword.notation import format_position, parse_position
from ludomots.games.topword.rules import GAME, Accept, Challenge, Pass, TopwordState
from tests.games.roundtrip import assert_round_trips, play_on_a_clone_first

LOG = {"last": None, "history": [], "start_draws": []}  # the notation leaves the log out


def candidates(state: TopwordState) -> list[tuple[int, Action]]:
    found: list[tuple[int, Action]] = []
    pending = state.pending
    if pending is not None:
        found += [(seat, Challenge()) for seat in range(state.players)
                  if seat != pending.seat and state.may_act(seat)]
        if state.final_window():
            return found + [(seat, Accept()) for seat in sorted(state.to_act())]
    seat = state.turn
    rack = state.racks[seat]
    moves = generate(state.board, rack, state.options.rules, state.lexicon)
    moves.sort(key=lambda m: (-m.score, m.notation))
    found += [(seat, as_action(m)) for m in moves[:12]]
    found += [(seat, Pass()), (seat, Pass(rack[0]) if rack else Pass())]
    return [(s, a) for s, a in found if state.check(s, a) is None]


@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 4),
       referee=st.sampled_from(["challenge", "auto"]), max_height=st.sampled_from([5, 3]),
       data=st.data())
def test_json_clone_views_and_notation_round_trip_at_every_step(
        seed: int, players: int, referee: str, max_height: int, data: st.DataObject) -> None:
    state = GAME.new({"referee": referee, "max_height": max_height}, players, seed)
    steps = 0
    while not state.is_over() and steps < 120:
        assert_round_trips(state, state.players, format_position, parse_position,
                           LOG)
        legal = candidates(state)
        index = data.draw(st.integers(0, len(legal) - 1))
        seat, action = legal[index]
        play_on_a_clone_first(state, seat, action)
        steps += 1
    assert_round_trips(state, state.players, format_position, parse_position,
                           LOG)
