"""A live table: a game in progress with its seats, record and clock, consistent with the store.

Two rules shape this class:

- **Stored before anyone is told.** An action is applied in place (``play``: copying a whole
  state before every action cost more than the rules themselves), its record line is
  persisted, and only then is it ``commit``ted and broadcast. If the database refuses (a
  conflict with another process, a lost connection), ``rewind`` replays the record without the
  action: the table is exactly as before and nobody ever saw the action. The manager holds the
  table's lock from ``play`` to ``commit``/``rewind``, and everything that reads a table for
  someone (views, previews, bot jobs) takes that lock, so an unstored action never leaves.
- **Nothing hidden leaves.** ``view`` is the game's own per-seat view plus public table
  metadata; the state's ``to_json`` (hands, bag order, random source) and the seed are never
  part of it, and events go out only through ``Event.for_seat``.

A table rebuilt from the store replays every action and compares digests. A divergence (the
rules or the lexicon changed under a stored game, or a row was tampered with) is logged and
marks the table "broken": it can still be viewed, nobody can act, the server keeps running.
"""

from __future__ import annotations

import logging
import time
from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ludomots.core import registry
from ludomots.core.errors import RuleError
from ludomots.core.game import Event, Game, State, events_for_seat
from ludomots.core.record import Record, Recorder
from ludomots.core.rng import SeededRandom
from ludomots.table.clock import Clock
from ludomots.table.errors import check_started, table_error
from ludomots.table.model import StoredAction, TableInfo, TableStatus
from ludomots.table.resign import ended_by_departures, table_result
from ludomots.table.worker import BotJob

if TYPE_CHECKING:
    from ludomots.table.store import Store

log = logging.getLogger(__name__)


class TableLoadError(Exception):
    """The game cannot even start from the stored settings (unknown game, invalid options).
    ``permanent``: the game is installed and refuses them, so no restart will help (an
    unknown game may be a plugin missing for a moment)."""

    def __init__(self, message: str, permanent: bool = True) -> None:
        super().__init__(message)
        self.permanent = permanent


@dataclass(frozen=True)
class Move:
    """An action applied in place, waiting to be persisted, then committed or rewound."""

    seq: int
    seat: int
    action: dict[str, Any]
    ms: int
    digest: str
    events: list[Event]
    status: TableStatus | None  # "over" when this action ends the game
    timeout: bool = False  # played by the clock
    marks: tuple[tuple[str, int, int], ...] = ()  # its log entry: (key, start, end)


#: Where the entries of a timeout's move are in the game's logs: {log key: entry indices}.
TimeoutMarks = dict[str, set[int]]


def _log_lengths(recorder: Recorder) -> dict[str, int]:
    """The length of each of the game's logs (``Game.view_logs``) as a spectator sees it."""
    keys = recorder.game.view_logs
    if not keys:
        return {}
    view = recorder.state.view(None)
    return {key: len(view[key]) for key in keys if isinstance(view.get(key), list)}


def _mark(marks: TimeoutMarks, entries: list[tuple[str, int, int]]) -> None:
    for key, start, end in entries:
        marks.setdefault(key, set()).update(range(start, end))


def is_movers_entry(entry: Any, seat: int) -> bool:
    """Whether a log entry can be the move of ``seat``: an entry that names another seat is
    a consequence of the move (the next player's draw), never the move itself."""
    return not isinstance(entry, dict) or entry.get("seat", seat) == seat


def _timeout_entries(recorder: Recorder, seat: int, before: dict[str, int]
                     ) -> list[tuple[str, int, int]]:
    """The log entry a timeout's move of ``seat`` added to each log: the first one added, if
    it is that seat's (what follows from the move, a new round, a spell's effect or the next
    player's draw, is no timeout). (key, start, end) each."""
    keys = recorder.game.view_logs
    if not keys:
        return []
    view = recorder.state.view(None)
    found = []
    for key in keys:
        entries = view.get(key)
        start = before.get(key, 0)
        if isinstance(entries, list) and len(entries) > start and \
                is_movers_entry(entries[start], seat):
            found.append((key, start, start + 1))
    return found


def _replay(recorder: Recorder, actions: Iterable[StoredAction],
            events: list[Event] | None = None,
            after: Callable[[StoredAction], None] | None = None,
            marks: TimeoutMarks | None = None) -> str | None:
    """Play stored actions on ``recorder`` in place; the reason of the first divergence.
    ``events``, if given, receives the events of the actions played; ``after`` is called
    after each (the clock follows the moves); ``marks`` receives the log entries of the
    timeouts."""
    codec = recorder.game.action_codec
    for stored in actions:
        expected = len(recorder.record.actions)
        if stored.seq != expected:
            return f"action {stored.seq} out of sequence (expected {expected})"
        lengths = _log_lengths(recorder) if stored.timeout and marks is not None else None
        try:
            played = recorder.play(stored.seat, codec.decode(stored.action), stored.ms,
                                   timeout=stored.timeout)
        except RuleError as exc:
            return f"action {stored.seq} by seat {stored.seat} rejected: {exc.code}"
        except Exception as exc:  # a bug in the game's code must not take the server down
            return f"action {stored.seq} by seat {stored.seat} raised {type(exc).__name__}: {exc}"
        if recorder.record.actions[-1].digest != stored.digest:
            return f"state digest differs after action {stored.seq} by seat {stored.seat}"
        if events is not None:
            events.extend(played)
        if lengths is not None and marks is not None:
            _mark(marks, _timeout_entries(recorder, stored.seat, lengths))
        if after is not None:
            after(stored)
    return None


class Table:
    """TableInfo + Recorder (state and record) + Clock; see the module docstring."""

    def __init__(self, info: TableInfo, recorder: Recorder, *,
                 now: Callable[[], float] = time.time, broken: str | None = None,
                 clock: Clock | None = None, marks: TimeoutMarks | None = None) -> None:
        """``clock``: the clock as the stored moves left it (``rebuild``); ``marks``: the log
        entries of the stored timeouts."""
        self.game: Game = recorder.game
        self.recorder = recorder
        self.broken = broken
        if broken is None and info.status == "broken":
            self.broken = "marked broken in the store"
        if self.broken is not None:
            info = info.with_status("broken")
        elif (recorder.state.is_over() or ended_by_departures(info)) and \
                info.status != "over":
            info = info.with_status("over")
        self.info = info
        resumed = clock is not None and bool(clock.started)
        self.clock = clock if clock is not None else Clock(info.clock, now)
        # Log entries that timeouts made: views mark them (``"timeout": true``) so that a
        # journal shows « temps écoulé », never a voluntary pass.
        self.timeout_marks: TimeoutMarks = marks if marks is not None else {}
        self._logs_sent: dict[str, int] = {}  # log lengths every subscriber already has
        self._logs_sending: dict[str, int] = {}
        if info.status == "playing" and not (resumed and info.clock.mode == "turn"):
            # A turn-based move goes on from when it began (``clock.py``: restarts).
            self._start_clock()

    # ---- construction ----------------------------------------------------------------------

    @staticmethod
    def _start(info: TableInfo) -> Recorder:
        try:
            game = registry.get_game(info.game)
        except Exception as exc:
            raise TableLoadError(f"table {info.id}: cannot start {info.game}: {exc}",
                                 permanent=False) from exc
        try:
            return Recorder.start(game, info.options, info.seed, info.seat_infos())
        except Exception as exc:
            raise TableLoadError(f"table {info.id}: cannot start {info.game}: {exc}") from exc

    @classmethod
    def new(cls, info: TableInfo, *, now: Callable[[], float] = time.time) -> Table:
        return cls(info, cls._start(info), now=now)

    @classmethod
    def rebuild(cls, info: TableInfo, actions: Sequence[StoredAction], *,
                now: Callable[[], float] = time.time) -> Table:
        """Replay the stored actions; a divergence marks the table broken (and is logged)."""
        recorder = cls._start(info)
        clock = Clock(info.clock, now)

        def arm(stored: StoredAction | None, at: int) -> None:
            """The clock as it was after ``stored`` (None: when the game started), at ``at``
            (epoch ms: when the action was stored)."""
            game, state = recorder.game, recorder.state
            to_act = state.to_act() if not state.is_over() else frozenset()
            limits = {seat: game.time_limit(state, seat) for seat in to_act}
            keys = {seat: game.time_limit_key(state, seat) for seat in to_act}
            if stored is None:
                clock.start(to_act, limits, keys, at=at / 1000)
            else:
                clock.moved(stored.seat, stored.ms, stored.timeout)
                clock.update(to_act, stored.seat, limits, keys, at=at / 1000)

        playing = info.clock.enabled and info.status == "playing"
        if playing:  # from its first action, or when its last seat was taken
            arm(None, actions[0].created_at if actions else info.updated_at)

        marks: TimeoutMarks = {}
        reason = _replay(recorder, actions, marks=marks,
                         after=(lambda stored: arm(stored, stored.created_at))
                         if playing else None)
        if reason is None and info.status == "over" and not recorder.state.is_over() and \
                not ended_by_departures(info):
            reason = "stored as over but the replayed game is not over"
        if reason is not None:
            log.error("table %s (%s) is broken: %s", info.id, info.game, reason)
        return cls(info, recorder, now=now, broken=reason, clock=clock, marks=marks)

    # ---- state --------------------------------------------------------------------------------

    @property
    def id(self) -> str:
        return self.info.id

    @property
    def state(self) -> State:
        return self.recorder.state

    @property
    def status(self) -> TableStatus:
        return self.info.status

    @property
    def seq(self) -> int:
        """Number of actions played: also the sequence number of the next one."""
        return len(self.recorder.record.actions)

    def _rule_limit(self, seat: int) -> float | None:
        """The game's own time limit for ``seat`` now (``Game.time_limit``)."""
        return self.game.time_limit(self.state, seat)

    def _rule_limits(self, seats: frozenset[int]) -> dict[int, float | None]:
        return {seat: self._rule_limit(seat) for seat in seats}

    def _time_limit_keys(self, seats: frozenset[int]) -> dict[int, Hashable | None]:
        return {seat: self.game.time_limit_key(self.state, seat) for seat in seats}

    def _start_clock(self) -> None:
        to_act = self.state.to_act()
        self.clock.start(to_act, self._rule_limits(to_act), self._time_limit_keys(to_act))

    def _update_clock(self, actor: int) -> None:
        to_act = self.state.to_act()
        self.clock.update(to_act, actor, self._rule_limits(to_act),
                          self._time_limit_keys(to_act))

    def to_act(self) -> frozenset[int]:
        """Seats that must act now; nobody while the table waits, is over or broken."""
        return self.state.to_act() if self.status == "playing" else frozenset()

    def mark_broken(self, reason: str) -> None:
        log.error("table %s (%s) is broken: %s", self.id, self.info.game, reason)
        self.broken = reason
        self.info = self.info.with_status("broken")
        self.clock.stop()

    def set_info(self, info: TableInfo) -> None:
        """New seats/status from the store (a seat was claimed); the clock starts with play."""
        if self.broken is not None:
            info = info.with_status("broken")
        elif self.state.is_over() or ended_by_departures(info):
            info = info.with_status("over")
        was_playing = self.status == "playing"
        self.info = info
        if info.status == "playing" and not was_playing:
            self._start_clock()
        elif info.status != "playing":
            self.clock.stop()

    # ---- acting -------------------------------------------------------------------------------

    def play(self, seat: int, action_json: object, ms: int, *, timeout: bool = False) -> Move:
        """Decode, check and apply the action in place; RuleError (nothing changed) if refused.
        The move must then be stored and ``commit``ted, or ``rewind``ed. ``timeout``: the
        action the clock plays when time is up (so the game's time limit does not refuse it)."""
        check_started(self.status)
        if self.status == "over":  # the game may not be (a resignation ended it)
            raise table_error("game_over", "La partie est terminée.")
        if isinstance(seat, bool) or not isinstance(seat, int) or \
                not 0 <= seat < len(self.info.seats):
            raise table_error("bad_seat", "Cette place n’existe pas.", seat=seat)
        action = self.game.action_codec.decode(action_json)
        limit = self._rule_limit(seat) if seat in self.to_act() and not timeout else None
        if limit is not None and ms > limit * 1000:
            raise table_error("too_late", "Trop tard : le temps imparti est écoulé.",
                              seconds=limit)
        seq = self.seq
        before = _log_lengths(self.recorder) if timeout else {}
        try:
            # checks first: refused = unchanged
            events = self.recorder.play(seat, action, ms, timeout=timeout)
        except RuleError:
            raise
        except Exception:  # a bug in the game: the state may be half-changed, rebuild it
            self._replay_record(seq)
            raise
        line = self.recorder.record.actions[-1]
        return Move(seq=seq, seat=seat, action=line.action, ms=line.ms, digest=line.digest,
                    events=events, status="over" if self.state.is_over() else None,
                    timeout=timeout,
                    marks=tuple(_timeout_entries(self.recorder, seat, before))
                    if timeout else ())

    def commit(self, move: Move) -> None:
        """The move is stored: its table status and clock follow."""
        if move.seq != self.seq - 1:
            raise RuntimeError(f"table {self.id}: move {move.seq} is not the last one "
                               f"(at {self.seq})")
        if move.status is not None:
            self.info = self.info.with_status(move.status)
        self.clock.moved(move.seat, move.ms, move.timeout)
        for key, start, end in move.marks:
            self.timeout_marks.setdefault(key, set()).update(range(start, end))
        if self.status == "playing":
            self._update_clock(move.seat)
        else:
            self.clock.stop()

    def rewind(self, move: Move) -> None:
        """Undo a move the store refused, by replaying the record without it."""
        if move.seq != self.seq - 1:
            raise RuntimeError(f"table {self.id}: move {move.seq} is not the last one "
                               f"(at {self.seq})")
        self._replay_record(move.seq)

    def _replay_record(self, count: int) -> None:
        """Rebuild the recorder from the first ``count`` recorded actions."""
        recorder = self._start(self.info)
        lines = self.recorder.record.actions[:count]
        reason = _replay(recorder, [StoredAction(seq=i, seat=line.seat, action=line.action,
                                                 ms=line.ms, digest=line.digest,
                                                 timeout=line.timeout)
                                    for i, line in enumerate(lines)])
        self.recorder = recorder
        if reason is not None:  # the game is not deterministic: do not let anyone act on it
            self.mark_broken(reason)

    def act(self, store: Store, seat: int, action_json: object, ms: int | None = None
            ) -> list[Event]:
        """Synchronous prepare → store → commit, for scripts and tests (the manager does the
        same with the store call off the event loop)."""
        move = self.play(seat, action_json, self.clock.elapsed_ms(seat) if ms is None else ms)
        try:
            store.append_action(self.id, move.seq, move.seat, move.action, move.ms, move.digest,
                                move.status, timeout=move.timeout)
        except BaseException:
            self.rewind(move)
            raise
        self.commit(move)
        return move.events

    def catch_up(self, actions: Sequence[StoredAction],
                 events: list[Event] | None = None) -> int:
        """Apply actions another process stored (after losing a race, or told by the bus);
        returns how many. ``events``, if given, receives their events (for subscribers)."""
        played = 0
        for stored in actions:
            if stored.seq < self.seq:
                continue
            reason = _replay(self.recorder, [stored], events, marks=self.timeout_marks)
            if reason is not None:
                self.mark_broken(reason)
                break
            played += 1
            self.clock.moved(stored.seat, stored.ms, stored.timeout)
            if self.state.is_over():
                self.info = self.info.with_status("over")
                self.clock.stop()
            elif self.status == "playing":
                self._update_clock(stored.seat)
        return played

    # ---- what goes out ------------------------------------------------------------------------

    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` (None: a spectator) may see: the game's view and public metadata."""
        return self.views([seat])[seat]

    def views(self, seats: Iterable[int | None]) -> dict[int | None, dict[str, Any]]:
        """``view`` for several seats, sharing the work they have in common."""
        seats = list(seats)
        for seat in seats:
            if seat is not None and not 0 <= seat < len(self.info.seats):
                raise ValueError(f"no seat {seat} at table {self.id}")
        state = self.state
        over = state.is_over() or self.status == "over"
        departed = self.info.departed()
        # A human who left sees what a spectator sees: the seat's hand is no longer theirs.
        game_views = state.views([None if s in departed else s for s in set(seats)])
        if self.timeout_marks:
            for game_view in game_views.values():
                self._mark_timeouts(game_view)
        table = {
            "id": self.id,
            "game": self.info.game,
            "title": self.game.title,
            "status": self.status,
            "seats": self.info.seats_json(),
            "to_act": sorted(self.to_act()),
            "actions": self.seq,
            "clock": self.clock.to_json(len(self.info.seats)),
            "result": self.result() if over else None,
            "resign": self.info.resign_rule.to_json(),
            "departures": [d.to_json() for d in self.info.departures],
            "rematch": self.info.rematch,
            "rematch_of": self.info.rematch_of,
        }
        # How many actions each seat has played (timeouts included): the page keeps its
        # controls disabled until its own action shows here, not until any update arrives.
        acted = Counter(line.seat for line in self.recorder.record.actions)
        return {seat: {"table": {**table, "you": None if seat in departed else seat,
                                 "left": seat if seat in departed else None,
                                 "acted": None if seat is None or seat in departed
                                 else acted[seat]},
                       "game": game_views[None if seat in departed else seat]}
                for seat in seats}

    def _mark_timeouts(self, game_view: dict[str, Any]) -> None:
        """Mark the log entries that timeouts made (``"timeout": true``), on copies: the
        state's own entries stay as they are."""
        for key, indices in self.timeout_marks.items():
            entries = game_view.get(key)
            if isinstance(entries, list) and indices:
                game_view[key] = [dict(entry, timeout=True)
                                  if i in indices and isinstance(entry, dict) else entry
                                  for i, entry in enumerate(entries)]

    def viewer(self, seat: int | None) -> int | None:
        """Whose eyes ``seat`` sees with: its own, or a spectator's once its human left."""
        return None if seat is not None and seat in self.info.departed() else seat

    def result(self) -> dict[str, Any]:
        """The final scores and winners, departures taken into account (``table_result``)."""
        return table_result(self.info, self.state)

    def update_views(self, seats: Iterable[int | None]
                     ) -> dict[int | None, tuple[dict[str, Any], dict[str, int]]]:
        """The views for an update to subscribers who have had every payload since they
        subscribed: the game's logs (``Game.view_logs``) hold only the entries added since the
        previous update, and the second value says at which index they start. Logs only grow,
        so a subscriber welcomed since then (with the whole log) merges them just as well.
        Call ``logs_sent`` once the update is out."""
        out = {}
        for seat, view in self.views(seats).items():
            starts: dict[str, int] = {}
            game_view = view["game"]
            for key in self.game.view_logs:
                entries = game_view.get(key)
                if isinstance(entries, list):
                    start = min(self._logs_sent.get(key, 0), len(entries))
                    game_view[key] = entries[start:]
                    starts[key] = start
                    known = self._logs_sending.get(key)
                    self._logs_sending[key] = len(entries) if known is None else \
                        min(known, len(entries))
            out[seat] = (view, starts)
        return out

    def logs_sent(self) -> None:
        """The update built by ``update_views`` went to every subscriber."""
        self._logs_sent.update(self._logs_sending)
        self._logs_sending.clear()

    def events_for(self, events: Iterable[Event], seat: int | None) -> list[dict[str, Any]]:
        return events_for_seat(events, self.viewer(seat))

    def record(self) -> Record:
        """The full record (hidden information included: the seed). Callers decide who may
        have it; the manager gives it out only once the game is over."""
        base = self.recorder.record
        seats = self.info.record_seats()
        record = Record(game=base.game, options=dict(base.options), seed=base.seed,
                        seats=seats, actions=list(base.actions),
                        scores=base.scores, winners=base.winners)
        if self.info.departures and self.status == "over":
            # How it ended: the table's result (what the players' histories keep), not the
            # game's, which knows nothing of those who left and may not have reached its end.
            result = self.result()
            record.scores, record.winners = result["scores"], result["winners"]
            record.departures, record.ranks = list(self.info.departures), result["ranks"]
        return record

    def bot_job(self, seat: int, level: str) -> BotJob:
        """A bot's job for the current position. Its random stream derives from the table's seed,
        the seat and the move number, so a bot's choice is reproducible and survives restarts."""
        rng = SeededRandom(self.info.seed).fork(f"bot{seat}:{self.seq}")
        return BotJob(game=self.info.game, game_module=type(self.game).__module__,
                      state_class=type(self.state), state=self.state.to_json(), seat=seat,
                      level=level, rng=rng.to_json())
