"""What a seat may know of a Vocabulon position: the view sent to a player or a spectator."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ludomots.core.jsonvalues import copy_json
from ludomots.core.options import options_to_json
from ludomots.games.vocabulon import board
from ludomots.games.vocabulon.groups import missing

if TYPE_CHECKING:
    from ludomots.games.vocabulon.state import VocabulonState


def view_of(state: VocabulonState, seat: int | None) -> dict[str, Any]:
    """What ``seat`` may know. The riddle's answer is never shown before it is revealed
    (the history then has it); secret words are their owner's until changed (then public)
    or until the game is over; the order of the cards in the sabot is nobody's."""
    own = seat if seat is not None and 0 <= seat < state.players else None
    over = state.is_over()
    reachable = [{"cell": c, "code": board.cell_code(c), "name": board.cell_name(c),
                  "group": board.group_at(c), "paths": [list(p) for p in paths]}
                 for c, paths in state.reachable().items()]
    riddle = None
    if state.riddle is not None:
        question = state.question()
        assert question is not None
        asked = state.riddle
        # Its answers are in the history (a log sent once), not repeated here.
        riddle = {"group": asked.group, "length": asked.length, "asked": asked.asked,
                  "reader": asked.reader, "via": asked.via, "attempts": asked.attempts,
                  "question": question.public(), "clue": state.clue(),
                  "queue": list(asked.queue)}
    secret = state.secrets[own] if own is not None else None
    request = None
    if state.request is not None:
        request = {"seat": state.request.seat, "groups": list(state.request.groups),
                   "queue": list(state.request.queue)}
        if own == state.request.seat:
            request["word"] = state.request.word
    return {
        "game": "vocabulon",
        "players": state.players,
        "seat": seat,
        "step": state.step,
        "to_act": sorted(state.to_act()),
        "current": state.current,
        "first_player": state.first_player,
        "turn": state.turn,
        "positions": list(state.positions),
        "moved": list(state.moved),
        "throws": list(state.throws),
        "face": state.face,
        "steps": state.steps_of(state.face) if state.face is not None else None,
        "length": state.length_of(state.face) if state.face is not None else None,
        "reachable": reachable,
        "sabot": state.available(),
        "held": [list(cards) for cards in state.held],
        "secret": secret,
        "missing": _missing(state, own),
        "blocked": state.blocked(own) if own is not None else [],
        "secret_lengths": list(state.lengths),
        "written": [s is not None for s in state.secrets],
        "public_secrets": [w if (state.public_secret[s] or over) else None
                           for s, w in enumerate(state.secrets)],
        "former_secrets": [list(words) for words in state.former],
        "riddle": riddle,
        "exchange": state.exchange.to_json() if state.exchange is not None else None,
        "request": request,
        "change_asked": state.asked_turn == state.turn and state.step == "throw",
        "history": [copy_json(entry) for entry in state.history],
        "scores": state.scores(),
        "over": over,
        "winners": state.winners(),
        "options": options_to_json(state.options),
    }


def _missing(state: VocabulonState, seat: int | None) -> dict[str, int]:
    if seat is None or state.secrets[seat] is None:
        return {}
    return dict(missing(state.secret_of(seat), state.held[seat]))
