"""`ludomots sim awalettres`, `ludomots awalettres deck-stats` and `spell-stats`,
`ludomots replay`."""

import json
from pathlib import Path

from click.testing import CliRunner

from ludomots.cli import main
from tests.games.simulate import assert_sim_games_replay

runner = CliRunner()


def test_sim_reports_no_errors_and_its_records_replay(tmp_path: Path) -> None:
    assert_sim_games_replay("awalettres", 3, tmp_path)


def test_deck_stats_prints_game_length_and_card_weights() -> None:
    result = runner.invoke(main, ["awalettres", "deck-stats", "--players", "3", "--games",
                                  "2", "--level", "confirme", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["players"] == 3 and data["games"] == 2
    assert data["words_mean"] > 5
    assert {"share_10_to_20_turns", "spells", "rare_letters"} <= set(data)


def test_spell_stats_counts_each_level_s_maraboutage() -> None:
    result = runner.invoke(main, ["awalettres", "spell-stats", "--seats", "confirme,debutant",
                                  "--games", "4", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["games"] == 4 and data["marabout_card"] == "caster"
    assert set(data["marabout"]) == {"confirme", "debutant"}
    assert {"cast", "void", "designated_card_seeds", "hand_card_seeds", "dearest_share",
            "caster_seeds_per_marabout"} <= set(data["marabout"]["confirme"])


def test_play_refuses_bad_seats() -> None:
    result = runner.invoke(main, ["awalettres", "play", "--seats", "moi"])
    assert result.exit_code == 2
    assert "Awalettres is played by 2 to 6 players" in result.output
