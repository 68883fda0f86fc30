"""The board: three concentric rings of 18 cells and how a pawn moves on them (RULINGS.md).

Each ring holds the 16 letter cells in the groups' order, clockwise, with a VOCABULON cell after
F and another after VWXYZ; the VOCABULON cells of the three rings are aligned, and from one a
pawn may step to the aligned cell of the adjacent ring (blue <-> yellow <-> red), which counts as
one step of the die. A cell is an int: ``ring * 18 + index``, the blue ring first, index 0 = A.

A move is a path of exactly the die's count that never steps back: no cell is visited twice
(on a ring that forbids turning round; at a VOCABULON cell it forbids hopping back). Only the
destination matters to the rules, so a move names a cell; the paths are listed for players.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Literal

from ludomots.games.vocabulon.groups import GROUPS

RINGS: tuple[str, ...] = ("bleu", "jaune", "rouge")  # outer to inner
RING_SIZE = 18
VOCABULON = "VOCABULON"
LABELS: tuple[str, ...] = (*GROUPS[:6], VOCABULON, *GROUPS[6:], VOCABULON)
VOCABULON_INDEXES = (6, 17)
CELLS = len(RINGS) * RING_SIZE
START = 0  # seed: "la case DÉPART (case A de l'anneau bleu)"

assert len(LABELS) == RING_SIZE and all(LABELS[i] == VOCABULON for i in VOCABULON_INDEXES)

FirstThrow = Literal["clockwise", "strict"]
Path = tuple[int, ...]


def cell(ring: int, index: int) -> int:
    return ring * RING_SIZE + index % RING_SIZE


def ring_of(c: int) -> int:
    return c // RING_SIZE


def index_of(c: int) -> int:
    return c % RING_SIZE


def is_cell(c: object) -> bool:
    return isinstance(c, int) and not isinstance(c, bool) and 0 <= c < CELLS


def is_vocabulon(c: int) -> bool:
    return index_of(c) in VOCABULON_INDEXES


def group_at(c: int) -> str | None:
    """The letter group a cell faces, None for a VOCABULON cell."""
    label = LABELS[index_of(c)]
    return None if label == VOCABULON else label


def cells_of(group: str) -> list[int]:
    """The three cells (one per ring) facing a group."""
    index = LABELS.index(group)
    return [cell(ring, index) for ring in range(len(RINGS))]


def cell_name(c: int) -> str:
    """French, for players: "GH (anneau jaune)", "VOCABULON après F (anneau rouge)"."""
    label = LABELS[index_of(c)]
    if label == VOCABULON:
        label = f"VOCABULON après {'F' if index_of(c) == 6 else 'VWXYZ'}"
    return f"{label} (anneau {RINGS[ring_of(c)]})"


def cell_code(c: int) -> str:
    """Short notation: ring initial and label, "bA", "jGH", "rV1" (V1 after F, V2 after VWXYZ)."""
    index = index_of(c)
    label = LABELS[index]
    if label == VOCABULON:
        label = "V1" if index == 6 else "V2"
    return RINGS[ring_of(c)][0] + label


def parse_cell(text: str) -> int | None:
    """The cell of a short code ("jGH", "b a", "rv1"), None when it names none."""
    code = "".join(text.split()).upper()
    if len(code) < 2 or code[0] not in "BJR":
        return None
    ring = "BJR".index(code[0])
    label = code[1:]
    if label in ("V1", "V2"):
        return cell(ring, VOCABULON_INDEXES[int(label[1]) - 1])
    if label in GROUPS:
        return cell(ring, LABELS.index(label))
    return None


def steps(c: int, clockwise_only: bool) -> list[tuple[int, bool]]:
    """(next cell, whether the step changes ring) from ``c``: along the ring (clockwise first),
    and from a VOCABULON cell to the aligned cell of each adjacent ring."""
    ring, index = ring_of(c), index_of(c)
    out = [(cell(ring, index + 1), False)]
    if not clockwise_only:
        out.append((cell(ring, index - 1), False))
    if index in VOCABULON_INDEXES:
        out += [(cell(r, index), True) for r in (ring - 1, ring + 1) if 0 <= r < len(RINGS)]
    return out


def paths(start: int, count: int, first_throw: bool, rule: FirstThrow = "clockwise",
          occupied: Collection[int] = ()) -> dict[int, list[Path]]:
    """Every way to move exactly ``count`` steps from ``start``, by destination.

    On a player's first throw the pawn goes clockwise; with ``rule="clockwise"`` it may turn
    either way once it has changed ring (seed: "Dès que le pion a changé d'anneau, il peut
    prendre une nouvelle direction"), with ``"strict"`` never. Occupied cells may be passed,
    not stopped on. Paths include the start; destinations and paths come sorted."""
    found: dict[int, list[Path]] = {}

    def walk(path: list[int], changed: bool) -> None:
        here = path[-1]
        if len(path) == count + 1:
            if here not in occupied:
                found.setdefault(here, []).append(tuple(path))
            return
        restricted = first_throw and (rule == "strict" or not changed)
        for nxt, hop in steps(here, restricted):
            if nxt not in path:
                path.append(nxt)
                walk(path, changed or hop)
                path.pop()

    if count > 0:
        walk([start], False)
    return {c: sorted(found[c]) for c in sorted(found)}
