"""Vocabulon's state declared once (issue 18): saves written before still load and play on, the
records keep their saved shape, and the lexicon that referees comes from the state."""

import json
from collections.abc import Callable
from pathlib import Path

from ludomots.core.rng import SeededRandom
from ludomots.games.vocabulon.actions import Answer, ChangeSecret, ChooseSecret
from ludomots.games.vocabulon.bots import BOTS
from ludomots.games.vocabulon.groups import complete
from ludomots.games.vocabulon.rules import (
    GAME,
    ChangeRequest,
    Exchange,
    Riddle,
    VocabulonState,
)
from ludomots.games.vocabulon.words import default_secret
from ludomots.lexicon.fold import fold
from ludomots.lexicon.lexicon import Lexicon, get_lexicon
from ludomots.lexicon.policy import STANDARD, Policy

from .helpers import at_turn, started

#: A mid-game state (3 players, the riddle passed to the others) saved by the code of main
#: before issue 18 (commit cfc73c7's VocabulonState.to_json).
SAVED = Path(__file__).parent / "data" / "state_before_18.json"


def saved() -> dict[str, object]:
    data: dict[str, object] = json.loads(SAVED.read_text(encoding="utf-8"))
    return data


def saved_now(data: dict[str, object]) -> dict[str, object]:
    """A save as it is written back: the options added since it was made (which it lacks)
    at their default (riddle_alternates: a word that fits the riddle as well as the card's
    is right too)."""
    options = data["options"]
    assert isinstance(options, dict) and "riddle_alternates" not in options
    return {**data, "options": {**options, "riddle_alternates": True}}


def test_a_state_saved_before_issue_18_loads_unchanged_and_plays_on() -> None:
    data = saved()
    state = VocabulonState.from_json(data)
    assert state.to_json() == saved_now(data)
    assert state.riddle == Riddle("L", 17, 7, asked=1, reader=0, via="vocabulon",
                                  attempts=1, answers=(), queue=(2, 0))
    assert state.step == "others" and state.to_act() == {2}
    assert state.former == [[], [], ["FETER"]] and state.public_secret == [False, False, True]
    # The others answer in table order: seat 2 passes, seat 0 finds the word and wins the L.
    question = state.question()
    assert question is not None
    state.apply(2, Answer(""))
    assert state.to_act() == {0}
    held = list(state.held[0])
    state.apply(0, Answer(question.answer))
    assert state.held[0] == held + ["L"] and state.riddle is None
    assert state.step == "throw" and state.current == 2 and state.turn == 17
    bots = [BOTS[level]() for level in ("expert", "confirme", "debutant")]
    rng = SeededRandom(18)
    while not state.is_over():
        seat = min(state.to_act())
        state.apply(seat, bots[seat].choose(state, seat, rng))
    assert state.winners() and all(complete(state.secret_of(s), state.held[s])
                                   for s in state.winners())


def test_a_save_from_before_throws_were_counted_counts_one_throw_per_pawn_that_moved() -> None:
    data = saved()
    del data["throws"]
    assert VocabulonState.from_json(data).throws == [1, 1, 1]


def test_exchanges_and_change_requests_keep_the_shape_saves_always_had() -> None:
    # Old saves: a proposal has no "offer" key; an offer for a missing letter has "offer": true.
    proposal = {"from": 0, "to": 1, "give": "M", "take": "E"}
    offer = {"from": 1, "to": 0, "give": "E", "take": "R", "offer": True}
    request = {"seat": 0, "word": "partout", "groups": ["E"], "queue": [1, 2]}
    for step, exchange, change in (("respond", proposal, None), ("respond", offer, request),
                                   ("offer", None, request)):
        data = {**saved(), "step": step, "riddle": None, "exchange": exchange,
                "request": change}
        state = VocabulonState.from_json(data)
        assert state.to_json() == saved_now(data)
    assert Exchange.from_json(proposal) == Exchange(0, 1, "M", "E", offer=False)
    assert Exchange.from_json(offer) == Exchange(1, 0, "E", "R", offer=True)
    loaded = VocabulonState.from_json({**saved(), "request": request}).request
    assert loaded == ChangeRequest(0, "partout", ("E",), (1, 2))


class OneWordRuled(Lexicon):
    """The shipped lexicon with one word's verdict changed: a variant's word list."""

    def __init__(self, word: str, accepted: bool) -> None:
        super().__init__()
        self.word = fold(word)
        self.accepted = accepted

    def checker(self, policy: Policy | str = STANDARD) -> Callable[[str], bool]:
        shipped = super().checker(policy)
        return lambda word: self.accepted if fold(word) == self.word else shipped(word)

    def accepts(self, word: str, policy: Policy | str = STANDARD) -> bool:
        return self.checker(policy)(word)


def test_the_game_is_refereed_with_the_lexicon_it_was_given() -> None:
    # PORTE is a word of the shipped lexicon; a game refereed without it refuses it.
    assert GAME.new(None, 2, 1).check(0, ChooseSecret("porte")) is None
    without = OneWordRuled("porte", accepted=False)
    state = GAME.new(None, 2, 1, lexicon=without)
    error = state.check(0, ChooseSecret("porte"))
    assert error is not None and error.code == "unknown_word"
    # The lexicon is the state's context: copies and loaded saves keep the one given.
    again = state.clone().check(0, ChooseSecret("porte"))
    assert again is not None and again.code == "unknown_word"
    loaded = VocabulonState.from_json(state.to_json(), lexicon=without)
    refused = loaded.check(0, ChooseSecret("porte"))
    assert refused is not None and refused.code == "unknown_word"
    # BLORF is no word; a game whose lexicon has it accepts it as a secret word.
    assert GAME.new(None, 2, 1).check(0, ChooseSecret("blorf")) is not None
    state = GAME.new(None, 2, 1, lexicon=OneWordRuled("blorf", accepted=True))
    state.apply(0, ChooseSecret("blorf"))
    assert state.secrets[0] == "blorf"


def test_a_change_of_secret_word_is_refereed_with_the_state_lexicon() -> None:
    state = started(("PORTE", "MOINS", "CLAIR"))
    state = at_turn(state, 0, held=[["PQ"], ["E", "E"], ["E"]])
    assert state.check(0, ChangeSecret("partout")) is None
    state.referee_with(OneWordRuled("partout", accepted=False))
    error = state.check(0, ChangeSecret("partout"))
    assert error is not None and error.code == "unknown_word"


def test_the_timeout_secret_word_comes_from_the_state_lexicon() -> None:
    usual = default_secret(get_lexicon(), 5)
    state = GAME.new(None, 2, 1, lexicon=OneWordRuled(usual, accepted=False))
    chosen = GAME.timeout_action(state, 0)
    assert isinstance(chosen, ChooseSecret) and chosen.word != usual
    assert state.check(0, chosen) is None
