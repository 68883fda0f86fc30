"""The rulebook's worked examples (seed awalettres.txt), with exact seeds.

Seat 0 is the seed's player A, seat 1 player B, seat 2 player C. The grenier is empty where the
example is about the end, so nobody draws after the word.
"""

from ludomots.games.awalettres.rules import Pass

from .helpers import make_state, word

A, B, C = range(3)


def test_seed_example_apres_with_own_letters_collects_7_and_a_bonus_of_2() -> None:
    # "le joueur A pose le mot APRES avec ses lettres, soit 1+2+2+1+1 graines : il récolte
    # 7 graines + 2 graines bonus pour un mot de 5 lettres"
    state = make_state(["APRESLT", "EIOUNMD", "EIOUNMT"], grenier="EEEEEAAAAA")
    events = state.apply(A, word(state, "APRES"))
    assert state.ledger.sacks == [9, 0, 0]
    played = next(e for e in events if e.type == "word")
    assert (played.data["collected"], played.data["bonus"], played.data["payments"]) == \
        (7, 2, {})


def test_seed_example_apres_taking_p_from_b_and_s_from_c() -> None:
    # "elle récolte 4 graines, donne 2 graines au joueur B, 1 graine au joueur C et récupère
    # 2 graines bonus pour un mot de 5 lettres"
    state = make_state(["AREILNT", "PIOUNMD", "SIOUNMT"], grenier="EEEEEAAAAA")
    events = state.apply(A, word(state, "APRES", (1, B), (4, C)))
    played = next(e for e in events if e.type == "word")
    assert (played.data["collected"], played.data["bonus"], played.data["payments"]) == \
        (4, 2, {"1": 2, "2": 1})
    assert state.ledger.sacks == [4 + 2 - 2 - 1, 2, 1]
    assert state.ledger.debts == [[], [], []]


def test_seed_end_example_1_va_with_the_a_of_b_then_the_game_ends_at_a_s_next_turn() -> None:
    # "Il prend le A du joueur B et pose VA, soit 3+1. Il prend 3 graines, en donne 1 à B. La
    # partie s'arrêtera lorsque son tour reviendra, puisqu'il n'a plus de cartes."
    state = make_state(["V", "FUA", "TES"])
    state.apply(A, word(state, "VA", (1, B)))
    assert state.ledger.sacks == [2, 1, 0]
    assert not state.is_over() and state.current == B
    state.apply(B, word(state, "FUT", (2, C)))  # B and C still play...
    assert state.ledger.sacks == [2, 1 + 4 - 1, 1]
    state.apply(C, word(state, "ES"))
    assert state.ledger.sacks == [2, 4, 3]
    assert state.is_over() and state.end_reason == "no_card"  # ...until A's turn
    assert state.current == A
    assert state.scores() == [2, 4, 3]


def test_seed_end_example_2_b_takes_the_v_of_a_and_the_game_ends_on_a_s_turn() -> None:
    # "Au tour du joueur B, celui-ci lui prend et pose VA, soit 3+1. B donne 3 graines à A et
    # prend 1 graine. La partie s'achève lorsque c'est le tour de A."
    state = make_state(["V", "AEI"], current=B, sacks=[0, 5])
    state.apply(B, word(state, "VA", (0, A)))
    assert state.ledger.sacks == [3, 5 + 1 - 3]
    assert state.is_over() and state.end_reason == "no_card" and state.current == A
    assert state.scores() == [3, 3 - 2]  # B still holds E and I


def test_seed_end_example_3_no_vowel_among_the_opponents_ends_the_game_a_loses_3() -> None:
    # "il n'a y aucune voyelle chez ses adversaires. La partie est finie. A enlève 3 graines
    # de son sac à graines pour le décompte final."
    state = make_state(["V", "BCD", "GHK"], sacks=[10, 4, 6])
    assert state.is_over() and state.end_reason == "no_word"
    assert state.scores() == [10 - 3, 4 - 3 - 2 - 2, 6 - 3 - 3 - 5]
    assert state.check(A, Pass()) is not None  # nothing left to play
