"""Topword bots: débutant, confirmé, expert.

Every bot decides from `state.view(seat)` only (its rack, the board, the unseen tiles), never
from hidden information. Levels differ in vocabulary (a word is "known" when its frequency
in Lexique reaches the level's threshold: the beginner knows common words only, the expert
the whole lexicon) and in judgement (the beginner picks a plausible move, the confirmed
player the best-scoring one, the expert weighs the rack it keeps, what the move opens to the
opponent, and the end of the game).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from ludomots.core.bots import BotFactory
from ludomots.core.game import Action, State
from ludomots.core.rng import SeededRandom
from ludomots.games.topword.board import Board
from ludomots.games.topword.movegen import generate
from ludomots.games.topword.rules import Accept, Challenge, Pass, Place, TopwordState
from ludomots.games.topword.scoring import MoveResult, Rules
from ludomots.games.topword.tiles import BONUS_LETTERS, RACK_SIZE
from ludomots.lexicon.lexicon import get_lexicon

VOWELS = frozenset("AEIOUY")
# What keeping a tile is worth (points), learnt the usual way for such games: flexible
# letters are worth keeping, awkward ones are not.
LEAVE_VALUES = {
    "S": 2.5, "E": 1.5, "R": 1.2, "A": 1.0, "I": 0.9, "T": 0.9, "N": 0.9, "L": 0.6,
    "U": 0.3, "O": 0.4, "C": 0.2, "D": 0.2, "M": 0.2, "P": 0.1, "B": -0.3, "G": -0.3,
    "H": -0.4, "F": -0.4, "V": -0.8, "Q": -0.5, "J": -1.5, "K": -2.0, "W": -2.5, "X": -1.0,
    "Y": -1.5, "Z": -1.0,
}
DUPLICATE_PENALTY = 1.5
END_PENALTY = 5


@lru_cache(maxsize=200_000)
def word_frequency(word: str) -> float:
    """The highest Lexique frequency (per million) of the forms folding to `word`."""
    return get_lexicon().frequency(word)


def known(move: MoveResult, threshold: float) -> bool:
    return all(word_frequency(w.word) >= threshold for w in move.words)


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


@dataclass
class Seen:
    """What a bot knows of the game: its view, decoded."""

    board: Board
    rack: list[str]
    rules: Rules
    bag: int
    unseen: Counter[str]
    pending: dict[str, object] | None
    scores: list[int]
    rack_sizes: list[int]

    @classmethod
    def of(cls, state: TopwordState, seat: int) -> Seen:
        view = state.view(seat)
        bag = view["bag"]
        if view["pending"] is not None:  # its player draws before anyone exchanges
            bag -= min(RACK_SIZE - view["rack_sizes"][view["pending"]["seat"]], bag)
        return cls(Board([[list(s) for s in row] for row in view["board"]]), list(view["rack"]),
                   state.options.rules, bag, Counter(view["unseen"]), view["pending"],
                   view["scores"], view["rack_sizes"])


class TopwordBot:
    """Shared behaviour: challenges, passing, and the choice among known moves."""

    level = "base"
    vocabulary = 0.0  # frequency threshold of the words the bot knows
    detection = 1.0  # chance of challenging an invalid word
    doubt = 0.0  # chance of challenging a valid word it does not know

    def choose(self, state: State, seat: int, rng: SeededRandom) -> Action:
        assert isinstance(state, TopwordState)
        seen = Seen.of(state, seat)
        if seen.pending is not None and seat != seen.pending["seat"]:
            if self.doubts(seen, rng):
                return Challenge()
            if state.final_window():  # the last word of the game waits for a verdict
                return Accept()
        moves = [m for m in generate(seen.board, seen.rack, seen.rules)
                 if known(m, self.vocabulary)]
        if not moves:
            return Pass(worst_tile(seen.rack)) if seen.bag else Pass()
        return as_action(self.pick(moves, seen, rng))

    def doubts(self, seen: Seen, rng: SeededRandom) -> bool:
        """Whether to challenge the pending word: invalid words are caught with the level's
        skill; valid words the bot does not know are sometimes doubted wrongly."""
        assert seen.pending is not None
        checker = get_lexicon().checker("topword")
        for word in seen.pending["words"]:  # type: ignore[attr-defined]
            if not checker(word):
                if rng.random() < self.detection:
                    return True
            elif word_frequency(word) < self.vocabulary and rng.random() < self.doubt:
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


class Expert(TopwordBot):
    """Knows the whole lexicon; score + rack leave, minus what the move opens to the
    opponent (a short look-ahead on sampled racks), and the end of the game."""

    level = "expert"
    vocabulary = 0.0
    detection = 1.0
    doubt = 0.0
    candidates = 6  # moves examined with the look-ahead (p95 about 0.2 s a move)
    samples = 2  # opponent racks sampled per candidate

    def pick(self, moves: list[MoveResult], seen: Seen, rng: SeededRandom) -> MoveResult:
        # A fixed amount of look-ahead, never a wall-clock budget: the same position and seed
        # must give the same move on any machine (records replay, tests repeat).
        ranked = sorted(moves, key=lambda m: (-self.static_value(m, seen), m.notation))
        if seen.bag == 0 or len(ranked) == 1:
            return ranked[0]
        values = [(self.static_value(move, seen) - 0.5 * self.reply_threat(move, seen, rng),
                   move.notation, move) for move in ranked[: self.candidates]]
        return max(values, key=lambda v: (v[0], v[1]))[2]

    def static_value(self, move: MoveResult, seen: Seen) -> float:
        left = rack_after(seen.rack, move)
        if seen.bag == 0:
            # Endgame: every tile left may cost 5; going out stops the others too.
            if not left:
                others = sum(seen.rack_sizes) / max(1, len(seen.rack_sizes))
                return move.score + END_PENALTY * others
            return move.score - 2.0 * len(left) - sum(1 for t in left if t in BONUS_LETTERS)
        drawn = min(RACK_SIZE - len(left), seen.bag)
        return move.score + leave_value(left) * (1.0 if drawn < RACK_SIZE else 0.5)

    def reply_threat(self, move: MoveResult, seen: Seen, rng: SeededRandom) -> float:
        """Mean best reply on the board after `move`, over racks sampled from unseen tiles."""
        board = seen.board.copy()
        for r, c, t in move.placement.tiles:
            board.stacks[r][c].append(t)
        pool = list(seen.unseen.elements())
        if not pool:
            return 0.0
        total = 0.0
        for _ in range(self.samples):
            rng.shuffle(pool)
            rack = pool[:RACK_SIZE]
            replies = generate(board, rack, seen.rules)
            total += max((m.score for m in replies), default=0)
        return total / self.samples


BOTS: dict[str, BotFactory] = {"debutant": Debutant, "confirme": Confirme, "expert": Expert}
