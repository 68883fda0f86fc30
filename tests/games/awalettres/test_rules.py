"""Awalettres' turn, words, seeds and end (seed "Comment jouer ?", "Comptage des graines";
RULINGS.md). Spells are in test_spells.py, the seed's examples in test_seed.py."""

import pytest

from ludomots.games.awalettres.cards import HAND_SIZE, letter_count
from ludomots.games.awalettres.rules import GAME, AwalettresState, Give, Pass, Play
from ludomots.games.awalettres.scoring import length_bonus
from tests.games.refusals import error_of

from .helpers import make_state, message_of, word

A, B, C = range(3)
FULL = "EEEEEEEEEEAAAAAAAAAAIIIIIIIIII"  # plenty to refill from


def test_the_game_deals_7_letters_to_each_player_face_up() -> None:
    state = GAME.new(None, 4, seed=3)
    assert isinstance(state, AwalettresState)
    assert state.step in ("word", "give", "panic", "exchange", "marabout")
    assert all(letter_count(hand) >= HAND_SIZE for hand in state.hands)
    view = state.view(2)
    assert view["hands"] == state.hands  # everybody sees every hand


def test_the_first_player_is_drawn_at_random_by_default() -> None:
    firsts = set()
    for seed in range(12):
        state = GAME.new(None, 3, seed=seed)
        assert isinstance(state, AwalettresState)
        firsts.add(state.first)
    assert firsts == {0, 1, 2}


def test_a_word_has_at_least_two_letters() -> None:
    state = make_state(["AEIRST", "EEE"], grenier=FULL)
    assert error_of(state, A, word(state, "A")) == "too_short"


def test_a_word_must_be_in_the_dictionary_with_a_french_message() -> None:
    state = make_state(["AEIRST", "EEE"], grenier=FULL)
    assert error_of(state, A, word(state, "RSTA")) == "unknown_word"
    assert message_of(state, A, word(state, "RSTA")) == "Ce mot n’est pas dans le dictionnaire."


def test_conjugated_verbs_and_plurals_are_words_not_signs() -> None:
    state = make_state(["AEIRST", "EEE"], grenier=FULL)
    assert state.check(A, word(state, "TARIES")) is None  # tarir, conjugated
    assert state.check(A, word(state, "RATES")) is None  # plural
    assert error_of(state, A, Play("r-a", (A, A), ())) == "bad_word"


def test_a_word_uses_at_least_one_of_the_player_s_own_letters() -> None:
    state = make_state(["Z", "VA"], grenier=FULL)
    assert error_of(state, A, word(state, "VA", (0, B), (1, B))) == "no_own_letter"


def test_letters_must_be_in_the_hand_they_are_taken_from() -> None:
    state = make_state(["AEIRST", "EEE"], grenier=FULL)
    assert error_of(state, A, word(state, "ETE", (0, B), (1, B))) == "letter_not_available"
    assert message_of(state, A, word(state, "ZE")) == "Vous n’avez pas : Z."
    assert error_of(state, A, Play("ETE", (A, A), ())) == "bad_sources"
    assert error_of(state, A, Play("ETE", (A, A, 5), ())) == "bad_sources"


def test_only_the_player_to_play_plays_and_only_a_word() -> None:
    state = make_state(["AEIRST", "EEE"], grenier=FULL)
    assert error_of(state, B, word(state, "EE")) == "not_your_turn"
    assert error_of(state, A, Give(0)) == "wrong_action"


def test_letters_taken_are_paid_to_their_owner_and_own_letters_collected() -> None:
    state = make_state(["RST", "PEA", "ZOO"], grenier=FULL, sacks=[10, 0, 0])
    state.apply(A, word(state, "PRES", (0, B), (2, B)))  # P, E from B
    assert state.ledger.sacks == [10 + 2 + 1 - 3, 3, 0]


def test_length_bonus_five_letters_2_six_3_seven_or_more_5() -> None:
    assert [length_bonus(n) for n in range(2, 10)] == [0, 0, 0, 2, 3, 5, 5, 5]
    state = make_state(["ARTISTE", "EEE"], grenier=FULL)
    state.apply(A, word(state, "ARTISTE"))
    assert state.ledger.sacks == [8 + 5, 0]  # A R T I S T E: 1+2+1+1+1+1+1


def test_gains_repay_old_debts_before_the_letters_taken_are_paid() -> None:
    state = make_state(["RST", "PEA", "ZOO"], grenier=FULL, debts={A: [(C, 4)]})
    state.apply(A, word(state, "PRES", (0, B), (2, B)))
    # gains 3: repay 3 of the 4 owed to C; then 3 owed to B, unpaid: a new debt
    assert state.ledger.sacks == [0, 0, 3]
    assert state.ledger.debts[A] == [(C, 1), (B, 3)]


def test_after_a_word_everybody_refills_to_7_from_the_player_who_played() -> None:
    state = make_state(["AEIRSTU", "EEEEEEB", "OOOOOOO"], grenier="KWXYZ")
    state.apply(A, word(state, "BUT", (0, B)))
    assert state.hands[A] == sorted("AEIRS" + "KW")  # he draws first
    assert state.hands[B] == sorted("EEEEEE" + "X")
    assert state.hands[C] == list("OOOOOOO")
    assert state.current == B and state.step == "word"


def test_the_next_player_is_the_next_seat_clockwise() -> None:
    state = make_state(["ETE", "ETE", "ETE"], current=2, grenier=FULL)
    state.apply(C, word(state, "ETE"))
    assert state.current == A


def test_a_word_is_compulsory_when_one_is_possible() -> None:
    state = make_state(["AEIRST", "EEE"], grenier=FULL)
    assert error_of(state, A, Pass()) == "word_possible"


def test_a_player_who_cannot_make_any_word_passes_while_the_grenier_has_cards() -> None:
    state = make_state(["KK", "KK", "WW"], grenier=FULL)
    assert not state.is_over() and not state.can_play
    assert state.legal(A) == [Pass()]
    state.apply(A, Pass())
    assert state.current == B


def test_a_whole_round_of_passes_ends_the_game() -> None:
    hands = ["KKKKKKK", "WWWWWWW", "QQQQQQQ"]  # full hands: nobody draws
    state = make_state(hands, grenier=FULL)
    for seat in (A, B, C):
        assert not state.can_play
        state.apply(seat, Pass())
    assert state.is_over() and state.end_reason == "blocked"


def test_the_game_ends_when_the_grenier_is_empty_and_the_player_cannot_play() -> None:
    state = make_state(["QQ", "ETE"])
    assert state.is_over() and state.end_reason == "no_word"
    assert state.scores() == [-8, -3]
    assert state.winners() == [B]


def test_the_final_score_is_seeds_minus_debts_minus_letters_left() -> None:
    state = make_state(["QQ", "ETE"], sacks=[30, 4], debts={A: [(B, 6)]})
    assert state.scores() == [30 - 6 - 8, 4 - 3]
    detail = state.score_detail()[A]
    assert detail == {"sack": 30, "debts": 6, "credits": 0, "hand": 8, "total": 16}


def test_option_credits_count_adds_what_the_others_owe() -> None:
    state = make_state(["QQ", "ETE"], sacks=[30, 4], debts={A: [(B, 6)]}, credits_count=True)
    assert state.scores() == [30 - 6 - 8, 4 + 6 - 3]


def test_elephant_variant_only_four_letter_words() -> None:
    state = make_state(["AEIRST", "EEE"], grenier=FULL, elephant=True)
    assert error_of(state, A, word(state, "RATES")) == "elephant_length"
    assert error_of(state, A, word(state, "RAT")) == "elephant_length"
    assert state.check(A, word(state, "RATE")) is None


def test_elephant_variant_ends_when_no_four_letter_word_is_possible() -> None:
    state = make_state(["ETE", "A"], elephant=True)
    assert state.is_over() and state.end_reason == "no_word"


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_two_to_six_players(players: int) -> None:
    state = GAME.new(None, players, seed=1)
    assert len(state.view(None)["hands"]) == players
    with pytest.raises(ValueError):
        GAME.new(None, 7, seed=1)


def test_preview_tells_legality_seeds_paid_per_opponent_and_bonus() -> None:
    state = make_state(["AREILNT", "PIOUNMD", "SIOUNMT"], grenier=FULL)
    preview = GAME.preview(state, A, word(state, "APRES", (1, B), (4, C)))
    assert preview is not None
    assert (preview["legal"], preview["collected"], preview["bonus"], preview["payments"],
            preview["net"]) == (True, 4, 2, {"1": 2, "2": 1}, 3)
    bad = GAME.preview(state, A, word(state, "APRSE", (1, B), (3, C)))
    assert bad == {"legal": False, "error": "unknown_word",
                   "message": "Ce mot n’est pas dans le dictionnaire."}
    assert state.ledger.sacks == [0, 0, 0]


def test_state_round_trips_through_json_and_clone() -> None:
    state = GAME.new(None, 3, seed=11)
    assert isinstance(state, AwalettresState)
    copy = AwalettresState.from_json(state.to_json())
    assert copy == state and state.clone() == state and copy.digest() == state.digest()
