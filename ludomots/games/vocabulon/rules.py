"""Vocabulon: the game (seed vocabulon.txt + RULINGS.md); its position is in `state.py`.

Every player first writes a secret word (`ChooseSecret`, all at once, hidden). The die decides
who starts. A turn: the player throws the die (`Throw`; before it he may change a secret word
that can no longer be completed, `ChangeSecret`, once the players holding the missing letter
have refused to exchange it, `Offer`), moves his pawn exactly that many cells
(`Move`; the engine lists the reachable cells and paths), and on a letter cell answers a riddle
of that compartment whose word has the die's length (`Answer`, as often as the sand-glass
allows; "" gives up). A miss lets the others answer once each, in table order. On a VOCABULON
cell he chooses the letter card to play for (`Pick`) or proposes an exchange (`Propose`), which
the other player accepts or refuses (`Respond`). The first player holding every letter card of
his secret word wins.
"""

from __future__ import annotations

from collections.abc import Hashable
from pathlib import Path
from typing import Any

from ludomots.core.game import Action, Game
from ludomots.core.options import OptionError
from ludomots.core.rng import SeededRandom
from ludomots.games.vocabulon import board
from ludomots.games.vocabulon.actions import (
    CODEC,
    Answer,
    ChangeSecret,
    ChooseSecret,
    Move,
    Offer,
    Pick,
    Propose,
    Respond,
    Throw,
    VocabulonOptions,
)
from ludomots.games.vocabulon.notation import format_position, parse_position
from ludomots.games.vocabulon.play import CLUE_NAMES
from ludomots.games.vocabulon.records import ChangeRequest, Exchange, Riddle, Said
from ludomots.games.vocabulon.secret import LENGTH_CHANGE
from ludomots.games.vocabulon.state import VocabulonState
from ludomots.games.vocabulon.words import default_secret
from ludomots.lexicon.lexicon import Lexicon
from ludomots.lexicon.policy import UNCONJUGATED


class Vocabulon(Game[VocabulonState]):
    name = "vocabulon"
    title = "Vocabulon"
    options_type = VocabulonOptions
    min_players = 2
    max_players = 4
    action_codec = CODEC
    view_logs = ("history",)
    policy = UNCONJUGATED  # RULINGS.md: no conjugated verb
    bots_entry = "ludomots.games.vocabulon.bots:BOTS"
    rules_file = Path(__file__).with_name("regles.md")
    terminal_entry = "ludomots.tui.vocabulon.cli:vocabulon"

    def _new(self, options: VocabulonOptions, players: int, seed: int,
             lexicon: Lexicon) -> VocabulonState:
        if options.handicaps and len(options.handicaps) != players:
            raise OptionError(f"handicaps needs one value per seat ({players}), "
                              f"got {len(options.handicaps)}",
                              f"« Handicaps » demande une valeur par joueur ({players}), "
                              f"pas {len(options.handicaps)}.")
        if any(h not in (-1, 0, 1) for h in options.handicaps):
            raise OptionError("a handicap is -1, 0 or +1 letter",
                              "« Handicaps » vaut -1, 0 ou +1 lettre pour chaque joueur.")
        if options.clues and len(options.clues) != players:
            raise OptionError(f"clues needs one value per seat ({players}), "
                              f"got {len(options.clues)}",
                              f"« Indice supplémentaire » demande une valeur par joueur "
                              f"({players}), pas {len(options.clues)}.")
        state = VocabulonState(options, players, SeededRandom(seed)).referee_with(lexicon)
        state.shuffle_compartments()
        return state

    def format_position(self, state: VocabulonState) -> str:
        """The position on one line (`notation.py`, docs/rules/vocabulon.md)."""
        return format_position(state)

    def parse_position(self, text: str, options: Any = None) -> VocabulonState:
        """The state a position line describes (ValueError when it is malformed)."""
        return parse_position(text, options)

    def time_limit(self, state: VocabulonState, seat: int) -> float | None:
        """The sand-glass for the asked player, a shorter time for each of the others."""
        if seat not in state.to_act():
            return None
        if state.step == "answer":
            return float(state.options.sandglass_seconds) or None
        if state.step == "others":
            return float(state.options.others_seconds) or None
        return None

    def rule_clock_seconds(self, options: Any) -> int | None:
        """Seed: « le joueur peut donner des réponses jusqu'à ce que le temps du sablier se
        soit écoulé »: the table's default time per move is the sand-glass (option
        sandglass_seconds; 0: no sand-glass, no rule clock)."""
        seconds = int(self.coerce_options(options).sandglass_seconds)
        return seconds or None

    def time_limit_key(self, state: VocabulonState, seat: int) -> Hashable | None:
        """One sand-glass for all the asked player's answers to a riddle (seed: « le joueur
        peut donner des réponses jusqu'à ce que le temps du sablier se soit écoulé »)."""
        if state.step == "answer" and seat in state.to_act():
            return ("answer", state.turn)
        return None

    def timeout_action(self, state: VocabulonState, seat: int) -> Action | None:
        """The seed's consequence of the sand-glass: no answer (a wrong one). Elsewhere the
        plainest legal choice: throw, the first reachable cell, the first available letter
        card, refuse the exchange or the missing letter, a default secret word."""
        if seat not in state.to_act():
            return None
        if state.step in ("answer", "others"):
            return Answer("")
        if state.step == "throw":
            return Throw()
        if state.step == "move":
            return Move(next(iter(state.reachable())))
        if state.step in ("vocabulon", "pick"):
            # No card left, only exchanges: the clock proposes none on the player's behalf
            # (None: a bot plays the seat's turn, as for any move the clock cannot make).
            return next((Pick(g) for g, n in state.available().items() if n), None)
        if state.step == "respond":
            return Respond(False)
        if state.step == "offer":
            return Offer("", "")
        if state.step == "secret":
            return ChooseSecret(default_secret(state.lexicon, state.lengths[seat]))
        return None

    def preview(self, state: VocabulonState, seat: int, action: Action) -> dict[str, Any] | None:
        """What a move, a letter card or a secret word would do, before it is sent: the cell
        and its paths; the riddle's length; whether the word is accepted. Never a riddle's
        answer."""
        error = state.check(seat, action)
        base: dict[str, Any] = {"legal": error is None}
        if error is not None:
            base.update(error=error.code, message=error.message)
        if isinstance(action, Move) and error is None:
            assert state.face is not None
            paths = state.reachable()[action.cell]
            group = board.group_at(action.cell)
            base.update(cell=action.cell, name=board.cell_name(action.cell), group=group,
                        vocabulon=group is None, paths=[list(p) for p in paths],
                        length=state.length_of(state.face),
                        riddle=group is not None and state.available()[group] > 0)
        elif isinstance(action, Pick) and error is None:
            assert state.face is not None
            base.update(group=action.group, length=state.length_of(state.face),
                        available=state.available()[action.group])
        elif isinstance(action, ChooseSecret | ChangeSecret):
            base.update(word=action.word.strip())
        elif not isinstance(action, Move | Pick):
            return None
        return base


GAME = Vocabulon()

__all__ = ["CLUE_NAMES", "CODEC", "GAME", "LENGTH_CHANGE", "Answer", "ChangeRequest",
           "ChangeSecret", "ChooseSecret", "Exchange", "Move", "Offer", "Pick", "Propose",
           "Respond", "Riddle", "Said", "Throw", "Vocabulon", "VocabulonOptions",
           "VocabulonState"]
