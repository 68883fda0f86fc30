"""What the tiles a move keeps are worth: the leave values learned by self-play (issue 21).

A move's equity is its score plus the value of its leave, the tiles left on the rack (sorted,
``Q`` the Qu tile), measured in points against drawing fresh tiles instead: a leave worth +3
brings three points more, on average, than an empty rack refilled from the bag.

The values come from ``data/leaves.tsv``, written by ``leavefit.py`` (``make topword-leaves``):
an additive model over the letters kept (first, second and further copies of each letter, the
balance of vowels and consonants, the Qu tile with or without a U), and a table of the leaves
seen often enough in self-play, whose own measured mean corrects the model (shrunk towards it
by how often the leave was seen). A leave outside the table gets the model's value.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

VOWELS = frozenset("AEIOUY")
LEAVES_FILE = Path(__file__).with_name("data") / "leaves.tsv"

CEILING_MARGIN = 2.0
# Feature names of the additive model (``features``).
INTERCEPT = "intercept"


def leave_key(tiles: Iterable[str]) -> str:
    """The leave as the table spells it: its tiles sorted."""
    return "".join(sorted(tiles))


def leave_after(rack: str, played: Iterable[str]) -> str:
    """What a sorted ``rack`` keeps once the ``played`` tiles are out (still sorted)."""
    rest = list(rack)
    for tile in played:
        rest.remove(tile)
    return "".join(rest)


def features(leave: str) -> dict[str, float]:
    """The additive model's terms present in ``leave`` (all zero for the empty leave)."""
    out: dict[str, float] = {}
    counts = Counter(leave)
    for letter, n in counts.items():
        out[f"{letter}1"] = 1.0
        if n >= 2:
            out[f"{letter}2"] = 1.0
        if n >= 3:
            out[f"{letter}3"] = float(n - 2)
    vowels = sum(n for letter, n in counts.items() if letter in VOWELS)
    consonants = len(leave) - vowels
    if vowels:
        out["vowels^2"] = float(vowels * vowels)
    if consonants:
        out["consonants^2"] = float(consonants * consonants)
    if vowels and consonants:
        out["vowels*consonants"] = float(vowels * consonants)
    if "Q" in counts and "U" in counts:
        out["Q+U"] = 1.0
    return out


@dataclass
class LeaveModel:
    """Leave values: the additive ``terms`` (the intercept excluded: it is the value of an
    empty leave, the reference) and the ``table`` of measured leaves."""

    terms: dict[str, float] = field(default_factory=dict)
    table: dict[str, float] = field(default_factory=dict)
    header: list[str] = field(default_factory=list)

    def model_value(self, leave: str) -> float:
        terms = self.terms
        return sum(terms.get(name, 0.0) * x for name, x in features(leave).items())

    def value(self, leave: str) -> float:
        """The value of a sorted leave (``leave_key``)."""
        found = self.table.get(leave)
        return found if found is not None else self.model_value(leave)

    # -- the data file ----------------------------------------------------------------------

    def dumps(self) -> str:
        lines = [f"# {line}" for line in self.header]
        lines += [f"term\t{name}\t{value:.3f}" for name, value in sorted(self.terms.items())]
        lines += [f"leave\t{leave}\t{value:.2f}"
                  for leave, value in sorted(self.table.items(), key=lambda kv: (len(kv[0]),
                                                                                 kv[0]))]
        return "\n".join(lines) + "\n"

    @classmethod
    def loads(cls, text: str) -> LeaveModel:
        model = cls()
        for number, line in enumerate(text.splitlines(), 1):
            if line.startswith("#"):
                model.header.append(line[1:].strip())
                continue
            if not line.strip():
                continue
            kind, name, value = line.split("\t")
            if kind == "term":
                model.terms[name] = float(value)
            elif kind == "leave":
                model.table[name] = float(value)
            else:
                raise ValueError(f"leaves file line {number}: unknown entry {kind!r}")
        return model


@cache
def learned() -> LeaveModel:
    """The shipped leave values (``data/leaves.tsv``)."""
    return LeaveModel.loads(LEAVES_FILE.read_text(encoding="utf-8"))


class LeaveValues:
    """``learned()`` with a memo of the values asked for (a bot asks for the same few
    hundred leaves again and again)."""

    def __init__(self, model: LeaveModel | None = None) -> None:
        self.model = model if model is not None else learned()
        self._memo: dict[str, float] = {}
        # What a search may skip on: no move needs valuing when its score plus this cannot
        # reach the best. The best leave of the table and a margin: leaves outside it are
        # the rare ones, which self-play found no better.
        self.ceiling = max([0.0, *self.model.table.values()]) + CEILING_MARGIN

    def __call__(self, leave: str) -> float:
        found = self._memo.get(leave)
        if found is None:
            found = self._memo[leave] = self.model.value(leave)
        return found

    def of_rest(self, rack: Sequence[str], played: Iterable[str]) -> float:
        return self(leave_after(leave_key(rack), played))
