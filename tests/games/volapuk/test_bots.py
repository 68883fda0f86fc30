"""Bots play legal moves, are deterministic for a seed, and keep dice towards good words."""


from ludomots.core.record import replay
from ludomots.core.rng import SeededRandom
from ludomots.core.sim import run_matches
from ludomots.games.volapuk import BOTS, GAME
from ludomots.games.volapuk.actions import Pass, Place, Roll
from ludomots.games.volapuk.bots import VolapukBot

from .helpers import board_with, make_state


def test_every_level_plays_a_whole_game_legally_and_the_same_twice() -> None:
    levels = ["expert", "confirme", "debutant"]
    first = run_matches(GAME, BOTS, levels, games=1, seed=11, keep_records=True)
    again = run_matches(GAME, BOTS, levels, games=1, seed=11, keep_records=True)
    assert first.errors == 0
    assert first.records[0].to_json() == again.records[0].to_json()
    assert replay(first.records[0], GAME).scores() == first.records[0].scores


def test_the_expert_finds_a_reversed_diagonal_word_through_the_board() -> None:
    """Seed A4 and A5, the richest words: LYREZ read up to the left from the board's L,
    5 × 5 + 10 reversed and 5 × 5 diagonal: 60. With a roll left he throws the other dice
    again, keeping that word's; with none, he plays it."""
    state = make_state(["PRTEXYZ", "AAAAAAA"], board=board_with(("H6", "E", "L")))
    bot = VolapukBot("expert")
    best = bot.best(state, 0, SeededRandom(1))
    assert best is not None
    points, action = best
    outcome = state.outcome(0, action)
    assert (outcome.words[0].text, outcome.words[0].direction) == ("LYREZ", "NO")
    assert (outcome.words[0].reversed, outcome.words[0].diagonal, points) == (35, 25, 60)
    assert bot.choose(state, 0, SeededRandom(1)) == Roll((1, 3, 5, 6))
    state = make_state(["PRTEXYZ", "AAAAAAA"], board=board_with(("H6", "E", "L")), rolls=3)
    assert bot.choose(state, 0, SeededRandom(1)) == action


def test_bots_roll_first_and_keep_the_dice_of_their_best_word() -> None:
    state = make_state(["PORTXYZ", "AAAAAAA"], rolled=False)
    bot = VolapukBot("expert")
    assert bot.choose(state, 0, SeededRandom(1)) == Roll(())
    state = make_state(["QWKXYZJ", "AAAAAAA"], board=board_with(("H6", "E", "A")))
    action = bot.choose(state, 0, SeededRandom(1))
    assert isinstance(action, Roll)


def test_the_expert_writes_words_with_his_sign_dice() -> None:
    """Seed 2a: "S'ALTÉRER et S'EXONDER ne peuvent être placés s'ils ne comportent pas
    l'apostrophe": the expert holding an apostrophe finds S'EXONDER, the confirmé does not
    look for words with signs."""
    state = make_state(["S'XYZWK", "AAAAAAA"], board=board_with(("H5", "E", "EXONDER")))
    expert = {c.word for c in VolapukBot("expert").candidates(state, 0)}
    assert "S'EXONDER" in expert
    assert "S'EXONDER" not in {c.word for c in VolapukBot("confirme").candidates(state, 0)}
    state = make_state(["HOT_DOG", "AAAAAAA"])
    action = VolapukBot("expert").choose(state, 0, SeededRandom(1))
    assert isinstance(action, Place)
    outcome = state.outcome(0, action)
    assert outcome.words[0].text == "HOT DOG" and outcome.words[0].space == 3


def test_the_expert_sets_his_accent_sign_dice_where_the_dictionary_accents() -> None:
    """Seed chapter A: accent signs on dice "sont faits pour parfaire les mots": laying one
    frees a place in the rack (and scores 3 with accents announced)."""
    state = make_state(["FETE^XY", "AAAAAAA"])
    bot = VolapukBot("expert")
    action = bot.with_signs(state, 0, Place(7, 3, "E", (0, 1, 2, 3), ("",) * 4))
    assert action.dice == (0, 1, 4, 2, 3)
    assert state.outcome(0, action).words[0].text == "FÊTE"
    plain = Place(7, 3, "E", (0, 1, 2), ("",) * 3)  # FET: no accent there
    assert bot.with_signs(state, 0, plain) == plain


def test_rolling_again_the_expert_keeps_his_best_word_and_his_jokers() -> None:
    """Rolling again never loses his best word (its dice are kept) nor a joker (the best face
    there is), so the expert throws all three times unless he holds a move of 200."""
    state = make_state(["PRTE?XQ", "AAAAAAA"], board=board_with(("H6", "E", "L")))
    action = VolapukBot("expert").choose(state, 0, SeededRandom(1))
    assert isinstance(action, Roll) and 4 in action.keep
    best = VolapukBot("expert").best(state, 0, SeededRandom(1))
    assert best is not None and set(VolapukBot.kept(best[1], 7)) <= set(action.keep)


def test_the_greedy_bot_lays_the_top_scoring_placement() -> None:
    # Issue 21's yardstick. With P R T E X Y Z and an L on the board, LYREZ read up the
    # north-west diagonal (diagonal 5 × 5, reversed 5 × 5 + 10: 60, in place of the letters'
    # points) is the best placement; the confirmé, who does not read reversed words, lays it
    # up the north-east for 30.
    state = make_state(["PRTEXYZ", "AAAAAAA"], board=board_with(("H6", "E", "L")))
    action = BOTS["greedy"]().choose(state, 0, SeededRandom(1))
    assert action == Place(6, 4, "NO", (5, 1, 3, 6), ("", "", "", ""))
    outcome = state.outcome(0, action)
    assert ([w.text for w in outcome.words], outcome.total) == (["LYREZ"], 60)
    confirme = VolapukBot("confirme").choose(state, 0, SeededRandom(1))
    assert isinstance(confirme, Place) and state.outcome(0, confirme).total == 30


def test_the_greedy_bot_rolls_once_then_places_or_passes() -> None:
    state = make_state(["PORTXYZ", "AAAAAAA"], rolled=False)
    greedy = BOTS["greedy"]()
    assert greedy.choose(state, 0, SeededRandom(1)) == Roll(())
    state = make_state(["QQQWWWX", "AAAAAAA"])
    assert greedy.choose(state, 0, SeededRandom(1)) == Pass()  # no word, and no second roll


def test_the_debutant_lays_a_common_word() -> None:
    # Issue 21's calibration: among the words of his dice, shortest and alphabetical first,
    # the débutant took AL (no Lexique frequency) here, and AA, ABD, ADAM in his games; he
    # now lays only words of 5 per million or more. With the whole lexicon his longest word
    # would be AABAMS (64 points); among his common ones he lays LAMES up the diagonal.
    state = make_state(["AABEMLS", "AAAAAAA"], board=board_with(("H6", "E", "AA")))
    action = VolapukBot("debutant").choose(state, 0, SeededRandom(1))
    assert isinstance(action, Place)
    outcome = state.outcome(0, action)
    assert ([w.text for w in outcome.words], outcome.total) == (["LAMES", "AL"], 46)


def test_the_debutant_lays_the_best_scoring_of_its_longest_common_words() -> None:
    # Issue 21's second calibration: of the common words that lay the most dice (AVOUER,
    # AUREZ, VOULEZ... read forwards, along a row, a column or a diagonal), the one that
    # scores the most: AVOUER up the diagonal from the board's A, 6 + 5 x 6 = 48 (he laid
    # ARE, 3 points, when he took the first of his shortest words). He never reads reversed.
    state = make_state(["TROUVEZ", "AAAAAAA"], board=board_with(("H6", "E", "LA")))
    action = VolapukBot("debutant").choose(state, 0, SeededRandom(1))
    assert action == Place(6, 7, "NE", (4, 2, 3, 5, 1), ("",) * 5)
    outcome = state.outcome(0, action)
    assert ([w.text for w in outcome.words], outcome.total) == (["AVOUER"], 48)


def test_the_debutant_rolls_again_keeping_a_word_under_10_points() -> None:
    # Issue 21's second calibration: his best word MAL brings 8 (18 down the diagonal, -10
    # for the meaningless run ML its M makes above the L), so he rolls a second time keeping
    # its M and L; after that roll he lays it (he rolled once and laid it before).
    board = board_with(("H6", "E", "LA"))
    state = make_state(["MVXPXDL", "AAAAAAA"], board=board)
    assert VolapukBot("debutant").choose(state, 0, SeededRandom(1)) == Roll((0, 6))
    state = make_state(["MVXPXDL", "AAAAAAA"], board=board, rolls=2)
    action = VolapukBot("debutant").choose(state, 0, SeededRandom(1))
    assert isinstance(action, Place)
    outcome = state.outcome(0, action)
    assert ([w.text for w in outcome.words], outcome.total) == (["MAL"], 8)
