"""State fields declared once (issue 18, part 2): JSON, copies and equality derived in core."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import pytest

from ludomots.core.game import Action, Event, State
from ludomots.core.rng import SeededRandom
from ludomots.core.statefields import (
    codec,
    encoder,
    json_key,
    options_codec,
    restates_record,
    transient,
)
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


@dataclass(eq=False)
class ReadOnlyLogged(Sample):
    """A state with a move log: entries typed read-only are never changed once written."""

    log: list[Mapping[str, Any]] = field(default_factory=list)
    last: Mapping[str, Any] | None = None


def test_read_only_mappings_are_dicts_in_json_and_shared_by_copies() -> None:
    state = ReadOnlyLogged(Opts(), 2, SeededRandom(1), log=[{"type": "play", "words": ["MOT"]}])
    state.last = state.log[0]
    data = state.to_json()
    assert data["log"] == [{"type": "play", "words": ["MOT"]}] and data["last"] == data["log"][0]
    back = ReadOnlyLogged.from_json(data)
    assert back == state and type(back.log[0]) is dict and back.log[0] is not state.log[0]
    copy = state.clone()
    assert copy == state and copy.log is not state.log
    assert copy.log[0] is state.log[0] and copy.last is state.last  # shared, not copied
    copy.log.append({"type": "pass"})
    assert len(state.log) == 1


@dataclass(frozen=True)
class Tally:
    seat: int
    top: int = field(metadata=json_key("max"))


@dataclass(eq=False)
class Renamed(Sample):
    """A field whose name is a method's (``winners``) is saved under that name all the same."""

    winners_: list[int] = field(default_factory=list, metadata=json_key("winners"))
    tallies: list[Tally] = field(default_factory=list)

    def winners(self) -> list[int]:
        return list(self.winners_)


def test_a_field_may_be_saved_under_another_key() -> None:
    state = Renamed(Opts(), 2, SeededRandom(1), winners_=[1], tallies=[Tally(0, 7)])
    data = state.to_json()
    assert data["winners"] == [1] and "winners_" not in data
    assert data["tallies"] == [{"seat": 0, "max": 7}]
    back = Renamed.from_json(data)
    assert back.winners_ == [1] and back.tallies == [Tally(0, 7)] and back == state
    assert state.clone().winners_ == [1]


@dataclass(eq=False)
class Logged(Sample):
    """A log of free-form entries (``Any`` values), as games keep their public history."""

    log: list[dict[str, Any]] = field(default_factory=list)


def test_free_form_entries_are_json_and_copies_share_nothing_mutable() -> None:
    entry = {"type": "move", "seat": 1, "path": (3, 4), "score": 2.5, "ok": True, "who": None,
             "nested": {"cells": [[1, 2]], "by": {"0": ["A"]}}}
    state = Logged(Opts(), 2, SeededRandom(1), log=[entry])
    data = state.to_json()
    assert data["log"] == [{"type": "move", "seat": 1, "path": [3, 4], "score": 2.5,
                            "ok": True, "who": None,
                            "nested": {"cells": [[1, 2]], "by": {"0": ["A"]}}}]
    assert data["log"][0] is not entry and data["log"][0]["nested"] is not entry["nested"]
    copy = state.clone()
    copy.log[0]["nested"]["cells"][0].append(9)
    copy.log.append({})
    assert entry["nested"] == {"cells": [[1, 2]], "by": {"0": ["A"]}} and len(state.log) == 1
    back = Logged.from_json(data)
    assert back == state and back.log[0]["nested"] is not data["log"][0]["nested"]


def test_a_log_typed_any_keeps_its_scalars_and_turns_records_and_tuples_into_json() -> None:
    """A move log (``list[dict[str, Any]]``): scalars as they are (booleans stay booleans),
    tuples as lists, a record as its fields."""
    log = [{"seat": 0, "word": "ÉTÉ", "points": 1.5, "shared": False, "sense": None,
            "cells": ((7, 7), (7, 8)), "claim": Claim(1, "MOT", ((2, 2),))}]
    assert encoder(list[dict[str, Any]])(log) == [
        {"seat": 0, "word": "ÉTÉ", "points": 1.5, "shared": False, "sense": None,
         "cells": [[7, 7], [7, 8]], "claim": {"seat": 1, "word": "MOT", "cells": [[2, 2]]}}]
    assert encoder(list[dict[str, Any]])(log)[0]["shared"] is False



@dataclass(eq=False)
class Recorded(Sample):
    """A move log that restates the record's actions."""

    moves: list[dict[str, Any]] = field(default_factory=list, metadata=restates_record())


def test_a_log_that_restates_the_record_is_saved_but_left_out_of_the_digest() -> None:
    state = Recorded(Opts(), 2, SeededRandom(1), moves=[{"seat": 0, "word": "MOT"}])
    data = state.to_json()
    assert data["moves"] == [{"seat": 0, "word": "MOT"}]
    without = dict(data)
    del without["moves"]
    assert state.digest_json() == without
    other = Recorded(Opts(), 2, SeededRandom(1), moves=[])
    assert other.digest() == state.digest() and other != state
