"""Issue 18: the state declared once round-trips at every step of random legal play.

Hypothesis picks the seed, the number of players, the options and, at every step, the move
among the legal ones (when placing, which `legal()` does not enumerate: the débutant bot's
placement, a made-up word that the challenge must catch, or a failure). At every step the
state's JSON, its clone and its position notation give the same state, every seat's and the
spectator's view is unchanged by the JSON round trip, and a clone played on leaves the state
untouched.
"""

from hypothesis import given, settings
from hypothesis import strategies as st

from ludomots.core.game import Action
from ludomots.core.rng import SeededRandom
from ludomots.games.typo.bots import Debutant
from ludomots.games.typo.notation import format_position, parse_position
from ludomots.games.typo.rules import GAME, Fail, Place, TypoState
from tests.games.roundtrip import assert_round_trips, play_on_a_clone_first

LOG = {"played": []}  # the notation leaves the log out


def candidates(state: TypoState, seat: int) -> list[Action]:
    legal = state.legal(seat)
    if legal is not None:
        return legal
    bot = Debutant().choose(state, seat, SeededRandom(state.round))
    made_up = Place(0, "right", state.rows[0] + state.card_of(seat) + "ZQX")
    return [bot, made_up, Fail(state.longest_rows()[0])]


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 6),
       referee=st.sampled_from(["challenge", "auto"]),
       tie_order=st.sampled_from(["reveal", "live"]), data=st.data())
def test_json_clone_views_and_notation_round_trip_at_every_step(
        seed: int, players: int, referee: str, tie_order: str, data: st.DataObject) -> None:
    state = GAME.new({"referee": referee, "tie_order": tie_order}, players, seed)
    while not state.is_over():
        assert_round_trips(state, state.players, format_position, parse_position,
                           LOG)
        seat = min(state.to_act())
        legal = [a for a in candidates(state, seat) if state.check(seat, a) is None]
        action = legal[data.draw(st.integers(0, len(legal) - 1))]
        play_on_a_clone_first(state, seat, action)
    assert_round_trips(state, state.players, format_position, parse_position,
                           LOG)
