"""``ludomots <game> show --position`` (issue 18, part 5): every game reads its one-line
position notation back and shows whose turn it is, the scores and a seat's view."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from ludomots.cli import main
from ludomots.core import registry

GAMES = ["topword", "typo", "awalettres", "vocabulon", "volapuk"]


@pytest.mark.parametrize("name", GAMES)
def test_show_reads_a_position_and_prints_what_a_seat_sees(name: str) -> None:
    game = registry.get_game(name)
    state = game.new(None, 2, 11)
    text = game.format_position(state)
    result = CliRunner().invoke(main, [name, "show", "--position", text, "--seat", "0", "--json"])
    assert result.exit_code == 0, result.output
    shown = json.loads(result.output)
    again = game.parse_position(text)
    assert shown["position"] == text
    assert shown["to_act"] == sorted(again.to_act())
    assert shown["scores"] == again.scores() == state.scores()
    assert shown["view"] == json.loads(json.dumps(again.view(0)))


@pytest.mark.parametrize("name", GAMES)
def test_a_bad_position_is_an_error_in_english_not_a_crash(name: str) -> None:
    result = CliRunner().invoke(main, [name, "show", "--position", "%%% not a position"])
    assert result.exit_code == 1
    assert "Error: bad position:" in result.output
