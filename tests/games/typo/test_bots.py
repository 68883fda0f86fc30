"""Typo bots: legal, deterministic, honest (they decide from their view), levelled."""

import json
from functools import partial

import pytest

from ludomots.core.record import Record, replay
from ludomots.core.rng import SeededRandom
from ludomots.core.sim import run_matches
from ludomots.games.typo import BOTS, GAME
from ludomots.games.typo.bots import FLEXIBILITY, Debutant, options
from ludomots.games.typo.cards import DISTRIBUTION
from ludomots.games.typo.rules import Choose, Fail, Place, TypoState, Vote
from ludomots.games.typo.vocabulary import frequency, has_prefix

from .helpers import choose_all, make_state

LEVELS = ("debutant", "confirme", "greedy", "expert")


def dealt(seed: int, players: int = 4) -> TypoState:
    state = GAME.new(None, players, seed=seed)
    assert isinstance(state, TypoState)
    return state


def test_every_level_plays_a_legal_action_at_every_step() -> None:
    for level in LEVELS:
        state = dealt(1)
        bots = [BOTS[level]() for _ in range(4)]
        for step in range(60):
            seat = min(state.to_act())
            action = bots[seat].choose(state, seat, SeededRandom(step))
            assert state.check(seat, action) is None, (level, state.step, action)
            state.apply(seat, action)


def test_a_bot_decides_from_its_view_only() -> None:
    # Same view for seat 0, different hidden information: another seat's hand swapped with
    # the set-aside cards, and another seat's hidden choice.
    one = dealt(4)
    one.apply(2, Choose(one.hands[2][0]))
    two = one.clone()
    pool = sorted(two.hands[1] + two.set_aside, reverse=True)
    two.hands[1], two.set_aside = sorted(pool[:12]), pool[12:]
    assert one.hands[1] != two.hands[1]
    assert one.view(0) == two.view(0)
    for level, factory in BOTS.items():
        a = factory().choose(one, 0, SeededRandom(9))
        b = factory().choose(two, 0, SeededRandom(9))
        assert a == b, level


def test_bots_are_deterministic_for_a_seed() -> None:
    state = dealt(6)
    for level, factory in BOTS.items():
        actions = {factory().choose(state, 1, SeededRandom(3)) for _ in range(3)}
        assert len(actions) == 1, level


def test_the_beginner_announces_only_common_words() -> None:
    state = make_state(hands=("FAE", "SIE", "TOE", "VUE"), referee="auto")
    choose_all(state, "FSTV")
    action = BOTS["debutant"]().choose(state, 0, SeededRandom(1))
    assert isinstance(action, Place)
    assert frequency(state.lexicon, action.word) >= Debutant.threshold
    state.apply(0, action)


def test_the_expert_knows_rare_words_the_beginner_does_not() -> None:
    # ELAS + T: élastique is not common enough for the beginner, the expert knows it.
    state = make_state("FRONT/ELAS/MAISON/PL", hands=("TA", "ZE"), referee="auto")
    choose_all(state, "TZ")
    beginner = BOTS["debutant"]().choose(state, 0, SeededRandom(1))
    expert = BOTS["expert"]().choose(state, 0, SeededRandom(1))
    assert isinstance(expert, Place) and state.check(0, expert) is None
    assert not (isinstance(beginner, Place) and beginner.row == 1)
    assert options(state.rows, "T", partial(has_prefix, state.lexicon))


def test_a_bot_whose_card_fits_nowhere_discards_a_longest_row() -> None:
    state = make_state("FRONT/ELAST/MAISON/PL", hands=("VA", "ZE"))
    choose_all(state, "VZ")
    for level, factory in BOTS.items():
        assert factory().choose(state, 0, SeededRandom(1)) == Fail(2), level


def test_the_expert_discards_the_longest_row_its_hand_needs_least() -> None:
    state = make_state("FRONT/TRUCS/MA/PL", hands=("WIE", "ZE"))
    choose_all(state, "WZ")
    # FRONTI(ère) and FRONTE(au) keep both cards playable; TRUCS takes neither.
    assert BOTS["expert"]().choose(state, 0, SeededRandom(1)) == Fail(1)


def test_the_expert_doubts_exactly_the_words_that_do_not_exist() -> None:
    for word, doubt in (("frontzzz", True), ("frontière", False), ("frontail", False)):
        state = make_state()
        choose_all(state, "FSTV")
        state.apply(0, Place(0, "left", word))
        assert BOTS["expert"]().choose(state, 1, SeededRandom(1)) == Vote(doubt), word


def test_the_beginner_sometimes_doubts_a_real_word_it_does_not_know() -> None:
    def votes(word: str) -> set[Vote]:
        found = set()
        for seed in range(40):
            state = make_state()
            choose_all(state, "FSTV")
            state.apply(0, Place(0, "left", word))
            action = BOTS["debutant"]().choose(state, 1, SeededRandom(seed))
            assert isinstance(action, Vote)
            found.add(action)
        return found

    assert votes("frontail") == {Vote(True), Vote(False)}  # real but rare
    assert votes("frontière") == {Vote(False)}  # it knows this one


def test_the_expert_plays_a_hard_card_while_it_fits() -> None:
    # K fits (KA...), and E will fit almost anywhere later.
    state = make_state("A/E/I/O", hands=("EK", "AE", "AE", "AE"))
    assert BOTS["expert"]().choose(state, 0, SeededRandom(1)) == Choose("K")
    assert BOTS["confirme"]().choose(state, 0, SeededRandom(1)) == Choose("K")


def test_the_flexibility_table_covers_every_letter() -> None:
    assert set(FLEXIBILITY) == set(DISTRIBUTION)
    assert all(0 < v < 1 for v in FLEXIBILITY.values())


@pytest.mark.parametrize("referee", ["challenge", "auto"])
def test_bot_games_end_without_errors_and_their_records_replay_exactly(referee: str) -> None:
    result = run_matches(GAME, BOTS, ["expert", "confirme", "debutant"], 2, seed=5,
                         options={"referee": referee}, keep_records=True)
    assert result.errors == 0 and len(result.records) == 2, result.error_details
    for record in result.records:
        text = json.dumps(record.to_json())
        state = replay(Record.from_json(json.loads(text)), GAME)
        assert state.is_over() and state.scores() == record.scores


def test_the_registry_loads_typo_with_its_levels() -> None:
    from ludomots.core import registry

    assert registry.get_game("typo") is GAME
    assert sorted(registry.get_bots("typo")) == ["confirme", "debutant", "expert", "greedy"]


def test_the_greedy_bot_plays_the_card_that_makes_the_longest_word_start_now() -> None:
    # Issue 21's yardstick: the longest valid word. On RONT/ELA/MAISON/PL, its E makes at most
    # ELAE/EPL/PLE (4 letters), its I IRONT (5), its S MAISONS (7): it plays the S, lays it at
    # the right of MAISON and announces MAISONS.
    state = make_state(hands=("EIS", "OTU"))
    assert BOTS["greedy"]().choose(state, 0, SeededRandom(1)) == Choose("S")
    choose_all(state, ["S", "T"])  # S comes before T: seat 0 places first
    assert state.step == "place"
    assert BOTS["greedy"]().choose(state, 0, SeededRandom(1)) == Place(2, "right", "maisons")
