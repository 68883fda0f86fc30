"""Checking a request for a new table: game, seats, bot levels, seed, options and clock.

Everything a table needs before it exists, refused with a French message (``table_error``)
before anything is stored. Kept out of ``TableManager`` because it reads no live state: it
is the same check whatever tables are loaded, and reads better on its own.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable, Sequence
from typing import Any, Literal

from ludomots.core import registry
from ludomots.core.game import Game
from ludomots.core.options import OptionError, options_to_json
from ludomots.table.errors import table_error
from ludomots.table.model import (
    SEED_MAX,
    SEED_MIN,
    ClockSettings,
    ResignRule,
    SeatSpec,
    TableInfo,
)

log = logging.getLogger(__name__)


#: A new table's clock where the rulebook has none (Topword, Typo, Awalettres): a Fischer
#: clock of 15 minutes plus 15 seconds a move, long enough for a word game's long turns and
#: what BGA and lichess players know, so that a player who walked away never stalls a game.
DEFAULT_FISCHER = ClockSettings.fischer(15 * 60, 15)


def default_clock(game: Game, options: Any) -> ClockSettings:
    """A new table's clock when its creator chose none: the rulebook's own (a time per move
    equal to the game's sand-glass, ``Game.rule_clock_seconds``), else ``DEFAULT_FISCHER``."""
    seconds = game.rule_clock_seconds(options)
    return ClockSettings(seconds) if seconds else DEFAULT_FISCHER


def new_table_info(game: str, options: dict[str, Any] | None, seats: Sequence[SeatSpec],
                   seed: int | None, clock: ClockSettings | int | Literal["default"] | None,
                   now: Callable[[], float], resign: ResignRule | None = None) -> TableInfo:
    """The info of a new table with a fresh id (a random seed when ``seed`` is None); waiting
    while a human seat is left free (an empty name), else playing. ``clock``: the time
    control (an int: seconds per move; None: none; "default": ``default_clock``).
    ``resign``: what a resignation at 3+ players does (default: a bot takes the seat over,
    « confirmé » or the game's middle level). RuleError if refused."""
    try:
        game_obj = registry.get_game(game)
        bots = registry.get_bots(game)
    except KeyError:
        raise table_error("unknown_game", f"Jeu inconnu : « {game} ».", game=game) from None
    except Exception as exc:
        log.exception("game %s does not load", game)
        raise table_error("game_unavailable", "Ce jeu n’est pas disponible.") from exc
    seats = list(seats)
    if not game_obj.min_players <= len(seats) <= game_obj.max_players:
        raise table_error("bad_seats", f"{game_obj.title} se joue de {game_obj.min_players} "
                                       f"à {game_obj.max_players} joueurs.",
                          min=game_obj.min_players, max=game_obj.max_players)
    for spec in seats:
        if spec.kind == "bot" and spec.level not in bots:
            raise table_error("unknown_level", f"Niveau de robot inconnu : « {spec.level} ».",
                              level=spec.level, known=sorted(bots))
    if seed is None:
        seed = secrets.randbits(63)
    elif isinstance(seed, bool) or not isinstance(seed, int) or \
            not SEED_MIN <= seed <= SEED_MAX:
        raise table_error("bad_seed", "La graine doit être un entier sur 64 bits.")
    try:
        coerced = game_obj.coerce_options(options)
        # Some options depend on the seats (Vocabulon's handicaps: one per seat); the game
        # checks them when it starts, which may be when the last free seat is taken:
        # start it now once, so that a table that could never start is refused here.
        game_obj.new(coerced, len(seats), seed)
        options_json = options_to_json(coerced)
    except OptionError as exc:
        raise table_error("bad_options", f"Options invalides : {exc.french}",
                          reason=str(exc)) from None
    except (ValueError, TypeError) as exc:  # a game's check without a French message
        raise table_error("bad_options", "Options invalides.", reason=str(exc)) from None
    if clock == "default":
        clock = default_clock(game_obj, coerced)
    elif not isinstance(clock, ClockSettings):
        clock = ClockSettings(clock or 0)
    if resign is None:
        levels = list(bots)
        resign = ResignRule("bot", "confirme" if "confirme" in bots else
                            levels[len(levels) // 2] if levels else None) if levels \
            else ResignRule("score")
    elif resign.mode == "bot" and resign.level not in bots:
        raise table_error("unknown_level", f"Niveau de robot inconnu : « {resign.level} ».",
                          level=resign.level, known=sorted(bots))
    return TableInfo(
        id=secrets.token_urlsafe(9), game=game, options=options_json, seed=seed,
        seats=tuple(seats), status="waiting" if any(s.is_open for s in seats) else "playing",
        clock=clock, created_at=int(now() * 1000), resign_rule=resign)
