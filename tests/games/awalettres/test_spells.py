"""Spells (seed "Cartes de sortilèges"): drawing, keeping or giving, and each spell's effect."""

from ludomots.core.game import Event
from ludomots.games.awalettres.rules import (
    GAME,
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

from .helpers import make_state, message_of, position, word

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
    assert state.ledger.debts[B] == [(C, 3), (A, 3)]


def spells_after_rut(**options: object) -> list[tuple[int, str]]:
    """A plays RUT (B's T) and draws two spell draws, B one: who plays which spell, in order
    (the box gives generosite1, then 2, then 3)."""
    state = make_state(["AEIRSTU", "EEEEEET", "OOOOOOL"], grenier="*N*N*N" + FULL,
                       box=["generosite1", "generosite2", "generosite3"], **options)
    state.apply(A, word(state, "RUT", (2, B)))
    order = []
    while state.step == "give":
        seat = min(state.to_act())
        events = state.apply(seat, Give(seat))
        order.append((seat, next(e for e in events if e.type == "spell").data["spell"]))
    assert state.step == "word" and state.current == B
    return order


def test_spells_drawn_after_a_word_are_played_from_the_new_player_then_in_drawing_order() -> None:
    # seed: "Les sortilèges sont joués dans l'ordre, le nouveau joueur étant le premier"
    assert spells_after_rut() == [(B, "generosite1"), (A, "generosite2"), (A, "generosite3")]


def test_option_spell_order_last_player_plays_the_spells_of_who_played_first() -> None:
    assert spells_after_rut(spell_order="last_player") == \
        [(A, "generosite1"), (A, "generosite2"), (B, "generosite3")]


def test_spells_drawn_in_the_initial_deal_are_all_played_before_the_first_word() -> None:
    # "dans l'ordre des joueurs et du tirage": from the first player, B here
    deal = {B: "*EEEEEEE", C: "EEE*EEEE", A: "**EEEEEEE"}
    state = position(f"-/-/- 0 phase=setup grenier={deal[B] + deal[C] + deal[A] + FULL} "
                     "box=echange,maraboutage,generosite1,confusion rng=1")
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


def test_back_to_seven_only_while_the_grenier_has_cards() -> None:
    # The grenier is empty: putting a letter back would reopen it (delaying « le grenier à
    # lettres est vide ») and spare A the letter's cost at the end. A keeps his 8 cards.
    state = make_state(["AEIRST?U", "EEETEEE", "OOOOOOL"], current=B, grenier="")
    state.apply(B, word(state, "ETE"))
    assert state.step == "word" and state.current == C
    assert state.grenier == [] and state.hands[A] == sorted("AEIRST?U")
    assert error_of(state, A, Return("U")) == "not_your_turn"


def test_back_to_seven_stops_when_the_refill_empties_the_grenier() -> None:
    # B draws the last two cards of the grenier before A's turn to complete his hand comes.
    state = make_state(["AEIRST?U", "EEETEEE", "OOOOOOL"], current=B, grenier="NN")
    state.apply(B, word(state, "ETE"))
    assert state.grenier == [] and state.hands[B] == sorted("EEEENN")
    assert state.step == "word" and state.current == C and len(state.hands[A]) == 8
    assert state.scores()[A] == -(1 + 1 + 1 + 2 + 1 + 1 + 5 + 1)  # every card left costs


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
    assert state.ledger.debts[B] == [(A, 5)]


def test_exchange_may_give_one_s_own_confusion_and_its_taker_pays_5() -> None:
    # seed: a CONFUSION that « fait l'objet d'un ECHANGE »: « le joueur qui la récupère donne
    # 5 graines ... à celui à qui il l'a pris »
    state = make_state(["RTS", "?EE", "OO"], current=B, grenier=FULL, sacks=[8, 0, 0],
                       held=[[], ["echange"], []])
    assert Exchange("?", A, "R") in (state.legal(B) or [])
    state.apply(B, Exchange("?", A, "R"))
    assert state.hands[A] == sorted("?ST") and state.hands[B] == sorted("EER")
    assert state.ledger.sacks == [3, 5, 0]


def test_exchange_cannot_give_a_confusion_to_a_player_who_has_one() -> None:
    state = make_state(["?TS", "?EE", "OO"], current=B, grenier=FULL, held=[[], ["echange"], []])
    assert error_of(state, B, Exchange("?", A, "T")) == "two_confusions"


def test_option_exchange_confusion_off_exchanges_letters_only() -> None:
    state = make_state(["RTS", "?EE", "OO"], current=B, grenier=FULL, held=[[], ["echange"], []],
                       exchange_confusion=False)
    assert error_of(state, B, Exchange("?", A, "R")) == "card_not_in_hand"
    assert message_of(state, B, Exchange("?", A, "R")) == "Donnez une de vos lettres."
    assert all(isinstance(a, Exchange) and a.give != "?" for a in state.legal(B) or [])


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
    state.apply(A, Marabout(B, "T"))
    assert state.designations[B] == [(A, "T")]
    assert state.step == "word" and state.current == B


def test_marabout_names_a_card_of_the_caster_s_own_hand() -> None:
    # seed: « une des cartes désignées dans son propre jeu » (son = the caster's)
    state = spell_for_a("maraboutage")
    state.apply(A, Give(A))
    assert state.hands[B] == sorted("EEEEEET")
    assert error_of(state, A, Marabout(B, "E")) == "card_not_in_hand"  # B's, not A's
    assert message_of(state, A, Marabout(B, "E")) == "Désignez une carte de votre propre jeu."
    assert error_of(state, A, Marabout(B, "Z")) == "card_not_in_hand"
    assert state.legal(A) == [Marabout(t, c) for t in (B, C) for c in "AINST"]
    events = state.apply(A, Marabout(C, "S"))
    assert state.designations[C] == [(A, "S")]
    assert [(e.type, e.data) for e in events][0] == \
        ("marabout", {"seat": A, "target": C, "card": "S", "owner": A})


def designated_to_b(hands: list[str], designations: list[tuple[int, str]],
                    **options: object) -> tuple[AwalettresState, list[Event]]:
    """B is to play with these MARABOUTAGE designations on him: the state and the events of
    the start of his word step (the designations no word can satisfy fall)."""
    state = make_state(hands, current=B, grenier=FULL, sacks=[0, 10, 0][:len(hands)],
                       marabout={B: designations},
                       run=False, **options)
    return state, state.advance()


def marabout_of_a(card: str, hands: list[str], **options: object) -> AwalettresState:
    """A has just designated `card` (of his hand, by default) to B, who is to play."""
    return designated_to_b(hands, [[A, card]], **options)[0]


def test_the_target_takes_the_designated_card_from_the_caster_and_pays_for_it() -> None:
    # « comme si la lettre avait été volontairement cherchée par celui qui joue, donc
    # rapporte des graines au joueur qui lance le sortilège »: B takes A's K and pays it
    state = marabout_of_a("K", ["KEE", "IOST"])
    assert state.designations[B] == [(A, "K")]
    assert error_of(state, B, word(state, "OS")) == "marabout_required"
    assert message_of(state, B, word(state, "OS")) == \
        "Un MARABOUTAGE vous oblige à prendre le K du joueur 1."
    events = state.apply(B, word(state, "SKI", (1, A)))
    assert state.ledger.sacks == [5, 10 + 1 + 1 - 5]
    assert events[0].data["cards"] == {"0": ["K"], "1": ["I", "S"]}
    assert events[0].data["payments"] == {"0": 5} and state.designations[B] == []


def test_a_designated_letter_taken_from_another_player_does_not_count() -> None:
    state = marabout_of_a("E", ["EKS", "IOT", "E"])
    assert error_of(state, B, word(state, "TE", (1, C))) == "marabout_required"
    assert state.check(B, word(state, "TE", (1, A))) is None


def test_the_caster_s_designated_confusion_gives_3_to_him_and_2_to_the_player() -> None:
    # seed: « imposée par un MARABOUTAGE, le joueur qui l'impose récupère 3 graines et le
    # joueur qui la joue récupère 2 graines, depuis le pot commun »
    state = marabout_of_a("?", ["?EE", "RT"])
    assert error_of(state, B, word(state, "ART", (0, A))) == "letter_not_available"
    assert error_of(state, B, word(state, "ETE", (0, A), (2, A))) == "marabout_required"
    events = state.apply(B, word(state, "ART", (0, A), wild=[0]))
    assert state.ledger.sacks == [3, 10 + 2 + 1 + 2]  # no 5 paid to A for it
    assert events[0].data["cards"] == {"0": ["?"], "1": ["R", "T"]}
    assert events[0].data["payments"] == {} and events[0].data["pot_gains"] == {"0": 3}
    assert "?" not in state.hands[A] and "confusion" in state.spell_discard


def test_marabout_has_no_effect_when_the_caster_no_longer_holds_the_card() -> None:
    # C designated two of his E to B; A takes one of them in RUE before B's turn
    state = make_state(["RU", "IOST", "KEE"], grenier="O" * 20,
                       marabout={B: [(C, "E"), (C, "E")]})
    events = state.apply(A, word(state, "RUE", (2, C)))
    assert state.current == B and state.step == "word" and state.hands[C] == sorted("EK" + "O" * 5)
    assert state.designations[B] == [(C, "E")]
    assert [e.data for e in events if e.type == "marabout_void"] == \
        [{"seat": B, "caster": C, "card": "E"}]


def test_marabout_has_no_effect_when_no_word_can_use_the_card() -> None:
    state, events = designated_to_b(["EEQ", "TE"], [(A, "Q")])
    assert state.designations[B] == []
    assert [e.type for e in events] == ["marabout_void"]
    assert state.check(B, word(state, "TE")) is None


def test_two_marabouts_on_one_confusion_leave_only_one_in_effect() -> None:
    state, events = designated_to_b(["?EE", "RT"], [(A, "?"), (A, "?")])
    assert state.designations[B] == [(A, "?")]
    assert [e.type for e in events] == ["marabout_void"]


def test_the_timeout_of_a_marabout_designates_the_caster_s_dearest_card() -> None:
    state = spell_for_a("maraboutage")  # A holds AINNNST: one with a K and a single N
    state = GAME.parse_position(GAME.format_position(state).replace("AINNNST", "AIKNST"))
    state.apply(A, Give(A))
    assert GAME.timeout_action(state, A) == Marabout(B, "K")


# -- MARABOUTAGE on the target's own card (option marabout_card="target") ----------------------


def test_option_target_marabout_designates_a_card_of_the_target() -> None:
    state = spell_for_a("maraboutage", marabout_card="target")
    state.apply(A, Give(A))
    assert error_of(state, A, Marabout(B, "Z")) == "card_not_in_hand"
    assert message_of(state, A, Marabout(B, "Z")) == "Le joueur 2 n’a pas cette carte."
    assert error_of(state, A, Marabout(B, "S")) == "card_not_in_hand"  # A's, not B's
    state.apply(A, Marabout(B, "T"))
    assert state.designations[B] == [(A, "T")]
    assert error_of(state, B, word(state, "EE")) == "marabout_required"
    assert message_of(state, B, word(state, "EE")) == \
        "Un MARABOUTAGE vous oblige à jouer : T."
    state.apply(B, word(state, "ETE"))
    # as if B had fetched the T from A: B collects E+E and pays the T's seed to A
    assert state.ledger.sacks == [4 + 1, 2 - 1, 0]
    assert state.designations[B] == []


def test_option_target_marabout_has_no_effect_when_no_word_can_use_the_card() -> None:
    state, events = designated_to_b(["EEE", "TEQ"], [(A, "Q")], marabout_card="target")
    assert state.designations[B] == []
    assert [e.type for e in events] == ["marabout_void"]


def test_option_target_designated_confusion_gives_3_to_the_caster_and_2_to_the_player() -> None:
    state = marabout_of_a("?", ["AEE", "?RT"], marabout_card="target")
    assert error_of(state, B, word(state, "ART", (0, A))) == "marabout_required"
    state.apply(B, word(state, "ART", wild=[0]))
    assert state.ledger.sacks == [3, 10 + 2 + 2 + 1]  # 3 from the pot to A; R, T and 2 to B


def test_option_target_two_marabouts_on_one_confusion_leave_only_one_in_effect() -> None:
    state, events = designated_to_b(["AEE", "?RT"], [(A, "?"), (A, "?")],
                                    marabout_card="target")
    assert state.designations[B] == [(A, "?")]
    assert [e.type for e in events] == ["marabout_void"]


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
    assert state.ledger.sacks == [0, 0, 0] and state.ledger.debts[A] == [(-1, 1)]


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
