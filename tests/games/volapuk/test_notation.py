"""The position notation (issue 18, docs/rules/volapuk.md « Position notation »): one line that
reads back to the same position."""

import pytest

from ludomots.games.volapuk.actions import Place
from ludomots.games.volapuk.notation import format_position, parse_position
from ludomots.games.volapuk.records import RackDie
from ludomots.games.volapuk.rules import GAME, VolapukOptions
from ludomots.games.volapuk.scoring import Tile

EXAMPLE = ("H6=P@ro#1,H7=O@ro#2,H8=R@ro#3,H9=T@or#4 bl:E!,v07:PH,ja|bl,bc,ro,or,ja,v03,v11 "
           "9.9.6.8.9/v01,v02 12,0 0:place:1 P 0 turn=2 passes=1 uid=5")


def test_the_documented_example_reads_as_written_and_back() -> None:
    state = GAME.parse_position(EXAMPLE)
    assert state.players == 2 and state.board[(7, 5)] == Tile("P", "rose")
    assert state.board[(7, 8)].uid == 4 and state.next_uid == 5
    assert state.racks[0] == [RackDie("bleu", "E", True), RackDie("vert07", "PH"),
                              RackDie("jaune")]
    assert state.coloured == {"bleu": 9, "blanc": 9, "rose": 6, "orange": 8, "jaune": 9}
    assert state.opaque == ["vert01", "vert02"] and state.points == [12, 0]
    assert (state.current, state.step, state.rolls, state.elue, state.first) == \
        (0, "place", 1, "P", 0)
    assert (state.turn, state.passes, state.final, state.super_laid) == (2, 1, False, None)
    assert GAME.format_position(state) == EXAMPLE


def test_jokers_accents_signs_and_the_end_phase_are_written() -> None:
    text = ("H7=?(R)/É+v06@v03#2,H8=*(A)@su,H9=_@v01 -|- 0.0.0.0.0/- 5,7 1:over:0 A 1 "
            "turn=9 passes=0 uid=3 super=4 final=2 end=dice_out")
    state = parse_position(text, VolapukOptions(super_joker=True))
    assert state.board[(7, 6)] == Tile("?", "vert03", "R", "É", "vert06", uid=2)
    assert state.racks == [[], []] and state.final and state.final_turns == 2
    assert state.end_reason == "dice_out" and state.options.super_joker
    assert format_position(state) == text


def test_a_parsed_position_plays_on() -> None:
    """The first player prolongs PORT with his fétiche E: PORTE keeps the Élue initial counted
    once, 1 a letter."""
    state = GAME.parse_position(EXAMPLE)
    state.apply(0, Place(7, 9, "E", (0,), ("",)))
    assert state.played[-1]["words"][0]["text"] == "PORTE"
    assert state.points == [12 + 5, 0]


@pytest.mark.parametrize("text,message", [
    ("- bl 9.9.9.9.9/- 0 0:roll:0 A 0", "8 fields"),
    ("- bl|bl 9.9.9.9.9/- 0,0 0:roll:0 A 0 turn=0 passes=0 uid=1 colour=3", "unknown counter"),
    ("- bl|v99 9.9.9.9.9/- 0,0 0:roll:0 A 0 turn=0", "unknown die"),
    ("Z99=A@bl bl|bl 9.9.9.9.9/- 0,0 0:roll:0 A 0 turn=0", "CELL=FACE@DIE"),
    ("- bl|bl 9.9.9.9/- 0,0 0:roll:0 A 0 turn=0", "counts"),
    ("- bl|bl 9.9.9.9.9/- 0,0 0:jump:0 A 0 turn=0", "step"),
    ("- bl|bl 9.9.9.9.9/- 0,0 2:roll:0 A 0 turn=0", "seats"),
    ("- bl 9.9.9.9.9/- 0 0:roll:0 A 0 turn=0", "2 to 8 players"),
])
def test_a_text_that_is_no_position_is_refused_in_english(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_position(text)
