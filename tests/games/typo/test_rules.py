"""Typo rules: one test per rule sentence of the seed, then every error code."""

from collections import Counter

import pytest

from ludomots.core.errors import RuleError
from ludomots.games.typo.cards import DISTRIBUTION, full_deck
from ludomots.games.typo.rules import (
    CODEC,
    GAME,
    Choose,
    Fail,
    Place,
    TypoState,
    Vote,
)
from tests.games.refusals import error_of

from .helpers import choose_all, make_state, vote_all


def new(players: int = 4, seed: int = 3, **options: object) -> TypoState:
    state = GAME.new(options or None, players, seed=seed)
    assert isinstance(state, TypoState)
    return state


def all_cards(state: TypoState) -> Counter[str]:
    """Every card wherever it is: they are never lost nor created."""
    cards = Counter("".join(state.rows)) + Counter(state.set_aside) + Counter(state.discard)
    for hand in state.hands:
        cards.update(hand)
    cards.update(c for c in state.choices if c is not None)
    return cards


# -- MISE EN PLACE ---------------------------------------------------------------------------


def test_the_deck_holds_the_64_cards_of_the_french_edition() -> None:
    # "Mélangez les 64 cartes" (RULINGS: the French edition has no Q, X, Y).
    deck = full_deck()
    assert len(deck) == 64
    assert Counter(deck) == Counter(DISTRIBUTION)
    assert DISTRIBUTION["E"] == 9 and DISTRIBUTION["A"] == 5 and DISTRIBUTION["W"] == 1
    assert not set("QXY") & set(deck)


def test_four_cards_placed_at_random_start_four_rows() -> None:
    # "Placez 4 cartes, au hasard, sur la table, débutant ainsi 4 lignes de cartes."
    state = new()
    assert len(state.rows) == 4 and all(len(row) == 1 for row in state.rows)
    assert all_cards(state) == Counter(DISTRIBUTION)
    assert {tuple(new(seed=s).rows) for s in range(8)} != {tuple(state.rows)}


@pytest.mark.parametrize(("players", "size"), [(2, 12), (3, 12), (4, 12), (5, 12), (6, 10)])
def test_each_player_is_dealt_twelve_cards_but_ten_at_six_players(players: int,
                                                                 size: int) -> None:
    # "Distribuez 12 cartes à chaque joueur (10 cartes seulement à 6 joueurs)."
    state = new(players)
    assert [len(hand) for hand in state.hands] == [size] * players


def test_each_player_keeps_his_cards_secret() -> None:
    # "Chaque joueur doit garder ses cartes secrètes."
    state = new()
    assert state.view(1)["hand"] == state.hands[1]
    assert state.view(0)["hand"] == state.hands[0]
    spectator = state.view(None)
    assert spectator["hand"] is None and spectator["hand_sizes"] == [12, 12, 12, 12]
    for seat in range(4):
        view = state.view(seat)
        assert "hands" not in view
        others = Counter(c for s, h in enumerate(state.hands) if s != seat for c in h)
        assert Counter(view["unseen"]) == others + Counter(state.set_aside)


def test_the_remaining_cards_are_set_aside_for_the_first_part() -> None:
    # "Les cartes restantes sont mises de côté. Elles ne serviront pas durant la première
    # partie du jeu."
    state = new(4)
    assert len(state.set_aside) == 64 - 4 - 48
    assert state.view(0)["set_aside"] == 12  # a count: nobody sees them
    before = list(state.set_aside)
    for _ in range(3):
        choose_all(state, [h[0] for h in state.hands])
        while state.step != "choose":
            seat = min(state.to_act())
            action = GAME.timeout_action(state, seat)
            assert action is not None
            state.apply(seat, action)
    assert state.set_aside == before


def test_the_first_player_holds_the_dictionary_drawn_at_random_by_default() -> None:
    # "Désignez le 'premier' joueur, et confiez-lui le dictionnaire."
    holders = {new(seed=s).holder for s in range(20)}
    assert holders == {0, 1, 2, 3}
    assert new(first_player=2).holder == 2
    with pytest.raises(ValueError):
        GAME.new({"first_player": 4}, 4, seed=1)


# -- PREMIÈRE PARTIE : ALPHABÉTIQUE -------------------------------------------------------------


def test_every_player_chooses_a_card_at_the_same_time() -> None:
    # "À chaque tour, tous les joueurs, simultanément, choisissent chacun une carte de leur
    # main."
    state = make_state()
    assert state.to_act() == {0, 1, 2, 3}
    state.apply(2, Choose("T"))
    assert state.to_act() == {0, 1, 3}
    state.apply(0, Choose("f"))  # lower case and accents are read as the letter
    assert state.to_act() == {1, 3}
    assert state.hands[0] == ["A", "E"]


def test_the_cards_are_revealed_once_every_player_has_chosen() -> None:
    # "Une fois que tous les joueurs ont fait leur choix, les cartes sont révélées."
    state = make_state()
    events = []
    for seat, card in enumerate("FST"):
        events += state.apply(seat, Choose(card))
        assert state.revealed is None and state.step == "choose"
    assert not [e for e in events if e.type == "reveal"]
    events = state.apply(3, Choose("V"))
    reveal = [e for e in events if e.type == "reveal"]
    assert len(reveal) == 1 and reveal[0].visible_to is None
    assert reveal[0].data["cards"] == ["F", "S", "T", "V"]
    assert state.view(None)["revealed"] == ["F", "S", "T", "V"]


def test_nobody_sees_another_player_s_choice_before_the_reveal() -> None:
    # Simultaneous choice: the view of any other seat (or a spectator) is the same whatever
    # seat 1 chose, and the choice's events are private.
    one, two = make_state(hands=("FAE", "SIE", "TOE", "VUE")), \
        make_state(hands=("FAE", "SIE", "TOE", "VUE"))
    events_one = one.apply(1, Choose("S"))
    two.apply(1, Choose("I"))
    for seat in (0, 2, 3, None):
        assert one.view(seat) == two.view(seat)
    assert one.view(1)["my_choice"] == "S" and two.view(1)["my_choice"] == "I"
    assert one.view(0)["chosen"] == [False, True, False, False]
    private = [e for e in events_one if e.data.get("card") == "S"]
    assert private and all(e.visible_to == frozenset({1}) for e in private)
    assert all(e.for_seat(None) is None for e in private)


def test_the_first_letter_in_alphabetical_order_is_placed_first() -> None:
    # "On regarde alors quelle est, parmi les lettres jouées, la première dans l'ordre
    # alphabétique. Le joueur qui l'avait jouée ajoute alors cette carte..."
    state = make_state(hands=("VUE", "TOE", "FAE", "SIE"))
    choose_all(state, "VTFS")
    assert state.queue == [2, 3, 1, 0]
    assert state.to_act() == {2}


def test_a_card_goes_at_the_left_or_the_right_end_of_one_of_the_four_rows() -> None:
    # "... ajoute alors cette carte à gauche ou à droite de l'une des quatre rangées de
    # lettres sur la table."
    state = make_state(referee="auto")
    choose_all(state, "FSTV")
    state.apply(0, Place(0, "left", "frontière"))
    assert state.rows[0] == "FRONT"
    state.apply(1, Place(1, "right", "élastique"))
    assert state.rows[1] == "ELAS"
    assert state.played[0].side == "left" and state.played[1].side == "right"


def test_the_announced_word_begins_with_the_row_once_the_card_is_added() -> None:
    # "Le joueur qui pose ainsi une carte doit annoncer un mot qui commence par les lettres
    # de cette rangée."
    state = make_state()
    choose_all(state, "FSTV")
    assert error_of(state, 0, Place(0, "left", "rond")) == "word_not_matching_row"
    assert error_of(state, 0, Place(0, "left", "fronde")) == "word_not_matching_row"
    state.apply(0, Place(0, "left", "Frontière"))
    assert state.pending is not None and state.pending.word == "Frontière"


def test_the_word_may_be_the_row_itself() -> None:
    state = make_state(referee="auto")
    choose_all(state, "FSTV")
    state.apply(0, Place(0, "left", "front"))
    assert state.rows[0] == "FRONT"


def test_then_the_player_whose_letter_follows_in_alphabetical_order_does_the_same() -> None:
    # "C'est ensuite au joueur dont la lettre suit dans l'ordre alphabétique de faire de même,
    # et ainsi de suite."
    state = make_state(referee="auto")
    choose_all(state, "FSTV")
    resolved = []
    while state.step == "place":
        seat = min(state.to_act())
        resolved.append(seat)
        state.apply(seat, Fail(state.longest_rows()[0]))
    assert resolved == [0, 1, 2, 3]


def test_equal_letters_resolve_in_seat_order_from_the_dictionary_holder_clockwise() -> None:
    # "Si deux joueurs ont joué la même lettre, c'est le premier dans l'ordre du tour, en
    # commençant par celui qui a le dictionnaire et en tournant en sens horaire, qui place sa
    # lettre d'abord."
    state = make_state(hands=("EA", "EA", "EA", "AO"), holder=2)
    choose_all(state, "EEEA")
    assert state.queue == [3, 2, 0, 1]


def test_a_new_round_starts_once_every_player_has_placed_his_card() -> None:
    # "Une fois que tous les joueurs ont placé leur carte, on entame le tour suivant, chacun
    # choisissant de nouveau une carte."
    state = make_state(referee="auto")
    choose_all(state, "FSTV")
    for seat, row, side, word in [(0, 0, "left", "front"), (1, 1, "right", "élastique"),
                                  (2, 1, "right", "élastique")]:
        state.apply(seat, Place(row, side, word))  # type: ignore[arg-type]
        assert state.step == "place"
    events = state.apply(3, Fail(2))
    assert state.step == "choose" and state.round == 2
    assert state.to_act() == {0, 1, 2, 3}
    assert [e.type for e in events][-1] == "round"


def test_the_order_of_a_round_is_fixed_at_the_reveal() -> None:
    # Interpretation: a failure moves the dictionary at once, but the ties of the round being
    # resolved keep the order fixed when the cards were revealed (option tie_order="reveal").
    hands = ("EA", "AO", "EA", "AO")
    state = make_state("KWZ/KWZ/J/H", hands=hands, holder=1, referee="auto")
    choose_all(state, "EAEA")
    assert state.queue == [1, 3, 2, 0]
    state.apply(1, Fail(0))  # the dictionary goes to seat 1: no change
    state.apply(3, Fail(1))  # the dictionary goes to seat 3: from 3, seat 0 would come first
    assert state.holder == 3
    assert state.queue == [2, 0]


def test_the_live_tie_order_follows_the_dictionary_within_the_round() -> None:
    hands = ("EA", "AO", "EA", "AO")
    state = make_state("KWZ/KWZ/J/H", hands=hands, holder=1, referee="auto", tie_order="live")
    choose_all(state, "EAEA")
    state.apply(1, Fail(0))
    state.apply(3, Fail(1))
    assert state.queue == [0, 2]


# -- JE NE PEUX PAS PLACER CETTE LETTRE ---------------------------------------------------------


def test_a_failure_discards_the_longest_row_and_the_card_starts_a_new_row_in_its_place() -> None:
    # "... vous retirez et défaussez toutes les cartes de la plus longue rangée et posez à leur
    # place votre carte, qui devient donc la première lettre d'une nouvelle rangée."
    state = make_state()
    choose_all(state, "FSTV")
    state.apply(0, Fail(2))
    assert state.rows == ["RONT", "ELA", "F", "PL"]
    assert state.discard == list("MAISON")


def test_among_rows_of_the_same_length_the_failing_player_chooses() -> None:
    # "Si plusieurs rangées sont de même longueur, vous choisissez."
    state = make_state("ROND/ELAS/MAIS/PL")
    choose_all(state, "FSTV")
    assert state.longest_rows() == [0, 1, 2]
    assert error_of(state, 0, Fail(3)) == "not_longest_row"
    state.apply(0, Fail(1))
    assert state.rows == ["ROND", "F", "MAIS", "PL"]


def test_a_failure_loses_one_point_per_card_of_the_discarded_row() -> None:
    # "Vous perdez autant de points que de cartes qu'il y avait de cartes dans la rangée ainsi
    # défaussée - les scores sont donc négatifs."
    state = make_state()
    choose_all(state, "FSTV")
    state.apply(0, Fail(2))
    assert state.lost[0] == 6 and state.scores() == [-6, 0, 0, 0]


def test_the_player_who_loses_points_takes_the_dictionary_and_places_first_on_ties() -> None:
    # "Lorsque vous marquez des points négatifs, vous prenez le dictionnaire ; c'est donc vous
    # qui placerez votre carte en premier si vous êtes plusieurs à choisir la même lettre."
    state = make_state(hands=("FAE", "SIE", "TOE", "VUE"), holder=0, referee="auto")
    choose_all(state, "FSTV")
    for seat in (0, 1, 2):
        state.apply(seat, Fail(state.longest_rows()[0]))
    state.apply(3, Fail(state.longest_rows()[0]))
    assert state.holder == 3
    choose_all(state, "EEEE")
    assert state.queue == [3, 0, 1, 2]


# -- CE MOT N'EXISTE PAS -----------------------------------------------------------------------


def test_the_other_players_vote_at_the_same_time_on_the_announced_word() -> None:
    state = make_state()
    choose_all(state, "FSTV")
    state.apply(0, Place(0, "left", "frontière"))
    assert state.step == "vote" and state.to_act() == {1, 2, 3}
    state.apply(2, Vote(True))
    assert state.to_act() == {1, 3}
    assert state.view(1)["voted"] == [False, False, True, False]
    assert state.view(1)["my_vote"] is None and state.view(2)["my_vote"] is True


def test_nobody_sees_another_player_s_vote_before_all_have_voted() -> None:
    one, two = make_state(), make_state()
    for state, doubt in ((one, True), (two, False)):
        choose_all(state, "FSTV")
        state.apply(0, Place(0, "left", "frontière"))
        state.apply(2, Vote(doubt))
    for seat in (0, 1, 3, None):
        assert one.view(seat) == two.view(seat)


def test_half_or_more_of_the_others_doubting_sends_the_word_to_the_dictionary() -> None:
    # "Si vous annoncez un mot, et la moitié ou plus des autres joueurs pense que ce mot
    # n'existe pas, alors le joueur épelle le mot, et le joueur qui a le dictionnaire y cherche
    # ce mot."
    state = make_state()
    choose_all(state, "FSTV")
    state.apply(0, Place(0, "left", "frontière"))
    events = vote_all(state, doubts=(1, 3))  # two of three
    votes = next(e for e in events if e.type == "votes")
    assert votes.data == {"seat": 0, "doubters": [1, 3], "challenged": True}
    assert any(e.type == "verdict" for e in events)


def test_fewer_than_half_doubting_lets_even_a_wrong_word_stand() -> None:
    state = make_state()
    choose_all(state, "FSTV")
    state.apply(0, Place(0, "left", "frontzzz"))
    events = vote_all(state, doubts=(2,))  # one of three
    assert not any(e.type == "verdict" for e in events)
    assert state.rows[0] == "FRONT" and state.scores() == [0, 0, 0, 0]
    assert state.to_act() == {1}


def test_with_two_players_the_single_other_player_s_doubt_is_half() -> None:
    state = make_state(hands=("FAE", "SIE"))
    choose_all(state, "FS")
    state.apply(0, Place(0, "left", "frontzzz"))
    state.apply(1, Vote(True))
    assert state.lost[0] == 6 + 2


def test_a_doubted_word_that_exists_scores_two_points() -> None:
    # "Si le mot existe, vous marquez 2 point (en positif, cette fois)."
    state = make_state()
    choose_all(state, "FSTV")
    state.apply(0, Place(0, "left", "frontière"))
    events = vote_all(state, doubts=(1, 2, 3))
    verdict = next(e for e in events if e.type == "verdict")
    assert verdict.data == {"seat": 0, "word": "frontière", "valid": True, "bonus": 2}
    assert state.scores() == [2, 0, 0, 0] and state.rows[0] == "FRONT"
    assert state.holder == 0 and state.to_act() == {1}


def test_a_doubted_word_that_does_not_exist_is_a_failure_and_costs_two_more() -> None:
    # "Si le mot n'existe pas, vous retirez les cartes de la plus longue rangée et les
    # remplacez par votre lettre. Continuez comme dans le paragraphe précédent. Vous perdez
    # alors 2 points négatifs supplémentaire pour avoir annoncé un mot incorrect."
    state = make_state(holder=1)
    choose_all(state, "FSTV")
    state.apply(0, Place(0, "left", "frontzzz"))
    events = vote_all(state, doubts=(1, 2))
    assert next(e for e in events if e.type == "verdict").data["valid"] is False
    fail = next(e for e in events if e.type == "fail")
    assert fail.data["discarded"] == "MAISON" and fail.data["points"] == 8
    assert fail.data["refused"] is True and fail.data["word"] == "frontzzz"
    assert state.rows == ["RONT", "ELA", "F", "PL"]  # the F was taken back from FRONT
    assert state.scores() == [-8, 0, 0, 0] and state.holder == 0


def test_a_refused_word_lets_its_player_choose_among_equally_long_rows() -> None:
    state = make_state("ROND/ELAS/MAIS/PL")
    choose_all(state, "FSTV")
    state.apply(0, Place(3, "right", "plfzz"))
    vote_all(state, doubts=(1, 2, 3))
    assert state.step == "discard" and state.to_act() == {0}
    assert state.rows[3] == "PL"  # the card was taken back
    assert error_of(state, 0, Place(3, "right", "plfzz")) == "wrong_action"
    assert error_of(state, 0, Fail(3)) == "not_longest_row"
    assert GAME.timeout_action(state, 0) == Fail(0)
    state.apply(0, Fail(2))
    assert state.rows == ["ROND", "ELAS", "F", "PL"] and state.lost[0] == 4 + 2


def test_the_automatic_referee_refuses_an_unknown_word_at_once() -> None:
    # RULINGS, "Automatic referee": the player tries again, or declares that he cannot.
    state = make_state(referee="auto")
    choose_all(state, "FSTV")
    assert error_of(state, 0, Place(0, "left", "frontzzz")) == "unknown_word"
    events = state.apply(0, Place(0, "left", "frontière"))
    assert [e.type for e in events] == ["place"]
    assert state.to_act() == {1} and state.scores() == [0, 0, 0, 0]


# -- QUELS MOTS SONT ACCEPTÉS ? -------------------------------------------------------------------


@pytest.mark.parametrize(("rows", "card", "word", "accepted"), [
    ("CHA/E/E/E", "T", "chats", True),  # plurals
    ("MAN/E/E/E", "G", "mangeons", True),  # conjugated verbs
    ("MARS/E/E/E", "E", "Marseille", False),  # proper nouns
    ("SN/E/E/E", "C", "SNCF", False),  # abbreviations
])
def test_plurals_and_conjugated_verbs_are_words_proper_nouns_and_abbreviations_are_not(
        rows: str, card: str, word: str, accepted: bool) -> None:
    # "n'accepter que les mots figurant en tant que tels dans le dictionnaire, refuser noms
    # propres et abréviations, et accepter pluriels et verbes conjugués."
    state = make_state(rows, hands=(card + "A", "ZE"), referee="auto")
    choose_all(state, [card, "Z"])
    assert (state.check(0, Place(0, "right", word)) is None) is accepted


def test_words_with_an_apostrophe_a_hyphen_or_a_space_are_refused() -> None:
    state = make_state("AUJOURD/E/E/E", hands=("HA", "ZE"))
    choose_all(state, "HZ")
    assert error_of(state, 0, Place(0, "right", "aujourd'hui")) == "bad_word"
    assert error_of(state, 0, Place(0, "right", "  ")) == "bad_word"


# -- SECONDE PARTIE : ANTI-ALPHABÉTIQUE -----------------------------------------------------------


def finish_part_one(state: TypoState) -> None:
    while state.part == 1 and not state.is_over():
        seat = min(state.to_act())
        action = GAME.timeout_action(state, seat)
        assert action is not None
        state.apply(seat, action)


def test_the_second_part_deals_again_every_card_but_those_of_the_four_rows() -> None:
    # "Quand toutes les cartes ont été jouées, elles sont mélangées de nouveau, à l'exception
    # des cartes des quatre rangées. On distribue de nouveau 12 cartes à chaque joueur (ou
    # moins s'il n'y a pas assez de cartes disponibles, chacun devant recevoir le même
    # nombre de cartes)."
    state = new(4, seed=5)
    finish_part_one(state)
    assert state.part == 2 and state.step == "choose"
    in_rows = sum(len(r) for r in state.rows)
    available = 64 - in_rows
    each = min(12, available // 4)
    assert [len(h) for h in state.hands] == [each] * 4
    assert len(state.set_aside) == available - 4 * each
    assert state.discard == []
    assert all_cards(state) == Counter(DISTRIBUTION)


@pytest.mark.parametrize(("players", "aside", "each"), [(2, 56, 12), (5, 50, 11), (6, 54, 10)])
def test_the_second_part_deals_equal_hands_of_twelve_at_most(players: int, aside: int,
                                                             each: int) -> None:
    # Every failure of the first part discarded one card: `aside` + `players` cards are dealt
    # again, equally, 12 at most each; the rest is set aside.
    state = make_state("A/E/I/O", hands=("B",) * players, referee="auto", set_aside="E" * aside)
    choose_all(state, "B" * players)
    while state.part == 1:
        state.apply(min(state.to_act()), Fail(state.longest_rows()[0]))
    assert [len(h) for h in state.hands] == [each] * players
    assert len(state.set_aside) == aside + players - each * players


def test_the_second_part_is_played_from_z_backwards() -> None:
    # "Cette seconde partie du jeu se déroule comme la première, mais les cartes sont placées
    # en sens anti-alphabétique, en commençant par Z."
    state = make_state(hands=("FAE", "SIE", "TOE", "VUE"), part=2)
    choose_all(state, "FSTV")
    assert state.queue == [3, 2, 1, 0]
    state = make_state(hands=("EA", "EA", "EA", "EA"), holder=1, part=2)
    choose_all(state, "AEAE")
    assert state.queue == [1, 3, 2, 0]


def test_the_game_ends_when_the_second_part_s_hands_are_empty() -> None:
    state = new(3, seed=8)
    finish_part_one(state)
    assert not state.is_over()
    while not state.is_over():
        seat = min(state.to_act())
        action = GAME.timeout_action(state, seat)
        assert action is not None
        events = state.apply(seat, action)
    assert all(not h for h in state.hands)
    assert events[-1].type == "game_over" and state.to_act() == frozenset()


def test_with_no_card_left_for_a_second_part_the_game_ends_after_the_first() -> None:
    state = make_state("A/E/I/O", hands=("S", "S"), referee="auto")
    choose_all(state, "SS")
    state.apply(0, Place(0, "right", "as"))
    state.apply(1, Place(1, "right", "es"))
    assert state.is_over()


# -- FIN DU JEU ---------------------------------------------------------------------------------


def test_the_player_who_lost_the_fewest_points_wins_and_ties_are_shared() -> None:
    # "Le joueur ayant perdu le moins de points est vainqueur."
    state = GAME.parse_position("A/E/I/O S/S/S lost=5,3,3", {"referee": "auto"})
    choose_all(state, "SSS")
    for seat, row, word in ((0, 0, "as"), (1, 1, "es"), (2, 3, "os")):
        state.apply(seat, Place(row, "right", word))
    assert state.is_over()
    assert state.scores() == [-5, -3, -3]
    assert state.winners() == [1, 2]


def test_challenge_bonuses_count_in_the_final_score() -> None:
    state = GAME.parse_position("A/E/I/O S/S lost=3,2")
    choose_all(state, "SS")
    state.apply(0, Place(0, "right", "as"))
    state.apply(1, Vote(True))
    state.apply(1, Place(1, "right", "es"))
    state.apply(0, Vote(False))
    assert state.scores() == [-1, -2] and state.winners() == [0]


# -- errors ---------------------------------------------------------------------------------------


def test_error_not_your_turn() -> None:
    state = make_state()
    choose_all(state, "FSTV")
    assert error_of(state, 1, Place(1, "right", "élastique")) == "not_your_turn"
    assert error_of(state, 7, Choose("E")) == "not_your_turn"
    state.apply(0, Place(0, "left", "frontière"))
    assert error_of(state, 0, Vote(False)) == "not_your_turn"  # not on one's own word


def test_error_card_not_in_hand() -> None:
    state = make_state()
    assert error_of(state, 0, Choose("S")) == "card_not_in_hand"
    assert error_of(state, 0, Choose("AB")) == "card_not_in_hand"
    assert error_of(state, 0, Choose("Q")) == "card_not_in_hand"


def test_error_already_chosen() -> None:
    state = make_state()
    state.apply(0, Choose("F"))
    assert error_of(state, 0, Choose("A")) == "already_chosen"


def test_error_already_voted() -> None:
    state = make_state()
    choose_all(state, "FSTV")
    state.apply(0, Place(0, "left", "frontière"))
    state.apply(1, Vote(False))
    assert error_of(state, 1, Vote(True)) == "already_voted"


def test_error_bad_row_and_bad_side() -> None:
    state = make_state()
    choose_all(state, "FSTV")
    assert error_of(state, 0, Place(4, "left", "frontière")) == "bad_row"
    assert error_of(state, 0, Place(-1, "left", "frontière")) == "bad_row"
    assert error_of(state, 0, Fail(9)) == "bad_row"
    assert error_of(state, 0, Place(0, "up", "frontière")) == "bad_side"  # type: ignore[arg-type]


def test_error_wrong_action_for_the_step() -> None:
    state = make_state()
    assert error_of(state, 0, Place(0, "left", "frontière")) == "wrong_action"
    assert error_of(state, 0, Vote(True)) == "wrong_action"
    choose_all(state, "FSTV")
    assert error_of(state, 0, Choose("A")) == "wrong_action"
    state.apply(0, Place(0, "left", "frontière"))
    assert error_of(state, 1, Place(1, "right", "élastique")) == "wrong_action"


def test_error_game_over() -> None:
    state = make_state("A/E/I/O", hands=("S", "S"), referee="auto")
    choose_all(state, "SS")
    state.apply(0, Place(0, "right", "as"))
    state.apply(1, Place(1, "right", "es"))
    assert error_of(state, 0, Choose("S")) == "game_over"


def test_error_messages_are_french() -> None:
    state = make_state()
    choose_all(state, "FSTV")
    error = state.check(0, Place(0, "left", "rond"))
    assert isinstance(error, RuleError)
    assert error.message == ("« rond » ne commence pas par FRONT, la rangée une fois votre "
                             "carte posée.")
    fail = state.check(0, Fail(0))
    assert isinstance(fail, RuleError)
    assert fail.message == "On défausse la plus longue rangée : la rangée 3 (6 cartes)."


def test_the_codec_reads_every_action_and_refuses_anything_else() -> None:
    for action in (Choose("E"), Place(2, "left", "élan"), Fail(1), Vote(True)):
        assert CODEC.decode(CODEC.encode(action)) == action
    with pytest.raises(RuleError) as info:
        CODEC.decode({"type": "place", "row": 1, "side": "haut", "word": "x"})
    assert info.value.code == "bad_action"


# -- time, views, serialization -------------------------------------------------------------------


def test_the_thinking_time_option_is_the_time_limit_of_every_seat_that_must_act() -> None:
    state = make_state()  # everybody chooses a card: 30 s each by default
    assert [GAME.time_limit(state, seat) for seat in range(4)] == [30.0] * 4
    choose_all(state, "FSTV")  # only the resolver (seat 0) must act now
    assert [GAME.time_limit(state, seat) for seat in range(4)] == [30.0, None, None, None]
    untimed = make_state(thinking_seconds=0)
    assert GAME.time_limit(untimed, 0) is None


def test_out_of_time_a_player_plays_his_first_card_renounces_or_does_not_doubt() -> None:
    state = make_state()
    assert GAME.timeout_action(state, 2) == Choose("E")
    choose_all(state, "FSTV")
    assert GAME.timeout_action(state, 0) == Fail(2)
    assert GAME.timeout_action(state, 1) is None
    state.apply(0, Place(0, "left", "frontière"))
    assert GAME.timeout_action(state, 1) == Vote(False)


def test_the_thinking_time_is_an_option_of_30_seconds_by_default() -> None:
    assert GAME.default_options().thinking_seconds == 30
    assert new().view(0)["options"]["thinking_seconds"] == 30


def test_legal_lists_cards_votes_and_discards_but_not_words() -> None:
    state = make_state()
    assert state.legal(0) == [Choose("A"), Choose("E"), Choose("F")]
    choose_all(state, "FSTV")
    assert state.legal(0) is None and state.legal(1) == []
    state.apply(0, Place(0, "left", "frontière"))
    assert state.legal(1) == [Vote(False), Vote(True)]


def test_preview_tells_the_row_and_whether_the_word_fits_it() -> None:
    state = make_state()
    choose_all(state, "FSTV")
    assert GAME.preview(state, 0, Place(0, "left", "frontzzz")) == \
        {"legal": True, "row": "FRONT", "word": "FRONTZZZ"}
    assert GAME.preview(state, 0, Place(0, "right", "x"))["error"] == "word_not_matching_row"
    assert GAME.preview(state, 1, Place(0, "right", "x"))["legal"] is False


def test_the_state_round_trips_through_json() -> None:
    state = new(5, seed=12)
    choose_all(state, [h[0] for h in state.hands])
    seat = min(state.to_act())
    action = GAME.timeout_action(state, seat)
    assert action is not None
    state.apply(seat, action)
    copy = TypoState.from_json(state.to_json())
    assert copy == state and copy.digest() == state.digest()
    assert copy.view(2) == state.view(2)
    assert state.clone().to_json() == state.to_json()
