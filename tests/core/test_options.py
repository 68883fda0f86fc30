from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

import pytest

from ludomots.core.options import (
    OptionError,
    check_bounds,
    describe_options,
    options_from_json,
    options_to_json,
)


@dataclass(frozen=True)
class Opts:
    size: int = field(default=15, metadata={"label": "Taille", "help": "Côté du plateau.",
                                            "min": 5, "max": 21})
    variant: Literal["classique", "éclair"] = field(default="classique", metadata={
        "label": "Variante", "choice_labels": {"classique": "Classique", "éclair": "Éclair"}})
    blanks: tuple[int, ...] = (1, 2)
    timer: float | None = field(default=None, metadata={"max": 10})


def test_to_json_includes_every_field_with_tuples_as_lists() -> None:
    assert options_to_json(Opts()) == {
        "size": 15, "variant": "classique", "blanks": [1, 2], "timer": None}


def test_from_json_round_trips_and_missing_keys_take_defaults() -> None:
    opts = Opts(size=11, variant="éclair", blanks=(3,), timer=1.5)
    assert options_from_json(Opts, options_to_json(opts)) == opts
    assert options_from_json(Opts, {"size": 9}) == Opts(size=9)


def test_unknown_option_is_refused_by_name_in_english_and_in_french() -> None:
    with pytest.raises(OptionError, match="unknown option.*sise") as refused:
        options_from_json(Opts, {"sise": 9})
    assert refused.value.french == "option inconnue « sise »."
    with pytest.raises(OptionError) as refused:
        options_from_json(Opts, {"sise": 9, "taille": 3})
    assert refused.value.french == "options inconnues « sise », « taille »."
    with pytest.raises(OptionError) as refused:
        options_from_json(Opts, [9])  # type: ignore[arg-type]
    assert refused.value.french == "un objet JSON est attendu."


@pytest.mark.parametrize(("data", "name"), [
    ({"size": "9"}, "size"), ({"size": True}, "size"), ({"variant": "rapide"}, "variant"),
    ({"blanks": [1, "a"]}, "blanks"), ({"timer": "1"}, "timer")])
def test_wrong_type_is_refused_naming_the_field(data: dict[str, object], name: str) -> None:
    with pytest.raises(ValueError, match=f"option '{name}'"):
        options_from_json(Opts, data)


@pytest.mark.parametrize(("data", "french"), [
    ({"size": "9"}, "« Taille » attend un nombre entier."),
    ({"size": True}, "« Taille » attend un nombre entier."),
    ({"variant": "rapide"}, "« Variante » se choisit parmi « Classique », « Éclair »."),
    ({"blanks": [1, "a"]}, "« blanks » attend une liste de nombres entiers."),
    ({"timer": "1"}, "« timer » attend un nombre, ou rien.")])
def test_wrong_type_is_explained_in_french_by_the_fields_label(
        data: dict[str, object], french: str) -> None:
    with pytest.raises(OptionError) as refused:
        options_from_json(Opts, data)
    assert refused.value.french == french


@pytest.mark.parametrize(("data", "english", "french"), [
    ({"size": 4}, "option 'size' must be between 5 and 21",
     "« Taille » doit être compris entre 5 et 21."),
    ({"size": 22}, "option 'size' must be between 5 and 21",
     "« Taille » doit être compris entre 5 et 21."),
    ({"timer": 10.5}, "option 'timer' must be <= 10", "« timer » doit valoir au plus 10.")])
def test_a_number_outside_its_bounds_is_refused(
        data: dict[str, object], english: str, french: str) -> None:
    with pytest.raises(OptionError) as refused:
        options_from_json(Opts, data)
    assert (str(refused.value), refused.value.french) == (english, french)
    assert options_from_json(Opts, {"size": 5, "timer": 10}) == Opts(size=5, timer=10)


def test_bounds_are_checked_on_options_built_in_python_too() -> None:
    with pytest.raises(OptionError, match="option 'size' must be between 5 and 21"):
        check_bounds(Opts(size=30))
    assert check_bounds(Opts(size=21, timer=None)) == Opts(size=21)


def test_describe_options_gives_types_defaults_choices_and_french_labels() -> None:
    assert describe_options(Opts) == [
        {"name": "size", "type": "int", "default": 15, "choices": None, "label": "Taille",
         "help": "Côté du plateau.", "choice_labels": None, "min": 5, "max": 21, "per_seat": None,
         "seat": False},
        {"name": "variant", "type": "choice", "default": "classique",
         "choices": ["classique", "éclair"], "label": "Variante", "help": "",
         "choice_labels": {"classique": "Classique", "éclair": "Éclair"}, "min": None,
         "max": None, "per_seat": None, "seat": False},
        {"name": "blanks", "type": "tuple[int, ...]", "default": [1, 2], "choices": None,
         "label": "blanks", "help": "", "choice_labels": None, "min": None, "max": None,
         "per_seat": None, "seat": False},
        {"name": "timer", "type": "float | None", "default": None, "choices": None,
         "label": "timer", "help": "", "choice_labels": None, "min": None, "max": 10,
         "per_seat": None, "seat": False},
    ]


def test_helpers_refuse_non_dataclasses() -> None:
    with pytest.raises(TypeError):
        options_to_json({"size": 1})
    with pytest.raises(TypeError):
        options_from_json(dict, {})


@dataclass(frozen=True)
class PerSeat:
    bonus: tuple[int, ...] = field(default=(), metadata={
        "label": "Bonus", "per_seat": {"choices": (0, 5), "default": 0,
                                       "labels": {0: "Sans", 5: "Cinq points"}}})
    hint: tuple[Literal["non", "oui"], ...] = field(default=(), metadata={
        "per_seat": {"default": "non"}})


def test_a_value_per_seat_is_described_with_its_choices_labels_and_default() -> None:
    bonus, hint = describe_options(PerSeat)
    assert bonus["per_seat"] == {"choices": [0, 5], "default": 0,
                                 "labels": {"0": "Sans", "5": "Cinq points"}}
    # Without choices in the metadata, the items' Literal gives them.
    assert hint["per_seat"] == {"choices": ["non", "oui"], "default": "non", "labels": {}}
