"""A smoke run of ``benchmarks/strength.py`` (CI runs this tiny table, the real ones run by
hand: issue 21), and its summary on known games."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "benchmarks"))

import strength  # noqa: E402


def test_a_tiny_paired_table_runs_on_two_processes_and_its_lines_resum(tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    run = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "strength.py"), "--game", "topword",
         "--seats", "greedy,debutant", "--games", "4", "--processes", "2", "--seed", "3",
         "--out", str(out)], capture_output=True, text=True, timeout=600, check=True)
    assert "4 games (2 deals, paired), 0 errors, 2 players" in run.stdout
    assert "score difference debutant - greedy" in run.stdout
    lines = [json.loads(text) for text in out.read_text("utf-8").splitlines()]
    assert [line["deal"] for line in lines] == [0, 0, 1, 1]
    assert lines[0]["seed"] == lines[1]["seed"] != lines[2]["seed"]
    assert lines[0]["seats"] == lines[1]["seats"][::-1]
    assert all(line["decisions"] and "scores" in line for line in lines)
    summary = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "strength.py"), "--summary", str(out)],
        capture_output=True, text=True, timeout=600, check=True)
    table = [line for line in run.stdout.splitlines() if not line.strip().endswith(" s")]
    assert summary.stdout.splitlines() == table[1:]


def _game(deal: int, seats: list[str], scores: list[int], winners: list[int]) -> dict[str, Any]:
    return {"deal": deal, "game": 0, "seed": deal, "seats": seats, "scores": scores,
            "winners": winners, "actions": 2,
            "decisions": [[seats[0], 0.1, 0.2], [seats[1], 0.3, 0.4]]}


def test_the_summary_counts_shared_wins_and_the_score_difference() -> None:
    games = [_game(0, ["a", "b"], [10, 5], [0]), _game(0, ["b", "a"], [7, 7], [0, 1]),
             _game(1, ["a", "b"], [3, 9], [1]), _game(1, ["b", "a"], [2, 6], [1])]
    text = "\n".join(strength.summary(games))
    assert "4 games (2 deals, paired), 0 errors, 2 players (fair share 0.500)" in text
    assert "a            wins     2.5 = 0.625" in text
    assert "b            wins     1.5 = 0.375" in text
    # differences a - b: +5, 0, -6, +4: mean +0.75
    assert "score difference a - b: +0.8" in text
    # a decided in 0.1 s (CPU) where it sat first, 0.3 s second: nearest-rank percentiles
    assert "a                 4 decisions: p50 0.300 p95 0.300 max 0.300 | p50 0.400" in text


def test_players_fill_the_table_with_the_last_level() -> None:
    assert strength.table_levels(["expert", "greedy"], 4) == ["expert", "greedy", "greedy",
                                                              "greedy"]
    assert strength.table_levels(["expert", "greedy"], None) == ["expert", "greedy"]
