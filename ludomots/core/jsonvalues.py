"""Strict conversion between JSON values and the typed fields of dataclasses.

Actions come from browsers and options from the command line or a lobby form: both are untrusted.
One converter checks a JSON value against a declared type (``int`` is not ``bool``, a list becomes
a ``tuple[...]``, a ``Literal`` must be one of its values) so the action codec and the options
helpers reject exactly the same things. ``canonical_json`` gives the one byte string a digest is
taken of.
"""

from __future__ import annotations

import json
import math
import types
from collections.abc import Mapping
from dataclasses import fields, is_dataclass
from typing import Any, Literal, Union, get_args, get_origin, get_type_hints
from weakref import WeakKeyDictionary


def canonical_json(value: Any) -> str:
    """Sorted keys, no spaces, UTF-8 kept: equal values give equal strings, hence equal digests."""
    return _CANONICAL.encode(value)


#: ``json.dumps``'s encoder with these settings, made once; without the check for circular
#: references (JSON values are trees; a Topword digest spent a fifth of its encoding time
#: recording the id of each of the board's 225 lists), which changes no output: a circular
#: value still raises (RecursionError instead of ValueError).
_CANONICAL = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False,
                              allow_nan=False, check_circular=False)


def copy_json(value: Any) -> Any:
    """A deep copy of JSON data (dicts, lists, scalars), faster than copy.deepcopy: states
    copy their JSON-shaped parts with it."""
    if isinstance(value, dict):
        return {k: copy_json(v) for k, v in value.items()}
    if isinstance(value, list):
        return [copy_json(v) for v in value]
    return value


#: Values that are JSON as they are (their exact types: a subclass takes the general path).
_ATOMS = frozenset({str, int, float, bool, type(None)})


def to_json_value(value: Any) -> Any:
    """Plain JSON for dataclass field values: tuples become lists, dataclasses dicts.
    Plain dicts, lists and atoms are tested first, by their exact type: every event of every
    action goes through here for every seat, and the abstract ``Mapping`` and dataclass tests
    cost more than the conversion itself."""
    kind = type(value)
    if kind in _ATOMS:
        return value
    if kind is dict:
        return {k if type(k) is str else str(k): v if type(v) in _ATOMS else to_json_value(v)
                for k, v in value.items()}
    if kind is list:
        return [v if type(v) in _ATOMS else to_json_value(v) for v in value]
    if isinstance(value, tuple | list):
        return [to_json_value(v) for v in value]
    if isinstance(value, Mapping):
        return {str(k): to_json_value(v) for k, v in value.items()}
    if is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_json_value(getattr(value, f.name)) for f in fields(value)}
    return value


def field_types(cls: type) -> dict[str, Any]:
    """Resolved annotations of a dataclass (works with ``from __future__ import annotations``).
    Resolved once per class (``get_type_hints`` evaluates every annotation: a bot worker read
    the options of every state it was sent that way); each caller gets its own copy."""
    found = _FIELD_TYPES.get(cls)
    if found is None:
        hints = get_type_hints(cls)
        found = _FIELD_TYPES[cls] = {f.name: hints[f.name] for f in fields(cls)}
    return dict(found)


_FIELD_TYPES: WeakKeyDictionary[type, dict[str, Any]] = WeakKeyDictionary()


def type_name(tp: Any) -> str:
    if isinstance(tp, type):
        return tp.__name__
    return str(tp).replace("typing.", "")


def from_json_value(value: Any, tp: Any, where: str) -> Any:
    """Check ``value`` against ``tp`` and convert it; ``ValueError`` naming ``where`` otherwise."""
    origin = get_origin(tp)
    if tp is Any:
        return value
    if tp is None or tp is type(None):
        if value is None:
            return None
        raise ValueError(f"{where}: expected null, got {value!r}")
    if origin is Literal:
        allowed = get_args(tp)
        # 1 == True in Python: compare types too so a Literal[1] refuses true.
        if any(value == a and type(value) is type(a) for a in allowed):
            return value
        raise ValueError(f"{where}: expected one of {list(allowed)!r}, got {value!r}")
    if origin is Union or origin is types.UnionType:
        for arg in get_args(tp):
            try:
                return from_json_value(value, arg, where)
            except ValueError:
                continue
        raise ValueError(f"{where}: expected {type_name(tp)}, got {value!r}")
    if origin is tuple:
        args = get_args(tp)
        if not isinstance(value, list | tuple):
            raise ValueError(f"{where}: expected a list, got {value!r}")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(from_json_value(v, args[0], f"{where}[{i}]") for i, v in enumerate(value))
        if len(args) != len(value):
            raise ValueError(f"{where}: expected {len(args)} items, got {len(value)}")
        return tuple(from_json_value(v, a, f"{where}[{i}]")
                     for i, (v, a) in enumerate(zip(value, args, strict=True)))
    if origin is list:
        (arg,) = get_args(tp) or (Any,)
        if not isinstance(value, list):
            raise ValueError(f"{where}: expected a list, got {value!r}")
        return [from_json_value(v, arg, f"{where}[{i}]") for i, v in enumerate(value)]
    if origin is dict:
        _, arg = get_args(tp) or (str, Any)
        if not isinstance(value, dict) or not all(isinstance(k, str) for k in value):
            raise ValueError(f"{where}: expected an object, got {value!r}")
        return {k: from_json_value(v, arg, f"{where}.{k}") for k, v in value.items()}
    if tp is bool:
        if isinstance(value, bool):
            return value
    elif tp is int:
        if isinstance(value, int) and not isinstance(value, bool):
            return value
    elif tp is float:
        if isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value):
            return float(value)
    elif tp is str:
        if isinstance(value, str):
            return value
    else:
        raise TypeError(f"{where}: unsupported field type {type_name(tp)}")
    raise ValueError(f"{where}: expected {type_name(tp)}, got {value!r}")
