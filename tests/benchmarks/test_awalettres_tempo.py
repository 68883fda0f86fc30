"""``benchmarks/awalettres_tempo.py`` (issue 21, session 11): what the rest of the game
brings the mover beyond the value of his position, by the cards left in the grenier."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "benchmarks"))

from awalettres_tempo import Tempo, WordStep, bands, from_empty_grenier, tempos  # noqa: E402


def test_each_word_step_s_residual_is_the_final_edge_minus_the_edge_at_his_turn_and_after() -> None:
    # 3 players, seat 1 plays first. Final scores 20, 25, 18. Seat 1's final edge over the
    # others' average: 25 - 19 = 6; at his turn his value 20 against (10 + 30) / 2: 0, so
    # the game brought him 6 more; at the next step 22 against 18.5: 3.5, so 2.5 after.
    steps = [WordStep(1, 10, [10.0, 20.0, 30.0]), WordStep(2, 4, [12.0, 22.0, 25.0]),
             WordStep(0, 0, [15.0, 20.0, 20.0])]
    assert tempos(steps, [20.0, 25.0, 18.0], first=1) == [
        Tempo(0, 10, 6.0, 4, 2.5),
        Tempo(1, 4, -12.5, 0, -7.0),  # -4.5 - (25 - 17), -4.5 - (20 - 17.5)
        Tempo(2, 0, 3.5, None, None),  # the last word step: no next one
    ]


def test_the_bands_are_centred_on_the_mean_of_every_step() -> None:
    # mean 2.0; an empty grenier (0 cards: 2 and 4) is its own band, 1 to 6 cards the next;
    # the interval of 2 and 4: 1.96 x sd 1.414 / sqrt(2) = 1.96
    assert bands([(0, 2.0), (0, 4.0), (3, 0.0)]) == [
        "        0 cards:  +1.0 ± 2.0 (2 steps)",
        "      1-6 cards:  -2.0 ± 0.0 (1 steps)",
    ]


def test_from_the_first_empty_grenier_the_steps_left_and_whether_its_leader_wins() -> None:
    # The grenier empties at the second word step (2 steps left, that one included), where
    # seat 2 leads (25 against 12 and 22); seat 1 wins at the end: the leader changed.
    steps = [WordStep(1, 10, [10.0, 20.0, 30.0]), WordStep(2, 0, [12.0, 22.0, 25.0]),
             WordStep(0, 0, [15.0, 20.0, 20.0])]
    assert from_empty_grenier(steps, [20.0, 25.0, 18.0]) == (2, False)
    assert from_empty_grenier(steps, [20.0, 18.0, 25.0]) == (2, True)
    # Tied leaders must all win, tied, for the leadership to hold.
    tied = [WordStep(0, 0, [5.0, 5.0, 1.0])]
    assert from_empty_grenier(tied, [9.0, 9.0, 2.0]) == (1, True)
    assert from_empty_grenier(tied, [9.0, 8.0, 2.0]) == (1, False)
    assert from_empty_grenier(steps[:1], [1.0, 2.0, 3.0]) is None  # never empty
