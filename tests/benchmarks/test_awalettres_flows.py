"""``benchmarks/awalettres_flows.py`` (issue 21's diagnosis): where each seat's seeds come
from, read from a game's final state."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "benchmarks"))

import awalettres_flows  # noqa: E402

from ludomots.core import registry  # noqa: E402
from ludomots.games.awalettres.records import WordRecord  # noqa: E402


def test_each_seat_s_seeds_split_into_words_payments_letters_left_and_the_rest() -> None:
    # Seat 0 plays APRES with the P of seat 1 and the S of seat 2 (seed's example): collects
    # A R E = 4, bonus 2, pays 2 and 1. Seat 2 plays ARTISTES with its own letters: 8, bonus
    # 5. At the end seat 0 holds E K (6 seeds), seat 2 a CONFUSION (5). Whatever the final
    # score holds beyond these (spells, exchanges, panics) is the rest: sacks 20, 5 and 9
    # give scores 14, 5 and 4.
    state = registry.get_game("awalettres").new(None, 3, 1)
    state.played = [  # type: ignore[attr-defined]
        WordRecord(0, "apres", 4, 2, 6, {1: 2, 2: 1}, {}, 3,
                   {0: ("A", "R", "E"), 1: ("P",), 2: ("S",)}, "APRES", (0, 1, 0, 0, 2), (), 1),
        WordRecord(2, "artistes", 8, 5, 13, {}, {}, 13, {2: tuple("ARTISTES")}, "ARTISTES",
                   (2,) * 8, (), 2)]
    state.hands = [["E", "K"], [], ["?"]]  # type: ignore[attr-defined]
    state.ledger.sacks = [20, 5, 9]  # type: ignore[attr-defined]
    flows = awalettres_flows.flows(state)
    assert [f["score"] for f in flows] == [14, 5, 4]
    assert {k: flows[0][k] for k in ("own", "bonus", "paid", "recv", "left", "spells")} == {
        "own": 4, "bonus": 2, "paid": 3, "recv": 0, "left": 6, "spells": 14 - (4 + 2 - 3 - 6)}
    assert (flows[1]["recv"], flows[1]["spells"]) == (2, 5 - 2)
    assert (flows[2]["own"], flows[2]["bonus"], flows[2]["recv"], flows[2]["left"],
            flows[2]["long"], flows[2]["spells"]) == (8, 5, 1, 5, 1, 4 - (8 + 5 + 1 - 5))
    assert (flows[0]["letters"], flows[0]["taken"], flows[0]["words"]) == (5, 2, 1)
