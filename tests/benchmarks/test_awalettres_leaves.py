"""``benchmarks/awalettres_leaves.py`` (issue 21, session 10): is a leave value worth learning?
The features of a leave, and the fit that values them."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "benchmarks"))

import awalettres_leaves  # noqa: E402
from awalettres_leaves import Position, fit, r_squared, seed_features  # noqa: E402


def test_a_leave_s_seed_features_count_its_cards_by_seeds_copies_and_balance() -> None:
    # "?" a CONFUSION (neither vowel nor consonant), E E worth 1 (one extra copy), K worth 5
    assert seed_features("?EEK") == {"?": 1.0, "seeds1": 2.0, "seeds5": 1.0, "copies": 1.0,
                                     "vowels^2": 4.0, "consonants^2": 1.0,
                                     "vowels*consonants": 2.0}
    assert seed_features("") == {}


def test_the_fit_recovers_additive_leave_values_and_explains_all_of_noiseless_gains() -> None:
    # an empty leave brings 15 seeds until after the next word, a kept K 2 more, a kept S 1
    # less; 200 copies of each leave, so the ridge pulls the values by less than 0.05
    features = awalettres_leaves.letter_features
    positions = [Position(leave, gain, game) for game in range(200)
                 for leave, gain in (("", 15), ("K", 17), ("S", 14), ("KS", 16))]
    coef = fit(positions, features)
    assert {name: round(value, 1) for name, value in coef.items()} == {
        "intercept": 15.0, "K1": 2.0, "S1": -1.0, "consonants^2": 0.0}
    assert round(r_squared(coef, features, positions), 4) == 1.0
