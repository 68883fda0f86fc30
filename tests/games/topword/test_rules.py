"""Topword rules, one test per rule of the seed and per error code."""

from collections import Counter

import pytest

from ludomots.core.errors import RuleError
from ludomots.games.topword.rules import GAME, Accept, Challenge, Pass, Place, Play
from ludomots.games.topword.tiles import DISTRIBUTION, full_bag

from .helpers import RATEAU, make_state


def error_of(state, seat, action) -> str:  # type: ignore[no-untyped-def]
    before = state.to_json()
    with pytest.raises(RuleError) as info:
        state.apply(seat, action)
    assert state.to_json() == before, "a rejected action must change nothing"
    return info.value.code


# -- material and setup ------------------------------------------------------------------

def test_the_bag_holds_the_seed_s_100_tiles_with_one_qu() -> None:
    bag = full_bag()
    assert len(bag) == 100
    assert Counter(bag) == Counter(DISTRIBUTION)
    assert DISTRIBUTION["E"] == 15 and DISTRIBUTION["Q"] == 1


def test_each_player_starts_with_seven_tiles_and_the_bag_keeps_the_rest() -> None:
    state = GAME.new(None, 3, seed=11)
    assert [len(r) for r in state.racks] == [7, 7, 7]
    assert len(state.bag) == 100 - 21
    assert Counter(state.bag) + Counter(t for r in state.racks for t in r) == Counter(DISTRIBUTION)


def test_the_player_drawing_the_letter_closest_to_a_starts() -> None:
    for seed in range(30):
        state = GAME.new(None, 3, seed=seed)
        last = state.start_draws[-1]
        drawn = {s: t for s, t in enumerate(last) if t is not None}
        best = min(drawn.values())
        assert [s for s, t in drawn.items() if t == best] == [state.turn]


def test_ties_for_the_start_are_drawn_again_among_the_tied_players() -> None:
    seeds = [s for s in range(200) if len(GAME.new(None, 4, seed=s).start_draws) > 1]
    assert seeds, "some seed must produce a tie"
    state = GAME.new(None, 4, seed=seeds[0])
    first, second = state.start_draws[0], state.start_draws[1]
    best = min(t for t in first if t is not None)
    tied = {s for s, t in enumerate(first) if t == best}
    assert {s for s, t in enumerate(second) if t is not None} == tied


# -- placing a word ---------------------------------------------------------------------

def test_the_first_word_must_cover_a_centre_square() -> None:
    state = make_state(racks=("RATEAUS", "EEENRST"), referee="auto")
    assert error_of(state, 0, Play("A1 RATEAU")) == "first_move_centre"
    state.apply(0, Play("E3 RATEAU"))
    assert state.points[0] == 12  # 6 letters, flat: doubled


def test_a_single_tile_is_not_a_word() -> None:
    state = make_state(racks=("RATEAUS", "EEENRST"))
    assert error_of(state, 0, Place(("E5:R",))) == "no_word"


def test_all_tiles_of_a_move_lie_in_one_row_or_column() -> None:
    state = make_state(RATEAU, racks=("SOIE", "EEENRST"))
    assert error_of(state, 0, Place(("D3:S", "F4:O"))) == "not_in_line"


def test_the_tiles_and_the_board_form_one_unbroken_word() -> None:
    state = make_state(RATEAU, racks=("SOIE", "EEENRST"))
    assert error_of(state, 0, Place(("F3:S", "F5:O"))) == "gap_in_word"


def test_after_the_first_move_a_word_must_touch_or_stack_on_the_board() -> None:
    state = make_state(RATEAU, racks=("SOIE", "EEENRST"))
    assert error_of(state, 0, Play("A1 SOIE")) == "not_connected"


def test_a_tile_is_never_stacked_on_the_same_letter() -> None:
    state = make_state(RATEAU, racks=("R", "EEENRST"))
    assert error_of(state, 0, Place(("E3:R",))) == "same_letter"


def test_stacks_are_at_most_five_high() -> None:
    tall = "/".join(["." * 10] * 4 + ["..[ABCDE]ATEAU.."] + ["." * 10] * 5)
    state = make_state(tall, racks=("R", "EEENRST"))
    assert error_of(state, 0, Place(("E3:R",))) == "stack_too_high"


def test_the_three_high_option_limits_stacks_to_three() -> None:
    stacked = "/".join(["." * 10] * 4 + ["..[ABC]ATEAU.."] + ["." * 10] * 5)
    assert error_of(make_state(stacked, racks=("R", "E"), max_height=3), 0,
                    Place(("E3:R",))) == "stack_too_high"
    four_high = make_state(stacked, racks=("R", "E"), referee="auto")
    four_high.apply(0, Place(("E3:R",)))
    assert four_high.board.height(4, 2) == 4


def test_tiles_must_come_from_the_rack() -> None:
    state = make_state(RATEAU, racks=("XYZ", "EEENRST"))
    assert error_of(state, 0, Play("3E RIRE")) == "tiles_not_in_rack"


def test_the_notation_names_the_whole_word_of_the_line() -> None:
    state = make_state(RATEAU, racks=("S", "EEENRST"))
    assert error_of(state, 0, Play("E4 ATEAUS")) == "word_not_whole"


def test_a_word_off_the_board_is_refused() -> None:
    state = make_state(RATEAU, racks=("SOIE", "EEENRST"))
    assert error_of(state, 0, Play("E8 USOIE")) == "out_of_board"


def test_the_q_exists_only_as_the_qu_tile() -> None:
    state = make_state(RATEAU, racks=("Q", "EEENRST"))
    assert error_of(state, 0, Play("4D QA")) == "bad_notation"
    assert error_of(state, 0, Play("n'importe quoi")) == "bad_notation"


def test_a_word_already_on_the_board_places_nothing() -> None:
    state = make_state(RATEAU)
    assert error_of(state, 0, Play("E3 RATEAU")) == "no_tile_placed"


def test_two_tiles_on_one_cell_are_refused() -> None:
    state = make_state(RATEAU, racks=("SO", "EEENRST"))
    assert error_of(state, 0, Place(("F3:S", "F3:O"))) == "same_cell"


def test_the_automatic_referee_refuses_an_unknown_word_at_once() -> None:
    state = make_state(RATEAU, racks=("XQZEIOU", "EEENRST"), referee="auto")
    assert error_of(state, 0, Play("3E RZX")) == "unknown_word"


def test_the_qu_tile_reads_qu_in_words_and_is_a_bonus_letter() -> None:
    state = make_state(RATEAU, racks=("QI", "EEENRST"), referee="auto")
    state.apply(0, Play("4D QUAI"))
    assert state.board.top(3, 3) == "Q"
    assert state.points[0] == 3 * 2 + 2  # three flat stacks doubled, +2 for the Qu


# -- options of other editions ----------------------------------------------------------

def test_option_no_covering_a_whole_word() -> None:
    two = "/".join(["." * 10] * 4 + ["....AS...."] + ["." * 10] * 5)
    allowed = make_state(two, racks=("OU", "E"), referee="auto")
    allowed.apply(0, Play("E5 OU"))
    refused = make_state(two, racks=("OU", "E"), allow_cover_whole_word=False)
    assert error_of(refused, 0, Play("E5 OU")) == "cover_whole_word"


def test_option_no_bare_plural_s() -> None:
    chat = "/".join(["." * 10] * 4 + ["..CHAT...."] + ["." * 10] * 5)
    allowed = make_state(chat, racks=("S", "E"), referee="auto")
    allowed.apply(0, Play("E3 CHATS"))
    assert allowed.points[0] == 10
    refused = make_state(chat, racks=("S", "E"), allow_bare_plural=False)
    assert error_of(refused, 0, Play("E3 CHATS")) == "bare_plural"


# -- passing ------------------------------------------------------------------------------

def test_passing_may_exchange_exactly_one_tile_with_the_bag() -> None:
    state = make_state(RATEAU, racks=("ABCDEFG", "EEENRST"), bag="ZZZZ".replace("Z", "U"))
    state.apply(0, Pass("A"))
    assert sorted(state.racks[0]) == sorted("BCDEFGU")
    assert sorted(state.bag) == sorted("AUUU")
    assert state.turn == 1 and state.passes_in_row == 1


def test_no_exchange_when_the_bag_is_empty() -> None:
    state = make_state(RATEAU, racks=("ABCDEFG", "EEENRST"), bag="")
    assert error_of(state, 0, Pass("A")) == "bag_empty"


def test_no_exchange_when_the_pending_word_s_draw_empties_the_bag() -> None:
    state = make_state(RATEAU, racks=("IREAAAA", "EEENRST"), bag="OOO")
    state.apply(0, Play("3E RIRE"))  # draws 3 when the next player acts: nothing left
    assert error_of(state, 1, Pass("E")) == "bag_empty"
    state.apply(1, Pass())
    assert state.bag == [] and len(state.racks[0]) == 7


def test_only_the_player_to_move_plays() -> None:
    state = make_state(RATEAU)
    assert error_of(state, 1, Pass()) == "not_your_turn"


# -- challenges (the seed's procedure, the default) -------------------------------------

def test_an_upheld_challenge_takes_the_word_back_and_the_mover_loses_his_turn() -> None:
    state = make_state(RATEAU, racks=("ZXRIE", "EEENRST"))
    state.apply(0, Play("3E RZX"))
    assert state.points[0] > 0 and state.turn == 1
    events = state.apply(1, Challenge())
    assert events[0].data["upheld"] is True
    assert state.points[0] == 0
    assert sorted(state.racks[0]) == sorted("ZXRIE")
    assert state.board.to_notation() == RATEAU
    assert state.turn == 1 and state.passes_in_row == 1


def test_the_pass_of_an_upheld_challenge_offers_no_exchange() -> None:
    # « le joueur ... doit les reprendre et passer son tour »: a penalty, not the player's own
    # « PASSER SON TOUR » (« Si ... vous n'arrivez pas à créer un seul mot, vous pouvez passer
    # votre tour. Vous pouvez alors échanger une ... de vos lettres »): no exchange (docs).
    state = make_state(RATEAU, racks=("ZXRIE", "EEENRST"), bag="UUUU")
    state.apply(0, Play("3E RZX"))
    bag = list(state.bag)
    state.apply(1, Challenge())
    assert sorted(state.racks[0]) == sorted("ZXRIE") and state.bag == bag
    assert state.turn == 1 and state.to_act() == frozenset({1})
    assert error_of(state, 0, Pass("Z")) == "not_your_turn"
    state.apply(1, Pass())
    assert state.turn == 0 and sorted(state.racks[0]) == sorted("ZXRIE")


def test_a_failed_challenge_lets_the_word_stand_and_the_mover_draws() -> None:
    state = make_state(RATEAU, racks=("IREZZZZ".replace("Z", "A"), "EEENRST"), bag="OOOO")
    state.apply(0, Play("3E RIRE"))
    assert len(state.racks[0]) == 4  # draws only when the window closes
    events = state.apply(1, Challenge())
    assert events[0].data["upheld"] is False
    assert state.points[0] == 8 and len(state.racks[0]) == 7 and state.pending is None


def test_the_next_player_s_move_closes_the_challenge_window() -> None:
    state = make_state(RATEAU, racks=("IREAAAA", "EEENRST"), bag="OOOO")
    state.apply(0, Play("3E RIRE"))
    state.apply(1, Pass())
    assert len(state.racks[0]) == 7 and state.pending is None
    assert error_of(state, 1, Challenge()) == "nothing_to_challenge"


def test_nobody_challenges_his_own_word() -> None:
    state = make_state(RATEAU, racks=("IREAAAA", "EEENRST"))
    state.apply(0, Play("3E RIRE"))
    assert error_of(state, 0, Challenge()) == "own_word"


# -- the end ------------------------------------------------------------------------------

def test_the_game_ends_when_the_bag_is_empty_and_a_player_has_no_tile() -> None:
    state = make_state(RATEAU, racks=("IRE", "EEENRST"), bag="", referee="auto")
    state.apply(0, Play("3E RIRE"))
    assert state.is_over() and state.end_reason == "out_of_tiles"
    # -5 per tile left, nobody receives them
    assert state.scores() == [8, -35]
    assert state.winners() == [0]


def test_the_last_word_can_still_be_challenged_before_the_end() -> None:
    state = make_state(RATEAU, racks=("IRE", "EEENRST"), bag="")
    state.apply(0, Play("3E RIRE"))
    assert not state.is_over() and state.to_act() == frozenset({1})
    state.apply(1, Accept())
    assert state.is_over() and state.scores() == [8, -35]


def test_the_game_ends_when_every_player_passed_in_a_row_with_the_bag_empty() -> None:
    state = make_state(RATEAU, racks=("XYZ", "WKJ"), bag="")
    state.apply(0, Pass())
    assert not state.is_over()
    state.apply(1, Pass())
    assert state.is_over() and state.end_reason == "all_passed"
    assert state.scores() == [-15, -15] and state.winners() == [0, 1]


# -- what each seat sees ------------------------------------------------------------------

def test_a_seat_sees_its_rack_but_not_the_others_nor_the_bag_order() -> None:
    state = GAME.new(None, 2, seed=5)
    view = state.view(0)
    assert view["rack"] == state.racks[0]
    text = repr(view)
    assert "racks" not in view and view["bag"] == len(state.bag)
    spectator = state.view(None)
    assert spectator["rack"] is None
    unseen = Counter(spectator["unseen"])
    assert sum(unseen.values()) == len(state.bag) + 14
    assert sum(Counter(view["unseen"]).values()) == len(state.bag) + 7
    assert text  # the view is plain data


def test_state_round_trips_through_json() -> None:
    state = make_state(RATEAU, racks=("IREAAAA", "EEENRST"), bag="OOOO")
    state.apply(0, Play("3E RIRE"))
    copy = type(state).from_json(state.to_json())
    assert copy == state and copy.digest() == state.digest()
