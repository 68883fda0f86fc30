"""Random legal play always ends, never loses or creates a card, and replays exactly."""

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from ludomots.core.game import Action
from ludomots.core.record import Recorder, SeatInfo, replay
from ludomots.core.rng import SeededRandom
from ludomots.games.typo.cards import DISTRIBUTION
from ludomots.games.typo.rows import SIDES, placed
from ludomots.games.typo.rules import GAME, Fail, Place, TypoState
from ludomots.games.typo.vocabulary import Vocabulary
from ludomots.lexicon.lexicon import get_lexicon

WHOLE = Vocabulary(0.0, get_lexicon())


def random_action(state: TypoState, seat: int, rng: SeededRandom) -> Action:
    """Any legal action, including words that do not exist (the challenge has to catch them)."""
    legal = state.legal(seat)
    if legal is not None:
        return rng.choice(legal)
    card = state.card_of(seat)
    row, side = rng.randbelow(4), rng.choice(SIDES)
    prefix = placed(state.rows[row], card, side)
    word = WHOLE.word_for(prefix)
    if word is None and state.options.referee == "challenge" and rng.random() < 0.5:
        word = prefix + "ZQ"
    if word is None or rng.random() < 0.1:
        return Fail(rng.choice(state.longest_rows()))
    return Place(row, side, word)


def card_count(state: TypoState) -> Counter[str]:
    cards = Counter("".join(state.rows)) + Counter(state.set_aside) + Counter(state.discard)
    for hand in state.hands:
        cards.update(hand)
    cards.update(c for c in state.choices if c is not None)
    waiting = state.queue[1:] if state.step == "vote" else state.queue  # face up, not placed
    cards.update(state.card_of(seat) for seat in waiting)
    return cards


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 6),
       referee=st.sampled_from(["challenge", "auto"]))
def test_random_legal_play_ends_keeps_the_64_cards_and_replays_exactly(
        seed: int, players: int, referee: str) -> None:
    seats = [SeatInfo(f"Joueur {i + 1}") for i in range(players)]
    recorder = Recorder.start(GAME, {"referee": referee}, seed, seats)
    state = recorder.state
    assert isinstance(state, TypoState)
    rng = SeededRandom(seed).fork("random play")
    steps = 0
    while not state.is_over():
        seat = rng.choice(sorted(state.to_act()))  # simultaneous seats act in any order
        action = random_action(state, seat, rng)
        assert state.check(seat, action) is None, action
        recorder.play(seat, action)
        assert card_count(state) == Counter(DISTRIBUTION)
        steps += 1
        assert steps < 2000
    assert all(not hand for hand in state.hands)
    assert recorder.record.scores == state.scores()
    assert replay(recorder.record, GAME) == state
