"""The project's own word lists (tests/lexicon/wordlists/) and how the lexicon agrees with them.

`accept.tsv` holds words a French Scrabble (ODS) player plays, `refuse.tsv` strings such a
player refuses; each row gives the expected verdict of every game (y, n, or - where the
list takes no side) and its part: `heldout` when the SHA-1 of the folded word is divisible
by 3 (a fixed third, never looked at while tuning the build), `tuning` otherwise.

Run `python -m tests.lexicon.agreement [--heldout]` for the per-group tables of the
standard policy (recall on the accept list, wrong acceptances on the refuse list).
"""

from __future__ import annotations

import hashlib
import sys
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

from ludomots.core import registry
from ludomots.lexicon.fold import fold
from ludomots.lexicon.lexicon import get_lexicon

LISTS = Path(__file__).parent / "wordlists"
GAMES = ("topword", "typo", "awalettres", "vocabulon", "volapuk")
TUNING, HELDOUT = "tuning", "heldout"


@dataclass(frozen=True)
class Row:
    word: str
    group: str
    verdicts: dict[str, bool | None]  # game -> expected acceptance (None: no side taken)
    part: str


def part_of(word: str) -> str:
    """The fixed split: a third of the words (by the SHA-1 of their folded key) held out."""
    return HELDOUT if int(hashlib.sha1(fold(word).encode()).hexdigest(), 16) % 3 == 0 else TUNING


def load(name: str) -> list[Row]:
    lines = (LISTS / f"{name}.tsv").read_text("utf-8").splitlines()
    header = lines[0].split("\t")
    rows = []
    for line in lines[1:]:
        cells = dict(zip(header, line.split("\t"), strict=True))
        verdicts = {g: {"y": True, "n": False, "-": None}[cells[g]] for g in GAMES}
        rows.append(Row(cells["word"], cells["group"], verdicts, cells["part"]))
    return rows


def table(rows: list[Row], game: str, expected: bool) -> dict[str, tuple[int, int]]:
    """Per group (and "all"): (rows judged as expected by the lexicon, rows with a verdict)."""
    accepts = get_lexicon().checker(registry.policy_of(game))
    counts: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for row in rows:
        if row.verdicts[game] is not expected:
            continue
        agreed = accepts(row.word) == expected
        for key in (row.group, "all"):
            counts[key][0] += agreed
            counts[key][1] += 1
    return {k: (v[0], v[1]) for k, v in sorted(counts.items())}


def disagreements(rows: list[Row], game: str) -> list[Row]:
    accepts = get_lexicon().checker(registry.policy_of(game))
    return [r for r in rows if r.verdicts[game] is not None and accepts(r.word) != r.verdicts[game]]


def _print_table(title: str, counts: dict[str, tuple[int, int]], recall: bool) -> None:
    print(f"{title}\n  group                 words   {'recall' if recall else 'wrongly accepted'}")
    for group, (agreed, total) in counts.items():
        share = agreed / total if recall else (total - agreed) / total
        print(f"  {group:20} {total:6}   {share:7.2%}  ({total - agreed} disagree)")


def main(argv: list[str]) -> None:
    part = HELDOUT if "--heldout" in argv else TUNING
    accept = [r for r in load("accept") if r.part == part]
    refuse = [r for r in load("refuse") if r.part == part]
    _print_table(f"accept list, {part} part, standard policy", table(accept, "topword", True),
                 recall=True)
    _print_table(f"refuse list, {part} part, standard policy", table(refuse, "topword", False),
                 recall=False)
    if part == TUNING or "--show" in argv:
        for game in GAMES:
            wrong = disagreements(accept + refuse, game)
            print(f"{game}: {len(wrong)} disagreements: "
                  + " ".join(f"{r.word}({r.group})" for r in wrong))


if __name__ == "__main__":
    main(sys.argv[1:])
