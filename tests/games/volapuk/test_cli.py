"""`ludomots sim volapuk`, `ludomots volapuk play`, `ludomots replay`."""

import json
from pathlib import Path

from click.testing import CliRunner

from ludomots.cli import main
from tests.games.simulate import assert_sim_games_replay

runner = CliRunner()


def test_sim_reports_no_errors_and_its_records_replay(tmp_path: Path) -> None:
    assert_sim_games_replay("volapuk", 2, tmp_path)


def test_play_refuses_bad_seats() -> None:
    result = runner.invoke(main, ["volapuk", "play", "--seats", "moi"])
    assert result.exit_code == 2
    assert "Volapük is played by 2 to 8 players" in result.output


def test_play_a_whole_game_typed_and_replay_its_record(tmp_path: Path) -> None:
    path = tmp_path / "partie.json"
    typed = "lance\naide\ngarde 1\npasse\n" + "lance\npasse\n" * 300
    result = runner.invoke(main, ["volapuk", "play", "--seats", "moi,debutant", "--seed", "5",
                                  "--record", str(path)], input=typed)
    assert result.exit_code == 0, result.output
    assert "Décompte final" in result.output
    replayed = runner.invoke(main, ["replay", str(path), "--json"])
    assert json.loads(replayed.output)["ok"] is True
