"""Hidden information: a riddle's answer and the others' secret words never leave the engine
before their time, in views or in events; bots decide only from what they may see."""

import json

from ludomots.core.game import events_for_seat
from ludomots.core.rng import SeededRandom
from ludomots.games.vocabulon.actions import Answer, ChooseSecret, Move, Throw
from ludomots.games.vocabulon.bots import BOTS
from ludomots.games.vocabulon.rules import VocabulonState
from ludomots.lexicon.fold import fold

from .helpers import at_turn, new

SECRETS = ["PORTE", "MOINS", "CLAIR"]


def strings(value: object) -> list[str]:
    """Every string inside a JSON value (keys and values)."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [t for k, v in value.items() for t in (k, *strings(v))]
    if isinstance(value, list):
        return [t for v in value for t in strings(v)]
    return []


def payloads(state: VocabulonState, events: list, seat: int | None) -> str:
    """Everything ``seat`` receives after an action, as one folded string."""
    return fold(json.dumps([state.view(seat), events_for_seat(events, seat)],
                           ensure_ascii=False))


def test_secret_words_stay_with_their_owner_until_the_end() -> None:
    state = new(3, 4)
    for seat, word in enumerate(SECRETS):
        events = state.apply(seat, ChooseSecret(word))
        for other in (None, *range(3)):
            seen = payloads(state, events, other)
            for owner, secret in enumerate(SECRETS[: seat + 1]):
                assert (secret in seen) == (owner == other), (owner, other)


def test_a_riddle_s_answer_is_in_no_view_or_event_before_it_is_revealed() -> None:
    rng = SeededRandom(9)
    for seed in range(6):
        state = new(3, seed)
        for seat, word in enumerate(SECRETS):
            state.apply(seat, ChooseSecret(word))
        for _ in range(40):
            if state.is_over():
                break
            seat = min(state.to_act())
            question = state.question()
            if state.step == "throw":
                action = Throw()
            elif state.step == "move":
                action = Move(rng.choice(list(state.reachable())))
            elif state.step in ("answer", "others"):
                action = Answer("")
            else:
                legal = state.legal(seat)
                assert legal
                action = legal[0]
            events = state.apply(seat, action)
            revealed = any(e.type == "solution" for e in events)
            question = question or state.question()
            if question is None or revealed:
                continue
            key = fold(question.answer)
            for viewer in (None, 0, 1, 2):
                sent = [state.view(viewer), events_for_seat(events, viewer)]
                assert key not in {fold(text) for text in strings(sent)}, (key, viewer)
                assert '"answer":' not in json.dumps(sent[0]["riddle"])


def test_views_never_carry_the_card_order_or_the_random_state() -> None:
    state = new(3, 2)
    view = json.dumps(state.view(0))
    assert "rng" not in view and "sabot" in view
    assert state.view(0)["sabot"] == state.available()  # counts of letter cards only


def test_bots_decide_the_same_whatever_they_cannot_see() -> None:
    # Changing the others' secret words and the order of the riddle cards changes nothing.
    for level, factory in sorted(BOTS.items()):
        for seed in range(4):
            state = new(3, seed)
            for seat, word in enumerate(SECRETS):
                state.apply(seat, ChooseSecret(word))
            state = at_turn(state, 0, held=[["PQ"], ["M"], ["C"]])
            state.apply(0, Throw())
            twin = state.clone()
            twin.secrets[1], twin.secrets[2] = "ROUTE", "TABLE"
            for cards in twin.sabot.values():
                cards.reverse()
            first = factory().choose(state, 0, SeededRandom(seed))
            second = factory().choose(twin, 0, SeededRandom(seed))
            assert first == second, level
