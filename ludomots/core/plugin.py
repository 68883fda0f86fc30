"""What the rest of the project looks up by game, carried by the game itself (a plugin).

A game is found through the ``ludomots.games`` entry-point group (name -> Game object, see
``registry``). Nothing outside the game's own package names it: the CLI, the server and the
lexicon ask the Game object for its lexicon policy, its bots, its players' rules, its options'
descriptions, its terminal command and its browser files. Bots and the terminal command are
dotted paths loaded on first use: bots import the rules (so the rules cannot import them) and
may load big automata, and the terminal layer sits above the games.
"""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from ludomots.core.options import describe_options
from ludomots.lexicon.policy import STANDARD, Policy

if TYPE_CHECKING:  # core.bots imports core.game, which imports this module
    from ludomots.core.bots import BotFactory


def load_dotted(path: str) -> Any:
    """The object a ``"package.module:attribute"`` path names (as entry points write them)."""
    module, sep, attribute = path.partition(":")
    if not sep or not module or not attribute:
        raise ValueError(f"{path!r} is not 'module:attribute'")
    loaded: Any = importlib.import_module(module)
    for part in attribute.split("."):
        loaded = getattr(loaded, part)
    return loaded


class GamePlugin:
    """The plugin side of ``Game``: class attributes a game sets in its ``class X(Game)``."""

    options_type: ClassVar[type[Any]]
    #: The lexicon's acceptance policy the game referees with (a named flag set).
    policy: ClassVar[Policy] = STANDARD
    #: ``"module:attribute"`` of the bot factories by level (``{"debutant": ..., ...}``);
    #: None: the game has no bots.
    bots_entry: ClassVar[str | None] = None
    #: The players' French rules (Markdown: ``regles.md``) served at ``/api/rules/<name>``.
    rules_file: ClassVar[Path | None] = None
    #: ``"module:attribute"`` of the game's click command, ``ludomots <name> ...`` (it lives in
    #: the interfaces' layer, ``ludomots.tui``, which the game never imports).
    terminal_entry: ClassVar[str | None] = None
    #: Folder of the game's browser screen (``index.js`` first), served at
    #: ``/static/games/<name>/``; None when the server's own static folder holds it.
    assets_dir: ClassVar[Path | None] = None

    _bots: dict[str, BotFactory] | None = None

    def bots(self) -> dict[str, BotFactory]:
        """The game's bot factories by level, imported on first use ({} without bots)."""
        if self._bots is None:
            self._bots = {} if self.bots_entry is None else dict(load_dotted(self.bots_entry))
        return dict(self._bots)

    def option_descriptions(self) -> list[dict[str, Any]]:
        """The options' form: name, type, default, French label and help... (``core.options``)."""
        return describe_options(self.options_type)
