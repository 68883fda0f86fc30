"""Game records: one JSON document that replays to exactly the same game.

A record stores the seed and the actions, not the states; a digest of the state after each action
makes any divergence (a rule change, a lexicon change, a tampered file) fail loudly at the first
step that differs rather than at the end with a different score.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from ludomots.core.errors import ReplayDivergence, RuleError
from ludomots.core.game import Action, Event, Game, State
from ludomots.core.options import options_from_json, options_to_json
from ludomots.core.standing import Departure, standing

FORMAT_VERSION = 1

SeatKind = Literal["human", "bot"]


def _get(data: dict[str, Any], key: str, tp: type) -> Any:
    """A required field of type ``tp`` (a bool is not an int here)."""
    value = data.get(key)
    if not isinstance(value, tp) or (tp is int and isinstance(value, bool)):
        raise ValueError(f"record field {key!r} is missing or malformed: {value!r}")
    return value


@dataclass(frozen=True)
class SeatInfo:
    """Who sat where: a name, human or bot, and the bot's level."""

    name: str
    kind: SeatKind = "human"
    level: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "kind": self.kind, "level": self.level}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> SeatInfo:
        kind = data.get("kind")
        if kind not in ("human", "bot"):
            raise ValueError(f"seat kind must be 'human' or 'bot', got {kind!r}")
        level = data.get("level")
        if level is not None and not isinstance(level, str):
            raise ValueError(f"seat level must be a string or null, got {level!r}")
        return cls(name=_get(data, "name", str), kind=kind, level=level)


def seats_as_recorded(seats: Sequence[SeatInfo], departures: Iterable[Departure]) -> list[SeatInfo]:
    """Who sat where, as records name them: a human who left, not the bot that took the seat
    over (the table's download and the account export both say so)."""
    named = list(seats)
    for d in departures:
        named[d.seat] = SeatInfo(name=d.name, kind="human")
    return named


@dataclass(frozen=True)
class RecordedAction:
    """One action: who, what (the action's JSON), thinking time, digest of the state after;
    ``timeout``: the table's clock played it because the seat's time was up (a journal shows
    « temps écoulé », never a voluntary pass). The game never sees the mark: a record replays
    the same with or without it."""

    seat: int
    action: dict[str, Any]
    ms: int
    digest: str
    timeout: bool = False

    def to_json(self) -> dict[str, Any]:
        out = {"seat": self.seat, "action": self.action, "ms": self.ms, "digest": self.digest}
        if self.timeout:  # only when set: records without timeouts read as before
            out["timeout"] = True
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> RecordedAction:
        timeout = data.get("timeout", False)
        if not isinstance(timeout, bool):
            raise ValueError(f"record field 'timeout' must be a boolean, got {timeout!r}")
        return cls(seat=_get(data, "seat", int), action=_get(data, "action", dict),
                   ms=_get(data, "ms", int), digest=_get(data, "digest", str),
                   timeout=timeout)


@dataclass
class Record:
    """A complete game: enough to rebuild every state, plus the outcome to check against.

    A game that players left (resigned, expelled: a table event, never an action) lists its
    ``departures`` and ends with the table's result: ``scores`` as the game counts them when
    it stopped (it may not have reached its end), ``winners`` and ``ranks`` as ``standing``
    corrects them. A game nobody left has neither field, and reads as before."""

    game: str
    options: dict[str, Any]
    seed: int
    seats: list[SeatInfo]
    actions: list[RecordedAction] = field(default_factory=list)
    scores: list[int] | None = None
    winners: list[int] | None = None
    format_version: int = FORMAT_VERSION
    departures: list[Departure] = field(default_factory=list)
    ranks: list[int] | None = None

    def to_json(self) -> dict[str, Any]:
        out = {
            "format_version": self.format_version,
            "game": self.game,
            "options": self.options,
            "seed": self.seed,
            "seats": [s.to_json() for s in self.seats],
            "actions": [a.to_json() for a in self.actions],
            "scores": self.scores,
            "winners": self.winners,
        }
        if self.departures:  # only then: the record of a game nobody left reads as before
            out["departures"] = [d.to_json() for d in self.departures]
            out["ranks"] = self.ranks
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Record:
        if not isinstance(data, dict):
            raise ValueError("a record is a JSON object")
        version = _get(data, "format_version", int)
        if version != FORMAT_VERSION:
            raise ValueError(f"unsupported record format_version {version} "
                             f"(this version reads {FORMAT_VERSION})")
        scores = data.get("scores")
        winners = data.get("winners")
        ranks = data.get("ranks")
        departures = data.get("departures", [])
        if not isinstance(departures, list):
            raise ValueError("record field 'departures' must be a list")
        for key, value in (("scores", scores), ("winners", winners), ("ranks", ranks)):
            if value is not None and not (
                isinstance(value, list)
                and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
            ):
                raise ValueError(f"record field {key!r} must be a list of ints or null")
        return cls(
            game=_get(data, "game", str),
            options=_get(data, "options", dict),
            seed=_get(data, "seed", int),
            seats=[SeatInfo.from_json(s) for s in _get(data, "seats", list)],
            actions=[RecordedAction.from_json(a) for a in _get(data, "actions", list)],
            scores=scores,
            winners=winners,
            format_version=version,
            departures=[Departure.from_json(d) for d in departures],
            ranks=ranks,
        )

    def dump(self, path: str | Path) -> None:
        Path(path).write_text(
            json.dumps(self.to_json(), ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
        )

    @classmethod
    def load(cls, path: str | Path) -> Record:
        return cls.from_json(json.loads(Path(path).read_text(encoding="utf-8")))


class Recorder:
    """A live state plus its record: the one way the table layer plays, so nothing goes unlogged."""

    def __init__(self, game: Game, state: State, options: Any, seed: int,
                 seats: list[SeatInfo]) -> None:
        self.game = game
        self.state = state
        self.record = Record(game=game.name, options=options_to_json(options), seed=seed,
                             seats=list(seats))

    @classmethod
    def start(cls, game: Game, options: Any, seed: int, seats: list[SeatInfo]) -> Recorder:
        """A new game of ``len(seats)`` players, recorded from its first action."""
        opts = game.coerce_options(options)
        return cls(game, game.new(opts, len(seats), seed), opts, seed, seats)

    def play(self, seat: int, action: Action, ms: int = 0, timeout: bool = False
             ) -> list[Event]:
        """Apply (raising RuleError, unrecorded, if illegal) and append to the record
        (``timeout``: played by the clock, ``RecordedAction.timeout``)."""
        events = self.state.apply(seat, action)
        self.record.actions.append(RecordedAction(
            seat=seat, action=self.game.action_codec.encode(action), ms=ms,
            digest=self.state.digest(), timeout=timeout))
        if self.state.is_over():
            self.record.scores = self.state.scores()
            self.record.winners = self.state.winners()
        return events


def _initial(record: Record, game: Game) -> State:
    if record.game != game.name:
        raise ReplayDivergence(0, f"record is for {record.game!r}, not {game.name!r}")
    try:
        options = options_from_json(game.options_type, record.options)
        state: State = game.new(options, len(record.seats), record.seed)
    except (ValueError, TypeError) as exc:
        raise ReplayDivergence(0, f"cannot start the game: {exc}") from exc
    return state


def _live_states(record: Record, game: Game) -> Iterator[tuple[int, State, list[Event]]]:
    """(0, initial, []), then (i + 1, state after action i, its events), checking each digest
    on the way."""
    state = _initial(record, game)
    yield 0, state, []
    for step, rec in enumerate(record.actions):
        try:
            action = game.action_codec.decode(rec.action)
            events = state.apply(rec.seat, action)
        except RuleError as exc:
            raise ReplayDivergence(step, f"seat {rec.seat} {rec.action!r} rejected: "
                                         f"{exc.code} ({exc.message})") from exc
        if state.digest() != rec.digest:
            raise ReplayDivergence(step, f"state digest differs after seat {rec.seat} "
                                         f"played {rec.action!r}")
        yield step + 1, state, events


def replay(record: Record, game: Game) -> State:
    """Rebuild the final state, raising ReplayDivergence at the first step that differs."""
    state: State | None = None
    for _, current, _ in _live_states(record, game):
        state = current
    assert state is not None  # _live_states always yields the initial state
    end = len(record.actions)
    if record.departures:
        _check_departures(record, state)
        return state
    if record.scores is not None:
        if not state.is_over():
            raise ReplayDivergence(end, "record has final scores but the game is not over")
        if state.scores() != record.scores:
            raise ReplayDivergence(end, f"final scores {state.scores()} != recorded "
                                        f"{record.scores}")
    if record.winners is not None and state.winners() != record.winners:
        raise ReplayDivergence(end, f"winners {state.winners()} != recorded {record.winners}")
    return state


def _check_departures(record: Record, state: State) -> None:
    """A game that players left: each left a seat of the game, once, within its actions, and
    the recorded result is the game's scores where it stopped with ``standing``'s winners and
    ranks (the game need not have reached its end: the departures may have stopped it)."""
    end = len(record.actions)
    seats = [d.seat for d in record.departures]
    if len(set(seats)) != len(seats) or any(not 0 <= s < len(record.seats) for s in seats) \
            or any(d.seq > end for d in record.departures):
        raise ReplayDivergence(end, f"departures {[d.to_json() for d in record.departures]} "
                                    f"do not fit a game of {len(record.seats)} seats and "
                                    f"{end} actions")
    over = state.is_over()
    winners, ranks = standing(state.scores(), state.winners() if over else [], over,
                              record.departures)
    for key, recorded, replayed in (("final scores", record.scores, state.scores()),
                                    ("winners", record.winners, winners),
                                    ("ranks", record.ranks, ranks)):
        if recorded is not None and recorded != replayed:
            raise ReplayDivergence(end, f"{key} {replayed} != recorded {recorded}")


def replay_states(record: Record, game: Game) -> Iterator[tuple[int, State]]:
    """Each (step, state) for replay viewers; states are copies, safe to keep."""
    for step, state, _ in _live_states(record, game):
        yield step, state.clone()


def replay_steps(record: Record, game: Game) -> Iterator[tuple[int, State, list[Event]]]:
    """``replay_states`` with the events of each action (none for step 0), for replay viewers
    that show what happened (a spell revealed, seeds paid) and not only the position."""
    for step, state, events in _live_states(record, game):
        yield step, state.clone(), events
