"""Every value a player sees in a game's create form is French (issue 19's playtest found
« reveal » / « live », help texts quoting codes such as « challenge » or « 3-8 », and
« numéro de place à partir de 0 »)."""

from __future__ import annotations

import re

import pytest

from ludomots.core import registry
from ludomots.core.options import describe_options

GAMES = ("topword", "typo", "awalettres", "vocabulon", "volapuk")
QUOTED = re.compile(r"«\s*([^»]+?)\s*»")


def _options(game: str) -> list[dict[str, object]]:
    return describe_options(registry.get_game(game).options_type)


@pytest.mark.parametrize("game", GAMES)
def test_every_choice_of_every_option_has_a_french_label(game: str) -> None:
    for opt in _options(game):
        assert opt["label"] and opt["label"] != opt["name"], opt["name"]
        choices = opt["choices"]
        if choices is not None:
            labels = opt["choice_labels"]
            assert isinstance(labels, dict) and isinstance(choices, list)
            assert sorted(labels) == sorted(str(c) for c in choices), opt["name"]
        per_seat = opt["per_seat"]
        if isinstance(per_seat, dict) and per_seat.get("choices"):
            assert sorted(per_seat["labels"]) == sorted(str(c) for c in per_seat["choices"])


@pytest.mark.parametrize("game", GAMES)
def test_no_help_text_quotes_a_code_or_counts_places_from_zero(game: str) -> None:
    for opt in _options(game):
        help_text = str(opt["help"])
        codes = {str(c) for c in opt["choices"] or []}
        per_seat = opt["per_seat"]
        if isinstance(per_seat, dict):
            codes |= {str(c) for c in per_seat.get("choices") or per_seat["labels"]}
        quoted = set(QUOTED.findall(help_text))
        assert not quoted & codes, (opt["name"], quoted & codes)
        assert "à partir de 0" not in help_text and "place de 0" not in help_text


def test_typo_first_player_is_offered_as_a_seat_and_refused_in_plain_french() -> None:
    entry = next(o for o in _options("typo") if o["name"] == "first_player")
    assert entry["seat"] is True
    game = registry.get_game("typo")
    with pytest.raises(Exception) as refused:
        game.new(game.coerce_options({"first_player": 3}), 2, 1)
    assert getattr(refused.value, "french", "") == \
        "« Premier joueur » : choisissez l’un des 2 joueurs de la table."
