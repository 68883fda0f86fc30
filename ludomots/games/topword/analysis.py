"""Post-game analysis: at each turn, the strongest engine's move and the best-scoring move next
to what was played. Runs on finished games only, when the record has made every rack public.

The engine is the expert's search, the strongest level's (`search.py`: leave values,
simulation with inference, the exact endgame), bounded to ``BUDGET`` a move: a replay
analyses every move of the game at once, so a 50-move game costs about 50 × 0.2 s of one
core, once (replays are cached). It decides from the view of the seat that moved, as that
player could have."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ludomots.core.budget import Budget
from ludomots.core.errors import RuleError
from ludomots.core.game import Action
from ludomots.core.rng import SeededRandom
from ludomots.games.topword.board import cell_name
from ludomots.games.topword.bots import Expert
from ludomots.games.topword.movegen import generate
from ludomots.games.topword.rules import Pass, Place, Play, TopwordState
from ludomots.games.topword.scoring import MoveResult
from ludomots.games.topword.search import Search
from ludomots.games.topword.seen import Seen

BUDGET = Budget(work=2_000, seconds=0.3)
ENGINE = replace(Expert.settings, budget=BUDGET)


def _move_json(move: MoveResult) -> dict[str, Any]:
    return {"move": move.notation, "score": move.score, "words": [w.word for w in move.words],
            "tiles": [f"{cell_name((r, c))}:{t}" for r, c, t in move.placement.tiles]}


def _played(state: TopwordState, seat: int, action: Action) -> dict[str, Any]:
    if isinstance(action, Pass):
        return {"type": "pass", "exchanged": action.exchange is not None, "score": 0}
    assert isinstance(action, Play | Place)
    try:
        result = state.evaluate(seat, action)
    except RuleError as exc:  # a recorded action is legal; say so rather than fail
        return {"type": "play", "move": None, "score": 0, "error": exc.code}
    return {"type": "play", "notation": result.notation, "score": result.score,
            "valid": not result.invalid_words, **_move_json(result)}


def analyse(state: TopwordState, seat: int, action: Action) -> dict[str, Any] | None:
    """The decision `seat` made with `action` from `state`, next to the engine's (the
    ``expert`` field, the name the replay viewer reads)."""
    if not isinstance(action, Play | Place | Pass):
        return None  # challenges and verdicts are not moves
    rack = list(state.racks[seat])
    played = _played(state, seat, action)
    moves = generate(state.board, rack, state.options.rules, state.lexicon)
    best = max(moves, key=lambda m: (m.score, -len(m.placement.tiles), m.notation),
               default=None)
    choice = Search(Seen.of(state, seat), ENGINE).decide(SeededRandom(0))
    expert: dict[str, Any] = {"type": "pass", "score": 0}
    if isinstance(choice, Place):
        expert = {"type": "play", **_move_json(state.evaluate(seat, choice))}
    return {
        "seat": seat,
        "rack": rack,
        "played": played,
        "expert": expert,
        "best": _move_json(best) if best else None,
        # the fields of the best-scoring move, flat, as the replay viewer reads them
        "move": best.notation if best else None,
        "score": best.score if best else None,
        "tiles": _move_json(best)["tiles"] if best else [],
        "words": [w.word for w in best.words] if best else [],
        "moves": len(moves),
        "missed": max(0, (best.score if best else 0) - int(played.get("score") or 0)),
    }
