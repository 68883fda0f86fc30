"""The `--seats` list of ``ludomots GAME play`` (`moi,expert,confirme`) read into seats.

Its errors are in English: the list is a command-line argument, not something a player types
during the game.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Collection

from ludomots.core.bots import LEVEL_TITLES
from ludomots.core.game import Game
from ludomots.core.record import SeatInfo

HUMAN = "moi"


def plain(text: str) -> str:
    """Lower case without accents, so `confirmé`, `Débutant` or `OUI` are read too."""
    decomposed = unicodedata.normalize("NFD", text.strip().lower())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def parse_seats(text: str, game: Game,
                levels: Collection[str] | None = None) -> list[SeatInfo]:
    """`moi,expert,confirme` -> seats; ValueError (English) for a wrong count or entry.

    The bot levels are the game's bots' (``Game.bots``) unless ``levels`` are given; the bots
    are imported only then, as they may be slow to load. Names carry the seat number so two
    players of the same kind stay distinguishable.
    """
    if levels is None:
        levels = set(game.bots())
    entries = [plain(part) for part in text.split(",") if part.strip()]
    if not game.min_players <= len(entries) <= game.max_players:
        raise ValueError(f"{game.title} is played by {game.min_players} to {game.max_players} "
                         f"players, got {len(entries)} seat(s)")
    unknown = [e for e in entries if e != HUMAN and e not in levels]
    if unknown:
        known = ", ".join(sorted(levels)) or "none available yet"
        raise ValueError(f"unknown seat(s) {', '.join(unknown)}: use '{HUMAN}' for a human or "
                         f"a bot level ({known})")
    return [SeatInfo(f"Joueur {i}", "human") if entry == HUMAN else
            SeatInfo(f"{LEVEL_TITLES.get(entry, entry)} {i}", "bot", entry)
            for i, entry in enumerate(entries, 1)]
