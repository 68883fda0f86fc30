"""Bot strength tables (issue 21): matches across processes, with fixed seeds.

    python benchmarks/strength.py --game topword --seats expert,greedy --games 1000 --seed 1
    python benchmarks/strength.py --game typo --seats expert,greedy --players 4 --games 400

Prints each level's win rate with its 95 % interval (Wilson over games, and over deals when
deals are paired: paired games are not independent), mean scores, the mean score difference
(two players), and decision-time percentiles per level (CPU seconds of one core, and wall
seconds, which include waiting for a busy machine). Asserts nothing.

- ``--seats``: the levels at the table; ``--players N`` fills the table up to N seats with
  the last level (``expert,greedy --players 4``: one expert, three greedy bots).
- Deals are paired unless ``--unpaired``: each deal (one seed) is played once from each
  rotation of the seats (two players: twice, seats swapped), so luck cancels out.
- ``--processes`` (default 2) play deals side by side; the results do not depend on it: each
  game depends only on its seed and seating, and bots spend work budgets, not seconds (the
  clock of ``core/budget.py`` is off unless ``--clock``).
- ``--out FILE`` appends one JSON line per game; with ``--first-deal`` a long table is played
  in parts (deals 0-99, then 100-199...), and ``--summary FILE...`` prints the table of
  everything in the files without playing.
- ``--records DIR`` also keeps each game's record (``DIR/<game>-d<deal>-g<game>.json``), for
  replays and for ``benchmarks/debutant.py`` (the words each level played).
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import os
import sys
import time
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from botkit import pct  # noqa: E402

from ludomots.core.budget import CLOCK_VARIABLE  # noqa: E402
from ludomots.core.sim import (  # noqa: E402
    GameFailed,
    game_seed,
    play_game,
    seat_labels,
    seating,
    wilson_interval,
)

Z95 = 1.959963984540054


def table_levels(seats: Sequence[str], players: int | None) -> list[str]:
    """The levels at the table: ``seats``, the last repeated up to ``players``."""
    levels = list(seats)
    if players is not None:
        if players < len(levels):
            raise ValueError(f"--players {players} is fewer than the {len(levels)} seats given")
        levels += [levels[-1]] * (players - len(levels))
    return levels


def play_deal(task: tuple[str, list[str], int, int, bool, Any, str | None]
              ) -> list[dict[str, Any]]:
    """Every game of one deal (one per rotation when paired), as JSON lines; each game's
    record goes to the records directory if there is one."""
    from ludomots.core import registry

    game_name, levels, seed, deal, paired, options, records = task
    bots = registry.get_bots(game_name)
    n = len(levels)
    indices = range(deal * n, deal * n + n) if paired else [deal]
    return [game_line(game_name, bots, levels, seed, deal, index, options, records)
            for index in indices]


def game_line(game_name: str, bots: Any, levels: list[str], seed: int, deal: int, index: int,
              options: Any = None, records: str | None = None) -> dict[str, Any]:
    """Game ``index`` of ``deal`` (its seating, the deal's seed), played by ``bots`` (level ->
    factory), as a JSON line: scores and winners, or the error; its record kept in the
    records directory if there is one."""
    from ludomots.core import registry

    game = registry.get_game(game_name)
    labels = seat_labels(levels)
    order = seating(len(levels), index)
    seed_i = game_seed(seed, deal)
    by_position = [labels[i] for i in order]
    line: dict[str, Any] = {"deal": deal, "game": index, "seed": seed_i, "seats": by_position}
    started = time.perf_counter()
    try:
        result = play_game(game, bots, [levels[i] for i in order], seed_i, options,
                           by_position, keep_record=records is not None,
                           time_decisions=True)
    except GameFailed as failed:
        line["error"] = f"{type(failed.__cause__).__name__}: {failed.__cause__}"
        line["step"] = failed.step
    else:
        line["scores"] = result.scores
        line["winners"] = result.winners
        line["actions"] = result.actions
        line["decisions"] = [[by_position[p], round(cpu, 4), round(wall, 4)]
                             for p, _, cpu, wall in result.decisions]
        if records is not None and result.record is not None:
            result.record.dump(Path(records) / f"{game_name}-d{deal}-g{index}.json")
    line["seconds"] = round(time.perf_counter() - started, 2)
    return line


def _worker_init(clock: bool) -> None:
    os.environ[CLOCK_VARIABLE] = "1" if clock else "0"


def run(game: str, levels: list[str], seed: int, deals: Iterable[int], paired: bool,
        processes: int, clock: bool, options: Any = None, records: str | None = None
        ) -> Iterator[dict[str, Any]]:
    """Game lines, deal by deal in order, whatever the number of processes."""
    tasks = [(game, levels, seed, deal, paired, options, records) for deal in deals]
    if processes <= 1:
        _worker_init(clock)
        for task in tasks:
            yield from play_deal(task)
        return
    context = multiprocessing.get_context("spawn")
    with context.Pool(processes, initializer=_worker_init, initargs=(clock,)) as pool:
        for lines in pool.imap(play_deal, tasks):
            yield from lines


# -- the summary ------------------------------------------------------------------------------

def summary(lines: Sequence[dict[str, Any]]) -> list[str]:
    """The table of the module docstring, as lines of text."""
    done = [line for line in lines if "scores" in line]
    errors = [line for line in lines if "error" in line]
    if not done:
        return [f"no finished game ({len(errors)} errors)"]
    labels = list(dict.fromkeys(label for line in done for label in sorted(line["seats"])))
    n = len(done[0]["seats"])
    wins = dict.fromkeys(labels, 0.0)
    scores: dict[str, list[float]] = {label: [] for label in labels}
    by_deal: dict[int, dict[str, list[float]]] = {}
    for line in done:
        deal = by_deal.setdefault(line["deal"], {label: [] for label in labels})
        for p, label in enumerate(line["seats"]):
            scores[label].append(line["scores"][p])
            share = 1 / len(line["winners"]) if p in line["winners"] else 0.0
            wins[label] += share
            deal[label].append(share)
    games = len(done)
    deals = len(by_deal)
    paired = any(len(next(iter(d.values()))) > 1 for d in by_deal.values())
    out = [f"{games} games ({deals} deals{', paired' if paired else ''}), "
           f"{len(errors)} errors, {n} players (fair share {1 / n:.3f})"]
    for label in labels:
        low, high = wilson_interval(wins[label], games)
        text = (f"  {label:<12} wins {wins[label]:7.1f} = {wins[label] / games:.3f} "
                f"[{low:.3f}, {high:.3f}]")
        if paired:
            per_deal = [sum(d[label]) / len(d[label]) for d in by_deal.values()]
            mean, half = _mean_interval(per_deal)
            text += f", by deal [{max(0.0, mean - half):.3f}, {min(1.0, mean + half):.3f}]"
        text += f", mean score {sum(scores[label]) / len(scores[label]):.1f}"
        if n > 2:
            text += f", {wins[label] / games * n:.2f}x the fair share"
        out.append(text)
    if n == 2 and len(labels) == 2:
        a, b = labels
        diffs = [line["scores"][line["seats"].index(a)] - line["scores"][line["seats"].index(b)]
                 for line in done]
        mean, half = _mean_interval(diffs)
        out.append(f"  score difference {a} - {b}: {mean:+.1f} [{mean - half:+.1f}, "
                   f"{mean + half:+.1f}] (sd {_sd(diffs):.1f})")
    out.append("  decision times, seconds (CPU of one core | wall):")
    for label in labels:
        cpu = [d[1] for line in done for d in line["decisions"] if d[0] == label]
        wall = [d[2] for line in done for d in line["decisions"] if d[0] == label]
        if cpu:
            out.append(f"  {label:<12} {len(cpu):6d} decisions: p50 {pct(cpu, .5):.3f} "
                       f"p95 {pct(cpu, .95):.3f} max {max(cpu):.3f} | p50 {pct(wall, .5):.3f} "
                       f"p95 {pct(wall, .95):.3f} max {max(wall):.3f}")
    for line in errors[:5]:
        out.append(f"  error, deal {line['deal']} game {line['game']}: {line['error']}")
    return out


def _sd(values: Sequence[float]) -> float:
    if len(values) < 2:
        return 0.0
    mean = sum(values) / len(values)
    return math.sqrt(sum((v - mean) ** 2 for v in values) / (len(values) - 1))


def _mean_interval(values: Sequence[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95 % normal interval."""
    mean = sum(values) / len(values)
    return mean, Z95 * _sd(values) / math.sqrt(len(values))


def read_lines(paths: Iterable[str]) -> list[dict[str, Any]]:
    lines: list[dict[str, Any]] = []
    for path in paths:
        with open(path, encoding="utf-8") as source:
            lines += [json.loads(text) for text in source if text.strip()]
    return lines


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--game", default="topword")
    parser.add_argument("--seats", default="expert,greedy")
    parser.add_argument("--players", type=int)
    parser.add_argument("--games", type=int, default=100,
                        help="games to play (a multiple of the players when paired)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--first-deal", type=int, default=0)
    parser.add_argument("--unpaired", action="store_true")
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--clock", action="store_true",
                        help="bots stop when their seconds are up (results vary)")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="a game option (value read as JSON if it can be)")
    parser.add_argument("--out", help="append one JSON line per game to this file")
    parser.add_argument("--records", metavar="DIR",
                        help="keep each game's record in this directory (made if missing)")
    parser.add_argument("--summary", nargs="+", metavar="FILE",
                        help="print the table of these files' games; play nothing")
    args = parser.parse_args(argv)
    if args.summary:
        print("\n".join(summary(read_lines(args.summary))))
        return
    levels = table_levels(args.seats.split(","), args.players)
    paired = not args.unpaired
    per_deal = len(levels) if paired else 1
    deals = range(args.first_deal, args.first_deal + max(1, args.games // per_deal))
    options = dict(_option(text) for text in args.option) or None
    print(f"{args.game}: {','.join(levels)}, {len(deals) * per_deal} games from deal "
          f"{args.first_deal}, seed {args.seed}, {args.processes} processes", flush=True)
    if args.records:
        Path(args.records).mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    lines = []
    out = open(args.out, "a", encoding="utf-8") if args.out else None  # noqa: SIM115
    try:
        for line in run(args.game, levels, args.seed, deals, paired, args.processes,
                        args.clock, options, args.records):
            lines.append(line)
            if out is not None:
                out.write(json.dumps(line) + "\n")
                out.flush()
    finally:
        if out is not None:
            out.close()
    print("\n".join(summary(lines)))
    print(f"  {time.perf_counter() - started:.0f} s")


def _option(text: str) -> tuple[str, Any]:
    key, _, value = text.partition("=")
    try:
        return key, json.loads(value)
    except ValueError:
        return key, value


if __name__ == "__main__":
    main()
