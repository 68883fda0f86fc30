"""Volapük's position notation (issue 18): a position on one line, for tests, bug reports and
`ludomots volapuk show --position` (the grammar, with an example, is in docs/rules/volapuk.md,
« Position notation »).

Eight fields separated by spaces:

    BOARD RACKS BAGS POINTS SEAT:STEP:ROLLS ELUE FIRST COUNTERS

- BOARD: the dice laid, in cell order, separated by ","; "-" when empty. A die on the board is
  ``CELL=FACE(LETTER)/ACCENT+SIGN@DIE#UID``: ``(LETTER)`` the letter a joker stands for,
  ``/ACCENT`` the accented letter written on it, ``+SIGN`` the accent sign die set on it,
  ``#UID`` its number (each only when there is one). ``H8=?(R)@v03#4``, ``E12=E/É@v12``.
- RACKS: one rack a player, separated by "|" ("-" for an empty rack); a die is ``DIE``, or
  ``DIE:FACE`` once rolled, with ``!`` when it is kept as a fétiche: ``bl:E!,v24,ja``.
- Dice are named shortly: ``bl`` bleu, ``bc`` blanc, ``ro`` rose, ``or`` orange, ``ja`` jaune,
  ``v07`` the green die vert07, ``su`` the super joker; another id in small letters stands
  for itself.
- BAGS: the transparent bag's dice of each colour (bleu, blanc, rose, orange, jaune), "."
  between them, then "/" and the opaque bag's dice ("," between them, "-" when empty).
- POINTS: each player's points, separated by ",".
- SEAT:STEP:ROLLS: whose turn it is (seats from 0), the step (roll, place, announce, over) and
  the rolls made this turn.
- ELUE: the Élue letter; FIRST: the seat that played first.
- COUNTERS: ``turn=N passes=N uid=N`` (turns played, passes in a row, the number the next die
  laid gets), then when they apply ``super=N`` (the turn the super joker was laid),
  ``final`` or ``final=N`` (the end phase of rule 11a, with the turns left of rule 11b) and
  ``end=REASON``.

A position is not the game's past: the log of moves, the words that stood on the board (the
history a recomposition consults), the announcements pending and the random source are not in
it; a parsed position has none (and a random source seeded with `seed`, 0 by default).
"""

from __future__ import annotations

from typing import Any, cast, get_args

from ludomots.core.rng import SeededRandom
from ludomots.games.volapuk.actions import Step, VolapukOptions
from ludomots.games.volapuk.board import name, parse_cell
from ludomots.games.volapuk.dice import COLOURS, GREEN, SUPER_DIE
from ludomots.games.volapuk.records import RackDie
from ludomots.games.volapuk.rules import GAME, VolapukState
from ludomots.games.volapuk.scoring import Board, Tile

SHORT = {"bleu": "bl", "blanc": "bc", "rose": "ro", "orange": "or", "jaune": "ja",
         SUPER_DIE: "su"}
LONG = {v: k for k, v in SHORT.items()}
EMPTY = "-"
STEPS: tuple[str, ...] = get_args(Step)


def _short(die: str) -> str:
    if die.startswith(GREEN):
        return "v" + die[len(GREEN):]
    return SHORT.get(die, die)


def _long(code: str) -> str:
    if code in LONG:
        return LONG[code]
    if len(code) == 3 and code[0] == "v" and code[1:].isdigit() and 1 <= int(code[1:]) <= 30:
        return GREEN + code[1:]
    if code.isalpha() and code.islower():
        return code  # a die the box does not have, as tests may name one ("rouge")
    raise ValueError(f"unknown die {code!r} (bl, bc, ro, or, ja, v01-v30, su)")


def _tile(cell: tuple[int, int], tile: Tile) -> str:
    text = f"{name(cell)}={tile.face}"
    text += f"({tile.letter})" if tile.letter else ""
    text += f"/{tile.accent}" if tile.accent else ""
    text += f"+{_short(tile.sign)}" if tile.sign else ""
    text += f"@{_short(tile.die)}"
    return text + (f"#{tile.uid}" if tile.uid else "")


def _rack_die(die: RackDie) -> str:
    face = f":{die.face}" if die.face is not None else ""
    return _short(die.die) + face + ("!" if die.fetish else "")


def _items(parts: list[str]) -> str:
    return ",".join(parts) or EMPTY


def format_board(board: Board) -> str:
    """The BOARD field: the dice laid, in cell order."""
    return _items([_tile(cell, tile) for cell, tile in sorted(board.items())])


def format_position(state: VolapukState) -> str:
    """The position on one line (module docstring)."""
    board = format_board(state.board)
    racks = "|".join(_items([_rack_die(d) for d in rack]) for rack in state.racks)
    bags = ".".join(str(state.coloured[c]) for c in COLOURS) + "/" + \
        _items([_short(d) for d in state.opaque])
    points = ",".join(str(p) for p in state.points)
    counters = [f"turn={state.turn}", f"passes={state.passes}", f"uid={state.next_uid}"]
    if state.super_laid is not None:
        counters.append(f"super={state.super_laid}")
    if state.final:
        counters.append("final" if state.final_turns is None else f"final={state.final_turns}")
    if state.end_reason is not None:
        counters.append(f"end={state.end_reason}")
    return " ".join([board, racks, bags, points,
                     f"{state.current}:{state.step}:{state.rolls}", state.elue,
                     str(state.first), *counters])


def _cut(text: str, mark: str) -> tuple[str, str]:
    """`text` before and after the first `mark` ("" after when there is none)."""
    head, _, tail = text.partition(mark)
    return head, tail


def _parse_tile(token: str) -> tuple[tuple[int, int], Tile]:
    where, _, rest = token.partition("=")
    cell = parse_cell(where)
    if cell is None or not rest:
        raise ValueError(f"{token!r}: a die on the board is CELL=FACE@DIE")
    rest, uid = _cut(rest, "#")
    rest, die = _cut(rest, "@")
    rest, sign = _cut(rest, "+")
    rest, accent = _cut(rest, "/")
    face, letter = _cut(rest, "(")
    if letter and not letter.endswith(")"):
        raise ValueError(f"{token!r}: a joker's letter is written (L)")
    if not face or not die or (uid and not uid.isdigit()):
        raise ValueError(f"{token!r}: a die on the board is CELL=FACE@DIE, #UID a number")
    return cell, Tile(face, _long(die), letter[:-1], accent, _long(sign) if sign else "",
                      uid=int(uid or 0))


def _parse_rack(text: str) -> list[RackDie]:
    if text == EMPTY:
        return []
    rack = []
    for token in text.split(","):
        fetish = token.endswith("!")
        code, face = _cut(token.removesuffix("!"), ":")
        rack.append(RackDie(_long(code), face or None, fetish))
    return rack


def _int(text: str, what: str) -> int:
    if not text.lstrip("-").isdigit():
        raise ValueError(f"{what}: {text!r} is not a number")
    return int(text)


def parse_position(text: str, options: Any = None, players: int | None = None, *,
                   seed: int = 0) -> VolapukState:
    """The position `format_position` wrote, under `options` (None: the defaults), its random
    source seeded with `seed`; ValueError (in English, for developers) when the text is not
    one."""
    fields = text.split()
    if len(fields) < 8:
        raise ValueError("a Volapük position has 8 fields: BOARD RACKS BAGS POINTS "
                         "SEAT:STEP:ROLLS ELUE FIRST COUNTERS")
    board_text, racks_text, bags_text, points_text, turn_text, elue, first, *counters = fields
    racks = [_parse_rack(r) for r in racks_text.split("|")]
    count = len(racks)
    if players is not None and players != count:
        raise ValueError(f"{count} racks for {players} players")
    if not GAME.min_players <= count <= GAME.max_players:
        raise ValueError(f"Volapük is played by 2 to 8 players, not {count}")
    board: Board = {}
    for token in [] if board_text == EMPTY else board_text.split(","):
        cell, tile = _parse_tile(token)
        board[cell] = tile
    coloured_text, opaque_text = _cut(bags_text, "/")
    counts = coloured_text.split(".")
    if len(counts) != len(COLOURS):
        raise ValueError(f"the transparent bag: {len(COLOURS)} counts (bleu to jaune)")
    points = [_int(p, "points") for p in points_text.split(",")]
    if len(points) != count:
        raise ValueError(f"{len(points)} scores for {count} players")
    seat, step, rolls = (turn_text.split(":") + ["", ""])[:3]
    if step not in STEPS:
        raise ValueError(f"the step is one of {', '.join(STEPS)}, not {step!r}")
    state = VolapukState(GAME.coerce_options(options if options is not None
                                             else VolapukOptions()), count, SeededRandom(seed))
    state.board = board
    state.racks = racks
    state.coloured = {c: _int(n, "bag") for c, n in zip(COLOURS, counts, strict=True)}
    state.opaque = [] if opaque_text in ("", EMPTY) else [_long(d) for d in
                                                          opaque_text.split(",")]
    state.points = points
    state.current, state.rolls = _int(seat, "seat"), _int(rolls, "rolls")
    state.step = cast(Step, step)
    state.elue, state.first = elue, _int(first, "first")
    _set_counters(state, counters)
    if not (0 <= state.current < count and 0 <= state.first < count):
        raise ValueError(f"seats go from 0 to {count - 1}")
    return state


def _set_counters(state: VolapukState, counters: list[str]) -> None:
    for token in counters:
        key, _, value = token.partition("=")
        if key == "turn":
            state.turn = _int(value, key)
        elif key == "passes":
            state.passes = _int(value, key)
        elif key == "uid":
            state.next_uid = _int(value, key)
        elif key == "super":
            state.super_laid = _int(value, key)
        elif key == "final":
            state.final = True
            state.final_turns = _int(value, key) if value else None
        elif key == "end":
            state.end_reason = value
        else:
            raise ValueError(f"unknown counter {token!r} (turn, passes, uid, super, final, "
                             "end)")
