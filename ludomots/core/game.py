"""The core protocol: actions, events, and the Game/State pair every game implements.

Modelled on OpenSpiel (a static ``Game``, a mutable ``State``, one observation per player) and
boardgame.io (secrets stripped by a per-player view). The rules stay pure: a ``State`` changes only
through ``apply``, draws randomness only from its own seeded source, and serializes completely, so
a record of (seed, actions) rebuilds it exactly.
"""

from __future__ import annotations

import hashlib
from abc import ABC, abstractmethod
from collections.abc import Hashable, Iterable
from dataclasses import dataclass, field, fields, is_dataclass
from typing import Any, ClassVar, Generic, Self

from typing_extensions import TypeVar

from ludomots.core.errors import RuleError
from ludomots.core.jsonvalues import canonical_json, field_types, from_json_value, to_json_value
from ludomots.core.options import check_bounds, options_from_json
from ludomots.core.plugin import GamePlugin
from ludomots.core.statefields import copy_fields, fields_from_json, fields_to_json
from ludomots.lexicon.lexicon import Lexicon, get_lexicon


@dataclass(frozen=True)
class Action:
    """Base of a game's actions: subclasses are frozen dataclasses with a unique ``kind``.

    Field types are limited to what ``jsonvalues`` converts (bool, int, float, str, Literal,
    optional, tuples), so every action round-trips through JSON and the codec can check it.
    """

    kind: ClassVar[str] = ""

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"type": self.kind}
        for f in fields(self):
            data[f.name] = to_json_value(getattr(self, f.name))
        return data


def _bad_action(message: str, **details: Any) -> RuleError:
    return RuleError("bad_action", message, details)


class ActionCodec:
    """Decodes client JSON into a game's actions, strictly.

    This is the border with the outside world: anything that is not exactly one of the game's
    actions (unknown type, missing or extra field, wrong type) is a ``bad_action`` RuleError with
    a French message, never a TypeError deep inside the rules.
    """

    def __init__(self, *classes: type[Action]) -> None:
        self._classes: dict[str, type[Action]] = {}
        self._types: dict[str, dict[str, Any]] = {}
        for cls in classes:
            if not (isinstance(cls, type) and issubclass(cls, Action) and is_dataclass(cls)):
                raise TypeError(f"{cls!r} is not an Action dataclass")
            if not cls.kind:
                raise ValueError(f"{cls.__name__} has no kind")
            if cls.kind in self._classes:
                raise ValueError(f"duplicate action kind {cls.kind!r}")
            types = field_types(cls)
            if "type" in types:
                raise ValueError(f"{cls.__name__}: a field cannot be named 'type'")
            self._classes[cls.kind] = cls
            self._types[cls.kind] = types

    @property
    def kinds(self) -> list[str]:
        return list(self._classes)

    def encode(self, action: Action) -> dict[str, Any]:
        if self._classes.get(action.kind) is not type(action):
            raise TypeError(f"{type(action).__name__} is not registered in this codec")
        return action.to_json()

    def decode(self, data: object) -> Action:
        if not isinstance(data, dict):
            raise _bad_action("Action invalide : un objet JSON est attendu.", reason="not_object")
        kind = data.get("type")
        if not isinstance(kind, str) or kind not in self._classes:
            raise _bad_action(f"Action inconnue : « {kind} ».", reason="unknown_type",
                              type=kind, known=self.kinds)
        types = self._types[kind]
        given = set(data) - {"type"}
        missing = sorted(set(types) - given)
        if missing:
            raise _bad_action(f"Action « {kind} » incomplète : il manque {', '.join(missing)}.",
                              reason="missing_fields", fields=missing)
        extra = sorted(str(k) for k in given - set(types))
        if extra:
            raise _bad_action(f"Action « {kind} » : champ(s) inattendu(s) {', '.join(extra)}.",
                              reason="extra_fields", fields=extra)
        values: dict[str, Any] = {}
        for name, tp in types.items():
            try:
                values[name] = from_json_value(data[name], tp, name)
            except ValueError as exc:
                raise _bad_action(f"Action « {kind} » : valeur invalide pour {name}.",
                                  reason="bad_value", field=name, error=str(exc)) from None
        try:
            return self._classes[kind](**values)
        except (TypeError, ValueError) as exc:  # a __post_init__ may refuse the values
            raise _bad_action(f"Action « {kind} » invalide.", reason="rejected",
                              error=str(exc)) from None


@dataclass(frozen=True)
class PlayedWord:
    """A word a seat laid in a game, and its points where the game scores words one by one
    (None elsewhere): what players' profiles show as their best words."""

    seat: int
    word: str
    points: int | None = None


@dataclass(frozen=True)
class Event:
    """Something that happened, for clients to animate and logs to show.

    ``visible_to`` is None for a public event, else the seats allowed to see it ("you drew X").
    Every payload leaving the server goes through ``for_seat`` so private events never leak.
    """

    type: str
    data: dict[str, Any] = field(default_factory=dict)
    visible_to: frozenset[int] | None = None

    def visible(self, seat: int | None) -> bool:
        return self.visible_to is None or (seat is not None and seat in self.visible_to)

    def for_seat(self, seat: int | None) -> dict[str, Any] | None:
        """The JSON this seat receives (None = spectator), or None when it must not see it."""
        if not self.visible(seat):
            return None
        return {"type": self.type, "data": to_json_value(self.data)}

    def to_json(self) -> dict[str, Any]:
        vis = None if self.visible_to is None else sorted(self.visible_to)
        return {"type": self.type, "data": to_json_value(self.data), "visible_to": vis}


def events_for_seat(events: Iterable[Event], seat: int | None) -> list[dict[str, Any]]:
    """The filtered list of event payloads for one seat or a spectator."""
    out = []
    for event in events:
        payload = event.for_seat(seat)
        if payload is not None:
            out.append(payload)
    return out


class State(ABC):
    """A position of one game, mutable only through ``apply``.

    Subclasses implement ``_check`` and ``_apply``; ``apply`` is fixed here so that no game can
    forget to validate: ``_apply`` only ever sees legal actions and may assume it.
    ``_check`` must not mutate anything, and ``_apply`` must not fail after it starts mutating.

    A game's state is a ``@dataclass(eq=False)``: its fields are declared once and
    ``to_json``/``from_json``/``clone`` are derived from them (``core.statefields``).

    The lexicon that referees the game is the state's context, not part of the position: given
    to ``Game.new`` and ``from_json`` (a test or a variant may referee with another word list),
    carried by ``clone``, never saved. Rules and bots reach it as ``state.lexicon``.
    """

    _lexicon: Lexicon | None = None

    @property
    def lexicon(self) -> Lexicon:
        if self._lexicon is None:
            self._lexicon = get_lexicon()
        return self._lexicon

    def referee_with(self, lexicon: Lexicon | None) -> Self:
        """Use ``lexicon`` (None: the shared one) as this state's word list; returns the state."""
        self._lexicon = lexicon
        return self

    # ---- turn and legality -------------------------------------------------------------

    @abstractmethod
    def to_act(self) -> frozenset[int]:
        """Seats that must act now: several for a simultaneous choice, none once it is over."""

    def check(self, seat: int, action: Action) -> RuleError | None:
        """Why ``action`` by ``seat`` is illegal, or None. Never raises for a rule violation."""
        if self.is_over():
            return RuleError("game_over", "La partie est terminée.")
        return self._check(seat, action)

    @abstractmethod
    def _check(self, seat: int, action: Action) -> RuleError | None:
        """Game-specific legality, called only while the game is running."""

    def apply(self, seat: int, action: Action) -> list[Event]:
        """Play a legal action; raises RuleError and leaves the state untouched otherwise."""
        err = self.check(seat, action)
        if err is not None:
            raise err
        return self._apply(seat, action)

    @abstractmethod
    def _apply(self, seat: int, action: Action) -> list[Event]:
        """Play an action that ``check`` accepted."""

    def may_act(self, seat: int) -> bool:
        """Whether ``seat`` may act now, even if it need not (a Topword player may challenge the
        word just played while the next player thinks). Tables let such seats act; bots are
        asked only when they must act, so a game should not rely on optional actions."""
        return seat in self.to_act()

    def legal(self, seat: int) -> list[Action] | None:
        """All legal actions for ``seat`` where enumerating them is cheap; None otherwise."""
        return None

    # ---- what players see ---------------------------------------------------------------

    @abstractmethod
    def view(self, seat: int | None) -> dict[str, Any]:
        """JSON-ready: everything ``seat`` may know and nothing more (None = spectator)."""

    def views(self, seats: Iterable[int | None]) -> dict[int | None, dict[str, Any]]:
        """``view`` of several seats at once (a table sends one to each after every action);
        games may override it to build what the seats share only once."""
        return {seat: self.view(seat) for seat in seats}

    # ---- outcome ---------------------------------------------------------------------------

    @abstractmethod
    def is_over(self) -> bool: ...

    @abstractmethod
    def scores(self) -> list[int]:
        """One score per seat, in seat order (also meaningful mid-game)."""

    def winners(self) -> list[int]:
        """Seats with the best score once the game is over; a tie is a shared win."""
        if not self.is_over():
            return []
        scores = self.scores()
        if not scores:
            return []
        best = max(scores)
        return [seat for seat, s in enumerate(scores) if s == best]

    # ---- serialization ---------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """The complete state, hidden information and random source included."""
        _require_declared(type(self))
        return fields_to_json(self)

    @classmethod
    def from_json(cls, data: dict[str, Any], *, lexicon: Lexicon | None = None) -> Self:
        """The state ``to_json`` gave, refereed with ``lexicon`` (None: the shared one)."""
        _require_declared(cls)
        state: Self = fields_from_json(cls, data)
        return state.referee_with(lexicon)

    def clone(self) -> Self:
        """A deep, independent copy with the same lexicon."""
        copy: Self = copy_fields(self) if is_dataclass(self) else \
            type(self).from_json(self.to_json())
        return copy.referee_with(self._lexicon)

    def digest(self) -> str:
        """sha256 of the canonical JSON: what records compare to detect a divergence."""
        return hashlib.sha256(canonical_json(self.digest_json()).encode("utf-8")).hexdigest()

    def digest_json(self) -> dict[str, Any]:
        """What the digest covers: ``to_json()`` without the fields marked
        ``restates_record()`` (a move log, which would make every digest cost more as the game
        goes on)."""
        if is_dataclass(self):
            return fields_to_json(self, digest=True)
        return self.to_json()

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return type(self) is type(other) and self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]


def _require_declared(cls: type) -> None:
    if not is_dataclass(cls):
        raise TypeError(f"{cls.__name__} must be a @dataclass(eq=False) to derive its JSON")


#: A game's state type; a bare ``Game`` means ``Game[Any]`` (tables and the server handle any
#: game without knowing its state).
S = TypeVar("S", bound=State, default=Any)


class Game(GamePlugin, ABC, Generic[S]):
    """The static description of a game: one instance per game module, exported as ``GAME``.

    Subclasses set the class attributes and implement ``_new``; ``new`` normalizes options (None
    for the defaults, a dict from JSON, or the dataclass itself) and checks the player count, so
    every game gets the same validation. What others look up by game (policy, bots, rules file,
    terminal command, browser files) are ``GamePlugin``'s attributes.
    """

    name: ClassVar[str]
    title: ClassVar[str]
    options_type: ClassVar[type[Any]]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    action_codec: ClassVar[ActionCodec]
    #: Keys of ``view()`` whose lists only ever grow (a move log): an update sent to a client
    #: that already has the list carries only the new entries (see docs/protocol.md).
    view_logs: ClassVar[tuple[str, ...]] = ()

    def default_options(self) -> Any:
        return self.options_type()

    def coerce_options(self, options: Any) -> Any:
        """Options as the game's dataclass, from None (defaults), a JSON dict or the dataclass."""
        if options is None:
            return self.default_options()
        if isinstance(options, dict):
            return options_from_json(self.options_type, options)
        if isinstance(options, self.options_type):
            return check_bounds(options)
        raise TypeError(f"options for {self.name} must be {self.options_type.__name__}")

    def new(self, options: Any, players: int, seed: int, *,
            lexicon: Lexicon | None = None) -> S:
        """The initial state, refereed with ``lexicon`` (None: the shared one)."""
        if isinstance(players, bool) or not isinstance(players, int):
            raise TypeError("players must be an int")
        if not self.min_players <= players <= self.max_players:
            raise ValueError(f"{self.name} is played by {self.min_players} to "
                             f"{self.max_players} players, not {players}")
        return self._new(self.coerce_options(options), players, seed,
                         lexicon if lexicon is not None else get_lexicon())

    @abstractmethod
    def _new(self, options: Any, players: int, seed: int, lexicon: Lexicon) -> S:
        """The initial state, refereed with ``lexicon`` (set it on the state before dealing:
        setting up may consult it); chance uses a SeededRandom(seed) the state keeps."""

    def timeout_action(self, state: S, seat: int) -> Action | None:
        """What a seat plays when its clock runs out (the seed's consequence: pass, wrong
        answer...); None lets the table fall back on the beginner bot's choice."""
        return None

    def time_limit(self, state: S, seat: int) -> float | None:
        """Seconds the rules themselves give ``seat`` for what it must do now (a sand-glass,
        "within 15 s"), or None. Tables enforce it: the seat's deadline is the sooner of this
        and the table's time per move, a later action is refused, and at the deadline
        ``timeout_action`` is played. Engines stay timeless: the limit never reaches
        ``apply``, and a record replays without it."""
        return None

    def rule_clock_seconds(self, options: Any) -> int | None:
        """The rulebook's own clock for a turn (Volapük's 3-minute timer, Vocabulon's
        sand-glass) under ``options``: a new table's default time per move, so that the table
        clock matches the rules' (``time_limit`` keeps timing the sand-glass itself). None:
        the rulebook has no clock (the table then defaults to a Fischer clock)."""
        return None

    def time_limit_key(self, state: S, seat: int) -> Hashable | None:
        """Which sand-glass ``seat``'s time limit belongs to. When an action leaves its actor
        to act again under the same key, the table keeps the running deadline (several
        answers within one sand-glass) instead of granting a fresh one. None (the default):
        every action starts a new move."""
        return None

    def preview(self, state: S, seat: int, action: Action) -> dict[str, Any] | None:
        """What ``action`` would do (words, score...) without applying it, for clients that
        show a move before it is submitted; None when the game offers no preview."""
        return None

    def analyse(self, state: S, seat: int, action: Action) -> dict[str, Any] | None:
        """After the game (everything is public then): what ``seat`` played from ``state``
        next to what a strong player would have played; None when the game has no analysis."""
        return None

    def played_words(self, state: S) -> list[PlayedWord]:
        """The words laid during the game that stood (a word taken back after a challenge
        does not count), from a finished ``state``; [] for a game that lays no words."""
        return []

    def format_position(self, state: S) -> str:
        """The position in the game's one-line notation (docs/rules/<game>.md)."""
        raise NotImplementedError(f"{self.name} has no position notation")

    def parse_position(self, text: str, options: Any = None) -> S:
        """The state a one-line position describes; ValueError naming what is wrong."""
        raise NotImplementedError(f"{self.name} has no position notation")

    def __repr__(self) -> str:
        return f"<Game {self.name}>"
