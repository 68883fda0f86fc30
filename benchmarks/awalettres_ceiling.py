"""How far above the greedy bots can any Awalettres player get at 3 players? (issue 21)

    python benchmarks/awalettres_ceiling.py --players 3 --deals 40 --seed 1 [--fair] [--out F]

Issue 21 asks the expert for 1.5x the fair share of wins against two greedy bots; it reaches
1.19x. This measures a ceiling for that target with a player who cheats: the clairvoyant.
At each of its word steps it takes its candidate words (the expert's judgement's best
``--candidates``, the 2 of the highest immediate net, and the greedy bot's word), plays
each out on a copy of the *true* position (the grenier's and the box's secret order, every
hand, the game's random source) to the end of the game, with every seat then playing the
greedy bot's words, the opponents' real policy, and keeps the word whose game it wins, by the
widest margin over the best opponent (``outcome``). Its other decisions are the expert's.
Against greedy opponents this is a near-exact foresight of each word's game (only the greedy
bots' own random draws, for the spells, and its own later words differ), which no fair player
has.

``--fair`` plays the same search on sampled deals instead (what is hidden drawn anew,
``lookahead.determinize``, ``--samples`` of them), with the expert's guard (a word replaces
the judgement's first only when better beyond the deals' noise, ``lookahead.separated``;
unguarded, the best mean of a few deals is mostly noise): the honest version of the search,
to tell how much of the ceiling is foresight and how much is the search. Its decisions take
seconds, far over the expert's budget: a measurement, not a level.

The table is strength.py's (the same seeds, seatings and paired deals: each deal played from
every seat), against the greedy bots; the clock is off, so a seed gives the same games.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from strength import game_line, summary  # noqa: E402

from ludomots.core import registry  # noqa: E402
from ludomots.core.budget import turn_clock_off  # noqa: E402
from ludomots.core.game import Action  # noqa: E402
from ludomots.core.rng import SeededRandom  # noqa: E402
from ludomots.games.awalettres.bots import AwalettresBot, Expert, Greedy, Seen  # noqa: E402
from ludomots.games.awalettres.lookahead import determinize, distinct, separated  # noqa: E402
from ludomots.games.awalettres.rules import AwalettresState, Play  # noqa: E402

LEVEL = "clairvoyant"
MARGIN_WEIGHT = 0.01  # a seed of margin over the best opponent, beside a win worth 1


def outcome(state: AwalettresState, seat: int) -> float:
    """A finished game for ``seat``: 1 for a win (1/k for a k-way tie), 0 for a loss, plus a
    hundredth of a point a seed of margin over the best opponent."""
    scores = state.scores()
    winners = state.winners()
    share = 1.0 / len(winners) if seat in winners else 0.0
    best_other = max(s for p, s in enumerate(scores) if p != seat)
    return share + MARGIN_WEIGHT * (scores[seat] - best_other)


def play_greedily_to_the_end(state: AwalettresState, rng: SeededRandom) -> None:
    """Every seat plays the greedy bot's decisions until the game is over."""
    greedy = Greedy()
    while not state.is_over():
        actor = min(state.to_act())
        state.apply(actor, greedy.choose(state, actor, rng))


class Clairvoyant(Expert):
    """The expert's decisions, but its word is the one whose game, played out greedily to the
    end, ends best for it: on the true position (``fair`` False) or on ``samples`` sampled
    deals (``fair`` True)."""

    level = LEVEL
    candidates_count = 8
    fair = False
    samples = 8

    def choose(self, state: AwalettresState, seat: int, rng: SeededRandom) -> Action:
        # the static decision (the look-ahead off), which also judges the word step's plays
        action = AwalettresBot.choose(self, state, seat, rng)
        if not isinstance(action, Play) or not self._judged:
            return action
        greedy_word = Greedy().word(Seen.of(state, seat), rng)
        plays = distinct(self._judged, self.candidates_count)
        plays += [p for p in distinct(self._nets, 2) if p not in plays]
        if isinstance(greedy_word, Play) and greedy_word not in plays:
            plays.append(greedy_word)
        deals = ([determinize(state, rng) for _ in range(self.samples)] if self.fair
                 else [state])
        sim_seed = rng.next64()
        rows = []
        for deal in deals:
            row = []
            for play in plays:
                copy = deal.clone()
                copy.apply(seat, play)
                play_greedily_to_the_end(copy, SeededRandom(sim_seed))
                row.append(outcome(copy, seat))
            rows.append(row)
        # the expert's own guard: on sampled deals a word replaces the judgement's first only
        # when better beyond the deals' noise; on the true position any gain decides
        return plays[separated(rows, certain=not self.fair)]


def fair_variant(samples: int, candidates: int) -> type[Clairvoyant]:
    return type("FairSearch", (Clairvoyant,), {"fair": True, "samples": samples,
                                               "candidates_count": candidates})


def clear_variant(candidates: int) -> type[Clairvoyant]:
    return type("ClairvoyantN", (Clairvoyant,), {"candidates_count": candidates})


def play_deal(task: tuple[int, int, int, bool, int, int]) -> list[dict[str, Any]]:
    """The deal's games, one per seat of the searcher, as strength.py's JSON lines."""
    seed, deal, players, fair, samples, candidates = task
    turn_clock_off()
    bots = dict(registry.get_bots("awalettres"))
    bots[LEVEL] = fair_variant(samples, candidates) if fair else clear_variant(candidates)
    levels = [LEVEL] + ["greedy"] * (players - 1)
    return [game_line("awalettres", bots, levels, seed, deal, index)
            for index in range(deal * players, deal * players + players)]


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--first-deal", type=int, default=0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--fair", action="store_true", help="search sampled deals, not the truth")
    parser.add_argument("--samples", type=int, default=8, help="deals a word (with --fair)")
    parser.add_argument("--candidates", type=int, default=8,
                        help="the judgement's best words played out (beside the nets' best 2 "
                             "and the greedy bot's word)")
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--out", help="append the games' JSON lines to this file")
    args = parser.parse_args(argv)
    tasks = [(args.seed, deal, args.players, args.fair, args.samples, args.candidates)
             for deal in range(args.first_deal, args.first_deal + args.deals)]
    lines: list[dict[str, Any]] = []
    with multiprocessing.get_context("spawn").Pool(args.processes) as pool:
        for deal_lines in pool.imap(play_deal, tasks):
            lines.extend(deal_lines)
            if args.out:
                with open(args.out, "a", encoding="utf-8") as out:
                    out.writelines(json.dumps(line) + "\n" for line in deal_lines)
    mode = f"fair search, {args.samples} sampled deals" if args.fair else "clairvoyant"
    print(f"awalettres ceiling ({mode}, {args.candidates} candidates), seed {args.seed}, "
          f"deals {args.first_deal}-{args.first_deal + args.deals - 1}")
    print("\n".join(summary(lines)))


if __name__ == "__main__":
    main()
