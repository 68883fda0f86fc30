"""What has stood on the board: the words of the game and the dice they stood in.

The seed lets a player recompose "sans altérer les sens des autres mots, sinon en leur donnant
un nouveau sens", and counts a collateral word only when it is "nouveau" (A3). A die taken out
of a word and put back, or a die laid in the hole another left, gives no word a new sense: the
word stood there before. Every die laid is numbered (`Tile.uid`); after every move the game
records each word standing through the cells it changed, with its senses and its dice. A word
"stood before" when a recorded word of the same sense had two of its letter dice or more (two
dice are what a word has at least: a word crossing another at one die is a new word).

Senses: its folded text ("=PORTS"), and for a recomposition also its lemmas ("port"), so that
PORTS recomposed into PORT keeps its sense; a word laid (PORTS from PORT and a new S, the
seed's S'EXONDER from EXONDER) is new unless it is the very word again.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ludomots.games.volapuk.words import lemmas
from ludomots.lexicon.fold import fold
from ludomots.lexicon.lexicon import Lexicon

SHARED = 2  # dice a word must share with an earlier one of the same sense to be it again


def text_sense(text: str) -> str:
    return "=" + fold(text)


def senses(text: str, lexicon: Lexicon) -> frozenset[str]:
    """Its text and its lemmas (the word itself when the lexicon has none)."""
    return lemmas(text, lexicon) | {text_sense(text)}


@dataclass
class History:
    """The words that stood on the board: (senses, dice numbers), and for each die the words
    it stood in."""

    words: list[tuple[frozenset[str], frozenset[int]]] = field(default_factory=list)
    by_die: dict[int, list[int]] = field(default_factory=dict)

    def add(self, text: str, dice: set[int], lexicon: Lexicon) -> None:
        dice = {d for d in dice if d}
        if len(dice) < SHARED:
            return
        meant = senses(text, lexicon)
        for index in self.by_die.get(min(dice), []):  # already there: once is enough
            if self.words[index] == (meant, frozenset(dice)):
                return
        self.words.append((meant, frozenset(dice)))
        for die in dice:
            self.by_die.setdefault(die, []).append(len(self.words) - 1)

    def stood(self, meant: frozenset[str], dice: list[int]) -> bool:
        """Did a word with one of these senses stand with two of these dice or more?"""
        shared: dict[int, int] = {}
        for die in dice:
            for index in self.by_die.get(die, ()) if die else ():
                shared[index] = shared.get(index, 0) + 1
                if shared[index] >= SHARED and meant & self.words[index][0]:
                    return True
        return False

    def to_json(self) -> list[list[Any]]:
        return [[sorted(meant), sorted(dice)] for meant, dice in self.words]

    @classmethod
    def from_json(cls, data: list[list[Any]]) -> History:
        history = cls()
        for meant, dice in data:
            history.words.append((frozenset(meant), frozenset(dice)))
            for die in dice:
                history.by_die.setdefault(die, []).append(len(history.words) - 1)
        return history
