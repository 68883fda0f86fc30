"""Typo's position notation (docs/rules/typo.md, « Position notation »): one line, read back to
the same state, written back to the same line."""

import json
from pathlib import Path

import pytest

from ludomots.games.typo.notation import format_position, parse_position
from ludomots.games.typo.records import Pending
from ludomots.games.typo.rules import GAME, TypoState

SAVED = json.loads((Path(__file__).parent / "data" / "state_before_18.json").read_text("utf-8"))
VOTE = ("UKRA/EC/TWE/SNA CILLM/BENOR/EEIIO part=2 round=19 step=vote "
        "aside=JTFEHUAOMLGPADSVTUEA discard=PERISTZINCSSONDER lost=39,10,0 bonus=0,6,10 "
        "revealed=ERC queue=2 pending=2R:écha seed=5960738862814670959")


def test_a_position_is_one_line_read_back_to_the_same_state() -> None:
    state = TypoState.from_json(SAVED)  # a word under vote, in the second part
    assert format_position(state) == VOTE
    again = parse_position(VOTE, state.options)
    assert again.to_json() == {**SAVED, "played": []}  # the round's log is not the position
    assert again.pending == Pending(2, "C", 1, "right", "écha", ("UKRA", "EC", "TWE", "SNA"),
                                    "ECHA", "E")


def test_defaults_are_left_out_and_a_new_deal_round_trips() -> None:
    state = parse_position("RONT/ELA/MAISON/PL AEF/EIS/EOT/EUV")
    assert (state.players, state.part, state.round, state.step, state.holder) == (4, 1, 1,
                                                                                   "choose", 0)
    assert state.hands[0] == ["A", "E", "F"] and state.lost == [0, 0, 0, 0]
    assert format_position(state) == "RONT/ELA/MAISON/PL AEF/EIS/EOT/EUV"
    dealt = GAME.new(None, 5, 12)
    assert GAME.parse_position(GAME.format_position(dealt)) == dealt


def test_a_refused_word_waiting_for_its_discard_round_trips() -> None:
    text = "RONT/ELA/MAISON/MA AE/EIS/EOT/EUV step=discard revealed=FSTV queue=0,1,2,3 " \
           "pending=1L:fronde votes=-,1,1,1"
    state = parse_position(text)
    assert state.pending is not None and state.pending.rows[0] == "FRONT"
    assert state.to_act() == {0} and state.legal(0) is not None
    assert format_position(state) == text


@pytest.mark.parametrize("text", [
    "RONT/ELA/MAISON AEF/EIS",  # three rows
    "RONT/ELA/MAISON/PL AEF",  # one player
    "RONT/ELA/MAISON/PL AEF/EI1",  # no such card
    "RONT/ELA/MAISON/PL AEF/EIS holder=2",  # no such seat
    "RONT/ELA/MAISON/PL AEF/EIS colour=red",  # no such key
    "RONT/ELA/MAISON/PL AEF/EIS step=vote pending=1L:front",  # nothing revealed
])
def test_a_malformed_position_is_refused_in_english(text: str) -> None:
    with pytest.raises(ValueError):
        parse_position(text)
