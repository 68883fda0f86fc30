"""Issue 18: the lexicon is the state's context. A game refereed with another word list
decides by that list: the automatic referee, a challenge, the end of the game, the bots."""

from ludomots.core.errors import RuleError
from ludomots.core.rng import SeededRandom
from ludomots.games.topword.bots import BOTS
from ludomots.games.topword.rules import GAME, Challenge, Play, TopwordState
from ludomots.lexicon.lexicon import Lexicon, get_lexicon
from tests.lexicon.oneword import OneWordChanged

from .helpers import RATEAU, make_state

NO_RATEAUX = OneWordChanged("rateaux", accepted=False)
RATEAUZ = OneWordChanged("rateauz", accepted=True)


def refereed(lexicon: Lexicon | None, **options: object) -> TopwordState:
    return make_state(RATEAU, racks=("XZ", "EEENRST"), **options).referee_with(lexicon)


def test_the_automatic_referee_refuses_a_word_the_game_s_list_lacks() -> None:
    assert get_lexicon().accepts("rateaux", "standard")
    assert refereed(None, referee="auto").check(0, Play("E3 RATEAUX")) is None
    error = refereed(NO_RATEAUX, referee="auto").check(0, Play("E3 RATEAUX"))
    assert isinstance(error, RuleError) and error.code == "unknown_word"
    assert error.details == {"words": ["RATEAUX"]}


def test_the_automatic_referee_accepts_a_word_only_the_game_s_list_has() -> None:
    assert not get_lexicon().accepts("rateauz", "standard")
    error = refereed(None, referee="auto").check(0, Play("E3 RATEAUZ"))
    assert isinstance(error, RuleError) and error.code == "unknown_word"
    assert refereed(RATEAUZ, referee="auto").check(0, Play("E3 RATEAUZ")) is None


def test_a_challenged_word_is_judged_by_the_game_s_list() -> None:
    for lexicon, upheld in ((None, False), (NO_RATEAUX, True)):
        state = refereed(lexicon)
        state.apply(0, Play("E3 RATEAUX"))
        events = state.apply(1, Challenge())
        verdict = next(e for e in events if e.type == "challenge")
        assert verdict.data["upheld"] is upheld
        assert state.points[0] == (0 if upheld else 7 * 2 + 2)  # flat word doubled, X bonus


def test_the_lexicon_is_given_to_new_carried_by_clone_and_from_json() -> None:
    state = GAME.new(None, 2, 5, lexicon=NO_RATEAUX)
    assert state.lexicon is NO_RATEAUX and state.clone().lexicon is NO_RATEAUX
    assert TopwordState.from_json(state.to_json(), lexicon=RATEAUZ).lexicon is RATEAUZ


def test_a_bot_challenges_by_the_game_s_list() -> None:
    # The greedy bot challenges exactly the words its game's list refuses.
    for lexicon, challenges in ((None, False), (NO_RATEAUX, True)):
        state = refereed(lexicon)
        state.apply(0, Play("E3 RATEAUX"))
        action = BOTS["greedy"]().choose(state, 1, SeededRandom(1))
        assert isinstance(action, Challenge) is challenges
