"""The expert's plan (issue 21): the expected number of own turns still needed to complete a
secret word, from every cell, by dynamic programming over the board.

A player's race is nearly a game of its own: each turn the die is thrown, the pawn goes to one
of the cells the face reaches, and a letter card is won there if the riddle is answered. So for
the cards a word still needs (a multiset of groups) and a cell, ``V(cell, need)`` = the expected
number of turns to win them all, playing the best cell every turn:

    V(x, ∅) = 0
    V(x, N) = 1 + mean over the faces f of  min over the cells d the face reaches of  L_f(d, N)
    L_f(d, N) = p(g, f) · V(d, N − g) + (1 − p(g, f)) · V(d, N)   if d's card g is needed
              = min over needed g of the same                          on a VOCABULON cell
              = V(d, N)                                                 otherwise

where ``p(g, f)`` is the chance of answering the riddle of compartment ``g`` at the face's
length. For each ``N`` the equation is a fixed point in ``V(·, N)`` (a turn that reaches no
useful cell leaves ``N`` unchanged), solved by value iteration; the smaller multisets come first
(``KEPT`` bounds how many are kept). The cells taken by other pawns, the cards the others win
and the first throw's clockwise rule are left out of the plan (the move itself respects them:
only reachable cells are scored; `Plan.first_turns` prices a word from the start).

The value of a cell for the decision is then ``L_f(d, N)``: it weighs the card won now, the
riddle's difficulty, and where the pawn stands for the next throws (near a VOCABULON cell, whose
hops let the pawn turn back, nearly every face reaches something).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from operator import itemgetter

from ludomots.games.vocabulon import board
from ludomots.games.vocabulon.groups import GROUPS

# A multiset of groups, as sorted (group, count) pairs: hashable, canonical.
Need = tuple[tuple[str, int], ...]
# The chance of answering the riddle of a group's compartment at a face's length.
Chance = Callable[[str, int], float]

KEPT = 10_000  # multisets kept (54 floats each, about 2 kB): a server's memory stays bounded
TOLERANCE = 1e-4  # turns: the iteration stops when no cell's value moves more
MAX_SWEEPS = 200


def need_key(counts: dict[str, int]) -> Need:
    return tuple(sorted((g, n) for g, n in counts.items() if n > 0))


def without(need: Need, group: str) -> Need:
    """``need`` with one card of ``group`` fewer."""
    return tuple((g, n - 1 if g == group else n) for g, n in need
                 if not (g == group and n == 1))


@lru_cache(maxsize=8)
def destinations(faces: tuple[int, ...]) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """For each cell and each face (in order), the cells a throw after the first reaches."""
    return tuple(tuple(tuple(board.paths(c, face, False)) for face in faces)
                 for c in range(board.CELLS))


@lru_cache(maxsize=64)
def first_destinations(start: int, face: int) -> tuple[int, ...]:
    """The cells a player's first throw reaches (clockwise until a change of ring)."""
    return tuple(board.paths(start, face, True))


@lru_cache(maxsize=8)
def pickers(faces: tuple[int, ...]) -> tuple[tuple[Callable[[list[float]], tuple[float, ...]],
                                                    ...], ...]:
    """`destinations` as item getters: a cell's values at the cells a face reaches, in one
    call (the solver's inner loop)."""
    def getter(dests: tuple[int, ...]) -> Callable[[list[float]], tuple[float, ...]]:
        if len(dests) == 1:
            only = dests[0]
            return lambda values: (values[only],)
        return itemgetter(*dests)

    return tuple(tuple(getter(dests) for dests in row) for row in destinations(faces))


GROUP_AT: tuple[str | None, ...] = tuple(board.group_at(c) for c in range(board.CELLS))


class Plan:
    """The expected turns to finish, for every multiset of needed cards met so far (each
    solved once: the values depend only on the board, the faces and the chances)."""

    def __init__(self, faces: Sequence[int], chance: Chance) -> None:
        self.faces = tuple(faces)
        self._chance = chance
        self._chances: dict[tuple[str, int], float] = {}
        self.values: dict[Need, list[float]] = {(): [0.0] * board.CELLS}

    def chance(self, group: str, face: int) -> float:
        found = self._chances.get((group, face))
        if found is None:
            found = self._chances[group, face] = self._chance(group, face)
        return found

    def turns(self, need: Need) -> list[float]:
        """V(·, need): the expected own turns to win the cards of ``need``, by cell."""
        found = self.values.get(need)
        if found is None:
            found = self._solve(need)
            if len(self.values) >= KEPT:  # forget: the values are recomputed the same
                self.values = {(): self.values[()]}
            self.values[need] = found
        return found

    def landing(self, cell: int, face: int, need: Need) -> float:
        """L_face(cell, need): the expected turns still needed after stopping on ``cell`` with
        ``face`` (the card won there, if the riddle is answered; the best card on a VOCABULON
        cell), not counting this turn."""
        if not need:
            return 0.0
        here = self.turns(need)[cell]
        best = here
        for group in self.useful_groups(cell, need):
            p = self.chance(group, face)
            best = min(best, p * self.turns(without(need, group))[cell] + (1 - p) * here)
        return best

    def first_turns(self, need: Need, start: int = board.START) -> float:
        """The expected turns to win ``need`` from the start, the first throw going clockwise
        (what a secret word costs before the game begins)."""
        if not need:
            return 0.0
        total = 0.0
        for face in self.faces:
            dests = first_destinations(start, face)
            total += min(self.landing(d, face, need) for d in dests) if dests else \
                self.turns(need)[start]
        return 1.0 + total / len(self.faces)

    def best_group(self, cell: int, face: int, need: Need,
                   allowed: Sequence[str]) -> str | None:
        """On a VOCABULON cell, the needed card (among ``allowed``) that leaves the fewest
        turns to go from here."""
        here = self.turns(need)[cell] if need else 0.0
        scored = []
        for group in allowed:
            if dict(need).get(group, 0) <= 0:
                continue
            p = self.chance(group, face)
            scored.append((p * self.turns(without(need, group))[cell] + (1 - p) * here,
                           GROUPS.index(group), group))
        return min(scored)[2] if scored else None

    @staticmethod
    def useful_groups(cell: int, need: Need) -> list[str]:
        group = GROUP_AT[cell]
        if group is None:
            return [g for g, _ in need]
        return [group] if any(g == group for g, _ in need) else []

    def _solve(self, need: Need) -> list[float]:
        smaller = {g: self.turns(without(need, g)) for g, _ in need}
        faces = self.faces
        table = pickers(faces)
        cells = range(board.CELLS)
        # Per face, the cells where a card may be won and, for each, the chance of the riddle
        # and V(cell, N − g) for its useful groups: the rest depends on V(·, N), solved below.
        wins: list[list[tuple[int, list[tuple[float, float]]]]] = []
        for face in faces:
            row = []
            for c in cells:
                groups = self.useful_groups(c, need)
                if groups:
                    row.append((c, [(self.chance(g, face), smaller[g][c]) for g in groups]))
            wins.append(row)
        # A start close to the fixed point (one turn more than the best smaller multiset):
        # the iteration converges from anywhere (every policy ends, the chances being > 0).
        value = [1.0 + min(smaller[g][c] for g in smaller) for c in cells]
        for _ in range(MAX_SWEEPS):
            landing = []
            for row_wins in wins:
                land = value[:]
                for c, options in row_wins:
                    v = value[c]
                    land[c] = min(v, min(p * w + (1 - p) * v for p, w in options))
                landing.append(land)
            moved = 0.0
            for c in cells:
                total = 0.0
                for land, pick in zip(landing, table[c], strict=True):
                    total += min(pick(land))
                new = 1.0 + total / len(faces)
                moved = max(moved, abs(new - value[c]))
                value[c] = new
            if moved < TOLERANCE:
                break
        return value
