"""Topword's position notation (docs/rules/topword.md, « Position notation »): one line, read
back to the same state, written back to the same line."""

import json
from pathlib import Path

import pytest

from ludomots.games.topword.notation import format_position, parse_position
from ludomots.games.topword.records import Pending
from ludomots.games.topword.rules import GAME, TopwordOptions, TopwordState
from ludomots.games.topword.tiles import TILE_COUNT

from .helpers import EMPTY, RATEAU

SAVED = json.loads((Path(__file__).parent / "data" / "state_before_18.json").read_text("utf-8"))


def test_a_position_is_one_line_read_back_to_the_same_state() -> None:
    state = TopwordState.from_json(SAVED)  # a word open to a challenge, stacks, a bag
    text = format_position(state)
    assert "\n" not in text and text.startswith(state.board.to_notation() + " AAAPZET/UIG ")
    assert "pending=1:A6,A7,A8,A9" in text and "scores=28,92" in text
    again = parse_position(text, state.options)
    assert again.to_json() == {**SAVED, "last": None, "history": [], "start_draws": []}
    assert again.pending == Pending(1, ((0, 5, "Y"), (0, 6, "A"), (0, 7, "L"), (0, 8, "I")),
                                    18, ("YALI", "AERE"), "A6 YALI", 0)


def test_defaults_are_left_out() -> None:
    state = parse_position(f"{RATEAU} AEIRST/EEENRST bag=-")
    assert (state.players, state.turn, state.points, state.bag) == (2, 0, [0, 0], [])
    assert format_position(state) == f"{RATEAU} AEIRST/EEENRST bag=-"


def test_without_a_bag_the_game_s_other_tiles_are_in_it_shuffled() -> None:
    state = parse_position(f"{RATEAU} AEIRST/EEENRST")
    assert len(state.bag) == TILE_COUNT - 6 - 6 - 7
    assert state.bag.count("E") == 15 - 1 - 1 - 3 and state.bag.count("A") == 9 - 2 - 1
    assert state.bag == parse_position(f"{RATEAU} AEIRST/EEENRST").bag  # seed 0
    assert state.bag != parse_position(f"{RATEAU} AEIRST/EEENRST seed=1").bag


def test_the_last_word_of_the_game_waiting_for_acceptance_round_trips() -> None:
    state = parse_position(f"{RATEAU} OSE/EEENRST/AI bag=-", TopwordOptions())
    state.apply(0, GAME.action_codec.decode({"type": "play", "move": "3E ROSE"}))
    state.apply(2, GAME.action_codec.decode({"type": "accept"}))
    text = format_position(state)
    assert text.endswith("pending=0:F3,G3,H3 accepted=2")
    assert parse_position(text).to_json() == {**state.to_json(), "last": None, "history": []}


def test_a_qu_tile_followed_by_a_u_tile_is_two_tiles() -> None:
    # Found by test_state_roundtrip: the rack KDDBQUA read as six tiles, the U lost.
    state = parse_position(f"{RATEAU} KDDBQUA/EEENRST bag=UE")
    assert state.racks[0] == ["K", "D", "D", "B", "Q", "U", "A"]
    assert state.bag == ["U", "E"]
    assert format_position(state) == f"{RATEAU} KDDBQUA/EEENRST bag=UE"


def test_a_finished_game_round_trips() -> None:
    text = f"{EMPTY} E/E scores=2,-5 bag=- end=all_passed penalties=5,5"
    state = GAME.parse_position(text)
    assert state.is_over() and state.end_reason == "all_passed" and state.penalties == [5, 5]
    assert GAME.format_position(state) == text


@pytest.mark.parametrize("text", [
    f"{RATEAU}",  # no racks
    f"{RATEAU} AEIRST",  # one player
    f"{RATEAU} AEIRST/E1",  # no such tile
    f"{RATEAU} AEIRST/EEE turn=2",  # no such seat
    f"{RATEAU} AEIRST/EEE colour=red",  # no such key
    f"{RATEAU} AEIRST/EEE pending=0:A1",  # an empty cell
    f"{RATEAU} AEIRST/EEE end=tired",  # no such end
    "..../.... AEIRST/EEE",  # not a board
])
def test_a_malformed_position_is_refused_in_english(text: str) -> None:
    with pytest.raises(ValueError):
        parse_position(text)
