"""Bots' calibrated ratings (docs/ratings.md, « Bots »): a level added after the seed is rated
against the seeded levels held fixed, in the fewest games that make it non-provisional; the
shipped seed rates every level every game offers."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from ludomots.accounts import botcal
from ludomots.accounts.botcal import calibrate_level, seed_data, yardstick_seatings
from ludomots.accounts.ratings import Skill
from ludomots.cli import main
from ludomots.core import registry
from ludomots.core.budget import CLOCK_VARIABLE, clock_enabled
from tests.core.gops import BOTS, GAME

RANDOM = Skill(20.0, 5.0)  # the seeded level: gops' random bidder, settled


@pytest.fixture(autouse=True)
def gops() -> Iterator[None]:
    registry.register("gops", GAME, BOTS)
    yield
    registry.unregister("gops")


def test_the_new_level_meets_every_seeded_level_and_every_pair_of_them() -> None:
    assert yardstick_seatings("greedy", ["debutant", "confirme", "expert"], 2) == [
        ["greedy", "debutant"], ["greedy", "confirme"], ["greedy", "expert"]]
    assert yardstick_seatings("greedy", ["debutant", "confirme", "expert"], 3) == [
        ["greedy", "debutant", "confirme"], ["greedy", "debutant", "expert"],
        ["greedy", "confirme", "expert"]]
    assert yardstick_seatings("maitre", ["expert"], 3) == [["maitre", "expert", "expert"]]


def test_a_new_level_is_rated_in_the_fewest_games_that_settle_it() -> None:
    known = {"debutant": RANDOM}
    skill, games = calibrate_level("gops", 2, "expert", known, seed=7)
    assert not skill.provisional
    assert known == {"debutant": RANDOM}  # the yardstick does not move
    # One game fewer and it would still be provisional: the fewest games.
    fewer, played = calibrate_level("gops", 2, "expert", known, seed=7, max_games=games - 1)
    assert (fewer.provisional, played) == (True, games - 1)
    # The same seed gives the same games and rating; the greedy bidder is the stronger.
    assert calibrate_level("gops", 2, "expert", known, seed=7) == (skill, games)
    assert skill.rating > RANDOM.rating


def test_the_command_merges_the_new_level_beside_the_seeded_ones(tmp_path: Path) -> None:
    seed = tmp_path / "bots.json"
    seeded = {"debutant": {"games": 40, "mu": RANDOM.mu, "sigma": RANDOM.sigma}}
    seed.write_text(json.dumps({"gops": {"2": seeded}}))
    result = CliRunner().invoke(main, ["accounts", "calibrate-bots", "gops", "--level",
                                       "expert", "--seed", "7", "--write", str(seed)])
    assert result.exit_code == 0, result.output
    skill, games = calibrate_level("gops", 2, "expert", {"debutant": RANDOM}, seed=7)
    assert f"gops 2 expert: {skill.rating} " in result.output
    written = json.loads(seed.read_text())["gops"]["2"]
    assert written == {**seeded, "expert": {
        "games": games, "mu": round(skill.mu, 4), "sigma": round(skill.sigma, 4)}}
    unknown = CliRunner().invoke(main, ["accounts", "calibrate-bots", "gops", "--level",
                                        "maitre", "--write", str(seed)])
    assert unknown.exit_code != 0
    assert "gops has no bot level 'maitre'" in unknown.output


def test_the_command_rates_with_work_budgets_not_the_clock(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # A shipped rating must not depend on how busy the calibrating machine was: bots spend
    # their whole work budget (as `ludomots sim` does) unless --clock asks for live play.
    monkeypatch.setenv(CLOCK_VARIABLE, "1")
    clock_seen: list[bool] = []
    measure = botcal.calibrate_level

    def spy(*args: Any, **kwargs: Any) -> tuple[Skill, int]:
        clock_seen.append(clock_enabled())
        return measure(*args, **kwargs)

    monkeypatch.setattr(botcal, "calibrate_level", spy)
    seed = tmp_path / "bots.json"
    seed.write_text(json.dumps({"gops": {"2": {
        "debutant": {"games": 40, "mu": RANDOM.mu, "sigma": RANDOM.sigma}}}}))
    command = ["accounts", "calibrate-bots", "gops", "--level", "expert", "--write", str(seed)]
    assert CliRunner().invoke(main, [*command, "--clock"]).exit_code == 0
    assert CliRunner().invoke(main, command).exit_code == 0
    assert clock_seen == [True, False]


#: Levels still without a seed (none since session 5 rated Volapük's greedy bot at 3-4 seats).
NOT_YET_SEEDED: set[tuple[str, str, str]] = set()


@pytest.mark.parametrize("game", ["topword", "typo", "awalettres", "vocabulon", "volapuk"])
def test_the_shipped_seed_rates_every_level_each_game_offers(game: str) -> None:
    # « Glouton » came after the first seed: it now shows « Glouton ≈ N »
    # beside its name at tables of 2 and of 3-4, rated until no longer provisional.
    levels = set(registry.get_bots(game))
    seeded = seed_data()[game]
    for cls in ("2", "3-4"):
        missing = {level for level in levels if (game, cls, level) in NOT_YET_SEEDED}
        assert set(seeded[cls]) == levels - missing, (game, cls)
        for level in {"greedy"} & levels - missing:
            assert not Skill(seeded[cls][level]["mu"], seeded[cls][level]["sigma"]).provisional


@pytest.mark.parametrize("game", ["typo", "awalettres", "vocabulon"])
def test_the_quick_games_seed_settles_every_level(game: str) -> None:
    # Session 5 recalibrated these three whole (docs/ratings.md): no level is provisional,
    # and the débutant sits below the confirmé (the anchor, 1500) at every table size.
    for cls, levels in seed_data()[game].items():
        skills = {level: Skill(e["mu"], e["sigma"]) for level, e in levels.items()}
        assert not any(skill.provisional for skill in skills.values()), (game, cls)
        assert skills["confirme"].rating == 1500
        assert skills["debutant"].rating < 1500 < skills["greedy"].rating, (game, cls)
