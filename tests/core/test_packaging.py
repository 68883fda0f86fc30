"""The wheel carries every data file a game reads at run time (an editable install, which the
tests use, would find them anyway, so only the packaging configuration can tell)."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_every_games_data_files_are_package_data() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))
    package_data = config["tool"]["setuptools"]["package-data"]
    missing = []
    for game_dir in sorted((ROOT / "ludomots" / "games").iterdir()):
        package = f"ludomots.games.{game_dir.name}"
        patterns = package_data.get(package, [])
        if (game_dir / "regles.md").exists() and "regles.md" not in patterns:
            missing.append(f"{package}: regles.md")
        if (game_dir / "data").is_dir() and "data/*" not in patterns:
            missing.append(f"{package}: data/*")
    assert missing == []
