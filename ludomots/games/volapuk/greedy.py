"""The Volapük yardstick (« Glouton », issue 21): the top-scoring placement now.

It rolls once, asks the move generator for every word its dice make in all eight directions
with the whole lexicon (words written with its sign dice too), scores each with the rules'
own full evaluation (collateral words, meaningless assemblages, VOLAPÜK) and lays the best;
it passes when nothing scores above zero. It never rolls again to fish for a better word,
keeps no fétiche, takes no joker back, does not recompose and announces no plus-value: the
best immediate outcome of the dice it has, nothing else.
"""

from __future__ import annotations

from ludomots.core.game import Action
from ludomots.core.rng import SeededRandom
from ludomots.games.volapuk.actions import Done, Pass, Place, Roll
from ludomots.games.volapuk.bots import SIGNED_LIMIT, VolapukBot, placement_points
from ludomots.games.volapuk.movegen import SIGN_TEXT, generate
from ludomots.games.volapuk.rules import VolapukState

LIMIT = 20_000  # candidates generated at most, as the expert's


class Greedy(VolapukBot):
    def __init__(self) -> None:
        super().__init__("expert")  # the shared helpers read a level; this bot sets its own
        self.level = "greedy"

    def choose(self, state: VolapukState, seat: int, rng: SeededRandom) -> Action:
        if state.step == "announce":
            return Done()
        rack = state.racks[seat]
        if state.rolls == 0 and any(d.face is None for d in rack):
            return Roll(())
        best = self.top_placement(state, seat)
        return Pass() if best is None else best

    def top_placement(self, state: VolapukState, seat: int) -> Place | None:
        """The legal placement that scores the most (first in word, cell, direction and dice
        order among equals), or None when none scores above zero."""
        rack = [(i, d.face) for i, d in enumerate(state.racks[seat]) if d.face is not None]
        found = generate(state.board, rack, None, LIMIT, lexicon=state.lexicon)
        if any(face in SIGN_TEXT for _, face in rack):
            found += generate(state.board, rack, None, SIGNED_LIMIT, signs=True,
                              lexicon=state.lexicon)
        found.sort(key=lambda c: (c.word, c.start, c.direction, c.dice, c.letters))
        best: tuple[int, Place] | None = None
        for cand in found:
            judged = placement_points(state, seat, cand)
            if judged is not None and judged[0] > 0 and (best is None or judged[0] > best[0]):
                best = judged
        return None if best is None else best[1]
