"""Volapük in the terminal: the round board, the racks, rolls and words, in French.

The pure parts live in `screens.py`; this loop only talks through `ask`, `show` and `now`
callables, so a test scripts a whole game. With one human at the table, he sees only what his
seat may see (the others' green dice stay anonymous). The 3-minute clock is shown, not
enforced here: a terminal game waits for its player. Every action goes through a `Recorder`,
so a saved record replays with `ludomots replay`. The loop itself is `core.terminal`'s.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from pathlib import Path

from ludomots.core.game import Action
from ludomots.core.record import Recorder, SeatInfo
from ludomots.games.volapuk.rules import GAME, VolapukOptions, VolapukState
from ludomots.tui.terminal import Ask, Clock, Show
from ludomots.tui.terminal import TerminalGame as BaseTerminalGame
from ludomots.tui.volapuk.screens import (
    HELP,
    Hint,
    describe_event,
    hints,
    parse_command,
    render_final,
    render_status,
)


class TerminalGame(BaseTerminalGame[VolapukState]):
    """One game at one terminal: humans type, bots choose, everything is recorded."""

    rules = GAME
    state_type = VolapukState
    describe_event = staticmethod(describe_event)
    render_final = staticmethod(render_final)

    def _opening(self) -> None:
        self.show(f"{self.seats[self.state.first].name} commence ; "
                  f"la lettre Élue est {self.state.elue}.")

    def _human(self, seat: int) -> bool:
        """Ask until the player's action is accepted; False when he quits."""
        self._once("help", HELP)
        viewer = seat if len(self.humans) > 1 else self.viewer
        self.show(render_status(self.state, self.seats, viewer))
        name = self.seats[seat].name
        rolls = self.state.rolls
        prompt = "lancez vos dés (lance) : " if rolls == 0 else \
            f"posez un mot, gardez et relancez ({self.state.rolls_left()} lancer(s)), ou passez : "
        if self.state.step == "announce":
            prompt = ("vos annonces (accent H8 aigu, anagramme MOT, définition …) ou "
                      "« fini » : ")
        return self._until_played(seat, f"{name}, {prompt}",
                                  lambda typed, _started: self._read(seat, typed))

    def _read(self, seat: int, typed: str) -> Action | None:
        """The action a typed line means, or None to ask again (after the hints)."""
        action = parse_command(typed, self.state, seat)
        if isinstance(action, Hint):
            found = hints(self.state, seat)
            self.show("Mots possibles :\n" + "\n".join(found) if found else
                      "Aucun mot trouvé : relancez ou passez.")
            return None
        return action


def play_session(options: VolapukOptions, seed: int, seats: Sequence[SeatInfo], ask: Ask,
                 show: Show, record_path: Path | None = None,
                 now: Clock = time.monotonic) -> Recorder:
    """A whole terminal game: start, loop, final count, then the record saved if asked."""
    return TerminalGame.session(options, seed, seats, ask, show, record_path, now)
