"""State fields declared once (issue 18, part 2): JSON, copies and equality derived in core."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from ludomots.core.game import Action, Event, State
from ludomots.core.rng import SeededRandom
from ludomots.core.statefields import codec, encoder, options_codec, transient
from ludomots.lexicon.lexicon import Lexicon


@dataclass(frozen=True)
class Opts:
    target: int = 20


@dataclass(frozen=True)
class Claim:
    seat: int
    word: str
    cells: tuple[tuple[int, int], ...]


@dataclass(eq=False)
class Sample(State):
    options: Opts = field(metadata=options_codec(Opts))
    players: int
    rng: SeededRandom
    hands: list[list[str]] = field(default_factory=list)
    pending: Claim | None = None
    claims: list[Claim] = field(default_factory=list)
    seen: set[str] = field(default_factory=set)
    by_seat: dict[int, list[int]] = field(default_factory=dict)
    board: list[str] = field(default_factory=list, metadata=codec(
        lambda rows: "/".join(rows), lambda text: text.split("/") if text else []))
    cache: dict[str, int] = field(default_factory=dict, metadata=transient())

    def to_act(self) -> frozenset[int]:
        return frozenset()

    def _check(self, seat: int, action: Action) -> None:
        return None

    def _apply(self, seat: int, action: Action) -> list[Event]:
        return []

    def view(self, seat: int | None) -> dict[str, Any]:
        return {}

    def is_over(self) -> bool:
        return False

    def scores(self) -> list[int]:
        return [0] * self.players


def sample() -> Sample:
    state = Sample(Opts(30), 2, SeededRandom(5), hands=[["A", "B"], ["C"]],
                   pending=Claim(1, "ÉTÉ", ((0, 0), (0, 1))),
                   claims=[Claim(0, "MOT", ((2, 2),))], seen={"B", "A"},
                   by_seat={0: [1, 2], 1: []}, board=["AB.", "..C"])
    state.cache["x"] = 1
    return state


def test_the_json_is_derived_from_the_declared_fields_with_their_types() -> None:
    data = sample().to_json()
    assert data == {
        "options": {"target": 30}, "players": 2, "rng": SeededRandom(5).to_json(),
        "hands": [["A", "B"], ["C"]],
        "pending": {"seat": 1, "word": "ÉTÉ", "cells": [[0, 0], [0, 1]]},
        "claims": [{"seat": 0, "word": "MOT", "cells": [[2, 2]]}],
        "seen": ["A", "B"], "by_seat": {"0": [1, 2], "1": []}, "board": "AB./..C",
    }


def test_from_json_rebuilds_typed_values_and_gives_transient_fields_their_default() -> None:
    back = Sample.from_json(sample().to_json())
    assert back == sample()
    assert back.pending == Claim(1, "ÉTÉ", ((0, 0), (0, 1)))
    assert back.seen == {"A", "B"} and back.by_seat == {0: [1, 2], 1: []}
    assert back.board == ["AB.", "..C"] and back.cache == {}
    assert isinstance(back.rng, SeededRandom) and back.rng == SeededRandom(5)


def test_a_key_missing_from_an_old_save_takes_the_field_default() -> None:
    data = sample().to_json()
    del data["claims"]
    assert Sample.from_json(data).claims == []


def test_options_from_json_are_checked_as_lobby_options_are() -> None:
    data = sample().to_json()
    data["options"] = {"target": 30, "unknown": 1}
    with pytest.raises(ValueError, match="unknown option"):
        Sample.from_json(data)


def test_a_clone_shares_nothing_mutable_and_equals_the_original() -> None:
    state = sample()
    copy = state.clone()
    assert copy == state and copy is not state
    copy.hands[0].append("Z")
    copy.by_seat[0].append(9)
    copy.seen.add("Q")
    copy.rng.next64()
    assert state.hands[0] == ["A", "B"] and state.by_seat[0] == [1, 2]
    assert state.seen == {"A", "B"} and state.rng == SeededRandom(5)
    assert copy.cache == {}
    assert copy.pending is state.pending  # frozen records are shared, not copied


def test_equality_compares_the_positions() -> None:
    other = sample()
    other.hands[1] = ["D"]
    assert other != sample()


def test_the_lexicon_is_context_carried_by_clone_and_given_to_from_json() -> None:
    lexicon = Lexicon()
    state = sample().referee_with(lexicon)
    assert state.clone().lexicon is lexicon
    assert Sample.from_json(state.to_json(), lexicon=lexicon).lexicon is lexicon
    assert "lexicon" not in state.to_json()


def test_a_log_typed_any_keeps_its_scalars_and_turns_records_and_tuples_into_json() -> None:
    """A move log (``list[dict[str, Any]]``): scalars as they are (booleans stay booleans),
    tuples as lists, a record as its fields."""
    log = [{"seat": 0, "word": "ÉTÉ", "points": 1.5, "shared": False, "sense": None,
            "cells": ((7, 7), (7, 8)), "claim": Claim(1, "MOT", ((2, 2),))}]
    assert encoder(list[dict[str, Any]])(log) == [
        {"seat": 0, "word": "ÉTÉ", "points": 1.5, "shared": False, "sense": None,
         "cells": [[7, 7], [7, 8]], "claim": {"seat": 1, "word": "MOT", "cells": [[2, 2]]}}]
    assert encoder(list[dict[str, Any]])(log)[0]["shared"] is False

