"""What a table is, independently of any game: seats, clock settings, status.

These are plain frozen values shared by the store (which persists them), the live ``Table`` and
the manager. Player names are validated here, once, because they are the only free text a
stranger can put in front of other players: bounded length, no control or invisible formatting
characters (a right-to-left override could disguise a name), errors in French.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Literal

from ludomots.core.bots import LEVEL_TITLES
from ludomots.core.errors import RuleError
from ludomots.core.record import SeatInfo, seats_as_recorded
from ludomots.core.standing import Departure as Departure  # records keep departures too
from ludomots.core.text import printable, tidy

SeatKind = Literal["human", "bot"]
#: "waiting": a human seat is still free (nobody may act yet); "playing"; "over";
#: "broken": the stored actions no longer replay (rules or lexicon changed); nobody may act;
#: "closed": it waited for players with nobody there for too long (``stale.py``): nobody may
#: join or act, and it leaves the lobby.
TableStatus = Literal["waiting", "playing", "over", "broken", "closed"]
STATUSES: tuple[TableStatus, ...] = ("waiting", "playing", "over", "broken", "closed")
#: Tables the lobby lists and that resume after a restart.
LIVE_STATUSES: tuple[TableStatus, ...] = ("waiting", "playing")

NAME_MAX = 24
#: The server's database when none is given (here, not in ``store.py``, so that the command
#: line reads it without importing the store and its metrics: ``serve --metrics-dir`` must
#: choose prometheus-client's multiprocess mode before the client is first imported).
DEFAULT_URL = "sqlite:///ludomots.db"
MAX_SECONDS_PER_MOVE = 86_400
#: Seeds are stored as a signed 64-bit BIGINT (PostgreSQL has no unsigned type).
SEED_MIN, SEED_MAX = -(2**63), 2**63 - 1


def validate_name(name: object) -> str:
    """The name as shown (NFC, stripped), or RuleError("bad_name") in French."""
    if not isinstance(name, str):
        raise RuleError("bad_name", "Le nom doit être un texte.")
    cleaned = tidy(name)
    if not 1 <= len(cleaned) <= NAME_MAX:
        raise RuleError("bad_name", f"Le nom doit compter de 1 à {NAME_MAX} caractères.",
                        {"max": NAME_MAX})
    if not printable(cleaned):
        raise RuleError("bad_name", "Le nom contient des caractères non autorisés.")
    return cleaned


@dataclass(frozen=True)
class SeatSpec:
    """One seat: a human (``name`` empty while the seat is free) or a bot of some level.

    Whether a bot level exists is the game's business and is checked by the manager; this class
    only checks what holds for every game.
    """

    kind: SeatKind
    level: str | None = None
    name: str = ""

    def __post_init__(self) -> None:
        if self.kind not in ("human", "bot"):
            raise RuleError("bad_seat", f"Type de place inconnu : « {self.kind} ».")
        if self.kind == "bot":
            if not isinstance(self.level, str) or not self.level:
                raise RuleError("bad_seat", "Une place de robot doit avoir un niveau.")
            object.__setattr__(self, "name", validate_name(self.name))
        else:
            if self.level is not None:
                raise RuleError("bad_seat", "Une place humaine n’a pas de niveau.")
            if self.name != "":
                object.__setattr__(self, "name", validate_name(self.name))

    @classmethod
    def human(cls, name: str = "") -> SeatSpec:
        """A human seat, claimed by ``name`` or left free for someone to join."""
        return cls("human", None, name)

    @classmethod
    def bot(cls, level: str, name: str | None = None) -> SeatSpec:
        """A bot seat; the default name says its level ("Robot Débutant")."""
        return cls("bot", level, name or f"Robot {LEVEL_TITLES.get(level, level)}")

    @property
    def is_open(self) -> bool:
        return self.kind == "human" and self.name == ""

    def claimed_by(self, name: str) -> SeatSpec:
        return replace(self, name=validate_name(name))

    def to_info(self) -> SeatInfo:
        return SeatInfo(name=self.name, kind=self.kind, level=self.level)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "level": self.level, "name": self.name}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> SeatSpec:
        return cls(data["kind"], data.get("level"), data.get("name", ""))


#: The time controls a table creator chooses (issue 19): none; a time per move ("move");
#: Fischer, a bank plus an increment after each move ("fischer"); turn-based, days a move
#: ("turn", correspondence).
ClockMode = Literal["none", "move", "fischer", "turn"]
CLOCK_MODES: tuple[ClockMode, ...] = ("none", "move", "fischer", "turn")
#: Bounds of a Fischer clock: a bank of 1 minute to 3 hours, an increment of 0 to 10 minutes.
MIN_BANK_SECONDS, MAX_BANK_SECONDS = 60, 3 * 3600
MAX_INCREMENT_SECONDS = 600
#: A turn-based table gives 1, 2 or 3 days a move.
TURN_DAYS = (1, 2, 3)
DAY_SECONDS = 86_400


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True)
class ClockSettings:
    """A table's time control. ``ClockSettings(30)`` is 30 s a move and ``ClockSettings(0)``
    none (``mode`` follows ``seconds_per_move`` when not given); ``fischer`` and ``turn``
    build the others. RuleError("bad_clock") in French when out of bounds."""

    seconds_per_move: int = 0
    mode: ClockMode | None = None
    bank_seconds: int = 0
    increment_seconds: int = 0
    days: int = 0

    def __post_init__(self) -> None:
        values = (self.seconds_per_move, self.bank_seconds, self.increment_seconds, self.days)
        if not all(_whole(v) for v in values):
            raise RuleError("bad_clock", "Les durées de la pendule sont des nombres entiers.")
        mode = self.mode
        if mode is None:
            mode = "move" if self.seconds_per_move else "none"
            object.__setattr__(self, "mode", mode)
        if mode not in CLOCK_MODES:
            raise RuleError("bad_clock", "Cadence inconnue : « none », « move », « fischer » "
                                         "ou « turn ».")
        spm = self.seconds_per_move
        used = {"move": (spm,), "fischer": (self.bank_seconds, self.increment_seconds),
                "turn": (self.days,), "none": ()}[mode]
        if sum(values) != sum(used):
            raise RuleError("bad_clock", "Ces durées ne vont pas avec cette cadence.")
        if mode == "move" and not 0 < spm <= MAX_SECONDS_PER_MOVE or \
                mode == "none" and spm:
            raise RuleError("bad_clock", "Le temps par coup doit être un nombre entier de "
                                         f"secondes entre 0 et {MAX_SECONDS_PER_MOVE}.")
        if mode == "fischer" and not (
                MIN_BANK_SECONDS <= self.bank_seconds <= MAX_BANK_SECONDS
                and 0 <= self.increment_seconds <= MAX_INCREMENT_SECONDS):
            raise RuleError("bad_clock", "Pendule Fischer : une réserve de 1 minute à 3 heures "
                                         "et un incrément de 0 à 10 minutes par coup.")
        if mode == "turn" and self.days not in TURN_DAYS:
            raise RuleError("bad_clock", "Partie au tour par tour : 1, 2 ou 3 jours par coup.")

    @classmethod
    def fischer(cls, bank_seconds: int, increment_seconds: int = 0) -> ClockSettings:
        return cls(0, "fischer", bank_seconds, increment_seconds)

    @classmethod
    def turn(cls, days: int) -> ClockSettings:
        return cls(0, "turn", days=days)

    @property
    def enabled(self) -> bool:
        return self.mode != "none"

    def move_limit(self) -> float | None:
        """Seconds a move may take whatever the bank: per move, or the days of a turn."""
        if self.mode == "move":
            return float(self.seconds_per_move)
        if self.mode == "turn":
            return float(self.days * DAY_SECONDS)
        return None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"mode": self.mode, "seconds_per_move": self.seconds_per_move}
        if self.mode == "fischer":
            out.update(bank_seconds=self.bank_seconds, increment_seconds=self.increment_seconds)
        elif self.mode == "turn":
            out["days"] = self.days
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> ClockSettings:
        """Also reads what tables stored before there were modes (``seconds_per_move``)."""
        return cls(int(data.get("seconds_per_move", 0)), data.get("mode"),
                   int(data.get("bank_seconds", 0)), int(data.get("increment_seconds", 0)),
                   int(data.get("days", 0)))


#: What becomes of a seat that resigns at 3 players or more: a bot of a level takes it over and
#: the others play on ("bot"), or the game ends on the scores as they stand ("score").
ResignMode = Literal["bot", "score"]
DEPARTURE_REASONS = ("resign", "expel")


@dataclass(frozen=True)
class ResignRule:
    """The table creator's choice for a resignation at 3+ players (at 2, the other wins)."""

    mode: ResignMode = "bot"
    level: str | None = "confirme"

    def __post_init__(self) -> None:
        if self.mode not in ("bot", "score"):
            raise RuleError("bad_resign", "Après un abandon, la place passe à un robot "
                                          "(« bot ») ou la partie se termine (« score »).")
        if self.mode == "bot" and (not isinstance(self.level, str) or not self.level):
            raise RuleError("bad_resign", "Indiquez le niveau du robot qui reprend la place.")
        if self.mode == "score":
            object.__setattr__(self, "level", None)

    def to_text(self) -> str:
        return "score" if self.mode == "score" else f"bot:{self.level}"

    @classmethod
    def from_text(cls, text: str | None) -> ResignRule:
        if not text:
            return cls()
        mode, _, level = text.partition(":")
        return cls("score") if mode == "score" else cls("bot", level or "confirme")

    def to_json(self) -> dict[str, Any]:
        return {"mode": self.mode, "level": self.level}


@dataclass(frozen=True)
class TableInfo:
    """A table's identity and settings, as stored. Times are epoch milliseconds (portable)."""

    id: str
    game: str
    options: dict[str, Any]
    seed: int
    seats: tuple[SeatSpec, ...]
    status: TableStatus
    clock: ClockSettings = field(default_factory=ClockSettings)
    created_at: int = 0
    updated_at: int = 0
    resign_rule: ResignRule = field(default_factory=ResignRule)
    departures: tuple[Departure, ...] = ()
    rematch_of: str | None = None
    rematch: str | None = None

    def departed(self) -> dict[int, Departure]:
        return {d.seat: d for d in self.departures}

    def humans_left(self) -> list[int]:
        """Human seats still played by their human (claimed, not departed)."""
        gone = self.departed()
        return [i for i, s in enumerate(self.seats) if s.kind == "human" and i not in gone]

    def open_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.is_open]

    def seat_infos(self) -> list[SeatInfo]:
        return [s.to_info() for s in self.seats]

    def record_seats(self) -> list[SeatInfo]:
        """Who sat where, as records and replays name them: a human who resigned, not the bot
        that took the seat over."""
        return seats_as_recorded(self.seat_infos(), self.departures)

    def with_status(self, status: TableStatus) -> TableInfo:
        return replace(self, status=status)

    def with_seat(self, seat: int, spec: SeatSpec) -> TableInfo:
        seats = list(self.seats)
        seats[seat] = spec
        return replace(self, seats=tuple(seats))

    def seats_json(self) -> list[dict[str, Any]]:
        """Each seat, and whether its human left (``departed``: "resign", "expel", or null)."""
        gone = self.departed()
        return [dict(s.to_json(), seat=i, open=s.is_open,
                     departed=gone[i].reason if i in gone else None)
                for i, s in enumerate(self.seats)]

    def public_json(self) -> dict[str, Any]:
        """What the lobby may show. Never the seed: it would reveal every future draw."""
        return {
            "id": self.id,
            "game": self.game,
            "options": dict(self.options),
            "seats": self.seats_json(),
            "status": self.status,
            "clock": self.clock.to_json(),
            "created_at": self.created_at,
            "updated_at": self.updated_at,
            "resign": self.resign_rule.to_json(),
            "departures": [d.to_json() for d in self.departures],
            "rematch_of": self.rematch_of,
            "rematch": self.rematch,
        }


@dataclass(frozen=True)
class StoredAction:
    """One row of the ``actions`` table: the record's action plus its sequence number."""

    seq: int
    seat: int
    action: dict[str, Any]
    ms: int
    digest: str
    created_at: int = 0
    timeout: bool = False  # played by the clock (``RecordedAction.timeout``)
