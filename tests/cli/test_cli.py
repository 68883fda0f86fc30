"""The `ludomots` command line: lexicon checks, bot matches and replays."""

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from ludomots.cli import main
from ludomots.core import registry
from tests.core import gops
from tests.core.test_record import left_after_one_round

runner = CliRunner()


def test_issue_example_lexique_check_json_answers_each_word() -> None:
    words = ["râteau", "rateau", "chats", "mangeassions", "Dupont", "aujourd'hui", "arc-en-ciel"]
    result = runner.invoke(main, ["lexique", "check", "--jeu", "topword", "--json", *words])
    assert result.exit_code == 0, result.output
    lines = [json.loads(line) for line in result.output.splitlines()]
    assert [(line["word"], line["valid"]) for line in lines] == [
        ("râteau", True), ("rateau", True), ("chats", True), ("mangeassions", True),
        ("Dupont", False), ("aujourd'hui", False), ("arc-en-ciel", False),
    ]
    assert lines[2]["entries"] == [{"lemma": "chat", "class": "n", "gender": "m", "number": "p"}]
    assert lines[4]["entries"][0]["class"] == "nprop"


def test_lexique_check_text_mode_shows_readings_and_definitions() -> None:
    result = runner.invoke(main, ["lexique", "check", "chat"])
    assert result.exit_code == 0
    assert "chat (standard): valid" in result.output
    assert "nom masculin singulier" in result.output
    assert "Mammifère carnivore" in result.output


def test_lexique_check_refuses_an_unknown_game() -> None:
    result = runner.invoke(main, ["lexique", "check", "--jeu", "scrabble", "chat"])
    assert result.exit_code == 2
    assert "Invalid value for '--jeu'" in result.output


def test_lexique_stats_reports_each_policy_and_the_ods8_comparison() -> None:
    result = runner.invoke(main, ["lexique", "stats", "--json"])
    assert result.exit_code == 0
    stats = json.loads(result.output)
    # Issue 17, second pass: Wiktionary's rare words that a second dictionary spells came in,
    # the short ones on Wiktionary's word alone went out (453,039 keys; 432,318 before).
    assert stats["accepted by standard (awalettres, topword, typo)"] == 453_039
    assert stats["ODS8, 2-15 letters (reference)"] == 402_325
    assert stats["standard, 2-15 letters A-Z"] == 436_969


@pytest.fixture
def gops_registered() -> Iterator[None]:
    registry.register("gops", gops.GAME, gops.BOTS)
    yield
    registry.unregister("gops")


def test_sim_json_reports_wins_scores_and_no_errors(gops_registered: None) -> None:
    result = runner.invoke(main, ["sim", "gops", "--seats", "expert,debutant", "--games", "20",
                                  "--seed", "3", "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert set(report) >= {"game", "games", "seats", "wins", "mean_scores", "errors", "seconds"}
    assert (report["game"], report["games"], report["errors"]) == ("gops", 20, 0)
    assert sum(report["wins"].values()) == pytest.approx(20)


def test_sim_refuses_an_unknown_game_with_the_list_of_available_ones() -> None:
    result = runner.invoke(main, ["sim", "nope", "--seats", "expert,debutant"])
    assert result.exit_code == 2
    assert "unknown game 'nope'" in result.output


def test_replay_reproduces_a_record_and_fails_loudly_on_a_tampered_one(
    gops_registered: None, tmp_path: Path
) -> None:
    made = runner.invoke(main, ["sim", "gops", "--seats", "expert,debutant", "--games", "1",
                                "--json", "--records", str(tmp_path)])
    assert made.exit_code == 0, made.output
    (path,) = tmp_path.glob("*.json")
    ok = runner.invoke(main, ["replay", str(path), "--json"])
    assert ok.exit_code == 0, ok.output
    assert json.loads(ok.output)["ok"] is True

    # A game that a player left: the table's result, checked, with who left and when.
    left = tmp_path / "left.json"
    left_after_one_round().dump(left)
    said = runner.invoke(main, ["replay", str(left), "--json"])
    assert said.exit_code == 0, said.output
    report = json.loads(said.output)
    assert (report["winners"], report["ranks"]) == ([0], [1, 3, 2])
    assert [d["name"] for d in report["departures"]] == ["Bruno"]
    text = runner.invoke(main, ["replay", str(left)])
    assert "Bruno (seat 1) left after 3 actions (resign)" in text.output

    record = json.loads(path.read_text("utf-8"))
    record["actions"][0]["digest"] = "0" * 64
    path.write_text(json.dumps(record), "utf-8")
    bad = runner.invoke(main, ["replay", str(path)])
    assert bad.exit_code == 1
    assert "replay diverged at step 0" in bad.output
