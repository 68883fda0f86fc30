"""Position notation (issue 18, part 5; docs/rules/vocabulon.md « Position notation »): one
line that reads back into the same position, for every position play reaches."""

import json
from pathlib import Path
from typing import Any

import pytest

from ludomots.core.rng import SeededRandom
from ludomots.games.vocabulon import board
from ludomots.games.vocabulon.actions import Throw
from ludomots.games.vocabulon.bots import BOTS
from ludomots.games.vocabulon.notation import format_position, parse_position
from ludomots.games.vocabulon.rules import (
    GAME,
    ChangeRequest,
    Exchange,
    Riddle,
    Said,
    VocabulonState,
)

SAVED = Path(__file__).parent / "data" / "state_before_18.json"


def public(state: VocabulonState, seat: int | None) -> dict[str, Any]:
    """A seat's view without the history (the notation leaves the log out)."""
    view = state.view(seat)
    del view["history"]
    return view


def test_a_position_reads_as_written() -> None:
    text = ("PORTE>PARTOUT@bA+2*:PQ,R/MOINS@jGH+1*:E,E/?@rV1 respond turn=7 current=1 "
            "first=2 die=4 offer=2:E,0:R request=0:partout:E:2,1 asked=7")
    state = parse_position(text)
    assert state.players == 3 and state.step == "respond"
    assert state.secrets == ["PARTOUT", "MOINS", None]
    assert state.former == [["PORTE"], [], []] and state.public_secret == [True, False, False]
    assert state.lengths == [7, 5, 5]
    assert state.positions == [board.START, board.cell(1, 7), board.cell(2, 6)]
    assert state.throws == [2, 1, 0] and state.moved == [True, True, False]
    assert state.held == [["PQ", "R"], ["E", "E"], []]
    assert (state.turn, state.current, state.first_player, state.face) == (7, 1, 2, 4)
    assert state.exchange == Exchange(2, 0, "E", "R", offer=True)
    assert state.request == ChangeRequest(0, "partout", ("E",), (2, 1))
    assert state.asked_turn == 7 and state.to_act() == {0}
    assert format_position(state) == text


def test_a_riddle_reads_with_its_card_out_of_the_compartment() -> None:
    text = ("CHAT@bL+1*/LOUP@bA+1* others turn=2 die=5 riddle=L#4 via=vocabulon attempts=2 "
            "said=0:la_mer,0:lac queue=1")
    state = parse_position(text, {"answers": 3}, players=2)
    assert state.riddle == Riddle("L", 4, 5, asked=0, reader=1, via="vocabulon", attempts=2,
                                  answers=(Said(0, "la mer"), Said(0, "lac")), queue=(1,))
    assert 4 not in state.sabot["L"] and len(state.sabot["L"]) == 32
    assert state.to_act() == {1} and state.options.answers == 3
    assert format_position(state) == text


def test_the_seed_deals_the_compartments_as_a_new_game_does() -> None:
    state = parse_position("?@bA/?@bA secret seed=7")
    assert state.sabot == GAME.new(None, 2, 7).sabot
    assert state == GAME.new(None, 2, 7)
    assert format_position(GAME.new(None, 4, 1)) == "?@bA/?@bA/?@bA/?@bA secret"


def test_the_game_object_reads_and_writes_positions() -> None:
    state = GAME.parse_position("PORTE@bA/MOINS@bA throw turn=1", {"max_rounds": 9})
    assert state.options.max_rounds == 9 and state.legal(0) == [Throw()]
    assert GAME.format_position(state) == "PORTE@bA/MOINS@bA throw turn=1"


@pytest.mark.parametrize(("text", "message"), [
    ("", "SEATS STEP"),
    ("CHAT@bA throw", "2 to 4 players"),
    ("CHAT@bA/LOUP@bA jump", "unknown step"),
    ("CHAT@bZ/LOUP@bA throw", "no cell code"),
    ("CHAT@bA:QQ/LOUP@bA throw", "no letter group"),
    ("CH-AT@bA/LOUP@bA throw", "letters only"),
    ("CHAT@bA/LOUP@bA throw current=2", "no seat"),
    ("CHAT@bA/LOUP@bA throw die=9", "no face"),
    ("CHAT@bA/LOUP@bA answer riddle=L#4", "give die"),
    ("CHAT@bA/LOUP@bA answer die=4 riddle=L#40", "no card 40"),
    ("CHAT@bA/LOUP@bA answer die=4 queue=1", "riddle=GROUP#CARD too"),
    ("CHAT@bA/LOUP@bA respond exchange=0:A,1:B offer=0:A,1:B", "not both"),
    ("CHAT@bA/LOUP@bA throw colour=blue", "unknown item"),
    ("CHAT@bA/LOUP@bA throw turn=1 turn=2", "twice"),
])
def test_a_malformed_position_is_refused_with_the_reason(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_position(text)


def test_the_players_given_must_match_the_seats() -> None:
    with pytest.raises(ValueError, match="2 seats, not 3"):
        parse_position("CHAT@bA/LOUP@bA throw", players=3)


def test_the_saved_mid_game_state_round_trips_through_its_notation() -> None:
    state = VocabulonState.from_json(json.loads(SAVED.read_text(encoding="utf-8")))
    text = format_position(state)
    assert text == ("OFFRE@rTU+5*:R,PQ,E,F,TU/SABLE@bV1+6*:E,F,VWXYZ,A,S,B/"
                    "FETER>CHIGNON@rV2+5*:IJK,GH others turn=16 current=1 first=1 die=7 "
                    "riddle=L#17 via=vocabulon attempts=1 queue=2,0 asked=14")
    back = parse_position(text, state.options)
    for seat in (None, 0, 1, 2):
        assert public(back, seat) == public(state, seat)


@pytest.mark.parametrize(("seats", "options", "seed"), [
    (("expert", "confirme", "debutant"), None, 3),
    (("greedy", "debutant"), {"die": "1-6", "answers": 1, "clues": ["deuxieme", "aucun"]}, 4),
    (("debutant", "debutant", "confirme", "expert"), {"handicaps": [1, 0, -1, 0]}, 5),
])
def test_every_position_of_a_bot_game_reads_back_as_the_same_position(
        seats: tuple[str, ...], options: dict[str, object] | None, seed: int) -> None:
    state = GAME.new(options, len(seats), seed)
    bots = [BOTS[level]() for level in seats]
    rng = SeededRandom(seed)
    steps = 0
    while not state.is_over() and steps < 400:
        text = format_position(state)
        back = parse_position(text, state.options, players=len(seats))
        assert format_position(back) == text and " " not in text.split(" ")[0]
        for seat in (None, *range(len(seats))):
            assert public(back, seat) == public(state, seat), (text, seat)
        seat = min(state.to_act())
        state.apply(seat, bots[seat].choose(state, seat, rng))
        steps += 1
