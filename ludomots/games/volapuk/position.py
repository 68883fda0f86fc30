"""Volapük's position: its fields declared once (JSON, copies and equality come from core),
setting up, the bags, whose turn it is, and what each seat sees (seed volapuk.txt + RULINGS.md;
every interpretation is in docs/rules/volapuk.md).

Setting up (seed "DEBUT DE JEU"): each player takes one die of each colour and two green dice
and throws the polyhedron; the letter closest to A starts (ties throw again), then plays go
clockwise (increasing seats). The first player throws the polyhedron again: the Élue letter.
A colour that has run out is drawn blind among all the dice left (rule 10).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ludomots.core.game import Event, State
from ludomots.core.jsonvalues import copy_json
from ludomots.core.options import options_to_json
from ludomots.core.rng import SeededRandom
from ludomots.core.statefields import options_codec, restates_record
from ludomots.games.volapuk.actions import Step, VolapukOptions
from ludomots.games.volapuk.board import DIRECTIONS, RADIUS, SIZE, Cell, name
from ludomots.games.volapuk.dice import (
    COLOURED_COPIES,
    COLOURS,
    ELUE_FACES,
    GREEN,
    GREEN_DICE,
    SUPER,
    SUPER_DIE,
    colour_of,
    faces_of,
    green_id,
)
from ludomots.games.volapuk.history import History
from ludomots.games.volapuk.records import BOARD_CODEC, Announcement, RackDie
from ludomots.games.volapuk.scoring import SUPER_FORCE, Board

START_GREEN = 2  # seed: "1 dé de chaque couleur et 2 dés verts"


def _opaque_own(die: str) -> bool:
    return colour_of(die) == GREEN or die == SUPER_DIE


def _transparent_bag() -> dict[str, int]:
    return {c: COLOURED_COPIES for c in COLOURS}


def _green_dice() -> list[str]:
    return [green_id(i) for i in range(GREEN_DICE)]


@dataclass(eq=False)
class VolapukPosition(State):
    """Every field of a Volapük position, each declared once."""

    options: VolapukOptions = field(metadata=options_codec(VolapukOptions))
    players: int
    rng: SeededRandom
    step: Step = "roll"
    elue: str = "A"
    first: int = 0
    current: int = 0
    rolls: int = 0  # rolls made this turn
    coloured: dict[str, int] = field(default_factory=_transparent_bag)  # transparent bag
    opaque: list[str] = field(default_factory=_green_dice)  # sorted ids
    racks: list[list[RackDie]] = field(default_factory=list)
    board: Board = field(default_factory=dict, metadata=BOARD_CODEC)
    points: list[int] = field(default_factory=list)
    turn: int = 0  # turns played (words and passes)
    passes: int = 0  # passes in a row
    final: bool = False  # rule 11a: blind draws of 7
    final_turns: int | None = None  # rule 11b: turns left once the bag is empty
    # words, passes, announcements
    played: list[dict[str, Any]] = field(default_factory=list, metadata=restates_record())
    polyhedron: list[list[str]] = field(default_factory=list)  # who-starts throws, by round
    end_reason: str | None = None
    super_laid: int | None = None  # the turn the super joker was laid
    announce: Announcement | None = None  # plus-values announced after a word
    next_uid: int = 1  # the number the next die laid gets
    history: History = field(default_factory=History)  # the words that stood, and their dice
    anagrammed: list[tuple[str, str]] = field(default_factory=list)  # (word's, anagram's)

    def __post_init__(self) -> None:
        """A new table: an empty rack and no points for each player."""
        self.racks = self.racks or [[] for _ in range(self.players)]
        self.points = self.points or [0] * self.players

    # -- setting up --------------------------------------------------------------------------

    def start(self) -> list[Event]:
        if self.options.super_joker:  # in the opaque bag with the green dice, before dealing
            self.opaque.append(SUPER_DIE)
        for seat in range(self.players):
            for colour in COLOURS:
                self.coloured[colour] -= 1
                self.racks[seat].append(RackDie(colour))
            for _ in range(START_GREEN):
                self.racks[seat].append(RackDie(self._take_opaque(green_only=True)))
        contenders = list(range(self.players))
        while True:  # RULINGS: who starts as the seed says, ties thrown again
            throws = {s: ELUE_FACES[self.rng.randbelow(len(ELUE_FACES))] for s in contenders}
            self.polyhedron.append([throws.get(s, "") for s in range(self.players)])
            best = min(throws.values())
            contenders = [s for s in contenders if throws[s] == best]
            if len(contenders) == 1:
                break
        self.first = self.current = contenders[0]
        self.elue = ELUE_FACES[self.rng.randbelow(len(ELUE_FACES))]
        return [Event("first_player", {"seat": self.first, "throws": copy_json(self.polyhedron)}),
                Event("elue", {"letter": self.elue}),
                Event("turn", {"seat": self.current, "turn": 1})]

    # -- bags ----------------------------------------------------------------------------------

    def _take_opaque(self, green_only: bool = False) -> str:
        """A die drawn blind from the opaque bag (`green_only`: among the green dice and the
        super joker, the bag's own dice, not those pooled there at the end)."""
        pool = [d for d in self.opaque if _opaque_own(d)] if green_only else self.opaque
        die = pool[self.rng.randbelow(len(pool))]
        self.opaque.remove(die)
        return die

    def dice_left(self) -> int:
        return sum(self.coloured.values()) + len(self.opaque)

    def _draw(self, colour: str) -> str | None:
        """A die of `colour`; when that colour has run out, one blind among all the dice left
        (rule 10); None when there is none at all."""
        if colour in self.coloured and self.coloured[colour] > 0:
            self.coloured[colour] -= 1
            return colour
        if colour == GREEN and any(_opaque_own(d) for d in self.opaque):
            return self._take_opaque(green_only=True)
        return self._draw_blind()

    def _draw_blind(self) -> str | None:
        total = self.dice_left()
        if total == 0:
            return None
        k = self.rng.randbelow(total)
        for colour in COLOURS:
            if k < self.coloured[colour]:
                self.coloured[colour] -= 1
                return colour
            k -= self.coloured[colour]
        return self.opaque.pop(k)

    # -- whose turn ------------------------------------------------------------------------------

    def to_act(self) -> frozenset[int]:
        if self.step == "over":
            return frozenset()
        if self.step == "announce" and self.announce is not None:
            return frozenset(self.announce.pending)
        return frozenset({self.current})

    def rolls_left(self) -> int:
        return max(0, self.options.rolls - self.rolls)

    def abbreviations(self) -> bool:
        """Seed 3: abbreviations and symbols "pour les fins de parties" (option
        `end_abbreviations`), once the end phase of rule 11a has begun."""
        return self.options.end_abbreviations and self.final

    def super_force(self) -> int:
        """Seed A7: 10 on the turn it is laid, 1 less at each round of the table, down to 1
        (then it is only its letter: "on peut le remplacer par la lettre qu'il représente")."""
        if self.super_laid is None:
            return SUPER_FORCE
        return max(1, SUPER_FORCE - (self.turn - self.super_laid) // self.players)

    def super_forces(self) -> dict[Cell, int]:
        if self.super_laid is None:
            return {}
        return {c: self.super_force() for c, t in self.board.items() if t.face == SUPER}

    def is_over(self) -> bool:
        return self.step == "over"

    def scores(self) -> list[int]:
        return list(self.points)

    # -- views -------------------------------------------------------------------------------

    def rack_view(self, owner: int, seat: int | None) -> list[dict[str, Any]]:
        """Own rack: every die. Others: the colour of each die, its face when it is a fétiche
        (announced) or was rolled this turn in front of everyone; a green die's identity (its
        six faces) stays private."""
        out = []
        for d in self.racks[owner]:
            if owner == seat:
                out.append({"die": d.die, "face": d.face, "fetish": d.fetish,
                            "colour": colour_of(d.die), "faces": list(faces_of(d.die))})
                continue
            shown = d.fetish or owner == self.current
            out.append({"die": colour_of(d.die), "colour": colour_of(d.die),
                        "face": d.face if shown else None, "fetish": d.fetish})
        return out

    def announce_view(self, seat: int | None) -> dict[str, Any] | None:
        """The announcements after a word: accents are public at once; anagrams are the
        viewer's own until everyone is done (then they are in the log)."""
        if self.announce is None:
            return None
        a = self.announce
        return {"seat": a.seat, "word": [list(c) for c in a.word], "text": a.text,
                "pending": list(a.pending), "accents": [e.to_json() for e in a.accents],
                "mine": list(a.words[seat]) if seat is not None else [],
                "anagram_counts": [len(w) for w in a.words],
                "senses": len(a.senses),
                "my_definitions": [text for s, text, _ in a.definitions if s == seat],
                "definition_counts": [sum(1 for s, _, _ in a.definitions if s == p)
                                      for p in range(self.players)]}

    def view(self, seat: int | None) -> dict[str, Any]:
        own = seat if seat is not None and 0 <= seat < self.players else None
        return {
            "game": "volapuk",
            "geometry": {"size": SIZE, "radius": RADIUS, "centre": [7, 7],
                         "directions": {d: list(v) for d, v in DIRECTIONS.items()}},
            "players": self.players,
            "seat": seat,
            "step": self.step,
            "to_act": sorted(self.to_act()),
            "current": self.current,
            "first": self.first,
            "elue": self.elue,
            "polyhedron": copy_json(self.polyhedron),
            "turn": self.turn,
            "rolls": self.rolls,
            "rolls_left": self.rolls_left(),
            "racks": [self.rack_view(s, own) for s in range(self.players)],
            "board": [{"cell": [r, c], "name": name((r, c)), **t.to_json()}
                      for (r, c), t in sorted(self.board.items())],
            "bags": {"coloured": dict(self.coloured), "opaque": len(self.opaque)},
            "final": self.final,
            "final_turns": self.final_turns,
            "passes": self.passes,
            "super_force": self.super_force() if self.super_laid is not None else None,
            "announce": self.announce_view(own),
            "played": copy_json(self.played),
            "scores": self.scores(),
            "over": self.is_over(),
            "end_reason": self.end_reason,
            "winners": self.winners(),
            "options": options_to_json(self.options),
        }

