"""`ludomots topword score | moves | play`: the reports developers script against."""

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from ludomots.core.record import Record, replay
from ludomots.games.topword.rules import GAME
from ludomots.tui.topword.cli import topword

from .helpers import RATEAU
from .test_seed_examples import EXAMPLES

runner = CliRunner()

EXAMPLE_2 = EXAMPLES[1][1]  # RATEAU and RIRE: TRIS goes on row F
EXAMPLE_5 = EXAMPLES[4][1]  # before RETRACE


def score(*args: str) -> dict[str, Any]:
    result = runner.invoke(topword, ["score", *args, "--json"])
    assert result.exit_code == 0, result.output
    report: dict[str, Any] = json.loads(result.output)
    return report


# -- score ----------------------------------------------------------------------------------------


def test_score_reports_the_seed_retrace_example_as_25_with_two_words_and_seven_tiles() -> None:
    assert score("--board", EXAMPLE_5, "--move", "1A RETRACE") == {
        "legal": True, "move": "1A RETRACE", "score": 25,
        "words": [{"word": "RETRACE", "score": 9}, {"word": "CRIS", "score": 6}],
        "tiles": 7, "bonus_letters": 0, "all_tiles_bonus": 10}


@pytest.mark.parametrize(("name", "position", "move", "points", "words"), EXAMPLES,
                         ids=[e[0] for e in EXAMPLES])
def test_score_gives_every_seed_example_its_points_and_words(
        name: str, position: str, move: str, points: int, words: list[tuple[str, int]]) -> None:
    report = score("--board", position, "--move", move)
    assert report["legal"] is True
    assert report["score"] == points
    assert [(w["word"], w["score"]) for w in report["words"]] == words


def test_score_text_mode_is_one_readable_line() -> None:
    result = runner.invoke(topword, ["score", "--board", EXAMPLE_5, "--move", "1A RETRACE"])
    assert result.exit_code == 0
    assert result.output == ("1A RETRACE: 25 points (RETRACE 9, CRIS 6, all seven tiles +10); "
                             "7 tile(s) placed\n")


def test_score_with_a_rack_missing_a_tile_reports_tiles_not_in_rack() -> None:
    assert score("--board", EXAMPLE_5, "--move", "1A RETRACE", "--rack", "RETRAXE") == {
        "legal": False, "error": "tiles_not_in_rack",
        "message": "Vous n'avez pas ces lettres : C.", "missing": ["C"]}


def test_score_with_a_rack_holding_the_tiles_scores_the_move() -> None:
    report = score("--board", EXAMPLE_5, "--move", "1A RETRACE", "--rack", "ACEERRT")
    assert (report["legal"], report["score"]) == (True, 25)


def test_score_refuses_a_tile_on_the_same_letter() -> None:
    report = score("--board", RATEAU, "--move", "E3:R")
    assert report == {"legal": False, "error": "same_letter",
                      "message": "On ne pose jamais une lettre sur la même lettre (R sur R en E3).",
                      "cell": "E3", "letter": "R"}


def test_score_refuses_a_word_touching_nothing_on_the_board() -> None:
    report = score("--board", RATEAU, "--move", "A1 LA")
    assert (report["legal"], report["error"]) == (False, "not_connected")
    assert report["message"] == ("Votre mot doit toucher une lettre déjà posée ou s'empiler sur "
                                 "elle.")


@pytest.mark.parametrize("empty", ["empty", ""])
def test_score_on_an_empty_board_applies_the_first_move_rule(empty: str) -> None:
    report = score("--board", empty, "--move", "A1 RATEAU")
    assert (report["legal"], report["error"]) == (False, "first_move_centre")
    assert "E5, E6, F5, F6" in report["message"]
    assert score("--board", empty, "--move", "E3 RATEAU") == {
        "legal": True, "move": "E3 RATEAU", "score": 12,
        "words": [{"word": "RATEAU", "score": 12}], "tiles": 6, "bonus_letters": 0,
        "all_tiles_bonus": 0}


def test_score_reports_unknown_words_as_the_automatic_referee_would() -> None:
    assert score("--board", EXAMPLE_2, "--move", "F1 TRIE") == {
        "legal": False, "error": "unknown_word",
        "message": "Mot refusé par le dictionnaire : AE.", "words": ["AE"]}


def test_score_reports_bad_move_notation_as_an_illegal_move_not_a_crash() -> None:
    report = score("--board", RATEAU, "--move", "Z1 TRIE")
    assert (report["legal"], report["error"]) == (False, "bad_notation")
    assert report["message"].startswith("Notation « Z1 TRIE » illisible")


def test_score_with_a_malformed_position_is_a_usage_error_in_english() -> None:
    result = runner.invoke(topword, ["score", "--board", "RATEAU", "--move", "E3 RATEAU"])
    assert result.exit_code == 2
    assert "a Topword position has 10 rows separated by '/', got 1" in result.output


def test_score_options_change_the_rules_and_unknown_options_are_usage_errors() -> None:
    position = "/".join(["." * 10] * 4 + ["....[ABC]....."] + ["." * 10] * 5)
    assert score("--board", position, "--move", "E5 DE")["score"] == 5  # stacks 4 + 1, not flat
    capped = score("--board", position, "--move", "E5 DE", "--option", "max_height=3")
    assert (capped["legal"], capped["error"]) == (False, "stack_too_high")
    result = runner.invoke(topword, ["score", "--board", position, "--move", "E5 DE",
                                     "--option", "hauteur=3"])
    assert result.exit_code == 2
    assert "unknown option(s) for TopwordOptions: hauteur" in result.output


# -- moves ----------------------------------------------------------------------------------------

RATEAU_ES_BEST = [
    {"move": "D4 SE", "score": 12}, {"move": "D5 ES", "score": 12},
    {"move": "D7 SE", "score": 12}, {"move": "F3 ES", "score": 12},
    {"move": "F4 SE", "score": 12}, {"move": "F5 ES", "score": 12},
    {"move": "D8 ES", "score": 8}, {"move": "D8 SE", "score": 8},
]


def test_moves_counts_every_distinct_placement_and_sorts_by_score_then_notation() -> None:
    result = runner.invoke(topword, ["moves", "--board", RATEAU, "--rack", "ES", "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert report["count"] == 34
    assert len(report["moves"]) == 34
    assert report["moves"][:8] == RATEAU_ES_BEST
    assert report["moves"][-1] == {"move": "8E US", "score": 4}
    keys = [(-m["score"], m["move"]) for m in report["moves"]]
    assert keys == sorted(keys) and len(set(keys)) == len(keys)


def test_moves_top_limits_the_list_but_not_the_count() -> None:
    result = runner.invoke(topword, ["moves", "--board", RATEAU, "--rack", "ES", "--top", "3",
                                     "--json"])
    assert json.loads(result.output) == {"count": 34, "moves": RATEAU_ES_BEST[:3]}


def test_moves_on_the_empty_board_are_first_moves_that_score_agrees_with() -> None:
    result = runner.invoke(topword, ["moves", "--board", "empty", "--rack", "QUEZ", "--json"])
    report = json.loads(result.output)
    assert report["count"] == len(report["moves"]) == 12  # QUE, through each centre square
    assert report["moves"][0] == {"move": "5D QUE", "score": 6}  # 2 flat tiles x 2, +2 for Qu
    for move in report["moves"]:
        checked = score("--board", "empty", "--move", move["move"], "--rack", "QUEZ")
        assert (checked["legal"], checked["score"]) == (True, move["score"])


def test_moves_text_mode_prints_a_table_with_the_total() -> None:
    result = runner.invoke(topword, ["moves", "--board", RATEAU, "--rack", "ES", "--top", "2"])
    assert result.exit_code == 0
    assert "34 legal move(s)" in result.output
    assert "D4 SE" in result.output and "SE 4, SA 4, ET 4" in result.output
    assert "D7 SE" not in result.output


# -- play -----------------------------------------------------------------------------------------


def test_play_refuses_an_unknown_seat_with_the_levels_available() -> None:
    result = runner.invoke(topword, ["play", "--seats", "moi,champion"])
    assert result.exit_code == 2
    assert "unknown seat(s) champion: use 'moi' for a human or a bot level" in result.output


def test_play_refuses_a_single_seat() -> None:
    result = runner.invoke(topword, ["play", "--seats", "moi"])
    assert result.exit_code == 2
    assert "Topword is played by 2 to 4 players, got 1 seat(s)" in result.output


def test_play_quitting_at_once_still_saves_a_record_that_replays(tmp_path: Path) -> None:
    path = tmp_path / "partie.json"
    result = runner.invoke(topword, ["play", "--seats", "moi,moi", "--seed", "7", "--arbitre",
                                     "auto", "--record", str(path)], input="quitte\n")
    assert result.exit_code == 0, result.output
    assert "Joueur 2 commence." in result.output
    assert "Chevalet de Joueur 2 : I  H  Y  E  E  S  I" in result.output
    assert "Partie interrompue." in result.output
    record = Record.load(path)
    assert (record.seed, record.actions, record.options["referee"]) == (7, [], "auto")
    assert [(s.name, s.kind) for s in record.seats] == [("Joueur 1", "human"),
                                                        ("Joueur 2", "human")]
    assert replay(record, GAME).scores() == [0, 0]


def test_play_against_a_bot_records_the_bot_s_moves_exactly(tmp_path: Path) -> None:
    path = tmp_path / "partie.json"
    result = runner.invoke(topword, ["play", "--seats", "moi,debutant", "--seed", "7",
                                     "--record", str(path)], input="quitte\n")
    assert result.exit_code == 0, result.output
    assert "Débutant 2 commence." in result.output
    record = Record.load(path)
    assert [a.seat for a in record.actions] == [1]  # the bot moved, then the human quit
    assert record.seats[1].level == "debutant"
    replay(record, GAME)  # raises on any divergence
