"""State fields declared once: JSON, copies and equality derived from a dataclass.

A game's state is a ``@dataclass(eq=False)`` subclass of ``State``; each field is written once,
with its type. From the types, this module derives

- ``to_json``: lists, tuples, dicts and nested dataclasses become plain JSON; an object with a
  ``to_json`` method (the seeded random source) is asked for its own;
- ``from_json``: the inverse, driven by the annotations (``list[Card]`` rebuilds ``Card``
  dataclasses, ``X | None`` accepts null, an options dataclass is checked as options are);
- ``clone``: a deep copy that shares what cannot change (strings, numbers, frozen dataclasses,
  tuples of them, read-only ``Mapping`` values) and copies the rest, faster than a JSON round
  trip.

A field typed ``Mapping[str, Any]`` (or a list of them) says the state never changes such a
value once written, as a move-log entry: the JSON is a dict, and copies share it (a log of a
hundred entries is then copied as one list, not a hundred dicts).

A field whose JSON differs from what its type gives (a set kept as a sorted list, a board kept
as rows) says so with ``codec(encode, decode)`` in its metadata. A field that is not part of the
position (a cache) is marked ``transient(...)``: it is left out of the JSON, and ``from_json``
and ``clone`` give it its default. A field whose attribute name is taken (a method of the same
name) is saved under another key with ``json_key(name)``. Why derived rather than written: a
field written out three times by hand (``__init__``, ``to_json``, ``from_json``) is a field one
of them forgets.
"""

from __future__ import annotations

import types
from collections.abc import Callable, Mapping
from dataclasses import MISSING, Field, dataclass, fields, is_dataclass
from typing import Any, Literal, Union, get_args, get_origin, get_type_hints

from ludomots.core.options import options_from_json, options_to_json

Encode = Callable[[Any], Any]
Decode = Callable[[Any], Any]
Copy = Callable[[Any], Any]

#: Metadata keys of a state field.
CODEC = "ludomots.codec"
TRANSIENT = "ludomots.transient"
JSON_KEY = "ludomots.json_key"
RESTATES_RECORD = "ludomots.restates_record"


def codec(encode: Encode, decode: Decode, copy: Copy | None = None) -> dict[str, Any]:
    """Metadata for a field kept in JSON in its own shape: ``field(metadata=codec(e, d))``;
    ``copy`` defaults to a round trip through the JSON."""
    return {CODEC: (encode, decode, copy)}


def options_codec(options_type: type) -> dict[str, Any]:
    """Metadata for the state's options: JSON with every option spelled out, checked on the
    way back as options from a lobby are; shared by copies (options dataclasses are frozen)."""
    return codec(options_to_json, lambda data: options_from_json(options_type, data), _identity)


def json_key(key: str) -> dict[str, Any]:
    """Metadata for a field saved under ``key`` rather than its own name (a saved shape whose
    key is a method's name on the state: ``winners_`` saved as "winners"); combine with other
    metadata as ``{**codec(...), **json_key(...)}``."""
    return {JSON_KEY: key}


def restates_record() -> dict[str, Any]:
    """Metadata for a move log that only restates the record's actions: saved and copied, but
    left out of the digest (records take one after every action, and encoding a growing log
    would make each cost more as the game goes on)."""
    return {RESTATES_RECORD: True}


def transient() -> dict[str, Any]:
    """Metadata for a field that is not part of the position (left out of JSON and copies)."""
    return {TRANSIENT: True}


@dataclass(frozen=True)
class _FieldPlan:
    name: str
    encode: Encode
    decode: Decode
    copy: Copy
    key: str  # the field's key in JSON (its name unless ``json_key`` says otherwise)
    in_digest: bool  # False for a log that restates the record (``restates_record``)


def _identity(value: Any) -> Any:
    return value


def _is_frozen_dataclass(tp: Any) -> bool:
    return isinstance(tp, type) and is_dataclass(tp) and tp.__dataclass_params__.frozen  # type: ignore[attr-defined]


def _has_json_methods(tp: Any) -> bool:
    return isinstance(tp, type) and callable(getattr(tp, "from_json", None)) and \
        callable(getattr(tp, "to_json", None))


def _optional_arg(tp: Any) -> Any | None:
    """``X`` for ``X | None``, else None."""
    if get_origin(tp) in (Union, types.UnionType):
        args = [a for a in get_args(tp) if a is not type(None)]
        if len(args) == 1 and len(get_args(tp)) == 2:
            return args[0]
    return None


def _plain(tp: Any) -> bool:
    """Values of this type are immutable JSON scalars (or unions/literals of them)."""
    if tp in (int, str, float, bool, type(None)):
        return True
    origin = get_origin(tp)
    if origin is Literal:
        return True
    if origin in (Union, types.UnionType):
        return all(_plain(a) for a in get_args(tp))
    return False


def encoder(tp: Any) -> Encode:
    """How a value of type ``tp`` becomes JSON."""
    if _plain(tp):
        return _identity
    inner = _optional_arg(tp)
    if inner is not None:
        enc = encoder(inner)
        return lambda v: None if v is None else enc(v)
    origin = get_origin(tp)
    if origin in (list, tuple, set, frozenset):
        args = [a for a in get_args(tp) if a is not Ellipsis]
        if origin is tuple and len(args) > 1 and len(set(args)) > 1:
            encs = [encoder(a) for a in args]
            return lambda v: [e(x) for e, x in zip(encs, v, strict=True)]
        item = encoder(args[0]) if args else _any_encode
        if origin in (set, frozenset):
            return lambda v: sorted(item(x) for x in v)
        if item is _identity:
            return list
        return lambda v: [item(x) for x in v]
    if origin in (dict, Mapping):
        key_tp, value_tp = get_args(tp) or (str, Any)
        val = encoder(value_tp)
        if val is _any_encode:  # one call for the whole dict, none per atom
            return _any_encode
        return lambda v: {str(k): val(x) for k, x in v.items()}
    if _has_json_methods(tp):
        return lambda v: v.to_json()
    if isinstance(tp, type) and is_dataclass(tp):
        plans = _plans(tp)
        return lambda v: {p.key: p.encode(getattr(v, p.name)) for p in plans}
    return _any_encode


#: Types whose values are JSON as they are: ``Any`` values of these are neither copied nor
#: converted, and are tested first (a game's log is mostly strings and numbers).
_ATOMS = frozenset({str, int, float, bool, type(None)})


def _any_encode(value: Any) -> Any:
    """JSON of a value whose type says nothing more (``Any``): copied, dataclasses as dicts.
    Atoms are passed without a call: a move log of a few hundred entries is encoded at every
    save and digest."""
    if type(value) is dict:
        return {k if type(k) is str else str(k): v if type(v) in _ATOMS else _any_encode(v)
                for k, v in value.items()}
    if type(value) is list:
        return [v if type(v) in _ATOMS else _any_encode(v) for v in value]
    if type(value) in _ATOMS:
        return value
    if isinstance(value, dict):
        return {str(k): _any_encode(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_any_encode(v) for v in value]
    if is_dataclass(value) and not isinstance(value, type):
        return {f.name: _any_encode(getattr(value, f.name)) for f in fields(value)}
    return value


def decoder(tp: Any) -> Decode:
    """How JSON becomes a value of type ``tp`` (the inverse of ``encoder``)."""
    if _plain(tp):
        return _identity
    inner = _optional_arg(tp)
    if inner is not None:
        dec = decoder(inner)
        return lambda v: None if v is None else dec(v)
    origin = get_origin(tp)
    if origin in (list, tuple, set, frozenset):
        args = [a for a in get_args(tp) if a is not Ellipsis]
        if origin is tuple and len(args) > 1 and len(set(args)) > 1:
            decs = [decoder(a) for a in args]
            return lambda v: tuple(d(x) for d, x in zip(decs, v, strict=True))
        item = decoder(args[0]) if args else _any_decode
        build: Callable[[Any], Any] = {list: list, tuple: tuple, set: set,
                                       frozenset: frozenset}[origin]
        if item is _identity:
            return build
        return lambda v: build(item(x) for x in v)
    if origin in (dict, Mapping):
        key_tp, value_tp = get_args(tp) or (str, Any)
        key = int if key_tp is int else _identity
        val = decoder(value_tp)
        if val is _any_decode and key is _identity:
            return _any_copy
        return lambda v: {key(k): val(x) for k, x in v.items()}
    if _has_json_methods(tp):
        return tp.from_json  # type: ignore[no-any-return]
    if isinstance(tp, type) and is_dataclass(tp):
        plans = _plans(tp)
        return lambda v: tp(**{p.name: p.decode(v[p.key]) for p in plans if p.key in v})
    return _any_decode


def _any_decode(value: Any) -> Any:
    return _any_copy(value)


def copier(tp: Any) -> Copy:
    """How a value of type ``tp`` is copied so that the copy shares nothing mutable."""
    if _plain(tp) or _is_frozen_dataclass(tp) or get_origin(tp) is Mapping:
        return _identity  # a read-only Mapping: the state never changes it once written
    inner = _optional_arg(tp)
    if inner is not None:
        cp = copier(inner)
        if cp is _identity:
            return _identity
        return lambda v: None if v is None else cp(v)
    origin = get_origin(tp)
    if origin in (tuple, frozenset):
        args = [a for a in get_args(tp) if a is not Ellipsis]
        if all(copier(a) is _identity for a in args):
            return _identity
    if origin in (list, tuple, set, frozenset):
        args = [a for a in get_args(tp) if a is not Ellipsis]
        item = copier(args[0]) if len(args) == 1 else _any_copy
        build: Callable[[Any], Any] = {list: list, tuple: tuple, set: set,
                                       frozenset: frozenset}[origin]
        if item is _identity:
            return build
        if origin is list:
            return lambda v: [item(x) for x in v]
        return lambda v: build(item(x) for x in v)
    if origin is dict:
        _, value_tp = get_args(tp) or (str, Any)
        val = copier(value_tp)
        if val is _identity:
            return dict
        if val is _any_copy:
            return _any_copy
        return lambda v: {k: val(x) for k, x in v.items()}
    if isinstance(tp, type) and callable(getattr(tp, "clone", None)):
        return lambda v: v.clone()
    if isinstance(tp, type) and is_dataclass(tp):
        plans = _plans(tp)
        return lambda v: tp(**{p.name: p.copy(getattr(v, p.name)) for p in plans})
    if _has_json_methods(tp):
        return lambda v: tp.from_json(v.to_json())
    return _any_copy


def _any_copy(value: Any) -> Any:
    """A copy of JSON-shaped data sharing nothing mutable (atoms are passed without a call)."""
    if type(value) is dict:
        return {k: v if type(v) in _ATOMS else _any_copy(v) for k, v in value.items()}
    if type(value) is list:
        return [v if type(v) in _ATOMS else _any_copy(v) for v in value]
    if isinstance(value, dict):
        return {k: _any_copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_any_copy(v) for v in value]
    return value


def _field_plan(f: Field[Any], tp: Any) -> _FieldPlan:
    key = f.metadata.get(JSON_KEY, f.name)
    in_digest = not f.metadata.get(RESTATES_RECORD, False)
    if CODEC in f.metadata:
        encode, decode, copy = f.metadata[CODEC]
        return _FieldPlan(f.name, encode, decode, copy or (lambda v: decode(encode(v))), key,
                          in_digest)
    return _FieldPlan(f.name, encoder(tp), decoder(tp), copier(tp), key, in_digest)


_PLANS: dict[type, tuple[_FieldPlan, ...]] = {}


def _plans(cls: type) -> tuple[_FieldPlan, ...]:
    """The serialization plan of a dataclass's fields, worked out once per class."""
    plans = _PLANS.get(cls)
    if plans is None:
        hints = get_type_hints(cls)
        plans = tuple(_field_plan(f, hints[f.name]) for f in fields(cls)
                      if not f.metadata.get(TRANSIENT))
        _PLANS[cls] = plans
    return plans


_TRANSIENTS: dict[type, tuple[Field[Any], ...]] = {}


def _transients(cls: type) -> tuple[Field[Any], ...]:
    found = _TRANSIENTS.get(cls)
    if found is None:
        found = _TRANSIENTS[cls] = tuple(f for f in fields(cls) if f.metadata.get(TRANSIENT))
    return found


def _fresh(f: Field[Any]) -> Any:
    if f.default_factory is not MISSING:
        return f.default_factory()
    if f.default is not MISSING:
        return f.default
    raise TypeError(f"transient field {f.name!r} needs a default")


def fields_to_json(obj: Any, *, digest: bool = False) -> dict[str, Any]:
    """The JSON of a dataclass's declared (non-transient) fields; with ``digest``, without the
    logs that restate the record."""
    return {p.key: p.encode(getattr(obj, p.name)) for p in _plans(type(obj))
            if p.in_digest or not digest}


def fields_from_json(cls: type, data: dict[str, Any]) -> Any:
    """A new ``cls`` from ``fields_to_json``'s output; a key missing from ``data`` (a save from
    before the field existed) gets the field's default."""
    values = {p.name: p.decode(data[p.key]) for p in _plans(cls) if p.key in data}
    obj: Any = object.__new__(cls)
    for f in fields(cls):
        if f.name in values:
            object.__setattr__(obj, f.name, values[f.name])
        else:
            object.__setattr__(obj, f.name, _fresh(f))
    return obj


def copy_fields(obj: Any) -> Any:
    """A deep copy of a dataclass through its declared fields; transient fields start afresh."""
    cls = type(obj)
    new: Any = object.__new__(cls)
    for p in _plans(cls):
        object.__setattr__(new, p.name, p.copy(getattr(obj, p.name)))
    for f in _transients(cls):
        object.__setattr__(new, f.name, _fresh(f))
    return new
