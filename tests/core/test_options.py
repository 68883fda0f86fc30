from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

import pytest

from ludomots.core.options import describe_options, options_from_json, options_to_json


@dataclass(frozen=True)
class Opts:
    size: int = field(default=15, metadata={"label": "Taille", "help": "Côté du plateau."})
    variant: Literal["classique", "éclair"] = field(default="classique", metadata={
        "label": "Variante", "choice_labels": {"classique": "Classique", "éclair": "Éclair"}})
    blanks: tuple[int, ...] = (1, 2)
    timer: float | None = None


def test_to_json_includes_every_field_with_tuples_as_lists() -> None:
    assert options_to_json(Opts()) == {
        "size": 15, "variant": "classique", "blanks": [1, 2], "timer": None}


def test_from_json_round_trips_and_missing_keys_take_defaults() -> None:
    opts = Opts(size=11, variant="éclair", blanks=(3,), timer=1.5)
    assert options_from_json(Opts, options_to_json(opts)) == opts
    assert options_from_json(Opts, {"size": 9}) == Opts(size=9)


def test_unknown_option_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match="unknown option.*sise"):
        options_from_json(Opts, {"sise": 9})


@pytest.mark.parametrize(("data", "name"), [
    ({"size": "9"}, "size"), ({"size": True}, "size"), ({"variant": "rapide"}, "variant"),
    ({"blanks": [1, "a"]}, "blanks"), ({"timer": "1"}, "timer")])
def test_wrong_type_is_refused_naming_the_field(data: dict[str, object], name: str) -> None:
    with pytest.raises(ValueError, match=f"option '{name}'"):
        options_from_json(Opts, data)


def test_describe_options_gives_types_defaults_choices_and_french_labels() -> None:
    assert describe_options(Opts) == [
        {"name": "size", "type": "int", "default": 15, "choices": None, "label": "Taille",
         "help": "Côté du plateau.", "choice_labels": None},
        {"name": "variant", "type": "choice", "default": "classique",
         "choices": ["classique", "éclair"], "label": "Variante", "help": "",
         "choice_labels": {"classique": "Classique", "éclair": "Éclair"}},
        {"name": "blanks", "type": "tuple[int, ...]", "default": [1, 2], "choices": None,
         "label": "blanks", "help": "", "choice_labels": None},
        {"name": "timer", "type": "float | None", "default": None, "choices": None,
         "label": "timer", "help": "", "choice_labels": None},
    ]


def test_helpers_refuse_non_dataclasses() -> None:
    with pytest.raises(TypeError):
        options_to_json({"size": 1})
    with pytest.raises(TypeError):
        options_from_json(dict, {})
