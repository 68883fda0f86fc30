"""Vocabulon rules: one test per rule sentence of the seed, then the rulings and error codes."""

from collections import Counter

import pytest

from ludomots.core.game import Event
from ludomots.games.vocabulon import board
from ludomots.games.vocabulon.actions import (
    CODEC,
    Answer,
    ChangeSecret,
    ChooseSecret,
    Move,
    Offer,
    Pick,
    Propose,
    Respond,
    Throw,
)
from ludomots.games.vocabulon.deck import CARDS_PER_COMPARTMENT
from ludomots.games.vocabulon.groups import GROUPS
from ludomots.games.vocabulon.rules import GAME, Exchange, VocabulonState
from tests.games.refusals import error_of

from .helpers import (
    at_turn,
    new,
    next_question,
    position,
    started,
    thrown,
    top_card,
    turn_to,
    types,
    with_seats,
)

BLUE, YELLOW, RED = 0, 1, 2
cell = board.cell
L_INDEX = board.LABELS.index("L")
GH_INDEX = board.LABELS.index("GH")
V1 = 6


def letter_cell(group: str, ring: int = BLUE) -> int:
    return cell(ring, board.LABELS.index(group))


def arrive(state: VocabulonState, seat: int, target: int,
           face: int) -> tuple[VocabulonState, list[Event]]:
    """Seat moves to ``target`` with die ``face`` from a cell that reaches it: the game after
    it, and the events."""
    state = thrown(at_turn(state, seat), face)
    assert target in state.reachable(), (target, state.reachable())
    return state, state.apply(seat, Move(target))


def start_from(state: VocabulonState, seat: int, start: int) -> VocabulonState:
    """The game with ``seat``'s pawn on ``start``, the others out of the way."""
    positions = list(state.positions)
    positions[seat] = start
    others = [c for c in (cell(RED, 1), cell(RED, 3), cell(RED, 12)) if c != start]
    for other in range(state.players):
        if other != seat:
            positions[other] = others.pop()
    return with_seats(state, positions=positions)


# -- MATÉRIEL et PRÉPARATIFS -----------------------------------------------------------------


def test_two_to_four_players() -> None:
    # "De 2 à 4 joueurs (ou équipes)"
    assert (GAME.min_players, GAME.max_players) == (2, 4)
    with pytest.raises(ValueError):
        GAME.new(None, 5, 1)


def test_sixteen_compartments_of_33_riddle_cards_shuffled() -> None:
    # "Placer dans chacun des seize compartiments du sabot les 33 cartes-énigme d'une même
    # catégorie" (528 in all); their order is random.
    state = new()
    assert list(state.sabot) == list(GROUPS)
    assert all(sorted(cards) == list(range(CARDS_PER_COMPARTMENT))
               for cards in state.sabot.values())
    assert sum(len(c) for c in state.sabot.values()) == 528
    assert new(seed=2).sabot != state.sabot


def test_every_pawn_starts_on_cell_a_of_the_blue_ring() -> None:
    # "Chaque joueur ... place [son pion] sur la case DÉPART (case A de l'anneau bleu)."
    assert new(4).positions == [board.START] * 4


def test_every_player_writes_a_secret_word_of_five_letters_hidden_from_the_others() -> None:
    # "Chaque joueur choisit un mot de 5 lettres ... Le papier est plié pour que les autres
    # joueurs ne puissent le voir."
    state = new()
    assert state.to_act() == {0, 1, 2}
    events = state.apply(1, ChooseSecret("moins"))
    assert state.to_act() == {0, 2}
    written = next(e for e in events if e.type == "secret_written")
    assert written.visible_to == frozenset({1})
    assert state.view(1)["secret"] == "moins"
    assert state.view(0)["secret"] is None and state.view(None)["secret"] is None
    assert state.view(0)["public_secrets"] == [None, None, None]
    assert state.view(0)["secret_lengths"] == [5, 5, 5]
    assert error_of(state, 0, ChooseSecret("chat")) == "wrong_length"


def test_a_stronger_player_may_take_a_word_one_letter_longer_and_a_child_one_shorter() -> None:
    # Remarques: handicap +1, or -1 "pour équilibrer le jeu" (option handicaps, per seat).
    state = new(3, handicaps=(1, 0, -1))
    assert state.lengths == [6, 5, 4]
    state.apply(0, ChooseSecret("maison"))
    state.apply(2, ChooseSecret("loup"))
    assert error_of(state, 1, ChooseSecret("maison")) == "wrong_length"
    with pytest.raises(ValueError):
        new(3, handicaps=(2, 0, 0))
    with pytest.raises(ValueError):
        new(3, handicaps=(1, 0))


def test_variant_six_or_seven_letter_secret_words() -> None:
    # "ils peuvent jouer pour un mot secret de 6 lettres ou bien 7 lettres."
    assert new(2, word_length=7).lengths == [7, 7]
    assert new(2, word_length=6, handicaps=(1, 0)).lengths == [7, 6]


def test_a_theme_is_announced_but_not_checked() -> None:
    # "les joueurs choisissent un thème pour le mot secret" — the engine does not judge it.
    state = new(2, theme="animaux")
    state.apply(0, ChooseSecret("table"))
    assert state.view(1)["options"]["theme"] == "animaux"


# -- DÉBUT DU JEU --------------------------------------------------------------------------


def test_the_highest_die_starts_ties_throw_again() -> None:
    # "Chaque joueur lance le dé. Celui qui a obtenu le plus gros chiffre commence."
    for seed in range(30):
        state = started(seed=seed)
        entry = next(h for h in state.history if h["type"] == "first_player")
        last = {int(s): f for s, f in entry["throws"][-1].items()}
        assert max(last, key=lambda s: last[s]) == state.first_player == state.current
        assert list(last.values()).count(max(last.values())) == 1
        for earlier in entry["throws"][:-1]:  # a tie at the top: the tied players throw again
            faces = list(earlier.values())
            assert faces.count(max(faces)) > 1
        assert state.step == "throw" and state.to_act() == {state.first_player}


def test_the_die_s_faces_are_three_to_eight() -> None:
    # RULINGS: faces 3-8, the question number is the word length.
    state = started()
    faces = set()
    for _ in range(200):
        state = at_turn(state, 0)
        state.apply(0, Throw())
        faces.add(state.face)
    assert faces == {3, 4, 5, 6, 7, 8}


def test_with_a_plain_die_the_word_has_two_letters_more_than_the_face() -> None:
    # Option die="1-6": moves 1-6, lengths 3-8.
    state = started(die="1-6")
    state = at_turn(state, 0, positions=[cell(BLUE, 0), cell(RED, 5), cell(RED, 9)])
    state = thrown(state, 1)
    assert set(state.reachable()) == {cell(BLUE, 1), cell(BLUE, 17)}
    state.apply(0, Move(cell(BLUE, 1)))
    assert state.riddle is not None and state.riddle.length == 3


def test_the_pawn_goes_exactly_the_die_s_count_and_the_engine_lists_the_cells() -> None:
    # "avance son pion du chiffre exact indiqué par le dé, en comptant tous les points du dé
    # sans reculer"
    state = started()
    state = at_turn(state, 0, positions=[cell(BLUE, 9), cell(RED, 0), cell(RED, 2)])
    state = thrown(state, 3)
    assert set(state.reachable()) == {cell(BLUE, 12), cell(BLUE, 6)}
    view = state.view(1)
    assert [r["cell"] for r in view["reachable"]] == sorted(state.reachable())
    assert view["reachable"][0]["paths"] == [[cell(BLUE, 9), cell(BLUE, 8), cell(BLUE, 7),
                                               cell(BLUE, 6)]]
    assert error_of(state, 0, Move(cell(BLUE, 10))) == "unreachable_cell"
    assert error_of(state, 0, Move(99)) == "bad_cell"


def test_a_pawn_cannot_stop_where_another_pawn_stands() -> None:
    # "on ne peut pas s'arrêter sur la même case qu'un autre joueur, mais on peut la dépasser."
    state = started()
    state = at_turn(state, 0, positions=[cell(BLUE, 9), cell(BLUE, 12), cell(BLUE, 10)])
    state = thrown(state, 3)
    assert error_of(state, 0, Move(cell(BLUE, 12))) == "cell_occupied"
    state = thrown(state, 4)
    assert cell(BLUE, 13) in state.reachable()  # passing both pawns


def test_on_his_first_throw_a_player_goes_clockwise_then_either_way() -> None:
    state = started()
    state = at_turn(state, state.current, moved=False)
    seat = state.current
    state = with_seats(state, positions=[board.START if s == seat else cell(RED, 9)
                                         for s in range(3)])
    state = thrown(state, 5)
    assert list(state.reachable()) == [cell(BLUE, 5)]
    state.apply(seat, Move(cell(BLUE, 5)))
    assert state.moved[seat]
    state = at_turn(state, seat, moved=True)
    state = thrown(state, 5)
    assert cell(BLUE, 0) in state.reachable()  # back counter-clockwise is allowed now


def rig_die(state: VocabulonState, seat: int, faces: set[int]) -> None:
    """Advance the game's random source until the seat's next throw shows one of ``faces``."""
    for _ in range(500):
        probe = state.clone()
        events = probe.apply(seat, Throw())
        if events[0].data["face"] in faces:
            return
        state.rng.next64()
    raise AssertionError("no such throw")


def throw_blocked(state: VocabulonState, seat: int) -> tuple[VocabulonState, list[Event]]:
    """The seat throws a 4 from the start while the other pawns hold the cells a 4 reaches:
    the game after it, and the events."""
    others = [s for s in range(3) if s != seat]
    positions = [board.START] * 3
    positions[others[0]] = cell(BLUE, 4)
    positions[others[1]] = cell(RED, 0)
    state = at_turn(state, seat, positions=positions, moved=False)
    rig_die(state, seat, {4})
    return state, state.apply(seat, Throw())


def test_the_second_throw_is_free_even_when_the_first_found_no_free_cell() -> None:
    # Seed: « lors du deuxième lancer de dé (et des suivants), chaque joueur peut avancer son
    # pion dans le sens des aiguilles d'une montre ou bien dans le sens contraire ».
    state = started()
    seat = state.current
    state, _ = throw_blocked(state, seat)  # his first throw: a 4, clockwise only, blocked
    assert state.positions[seat] == board.START and state.throws[seat] == 1
    state = turn_to(state, seat)
    rig_die(state, seat, {4})
    events = state.apply(seat, Throw())  # his second: either way
    assert types(events) == ["throw"] and state.step == "move"
    assert cell(BLUE, 14) in state.reachable()  # four cells counter-clockwise
    assert cell(BLUE, 4) not in state.reachable()  # still occupied


def test_with_rethrow_the_throw_after_a_blocked_first_one_is_free() -> None:
    state = started(blocked="rethrow")
    seat = state.current
    state, events = throw_blocked(state, seat)
    assert types(events) == ["throw", "blocked"]
    rig_die(state, seat, {4})
    state.apply(seat, Throw())
    assert state.step == "move" and cell(BLUE, 14) in state.reachable()


def test_a_player_blocked_everywhere_loses_his_throw() -> None:
    # Ruling (option blocked="pass"): no free cell at the die's count, the turn passes.
    state = started()
    seat = state.current
    state, events = throw_blocked(state, seat)
    assert types(events) == ["throw", "blocked", "turn"]
    assert state.current == (seat + 1) % 3 and state.positions[seat] == board.START


def test_with_rethrow_a_blocked_player_throws_again() -> None:
    state = started(blocked="rethrow")
    seat = state.current
    state, events = throw_blocked(state, seat)
    assert types(events) == ["throw", "blocked"]
    assert state.step == "throw" and state.current == seat


# -- ARRIVÉE SUR UNE CASE ORDINAIRE ---------------------------------------------------------


def test_the_player_to_the_right_draws_the_first_card_of_the_cell_s_compartment() -> None:
    # "Celui qui est à sa droite tire dans le sabot la première carte-énigme du compartiment
    # correspondant à la case où se trouve le joueur (exemple : ... en face du L, on tire une
    # carte dans le compartiment L)." Turns go clockwise (seat + 1): the right is seat - 1.
    state = started()
    state = start_from(state, 1, cell(BLUE, L_INDEX - 4))
    first = state.sabot["L"][0]
    state, events = arrive(state, 1, cell(BLUE, L_INDEX), 4)
    assert types(events) == ["move", "riddle"]
    assert state.riddle is not None
    assert (state.riddle.group, state.riddle.card) == ("L", first)
    assert state.riddle.reader == 0
    assert state.sabot["L"][0] != first and first not in state.sabot["L"]


def test_the_die_gives_the_length_and_the_question_with_four_clues() -> None:
    # "le chiffre du dé ... donne la longueur du mot et le numéro de la question"; the clues:
    # initial, number of letters, class, definition.
    state = started()
    state = start_from(state, 1, cell(BLUE, L_INDEX - 6))
    question = next_question(state, "L", 6)
    state, _ = arrive(state, 1, cell(BLUE, L_INDEX), 6)
    riddle = state.view(2)["riddle"]
    assert riddle["length"] == 6
    assert riddle["question"] == {"initial": question.initial, "length": 6,
                                  "class": question.cls, "class_title": riddle["question"][
                                      "class_title"], "definition": question.definition}
    assert question.initial == "L" and len(question.answer) >= 6


def test_the_right_answer_within_the_sand_glass_wins_the_letter_card() -> None:
    # "Le joueur devine le mot ... avant la fin de l'écoulement du sablier. Il gagne alors la
    # carte-lettre." Then the next player throws.
    state = started()
    state = start_from(state, 1, cell(BLUE, L_INDEX - 5))
    answer = next_question(state, "L", 5).answer
    state, _ = arrive(state, 1, cell(BLUE, L_INDEX), 5)
    assert state.to_act() == {1}
    assert GAME.time_limit(state, 1) == 60.0
    events = state.apply(1, Answer(answer.upper()))
    assert types(events) == ["answer", "solution", "turn"]
    assert state.held[1] == ["L"] and state.available()["L"] == 2
    assert state.current == 2 and state.step == "throw"


def test_answers_ignore_case_and_accents_but_letters_must_be_exact() -> None:
    # RULINGS: case and accents ignored; typing is spelling ("un adversaire peut lui demander
    # d'épeler le mot. Si le joueur se trompe, la carte-lettre est perdue.")
    state = started()
    state = start_from(state, 1, cell(BLUE, 1))
    card = top_card(state, "E")
    answer = card.question(3).answer
    state, _ = arrive(state, 1, cell(BLUE, 4), 3)
    wrong = answer[:-1] + ("Z" if answer[-1].upper() != "Z" else "Y")
    state.apply(1, Answer(wrong))
    assert state.held[1] == [] and state.step == "answer"
    from ludomots.lexicon.fold import fold

    state.apply(1, Answer(fold(answer).lower()))
    assert state.held[1] == ["E"]


def test_the_player_may_answer_again_until_the_sand_glass_runs_out() -> None:
    # "le joueur peut donner des réponses jusqu'à ce que le temps du sablier se soit écoulé"
    state = started()
    state = start_from(state, 1, cell(BLUE, 1))
    state, _ = arrive(state, 1, cell(BLUE, 4), 3)
    sand_glass = GAME.time_limit_key(state, 1)
    assert GAME.time_limit(state, 1) == 60.0 and sand_glass is not None
    for word in ("zzz", "yyy", "xxx"):
        state.apply(1, Answer(word))
        assert state.to_act() == {1} and state.step == "answer"
        assert GAME.time_limit_key(state, 1) == sand_glass  # the same sand-glass runs on
    assert state.riddle is not None and state.riddle.attempts == 3
    assert GAME.timeout_action(state, 1) == Answer("")


def test_the_number_of_answers_per_sand_glass_may_be_limited() -> None:
    state = started(answers=2)
    state = start_from(state, 1, cell(BLUE, 1))
    state, _ = arrive(state, 1, cell(BLUE, 4), 3)
    state.apply(1, Answer("zzz"))
    assert state.step == "answer"
    state.apply(1, Answer("yyy"))
    assert state.step == "others"


def test_after_a_miss_the_others_answer_in_table_order_and_the_first_right_one_wins() -> None:
    # "si l'un des autres joueurs connaît le mot, il gagne la carte-lettre. Chaque joueur
    # donne sa réponse dans l'ordre de la table."
    state = started(("PORTE", "MOINS", "CLAIR", "SALON"))
    state = start_from(state, 1, cell(BLUE, 1))
    answer = next_question(state, "E", 3).answer
    state, _ = arrive(state, 1, cell(BLUE, 4), 3)
    state.apply(1, Answer(""))  # "je ne sais pas" (the sand-glass ran out)
    assert state.step == "others" and state.to_act() == {2}
    assert GAME.time_limit(state, 2) == 20.0
    assert error_of(state, 3, Answer(answer)) == "not_your_turn"
    state.apply(2, Answer("zzz"))
    assert state.to_act() == {3}
    events = state.apply(3, Answer(answer))
    assert types(events) == ["answer", "solution", "turn"]
    assert state.held[3] == ["E"] and state.held[1] == []
    assert state.current == 2  # the turn passes from the player who moved


def test_if_nobody_knows_nobody_wins_and_the_card_goes_under_the_compartment() -> None:
    # "Si personne ne sait, personne ne gagne." "Une fois utilisée, la carte est replacée à
    # l'arrière du compartiment d'où elle a été tirée." He stays on his cell.
    state = started()
    state = start_from(state, 1, cell(BLUE, 1))
    first = state.sabot["E"][0]
    state, _ = arrive(state, 1, cell(BLUE, 4), 3)
    state.apply(1, Answer(""))
    state.apply(2, Answer(""))
    events = state.apply(0, Answer(""))
    solution = next(e for e in events if e.type == "solution")
    assert solution.data["winner"] is None and solution.data["answer"]
    assert state.sabot["E"][-1] == first and len(state.sabot["E"]) == 33
    assert state.held == [[], [], []] and state.positions[1] == cell(BLUE, 4)


def test_an_unfound_answer_may_stay_unrevealed() -> None:
    state = started(reveal_unfound=False)
    state = start_from(state, 1, cell(BLUE, 1))
    state, _ = arrive(state, 1, cell(BLUE, 4), 3)
    for seat in (1, 2, 0):
        events = state.apply(seat, Answer(""))
    assert next(e for e in events if e.type == "solution").data["answer"] is None


def test_a_multi_letter_cell_draws_from_its_compartment_and_chance_gives_the_initial() -> None:
    # "case GH, on tire la première carte dans le compartiment GH et c'est le hasard qui
    # indique si l'énigme sera sur un mot qui commence par G ou par H."
    state = started()
    initials = {state.deck.card("GH", i).initial for i in range(33)}
    assert initials == {"G", "H"}
    state = start_from(state, 1, cell(BLUE, GH_INDEX - 4))
    card = top_card(state, "GH")
    state, _ = arrive(state, 1, cell(BLUE, GH_INDEX), 4)
    # The question's own initial (issue 15: an H card short of four-letter H words may ask a
    # G word at that length).
    assert state.view(0)["riddle"]["question"]["initial"] == card.question(4).initial


def test_the_extra_clue_gives_the_second_or_the_last_letter_to_the_players_chosen() -> None:
    # "il est possible de donner un indice supplémentaire tel que la deuxième lettre du mot à
    # trouver, ou bien la dernière", to all players or some (option clues, per seat).
    state = started(clues=("aucun", "deuxieme", "derniere"))
    state = start_from(state, 1, cell(BLUE, 1))
    answer = next_question(state, "E", 3).answer
    state, _ = arrive(state, 1, cell(BLUE, 4), 3)
    from ludomots.lexicon.fold import fold

    assert state.view(0)["riddle"]["clue"] == {"kind": "deuxieme", "name": "deuxième lettre",
                                               "letter": fold(answer)[1]}
    state.apply(1, Answer(answer))
    state = at_turn(state, 0)
    state = start_from(state, 0, cell(BLUE, 1))
    state, _ = arrive(state, 0, cell(BLUE, 4), 3)
    assert state.view(0)["riddle"]["clue"] is None


def test_a_cell_whose_three_letter_cards_are_won_asks_no_riddle() -> None:
    # Ruling: nothing left to win there; the pawn may stop (to block) and the turn passes.
    state = started()
    state = start_from(state, 1, cell(BLUE, 1))
    state = with_seats(state, held=[["E", "E"], [], ["E"]])
    state, events = arrive(state, 1, cell(BLUE, 4), 3)
    assert types(events) == ["move", "no_card", "turn"]
    assert state.riddle is None and state.current == 2


# -- LES CHANGEMENTS D'ANNEAU ---------------------------------------------------------------


def test_a_pawn_changes_ring_through_vocabulon_cells() -> None:
    state = started()
    state = start_from(state, 1, cell(BLUE, 5))
    state = at_turn(state, 1)
    state = thrown(state, 3)  # F -> V1 blue -> V1 yellow -> GH yellow (or F yellow)
    assert {cell(YELLOW, GH_INDEX), cell(YELLOW, 5)} <= set(state.reachable())


# -- ARRIVÉE SUR UNE CASE VOCABULON ---------------------------------------------------------


def test_on_a_vocabulon_cell_the_player_chooses_any_available_letter_card() -> None:
    # "choisir n'importe quelle carte-lettre qu'il veut gagner, à condition qu'elle soit
    # disponible dans le sabot. Le joueur ... à sa droite tire alors une carte-énigme
    # correspondant à cette carte-lettre. Il pose la question qui correspond au chiffre du dé
    # qui a permis d'atteindre la case VOCABULON"
    state = started()
    state = start_from(state, 1, cell(BLUE, 2))
    state, events = arrive(state, 1, cell(BLUE, V1), 4)
    assert types(events) == ["move"] and state.step == "vocabulon"
    question = next_question(state, "VWXYZ", 4)
    state = with_seats(state, held=[["VWXYZ", "VWXYZ"], [], ["VWXYZ"]])
    assert error_of(state, 1, Pick("VWXYZ")) == "no_card_left"
    assert error_of(state, 1, Pick("W")) == "bad_group"
    state = with_seats(state, held=[[], [], []])
    events = state.apply(1, Pick("VWXYZ"))
    assert types(events) == ["riddle"]
    assert state.riddle is not None and state.riddle.length == 4
    assert state.riddle.via == "vocabulon" and state.riddle.reader == 0
    state.apply(1, Answer(question.answer))
    assert state.held[1] == ["VWXYZ"]


def test_an_exchange_may_be_proposed_and_accepted() -> None:
    # "échanger une carte-lettre avec un autre joueur : si un joueur a besoin d'une
    # carte-lettre qui appartient à un adversaire, il lui demande de l'échanger contre l'une
    # des siennes."
    state = started()
    state = start_from(state, 1, cell(BLUE, 2))
    state = with_seats(state, held=[["A", "B"], ["C"], ["D"]])
    state, _ = arrive(state, 1, cell(BLUE, V1), 4)
    events = state.apply(1, Propose(0, "C", "B"))
    assert types(events) == ["propose"] and state.to_act() == {0} and state.step == "respond"
    events = state.apply(0, Respond(True))
    assert types(events) == ["exchange", "turn"]
    assert Counter(state.held[0]) == Counter(["A", "C"]) and state.held[1] == ["B"]


def test_a_refused_exchange_leaves_only_the_choice_of_a_letter_card() -> None:
    # "Si l'adversaire refuse l'échange, le joueur n'a plus que l'autre possibilité."
    state = started()
    state = start_from(state, 1, cell(BLUE, 2))
    state = with_seats(state, held=[["A", "B"], ["C"], ["D"]])
    state, _ = arrive(state, 1, cell(BLUE, V1), 4)
    state.apply(1, Propose(0, "C", "B"))
    events = state.apply(0, Respond(False))
    assert types(events) == ["exchange"] and state.step == "pick" and state.to_act() == {1}
    assert error_of(state, 1, Propose(2, "C", "D")) == "exchange_refused"
    state.apply(1, Pick("M"))
    assert state.riddle is not None and state.riddle.group == "M"


def test_exchange_errors() -> None:
    state = started()
    state = start_from(state, 1, cell(BLUE, 2))
    state = with_seats(state, held=[["A", "B"], ["C"], []])
    state, _ = arrive(state, 1, cell(BLUE, V1), 4)
    assert error_of(state, 1, Propose(1, "C", "C")) == "bad_partner"
    assert error_of(state, 1, Propose(7, "C", "A")) == "bad_partner"
    assert error_of(state, 1, Propose(0, "D", "A")) == "card_not_held"
    assert error_of(state, 1, Propose(0, "C", "M")) == "card_not_held_by_partner"
    state = with_seats(state, held=[["A", "B", "C"], ["C"], []])
    assert error_of(state, 1, Propose(0, "C", "C")) == "same_card"
    assert error_of(state, 0, Respond(True)) == "not_your_turn"


# -- CHANGEMENT DE MOT SECRET --------------------------------------------------------------


def refuse_all(state: VocabulonState) -> list[Event]:
    """Every holder asked for the missing letter refuses, in table order."""
    events: list[Event] = []
    while state.step == "offer":
        events += state.apply(min(state.to_act()), Offer("", ""))
    return events


def test_a_word_that_can_no_longer_be_completed_is_revealed_and_replaced_by_a_longer_one() -> None:
    # "les 3 cartes-lettre ont déjà été gagnées et qu'aucun joueur ne veut lui échanger la
    # lettre manquante, ... il dévoile son mot pour en choisir un autre plus long de deux
    # lettres et qui sera connu de tous."
    state = started(("PORTE", "MOINS", "CLAIR"))
    state = at_turn(state, 0, held=[["PQ"], ["E", "E"], ["E"]])
    assert state.view(0)["blocked"] == ["E"]
    assert types(state.apply(0, ChangeSecret("partout"))) == ["change_request"]
    assert types(refuse_all(state)) == ["offer", "offer", "secret_changed"]
    assert state.secrets[0] == "partout" and state.lengths[0] == 7
    assert state.view(1)["public_secrets"][0] == "partout"
    assert state.view(2)["former_secrets"][0] == ["PORTE"]
    assert state.step == "throw" and state.current == 0  # he still throws this turn


def test_the_holders_of_the_missing_letter_are_asked_before_the_word_changes() -> None:
    # "qu'aucun joueur ne veut lui échanger la lettre manquante": each holder of an E card,
    # from the asker's left, may offer it for one of the asker's cards, or refuse.
    state = started(("PORTE", "MOINS", "CLAIR"))
    state = position("PORTE@bA+1*:E/MOINS@bA+1*:E,E/PORTE@bA+1*:PQ,R throw turn=1 current=2",
                     state)
    events = state.apply(2, ChangeSecret("partout"))
    assert [e.data for e in events] == [{"type": "change_request", "seat": 2, "groups": ["E"],
                                         "holders": [0, 1]}]
    assert state.step == "offer" and state.to_act() == {0} and state.secrets[2] == "PORTE"
    assert state.view(2)["request"] == {"seat": 2, "groups": ["E"], "queue": [0, 1],
                                        "word": "partout"}
    assert state.view(0)["request"] == {"seat": 2, "groups": ["E"], "queue": [0, 1]}
    assert "partout" not in str(state.view(1)) and "partout" not in str(events)
    assert state.legal(0) == [Offer("", ""), Offer("E", "PQ"), Offer("E", "R")]
    assert error_of(state, 0, Offer("E", "TU")) == "card_not_held_by_partner"
    assert error_of(state, 0, Offer("PQ", "R")) == "not_the_missing_letter"
    assert error_of(state, 1, Offer("", "")) == "not_your_turn"
    assert error_of(state, 0, Throw()) == "wrong_action"
    state.apply(0, Offer("", ""))
    assert state.to_act() == {1} and state.step == "offer"


def test_a_holder_willing_to_exchange_gives_the_missing_letter_and_the_word_stays() -> None:
    state = started(("PORTE", "MOINS", "CLAIR"))
    state = at_turn(state, 0, held=[["PQ", "R"], ["E", "E"], ["E"]])
    state.apply(0, ChangeSecret("partout"))
    events = state.apply(1, Offer("E", "R"))
    assert types(events) == ["offer"]
    assert state.step == "respond" and state.to_act() == {0}
    assert state.exchange == Exchange(1, 0, "E", "R", offer=True)
    state.apply(0, Respond(True))
    assert sorted(state.held[0]) == ["E", "PQ"] and sorted(state.held[1]) == ["E", "R"]
    assert state.secrets[0] == "PORTE" and state.former[0] == []
    assert state.step == "throw" and state.current == 0 and state.view(0)["change_asked"]


def test_an_offer_refused_by_the_asker_keeps_his_word_this_turn() -> None:
    # a player was willing to exchange: the word may not change (he may ask again next turn)
    state = started(("PORTE", "MOINS", "CLAIR"))
    state = at_turn(state, 0, held=[["PQ", "R"], ["E", "E"], ["E"]])
    state.apply(0, ChangeSecret("partout"))
    state.apply(1, Offer("E", "PQ"))
    state.apply(0, Respond(False))
    assert state.secrets[0] == "PORTE" and state.held[0] == ["PQ", "R"]
    assert state.step == "throw" and state.current == 0
    assert error_of(state, 0, ChangeSecret("partout")) == "already_asked"
    state.apply(0, Throw())


def test_a_player_without_any_letter_card_has_nothing_to_exchange_and_changes_at_once() -> None:
    state = started(("PORTE", "MOINS", "CLAIR"))
    state = at_turn(state, 0, held=[[], ["E", "E"], ["E"]])
    assert types(state.apply(0, ChangeSecret("partout"))) == ["secret_changed"]
    assert state.secrets[0] == "partout"


def test_a_word_still_possible_cannot_be_changed() -> None:
    state = started(("PORTE", "MOINS", "CLAIR"))
    state = at_turn(state, 0, held=[["PQ"], ["E", "E"], []])
    assert error_of(state, 0, ChangeSecret("partout")) == "word_still_possible"


def test_the_new_word_is_two_letters_longer_and_a_word_of_the_dictionary() -> None:
    state = started(("PORTE", "MOINS", "CLAIR"))
    state = at_turn(state, 0, held=[["PQ"], ["E", "E"], ["E"]])
    assert error_of(state, 0, ChangeSecret("partir")) == "wrong_length"
    assert error_of(state, 0, ChangeSecret("aimions")) == "unknown_word"  # conjugated


def test_a_new_word_that_would_win_at_once_is_refused() -> None:
    # "On ne peut choisir un mot qui serait aussitôt gagnant"
    state = started(("PORTE", "MOINS", "CLAIR"))
    state = at_turn(state, 0, held=[["PQ", "A", "R", "TU", "NO", "TU", "TU"], ["E", "E"], ["E"]])
    assert error_of(state, 0, ChangeSecret("partout")) == "immediately_winning"
    state.apply(0, ChangeSecret("portail"))  # still needs IJK and L
    refuse_all(state)
    assert state.secrets[0] == "portail"


def test_changing_the_word_may_cost_the_turn() -> None:
    state = started(("PORTE", "MOINS", "CLAIR"), change_ends_turn=True)
    state = at_turn(state, 0, held=[["PQ"], ["E", "E"], ["E"]])
    state.apply(0, ChangeSecret("partout"))
    events = refuse_all(state)
    assert types(events) == ["offer", "offer", "secret_changed", "turn"] and state.current == 1


# -- LE GAGNANT ----------------------------------------------------------------------------


def test_the_first_player_with_every_letter_card_of_his_word_wins() -> None:
    # "Le gagnant est le premier joueur qui a toutes les cartes-lettre de son mot secret."
    state = started(("PORTE", "MOINS", "CLAIR"))
    state = at_turn(state, 0, held=[["PQ", "NO", "R", "TU"], [], []])
    state = start_from(state, 0, cell(BLUE, 1))
    answer = next_question(state, "E", 3).answer
    state, _ = arrive(state, 0, cell(BLUE, 4), 3)
    events = state.apply(0, Answer(answer))
    assert types(events) == ["answer", "solution", "game_over"]
    assert state.is_over() and state.winners() == [0]
    assert state.scores() == [5, 0, 0]
    assert state.view(1)["public_secrets"] == ["PORTE", "MOINS", "CLAIR"]  # papers shown
    assert error_of(state, 1, Throw()) == "game_over"


def test_a_player_may_win_with_a_card_won_on_another_s_riddle() -> None:
    state = started(("PORTE", "MOINS", "CLAIR"))
    state = at_turn(state, 1, held=[["PQ", "NO", "R", "TU"], [], []])
    state = start_from(state, 1, cell(BLUE, 1))
    answer = next_question(state, "E", 3).answer
    state, _ = arrive(state, 1, cell(BLUE, 4), 3)
    state.apply(1, Answer(""))
    state.apply(2, Answer(""))
    state.apply(0, Answer(answer))
    assert state.winners() == [0]


def test_an_exchange_completing_two_words_is_a_shared_win() -> None:
    # RULINGS: ties at the end are shared wins.
    state = started(("PORTE", "MOINS", "CLAIR"))
    state = with_seats(state, held=[["PQ", "NO", "R", "TU", "M"],
                                    ["NO", "IJK", "NO", "S", "E"], []])
    state = start_from(state, 0, cell(BLUE, 2))
    state, _ = arrive(state, 0, cell(BLUE, V1), 4)
    state.apply(0, Propose(1, "M", "E"))
    events = state.apply(1, Respond(True))
    assert types(events) == ["exchange", "game_over"]
    assert state.winners() == [0, 1]


def test_the_game_stops_without_a_winner_after_the_round_limit() -> None:
    state = started(max_rounds=1)
    for _ in range(3):
        state = at_turn(state, state.current)
        seat = state.current
        state.apply(seat, Throw())
        if state.step == "move":
            state.apply(seat, Move(next(iter(state.reachable()))))
        while state.step in ("answer", "others", "vocabulon", "pick"):
            acting = min(state.to_act())
            state.apply(acting, Pick("M") if state.step in ("vocabulon", "pick") else Answer(""))
    assert state.is_over() and state.winners() == []
    assert state.history[-1]["reason"] == "rounds"


# -- errors, codec, timeouts, preview ------------------------------------------------------


def test_acting_out_of_turn_or_with_the_wrong_action() -> None:
    state = started()
    seat = state.current
    other = (seat + 1) % 3
    assert error_of(state, other, Throw()) == "not_your_turn"
    assert error_of(state, seat, Move(3)) == "wrong_action"
    assert error_of(state, seat, Answer("x")) == "wrong_action"
    assert error_of(state, 9, Throw()) == "not_your_turn"
    fresh = new()
    fresh.apply(0, ChooseSecret("porte"))
    assert error_of(fresh, 0, ChooseSecret("moins")) == "already_chosen"
    assert error_of(fresh, 1, Throw()) == "wrong_action"


def test_actions_round_trip_through_the_codec() -> None:
    for action in (ChooseSecret("porte"), ChangeSecret("partout"), Throw(), Move(12),
                   Pick("GH"), Propose(2, "A", "B"), Respond(False), Answer("")):
        assert CODEC.decode(CODEC.encode(action)) == action


def test_timeout_actions_are_legal_at_every_step() -> None:
    state = new()
    # The most frequent five-letter headword: AVOIR since its infinitive is one (issue 17).
    assert GAME.timeout_action(state, 0) == ChooseSecret("AVOIR")
    state = started()
    seat = state.current
    assert GAME.timeout_action(state, seat) == Throw()
    assert GAME.time_limit(state, seat) is None
    state.apply(seat, Throw())
    while state.step == "throw":
        state.apply(seat, Throw())
    action = GAME.timeout_action(state, seat)
    assert isinstance(action, Move) and state.check(seat, action) is None


def test_a_timeout_on_a_vocabulon_cell_with_no_card_left_proposes_no_exchange() -> None:
    # Every letter card won: on a VOCABULON cell only an exchange is left, and the clock does
    # not propose one on the player's behalf (None: a bot plays the turn, as the table does
    # for any move the clock cannot make). It raised StopIteration.
    state = started()
    state = start_from(state, 1, cell(BLUE, 2))
    state, _ = arrive(state, 1, cell(BLUE, V1), 4)
    everything = [g for g in GROUPS for _ in range(3)]
    state = with_seats(state, held=[everything[0::3], everything[1::3], everything[2::3]])
    assert state.step == "vocabulon" and not any(state.available().values())
    assert state.exchanges(1)
    assert GAME.timeout_action(state, 1) is None


def test_preview_shows_a_cell_s_paths_and_the_riddle_length_never_an_answer() -> None:
    state = started()
    state = at_turn(state, 0, positions=[cell(BLUE, 9), cell(RED, 0), cell(RED, 2)])
    state = thrown(state, 3)
    preview = GAME.preview(state, 0, Move(cell(BLUE, 12)))
    assert preview is not None and preview["legal"] and preview["group"] == "PQ"
    assert preview["paths"] == [[cell(BLUE, 9), cell(BLUE, 10), cell(BLUE, 11),
                                 cell(BLUE, 12)]]
    assert preview["length"] == 3 and preview["riddle"]
    bad = GAME.preview(state, 0, Move(cell(BLUE, 10)))
    assert bad is not None and not bad["legal"] and bad["error"] == "unreachable_cell"
    assert GAME.preview(state, 0, Answer("x")) is None


def test_state_round_trips_through_json_and_clone() -> None:
    state = started()
    seat = state.current
    state.apply(seat, Throw())
    assert VocabulonState.from_json(state.to_json()) == state
    assert state.clone() == state
