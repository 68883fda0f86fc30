"""`ludomots vocabulon deck` and `ludomots sim vocabulon`."""

import json

from click.testing import CliRunner

from ludomots.cli import main


def test_deck_json_prints_the_whole_deck() -> None:
    result = CliRunner().invoke(main, ["vocabulon", "deck", "--json"])
    assert result.exit_code == 0, result.output
    deck = json.loads(result.output)
    assert deck["game"] == "vocabulon" and deck["licence"] == "CC BY-SA 4.0"
    assert len(deck["compartments"]) == 16
    assert all(len(cards) == 33 for cards in deck["compartments"].values())


def test_deck_summary_names_each_compartment() -> None:
    result = CliRunner().invoke(main, ["vocabulon", "deck", "--niveau", "facile"])
    assert result.exit_code == 0, result.output
    assert "Vocabulon deck 'facile'" in result.output
    assert "  VWXYZ  33 cards" in result.output


def test_sim_of_twenty_games_reports_no_error() -> None:
    result = CliRunner().invoke(main, ["sim", "vocabulon", "--seats",
                                       "expert,confirme,debutant", "--games", "20", "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert report["errors"] == 0 and report["completed"] == 20
    assert sum(report["wins"].values()) <= 20
