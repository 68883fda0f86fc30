"""`ludomots sim` for a game's own CLI tests: a few seeded games, each record replayed."""

import json
from pathlib import Path

from click.testing import CliRunner

from ludomots.cli import main


def assert_sim_games_replay(game: str, games: int, records: Path,
                            seats: str = "expert,confirme,debutant") -> None:
    """`ludomots sim` reports ``games`` games completed and no error; `ludomots replay`
    accepts each record it wrote."""
    runner = CliRunner()
    result = runner.invoke(main, ["sim", game, "--seats", seats, "--games", str(games),
                                  "--seed", "2", "--json", "--records", str(records)])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert (data["errors"], data["completed"]) == (0, games)
    for record in sorted(records.iterdir()):
        replayed = runner.invoke(main, ["replay", str(record), "--json"])
        assert replayed.exit_code == 0 and json.loads(replayed.output)["ok"] is True
