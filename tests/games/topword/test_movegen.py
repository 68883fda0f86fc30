"""The Topword move generator, checked like chess perft: on fixed positions (racks kept small
enough for the brute-force reference), the fast generator finds exactly the reference's moves,
with the same MoveResults, and the move counts are pinned so that a regression shows.

Positions are `Board.to_notation` strings. The PLAY* boards were frozen from seeded random
legal play (two racks from a shuffled bag, a uniformly random legal move each turn).
"""

from __future__ import annotations

from collections import Counter

import pytest

from ludomots.core.errors import RuleError
from ludomots.games.topword.board import CENTRE, Board
from ludomots.games.topword.movegen import generate, has_move
from ludomots.games.topword.notation import Tile, parse_move
from ludomots.games.topword.scoring import MoveResult, Rules, evaluate
from ludomots.lexicon.lexicon import get_lexicon
from tests.games.topword.reference import reference_moves
from tests.games.topword.test_seed_examples import EXAMPLES

LEXICON = get_lexicon()
ACCEPTS = LEXICON.checker("standard")
RULES = {
    "seed": Rules(),
    "max3": Rules(max_height=3),
    "no_cover": Rules(allow_cover_whole_word=False),
    "no_plural": Rules(allow_bare_plural=False),
    "strict": Rules(max_height=3, allow_cover_whole_word=False, allow_bare_plural=False),
}

EMPTY = "/".join(["." * 10] * 10)
CRWTH = "........../........../........../........../....CRWTH./" + "/".join(["." * 10] * 5)
RATEAU = "........../........../........../........../..RATEAU../" + "/".join(["." * 10] * 5)
SEED2 = ("........../........../........../........../..RATEAU../..I......./..R......./..E......./"
         "........../..........")
SEED3 = ("........../........../........../........../..RATEAU../TRIS....../..R......./..E......./"
         "........../..........")
SEED4 = ("........../........../........../........../..RATEAU../[TB]RIS....../..R......./"
         "..E......./........../..........")
SEED5 = ("........../........../........../........../..[RB]ATEAU../[TB]RIS....../..[RS]......./"
         "..E......./........../..........")
SEED6 = ("R........./E........./T........./R........./A.[RB]ATEAU../[TBC]RIS....../E.[RS]......./"
         "..E......./........../..........")
TALL = ("........../........../........../........../..[SATBR]A[EAUT]EAU../..I......./..R......./"
        "..E......./........../..........")
QUOI = "........../........../........../........../...QOI..../" + "/".join(["." * 10] * 5)
CORNERS = ("CHAT....../O........./U........./........../........../........../.........A/"
           ".........M/.........E/......RIEN")
ET = "........../........../........../........../...ET...../" + "/".join(["." * 10] * 5)
CHAT = "........../........../........../........../...CHAT.../" + "/".join(["." * 10] * 5)
PLAY20_30 = (".Y..A.[BJFV][AOUIO][TL][EA]/[TSE][EO][LNLN].X....R/.DIGEST.CE/..A..U..[RO]./"
             "R[HNO]I.E[CR]BIUM/A..U[NS]E.L.I/S.....DE.M/.........A/.........[TI]/.......PST")
PLAY20_40 = (".Y..A.[BJFV][AOUIO][TL][EA]/[TSE][EO][LNLN].X....R/.DIGEST.CE/..A..U..[RO]./"
             "R[HNO]I.E[CR]BIUM/A..[US][NSU]E.L.I/S[PA][AI]...[DH]E.M/........[TFM]A/"
             "....EU...[TI]/.....D[LO][PER][SA]T")
PLAY21_30 = ("...[FD][OE]ROGE./AH...O...[DB]/[SD]A[YN]..[LS]A..[ERL]/O[SL]E.[MHMC][UA][AN]OTA/"
             "RENEE.I..[LPVS]/E[TR]E...MIXE/N..[PT][OI][QRS][AE]..N/T...[CL]I...T/....S...../"
             "..........")
PLAY21_40 = (".T.[FDB][OEA]RO[GU][EF]./AH...O...[DB]/[SD]A[YN]..[LS]A..[ERL]/"
             "O[SL]E.[MHMC][UA][AN]OT[AE]/REN[EI]E.I..[LPVS]/E[TR]E...MI[XR]E/"
             "N..[PT][OI][QRS][AE].UN/T...[CL][IU].VET/.[ZI][EG]N[SE]...../...I......")
PLAY22_30 = ("......L.../I..[ES]C[AHI][PE]Z../N...[FR]...E./[BAGTF][INE][TIR][ESM]E.KO[NT]O/"
             "OR..[UE]D.[JU].R/.G..SA.[EAT]../...[BVD].[NM][IA][LTR]E./...[IO]..[PV]END/"
             "...[LSTL]IRE.../......SEXE")
PLAY22_40 = ("......L.../I.L[ESOI]C[AHIH][PE]Z../N...[FR]A..E./[BAGTF][INEO][TIR][ESM]E.KO[NT]O/"
             "OR..[UE]D.[JU].R/.G..SA.[EAT]../CE.[BVD].[NM][IA][LTR]E./A.Q[IOE]..[PV]END/"
             "...[LSTL][IY]RE.../...A.U[SN][EA][XMU][ES]")
PLAY23_30 = ("....OTEE../.....A[NS].H./....OR.T[EA]./...C[HR][UA]BE.[DV]/..[ZJ]...A..[QTE]/"
             ".[PRB]E[ECS][MLTLO][IG][RN][AGE].[MIUFR]/..[IN]...O..[ALIO]/MONDAIN..L/"
             "..[EY]...S[EA][XKL]E/.........[SE]")
PLAY23_40 = ("...R[OSA][TPS]E[ETE]../.....[AE][NS].[HF]./....OR.T[EA]./...C[HR][UA]BE.[DV]/"
             "..[ZJ]...A.N[QTEI]/.[PRB]E[ECS][MLTLO][IG][RN][AGE].[MIUFR]/..[IN].U.OU.[ALIO]/"
             "MONDAIN..L/U.[EY].D.S[EAU][XKLIE]E/T...I....[SE]")
PLAY24_30 = (".BA[VQ][RE]T..[AS]./DEI.[ECB]ANN[EI][ER]/.[TSR].C[LHO]N..[LR]./..N.U.[PO].E./"
             ".[FH]UM[ETAE].[FOER].../M[EUA]..SUIVI./.[ML]A...[ADLN].../RAI...SO[IU]./"
             "..L.....T./..E.......")
PLAY24_40 = (".BA[VQ][RE]T..[AS]./DEI.[ECB]ANN[EIE][ERZ]/.[TSR].C[LHO]N..[LR]./"
             "..[NE].U.[PO].[ET]./.[FH]UM[ETAE].[FOER].../M[EUA]..SUIVI./.[ML]A...[ADLN]A../"
             "[RG]AI...S[OU][IUE]E/O.[LS]P[IO]T..[TS]./.DEI......")
PLAY25_20 = (".....E.H../....MUCOR./.FA[MD]AS..UN/....R....[EA]/....CAS..[UI]/...B.S..[PKV]S/"
             "...[RU][EN]I[NR].[EA]./...N.L..[TG]./....DE[YV]RAI/.DOTE...[SL].")
PLAY25_40 = (".....[EF].H../....MUCORS/.FA[MD]A[SI]..U[NT]/[THL][EIE]I.R.G..[EAE]/"
             ".E..CA[SBL]O.[UIWM]/...B.S[AI].[PKV]S/TE.[RU][EN]I[NRE].[EAO]./"
             "[JA][ENX][AE][NE].L..[TGTU]./U...DE[YV]RAI/.[DO][ON][TZ]E...[SLI].")
PLAY26_42 = ("[NR].[MO].[FRBP][AEOIO][RT][UIOI][QRN][EADS]/E[EML][AU]A[EUI].O.[IEI]./"
             "[MGLZ].[TA].SINH.W/.E[ET].S.[DG][UOEA][CAVL][LAE]/.SEN[VTE]S..NE/..U..[AP]U[RY].D/"
             "..X.[JHT][RE]..../.....[SC]..../...LIKE.../..........")
PLAY27_47 = ("E[GM][OEO]U.E[CP]A[VT]E/T.U.[SZSD].[SL].[AE]X/EH.[AR]E[MRL]A[LI]../"
             ".O[CN].[NTY].[IMQ]..F/.N[IAO].[TDS].[NIE].A[UI]/.O.J.BEUH./[BGD]RU[IE]S..L.[VO]/"
             ".[AE]N.ETEUFS/IRE....L[AI]./....ER[PR]A[NT].")
PLAY28_43 = ("OC....P..G/NE[EC]..[BT][RI][IN].[TOU]/..[AL]UNE..N[OBE]/.D[UGO]..[DL]AME[ESE]/"
             "[HT][AO]NKA.M.O[STR]/A.E..[VTNEL]U[EFIHI].A/F[EA]R.I.S.../.[RI].[VT][ER][QXI]E[LS]../"
             "P[SMS][UI].A.[ER]U../.[EY]...LAD..")

# (name, position, rack, rules, number of legal moves)
# Pinned counts follow the lexicon. Issue 17, second pass: a Wiktionary headword needs a
# second source, so the short words Wiktionary alone gave leave (first move RATE: ATE, TAR,
# TRA, TRE; 300 -> 236 moves), and the rarer long words two dictionaries share rarely fit
# these racks (PLAY23_40 gains a few: 70 -> 77). The generator still finds exactly the
# brute-force reference's moves.
PERFT = [
    ("first move: RATE", EMPTY, "RATE", "seed", 236),
    ("first move: Qu in the rack", EMPTY, "EIQS", "seed", 60),
    ("first move: five letters", EMPTY, "AEIRS", "seed", 960),
    ("first move: repeated letters", EMPTY, "EENS", "seed", 136),
    ("first move: seven tiles, ACETATE", EMPTY, "AACEETT", "seed", 576),
    ("seed example 1: RATEAU", RATEAU, "EIRS", "seed", 220),
    ("seed example 2: after RIRE", SEED2, "ERST", "seed", 309),
    ("seed example 3: after TRIS", SEED3, "BEIS", "seed", 161),
    ("seed example 4: after BRIS", SEED4, "ABES", "seed", 219),
    ("seed example 5: after BISE", SEED5, "ACERT", "seed", 738),
    ("seed example 6: after RETRACE", SEED6, "AJOS", "seed", 104),
    ("stacks of 5 and 4", TALL, "AEIS", "seed", 220),
    ("stacks of 5 and 4, max height 3", TALL, "AEIS", "max3", 219),
    ("Qu on the board: QUOI", QUOI, "ESTU", "seed", 126),
    ("corner and edge words", CORNERS, "AEST", "seed", 182),
    ("cover a whole word: ET (allowed)", ET, "AOSU", "seed", 152),
    ("cover a whole word: ET (forbidden)", ET, "AOSU", "no_cover", 137),
    ("bare plural: CHAT (allowed)", CHAT, "ESTU", "seed", 227),
    ("bare plural: CHAT (forbidden)", CHAT, "ESTU", "no_plural", 226),
    ("mid-game, stacks of 5", PLAY20_30, "DEFR", "seed", 71),
    ("mid-game, stacks of 5, max height 3", PLAY20_30, "DEFR", "max3", 61),
    ("mid-game, 53 cells", PLAY20_40, "EEGNV", "seed", 88),
    ("mid-game, Qu covered in a stack", PLAY21_30, "EKRZ", "seed", 38),
    ("mid-game, 58 cells, bonus letters", PLAY21_40, "IKUW", "seed", 13),
    ("mid-game, 47 cells", PLAY22_30, "LMSU", "seed", 85),
    ("mid-game, Qu on top, five stacks of 4+", PLAY22_40, "EUST", "seed", 152),
    ("mid-game, five stacks of 4+, max height 3", PLAY22_40, "EUST", "max3", 132),
    ("mid-game, every option off", PLAY22_40, "EUST", "strict", 100),
    ("mid-game, 45 cells", PLAY23_30, "DEFI", "seed", 37),
    ("mid-game, Qu covered, stacks of 5", PLAY23_40, "AEIV", "seed", 77),
    ("mid-game, Qu on top of a stack, bonus letters", PLAY24_30, "DIJK", "seed", 26),
    ("mid-game, 56 cells, bonus letters", PLAY24_40, "JKNW", "seed", 22),
    ("mid-game, 43 cells, bonus letters", PLAY25_20, "BFIJ", "seed", 58),
    ("mid-game, Qu in the rack", PLAY25_40, "EPQR", "seed", 34),
    ("late game, 49 cells", PLAY26_42, "AEST", "seed", 130),
    ("late game, 64 cells, Qu on top", PLAY27_47, "EIOW", "seed", 14),
    ("late game, 59 cells", PLAY28_43, "DILPZ", "seed", 17),
]
MID_GAME = {"play20_30": PLAY20_30, "play21_40": PLAY21_40, "play22_40": PLAY22_40,
            "play23_40": PLAY23_40, "play24_40": PLAY24_40, "play25_40": PLAY25_40,
            "play26_42": PLAY26_42, "play27_47": PLAY27_47, "play28_43": PLAY28_43}
SPARSE = {"empty": EMPTY, "seed5": SEED5, "tall": TALL, "quoi": QUOI, "corners": CORNERS}
FULL_RACKS = ["AEILRST", "EJKQSUX", "BEENORS"]


def _by_placement(moves: list[MoveResult]) -> dict[tuple[Tile, ...], MoveResult]:
    return {m.placement.tiles: m for m in moves}


@pytest.mark.parametrize(("name", "position", "rack", "rules", "count"), PERFT,
                         ids=[case[0] for case in PERFT])
def test_every_legal_move_is_found_once_scored_as_evaluate_scores_it(
        name: str, position: str, rack: str, rules: str, count: int) -> None:
    board = Board.from_notation(position)
    fast = generate(board, list(rack), RULES[rules], LEXICON)
    reference = reference_moves(board, list(rack), RULES[rules])
    found = _by_placement(fast)
    assert len(found) == len(fast), "a placement was generated twice"
    assert sorted(found) == sorted(reference)
    assert found == reference  # same words, scores, bonuses, notation
    assert len(fast) == count


@pytest.mark.parametrize("position", [*MID_GAME.values(), *SPARSE.values()],
                         ids=[*MID_GAME, *SPARSE])
def test_with_full_racks_each_move_is_exactly_what_evaluate_returns(position: str) -> None:
    board = Board.from_notation(position)
    for rack in FULL_RACKS:
        for rules in (RULES["seed"], RULES["strict"]):
            moves = generate(board, list(rack), rules, LEXICON)
            for move in moves:
                assert evaluate(board, move.placement, rules, ACCEPTS) == move
                assert not move.invalid_words
            assert has_move(board, list(rack), rules, LEXICON) is bool(moves)


@pytest.mark.parametrize(("name", "position", "rack", "rules", "count"), PERFT,
                         ids=[case[0] for case in PERFT])
def test_has_move_says_whether_generate_finds_any(
        name: str, position: str, rack: str, rules: str, count: int) -> None:
    board = Board.from_notation(position)
    assert has_move(board, list(rack), RULES[rules], LEXICON) is (count > 0)


def test_has_move_is_false_when_no_word_can_be_made() -> None:
    # (PLAY27_47 with W, and Z here, have moves since the lexicon took EWE and ZEK.)
    assert generate(Board.from_notation(PLAY28_43), ["J"], Rules(), LEXICON) == []
    assert not has_move(Board.from_notation(PLAY28_43), ["J"], Rules(), LEXICON)
    assert not has_move(Board.from_notation(PLAY28_43), ["D"], Rules(), LEXICON)
    assert not has_move(Board.from_notation(PLAY22_30), [], Rules(), LEXICON)
    assert not has_move(Board(), ["E"], Rules(), LEXICON)  # one tile alone is no word


def test_has_move_respects_the_options_crwths_is_a_bare_plural() -> None:
    board = Board.from_notation(CRWTH)
    assert [m.notation for m in generate(board, ["S"], Rules(), LEXICON)] == ["E5 CRWTHS"]
    assert has_move(board, ["S"], Rules(), LEXICON)
    assert not has_move(board, ["S"], RULES["no_plural"], LEXICON)


def test_the_seed_examples_are_generated_with_the_seed_scores() -> None:
    for _, position, notation, score, words in EXAMPLES:
        board = Board.from_notation(position)
        placement, _ = parse_move(notation, board)
        moves = _by_placement(generate(board, list(placement.letters), Rules(), LEXICON))
        move = moves[placement.tiles]
        assert move.notation == notation and move.score == score
        assert [(w.word, w.score) for w in move.words] == words


def test_the_first_move_covers_a_centre_square_with_two_tiles_or_more() -> None:
    moves = generate(Board(), list("AACEETT"), Rules(), LEXICON)
    assert moves
    for move in moves:
        assert any(cell in CENTRE for cell in move.placement.cells)
        assert len(move.placement.tiles) >= 2


def test_placing_all_seven_tiles_earns_ten_points() -> None:
    moves = generate(Board(), list("AACEETT"), Rules(), LEXICON)
    sevens = [m for m in moves if len(m.placement.tiles) == 7]
    assert len(sevens) == 16 and all(m.words[0].word == "ACETATE" for m in sevens)
    assert all(m.all_tiles_bonus == 10 and m.score == 7 * 2 + 10 for m in sevens)
    assert all(m.all_tiles_bonus == 0 for m in moves if len(m.placement.tiles) < 7)


@pytest.mark.parametrize("position", MID_GAME.values(), ids=MID_GAME.keys())
def test_a_tile_never_goes_on_the_same_letter_nor_on_a_full_stack(position: str) -> None:
    board = Board.from_notation(position)
    for rules in (RULES["seed"], RULES["max3"]):
        for move in generate(board, list("AEILRST"), rules, LEXICON):
            for r, c, letter in move.placement.tiles:
                assert board.top(r, c) != letter
                assert board.height(r, c) < rules.max_height


@pytest.mark.parametrize("position", MID_GAME.values(), ids=MID_GAME.keys())
def test_a_move_uses_each_rack_tile_at_most_once(position: str) -> None:
    board = Board.from_notation(position)
    rack = list("EEEISST")
    for move in generate(board, rack, Rules(), LEXICON):
        assert not Counter(move.placement.letters) - Counter(rack)


@pytest.mark.parametrize("position", [TALL, PLAY20_30, PLAY22_40, PLAY23_40],
                         ids=["tall", "play20_30", "play22_40", "play23_40"])
def test_max_height_3_removes_exactly_the_moves_stacking_on_three_tiles(position: str) -> None:
    board = Board.from_notation(position)
    removed = 0
    for rack in FULL_RACKS:
        five = generate(board, list(rack), Rules(), LEXICON)
        three = generate(board, list(rack), RULES["max3"], LEXICON)
        low = [m for m in five if all(board.height(r, c) < 3 for r, c in m.placement.cells)]
        assert _by_placement(three) == _by_placement(low)
        removed += len(five) - len(low)
    assert removed > 0


def _refused_for(board: Board, moves: list[MoveResult], rules: Rules) -> set[str]:
    codes = set()
    for move in moves:
        with pytest.raises(RuleError) as refused:
            evaluate(board, move.placement, rules, ACCEPTS)
        codes.add(refused.value.code)
    return codes


@pytest.mark.parametrize("position", [ET, SEED5, PLAY22_40, PLAY24_40],
                         ids=["et", "seed5", "play22_40", "play24_40"])
def test_forbidding_to_cover_a_whole_word_removes_exactly_the_covering_moves(
        position: str) -> None:
    board = Board.from_notation(position)
    for rack in FULL_RACKS + ["AOSU"]:
        allowed = _by_placement(generate(board, list(rack), Rules(), LEXICON))
        strict = _by_placement(generate(board, list(rack), RULES["no_cover"], LEXICON))
        assert strict.keys() <= allowed.keys()
        removed = [allowed[key] for key in allowed.keys() - strict.keys()]
        assert _refused_for(board, removed, RULES["no_cover"]) <= {"cover_whole_word"}
    board = Board.from_notation(ET)
    covers = {m.notation for m in generate(board, list("AOSU"), Rules(), LEXICON)} - {
        m.notation for m in generate(board, list("AOSU"), RULES["no_cover"], LEXICON)}
    assert {"E4 AS", "E4 OS", "E4 US"} <= covers


@pytest.mark.parametrize("position", [CHAT, CRWTH, SEED2, PLAY20_40, PLAY26_42],
                         ids=["chat", "crwth", "seed2", "play20_40", "play26_42"])
def test_forbidding_a_bare_plural_removes_exactly_the_lone_final_s(position: str) -> None:
    board = Board.from_notation(position)
    for rack in ("S", "ESTU", "AEILRST"):
        allowed = _by_placement(generate(board, list(rack), Rules(), LEXICON))
        strict = _by_placement(generate(board, list(rack), RULES["no_plural"], LEXICON))
        assert strict.keys() <= allowed.keys()
        removed = [allowed[key] for key in allowed.keys() - strict.keys()]
        assert all(len(m.placement.tiles) == 1 and m.placement.letters == "S" for m in removed)
        assert _refused_for(board, removed, RULES["no_plural"]) <= {"bare_plural"}
    chats = _by_placement(generate(Board.from_notation(CHAT), ["S"], Rules(), LEXICON))
    assert ((4, 7, "S"),) in chats and chats[((4, 7, "S"),)].notation == "E4 CHATS"


def test_a_one_tile_move_on_two_lines_is_one_move_written_along_the_longer_word() -> None:
    board = Board.from_notation(SEED6)
    moves = generate(board, list("IU"), Rules(), LEXICON)
    assert len(_by_placement(moves)) == len(moves)
    iris = [m for m in moves if m.placement.tiles == ((5, 0, "I"),)]
    crus = [m for m in moves if m.placement.tiles == ((5, 2, "U"),)]
    assert len(iris) == len(crus) == 1
    assert [w.word for w in iris[0].words] == ["IRIS", "RETRAIE"]
    assert iris[0].notation == "1A RETRAIE"  # the longer word
    assert [w.word for w in crus[0].words] == ["CRUS", "BUSE"]
    assert crus[0].notation == "F1 CRUS"  # equal lengths: horizontal


def test_the_qu_tile_reads_qu_in_every_word() -> None:
    moves = _by_placement(generate(Board.from_notation(QUOI), list("ESTU"), Rules(), LEXICON))
    tuques = moves[((4, 1, "T"), (4, 2, "U"), (4, 4, "E"), (4, 5, "S"))]
    assert tuques.notation == "E2 TUQUES" and tuques.words[0].word == "TUQUES"
    with_qu = 0
    for move in generate(Board(), list("EIQS"), Rules(), LEXICON):
        word = move.words[0].word
        assert word.count("Q") == word.count("QU") == move.placement.letters.count("Q")
        with_qu += "Q" in word
    assert with_qu > 0


def test_every_notation_names_its_move() -> None:
    for position in [*MID_GAME.values(), SEED6, QUOI]:
        board = Board.from_notation(position)
        for move in generate(board, list("EJKQSUX"), Rules(), LEXICON):
            placement, _ = parse_move(move.notation, board)
            assert placement == move.placement
