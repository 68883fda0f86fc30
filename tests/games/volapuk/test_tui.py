"""The terminal game: reading what players type, drawing, and scripted games."""

from pathlib import Path

import pytest

from ludomots.core.errors import RuleError
from ludomots.core.game import Event
from ludomots.core.record import Record, replay
from ludomots.games.volapuk.rules import (
    GAME,
    Accent,
    Anagram,
    Define,
    Done,
    Pass,
    Place,
    RackDie,
    Recompose,
    Roll,
    VolapukOptions,
)
from ludomots.tui.volapuk.screens import (
    Hint,
    describe_event,
    parse_command,
    parse_seats,
    render_board,
)
from ludomots.tui.volapuk.tui import play_session

from .helpers import board_with, make_state


def test_seats_are_humans_or_bot_levels() -> None:
    seats = parse_seats("moi,Expert,confirmé")
    assert [(s.kind, s.level) for s in seats] == [("human", None), ("bot", "expert"),
                                                  ("bot", "confirme")]
    with pytest.raises(ValueError):
        parse_seats("moi")
    with pytest.raises(ValueError):
        parse_seats("moi,champion")


def test_rolls_passes_and_hints_are_read() -> None:
    state = make_state(["PORTXYZ", "AAAAAAA"])
    assert parse_command("lance", state, 0) == Roll(())
    assert parse_command("garde 1 3", state, 0) == Roll((0, 2))
    assert parse_command("passe", state, 0) == Pass()
    assert parse_command("aide", state, 0) == Hint()
    with pytest.raises(RuleError):
        parse_command("garde 9", state, 0)


def test_a_typed_word_finds_the_dice_and_reads_the_board() -> None:
    state = make_state(["ESXY?BC", "AAAAAAA"], board=board_with(("H6", "E", "PORT")))
    assert parse_command("H6 E PORTES / 3", state, 0) == Place(7, 9, "E", (0, 1), ("", ""),
                                                                (2,))
    # no die shows the A: the joker stands for it
    assert parse_command("G7 S AO", state, 0) == Place(6, 6, "S", (4,), ("A",))
    with pytest.raises(RuleError) as refused:
        parse_command("H6 E PORTIQUE", state, 0)
    assert refused.value.code == "bad_command"
    with pytest.raises(RuleError):
        parse_command("Z9 E OS", state, 0)


def test_a_multi_letter_die_and_a_space_cell_are_typed_as_read() -> None:
    state = make_state(["ET_", "AAAAAAA"])
    state.racks[0] += [RackDie("vert01", f)
                       for f in ("C", "Æ", "TE", "RA")]
    action = parse_command("H4 E ET CÆTERA", state, 0)
    assert isinstance(action, Place)
    assert state.outcome(0, action).words[0].text == "ET CÆTERA"


def test_the_board_is_drawn_round_with_its_dice() -> None:
    state = GAME.parse_position("A8=?(E)@v03,H6=P@bl,H7=O@bl,H8=R@bl,H9=T@bl bl:A|bl:A "
                                "10.10.10.10.10/- 0,0 0:place:1 A 0 turn=0 passes=0 uid=1")
    drawn = render_board(state).plain.splitlines()
    assert drawn[8].split() == ["H", "·", "·", "·", "·", "·", "P", "O", "R", "T", "·", "·", "·",
                                "·", "·", "·"]
    assert drawn[1].split() == ["A", "·", "·", "?E", "·", "·"]


def test_events_are_worded_in_french() -> None:
    state = make_state(["PORTXYZ", "AAAAAAA"], elue="P")
    seats = parse_seats("moi,expert")
    events = state.apply(0, Place(7, 5, "E", (0, 1, 2, 3), ("",) * 4))
    lines = [describe_event(e, seats, 0) for e in events]
    assert lines[0] == ("Joueur 1 pose PORT en H6 (horizontal) : 12 points — PORT 12 "
                        "(atout).")
    assert describe_event(Event("pass", {"seat": 1}), seats, 0) == "Expert 2 passe son tour."


def test_a_scripted_game_is_recorded_and_replays(tmp_path: Path) -> None:
    answers = iter(["lance", "H8 E ZZZZ", "passe"] + ["lance", "passe"] * 300)
    shown: list[object] = []
    path = tmp_path / "r.json"
    recorder = play_session(VolapukOptions(), 9, parse_seats("moi,confirme"),
                            ask=lambda prompt: next(answers), show=shown.append,
                            record_path=path)
    assert recorder.state.is_over()
    assert replay(Record.load(path), GAME) == recorder.state


def test_announcements_are_typed() -> None:
    state = make_state(["EMUXYZA", "AAAAAAA"], accents=True, anagrams=True)
    state.apply(0, Place(7, 5, "E", (0, 1, 2), ("", "", "")))
    assert parse_command("accent H6 aigu", state, 1) == Accent(7, 5, "aigu")
    assert parse_command("accent H6 tréma", state, 1) == Accent(7, 5, "trema")
    assert parse_command("anagramme mue", state, 1) == Anagram("mue")
    assert parse_command("fini", state, 1) == Done()
    assert parse_command("", state, 1) == Done()
    with pytest.raises(RuleError):
        parse_command("accent Z1 aigu", state, 1)


def test_a_recomposition_is_typed() -> None:
    state = make_state(["AIXYZB?", "AAAAAAA"], board=board_with(("H6", "E", "PORT")))
    assert parse_command("déplace H7-G8 + H7 A H10 I / 3", state, 0) == Recompose(
        (7, 6, 6, 7), (0, 1), (7, 6, 7, 9), ("", ""), (2,))
    assert parse_command("deplace H7-G8 + H7 E", state, 0) == Recompose(
        (7, 6, 6, 7), (6,), (7, 6), ("E",))
    with pytest.raises(RuleError):
        parse_command("déplace H7 G8", state, 0)


def test_a_definition_is_typed() -> None:
    state = make_state(["EMUXYZA", "AAAAAAA"], definitions=True)
    state.apply(0, Place(7, 5, "E", (0, 1, 2), ("", "", "")))
    assert parse_command("définition Très touché", state, 1) == Define("Très touché")


def test_a_recomposition_is_worded() -> None:
    state = make_state(["AIXYZBC", "AAAAAAA"], board=board_with(("H6", "E", "PORT")),
                       elue="P", adjacency="orthogonal")
    events = state.apply(0, Recompose((7, 6, 6, 7), (0, 1), (7, 6, 7, 9)))
    line = describe_event(events[0], parse_seats("moi,expert"), 0)
    assert line == ("Joueur 1 pose PARTI en H6 (horizontal) : 27 points — PARTI 15 (atout), "
                    "OR 2, recomposition +10.")


def test_a_word_typed_with_a_circumflex_uses_the_accent_sign_die() -> None:
    """Seed chapter A: accent signs on dice "sont faits pour parfaire les mots"."""
    from ludomots.tui.volapuk.screens import parse_place

    from .helpers import make_state

    state = make_state(["FETE^XY", "AAAAAAA"])
    action = parse_place("H3 E FÊTE", state, 0)
    assert action.dice == (0, 1, 4, 2, 3)
    state.apply(0, action)
    assert state.board[(7, 3)].text == "Ê" and state.points[0] == 4


def test_a_reversed_word_and_an_anagram_of_the_board_are_worded() -> None:
    """Seed A5: a word written reversed scores 5 a letter + 10 in place of its letters; A6:
    « anagramme MOT » on one's turn announces an anagram of a word of the board."""
    state = make_state(["PITREXY", "AAAAAAA"], anagrams=True)
    events = state.apply(0, Place(7, 9, "O", (0, 1, 2, 3, 4), ("",) * 5))
    seats = parse_seats("moi,expert")
    assert describe_event(events[0], seats, 0) == (
        "Joueur 1 pose PITRE en H10 (horizontal inversé) : 35 points — PITRE 35 (à l'envers "
        "5 × 5 + 10).")
    action = parse_command("anagramme MIRE", make_state(["AAAAAAA", "AAAAAAA"], rolled=False),
                           1)
    assert action == Anagram("MIRE")
    board = make_state(["XYZ", "AAA"], board=board_with(("H6", "E", "RIME")), anagrams=True,
                       rolled=False)
    events = board.apply(0, parse_command("anagramme émir", board, 0))
    assert describe_event(events[0], seats, 1) == \
        "Joueur 1 annonce l'anagramme ÉMIR de RIME : +4."
