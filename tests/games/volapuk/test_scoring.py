"""Scoring, as the seed counts it: its worked examples first (RULINGS: they are tests)."""

import pytest

from ludomots.core.errors import RuleError
from ludomots.games.volapuk.actions import VolapukOptions
from ludomots.games.volapuk.scoring import Board, Outcome, Tile, elue_sounds, evaluate
from ludomots.lexicon.lexicon import get_lexicon

from .helpers import board_with, cell, faces_of_word

CORE = VolapukOptions()
LEXICON = get_lexicon()
ORTHOGONAL = VolapukOptions(adjacency="orthogonal")


def lay(board: Board, start: str, direction: str, faces: str, elue: str = "Z",
        options: VolapukOptions = CORE, letters: dict[int, str] | None = None,
        abbreviations: bool = False) -> Outcome:
    tiles = [Tile(f, "vert01", (letters or {}).get(i, ""))
             for i, f in enumerate(faces_of_word(faces))]
    if abbreviations:  # seed 3's end-game allowance
        return evaluate(board, cell(start), direction, tiles, elue, options,
                        abbreviations=True, lexicon=LEXICON)
    return evaluate(board, cell(start), direction, tiles, elue, options, lexicon=LEXICON)


# -- the seed's worked examples -------------------------------------------------------------

def test_etcaetera_scores_8_simple_24_elue_plus_3_for_the_space_cell() -> None:
    """Seed 4: "E T _ C Æ T E R A ... Jeu simple = 8 points, et en lettre "Élue" = 24 points
    plus 3 points de Bonus de la case espace dans les 2 cas"."""
    simple = lay({}, "H4", "E", "ET_CÆTERA", elue="Z")
    assert [w.text for w in simple.words] == ["ET CÆTERA"]
    assert (simple.words[0].base, simple.words[0].space, simple.total) == (8, 3, 11)
    trump = lay({}, "H4", "E", "ET_CÆTERA", elue="E")
    assert (trump.words[0].base, trump.words[0].space, trump.total) == (24, 3, 27)


def test_arc_en_ciel_scores_9_its_hyphens_nothing() -> None:
    """Seed 2b: "Le tiret ... ne compte pour aucun point, exemple : ARC-EN-CIEL = 9 points"."""
    outcome = lay({}, "H3", "E", "ARC-EN-CIEL")
    assert outcome.words[0].text == "ARC-EN-CIEL"
    assert outcome.total == 9


def test_arc_en_ciel_cannot_be_laid_without_its_hyphens() -> None:
    """RULINGS: hyphens are required where the dictionary spells them."""
    with pytest.raises(RuleError) as refused:
        lay({}, "H3", "E", "ARCENCIEL")
    assert refused.value.code == "unknown_word"


def test_se_pourrir_scores_9_and_its_space_cell_nothing() -> None:
    """Seed 4a: "SE POURRIR ... dans ce cas la case espace ne compte pour aucun point, soit 9
    points de lettres"."""
    outcome = lay({}, "H3", "E", "SE_POURRIR")
    assert outcome.words[0].text == "SE POURRIR"
    assert (outcome.words[0].space, outcome.total) == (0, 9)


def test_s_exonder_scores_8_simple() -> None:
    """Seed 2a: "S'exonder ou s'altérer = 8 points en jeu simple"."""
    assert lay({}, "H3", "E", "S'EXONDER").total == 8
    assert lay({}, "H3", "E", "S'ALTÉRER").total == 8


def test_s_exonder_in_elue_s_scores_24_not_the_seeds_40() -> None:
    """Seed 2a: "... et 40 en lettre "Élue" S": RULINGS notes that 40 matches no stated rule;
    3 per letter die gives 24 (docs/rules/volapuk.md)."""
    assert lay({}, "H3", "E", "S'EXONDER", elue="S").total == 24


def test_s_exonder_needs_its_apostrophe() -> None:
    """Seed 2a: "S'ALTÉRER et S'EXONDER ne peuvent être placés s'ils ne comportent pas
    l'apostrophe"."""
    with pytest.raises(RuleError) as refused:
        lay({}, "H3", "E", "SEXONDER")
    assert refused.value.code == "unknown_word"


def test_adding_s_apostrophe_to_exonder_scores_8_for_the_whole_word() -> None:
    """Seed 2a: "Supposons qu'en lettre "Élue" A ou E, des joueurs aient gagné 35 points, si
    d'autres joueurs rajoutent le " S ", ils ne gagneraient que 8 points pour le mot
    complet" (RULINGS: an extension scores 1 per letter of the whole word): the whole word,
    which no longer begins with the Élue, 1 a letter."""
    board = board_with(("H5", "E", "EXONDER"))
    for elue in ("E", "A"):
        outcome = lay(board, "H3", "E", "S'", elue=elue)
        assert [w.text for w in outcome.words] == ["S'EXONDER"]
        assert outcome.total == 8


def test_port_in_elue_p_scores_12_forte_free_5() -> None:
    """Seed: "mot déposé = PORT chaque lettre vaut 3 points, soit : 4 × 3 = 12 points ...
    FORTE chaque lettre ne vaut qu'un point soit : 5 × 1 = 5 points"."""
    assert lay({}, "H6", "E", "PORT", elue="P").total == 12
    assert lay({}, "H6", "E", "FORTE", elue="P").total == 5


def test_porte_made_from_port_scores_1_a_letter() -> None:
    """Seed: "lorsqu'un mot déposé en lettre "Élue" est recomposé par un joueur (exemple :
    PORTE), les lettres comptées valent 1 point"."""
    board = board_with(("H6", "E", "PORT"))
    assert lay(board, "H10", "E", "E", elue="P").total == 5


# -- bonuses --------------------------------------------------------------------------------

def test_a_diagonal_word_scores_5_more_a_letter() -> None:
    """Seed A4: "Tout mot constitué en diagonale descendante ou ascendante compte 5 points en
    plus par lettre (voir Orteil ...)"."""
    down = lay({}, "E5", "SE", "ORTEIL")
    assert (down.words[0].diagonal, down.total) == (30, 36)
    up = lay({}, "J5", "NE", "ORTEIL")
    assert up.total == 36


def test_a_reversed_word_scores_5_a_letter_and_10_in_place_of_its_letters() -> None:
    """Seed A5: "Tout mot constitué en lecture inversée, fait gagner 5 points par lettre + 10
    points de Bonus en jeu simple, comme en lettre "Élue"": 5 a letter instead of 1 or 3,
    the same in the Élue (PITRE: 35 either way); option `reversed_letters="add"` adds them
    to the letter points instead."""
    outcome = lay({}, "H10", "O", "PITRE")
    assert (outcome.words[0].base, outcome.words[0].reversed, outcome.total) == (0, 35, 35)
    assert lay({}, "H10", "O", "PITRE", elue="P").total == 35
    added = VolapukOptions(reversed_letters="add")
    assert lay({}, "H10", "O", "PITRE", options=added).total == 5 + 35
    assert lay({}, "H10", "O", "PITRE", elue="P", options=added).total == 15 + 35


def test_a_reversed_diagonal_word_has_both_bonuses() -> None:
    """Seed A4 (diagonal, 5 more a letter) and A5 (reversed, 5 a letter + 10): PELLE read
    upwards to the left."""
    outcome = lay({}, "J10", "NO", "PELLE")
    assert outcome.total == 25 + 25 + 10


def test_volapuk_seven_dice_in_one_word_gain_50_even_when_they_touch_other_words() -> None:
    """Seed 8: "Si le joueur dépose en 1 seul mot, ses 7 lettres "attachées" à un mot déjà
    posé ... 50 points de récompense": CHAPITRE through an E also makes LA with an L above
    its A; the seven dice are still in one word: +50."""
    board = board_with(("H8", "E", "E"), ("G3", "E", "L"))
    outcome = lay(board, "H1", "E", "CHAPITR", options=ORTHOGONAL)
    assert [w.text for w in outcome.words] == ["CHAPITRE", "LA"]
    assert (outcome.volapuk, outcome.total) == (50, 8 + 2 + 50)


def test_volapuk_seven_dice_in_one_word_attached_gain_50() -> None:
    """Seed 8: "Si le joueur dépose en 1 seul mot, ses 7 lettres "attachées" à un mot déjà posé
    ... il fait VOLAPÛK et gagne en plus de ses points de lettres, 50 points"."""
    board = board_with(("H8", "E", "E"))
    outcome = lay(board, "H1", "E", "CHAPITR", elue="Z")  # CHAPITRE through the E
    assert outcome.words[0].text == "CHAPITRE"
    assert (outcome.volapuk, outcome.total) == (50, 8 + 50)


def test_seven_dice_without_a_word_on_the_board_are_no_volapuk() -> None:
    assert lay({}, "H3", "E", "CHAPITRE").volapuk == 0


def test_a_meaningless_assemblage_of_two_letters_costs_10() -> None:
    """Seed C5: "Tout assemblage de 2 lettres ne signifiant rien, fait perdre 10 points"."""
    board = board_with(("H6", "E", "PORT"), ("I8", "E", "X"))
    outcome = lay(board, "I7", "S", "U", options=VolapukOptions(adjacency="orthogonal"))
    # OU is the word; U beside X reads UX or XU: nothing.
    assert [m["text"] for m in outcome.meaningless] == ["UX"]
    assert outcome.total == outcome.words[0].total - 10


def test_a_collateral_word_counts_too() -> None:
    """Seed A3: "si celui-ci génère un mot collatéral nouveau, il sera pris en compte"."""
    board = board_with(("H6", "E", "PORT"), ("I8", "E", "S"))
    outcome = lay(board, "G7", "S", "D", options=VolapukOptions(adjacency="orthogonal"))
    assert [w.text for w in outcome.words] == ["DO"]
    outcome = lay(board, "I7", "S", "U", options=VolapukOptions(adjacency="orthogonal"))
    assert [(w.text, w.collateral) for w in outcome.words] == [("OU", False), ("US", True)]


def test_letters_touching_at_a_corner_are_no_assemblage_by_default() -> None:
    """Seed: words combine "horizontalement ou verticalement avec les lettres des mots déjà
    formés"; rule 9: "2 lettres ne signifiant rien, se trouvent accolées": side by side.
    TU laid down from PORT's T: its U touches the R only at a corner, which makes nothing.
    With `adjacency="all"` corner contacts are runs too: RU is then a diagonal collateral
    word, 2 + 10."""
    board = board_with(("H6", "E", "PORT"))
    outcome = lay(board, "I9", "S", "U")
    assert [(w.text, w.total) for w in outcome.words] == [("TU", 2)]
    outcome = lay(board, "I9", "S", "U", options=VolapukOptions(adjacency="all"))
    assert [(w.text, w.total) for w in outcome.words] == [("TU", 2), ("RU", 12)]


def test_the_collateral_words_of_a_diagonal_word_have_the_diagonal_bonus() -> None:
    """Seed A4: "Tout mot constitué en diagonale ... compte 5 points en plus par lettre ...
    ainsi que les mots conjoints éventuels (voir MEAT, page 9, 5° tour 6° joueur)", the very
    move A3 cites for a new collateral word: DOT laid up the diagonal to PORT's T puts its O
    under the R: OR, read upwards, is its conjoint word: 2 + 5 × 2."""
    board = board_with(("H6", "E", "PORT"))
    outcome = lay(board, "J7", "NE", "DO")
    assert [(w.text, w.diagonal, w.total) for w in outcome.words] == [
        ("DOT", 15, 18), ("OR", 10, 12)]
    assert outcome.total == 30


def test_a_collateral_word_read_backwards_has_no_reversed_bonus() -> None:
    """Seed A5: the reversed bonus is for "Tout mot constitué en lecture inversée", the word
    the player writes reversed, not for a contact that happens to read backwards: TU laid
    down under PORT's T puts its U before an L: UL reads LU backwards, a word worth 2."""
    board = board_with(("H6", "E", "PORT"), ("I10", "E", "L"))
    outcome = lay(board, "I9", "S", "U", options=ORTHOGONAL)
    assert [(w.text, w.reversed, w.total) for w in outcome.words] == [
        ("TU", 0, 2), ("LU", 0, 2)]
    assert outcome.total == 4


def test_a_new_word_through_a_word_of_the_board_counts_at_the_elue_rate() -> None:
    """Seed: "lorsqu'un mot déposé en lettre Élue est recomposé par un joueur (exemple :
    PORTE), les lettres comptées valent 1 point. Si le mot devient (exemple : PARTI), il est
    compté 3 points par lettre": PARTI laid through ART, a new word beginning with the Élue
    P, counts 3 a letter; PORTE, PORT prolonged, 1 a letter."""
    board = board_with(("H7", "E", "ART"))
    outcome = lay(board, "H6", "E", "PI", elue="P")
    assert [(w.text, w.extension, w.base) for w in outcome.words] == [("PARTI", False, 15)]
    assert outcome.total == 15
    assert lay(board_with(("H6", "E", "PORT")), "H10", "E", "E", elue="P").total == 5


def test_a_contact_reading_a_unit_symbol_costs_10() -> None:
    """Seed 3: symbols are admitted only "pour les fins de parties"; C5: "Tout assemblage de
    2 lettres ne signifiant rien, fait perdre 10 points". TE laid down from PORT's T puts its
    E before an F: EF (the exafarad, EF) is no word during play, nor FE: −10."""
    board = board_with(("H6", "E", "PORT"), ("I10", "E", "F"))
    outcome = lay(board, "I9", "S", "E", options=ORTHOGONAL)
    assert [w.text for w in outcome.words] == ["TE"]
    assert [m["text"] for m in outcome.meaningless] == ["EF"]
    assert outcome.total == 2 - 10


def test_signs_score_nothing_and_abbreviations_with_points_are_words() -> None:
    """Seed 2c: "Le point : il ne sert qu'à l'abrégé d'un mot, exemple : ETC., EX., N.B.,
    P.-S. ne comptent pour aucun point" (the points; their letters count). Abbreviations are
    words "pour les fins de parties" (seed 3: option `end_abbreviations`, end phase)."""
    assert lay({}, "H5", "E", "ETC.", abbreviations=True).total == 3
    assert lay({}, "H5", "E", "N.B.", abbreviations=True).total == 2
    with pytest.raises(RuleError) as refused:
        lay({}, "H5", "E", "ETC.")
    assert refused.value.code == "unknown_word"


# -- refusals -------------------------------------------------------------------------------

def test_a_word_after_the_first_must_go_through_a_letter_on_the_board() -> None:
    board = board_with(("H6", "E", "PORT"))
    with pytest.raises(RuleError) as refused:
        lay(board, "C3", "E", "OS")
    assert refused.value.code == "not_connected"


def test_cedilla_cannot_be_replaced_by_c() -> None:
    """Seed 1: "La lettre Ç ne vaut qu'1 point comme la lettre C qui ne peut la remplacer"."""
    with pytest.raises(RuleError) as refused:
        lay({}, "H3", "E", "FACADE")
    assert refused.value.code == "spelling"
    assert lay({}, "H3", "E", "FAÇADE").total == 6


def test_an_accented_die_only_where_the_dictionary_has_that_accent() -> None:
    with pytest.raises(RuleError) as refused:
        lay({}, "H3", "E", "ÈMUE")
    assert refused.value.code == "spelling"
    assert lay({}, "H3", "E", "ÉMUE").total == 4
    assert lay({}, "H3", "E", "EMUE").total == 4


def test_accent_signs_are_not_laid_as_letters() -> None:
    with pytest.raises(RuleError) as refused:
        lay({}, "H3", "E", "^")
    assert refused.value.code == "accent_sign"


def test_a_word_must_stay_on_the_disc() -> None:
    with pytest.raises(RuleError) as refused:
        evaluate({}, (0, 0), "E", [Tile("O", "rose"), Tile("S", "orange")], "Z", CORE,
                 lexicon=LEXICON)
    assert refused.value.code == "off_board"
    with pytest.raises(RuleError) as refused:
        lay({}, "A6", "E", "PORTES")
    assert refused.value.code == "off_board"


# -- plus-values ------------------------------------------------------------------------------

def test_multi_letter_dice_values_option() -> None:
    """Seed 1: "les lettres doubles valent 3 points, les triples valent 5 points et les
    lettres Æ et Œ 10 points. La lettre Ç ne vaut qu'1 point"."""
    options = VolapukOptions(multi_letter_values=True)
    assert lay({}, "H3", "E", "[CH]AT", options=options).total == 3 + 1 + 1
    assert lay({}, "H3", "E", "[SCH]U[SS]", options=options).total == 5 + 1 + 3
    assert lay({}, "H3", "E", "ŒUF", options=options).total == 12
    assert lay({}, "H3", "E", "FAÇADE", options=options).total == 6
    assert lay({}, "H3", "E", "[CH]AT").total == 3


def test_graphemes_hache_pharmacie_hyphe_hier() -> None:
    """Seed 5: "lettre Élue = A mot admis = Hache; lettre Élue = F mot admis = Pharmacie;
    lettre Élue = I mot admis = Hyphe ou Hier"."""
    options = VolapukOptions(graphemes=True)
    assert lay({}, "H3", "E", "HACHE", elue="A", options=options).total == 15
    assert lay({}, "H3", "E", "PHARMACIE", elue="F", options=options).total == 27
    assert lay({}, "H3", "E", "HYPHE", elue="I", options=options).total == 15
    assert lay({}, "H3", "E", "HIER", elue="I", options=options).total == 12
    assert lay({}, "H3", "E", "HACHE", elue="A").total == 5  # core: the initial is H


def test_grapheme_sounds() -> None:
    """Seed 5: "PH = F, Æ, Œ = E, W = OU, W = V"."""
    assert elue_sounds("ŒUF", True) >= {"E", "O"}
    assert elue_sounds("WAGON", True) >= {"W", "O", "V"}
    assert elue_sounds("CHAT", True) >= {"C", "S"}
    assert elue_sounds("CHAT", False) == {"C"}


def test_super_joker_multiplies_by_10_and_costs_10_off_the_elue() -> None:
    """Seed: the super joker "a une force multiplicatrice dégressive à chaque tour de 10 vers
    1 ... oblige le joueur à déposer son mot sous "lettre Élue" sinon pénalité de 10 points à
    chaque mot"; B1: "subira après bonification du coup, une pénalité de 10 points"."""
    options = VolapukOptions(super_joker=True)
    trump = lay({}, "H6", "E", "PO*T", elue="P", options=options, letters={2: "R"})
    assert (trump.words[0].force, trump.words[0].malus, trump.total) == (10, 0, 120)
    free = lay({}, "H6", "E", "PO*T", elue="Z", options=options, letters={2: "R"})
    assert free.total == 4 * 10 - 10


def test_super_joker_with_a_space_cell_costs_10() -> None:
    """Seed: "à condition que tous les mots déposés à partir du super joker n'utilisent pas la
    case espace sinon pénalité de 10 points"."""
    options = VolapukOptions(super_joker=True)
    outcome = lay({}, "H3", "E", "*OT_DOG", elue="H", options=options, letters={0: "H"})
    assert outcome.words[0].text == "HOT DOG"
    assert outcome.total == (18 + 3) * 10 - 10


def test_an_older_super_joker_multiplies_words_through_it_by_its_force() -> None:
    board = board_with(("H6", "E", "PO*T"))
    board[(7, 7)] = Tile("*", "super", "R")
    outcome = evaluate(board, cell("H10"), "E", [Tile("E", "bleu")], "Z",
                       VolapukOptions(super_joker=True), {(7, 7): 7}, lexicon=LEXICON)
    assert outcome.words[0].text == "PORTE"
    assert outcome.total == 5 * 7 - 10


def test_a_space_cell_does_not_replace_an_apostrophe_or_a_hyphen() -> None:
    """Seed 2a: "S'ALTÉRER et S'EXONDER ne peuvent être placés s'ils ne comportent pas
    l'apostrophe"; 2: the signs "doivent donc être employés, pour justifier le mot déposé"."""
    for faces in ("S_EXONDER", "ARC_EN_CIEL"):
        with pytest.raises(RuleError) as refused:
            lay({}, "H3", "E", faces)
        assert refused.value.code == "signs"
    assert lay({}, "H3", "E", "SE_POURRIR").total == 9


def test_a_sign_beside_a_letter_is_no_assemblage_of_two_letters() -> None:
    """Seed C5: "Tout assemblage de 2 lettres ne signifiant rien, fait perdre 10 points": a
    space cell (or an apostrophe) is no letter, so AS with a space cell under it is still AS,
    untouched, and costs nothing."""
    board = board_with(("H3", "E", "HOT"), ("F6", "S", "AS"))
    outcome = lay(board, "H6", "E", "_DOG", options=VolapukOptions(adjacency="orthogonal"))
    assert [w.text for w in outcome.words] == ["HOT DOG"]
    assert outcome.meaningless == []
    assert outcome.total == 6 + 3
    # an S laid between that A and the space cell of HOT DOG makes AS, read without the
    # space cell at its end
    board = board_with(("H3", "E", "HOT_DOG"), ("F6", "S", "A"))
    outcome = lay(board, "G6", "S", "S", options=VolapukOptions(adjacency="orthogonal"))
    assert [w.text for w in outcome.words] == ["AS"]
    assert (outcome.meaningless, outcome.total) == ([], 2)


# -- accent sign dice (Chapitre A) ------------------------------------------------------------

def test_an_accent_sign_die_accents_the_letter_it_is_set_on_and_scores_nothing() -> None:
    """Seed chapter A: "les accents existants sur certaines faces de dés en signes ou en
    lettres accentuées, ceux-ci sont faits pour parfaire les mots"; 2a: signs "ne servent
    qu'à écrire juste" (0 points). The circumflex die follows the E it goes on: FÊTE."""
    outcome = lay({}, "H3", "E", "FE^TE")
    assert [w.text for w in outcome.words] == ["FÊTE"]
    assert outcome.total == 4
    assert len(outcome.placed) == 4  # the sign shares the E's cell
    accented = dict(outcome.placed)[cell("H4")]
    assert (accented.face, accented.text, accented.sign) == ("E", "Ê", "vert01")
    assert lay({}, "H3", "E", "MAI¨S").words[0].text == "MAÏS"


def test_an_accent_sign_die_must_accent_a_letter_the_dictionary_accents_so() -> None:
    with pytest.raises(RuleError) as refused:
        lay({}, "H3", "E", "FE¨TE")
    assert refused.value.code == "spelling"
    for faces in ("^FETE", "F^ETE", "FE^^TE"):
        with pytest.raises(RuleError) as refused:
            lay({}, "H3", "E", faces)
        assert refused.value.code == "accent_sign", faces


def test_with_accents_announced_an_accent_on_a_die_is_worth_3() -> None:
    """Seed chapter A: accents on dice faces "en signes ou en lettres accentuées ... valent 3
    points à l'annonce" (the player who lays them announces them)."""
    options = VolapukOptions(accents=True)
    assert lay({}, "H3", "E", "FE^TE", options=options).total == 4 + 3
    assert lay({}, "H3", "E", "ÉMUE", options=options).total == 4 + 3
    assert lay({}, "H3", "E", "EMUE", options=options).total == 4  # announced later, maybe
    assert lay({}, "H3", "E", "ÉMUE").total == 4  # core: no accent points


def test_seven_dice_with_an_accent_sign_are_a_volapuk() -> None:
    """Seed 8: "ses 7 lettres" — every die of the rack, the sign set on a letter too."""
    board = board_with(("H2", "S", "FA"))
    outcome = lay(board, "H3", "E", "ENE^TRE", options=ORTHOGONAL)
    assert outcome.words[0].text == "FENÊTRE"
    assert (outcome.volapuk, outcome.total) == (50, 7 + 50)


# -- more of the seed's examples ------------------------------------------------------------

def test_exonder_in_elue_e_scores_21_not_the_seeds_35() -> None:
    """Seed 2a: "Supposons qu'en lettre "Élue" A ou E, des joueurs aient gagné 35 points":
    35 = 7 × 5 and the "40 en lettre Élue S" of S'EXONDER = 8 × 5, an Élue worth 5 a letter;
    rule A1 ("3 points avec la lettre Élue") and the PORT (4 × 3 = 12) and ETCÆTERA (24)
    examples say 3: EXONDER in Élue E is 7 × 3 = 21 (docs/rules/volapuk.md)."""
    assert lay({}, "H5", "E", "EXONDER", elue="E").total == 21
    assert lay({}, "H5", "E", "EXONDER", elue="A").total == 7


def test_ex_and_p_s_score_their_letters_and_their_points_nothing() -> None:
    """Seed 2c: "Le point : il ne sert qu'à l'abrégé d'un mot, exemple : ETC., EX., N.B.,
    P.-S. ne comptent pour aucun point" (the points, like the apostrophes of 2a and the
    hyphens of 2b)."""
    assert lay({}, "H5", "E", "EX.", abbreviations=True).total == 2
    assert lay({}, "H5", "E", "P.-S.", abbreviations=True).total == 2
    with pytest.raises(RuleError):
        lay({}, "H5", "E", "P.S.", abbreviations=True)


def test_the_player_who_completes_baba_cool_gains_the_space_cell() -> None:
    """Seed C4b: "les mots BABA et BATON pourront être écrits par un premier joueur, alors que
    COOL et ROUGE peuvent être rajoutés au tour suivant. Dans ce cas le second joueur
    compositeur bénéficiera des points de la case espace"."""
    board = board_with(("H3", "E", "BABA"))
    outcome = lay(board, "H7", "E", "_COOL")
    assert outcome.words[0].text == "BABA COOL"
    assert (outcome.words[0].space, outcome.total) == (3, 8 + 3)
    board = board_with(("H2", "E", "BATON"))
    outcome = lay(board, "H7", "E", "_ROUGE", elue="B")
    assert outcome.words[0].text == "BATON ROUGE"
    assert outcome.total == 10 + 3  # an extension: 1 a letter even in Élue B


def test_a_palindrome_is_no_reversed_reading() -> None:
    """Seed A5: "Anagramme écrit : Tout mot constitué en lecture inversée, fait gagner 5 points
    par lettre + 10 points": ELLE or RADAR laid right to left reads the same the usual way;
    nothing is read inverted, so no bonus (a diagonal keeps its own)."""
    outcome = lay({}, "H10", "O", "ELLE")
    assert (outcome.words[0].reversed, outcome.total) == (0, 4)
    assert lay({}, "J10", "NO", "RADAR").total == 5 + 25
    assert lay({}, "H10", "O", "PITRE").total == 35  # a true reversed reading
