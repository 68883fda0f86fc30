"""The turn, the bags and the end: rolls and fétiches, placing, refilling, passing, rule 11."""

import json
from dataclasses import replace

import pytest

from ludomots.games.volapuk.dice import COLOURS, GREEN_DICE, colour_of
from ludomots.games.volapuk.history import senses
from ludomots.games.volapuk.rules import GAME, Pass, Place, Roll, VolapukState
from ludomots.games.volapuk.scoring import Tile
from tests.games.refusals import refused

from .helpers import GREEN_BAG, board_with, make_state, place

SEVEN_A = ",".join(["bl:A"] * 7)  # a rack of seven blue A, rolled


def new(players: int = 3, seed: int = 1, **options: object) -> VolapukState:
    state = GAME.new(options, players, seed)
    assert isinstance(state, VolapukState)
    return state


# -- setting up -------------------------------------------------------------------------------

def test_each_player_takes_one_die_of_each_colour_and_two_green() -> None:
    """Seed: "Chaque joueur prend 1 dé de chaque couleur et 2 dés verts"."""
    state = new(players=4)
    for rack in state.racks:
        assert sorted(colour_of(d.die) for d in rack) == sorted([*COLOURS, "vert", "vert"])
        assert all(d.face is None for d in rack)
    assert state.coloured == {c: 10 - 4 for c in COLOURS}
    assert len(state.opaque) == GREEN_DICE - 8


def test_the_letter_closest_to_a_starts_and_ties_throw_again() -> None:
    """Seed: "Le joueur ayant fait apparaître la lettre la plus proche de A devient le 1er
    joueur"; RULINGS: ties redrawn."""
    for seed in range(30):
        state = new(players=4, seed=seed)
        last = state.polyhedron[-1]
        thrown = {s: letter for s, letter in enumerate(last) if letter}
        best = min(thrown.values())
        assert [s for s, letter in thrown.items() if letter == best] == [state.first]
        for earlier in state.polyhedron[:-1]:
            letters = [x for x in earlier if x]
            assert letters.count(min(letters)) > 1
        assert state.current == state.first
        assert "A" <= state.elue <= "Z"


def test_eight_players_at_most_two_at_least() -> None:
    """Seed: "se joue de 2 à 8 joueurs"."""
    assert new(players=8).players == 8
    with pytest.raises(ValueError):
        GAME.new(None, 9, 1)
    with pytest.raises(ValueError):
        GAME.new(None, 1, 1)


# -- rolls ----------------------------------------------------------------------------------

def test_three_rolls_keeping_dice_between_them() -> None:
    """Seed: "Le joueur à droit à 3 lancés pour choisir les lettres"."""
    state = new()
    seat = state.current
    state.apply(seat, Roll())
    first = [d.face for d in state.racks[seat]]
    assert all(first)
    state.apply(seat, Roll((0, 1)))
    assert [d.face for d in state.racks[seat]][:2] == first[:2]
    state.apply(seat, Roll())
    assert state.rolls_left() == 0
    assert refused(state, seat, Roll()).code == "no_roll_left"


def test_only_rolled_dice_can_be_kept() -> None:
    state = new()
    assert refused(state, state.current, Roll((0,))).code == "not_rolled"
    state.apply(state.current, Roll())
    assert refused(state, state.current, Roll((9,))).code == "bad_dice"
    assert refused(state, state.current, Roll((1, 1))).code == "bad_dice"
    assert refused(state, state.current, Roll(tuple(range(7)))).code == "nothing_to_roll"


def test_fetishes_are_not_rolled() -> None:
    """Seed: "le joueur peut décider de garder des lettres qui lui sembleront "fétiches" pour
    le tour suivant" (kept with their face; they are never thrown again that turn)."""
    state = make_state(["ORSTABC", "AAAAAAA"])
    state.apply(0, place(state, "H6", "E", "OR", fetishes=(2, 6)))
    rack = state.racks[0]
    assert [(d.face, d.fetish) for d in rack[:5]] == [
        ("S", True), (None, False), (None, False), (None, False), ("C", True)]
    state.apply(1, Pass())
    state.apply(0, Roll())
    assert rack[0].face == "S" and rack[4].face == "C"
    assert refused(state, 0, Roll((1, 2, 3, 5, 6))).code == "nothing_to_roll"


def test_not_your_turn() -> None:
    state = new()
    other = (state.current + 1) % state.players
    assert refused(state, other, Roll()).code == "not_your_turn"


# -- placing ----------------------------------------------------------------------------------

def test_a_word_scores_and_the_dice_go_on_the_board() -> None:
    state = make_state(["PORTXYZ", "AAAAAAA"], elue="P")
    state.apply(0, place(state, "H6", "E", "PORT"))
    assert state.points == [12, 0]
    assert "".join(state.board[(7, c)].face for c in range(5, 9)) == "PORT"
    assert state.current == 1
    assert state.played[-1]["words"][0]["text"] == "PORT"


def test_dice_must_be_rolled_before_they_are_laid() -> None:
    state = make_state(["PORTXYZ", "AAAAAAA"], rolled=False)
    error = refused(state, 0, Place(7, 5, "E", (0, 1), ("", "")))
    assert error.code == "not_rolled"


def test_refused_places_leave_the_state_unchanged() -> None:
    state = make_state(["PORTXYZ", "AAAAAAA"], board=board_with(("H6", "E", "PORT")))
    assert refused(state, 0, Place(7, 5, "E", (0,), ("",))).code == "occupied"
    assert refused(state, 0, Place(2, 2, "E", (0, 1), ("", ""))).code == "not_connected"
    assert refused(state, 0, Place(7, 9, "E", (4, 5), ("", ""))).code == "unknown_word"
    assert refused(state, 0, Place(7, 9, "X", (4,), ("",))).code == "bad_direction"
    assert refused(state, 0, Place(7, 9, "E", (0, 0), ("", ""))).code == "bad_dice"
    assert refused(state, 0, Place(7, 9, "E", (0,), ("A",))).code == "not_a_joker"
    assert refused(state, 0, Place(7, 9, "E", (0,), ("", ""))).code == "bad_letters"
    assert refused(state, 0, Place(7, 9, "E", (3,), ("",), (3,))).code == "bad_fetishes"


def test_a_joker_stands_for_any_single_letter() -> None:
    """Seed: "Les jokers simples remplacent n'importe quelle lettre seule mais ni signes, ni
    cases espaces"."""
    state = make_state(["PO?TXYZ", "AAAAAAA"], elue="P")
    action = place(state, "H6", "E", "PO?T", letters=("", "", "R", ""))
    state.apply(0, action)
    assert state.board[(7, 7)].text == "R"
    assert state.points[0] == 12
    state = make_state(["PO?TXYZ", "AAAAAAA"])
    assert refused(state, 0, place(state, "H6", "E", "PO?T", letters=("", "", "-", ""))
                   ).code == "joker_letter"


def test_the_dice_laid_are_replaced_by_dice_of_the_same_colours() -> None:
    """Seed: "Il reprend autant de dés dans les couleurs correspondantes, qu'il en a
    déposé"."""
    state = GAME.parse_position(f"- ro:A,v05:B,bl:C,bl:D,bl:E,bl:F,v01:G|{SEVEN_A} "
                                "3.3.3.3.3/v07 0,0 0:place:1 A 0 turn=0 passes=0 uid=1")
    state.apply(0, place(state, "H7", "E", "BAC"))  # B on the green die, A on the pink one
    assert [d.die for d in state.racks[0][-3:]] == ["vert07", "rose", "bleu"]
    assert state.coloured["rose"] == 2 and state.coloured["bleu"] == 2
    assert state.opaque == []


def test_a_colour_run_out_is_drawn_blind_among_the_dice_left() -> None:
    """Seed 10: "Quand il n'y a plus assez de dés correspondants, on pioche à l'aveuglette
    dans le sac opaque, l'ensemble des dés restants"."""
    state = GAME.parse_position(f"- bl:A,bl:B,bl:C,bl:D,bl:E,bl:F,v01:G|{SEVEN_A} "
                                "0.0.0.1.0/v03 0,0 0:place:1 A 0 turn=0 passes=0 uid=1")
    state.apply(0, place(state, "H7", "E", "BAC"))  # three dice, two left to draw
    assert len(state.racks[0]) == 6
    assert sorted(d.die for d in state.racks[0][-2:]) == ["orange", "vert03"]
    assert state.dice_left() == 0


def test_pass_leaves_the_dice_in_bulk() -> None:
    """Seed: "S'il n'y parvient pas dans le temps imparti, il passe son tour"."""
    state = new()
    seat = state.current
    state.apply(seat, Roll())
    state.apply(seat, Pass())
    assert all(d.face is None for d in state.racks[seat])
    assert state.current == (seat + 1) % state.players
    assert state.played[-1] == {"type": "pass", "seat": seat, "turn": 1}


def test_the_clock_is_three_minutes_and_running_out_passes() -> None:
    """Seed: "Il met le minuteur en marche pour 3 minutes ... S'il n'y parvient pas dans le
    temps imparti, il passe son tour"."""
    state = new()
    assert GAME.time_limit(state, state.current) == 180.0
    assert GAME.time_limit(state, (state.current + 1) % 3) is None
    assert GAME.timeout_action(state, state.current) == Pass()
    assert GAME.time_limit(new(turn_seconds=0), 0) is None


# -- the end --------------------------------------------------------------------------------

def test_a_player_out_of_dice_starts_blind_draws_of_seven() -> None:
    """Seed 11a: "Lorsqu'un joueur n'a plus de dés, tous les autres joueurs rassemblent leurs
    dés dans le sac opaque, et le jeu continue par une "pioche à l'aveuglette" de 7 dés"."""
    state = GAME.parse_position("- v01:O,v01:S|bl:A,bl:B,bl:C,bl:D,bl:E,bl:F,v01:G|bl:A,bl:A,"
                                "bl:A 0.0.0.0.0/- 0,0,0 0:place:1 A 0 turn=0 passes=0 uid=1")
    events = state.apply(0, place(state, "H7", "E", "OS"))
    assert [e.type for e in events if e.type in ("final_phase", "last_round")] == [
        "final_phase"]
    assert state.final
    assert len(state.racks[1]) == 7 and state.racks[2] == [] and len(state.opaque) == 3
    assert state.final_turns is None


def test_the_game_goes_on_until_the_last_die_is_played() -> None:
    """Seed 11a: "le jeu continue par une "pioche à l'aveuglette" de 7 dés jusqu'au dernier dé
    joué"; 11b: "Au dernier tour de jeu si certains joueurs n'ont pas joué leur tour, ils sont
    invités à composer ..." (then the game ends). The opaque bag is empty; players 1 and 2
    still hold a die each: the game goes on until both are played."""
    state = GAME.parse_position("H6=P@bl,H7=O@bl,H8=R@bl,H9=T@bl bl:E|v01:S|bl:A 0.0.0.0.0/- "
                                "0,0,0 0:place:1 Z 0 turn=0 passes=0 uid=1 final",
                                {"adjacency": "orthogonal"})
    state.apply(0, place(state, "H10", "E", "E"))  # PORTE: player 0 has no die left
    state.apply(1, Pass())
    state.apply(2, place(state, "I9", "S", "A"))  # TA, under the T
    state.apply(0, Pass())  # no die: he may only recompose, or pass
    assert not state.is_over() and state.final_turns is None
    state.apply(1, Roll())
    state.racks[1][0] = replace(state.racks[1][0], face="S")  # the throw that shows S
    events = state.apply(1, place(state, "H11", "E", "S"))  # PORTES: the last die
    assert [e.type for e in events if e.type in ("last_round", "game_over")] == ["last_round"]
    assert state.final_turns == 1 and state.current == 2  # the round ends with player 2
    state.apply(2, Pass())
    assert state.is_over() and state.end_reason == "dice_out"
    assert state.points == [5, 6, 2]


def test_rounds_of_passes_end_the_game() -> None:
    state = new(players=2, pass_rounds=1)
    state.apply(state.current, Pass())
    state.apply(state.current, Pass())
    assert state.is_over() and state.end_reason == "blocked"
    assert state.winners() == [0, 1]  # RULINGS: ties at the end are shared wins


def test_state_round_trips_through_json() -> None:
    state = make_state(["PORTXYZ", "AAAAAAA"], elue="P")
    state.apply(0, place(state, "H6", "E", "PORT", fetishes=(4,)))
    copy = VolapukState.from_json(json.loads(json.dumps(state.to_json())))
    assert copy == state
    assert copy.board == state.board


def test_a_joker_on_the_board_is_taken_back_against_its_letter_and_used_at_once() -> None:
    """Seed C1: "le joueur peut échanger une lettre lui appartenant, contre un seul joker
    simple sur le plateau de jeu, à condition de l'utiliser instantanément pour composer son
    mot"."""
    state = GAME.parse_position("H6=P@bl,H7=O@bl,H8=?(R)@v02,H9=T@bl v01:R,v01:S,v01:X,v01:Y,"
                                f"v01:Z,bl:A,bl:B|{SEVEN_A} 5.5.5.5.5/v09 0,0 0:place:1 A 0 "
                                "turn=0 passes=0 uid=1")
    # R replaces the joker at H8; the joker (die 7) becomes the S of PORTS.
    action = Place(7, 9, "E", (7,), ("S",), swap=(7, 7, 0))
    assert state.outcome(0, action).words[0].text == "PORTS"
    state.apply(0, action)
    assert state.board[(7, 7)].face == "R"
    assert state.board[(7, 9)] == Tile("?", "vert02", "S")
    assert len(state.racks[0]) == 7
    assert state.points[0] == 5


def test_the_die_given_for_a_joker_keeps_its_number_so_a_word_it_stood_in_is_no_new_word() -> None:
    """Seed C1 (a joker taken back against a die showing its letter) and the recomposition's
    « sinon en leur donnant un nouveau sens » (issue 14): the A given for the joker of PA
    stands where the joker stood, with its number (2), so PA stood with those very dice and,
    broken and rebuilt later, scores nothing (EU and PA were scored twice that way in a
    200-game match)."""
    board = board_with(("H6", "E", "P?"))
    board[(7, 6)] = Tile("?", "vert02", "A")
    state = make_state(["ASXYZBC", "AAAAAAA"], board=board)
    action = Place(7, 7, "E", (7,), ("S",), swap=(7, 6, 0))
    assert state.outcome(0, action).words[0].text == "PAS"
    state.apply(0, action)
    assert (state.board[(7, 5)].uid, state.board[(7, 6)].uid) == (1, 2)
    assert state.board[(7, 6)].face == "A" and state.board[(7, 7)].uid == 3
    assert state.history.stood(senses("PA", state.lexicon), [1, 2])


def test_a_joker_taken_back_must_be_used_and_paid_with_its_letter() -> None:
    board = board_with(("H6", "E", "PO?T"))
    board[(7, 7)] = Tile("?", "vert02", "R")
    state = make_state(["RSXYZAB", "AAAAAAA"], board=board)
    assert refused(state, 0, Place(7, 9, "E", (1,), ("",), swap=(7, 7, 0))).code == \
        "joker_unused"
    assert refused(state, 0, Place(7, 9, "E", (7,), ("S",), swap=(7, 7, 1))).code == \
        "swap_letter"
    assert refused(state, 0, Place(7, 9, "E", (7,), ("S",), swap=(7, 6, 0))).code == \
        "no_joker_there"


def test_the_super_joker_loses_one_of_force_each_round() -> None:
    """Seed A7: "La force multiplicatrice de 10 du super joker est dégressive de la puissance
    1, à chaque tour"."""
    state = GAME.parse_position(f"- v01:P,v01:O,su:*,v01:T,v01:X,v01:Y,v01:Z|{SEVEN_A} "
                                f"10.10.10.10.10/{GREEN_BAG} 0,0 0:place:1 P 0 turn=0 passes=0 "
                                "uid=1", {"super_joker": True})
    state.apply(0, place(state, "H6", "E", "PO*T", letters=("", "", "R", "")))
    assert state.points[0] == 120 and state.super_laid == 0
    assert state.super_force() == 10  # one turn later, the round is not over
    state.apply(1, Pass())
    assert state.super_force() == 9
    state.turn += 2 * 20
    assert state.super_force() == 1
    assert state.view(0)["super_force"] == 1


def test_the_super_joker_cannot_be_taken_back() -> None:
    """Seed C3: "Le super joker ne peut être échangé, ni réutilisé au cours de la partie"."""
    board = board_with(("H6", "E", "PORT"))
    board[(7, 7)] = Tile("*", "super", "R")
    state = make_state(["RSXYZAB", "AAAAAAA"], board=board, super_joker=True)
    assert refused(state, 0, Place(7, 9, "E", (7,), ("S",), swap=(7, 7, 0))).code == \
        "no_joker_there"


def test_the_super_joker_die_is_in_the_opaque_bag_with_the_option() -> None:
    assert "super" in new(players=2, super_joker=True).opaque + [
        d.die for r in new(players=2, super_joker=True).racks for d in r]
    assert "super" not in new(players=2).opaque


def test_preview_shows_the_points_or_the_french_error_without_playing() -> None:
    state = make_state(["PORTXYZ", "AAAAAAA"], elue="P")
    before = json.dumps(state.to_json(), sort_keys=True)
    shown = GAME.preview(state, 0, place(state, "H6", "E", "PORT"))
    assert shown is not None and shown["legal"] and shown["total"] == 12
    assert shown["words"][0]["text"] == "PORT"
    wrong = GAME.preview(state, 0, place(state, "H6", "E", "XZ"))
    assert wrong == {"legal": False, "error": "unknown_word",
                     "message": "« XZ » n’est pas dans le dictionnaire."}
    assert json.dumps(state.to_json(), sort_keys=True) == before


def test_a_joker_taken_back_leaves_its_accent_on_the_cell() -> None:
    """Seed C1: the die given for the joker shows its letter; the accent written there (a sign
    die set on it, or announced) stays: FÊTE still reads FÊTE."""
    board = board_with(("H6", "E", "F?TE"))
    board[(7, 6)] = Tile("?", "vert03", "E", "Ê", "vert06")
    state = make_state(["EXYZABC", "AAAAAAA"], board=board)
    action = Place(7, 9, "E", (7,), ("S",), swap=(7, 6, 0))
    assert state.outcome(0, action).words[0].text == "FÊTES"
    state.apply(0, action)
    assert state.board[(7, 6)].text == "Ê" and state.board[(7, 6)].sign == "vert06"


def test_abbreviations_count_only_at_the_end_of_the_game_with_the_option() -> None:
    """Seed 3: abbreviations "sont admis et laissés à l'appréciation des joueurs pour les fins
    de parties" (option `end_abbreviations`, off by default): ONU through PORT's O is refused
    during play, and at the end without the option; with it, once the end phase has begun
    (a player has no die left), it scores 3."""
    def onu(final: bool, **options: object) -> VolapukState:
        return GAME.parse_position(
            f"H7=O@bl v01:N,v01:U,v01:X,v01:Y,v01:Z,bl:A,bl:B|{SEVEN_A} "
            f"10.10.10.10.10/{GREEN_BAG} 0,0 0:place:1 Z 0 turn=0 passes=0 uid=1"
            f"{' final' if final else ''}",
            {"adjacency": "orthogonal", **options})

    for state in (onu(False), onu(True), onu(False, end_abbreviations=True)):
        assert refused(state, 0, place(state, "H8", "E", "NU")).code == "unknown_word"
    state = onu(True, end_abbreviations=True)
    state.apply(0, place(state, "H8", "E", "NU"))
    assert state.played[-1]["words"][0]["text"] == "ONU"
    assert state.points[0] == 3
