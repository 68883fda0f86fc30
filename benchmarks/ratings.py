"""How many games the rating model needs to order six players of known strength.

Six simulated players, 150 displayed points apart, play games at tables of 2, 4 or 6 seats
drawn at random; performance = true skill + Gaussian luck (``ludomots/accounts/simulate.py``).
For each N (games per player), the share of seeds after which the six mean ratings are in
their true order. Run: ``.venv/bin/python benchmarks/ratings.py [--seeds 200]``.
"""

from __future__ import annotations

import argparse
import time

from ludomots.accounts.simulate import GAP, LEVELS, ordered_after

GAMES = (10, 20, 30, 40, 60, 80, 100, 150)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=200)
    args = parser.parse_args()
    print(f"{LEVELS} players {GAP} points apart; share of {args.seeds} seeds in true order")
    print("seats " + " ".join(f"N={n:<4}" for n in GAMES))
    started = time.perf_counter()
    for seats in (2, 4, 6):
        shares = [sum(ordered_after(seed, n, seats) for seed in range(args.seeds)) / args.seeds
                  for n in GAMES]
        print(f"{seats:>5} " + " ".join(f"{share:<6.3f}" for share in shares), flush=True)
    print(f"({time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main()
