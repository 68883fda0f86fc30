"""Spells (seed "Cartes de sortilèges"): drawing, keeping or giving, and each spell's effect."""

from ludomots.core.rng import SeededRandom
from ludomots.games.awalettres.rules import (
    GAME,
    AwalettresOptions,
    AwalettresState,
    Calm,
    Define,
    Exchange,
    Give,
    Marabout,
    Return,
    Vote,
)
from tests.games.refusals import error_of

from .helpers import make_state, message_of, word

A, B, C = range(3)
FULL = "EEEEEEEEEEAAAAAAAAAAIIIIIIIIII"


def spell_for_a(spell: str, **options: object) -> AwalettresState:
    """A plays RUE and, refilling, draws a spell draw: the spell `spell` waits for his choice."""
    state = make_state(["AEIRSTU", "EEEEEET", "OOOOOOL"], grenier="*NNN" + FULL, box=[spell],
                       **options)
    state.apply(A, word(state, "RUE"))
    return state


def test_a_spell_draw_is_set_aside_and_the_drawer_draws_on_to_7_letters() -> None:
    state = spell_for_a("generosite1")
    assert state.hands[A] == sorted("AIST" + "NNN")
    assert state.step == "give" and state.to_act() == {A}
    assert "*" in state.discard


def test_the_drawer_chooses_without_looking_at_the_spell() -> None:
    state = spell_for_a("generosite1")
    for seat in (A, B, C, None):
        assert state.view(seat)["pending_spell"] == {"seat": A, "spell": None}


def test_option_blind_spell_off_lets_the_drawer_alone_look_first() -> None:
    state = spell_for_a("generosite1", blind_spell=False)
    assert state.view(A)["pending_spell"] == {"seat": A, "spell": "generosite1"}
    assert state.view(B)["pending_spell"] == {"seat": A, "spell": None}
    assert state.view(None)["pending_spell"] == {"seat": A, "spell": None}


def test_generosity_kept_pays_its_value_to_each_other_player() -> None:
    state = spell_for_a("generosite2")
    assert state.ledger.sacks == [4, 0, 0]  # R U E
    state.apply(A, Give(A))
    assert state.ledger.sacks == [0, 2, 2]
    assert state.step == "word" and state.current == B


def test_generosity_given_to_an_opponent_makes_him_pay_even_into_debt() -> None:
    state = spell_for_a("generosite3")
    state.apply(A, Give(B))
    assert state.ledger.sacks == [4, 0, 0]  # B's sack is empty: he owes both
    assert state.ledger.debts[B] == [[C, 3], [A, 3]]


def test_spells_are_played_from_the_player_who_played_then_in_drawing_order() -> None:
    # A draws two spell draws, then B one (A took B's T)
    state = make_state(["AEIRSTU", "EEEEEET", "OOOOOOL"], grenier="*N*N*N" + FULL,
                       box=["generosite1", "generosite2", "generosite3"])
    state.apply(A, word(state, "RUT", (2, B)))
    order = []
    while state.step == "give":
        seat = min(state.to_act())
        events = state.apply(seat, Give(seat))
        order.append((seat, next(e for e in events if e.type == "spell").data["spell"]))
    assert order == [(A, "generosite1"), (A, "generosite2"), (B, "generosite3")]


def test_spells_drawn_in_the_initial_deal_are_all_played_before_the_first_word() -> None:
    # "dans l'ordre des joueurs et du tirage": from the first player, B here
    state = AwalettresState(AwalettresOptions(), 3, SeededRandom(1))
    deal = {B: "*EEEEEEE", C: "EEE*EEEE", A: "**EEEEEEE"}
    state.grenier = list(reversed(deal[B] + deal[C] + deal[A] + FULL))
    state.box = list(reversed(["echange", "maraboutage", "generosite1", "confusion"]))
    state.deal(B)
    steps = []
    actions = [Give(B), Exchange("", None, ""), Give(C), Marabout(A, "E"), Give(A), Give(A)]
    for action in actions:
        seat = min(state.to_act())
        steps.append((state.step, seat))
        state.apply(seat, action)
    assert steps == [("give", B), ("exchange", B), ("give", C), ("marabout", C),
                     ("give", A), ("give", A)]
    assert state.step == "word" and state.current == B and state.turn == 0
    assert "?" in state.hands[A]


# -- CONFUSION ---------------------------------------------------------------------------------


def test_confusion_joins_the_letters_and_its_holder_has_8_cards_for_a_turn() -> None:
    state = spell_for_a("confusion")
    state.apply(A, Give(A))
    assert state.hands[A] == sorted("AIST" + "NNN" + "?")


def test_confusion_played_by_its_holder_is_worth_0() -> None:
    state = make_state(["?RT", "EEE"], grenier=FULL)
    state.apply(A, word(state, "ART", wild=[0]))
    assert state.ledger.sacks == [2 + 1, 0]
    assert "confusion" in state.spell_discard


def test_confusion_played_by_another_player_costs_him_5_paid_to_its_holder() -> None:
    state = make_state(["?EE", "RT"], current=B, grenier=FULL, sacks=[0, 10])
    state.apply(B, word(state, "ART", (0, A), wild=[0]))
    assert state.ledger.sacks == [5, 10 + 3 - 5]


def test_confusion_stands_for_the_letter_announced() -> None:
    state = make_state(["?RT", "EEE"], grenier=FULL)
    assert state.check(A, word(state, "ART", wild=[0])) is None
    assert error_of(state, A, word(state, "ART", wild=[0, 1])) == "bad_wild"
    assert error_of(state, A, word(state, "ART", (1, B), wild=[1])) == "letter_not_available"


def test_a_player_cannot_hold_two_confusions_the_extra_goes_back_in_the_box() -> None:
    state = make_state(["AEIRSTU", "EEEEEE?", "OOOOOOL"], grenier="*NNN" + FULL,
                       box=["confusion"])
    state.apply(A, word(state, "RUE"))
    box = len(state.box)
    events = state.apply(A, Give(B))
    assert state.hands[B].count("?") == 1
    assert len(state.box) == box + 1
    assert [e.type for e in events][:2] == ["spell", "confusion_returned"]


def test_confusion_counts_in_the_7_and_the_letter_in_excess_goes_back_to_the_grenier() -> None:
    state = make_state(["AEIRST?U", "EEETEEE", "OOOOOOL"], current=B, grenier="NNN" + FULL)
    state.apply(B, word(state, "ETE"))
    assert state.step == "trim" and state.to_act() == {A}
    assert error_of(state, A, Return("?")) == "card_not_in_hand"
    size = len(state.grenier)
    state.apply(A, Return("U"))
    assert state.hands[A] == sorted("AEIRST?")
    assert len(state.grenier) == size + 1 and state.step == "word" and state.current == C


def test_option_trim_off_keeps_the_8_cards() -> None:
    state = make_state(["AEIRST?U", "EEETEEE", "OOOOOOL"], current=B, grenier="NNN" + FULL,
                       trim_to_seven=False)
    state.apply(B, word(state, "ETE"))
    assert state.step == "word" and len(state.hands[A]) == 8


def test_an_unplayed_confusion_costs_5_at_the_end() -> None:
    state = make_state(["?", ""], sacks=[9, 0])
    assert state.is_over()
    assert state.scores() == [9 - 5, 0]


# -- ÉCHANGE -----------------------------------------------------------------------------------


def test_exchange_waits_for_its_holder_s_turn_and_is_played_before_his_word() -> None:
    state = spell_for_a("echange")
    state.apply(A, Give(B))
    assert state.held[B] == []  # B plays next: now, before his word
    assert state.step == "exchange" and state.to_act() == {B}
    state.apply(B, Exchange("E", A, "S"))
    assert "S" in state.hands[B] and state.hands[A].count("E") == 1
    assert state.ledger.sacks == [4, 0, 0]  # no seeds change hands
    assert state.step == "word" and state.current == B


def test_exchange_kept_by_the_player_who_just_played_waits_for_his_next_turn() -> None:
    state = spell_for_a("echange")
    state.apply(A, Give(A))
    assert state.held[A] == ["echange"] and state.step == "word" and state.current == B


def test_exchange_may_be_declined() -> None:
    state = spell_for_a("echange")
    state.apply(A, Give(B))
    hands = [list(h) for h in state.hands]
    state.apply(B, Exchange("", None, ""))
    assert state.hands == hands and "echange" in state.spell_discard


def test_exchange_refuses_cards_that_are_not_there() -> None:
    state = spell_for_a("echange")
    state.apply(A, Give(B))
    assert error_of(state, B, Exchange("Z", A, "S")) == "card_not_in_hand"
    assert error_of(state, B, Exchange("E", A, "Z")) == "card_not_in_hand"
    assert error_of(state, B, Exchange("E", B, "E")) == "bad_target"


def test_taking_a_confusion_by_exchange_costs_5_paid_to_its_holder() -> None:
    state = make_state(["?EE", "RTS", "OO"], current=B, grenier=FULL, held=[[], ["echange"], []])
    assert state.step == "exchange"
    state.apply(B, Exchange("R", A, "?"))
    assert "?" in state.hands[B] and "R" in state.hands[A]
    assert state.ledger.debts[B] == [[A, 5]]


def test_exchange_cannot_give_a_second_confusion() -> None:
    state = make_state(["?EE", "RT?", "OO"], current=B, grenier=FULL, held=[[], ["echange"], []])
    assert error_of(state, B, Exchange("R", A, "?")) == "two_confusions"
    assert message_of(state, B, Exchange("R", A, "?")) == \
        "On ne peut pas avoir deux CONFUSION à la fois."


# -- MARABOUTAGE -------------------------------------------------------------------------------


def test_marabout_kept_is_cast_at_the_end_of_the_turn_after_the_refill() -> None:
    state = spell_for_a("maraboutage")
    state.apply(A, Give(A))
    assert state.step == "marabout" and state.to_act() == {A}
    assert state.hands[A] == sorted("AIST" + "NNN")  # refilled first
    assert error_of(state, A, Marabout(A, "A")) == "bad_target"
    assert error_of(state, A, Marabout(B, "Z")) == "card_not_in_hand"
    state.apply(A, Marabout(B, "T"))
    assert state.designations[B] == [[A, "T"]]
    assert state.step == "word" and state.current == B


def test_a_designated_card_must_be_played_and_its_seeds_go_to_the_caster() -> None:
    state = spell_for_a("maraboutage")
    state.apply(A, Give(A))
    state.apply(A, Marabout(B, "T"))
    assert error_of(state, B, word(state, "EE")) == "marabout_required"
    assert message_of(state, B, word(state, "EE")) == \
        "Un MARABOUTAGE vous oblige à jouer : T."
    state.apply(B, word(state, "ETE"))
    # as if B had fetched the T from A: B collects E+E and pays the T's seed to A
    assert state.ledger.sacks == [4 + 1, 2 - 1, 0]
    assert state.designations[B] == []


def test_marabout_given_waits_for_the_end_of_its_holder_s_turn() -> None:
    state = spell_for_a("maraboutage")
    state.apply(A, Give(C))
    assert state.held[C] == ["maraboutage"] and state.current == B and state.step == "word"
    state.apply(B, word(state, "ETE"))
    assert state.step == "word" and state.current == C
    state.apply(C, word(state, "LOT", (2, A)))
    assert state.step == "marabout" and state.to_act() == {C}


def test_marabout_has_no_effect_when_no_word_can_use_the_card() -> None:
    state = make_state(["EEE", "TEQ"], current=B, grenier=FULL)
    state.designations[B] = [[A, "Q"]]
    state.phase = "before_word"
    events = state.advance()
    assert state.designations[B] == []
    assert [e.type for e in events] == ["marabout_void"]
    assert state.check(B, word(state, "TE")) is None


def test_a_designated_confusion_gives_3_to_the_caster_and_2_to_the_player() -> None:
    state = make_state(["AEE", "?RT"], current=B, grenier=FULL)
    state.designations[B] = [[A, "?"]]
    state.phase = "before_word"
    state.advance()
    assert error_of(state, B, word(state, "ART", (0, A))) == "marabout_required"
    state.apply(B, word(state, "ART", wild=[0]))
    assert state.ledger.sacks == [3, 2 + 2 + 1]  # 3 from the pot to A; R, T and 2 to B


# -- PAS DE PANIQUE ----------------------------------------------------------------------------


def test_panic_must_be_calmed_at_once_before_any_word() -> None:
    state = spell_for_a("panique")
    state.apply(A, Give(B))
    assert state.step == "panic" and state.to_act() == {B}
    assert error_of(state, B, word(state, "ETE")) == "wrong_action"
    assert error_of(state, B, Calm("shout", "pas de panique")) == "wrong_phrase"
    state.apply(B, Calm("shout", "Pas de panique!"))
    assert state.ledger.sacks == [4, 0, 0] and state.step == "word"


def test_panic_paid_gives_5_seeds_to_the_pot_or_a_debt_to_the_pot() -> None:
    state = spell_for_a("panique")
    state.apply(A, Give(A))
    state.apply(A, Calm("pay", ""))
    assert state.ledger.sacks == [0, 0, 0] and state.ledger.debts[A] == [[-1, 1]]


def test_panic_gives_the_panicked_seat_panic_seconds_and_nobody_else_a_limit() -> None:
    state = spell_for_a("panique")
    assert [GAME.time_limit(state, s) for s in (A, B, C)] == [None, None, None]  # give step
    state.apply(A, Give(B))
    assert state.step == "panic"
    assert [GAME.time_limit(state, s) for s in (A, B, C)] == [None, 15.0, None]
    state.apply(B, Calm("pay", ""))
    assert state.step == "word"
    assert [GAME.time_limit(state, s) for s in (A, B, C)] == [None, None, None]


def test_panic_seconds_option_sets_the_limit_and_0_removes_it() -> None:
    for seconds, limit in ((8, 8.0), (0, None)):
        state = spell_for_a("panique", panic_seconds=seconds)
        state.apply(A, Give(A))
        assert state.step == "panic" and GAME.time_limit(state, A) == limit


def test_the_timeout_of_a_panic_pays_the_pot() -> None:
    state = spell_for_a("panique")
    state.apply(A, Give(B))
    assert GAME.timeout_action(state, B) == Calm("pay", "")


# -- WAYAMPOU ----------------------------------------------------------------------------------


def test_wayampou_definitions_are_hidden_until_all_are_written_then_voted_on() -> None:
    state = GAME.new({"first_player": "wayampou"}, 3, seed=5)
    assert isinstance(state, AwalettresState)
    assert state.step == "define" and state.to_act() == {A, B, C}
    assert all(not h for h in state.hands)  # dealt after the vote
    state.apply(A, Define("Un oiseau des Andes."))
    assert error_of(state, A, Define("Encore")) == "already_defined"
    assert error_of(state, B, Define("   ")) == "bad_definition"
    assert state.view(B)["wayampou"]["definitions"] is None
    assert state.view(A)["wayampou"]["mine"] == "Un oiseau des Andes."
    assert "Un oiseau des Andes." not in str(state.view(B))
    state.apply(B, Define("Une danse guyanaise."))
    state.apply(C, Define("Un fruit."))
    assert state.step == "vote"
    shown = state.view(B)["wayampou"]["definitions"]
    assert sorted(shown) == sorted(["Un oiseau des Andes.", "Une danse guyanaise.", "Un fruit."])
    assert state.view(B)["wayampou"]["authors"] is None
    own = shown.index("Une danse guyanaise.")
    assert error_of(state, B, Vote(own)) == "own_definition"
    fruit, bird = shown.index("Un fruit."), shown.index("Un oiseau des Andes.")
    state.apply(A, Vote(fruit))
    state.apply(B, Vote(fruit))
    assert state.view(A)["wayampou"]["votes"] is None
    state.apply(C, Vote(bird))
    assert state.first == C  # the fruit: two votes
    assert state.view(A)["wayampou"]["authors"] == state.order
    assert all(len([c for c in h if c != "?"]) >= 7 for h in state.hands)


def test_wayampou_tie_is_drawn_among_the_tied() -> None:
    firsts = set()
    for seed in range(8):
        state = GAME.new({"first_player": "wayampou"}, 2, seed=seed)
        assert isinstance(state, AwalettresState)
        state.apply(A, Define("un"))
        state.apply(B, Define("deux"))
        events = state.apply(A, Vote(state.order.index(B)))
        events += state.apply(B, Vote(state.order.index(A)))
        result = next(e for e in events if e.type == "wayampou_result")
        assert result.data["tied"] == [A, B]
        firsts.add(state.first)
    assert firsts == {A, B}


def test_two_marabouts_on_one_confusion_leave_only_one_in_effect() -> None:
    state = make_state(["AEE", "?RT"], current=B, grenier=FULL)
    state.designations[B] = [[A, "?"], [A, "?"]]
    state.phase = "before_word"
    events = state.advance()
    assert state.designations[B] == [[A, "?"]]
    assert [e.type for e in events] == ["marabout_void"]
