"""Saved games still load (issue 18): a mid-game state's JSON written by the code of before the
state was declared once (main at cfc73c7: expert, confirmé and expert, seed 29, every plus-value
and the super joker on, after 82 actions; announcements pending on XENIES with an accent, an
anagram and a definition given, the super joker and a joker on the board, fétiches, anagrams
and the history recorded) loads, writes back the very same JSON, and plays on as it did."""

import json
from dataclasses import replace
from pathlib import Path

from ludomots.core.bots import seat_bots
from ludomots.games.volapuk.bots import BOTS, VolapukBot
from ludomots.games.volapuk.rules import VolapukState

SAVED = Path(__file__).parent / "data" / "state_before_18.json"
# The débutant's level before issue 21's second calibration
DEBUTANT_BEFORE_21: dict[str, object] = {
    "rolls": 1, "directions": ("E", "S"), "judged": 6, "good_enough": 0, "limit": 400,
    "beginner": "shortest"}


def saved() -> dict[str, object]:
    data: dict[str, object] = json.loads(SAVED.read_text(encoding="utf-8"))
    return data


def test_a_state_saved_before_issue_18_loads_and_writes_back_the_same_json() -> None:
    data = saved()
    state = VolapukState.from_json(data)
    assert state.to_json() == data
    assert state.step == "announce" and state.to_act() == frozenset({0, 1, 2})
    assert state.clone() == state


def test_a_state_saved_before_issue_18_plays_on_as_it_did_then() -> None:
    """Three débutants play 40 more actions from it; the scores, the step and the digest are
    those the code of before gave (a changed shape or a lost field would change them). The
    débutants play with the whole lexicon, one roll and their shortest words read forwards,
    as they did then (issue 21's calibrations gave them common words, then their longest
    words, the diagonals and a second roll)."""
    state = VolapukState.from_json(saved())
    bots, rngs = seat_bots(BOTS, ["debutant"] * 3, 18)
    for bot in bots.values():
        assert isinstance(bot, VolapukBot)
        bot.conf = replace(bot.conf, vocabulary=0.0, **DEBUTANT_BEFORE_21)
    for _ in range(40):
        seat = min(state.to_act())
        state.apply(seat, bots[seat].choose(state, seat, rngs[seat]))
    assert state.scores() == [1233, 215, 1342]
    assert (state.step, state.turn) == ("announce", 21)
    assert state.digest() == "3bbcd3fd43cf54c935eb8820eaf56fc90027098ac5c9ab457b60f6e67e2f08ef"
