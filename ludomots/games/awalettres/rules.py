"""Awalettres: the game state, the turn, the spells and the end (seed awalettres.txt +
RULINGS.md; every interpretation is in docs/rules/awalettres.md).

A turn: the player to play first plays the ÉCHANGE spells he holds, then must form a word of at
least 2 letters with at least one of his own cards, taking letters from his opponents if he
likes (he pays them). The word's cards are discarded and everybody refills to 7 letters from the
grenier, starting with him; "tirage de sortilège" cards drawn on the way make each drawer take a
spell from the box, which he keeps or gives (without looking at it by default), in drawing
order, the new player's first (option `spell_order`). Then the MARABOUTAGE spells of the player
who just played are cast, and the next player (clockwise: increasing seat numbers) plays. The
game ends when the grenier is empty and the player to play cannot make a word, or has no card
left.

The position is `AwalettresState` (state.py), played by turns.py and spells.py, refereed by
checks.py; this module is the game's entry point and re-exports their public names.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ludomots.core.game import Action, Game, PlayedWord
from ludomots.core.rng import SeededRandom
from ludomots.games.awalettres.actions import (
    CODEC,
    AwalettresOptions,
    Calm,
    Define,
    Exchange,
    Give,
    Marabout,
    Pass,
    Play,
    Return,
    Vote,
)
from ludomots.games.awalettres.assign import assign
from ludomots.games.awalettres.cards import CONFUSION_VALUE, VALUES, WILD
from ludomots.games.awalettres.checks import MAX_DEFINITION
from ludomots.games.awalettres.notation import format_position, parse_position
from ludomots.games.awalettres.records import Designation, Task, WordRecord
from ludomots.games.awalettres.search import first_playable, words
from ludomots.games.awalettres.state import (
    ELEPHANT_LENGTH,
    HISTORY_EVENTS,
    MIN_LENGTH,
    AwalettresState,
)
from ludomots.lexicon.lexicon import Lexicon
from ludomots.lexicon.policy import STANDARD


class Awalettres(Game[AwalettresState]):
    name = "awalettres"
    title = "Awalettres"
    options_type = AwalettresOptions
    min_players = 2
    max_players = 6
    action_codec = CODEC
    view_logs = ("played", "history")  # they only grow: updates carry the new entries
    policy = STANDARD
    bots_entry = "ludomots.games.awalettres.bots:BOTS"
    rules_file = Path(__file__).with_name("regles.md")
    terminal_entry = "ludomots.tui.awalettres.cli:awalettres"

    def _new(self, options: Any, players: int, seed: int, lexicon: Lexicon) -> AwalettresState:
        state = AwalettresState(options, players, SeededRandom(seed)).referee_with(lexicon)
        state.remember(state.start())
        return state

    def format_position(self, state: AwalettresState) -> str:
        """The position on one line (notation.py; docs « Position notation »)."""
        return format_position(state)

    def parse_position(self, text: str, options: Any = None) -> AwalettresState:
        """The position a line of the notation describes, under `options`."""
        return parse_position(text, options)

    def played_words(self, state: AwalettresState) -> list[PlayedWord]:
        """Each word played, with the seeds it gained (before payments)."""
        return [PlayedWord(p.seat, p.word, p.gain) for p in state.played]

    def preview(self, state: AwalettresState, seat: int, action: Action) -> dict[str, Any]:
        """For a proposed word: legal or not (the French message), and the seeds it would
        collect, pay to each opponent and earn as a bonus. Never applies anything."""
        if not isinstance(action, Play):
            return {"legal": False, "error": "bad_action", "message": "Aperçu impossible."}
        error = state.check(seat, action)
        if error is not None:
            return {"legal": False, "error": error.code, "message": error.message}
        result = state.outcome(seat, action)
        return {"legal": True, "error": None, "message": None, **result.to_json()}

    def time_limit(self, state: AwalettresState, seat: int) -> float | None:
        """PAS DE PANIQUE: the panicked seat has `panic_seconds` to pay or shout (0: no
        limit); at the deadline the table plays `timeout_action`, which pays."""
        seconds = state.options.panic_seconds
        if state.step == "panic" and seat in state.to_act() and seconds > 0:
            return float(seconds)
        return None

    def timeout_action(self, state: AwalettresState, seat: int) -> Action | None:
        """Out of time: keep the spell, pay the panic, decline the exchange, designate the
        dearest card of his own hand (option `"target"`: of the next opponent) to the next
        opponent, put back the dearest letter, vote for the first other definition, write
        "?"; for the word, the first word the automaton finds with the player's letters first
        (compulsory), or pass when none is possible."""
        if seat not in state.to_act():
            return None
        step = state.step
        if step == "define":
            return Define("?")
        if step == "vote":
            return next(Vote(i) for i, a in enumerate(state.order) if a != seat)
        if step == "give":
            return Give(seat)
        if step == "panic":
            return Calm("pay", "")
        if step == "exchange":
            return Exchange("", None, "")
        if step == "trim":
            return Return(max((c for c in state.hands[seat] if c != WILD),
                              key=lambda c: (VALUES[c], c)))
        if step == "marabout":
            target = next(t for t in state.seat_order(seat)[1:] if state.hands[t])
            hand = state.hands[state.marabout_owner(seat, target)]
            card = max(hand, key=lambda c: (VALUES.get(c, CONFUSION_VALUE), c))
            return Marabout(target, card)
        return first_word(state, seat)


def first_word(state: AwalettresState, seat: int) -> Action:
    """The first playable word the automaton finds, with the usual choice of cards; Pass
    when no word is possible."""
    if not state.can_play:
        return Pass()
    low, high = state.length_range()
    designations = state.active_designations(seat)
    pool = state.pool(seat)
    lexicon = state.lexicon
    for key in [*first_playable(lexicon, pool, low, high), *words(lexicon, pool, low, high)]:
        cards = assign(seat, key, state.hands, designations, from_caster=state.from_caster)
        if cards is not None:
            action = Play(key, *cards)
            if state.check(seat, action) is None:
                return action
    raise RuntimeError("a word was possible but none was found")  # pragma: no cover


GAME = Awalettres()

__all__ = ["CODEC", "ELEPHANT_LENGTH", "GAME", "HISTORY_EVENTS", "MAX_DEFINITION", "MIN_LENGTH",
           "Awalettres", "AwalettresOptions", "AwalettresState", "Calm", "Define", "Designation",
           "Exchange", "Give", "Marabout", "Pass", "Play", "Return", "Task", "Vote", "WordRecord"]
