"""Position notation: an Awalettres position on one line (docs/rules/awalettres.md, « Position
notation »), for tests, `ludomots awalettres show --position` and bug reports.

    <hands> <player> [key=value ...]

`hands`: every seat's cards, seats separated by `/`, letters A–Z, `?` for a CONFUSION, `-` for
an empty hand. `player`: the seat (from 0) to play, or whose turn is ending. Then, each only
when it differs from its default, in this order:

    step=word        what is asked now (word, give, panic, trim, exchange, marabout, over)
    phase=before_word  what comes when the tasks are done (setup, end_turn, before_word)
    tasks=spell@2,cast@1:maraboutage,trim@0,panic@1   the queue of decisions, first first
    pending=echange  the spell drawn and not yet given
    first=0          who played first (default: the player)
    grenier=EA*S     the grenier, the next card drawn first (`*`: a spell draw)
    box=echange,panique  the spell box, the next spell drawn first
    held=/maraboutage/   spells held (ÉCHANGE, MARABOUTAGE), per seat, comma-separated
    marabout=/2O,0?/     MARABOUTAGE designations on each seat: caster seat and card
    sacks=0,0,9      seeds in each sack
    debts=1:2,P:5//  each seat's debts, oldest first: creditor (P: the pot) and amount
    discard=ET*      letters played and spell draws used, in order
    spent=panique    spells used (they go back in the box when it is empty)
    turn=3 passes=1  words and passes so far; passes in a row
    nowords          the player can make no word (he must pass)
    over=no_word     the reason the game ended
    rng=7            the state of the random source (a seed)

Options are not part of it (`parse_position` takes them); WAYAMPOU's definitions and votes and
the move logs (`played`, `history`) are not either: a parsed position starts them empty.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, get_args

from ludomots.core.rng import SeededRandom
from ludomots.games.awalettres.actions import AwalettresOptions, Step
from ludomots.games.awalettres.cards import SPELL_DRAW, SPELLS, WILD
from ludomots.games.awalettres.ledger import POT, Ledger
from ludomots.games.awalettres.records import Debt, Designation, Task, TaskType
from ludomots.games.awalettres.state import AwalettresState

_KEYS = ("step", "phase", "tasks", "pending", "first", "grenier", "box", "held", "marabout",
         "sacks", "debts", "discard", "spent", "turn", "passes", "nowords", "over", "rng")
_LETTERS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
_PHASES = ("setup", "end_turn", "before_word")
_TASKS: tuple[str, ...] = get_args(TaskType)
_STEPS: tuple[str, ...] = get_args(Step)


def _seats(items: list[str]) -> str:
    return "/".join(items)


def _hand(cards: list[str]) -> str:
    return "".join(cards) or "-"


def _task(task: Task) -> str:
    return f"{task.type}@{task.seat}" + (f":{task.spell}" if task.spell is not None else "")


def _debt(debt: Debt) -> str:
    creditor, amount = debt
    return f"{'P' if creditor == POT else creditor}:{amount}"


def format_position(state: AwalettresState) -> str:
    """The one-line notation of `state` (see the module's documentation)."""
    parts = [_seats([_hand(h) for h in state.hands]), str(state.current)]
    players = state.players

    def add(key: str, value: str, default: str) -> None:
        if value != default:
            parts.append(f"{key}={value}")

    add("step", state.step, "word")
    add("phase", state.phase, "before_word")
    add("tasks", ",".join(_task(t) for t in state.tasks), "")
    add("pending", state.pending_spell or "", "")
    add("first", str(state.first), str(state.current))
    add("grenier", "".join(reversed(state.grenier)), "")
    add("box", ",".join(reversed(state.box)), "")
    empty = _seats([""] * players)
    add("held", _seats([",".join(h) for h in state.held]), empty)
    add("marabout", _seats([",".join(f"{c}{card}" for c, card in on)
                            for on in state.designations]), empty)
    add("sacks", ",".join(str(n) for n in state.ledger.sacks), ",".join(["0"] * players))
    add("debts", _seats([",".join(_debt(d) for d in debts) for debts in state.ledger.debts]),
        empty)
    add("discard", "".join(state.discard), "")
    add("spent", ",".join(state.spell_discard), "")
    add("turn", str(state.turn), "0")
    add("passes", str(state.passes), "0")
    if not state.can_play:
        parts.append("nowords")
    add("over", state.end_reason or "", "")
    add("rng", str(state.rng.state), "0")
    return " ".join(parts)


class NotationError(ValueError):
    """A position text that does not follow the notation (English: for developers)."""


def _int(text: str, what: str, low: int = 0, high: int | None = None) -> int:
    try:
        value = int(text)
    except ValueError:
        raise NotationError(f"{what}: {text!r} is not a number") from None
    if value < low or (high is not None and value > high):
        raise NotationError(f"{what}: {value} is out of range")
    return value


def _cards(text: str, what: str, allowed: frozenset[str]) -> list[str]:
    bad = sorted(set(text) - allowed)
    if bad:
        raise NotationError(f"{what}: unknown card(s) {''.join(bad)!r}")
    return list(text)


def _spell(text: str, what: str) -> str:
    if text not in SPELLS:
        raise NotationError(f"{what}: unknown spell {text!r}")
    return text


def _per_seat(text: str, players: int, what: str) -> list[str]:
    items = text.split("/")
    if len(items) != players:
        raise NotationError(f"{what}: {len(items)} seats given for {players} players")
    return items


def _list(text: str) -> list[str]:
    return text.split(",") if text else []


def _parse_task(text: str, players: int) -> Task:
    head, _, spell = text.partition(":")
    kind, at, seat = head.partition("@")
    if kind not in _TASKS or not at:
        raise NotationError(f"tasks: {text!r} is not kind@seat[:spell]")
    return Task(kind, _int(seat, "tasks", 0, players - 1),  # type: ignore[arg-type]
                _spell(spell, "tasks") if spell else None)


def _parse_designation(text: str, players: int) -> Designation:
    if len(text) < 2:
        raise NotationError(f"marabout: {text!r} is not a seat and a card")
    card = _cards(text[-1], "marabout", _LETTERS | {WILD})[0]
    return _int(text[:-1], "marabout", 0, players - 1), card


def _parse_debt(text: str, players: int) -> Debt:
    creditor, _, amount = text.partition(":")
    who = POT if creditor == "P" else _int(creditor, "debts", 0, players - 1)
    return who, _int(amount, "debts", 1)


def parse_position(text: str, options: Any = None,
                   players: int | None = None) -> AwalettresState:
    """The position `text` describes, under `options` (None: the defaults; a dict or the
    options dataclass); `players`, when given, must be the number of hands. NotationError
    (a ValueError, in English) on a text that does not follow the notation."""
    from ludomots.games.awalettres.rules import GAME

    words = text.split()
    if len(words) < 2:
        raise NotationError("a position is '<hands> <player> [key=value ...]'")
    hands = [[] if h == "-" else sorted(_cards(h, "hands", _LETTERS | {WILD}))
             for h in words[0].split("/")]
    count = len(hands)
    if not GAME.min_players <= count <= GAME.max_players:
        raise NotationError(f"hands: {count} seats, Awalettres is played by 2 to 6")
    if players is not None and players != count:
        raise NotationError(f"hands: {count} seats given for {players} players")
    current = _int(words[1], "player", 0, count - 1)
    fields: dict[str, str] = {}
    for word in words[2:]:
        key, eq, value = word.partition("=")
        if key not in _KEYS or (key == "nowords") == bool(eq):
            raise NotationError(f"unknown or malformed part {word!r}")
        if key in fields:
            raise NotationError(f"{key} given twice")
        fields[key] = value
    opts: AwalettresOptions = GAME.coerce_options(options)
    state = AwalettresState(opts, count, SeededRandom(_int(fields.get("rng", "0"), "rng")))
    state.hands = hands
    state.current = current
    _fill(state, fields)
    return state


def _fill(state: AwalettresState, fields: dict[str, str]) -> None:
    """Set the optional parts of the position on a new state."""
    players = state.players
    get = fields.get
    step = get("step", "word")
    if step not in _STEPS:
        raise NotationError(f"step: unknown step {step!r}")
    state.step = step  # type: ignore[assignment]
    phase = get("phase", "before_word")
    if phase not in _PHASES:
        raise NotationError(f"phase: unknown phase {phase!r}")
    state.phase = phase
    state.tasks = [_parse_task(t, players) for t in _list(get("tasks", ""))]
    pending = get("pending", "")
    state.pending_spell = _spell(pending, "pending") if pending else None
    state.first = _int(get("first", str(state.current)), "first", 0, players - 1)
    state.grenier = _cards(get("grenier", ""), "grenier", _LETTERS | {SPELL_DRAW})[::-1]
    state.box = [_spell(s, "box") for s in _list(get("box", ""))][::-1]

    def per_seat(key: str, item: Callable[[str], Any]) -> list[list[Any]]:
        if key not in fields:
            return [[] for _ in range(players)]
        return [[item(x) for x in _list(part)]
                for part in _per_seat(fields[key], players, key)]

    state.held = per_seat("held", lambda s: _spell(s, "held"))
    state.designations = per_seat("marabout", lambda d: _parse_designation(d, players))
    ledger = Ledger(players)
    if "sacks" in fields:
        sacks = _list(fields["sacks"])
        if len(sacks) != players:
            raise NotationError(f"sacks: {len(sacks)} sacks given for {players} players")
        ledger.sacks = [_int(n, "sacks") for n in sacks]
    ledger.debts = per_seat("debts", lambda d: _parse_debt(d, players))
    state.ledger = ledger
    state.discard = _cards(get("discard", ""), "discard", _LETTERS | {SPELL_DRAW})
    state.spell_discard = [_spell(s, "spent") for s in _list(get("spent", ""))]
    state.turn = _int(get("turn", "0"), "turn")
    state.passes = _int(get("passes", "0"), "passes")
    state.can_play = "nowords" not in fields
    state.end_reason = get("over") or None
