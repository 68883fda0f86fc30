"""The state declared once (issue 18): saved games still load, the lexicon is the state's, and
the position notation (docs/rules/awalettres.md, « Position notation ») round-trips."""

import json
from pathlib import Path

import pytest

from ludomots.games.awalettres.notation import NotationError, parse_position
from ludomots.games.awalettres.records import Task
from ludomots.games.awalettres.rules import GAME, AwalettresState, Play, first_word
from ludomots.lexicon.lexicon import Lexicon
from ludomots.lexicon.policy import STANDARD, Policy

from .helpers import make_state, word

A, B, C = 0, 1, 2
SAVED = Path(__file__).parent / "data" / "state_before_18.json"


def test_a_state_saved_before_the_declared_fields_loads_unchanged_and_plays_on() -> None:
    # Saved by main at cfc73c7 (hand-written to_json) mid-game: a spell to give, a
    # MARABOUTAGE held and one designated, debts, WAYAMPOU done.
    data = json.loads(SAVED.read_text(encoding="utf-8"))
    state = AwalettresState.from_json(data)
    assert state.to_json() == data
    assert state.tasks == [Task("spell", C)] and state.designations == [[], [(C, "O")], []]
    assert state.ledger.debts == [[(B, 2), (C, 2)], [], []] and state.held[B] == ["maraboutage"]
    moves = 0
    while not state.is_over() and moves < 400:
        seat = min(state.to_act())
        action = GAME.timeout_action(state, seat)
        assert action is not None
        state.apply(seat, action)
        assert AwalettresState.from_json(state.to_json()) == state
        moves += 1
    assert state.is_over() and moves > 20


class OneWordLess(Lexicon):
    """The real word list, but for one word it refuses."""

    def __init__(self, refused: str) -> None:
        super().__init__()
        self.refused = refused

    def accepts(self, word: str, policy: Policy | str = STANDARD) -> bool:
        return word.upper() != self.refused and super().accepts(word, policy)

    def checker(self, policy: Policy | str = STANDARD):  # type: ignore[no-untyped-def]
        check = super().checker(policy)
        return lambda w: w.upper() != self.refused and check(w)


class OneWordMore(Lexicon):
    """The real word list, and one more word."""

    def __init__(self, added: str) -> None:
        super().__init__()
        self.added = added

    def accepts(self, word: str, policy: Policy | str = STANDARD) -> bool:
        return word.upper() == self.added or super().accepts(word, policy)


def test_a_game_refereed_with_another_word_list_refuses_the_word_it_refuses() -> None:
    # The word the real lexicon's referee would let the first player lay (timeout's choice)...
    real = GAME.new(None, 2, 11)
    seat = real.current
    action = first_word(real, seat)
    assert isinstance(action, Play) and real.check(seat, action) is None
    # ...is refused, with the exact code, by a game refereed with a list that lacks it.
    other = GAME.new(None, 2, 11, lexicon=OneWordLess(action.word))
    assert other.lexicon.refused == action.word  # type: ignore[attr-defined]
    error = other.check(seat, action)
    assert error is not None and error.code == "unknown_word"
    assert first_word(other, seat) != action  # its automaton walk skips the word too
    # The state's copies and loads keep their lexicon.
    assert other.clone().check(seat, action) is not None


def test_a_word_list_with_one_more_word_accepts_it() -> None:
    state = make_state(["RST", "EAU"], grenier="E" * 20)
    assert state.check(A, word(state, "RST")).code == "unknown_word"  # type: ignore[union-attr]
    state.referee_with(OneWordMore("RST"))
    assert state.check(A, word(state, "RST")) is None
    state.apply(A, word(state, "RST"))
    assert state.played[-1].key == "RST" and state.played[-1].sources == (A, A, A)


def test_the_notation_of_a_saved_position_is_exact_and_round_trips() -> None:
    state = AwalettresState.from_json(json.loads(SAVED.read_text(encoding="utf-8")))
    text = GAME.format_position(state)
    assert text.startswith("EEIKMRS/EEGLNSU/AEFIRTY 2 step=give phase=end_turn tasks=spell@2 "
                           "pending=echange grenier=LS*IEICCLMBN")
    assert text.endswith(" held=/maraboutage/ marabout=/2O/ sacks=0,0,9 debts=1:2,2:2// "
                         "discard=**ETIONS** spent=maraboutage,generosite2 turn=1 "
                         "rng=4540075296415498239")
    parsed = GAME.parse_position(text, state.options)
    assert GAME.format_position(parsed) == text
    # Everything but WAYAMPOU's definitions and the move logs, which it leaves out.
    left_out = {"played", "history", "definitions", "order", "votes"}
    a, b = state.to_json(), parsed.to_json()
    assert {k for k in a if a[k] != b[k]} == left_out


def test_a_written_position_reads_as_written() -> None:
    state = GAME.parse_position("?EE/RT/- 1 tasks=cast@1:echange grenier=AB*C box=panique "
                                "marabout=/0?/ sacks=3,0,1 debts=/P:5,0:2/ nowords rng=9",
                                {"marabout_card": "target"})
    assert state.players == 3 and state.current == state.first == B
    assert state.hands == [["?", "E", "E"], ["R", "T"], []]
    assert state.tasks == [Task("cast", B, "echange")]
    assert state.grenier == ["C", "*", "B", "A"] and state.box == ["panique"]
    assert state.designations == [[], [(A, "?")], []]
    assert state.ledger.sacks == [3, 0, 1] and state.ledger.debts == [[], [(-1, 5), (A, 2)], []]
    assert not state.can_play and state.rng.state == 9 and not state.from_caster


@pytest.mark.parametrize("text", [
    "", "EE", "EE/RT x", "EE/RT 2", "E1/RT 0", "EE 0", "EE/RT 0 grenier=a", "EE/RT 0 box=sort",
    "EE/RT 0 held=echange", "EE/RT 0 tasks=cast", "EE/RT 0 step=dance", "EE/RT 0 color=red",
    "EE/RT 0 turn=1 turn=2", "EE/RT 0 debts=5:1/", "EE/RT 0 nowords=1",
])
def test_a_text_that_is_not_the_notation_is_refused_in_english(text: str) -> None:
    with pytest.raises(NotationError):
        GAME.parse_position(text)


def test_a_position_for_another_number_of_players_is_refused() -> None:
    assert parse_position("EE/RT 0", players=2).players == 2
    with pytest.raises(NotationError, match="3 players"):
        parse_position("EE/RT 0", players=3)
