"""The terminal game: parsing what players type, wording events, and whole scripted games."""

from collections.abc import Iterator
from pathlib import Path

import pytest

from ludomots.core.errors import RuleError
from ludomots.core.game import Action
from ludomots.core.record import Record, replay
from ludomots.core.rng import SeededRandom
from ludomots.games.awalettres.bots import Confirme
from ludomots.games.awalettres.rules import (
    GAME,
    AwalettresOptions,
    AwalettresState,
    Calm,
    Define,
    Exchange,
    Give,
    Marabout,
    Pass,
    Play,
    Return,
    Vote,
)
from ludomots.tui.awalettres.screens import (
    Hint,
    parse_exchange,
    parse_give,
    parse_marabout,
    parse_seats,
    parse_word,
)
from ludomots.tui.awalettres.tui import play_session

from .helpers import make_state

A, B, C = range(3)


def test_seats_are_humans_or_bot_levels() -> None:
    seats = parse_seats("moi,Expert,confirmé")
    assert [(s.kind, s.level) for s in seats] == [("human", None), ("bot", "expert"),
                                                  ("bot", "confirme")]
    with pytest.raises(ValueError):
        parse_seats("moi")
    with pytest.raises(ValueError):
        parse_seats("moi,champion")


def test_a_typed_word_takes_own_letters_first_then_the_others() -> None:
    state = make_state(["AREILNT", "PIOUNMD", "SIOUNMT"], grenier="EEEEEEE")
    assert parse_word("Après", state, A) == Play("APRES", (A, B, A, A, C), ())
    assert parse_word("a p@3 r e s@3", state, A) == Play("APRES", (A, C, A, A, C), ())
    assert parse_word("a* r t", state, A) == Play("ART", (A, A, A), (0,))
    assert parse_word("aide", state, A) == Hint()
    with pytest.raises(RuleError):
        parse_word("a p@9", state, A)
    with pytest.raises(RuleError):
        parse_word("zzzzq", state, A)


def test_spell_answers_are_read() -> None:
    state = make_state(["AREILNT", "PIOUNMD", "SIOUNMT"], grenier="EEEEEEE")
    assert parse_give("g", state, B) == B and parse_give("3", state, B) == C
    assert parse_exchange("E 2 s", state) == Exchange("E", B, "S")
    assert parse_exchange("non", state) == Exchange("", None, "")
    assert parse_marabout("2 ?", state) == Marabout(B, "?")


def typed(action: Action) -> str:
    """What a player would type for `action`."""
    if isinstance(action, Play):
        return " ".join(letter + ("*" if i in action.wild else "") + f"@{source + 1}"
                        for i, (letter, source) in enumerate(zip(action.word, action.sources,
                                                                 strict=True)))
    if isinstance(action, Give):
        return str(action.target + 1)
    if isinstance(action, Calm):
        return "payer" if action.method == "pay" else action.phrase
    if isinstance(action, Exchange):
        return "non" if action.target is None else \
            f"{action.give} {action.target + 1} {action.take}"
    if isinstance(action, Marabout):
        return f"{action.target + 1} {action.card}"
    if isinstance(action, Return):
        return action.card
    if isinstance(action, Pass):
        return "passe"
    if isinstance(action, Vote):
        return str(action.choice + 1)
    assert isinstance(action, Define)
    return action.text


def test_a_scripted_human_plays_a_whole_game_and_the_record_replays(tmp_path: Path) -> None:
    """The human types what a confirmé bot would play, in the explicit syntax."""
    seats = parse_seats("moi,expert,debutant")
    advisor = Confirme()
    rng = SeededRandom(3)
    holder: dict[str, AwalettresState] = {}
    shown: list[str] = []

    def ask(prompt: str) -> str:
        state = holder["state"]
        seat = min(state.to_act())
        return typed(advisor.choose(state, seat, rng))

    def show(item: object) -> None:
        shown.append(str(item))

    import ludomots.tui.awalettres.tui as tui

    original = tui.TerminalGame.__init__

    def spy(self: tui.TerminalGame, *args: object, **kwargs: object) -> None:
        original(self, *args, **kwargs)  # type: ignore[arg-type]
        holder["state"] = self.state

    tui.TerminalGame.__init__ = spy  # type: ignore[method-assign]
    try:
        path = tmp_path / "game.json"
        recorder = play_session(AwalettresOptions(first_player="wayampou"), 12, seats, ask,
                                show, record_path=path)
    finally:
        tui.TerminalGame.__init__ = original  # type: ignore[method-assign]
    assert recorder.state.is_over()
    assert any(line.startswith("Joueur 1 pose ") for line in shown)
    assert any(line.startswith("Définitions : 1. ") for line in shown)
    assert replay(Record.load(path), GAME) == recorder.state


def test_quitting_interrupts_the_game() -> None:
    answers: Iterator[str] = iter(["quitte"])
    shown: list[str] = []
    recorder = play_session(AwalettresOptions(), 4, parse_seats("moi,expert"),
                            lambda prompt: next(answers), lambda item: shown.append(str(item)))
    assert not recorder.state.is_over()
    assert shown[-1] == "Partie interrompue."
