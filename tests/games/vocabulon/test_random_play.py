"""Random legal play always ends, never loses or creates a letter or riddle card, and replays
exactly."""

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from ludomots.core.game import Action
from ludomots.core.record import Recorder, SeatInfo, replay
from ludomots.core.rng import SeededRandom
from ludomots.games.vocabulon.actions import Answer, ChangeSecret, ChooseSecret, Throw
from ludomots.games.vocabulon.groups import GROUPS, complete
from ludomots.games.vocabulon.rules import GAME, VocabulonState
from ludomots.games.vocabulon.secret import blocked_groups
from ludomots.games.vocabulon.words import secret_candidates


def random_action(state: VocabulonState, seat: int, rng: SeededRandom) -> Action:
    """Any legal action: right, wrong or no answers, new words when stuck."""
    if state.step == "secret":
        return ChooseSecret(rng.choice(secret_candidates(state.lexicon, state.lengths[seat])[:300]))
    if state.step in ("answer", "others"):
        question = state.question()
        assert question is not None
        roll = rng.random()
        return Answer(question.answer if roll < 0.4 else "" if roll < 0.8 else "zzz")
    legal = state.legal(seat)
    if legal is None:  # before the throw, with a word that can no longer be completed
        if state.asked_turn == state.turn:  # asked for the missing letter already
            return Throw()
        held, sabot = state.held[seat], state.available()
        for word in secret_candidates(state.lexicon, state.lengths[seat] + 2, 1.0):
            if not complete(word, held) and not blocked_groups(word, held, sabot):
                return ChangeSecret(word)
        return Throw()
    return rng.choice(legal)


def riddle_cards(state: VocabulonState) -> Counter[str]:
    cards = Counter({g: len(c) for g, c in state.sabot.items()})
    if state.riddle is not None:
        cards[state.riddle.group] += 1
    return cards


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 4),
       die=st.sampled_from(["3-8", "1-6"]))
def test_random_legal_play_ends_keeps_every_card_and_replays_exactly(
        seed: int, players: int, die: str) -> None:
    seats = [SeatInfo(f"Joueur {i + 1}") for i in range(players)]
    recorder = Recorder.start(GAME, {"die": die, "max_rounds": 60}, seed, seats)
    state = recorder.state
    assert isinstance(state, VocabulonState)
    rng = SeededRandom(seed).fork("random play")
    steps = 0
    while not state.is_over():
        seat = rng.choice(sorted(state.to_act()))
        action = random_action(state, seat, rng)
        assert state.check(seat, action) is None, (action, state.check(seat, action))
        recorder.play(seat, action)
        held = Counter(g for cards in state.held for g in cards)
        assert all(held[g] + state.available()[g] == 3 for g in GROUPS)
        assert riddle_cards(state) == Counter(dict.fromkeys(GROUPS, 33))
        for s, cell in enumerate(state.positions):  # a pawn that moved stands alone
            assert not state.moved[s] or state.positions.count(cell) == 1
        steps += 1
        assert steps < 5000
    for winner in state.winners():
        assert complete(state.secret_of(winner), state.held[winner])
    assert recorder.record.winners == state.winners()
    assert replay(recorder.record, GAME) == state
