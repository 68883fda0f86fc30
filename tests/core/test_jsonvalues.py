from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Literal

import pytest

from ludomots.core.jsonvalues import canonical_json, from_json_value, to_json_value


def test_canonical_json_sorts_keys_and_keeps_accents() -> None:
    assert canonical_json({"b": 1, "a": ["é", None]}) == '{"a":["é",null],"b":1}'


def test_canonical_json_is_byte_for_byte_what_the_stored_digests_were_taken_of() -> None:
    """Issue 22 made the encoder once, without the circular check: the bytes (hence every
    stored digest) must stay those of the ``json.dumps`` call the digests were taken with."""
    value = {"z": [1, -2.5, 1e16, 1e-05, True, None], "é": "naïve\u2028\x1f\"\\\n",
             "board": [[["A"], [], ["B", "C"]]] * 3, "t": ("tuple", 3), "n": {7: "b", 1: {}},
             "big": 2 ** 64 - 1, "emoji": "\U0001f600"}
    assert canonical_json(value) == json.dumps(value, sort_keys=True, separators=(",", ":"),
                                               ensure_ascii=False, allow_nan=False)


def test_canonical_json_refuses_nan() -> None:
    with pytest.raises(ValueError):
        canonical_json(float("nan"))


@pytest.mark.parametrize(("value", "tp", "expected"), [
    (3, int, 3), (True, bool, True), (2, float, 2.0), ("x", str, "x"), (None, int | None, None),
    ([1, 2], tuple[int, ...], (1, 2)), (["a", 1], tuple[str, int], ("a", 1)),
    ("carry", Literal["discard", "carry"], "carry"), ({"k": [1]}, dict[str, list[int]], {"k": [1]}),
    ({"z": 1}, Any, {"z": 1}),
])
def test_accepts_values_of_the_declared_type(value: Any, tp: Any, expected: Any) -> None:
    assert from_json_value(value, tp, "f") == expected


@pytest.mark.parametrize(("value", "tp"), [
    (True, int), (1, bool), ("1", int), (1.5, int), (True, float), (float("inf"), float),
    (None, str), ([1, "a"], tuple[int, ...]), ([1], tuple[int, int]), ("x", Literal["a"]),
    (True, Literal[1]), ("x", int | None), ({1: 2}, dict[str, int]), ((1,), list[int]),
])
def test_rejects_values_of_another_type_naming_the_field(value: Any, tp: Any) -> None:
    with pytest.raises(ValueError, match="^f"):
        from_json_value(value, tp, "f")


def test_unsupported_declared_types_are_a_programming_error() -> None:
    with pytest.raises(TypeError):
        from_json_value(1, complex, "f")


def test_to_json_value_turns_tuples_and_dataclasses_into_plain_json() -> None:
    @dataclass
    class P:
        xs: tuple[int, ...]

    assert to_json_value({"p": P((1, 2))}) == {"p": {"xs": [1, 2]}}


def test_to_json_value_copies_plain_containers_and_converts_their_contents() -> None:
    """The fast path for plain dicts and lists (every event of every action goes through it)
    converts what they hold like the general one: keys become strings, tuples and mappings
    inside become lists and dicts, and the result shares no container with the value."""
    from collections import OrderedDict

    @dataclass
    class P:
        xs: tuple[int, ...]

    value = {1: [("a", 2.5), None, True], "m": OrderedDict(k=P((3,))), "s": "é"}
    out = to_json_value(value)
    assert out == {"1": [["a", 2.5], None, True], "m": {"k": {"xs": [3]}}, "s": "é"}
    assert type(out["m"]) is dict
    out["1"].append("x")
    assert value[1] == [("a", 2.5), None, True]
