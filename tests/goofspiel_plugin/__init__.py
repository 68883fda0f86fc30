"""Goofspiel as a third-party game: a plugin that ``ludomots`` finds through the
``ludomots.games`` entry point its distribution declares, with no file of ludomots edited
(``tests/server/test_game_plugin.py`` installs it at run time).

Everything the project looks up by game is carried here: the bots, the players' rules, the
browser files. The rules themselves are the core tests' Goofspiel (``tests/core/gops.py``).
"""

from __future__ import annotations

from pathlib import Path

from tests.core.gops import Gops

HERE = Path(__file__).parent


class PluginGoofspiel(Gops):
    name = "goofspiel"
    bots_entry = "tests.core.gops:BOTS"
    rules_file = HERE / "regles.md"
    assets_dir = HERE / "static"


GAME = PluginGoofspiel()
