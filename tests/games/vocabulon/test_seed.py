"""The rulebook's own examples (seed vocabulon.txt), one test each."""

from collections import Counter

from ludomots.games.vocabulon import board
from ludomots.games.vocabulon.actions import Answer, ChooseSecret, Move, Pick, Propose, Respond
from ludomots.games.vocabulon.groups import complete
from tests.games.refusals import error_of

from .helpers import at_turn, new, next_question, started, thrown, top_card

cell = board.cell
BLUE, YELLOW, RED = 0, 1, 2
L_INDEX, GH_INDEX, IJK_INDEX = (board.LABELS.index(g) for g in ("L", "GH", "IJK"))


def test_the_g_cards_and_the_h_cards_go_in_the_gh_compartment() -> None:
    # PRÉPARATIFS 3: "les cartes G et les cartes H dans le compartiment GH, etc."
    state = new()
    initials = Counter(state.deck.card("GH", i).initial for i in state.sabot["GH"])
    assert set(initials) == {"G", "H"} and sum(initials.values()) == 33


def test_in_front_of_the_l_the_card_is_drawn_from_the_l_compartment() -> None:
    # "exemple : le joueur est en face du L, on tire une carte dans le compartiment L"
    state = started()
    state = at_turn(state, 0, positions=[cell(BLUE, L_INDEX - 5), cell(RED, 0), cell(RED, 2)])
    card = top_card(state, "L")
    state = thrown(state, 5)
    state.apply(0, Move(cell(BLUE, L_INDEX)))
    assert state.riddle is not None and state.riddle.group == "L"
    assert state.view(1)["riddle"]["question"]["definition"] == card.question(5).definition


def test_on_the_gh_cell_chance_says_whether_the_word_begins_with_g_or_h() -> None:
    # "ex. : case GH, on tire la première carte dans le compartiment GH et c'est le hasard
    # qui indique si l'énigme sera sur un mot qui commence par G ou par H"
    seen = set()
    for seed in range(40):  # H asks about a fifth of the three-letter questions
        state = started(seed=seed)
        state = at_turn(state, 0, positions=[cell(BLUE, GH_INDEX - 3), cell(RED, 0), cell(RED, 2)])
        state = thrown(state, 3)
        state.apply(0, Move(cell(BLUE, GH_INDEX)))
        seen.add(state.view(0)["riddle"]["question"]["initial"])
    assert seen == {"G", "H"}


def test_the_ijk_card_counts_for_i_j_or_k_but_for_one_letter_only() -> None:
    # "ex. : il gagne IJK, il doit choisir entre I, J et K"
    state = started(("JOLIS", "MOINS", "CLAIR"))
    state = at_turn(state, 0, positions=[cell(BLUE, IJK_INDEX - 4), cell(RED, 0), cell(RED, 2)],
            held=[["NO", "L", "S", "IJK"], [], []])
    answer = next_question(state, "IJK", 4).answer
    state = thrown(state, 4)
    state.apply(0, Move(cell(BLUE, IJK_INDEX)))
    state.apply(0, Answer(answer))
    assert Counter(state.held[0])["IJK"] == 2  # one is the J, the other the I
    assert state.winners() == [0]
    assert not complete("JOLIS", ["NO", "L", "S", "IJK"])


def test_the_vocabulon_cells_lead_to_the_neighbouring_rings() -> None:
    # "Case VOCABULON de l'anneau bleu : le pion peut passer sur l'anneau jaune. Case
    # VOCABULON de l'anneau jaune : ... bleu ou ... rouge. Case VOCABULON de l'anneau rouge :
    # le pion peut passer sur l'anneau jaune."
    for ring, targets in ((BLUE, {YELLOW}), (YELLOW, {BLUE, RED}), (RED, {YELLOW})):
        for index in board.VOCABULON_INDEXES:
            hops = {board.ring_of(nxt) for nxt, hop in board.steps(cell(ring, index), False)
                    if hop}
            assert hops == targets


def test_there_are_only_three_cards_of_a_letter_to_win() -> None:
    # "empêcher un autre joueur de gagner cette carte-lettre (il n'y en a que 3 à gagner !)"
    state = started()
    state = at_turn(state, 1, positions=[cell(RED, 0), cell(BLUE, 2), cell(RED, 2)],
            held=[["M"], ["M", "M"], []])
    state = thrown(state, 4)
    state.apply(1, Move(cell(BLUE, 6)))
    assert state.step == "vocabulon"
    assert error_of(state, 1, Pick("M")) == "no_card_left"


def test_a_card_the_word_does_not_need_is_still_worth_winning_to_exchange_it() -> None:
    # "il choisit une autre case pour gagner quand même une carte-lettre qui pourra ensuite
    # servir à faire un échange de carte-lettre avec un autre joueur"
    state = started(("PORTE", "MOINS", "CLAIR"))
    state = at_turn(state, 0, positions=[cell(BLUE, 2), cell(RED, 0), cell(RED, 2)],
            held=[["M"], ["E"], []])
    state = thrown(state, 4)
    state.apply(0, Move(cell(BLUE, 6)))
    state.apply(0, Propose(1, "M", "E"))
    state.apply(1, Respond(True))
    assert state.held[:2] == [["E"], ["M"]]


def test_a_plural_is_a_secret_word_a_conjugated_verb_is_not() -> None:
    # LE GAGNANT: "un mot au pluriel est accepté ; les verbes conjugués ne le sont pas"
    state = new(2)
    assert error_of(state, 0, ChooseSecret("mange")) == "unknown_word"
    state.apply(0, ChooseSecret("chats"))
    assert state.secrets[0] == "chats"
