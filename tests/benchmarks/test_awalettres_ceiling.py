"""``benchmarks/awalettres_ceiling.py`` (issue 21, session 13): the clairvoyant that measures
how far above the greedy bots a player can get."""

from __future__ import annotations

import sys
from pathlib import Path
from types import SimpleNamespace

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "benchmarks"))

from awalettres_ceiling import clear_variant, fair_variant, outcome  # noqa: E402

from ludomots.core.rng import SeededRandom  # noqa: E402
from ludomots.games.awalettres.rules import Play  # noqa: E402
from tests.games.awalettres.helpers import make_state  # noqa: E402

A, B = 0, 1


def test_a_game_s_outcome_is_its_share_of_the_win_and_a_hundredth_a_seed_of_margin() -> None:
    # B and C tie at 52: each wins half; A, 12 behind the best, wins nothing
    game = SimpleNamespace(scores=lambda: [40, 52, 52], winners=lambda: [1, 2])
    assert [round(outcome(game, seat), 4) for seat in range(3)] == [-0.12, 0.5, 0.5]  # type: ignore[arg-type]


def test_the_clairvoyant_plays_each_candidate_out_to_the_end_and_keeps_the_winning_word(
) -> None:
    # test_lookahead's position (A: E R V Y A, B: A S T X, the grenier empty): ERAYA, the
    # judgement's first, ends at 7 against -6; SATYRE, its tenth, leaves B to take A's V for
    # VA and A ends the game at 13 against -5. Among its 10 best words, the clairvoyant finds it.
    state = make_state(["ERVYA", "ASTX"], grenier="")
    chosen = clear_variant(10)().choose(state, A, SeededRandom(1))
    assert chosen == Play("SATYRE", (B, A, B, A, A, A))
    # The fair search finds it too: with nothing left to draw, its 8 sampled deals are the
    # true one, and a gain the same on every deal is beyond their noise.
    assert fair_variant(8, 10)().choose(state, A, SeededRandom(1)) == chosen
    state.apply(A, chosen)
    assert state.hands == [["V"], ["A", "X"]]
