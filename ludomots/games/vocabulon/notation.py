"""Position notation: a Vocabulon position on one line, for tests, bug reports and
`ludomots vocabulon show --position` (docs/rules/vocabulon.md, « Position notation »).

    PORTE@bA+1*:PQ,R/MOINS@jGH+2*:E,E/CLAIR@bA move turn=3 current=1 die=4

The seats first, separated by "/", each ``[FORMER>...]SECRET@CELL[+THROWS][*][:CARDS]``: the
secret word ("?" before it is written; words given up before it, each followed by ">", make it
public), the pawn's cell code (board.cell_code), the dice thrown (omitted when none), "*" once
the pawn has moved, the letter cards won. Then the step of the turn, then ``key=value`` items,
each left out at its default: turn (0), current (0), first (0), die (none), the riddle
(``riddle=GROUP#CARD``, ``via=vocabulon``, ``attempts=N``, ``said=SEAT:WORD,...`` with "_" for a
space, ``queue=SEAT,...``), an exchange waiting for its answer (``exchange=GIVER:GIVE,TO:TAKE``,
or ``offer=`` for an offer of a missing letter), a change of secret word waiting for the
missing letter (``request=SEAT:WORD:GROUP,...:SEAT,...``), asked (the turn the player last
asked for his missing letter), winners (``winners=SEAT,...``) and seed.

Not in the notation: the history, the random source and the order of the riddle cards in
their compartments, which come from ``seed`` (0 by default) as ``Game.new`` deals them; the
riddle's card is taken out of its compartment. The asked player of a riddle is the current
one and its reader the player on his right; its length is the die's.
"""

from __future__ import annotations

import re
from typing import cast, get_args

from ludomots.core.options import options_from_json
from ludomots.core.rng import SeededRandom
from ludomots.games.vocabulon import board
from ludomots.games.vocabulon.actions import Step, VocabulonOptions
from ludomots.games.vocabulon.groups import GROUPS, letters_key
from ludomots.games.vocabulon.records import ChangeRequest, Exchange, Riddle, Said
from ludomots.games.vocabulon.state import VocabulonState
from ludomots.lexicon.lexicon import Lexicon

STEPS: tuple[str, ...] = get_args(Step)
_SEAT = re.compile(r"^(?P<words>[^@]+)@(?P<cell>[a-zA-Z0-9]+)(?:\+(?P<throws>\d+))?"
                   r"(?P<moved>\*)?(?::(?P<cards>[A-Z,]*))?$")
_KEYS = ("turn", "current", "first", "die", "riddle", "via", "attempts", "said", "queue",
         "exchange", "offer", "request", "asked", "winners", "seed")


def format_position(state: VocabulonState) -> str:
    """The position of ``state`` on one line (see the module's doc)."""
    seats = "/".join(_format_seat(state, s) for s in range(state.players))
    items = [seats, state.step]
    for key, value, default in (("turn", state.turn, 0), ("current", state.current, 0),
                                ("first", state.first_player, 0), ("die", state.face, None)):
        if value != default:
            items.append(f"{key}={value}")
    riddle = state.riddle
    if riddle is not None:
        items.append(f"riddle={riddle.group}#{riddle.card}")
        if riddle.via != "cell":
            items.append(f"via={riddle.via}")
        if riddle.attempts:
            items.append(f"attempts={riddle.attempts}")
        if riddle.answers:
            items.append("said=" + ",".join(f"{a.seat}:{a.word.replace(' ', '_')}"
                                            for a in riddle.answers))
        if riddle.queue:
            items.append("queue=" + _ints(riddle.queue))
    exchange = state.exchange
    if exchange is not None:
        key = "offer" if exchange.offer else "exchange"
        items.append(f"{key}={exchange.giver}:{exchange.give},{exchange.to}:{exchange.take}")
    request = state.request
    if request is not None:
        items.append(f"request={request.seat}:{request.word}:{','.join(request.groups)}:"
                     f"{_ints(request.queue)}")
    if state.asked_turn:
        items.append(f"asked={state.asked_turn}")
    if state.winners_:
        items.append("winners=" + _ints(state.winners_))
    return " ".join(items)


def _format_seat(state: VocabulonState, seat: int) -> str:
    secret = state.secrets[seat]
    words = "".join(f"{w}>" for w in state.former[seat]) + (secret if secret else "?")
    text = f"{words}@{board.cell_code(state.positions[seat])}"
    if state.throws[seat]:
        text += f"+{state.throws[seat]}"
    if state.moved[seat]:
        text += "*"
    if state.held[seat]:
        text += ":" + ",".join(state.held[seat])
    return text


def _ints(values: tuple[int, ...] | list[int]) -> str:
    return ",".join(str(v) for v in values)


def parse_position(text: str, options: VocabulonOptions | dict[str, object] | None = None,
                   players: int | None = None, *,
                   lexicon: Lexicon | None = None) -> VocabulonState:
    """The state a notation describes (ValueError, in English, on a malformed one)."""
    if not isinstance(options, VocabulonOptions):
        options = options_from_json(VocabulonOptions, options or {})
    fields = text.split()
    if len(fields) < 2:
        raise ValueError(f"a position is 'SEATS STEP [KEY=VALUE...]', not {text!r}")
    seats = fields[0].split("/")
    if players is not None and players != len(seats):
        raise ValueError(f"the position has {len(seats)} seats, not {players}")
    if not 2 <= len(seats) <= 4:
        raise ValueError(f"Vocabulon is played by 2 to 4 players, not {len(seats)}")
    step = fields[1]
    if step not in STEPS:
        raise ValueError(f"unknown step {step!r} (one of {', '.join(STEPS)})")
    items = _items(fields[2:])
    state = VocabulonState(options, len(seats), SeededRandom(_number(items, "seed") or 0))
    state.shuffle_compartments()
    for seat, seat_text in enumerate(seats):
        _parse_seat(state, seat, seat_text)
    state.step = cast(Step, step)
    state.turn = _number(items, "turn") or 0
    state.current = _seat(state, items.get("current", "0"))
    state.first_player = _seat(state, items.get("first", "0"))
    state.face = _number(items, "die")
    faces = range(3, 9) if options.die == "3-8" else range(1, 7)
    if state.face is not None and state.face not in faces:
        raise ValueError(f"die={state.face} is no face of the {options.die} die")
    state.asked_turn = _number(items, "asked") or 0
    state.winners_ = _seats(state, items.get("winners", ""))
    _parse_riddle(state, items)
    _parse_exchange(state, items)
    if "request" in items:
        parts = items["request"].split(":")
        if len(parts) != 4:
            raise ValueError(f"request is SEAT:WORD:GROUPS:QUEUE, not {items['request']!r}")
        state.request = ChangeRequest(_seat(state, parts[0]), parts[1],
                                      tuple(_groups(parts[2])), tuple(_seats(state, parts[3])))
    return state.referee_with(lexicon)


def _items(tokens: list[str]) -> dict[str, str]:
    items: dict[str, str] = {}
    for token in tokens:
        key, sep, value = token.partition("=")
        if not sep or key not in _KEYS:
            raise ValueError(f"unknown item {token!r} (keys: {', '.join(_KEYS)})")
        if key in items:
            raise ValueError(f"{key} is given twice")
        items[key] = value
    return items


def _number(items: dict[str, str], key: str) -> int | None:
    value = items.get(key)
    if value is None:
        return None
    if not value.isdigit():
        raise ValueError(f"{key} must be a number, not {value!r}")
    return int(value)


def _seat(state: VocabulonState, text: str) -> int:
    if not text.isdigit() or not 0 <= int(text) < state.players:
        raise ValueError(f"{text!r} is no seat of this table (0 to {state.players - 1})")
    return int(text)


def _seats(state: VocabulonState, text: str) -> list[int]:
    return [_seat(state, s) for s in text.split(",")] if text else []


def _groups(text: str) -> list[str]:
    groups = text.split(",") if text else []
    for group in groups:
        if group not in GROUPS:
            raise ValueError(f"{group!r} is no letter group ({', '.join(GROUPS)})")
    return groups


def _parse_seat(state: VocabulonState, seat: int, text: str) -> None:
    match = _SEAT.match(text)
    if match is None:
        raise ValueError(f"seat {seat}: {text!r} is not "
                         "[FORMER>]SECRET@CELL[+THROWS][*][:CARDS]")
    *former, secret = match["words"].split(">")
    cell = board.parse_cell(match["cell"])
    if cell is None:
        raise ValueError(f"seat {seat}: {match['cell']!r} is no cell code (bA, jGH, rV1...)")
    if secret != "?":
        key = letters_key(secret)
        if key is None:
            raise ValueError(f"seat {seat}: the secret word {secret!r} is not letters only")
        state.lengths[seat] = len(key)
        state.secrets[seat] = secret
    state.former[seat] = former
    state.public_secret[seat] = bool(former)
    state.positions[seat] = cell
    state.throws[seat] = int(match["throws"] or 0)
    state.moved[seat] = bool(match["moved"])
    state.held[seat] = _groups(match["cards"] or "")


def _parse_riddle(state: VocabulonState, items: dict[str, str]) -> None:
    if "riddle" not in items:
        for key in ("via", "attempts", "said", "queue"):
            if key in items:
                raise ValueError(f"{key} describes a riddle: give riddle=GROUP#CARD too")
        return
    group, sep, card = items["riddle"].partition("#")
    if not sep or group not in GROUPS or not card.isdigit():
        raise ValueError(f"riddle is GROUP#CARD, not {items['riddle']!r}")
    if state.face is None:
        raise ValueError("a riddle's length is the die's: give die=N")
    if int(card) not in state.sabot[group]:
        raise ValueError(f"compartment {group} has no card {card}")
    state.sabot[group].remove(int(card))
    via = items.get("via", "cell")
    if via not in ("cell", "vocabulon"):
        raise ValueError(f"via is cell or vocabulon, not {via!r}")
    said = []
    for answer in items["said"].split(",") if items.get("said") else []:
        seat, sep, word = answer.partition(":")
        if not sep:
            raise ValueError(f"said is SEAT:WORD,..., not {items['said']!r}")
        said.append(Said(_seat(state, seat), word.replace("_", " ")))
    asked = state.current
    state.riddle = Riddle(group, int(card), state.length_of(state.face), asked,
                          (asked - 1) % state.players, "vocabulon" if via == "vocabulon"
                          else "cell", _number(items, "attempts") or 0, tuple(said),
                          tuple(_seats(state, items.get("queue", ""))))


def _parse_exchange(state: VocabulonState, items: dict[str, str]) -> None:
    if "exchange" in items and "offer" in items:
        raise ValueError("one exchange at a time: exchange= or offer=, not both")
    key = "offer" if "offer" in items else "exchange"
    if key not in items:
        return
    match = re.fullmatch(r"(\d):([A-Z]+),(\d):([A-Z]+)", items[key])
    if match is None:
        raise ValueError(f"{key} is GIVER:GROUP,TO:GROUP, not {items[key]!r}")
    giver, give, to, take = match.groups()
    _groups(f"{give},{take}")
    state.exchange = Exchange(_seat(state, giver), _seat(state, to), give, take,
                              offer=key == "offer")
