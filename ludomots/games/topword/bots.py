"""Topword bots: débutant, confirmé, glouton (greedy), expert.

Every bot decides from `state.view(seat)` only (its rack, the board, the unseen tiles), never
from hidden information. Levels differ in vocabulary (a word is "known" when its frequency
in Lexique reaches the level's threshold: the beginner knows common words only, the greedy
bot, the expert and the master the whole lexicon) and in judgement: the beginner picks a
plausible move, the confirmed player the best-scoring one with a little rack sense, the greedy
bot the top-scoring move and nothing else (the yardstick of issue 21), the expert searches
(`search.py`): learned leave values, a simulation of the best candidates against
the opponent's likely rack, an exact endgame.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import lru_cache

from ludomots.core.bots import BotFactory
from ludomots.core.budget import Budget
from ludomots.core.game import Action
from ludomots.core.rng import SeededRandom
from ludomots.games.topword.movegen import generate
from ludomots.games.topword.rules import Accept, Challenge, Pass, Place, TopwordState
from ludomots.games.topword.scoring import MoveResult
from ludomots.games.topword.search import Search, SearchSettings
from ludomots.games.topword.seen import Seen
from ludomots.games.topword.vocabulary import vocabulary_if_ready
from ludomots.lexicon.lexicon import Lexicon

VOWELS = frozenset("AEIOUY")
# What keeping a tile is worth (points), by hand: flexible letters are worth keeping, awkward
# ones are not. The débutant and the confirmé use it, and the first generation of the leave
# learning starts from it; the expert has learned values (`leaves.py`).
LEAVE_VALUES = {
    "S": 2.5, "E": 1.5, "R": 1.2, "A": 1.0, "I": 0.9, "T": 0.9, "N": 0.9, "L": 0.6,
    "U": 0.3, "O": 0.4, "C": 0.2, "D": 0.2, "M": 0.2, "P": 0.1, "B": -0.3, "G": -0.3,
    "H": -0.4, "F": -0.4, "V": -0.8, "Q": -0.5, "J": -1.5, "K": -2.0, "W": -2.5, "X": -1.0,
    "Y": -1.5, "Z": -1.0,
}
DUPLICATE_PENALTY = 1.5


@lru_cache(maxsize=200_000)
def word_frequency(lexicon: Lexicon, word: str) -> float:
    """The highest Lexique frequency (per million) of the forms folding to `word`."""
    return lexicon.frequency(word)


def known(lexicon: Lexicon, move: MoveResult, threshold: float) -> bool:
    return all(word_frequency(lexicon, w.word) >= threshold for w in move.words)


def leave_value(rack: Sequence[str]) -> float:
    """How good a rack is to keep (independent of the board)."""
    counts = Counter(rack)
    value = sum(LEAVE_VALUES.get(t, 0.0) for t in rack)
    value -= DUPLICATE_PENALTY * sum(n - 1 for n in counts.values() if n > 1)
    vowels = sum(1 for t in rack if t in VOWELS)
    consonants = len(rack) - vowels
    value -= 0.8 * abs(vowels - consonants * 0.75) if rack else 0.0
    return value


def rack_after(rack: Sequence[str], move: MoveResult) -> list[str]:
    rest = list(rack)
    for tile in move.placement.letters:
        rest.remove(tile)
    return rest


def as_action(move: MoveResult) -> Place:
    from ludomots.games.topword.board import cell_name

    return Place(tuple(f"{cell_name((r, c))}:{t}" for r, c, t in move.placement.tiles))


def worst_tile(rack: Sequence[str]) -> str:
    return min(rack, key=lambda t: (LEAVE_VALUES.get(t, 0.0), t))


class TopwordBot:
    """Shared behaviour: challenges, passing, and the choice among known moves."""

    level = "base"
    vocabulary = 0.0  # frequency threshold of the words the bot knows (0: every word)
    detection = 1.0  # chance of challenging an invalid word
    doubt = 0.0  # chance of challenging a valid word it does not know

    def choose(self, state: TopwordState, seat: int, rng: SeededRandom) -> Action:
        seen = Seen.of(state, seat)
        if seen.pending is not None and seat != seen.pending["seat"]:
            if self.doubts(seen, rng):
                return Challenge()
            if state.final_window():  # the last word of the game waits for a verdict
                return Accept()
        return self.move(seen, rng)

    def move(self, seen: Seen, rng: SeededRandom) -> Action:
        """The bot's move on its turn: a word, or a pass."""
        moves = self.known_moves(seen)
        if not moves:
            return Pass(worst_tile(seen.rack)) if seen.bag else Pass()
        return as_action(self.pick(moves, seen, rng))

    def known_moves(self, seen: Seen) -> list[MoveResult]:
        """The legal moves whose words the bot knows (all of them at a vocabulary of 0):
        searched within its vocabulary (``vocabulary.py``) once that graph is built, and
        until then every legal move filtered word by word; the same moves either way."""
        if self.vocabulary <= 0:
            return generate(seen.board, seen.rack, seen.rules, seen.lexicon)
        words = vocabulary_if_ready(seen.lexicon, self.vocabulary)
        if words is not None:
            return generate(seen.board, seen.rack, seen.rules, seen.lexicon, words)
        return [m for m in generate(seen.board, seen.rack, seen.rules, seen.lexicon)
                if known(seen.lexicon, m, self.vocabulary)]

    def doubts(self, seen: Seen, rng: SeededRandom) -> bool:
        """Whether to challenge the pending word: invalid words are caught with the level's
        skill; valid words the bot does not know are sometimes doubted wrongly."""
        assert seen.pending is not None
        checker = seen.lexicon.checker("standard")
        for word in seen.pending["words"]:
            if not checker(word):
                if rng.random() < self.detection:
                    return True
            elif word_frequency(seen.lexicon, word) < self.vocabulary and \
                    rng.random() < self.doubt:
                return True
        return False

    def pick(self, moves: list[MoveResult], seen: Seen, rng: SeededRandom) -> MoveResult:
        raise NotImplementedError


class Debutant(TopwordBot):
    """Knows common words; plays a reasonable move, rarely the best."""

    level = "debutant"
    vocabulary = 5.0
    detection = 0.6
    doubt = 0.3

    def pick(self, moves: list[MoveResult], seen: Seen, rng: SeededRandom) -> MoveResult:
        short = [m for m in moves if len(m.placement.tiles) <= 4] or moves
        short.sort(key=lambda m: (-m.score, m.notation))
        upper_half = short[: max(1, (len(short) + 1) // 2)]
        return rng.choice(upper_half)


class Confirme(TopwordBot):
    """Knows the usual vocabulary; plays the best-scoring move, with a little rack sense."""

    level = "confirme"
    vocabulary = 0.3
    detection = 0.9
    doubt = 0.1

    def pick(self, moves: list[MoveResult], seen: Seen, rng: SeededRandom) -> MoveResult:
        return max(moves, key=lambda m: (m.score + 0.3 * leave_value(rack_after(seen.rack, m)),
                                         m.notation))


class Greedy(TopwordBot):
    """The yardstick (« Glouton »): the whole lexicon, the top-scoring move, nothing else.
    Equal scores go to the first move in notation order; without a move it passes,
    exchanging the tile the hand-written table likes least."""

    level = "greedy"

    def pick(self, moves: list[MoveResult], seen: Seen, rng: SeededRandom) -> MoveResult:
        return max(moves, key=lambda m: (m.score, m.notation))


class Expert(TopwordBot):
    """Knows the whole lexicon and searches (`search.py`) within a budget of about a second
    of one core: ``settings.budget`` counts work, so a seed gives the same move on any
    machine; the clock (`core/budget.py`) also stops it at ``budget.seconds`` in live play."""

    level = "expert"
    settings = SearchSettings(budget=Budget(work=5_000, seconds=0.9), candidates=10, plies=2,
                              inference_samples=30)

    def move(self, seen: Seen, rng: SeededRandom) -> Action:
        return Search(seen, self.settings).decide(rng)


BOTS: dict[str, BotFactory] = {"debutant": Debutant, "confirme": Confirme, "greedy": Greedy,
                               "expert": Expert}
