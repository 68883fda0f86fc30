"""A game's options: one typed, documented dataclass, convertible to JSON and describable.

Each rule variant is a field with a default (the ruling of RULINGS.md) and French metadata::

    tie_rule: Literal["discard", "carry"] = field(
        default="discard", metadata={"label": "Égalités", "help": "..."})

The web lobby and the CLI build their forms from ``describe_options`` instead of hard-coding
each game's variants; ``options_from_json`` is strict because a typo in a variant name must not
silently start a game with the defaults. A number's bounds are metadata too (``"min": 0``),
checked by ``check_bounds`` (and a text's ``max_length``); a refusal is an ``OptionError``,
in English and in French.
"""

from __future__ import annotations

import functools
from collections.abc import Hashable
from dataclasses import MISSING, Field, fields, is_dataclass
from typing import Any, Literal, TypeVar, cast, get_args, get_origin

from ludomots.core.jsonvalues import (
    copy_json,
    field_types,
    from_json_value,
    to_json_value,
    type_name,
)
from ludomots.core.text import printable

OptionsT = TypeVar("OptionsT")


class OptionError(ValueError):
    """Options a game refuses: ``str()`` is the English message (developers, the command
    line), ``french`` the one a player reads after « Options invalides : » in the lobby."""

    def __init__(self, message: str, french: str) -> None:
        super().__init__(message)
        self.french = french


def _require_dataclass(cls: type[Any]) -> None:
    if not (isinstance(cls, type) and is_dataclass(cls)):
        raise TypeError(f"{cls!r} is not a dataclass type")


def options_to_json(opts: Any) -> dict[str, Any]:
    """Every field, defaults included, so a record states the full rules it was played with."""
    if not is_dataclass(opts) or isinstance(opts, type):
        raise TypeError(f"{opts!r} is not a dataclass instance")
    cached: dict[str, Any]
    try:
        cached = _frozen_options_json(cast(Hashable, opts))  # states serialize them often
    except TypeError:  # not hashable (a mutable dataclass)
        cached = _options_json(opts)
    copied: dict[str, Any] = copy_json(cached)
    return copied


def _options_json(opts: Any) -> dict[str, Any]:
    return {f.name: to_json_value(getattr(opts, f.name)) for f in fields(opts)}


_frozen_options_json = functools.lru_cache(maxsize=256)(_options_json)


def options_from_json(cls: type[OptionsT], data: dict[str, Any]) -> OptionsT:
    """Build ``cls`` from JSON: missing keys take defaults, unknown keys or bad types raise."""
    _require_dataclass(cls)
    if not isinstance(data, dict):
        raise OptionError(f"options must be an object, got {data!r}",
                          "un objet JSON est attendu.")
    types = field_types(cls)
    unknown = sorted(str(k) for k in data if k not in types)
    if unknown:
        names = ", ".join(f"« {name} »" for name in unknown)
        raise OptionError(f"unknown option(s) for {cls.__name__}: {', '.join(unknown)} "
                          f"(known: {', '.join(types)})",
                          f"option inconnue {names}." if len(unknown) == 1
                          else f"options inconnues {names}.")
    by_name = {f.name: f for f in fields(cast(Any, cls))}
    values = {}
    for name, value in data.items():
        try:
            values[name] = from_json_value(value, types[name], f"option {name!r}")
        except ValueError as exc:
            raise OptionError(str(exc), _expected_in_french(by_name[name], types[name])) from None
    return check_bounds(cls(**values))


#: The longest time limit an option may set (a day, as a table's time per move).
SECONDS_MAX = 86_400


def check_bounds(opts: OptionsT) -> OptionsT:
    """Refuse a number outside its field's ``min``/``max`` metadata, and a text longer than
    its ``max_length`` or that may not be shown to players (``text.printable``); returns
    ``opts``. Every number needs bounds: 10**400 seconds is a valid int, and no float."""
    for f in fields(cast(Any, opts)):
        value = getattr(opts, f.name)
        if isinstance(value, str):
            _check_text(f, value)
            continue
        low, high = f.metadata.get("min"), f.metadata.get("max")
        if (low is None and high is None) or not isinstance(value, int | float):
            continue
        if (low is None or value >= low) and (high is None or value <= high):
            continue
        label = f.metadata.get("label", f.name)
        if low is not None and high is not None:
            raise OptionError(f"option {f.name!r} must be between {low} and {high}",
                              f"« {label} » doit être compris entre {low} et {high}.")
        if low is not None:
            raise OptionError(f"option {f.name!r} must be >= {low}",
                              f"« {label} » doit valoir au moins {low}.")
        raise OptionError(f"option {f.name!r} must be <= {high}",
                          f"« {label} » doit valoir au plus {high}.")
    return opts


def _check_text(f: Field[Any], value: str) -> None:
    label = f.metadata.get("label", f.name)
    longest = f.metadata.get("max_length")
    if longest is not None and len(value) > longest:
        raise OptionError(f"option {f.name!r} is longer than {longest} characters",
                          f"« {label} » compte {longest} caractères au plus.")
    if not printable(value):
        raise OptionError(f"option {f.name!r} has characters that cannot be shown",
                          f"« {label} » contient des caractères non autorisés.")


def _expected_in_french(f: Field[Any], tp: Any) -> str:
    """What a field expects, for a player who sent something else."""
    label = f.metadata.get("label", f.name)
    choices = _choices(tp)
    if choices is not None:
        labels = f.metadata.get("choice_labels", {})
        listed = ", ".join(f"« {labels.get(c, c)} »" for c in choices)
        return f"« {label} » se choisit parmi {listed}."
    name = type_name(tp)
    expected = {"bool": "oui ou non", "int": "un nombre entier", "float": "un nombre",
                "str": "un texte", "int | None": "un nombre entier, ou rien",
                "float | None": "un nombre, ou rien"}.get(name)
    if expected is None and name.startswith(("tuple[int", "list[int")):
        expected = "une liste de nombres entiers"
    if expected is None:
        return f"valeur refusée pour « {label} »."
    return f"« {label} » attend {expected}."


def _choices(tp: Any) -> list[Any] | None:
    if get_origin(tp) is Literal:
        return list(get_args(tp))
    return None


def _per_seat(f: Field[Any], tp: Any) -> dict[str, Any] | None:
    """A value per seat (a tuple, ``per_seat`` metadata: {"choices", "labels", "default"}):
    what each seat may take, its French labels, and the value meaning "nothing special". The
    choices default to the items' Literal."""
    spec = f.metadata.get("per_seat")
    if spec is None:
        return None
    item = (get_args(tp) or (Any,))[0]
    choices = spec.get("choices") or _choices(item) or []
    return {"choices": [to_json_value(c) for c in choices],
            "labels": {str(k): v for k, v in spec.get("labels", {}).items()},
            "default": to_json_value(spec["default"])}


def describe_options(cls: type[Any]) -> list[dict[str, Any]]:
    """One entry per field: name, type, default, choices (for Literal), French label and help,
    French labels of the choices (`choice_labels` metadata: value -> label), the bounds of a
    number (`min`, `max` metadata, or None), ``per_seat`` (see ``_per_seat``, or None) and
    ``seat`` (the value is a seat number: ``seat`` metadata)."""
    _require_dataclass(cls)
    types = field_types(cls)
    out = []
    for f in fields(cls):
        if f.default is not MISSING:
            default: Any = f.default
        elif f.default_factory is not MISSING:
            default = f.default_factory()
        else:
            default = None
        tp = types[f.name]
        choices = _choices(tp)
        out.append({
            "name": f.name,
            "type": "choice" if choices is not None else type_name(tp),
            "default": to_json_value(default),
            "choices": choices,
            "label": f.metadata.get("label", f.name),
            "help": f.metadata.get("help", ""),
            "choice_labels": {str(k): v for k, v in f.metadata.get("choice_labels", {}).items()}
            if choices is not None else None,
            "min": f.metadata.get("min"),
            "max": f.metadata.get("max"),
            "per_seat": _per_seat(f, tp),
            # A seat number (0-based): the form offers the players by their places, 1 first.
            "seat": bool(f.metadata.get("seat", False)),
        })
    return out
