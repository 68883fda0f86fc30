"""The expert's look-ahead (issue 21): sampled deals, the value of a position, the word chosen."""

from collections import Counter
from dataclasses import replace

import pytest

from ludomots.core.budget import Budget
from ludomots.core.game import Action
from ludomots.core.rng import SeededRandom
from ludomots.games.awalettres import BOTS
from ludomots.games.awalettres.bots import Expert, Seen
from ludomots.games.awalettres.lookahead import (
    LookSettings,
    Rollout,
    choose_word,
    determinize,
    distinct,
    hand_worth,
    relative,
    seat_values,
)
from ludomots.games.awalettres.rules import Play

from .helpers import make_state

A, B, C = range(3)


def test_a_letter_in_hand_is_worth_its_seeds_mid_game_and_costs_them_once_the_grenier_is_empty(
) -> None:
    # seed: « enlever le nombre de graines présents sur les lettres restantes de son jeu »; a
    # CONFUSION left costs 5. Mid-game a letter will be played or paid for: + its seeds.
    assert hand_worth(["E", "K", "?"], 0.0) == 1 + 5 + 2
    assert hand_worth(["E", "K", "?"], 1.0) == -1 - 5 - 5
    assert hand_worth(["E", "K", "?"], 0.5) == 0 + 0 + (1 - 2.5)


def test_a_position_is_valued_by_seeds_and_hands_and_by_the_scores_once_over() -> None:
    # grenier of 5 cards: the end weight is 1 - 5/25 = 0.8, a letter counts -0.6 of its seeds.
    state = make_state(["EK", "AZ"], grenier="EEEEE", sacks=[10, 4], debts={A: [(B, 3)]})
    values = seat_values(state)
    assert values == pytest.approx([10 - 3 + (1 + 5) * -0.6, 4 + (1 + 5) * -0.6])
    assert relative(values, A) == values[A] - values[B]
    over = make_state(["K", "-"], grenier="", sacks=[10, 4])
    assert over.is_over()
    assert seat_values(over) == [10.0 - 5, 4.0]


def test_a_sampled_deal_keeps_what_is_public_and_forgets_the_secret_order() -> None:
    # The grenier's letters and the box's spells are known to all (counts in the view); their
    # order is not: two positions that differ only there give the same sampled deal.
    one = make_state(["ARTISTE", "BCDFGHJ"], grenier="ABCDEFGHIJ*",
                     box=["echange", "panique", "confusion"])
    order = list(one.grenier)
    two = one.clone()
    two.grenier = list(reversed(two.grenier))
    two.box = list(reversed(two.box))
    deal_one = determinize(one, SeededRandom(5))
    deal_two = determinize(two, SeededRandom(5))
    assert deal_one.grenier == deal_two.grenier and deal_one.box == deal_two.box
    assert Counter(deal_one.grenier) == Counter(one.grenier)
    assert Counter(deal_one.box) == Counter(one.box)
    assert deal_one.hands == one.hands and one.grenier == order


def test_the_expert_s_choice_does_not_depend_on_the_secret_order() -> None:
    one = make_state(["ARTISTE", "BCDFGHJ"], grenier="EAUSIKWNOT" * 3)
    two = one.clone()
    two.grenier = sorted(two.grenier)
    assert Expert().choose(one, A, SeededRandom(2)) == Expert().choose(two, A, SeededRandom(2))
    assert BOTS["expert"] is Expert


def test_choose_word_keeps_the_first_candidate_when_there_is_one_or_no_budget() -> None:
    state = make_state(["ARTISTE", "BCDFGHJ"], grenier="E" * 30)
    plays = [Play("ARTISTE", (A,) * 7), Play("TETRAS", (A,) * 6)]
    none = LookSettings(Budget(work=0))
    assert choose_word(state, A, plays, Expert(), none, SeededRandom(1)) == 0
    assert choose_word(state, A, plays[1:], Expert(), LookSettings(Budget(work=40)),
                       SeededRandom(1)) == 0


def test_the_expert_takes_the_vowel_its_opponent_needs_to_end_the_game_on_him() -> None:
    # The grenier is empty: the game ends at the first player who cannot play (seed), and
    # what stays in hand is lost. A holds E R V Y A, B holds A S T X. The static judgement
    # (the best word now, the letters left at the end's weight) plays EYRA with his own
    # letters and keeps V (3): B then plays SAX, A cannot play: 6 against 6. ERAYA takes B's
    # A: B is left with S T X and no vowel anywhere, cannot play, and loses 7: 7 against -6.
    # (Among the judgement's five best words, as mid-game; with more, below, a better one.)
    state = make_state(["ERVYA", "ASTX"], grenier="")
    static = Expert()
    static.look = None
    assert static.choose(state, A, SeededRandom(1)) == Play("EYRA", (A, A, A, A))
    five = Expert()
    five.look = replace(Expert.look, empty_candidates=5)
    chosen = five.choose(state, A, SeededRandom(1))
    assert chosen == Play("ERAYA", (A, A, A, A, B))
    state.apply(A, chosen)
    assert state.is_over() and state.scores() == [7, -6]


def test_once_the_grenier_is_empty_the_expert_plays_out_24_words_and_finds_the_judgement_s_tenth(
) -> None:
    # The same position. With the grenier empty one deal decides, so the expert plays out its
    # 24 best words instead of 5. SATYRE, tenth by the judgement (it pays B 2 for S and T),
    # leaves A with V and B with A X: B must take the V for VA (seed: « il doit prendre une
    # lettre d'un adversaire »), and A, without a card, ends the game: 13 against -5, where
    # ERAYA ended it at 7 against -6.
    state = make_state(["ERVYA", "ASTX"], grenier="")
    expert = Expert()
    chosen = expert.choose(state, A, SeededRandom(1))
    assert chosen == Play("SATYRE", (B, A, B, A, A, A))
    assert [p.word for p in distinct(expert._judged, 10)][9] == "SATYRE"
    assert Expert.look is not None and Expert.look.empty_candidates == 24
    state.apply(A, chosen)
    assert state.hands == [["V"], ["A", "X"]] and not state.is_over()
    reply = Expert().choose(state, B, SeededRandom(1))
    assert reply == Play("VA", (A, B))
    state.apply(B, reply)
    assert state.is_over() and state.scores() == [13, -5]


def test_candidates_are_the_best_plays_by_value_each_once() -> None:
    one = Play("ARTISTE", (A,) * 7)
    two = Play("TETRAS", (A,) * 6)
    three = Play("TETRAS", (A, A, A, A, B, A))  # the same word, another card taken
    plays = [(3.0, two), (5.0, one), (3.0, two), (1.0, three)]
    assert distinct(plays, 5) == [one, two, three]
    assert distinct(plays, 2) == [one, two]


def test_a_word_replaces_the_judgement_s_choice_only_when_better_beyond_the_noise_of_the_deals(
) -> None:
    from ludomots.games.awalettres.lookahead import separated

    # Rows are deals, columns candidates (the first is the static judgement's choice).
    # Column 1 gains 3, 5, 4 on the same deals: mean 4, standard error 1/sqrt(3) = 0.58,
    # clear of 1.645 errors. Column 2 gains 1, 2, 9: mean 4 too, but its error is 2.52 and
    # 4 < 1.645 × 2.52 = 4.14: no better than noise.
    rows = [[0.0, 3.0, 1.0], [0.0, 5.0, 2.0], [0.0, 4.0, 9.0]]
    assert separated(rows) == 1
    assert separated([row[::2] for row in rows]) == 0
    assert separated([[0.0, 2.0, 3.0]]) == 0  # one deal: no noise measured, no change
    assert separated([[0.0, 2.0, 3.0]], certain=True) == 2  # empty grenier: one deal is all
    assert separated([]) == 0


def test_a_rollout_reply_with_no_word_of_one_taken_letter_is_the_best_of_the_first_words_met(
) -> None:
    # B holds no vowel and a MARABOUTAGE makes him take A's W: no word takes the W and one
    # letter more, so the quick greedy reply falls back (mid-game: 11 grenier cards). The
    # rollout's fallback looks at the first words the walk meets (the rules' own walk), not
    # at every word the pool allows, which took seconds in such positions.
    state = make_state(["AEIOUW", "BLRSTT", "AEHIMSY"], current=B, grenier="RNENRNENRNE",
                       marabout={B: [(A, "W")]})
    assert state.step == "word" and state.can_play
    expert = Expert()
    rollout = Rollout(expert, LookSettings(Budget(work=1)), SeededRandom(1))

    def slow(seen: Seen) -> Action:
        raise AssertionError("the full fallback ranks every word")

    expert.fallback = slow  # type: ignore[method-assign]
    play = rollout.word(state, B)
    assert isinstance(play, Play) and "W" in play.word
    assert play == expert.quick_fallback(Seen.of(state, B))
    state.apply(B, play)
    assert state.played[-1].seat == B


def test_near_the_end_a_rollout_reply_takes_up_to_three_letters_as_the_greedy_bot_does(
) -> None:
    # B holds C H R P. Mid-game the rollout's quick reply takes one letter at most: ARCH with
    # A's A. With 10 grenier cards or fewer the rollout plays to the end, and its words take
    # up to 3 letters, the best of 12: CHAPIER with A's A and C's I and E, the greedy bot's
    # own word (it takes any number). The end (who plays the last word) falls as it will.
    hands = ["AERSTU", "CHPR", "EILNOT"]
    expert = Expert()
    rollout = Rollout(expert, LookSettings(Budget(work=1)), SeededRandom(1))
    mid_game = make_state(hands, current=B, grenier="E" * 11)
    assert rollout.word(mid_game, B) == Play("ARCH", (A, B, B, B))
    near_end = make_state(hands, current=B, grenier="E" * 10)
    chapier = Play("CHAPIER", (B, B, A, B, C, C, B))
    assert rollout.word(near_end, B) == chapier
    assert BOTS["greedy"]().choose(near_end, B, SeededRandom(1)) == chapier
