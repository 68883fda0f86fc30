"""The state declared once (issue 18, part 2): at every step of random legal play, the JSON
round trip and the clone give the same state, and every seat's and the spectator's view is
unchanged by them."""

from hypothesis import given, settings
from hypothesis import strategies as st

from ludomots.core.game import Action
from ludomots.core.rng import SeededRandom
from ludomots.games.vocabulon.actions import Answer
from ludomots.games.vocabulon.bots import Debutant
from ludomots.games.vocabulon.rules import GAME, VocabulonState

OPTIONS = st.fixed_dictionaries({}, optional={
    "die": st.sampled_from(["3-8", "1-6"]),
    "answers": st.integers(0, 3),
    "blocked": st.sampled_from(["pass", "rethrow"]),
    "change_ends_turn": st.booleans(),
    "reveal_unfound": st.booleans(),
    "riddle_alternates": st.booleans(),
    "first_throw": st.sampled_from(["clockwise", "strict"]),
    "deck": st.sampled_from(["standard", "facile"]),
})


def assert_round_trips(state: VocabulonState) -> None:
    back = VocabulonState.from_json(state.to_json())
    copy = state.clone()
    assert back == state and copy == state
    assert back.to_json() == state.to_json()
    for seat in (None, *range(state.players)):
        view = state.view(seat)
        assert back.view(seat) == view and copy.view(seat) == view


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 4), options=OPTIONS,
       data=st.data())
def test_json_and_clone_keep_the_state_and_every_view_at_every_step(
        seed: int, players: int, options: dict[str, object], data: st.DataObject) -> None:
    state = GAME.new(options or None, players, seed)
    bot, rng = Debutant(), SeededRandom(seed).fork("round trip")
    assert_round_trips(state)
    for _ in range(120):
        if state.is_over():
            break
        seat = data.draw(st.sampled_from(sorted(state.to_act())), label="seat")
        action: Action
        question = state.question()
        legal = state.legal(seat)
        if question is not None:  # right, wrong or no answer
            action = Answer(data.draw(st.sampled_from([question.answer, "", "zzz"]),
                                      label="answer"))
        elif legal:
            action = data.draw(st.sampled_from(legal), label="action")
        else:  # a typed word: the secret, or a new one when the old can no longer be done
            action = bot.choose(state, seat, rng)
        state.apply(seat, action)
        assert_round_trips(state)
