"""Issue 18: the lexicon is the state's context. A game refereed with another word list
decides by that list: the rules (automatic referee, a challenged word) and the bots."""

from ludomots.core.errors import RuleError
from ludomots.core.rng import SeededRandom
from ludomots.games.typo.bots import BOTS
from ludomots.games.typo.notation import parse_position
from ludomots.games.typo.rules import GAME, Place, TypoOptions, TypoState
from ludomots.lexicon.lexicon import get_lexicon
from tests.lexicon.oneword import OneWordChanged

from .helpers import choose_all, vote_all

# The seed's example round: seat 0 plays F and may announce « Frontière » on row 1.
EXAMPLE = "RONT/ELA/MAISON/PL AEF/EIS/EOT/EUV"
NO_FRONTIERE = OneWordChanged("frontière", accepted=False)
FRONTIZ = OneWordChanged("frontiz", accepted=True)


def at_placement(referee: str, lexicon: object = None) -> TypoState:
    state = parse_position(EXAMPLE, TypoOptions(referee=referee))  # type: ignore[arg-type]
    state.referee_with(lexicon)  # type: ignore[arg-type]
    choose_all(state, "FSTV")
    return state


def test_the_automatic_referee_refuses_a_word_the_game_s_list_lacks() -> None:
    assert get_lexicon().accepts("frontière", "standard")
    assert at_placement("auto").check(0, Place(0, "left", "Frontière")) is None
    error = at_placement("auto", NO_FRONTIERE).check(0, Place(0, "left", "Frontière"))
    assert isinstance(error, RuleError) and error.code == "unknown_word"


def test_the_automatic_referee_accepts_a_word_only_the_game_s_list_has() -> None:
    assert not get_lexicon().accepts("frontiz", "standard")
    error = at_placement("auto").check(0, Place(0, "left", "Frontiz"))
    assert isinstance(error, RuleError) and error.code == "unknown_word"
    assert at_placement("auto", FRONTIZ).check(0, Place(0, "left", "Frontiz")) is None


def test_a_challenged_word_is_judged_by_the_game_s_list() -> None:
    state = at_placement("challenge", NO_FRONTIERE)
    state.apply(0, Place(0, "left", "Frontière"))
    events = vote_all(state, doubts=(1, 2, 3))
    verdict = next(e for e in events if e.type == "verdict")
    assert verdict.data == {"seat": 0, "word": "Frontière", "valid": False, "bonus": 0}
    # the card taken back, the longest row (MAISON) discarded: 6 points, 2 more for the word
    assert state.rows == ["RONT", "ELA", "F", "PL"] and state.lost[0] == 6 + 2


def test_the_lexicon_is_given_to_new_carried_by_clone_and_from_json() -> None:
    state = GAME.new(None, 3, 5, lexicon=NO_FRONTIERE)
    assert state.lexicon is NO_FRONTIERE and state.clone().lexicon is NO_FRONTIERE
    assert TypoState.from_json(state.to_json(), lexicon=FRONTIZ).lexicon is FRONTIZ


def test_a_bot_doubts_by_the_game_s_list() -> None:
    # The expert doubts exactly the words that do not exist: in the game's list.
    for lexicon, doubts in ((None, False), (NO_FRONTIERE, True)):
        state = at_placement("challenge", lexicon)
        state.apply(0, Place(0, "left", "Frontière"))
        vote = BOTS["expert"]().choose(state, 1, SeededRandom(1))
        assert vote.doubt is doubts  # type: ignore[attr-defined]
