"""The view contract of each game (issue 18): static/games/<game>/view.schema.json describes
`view.game`, what the server sends and the browser screen reads. Whole games played by bots
through the engine, in the seatings and options of viewplay.VARIANTS, give every seat's and the
spectator's view after every action; each must fit its game's schema, so that the client and
the server cannot drift apart. The schemas are strict: a renamed field, a changed type or an
unknown field fails (the mutation tests below prove it on real views)."""

import copy
import json
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from tests.server.viewplay import VARIANTS, game_views

STATIC = Path(__file__).resolve().parents[2] / "ludomots" / "server" / "static"
GAMES = sorted(VARIANTS)


@cache
def validator(game: str) -> Draft202012Validator:
    schema = json.loads((STATIC / "games" / game / "view.schema.json").read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


def problems(game: str, view: dict[str, Any]) -> list[str]:
    return sorted(f"{'/'.join(map(str, e.absolute_path)) or '(root)'}: {e.message}"
                  for e in validator(game).iter_errors(view))


@cache
def first_views(game: str) -> tuple[dict[str, Any], ...]:
    """A seat's views of the first twenty positions of a two-player game (JSON-ready)."""
    views = [view for step, seat, view in game_views(game, 2, 1) if seat == 0 and step < 20]
    return tuple(views)


def test_every_game_of_the_server_has_a_contract() -> None:
    """Each game in the browser client's folders has its schema, and each is a valid schema."""
    folders = sorted(p.name for p in (STATIC / "games").iterdir() if (p / "index.js").exists())
    assert folders == GAMES
    for game in GAMES:
        validator(game)


def without_seen_entries(view: dict[str, Any], seen: set[str]) -> dict[str, Any]:
    """``view`` with the records of its top-level lists (the game's journal, which every view
    repeats from the start) that an earlier view already had: an item's schema does not depend
    on its place, so each record is checked once and a whole game costs linear time."""
    out = dict(view)
    for key, value in view.items():
        if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
            fresh = []
            for item in value:
                text = f"{key}:{json.dumps(item, sort_keys=True)}"
                if text not in seen:
                    seen.add(text)
                    fresh.append(item)
            out[key] = fresh
    return out


@pytest.mark.parametrize("game", GAMES)
def test_every_view_of_whole_games_fits_the_contract(game: str) -> None:
    """Every seat's and the spectator's view, after every action of games played to their end
    (each variant of viewplay.VARIANTS, seed 1), fits the game's schema."""
    checked = 0
    seen: set[str] = set()
    for players, options in VARIANTS[game]:
        for step, seat, view in game_views(game, players, 1, options=options):
            found = problems(game, without_seen_entries(view, seen))
            assert not found, f"{game} {players}p {options} step {step} seat {seat}: {found[:5]}"
            checked += 1
    assert checked > 100


@pytest.mark.parametrize("game", GAMES)
def test_a_renamed_top_level_field_breaks_the_contract(game: str) -> None:
    """Renaming any field of the view (``scores`` -> ``scores_x``) is caught: the old name is
    required, the new one is unknown."""
    view = first_views(game)[-1]
    assert problems(game, view) == []
    for key in view:
        renamed = {(f"{k}_x" if k == key else k): v for k, v in view.items()}
        found = problems(game, renamed)
        assert f"(root): '{key}' is a required property" in found, key
        assert any(f"'{key}_x' was unexpected" in p for p in found), (key, found)


@pytest.mark.parametrize("game", GAMES)
def test_a_changed_type_breaks_the_contract(game: str) -> None:
    """A field whose type changes (a number sent as text, a list as a number) is caught."""
    view = first_views(game)[-1]
    changed = copy.deepcopy(view)
    changed["players"] = str(view["players"])
    changed["scores"] = 0
    found = problems(game, changed)
    assert "players: '2' is not of type 'integer'" in found
    assert "scores: 0 is not of type 'array'" in found


def test_a_renamed_nested_field_breaks_the_contract() -> None:
    """Inside a record of a fixed shape too: Topword's rack and options, Volapük's geometry."""
    topword = copy.deepcopy(first_views("topword")[-1])
    topword["options"]["max_heights"] = topword["options"].pop("max_height")
    found = problems("topword", topword)
    assert "options: 'max_height' is a required property" in found
    assert any("'max_heights' was unexpected" in p for p in found)
    volapuk = copy.deepcopy(first_views("volapuk")[-1])
    volapuk["geometry"]["size"] = "15"
    assert "geometry/size: '15' is not of type 'integer'" in problems("volapuk", volapuk)
