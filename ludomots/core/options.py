"""A game's options: one typed, documented dataclass, convertible to JSON and describable.

Each rule variant is a field with a default (the ruling of RULINGS.md) and French metadata::

    tie_rule: Literal["discard", "carry"] = field(
        default="discard", metadata={"label": "Égalités", "help": "..."})

The web lobby and the CLI build their forms from ``describe_options`` instead of hard-coding
each game's variants; ``options_from_json`` is strict because a typo in a variant name must not
silently start a game with the defaults.
"""

from __future__ import annotations

import functools
from collections.abc import Hashable
from dataclasses import MISSING, fields, is_dataclass
from typing import Any, Literal, TypeVar, cast, get_args, get_origin

from ludomots.core.jsonvalues import (
    copy_json,
    field_types,
    from_json_value,
    to_json_value,
    type_name,
)

OptionsT = TypeVar("OptionsT")


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
        raise ValueError(f"options must be an object, got {data!r}")
    types = field_types(cls)
    unknown = sorted(str(k) for k in data if k not in types)
    if unknown:
        raise ValueError(f"unknown option(s) for {cls.__name__}: {', '.join(unknown)} "
                         f"(known: {', '.join(types)})")
    values = {name: from_json_value(value, types[name], f"option {name!r}")
              for name, value in data.items()}
    return cls(**values)


def _choices(tp: Any) -> list[Any] | None:
    if get_origin(tp) is Literal:
        return list(get_args(tp))
    return None


def describe_options(cls: type[Any]) -> list[dict[str, Any]]:
    """One entry per field: name, type, default, choices (for Literal), French label and help,
    and French labels of the choices (`choice_labels` metadata: value -> label)."""
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
        })
    return out
