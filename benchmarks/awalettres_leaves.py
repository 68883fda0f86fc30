"""Is a leave value worth learning for the Awalettres expert? (issue 21, session 10)

    python benchmarks/awalettres_leaves.py --games 860 --seed 11 [--out FILE.tsv]

A word's leave is the mover's own cards it does not play ("?" a CONFUSION). Refilled to 7,
the leave starts his next word, so a leave value (as Topword's, learned by self-play) would
say which letters to keep. This plays 3-player self-play games (one expert without its
look-ahead, the static judgement, and two greedy bots, the seats rotated as strength.py
rotates them, clock off) and records a position for each word after which the grenier still
holds ``MIN_GRENIER`` cards (the mover refills and plays again before the end): the leave,
and the seeds the mover gained from just after that word to just after his next one (what
the others paid him for his letters, spells, his next word's net). Two additive models of
the leave are fitted by ridge least squares, on the even-numbered games:

- ``letters``: Topword's ``leaves.features``: first, second and further copies of each card,
  the vowel/consonant balance, Q with U;
- ``seeds``: how many cards of each seed value are kept, the CONFUSION, S, extra copies, the
  vowel/consonant balance (fewer terms, for the few long leaves).

Each is scored on the odd-numbered games (R², out of sample): how much of a word's next
gain its leave predicts. ``--out`` writes the chosen model's terms (seeds against an empty
leave), for screening a variant of the expert that uses them. The same arguments give the
same positions.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ludomots.core import registry  # noqa: E402
from ludomots.core.budget import turn_clock_off  # noqa: E402
from ludomots.core.rng import SeededRandom  # noqa: E402
from ludomots.core.sim import game_seed, seating  # noqa: E402
from ludomots.games.awalettres.bots import Expert, Greedy  # noqa: E402
from ludomots.games.awalettres.cards import VALUES, WILD  # noqa: E402
from ludomots.games.awalettres.rules import AwalettresState, Play  # noqa: E402
from ludomots.games.topword.leavefit import ridge  # noqa: E402
from ludomots.games.topword.leaves import features as letter_features  # noqa: E402

MIN_GRENIER = 12  # cards left in the grenier after a word for it to be a position
RIDGE = 1.0  # rare letters are seldom kept (K, W, X, Y, Z: one copy each)
INTERCEPT = "intercept"
BALANCE = ("vowels^2", "consonants^2", "vowels*consonants")

Features = Callable[[str], dict[str, float]]


class StaticExpert(Expert):
    """The expert's judgement without the look-ahead (self-play at a fraction of the cost)."""

    look = None


@dataclass(frozen=True)
class Position:
    leave: str  # the mover's cards the word did not play, sorted
    gained: int  # his seeds from just after the word to just after his next one
    game: int


def seed_features(leave: str) -> dict[str, float]:
    """Cards kept by seed value, the CONFUSION, S, extra copies, and the balance."""
    out: dict[str, float] = {}
    counts = Counter(leave)
    for card, n in counts.items():
        name = WILD if card == WILD else f"seeds{VALUES[card]}"
        out[name] = out.get(name, 0.0) + n
        if n >= 2 and card != WILD:
            out["copies"] = out.get("copies", 0.0) + n - 1
    if counts["S"]:
        out["S"] = float(counts["S"])
    # the balance as Topword's model has it, the CONFUSION neither vowel nor consonant
    out.update((name, x) for name, x in letter_features(leave.replace(WILD, "")).items()
               if name in BALANCE)
    return out


# "letters": Topword's model of a leave (a CONFUSION "?" is one more card, counted with
# the consonants by the balance)
MODELS: dict[str, Features] = {"letters": letter_features, "seeds": seed_features}


def one_game(levels: Sequence[str], seed: int, game: int) -> list[Position]:
    """The positions of one game of ``levels`` (by seat, "expert" or "greedy")."""
    rules = registry.get_game("awalettres")
    state = rules.new(rules.coerce_options(None), len(levels), seed)
    assert isinstance(state, AwalettresState)
    players = [StaticExpert() if level == "expert" else Greedy() for level in levels]
    match_rng = SeededRandom(seed)
    rngs = [match_rng.fork(f"bot{p}") for p in range(len(levels))]
    waiting: dict[int, tuple[str, int]] = {}  # seat: (leave, his seeds just after the word)
    found: list[Position] = []
    while not state.is_over():
        seat = min(state.to_act())
        action = players[seat].choose(state, seat, rngs[seat])
        hand = Counter(state.hands[seat])
        state.apply(seat, action)
        if not isinstance(action, Play):
            continue
        leave = "".join(sorted((hand - Counter(state.played[-1].cards.get(seat, ()))).elements()))
        worth = state.ledger.sacks[seat] - state.ledger.owed(seat)
        if seat in waiting:
            before, start = waiting.pop(seat)
            found.append(Position(before, worth - start, game))
        if len(state.grenier) >= MIN_GRENIER:
            waiting[seat] = (leave, worth)
    return found


def self_play(games: int, seed: int, log: Callable[[str], None] = lambda _: None
              ) -> list[Position]:
    """The positions of ``games`` games of a static expert and two greedy bots."""
    levels = ["expert", "greedy", "greedy"]
    found: list[Position] = []
    for index in range(games):
        order = seating(len(levels), index)
        found += one_game([levels[i] for i in order], game_seed(seed, index), index)
        if (index + 1) % 100 == 0:
            log(f"{index + 1} games, {len(found)} positions")
    return found


def fit(positions: Sequence[Position], features: Features) -> dict[str, float]:
    """Ridge least squares of the gain on the leave's features (the intercept unpenalised),
    by Topword's leave fit's solver."""
    return ridge([({INTERCEPT: 1.0, **features(p.leave)}, 1.0, float(p.gained))
                  for p in positions], RIDGE, INTERCEPT)


def predict(coef: dict[str, float], features: Features, leave: str) -> float:
    return coef.get(INTERCEPT, 0.0) + sum(coef.get(name, 0.0) * x
                                          for name, x in features(leave).items())


def r_squared(coef: dict[str, float], features: Features,
              positions: Sequence[Position]) -> float:
    """The share of the gains' variance the leave's fitted value explains."""
    gains = [float(p.gained) for p in positions]
    mean = statistics.fmean(gains)
    total = sum((y - mean) ** 2 for y in gains)
    residual = sum((p.gained - predict(coef, features, p.leave)) ** 2 for p in positions)
    return 1.0 - residual / total


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--games", type=int, default=860)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--model", choices=sorted(MODELS), default="seeds",
                        help="the model --out writes (fitted on every position)")
    parser.add_argument("--out", help="write the model's terms (name TAB seeds) here")
    args = parser.parse_args(argv)
    turn_clock_off()
    found = self_play(args.games, args.seed, lambda line: print(line, file=sys.stderr))
    train = [p for p in found if p.game % 2 == 0]
    test = [p for p in found if p.game % 2 == 1]
    sizes = Counter(len(p.leave) for p in found)
    gains = [p.gained for p in found]
    print(f"{len(found)} positions from {args.games} games (seed {args.seed}); gain until "
          f"after the next word: mean {statistics.fmean(gains):.2f}, sd "
          f"{statistics.pstdev(gains):.2f}; leave sizes "
          + ", ".join(f"{k}: {v}" for k, v in sorted(sizes.items())))
    for name, features in MODELS.items():
        coef = fit(train, features)
        spread = statistics.pstdev([predict(coef, features, p.leave) for p in test])
        print(f"{name}: R² {r_squared(coef, features, train):.4f} on the {len(train)} "
              f"positions fitted, {r_squared(coef, features, test):.4f} on the {len(test)} "
              f"others; sd of the leave values there {spread:.2f} seeds")
        print("   " + " ".join(f"{k} {v:+.2f}" for k, v in sorted(coef.items())))
    if args.out:
        features = MODELS[args.model]
        coef = fit(found, features)
        with open(args.out, "w", encoding="utf-8") as out:
            out.write(f"# {args.model} model, {len(found)} positions: python "
                      f"benchmarks/awalettres_leaves.py --games {args.games} --seed {args.seed}\n")
            out.writelines(f"{k}\t{v:.3f}\n" for k, v in sorted(coef.items()) if k != INTERCEPT)


if __name__ == "__main__":
    main()
