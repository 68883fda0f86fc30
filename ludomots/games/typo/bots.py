"""Typo bots: débutant, confirmé, expert, and the greedy yardstick (« Glouton »).

Every bot decides from `state.view(seat)` only: its hand, the rows, the cards revealed, the
hand sizes and the counts of cards it has not seen (the other hands and the set-aside cards).
Levels differ in vocabulary (`vocabulary.Vocabulary`: the beginner knows common words only,
the expert the whole lexicon) and in judgement about which card to play this round.

The card choice is where Typo is won. Every card of the hand must be played some round, so the
question is when: a card that fits the rows now is worth playing now if it would be hard to
place later (K, W, Z...), and a card that fits nowhere is best thrown away while the longest
row, whose length a failure costs, is short. A card resolved late (a V in the first part) meets
rows the earlier cards have changed. The beginner plays any card it can place; the confirmed
player weighs each card's chance to fit, estimated from the cards still unseen that could be
resolved before it, against its difficulty; the expert simulates the round on sampled hands of
the others.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ludomots.core.bots import BotFactory
from ludomots.core.game import Action
from ludomots.core.rng import SeededRandom
from ludomots.games.typo.cards import ROW_COUNT, letter_rank, word_key
from ludomots.games.typo.rows import SIDES, Side, longest_rows, placed, with_row
from ludomots.games.typo.rules import Choose, Fail, Place, TypoState, Vote
from ludomots.games.typo.vocabulary import Vocabulary, WordStyle, accepted
from ludomots.lexicon.lexicon import Lexicon

Option = tuple[int, Side]

# How often a letter would fit somewhere on the rows met when a card is resolved, measured over
# 30 four-player games of confirmé bots (whole lexicon): what keeping a card for later is
# worth. `python benchmarks/typo.py --flexibility` measures it again.
FLEXIBILITY: dict[str, float] = {
    "A": 0.94, "B": 0.66, "C": 0.73, "D": 0.69, "E": 0.91, "F": 0.60, "G": 0.65, "H": 0.66,
    "I": 0.91, "J": 0.36, "K": 0.57, "L": 0.76, "M": 0.72, "N": 0.74, "O": 0.89, "P": 0.71,
    "R": 0.83, "S": 0.90, "T": 0.83, "U": 0.83, "V": 0.53, "W": 0.38, "Z": 0.56,
}
TYPICAL_LONGEST = 3.7  # mean length of the longest row when a card is resolved


def options(rows: Sequence[str], card: str, knows: Callable[[str], bool]) -> list[Option]:
    """Every (row, side) where `card` makes the start of a word the player knows."""
    found: list[Option] = []
    for index, row in enumerate(rows):
        for side in SIDES:
            if knows(placed(row, card, side)):
                found.append((index, side))
    return found


def hand_options(rows: Sequence[str], hand: Sequence[str], knows: Callable[[str], bool]) -> int:
    """How many places the cards of a hand would have on these rows: how good the rows are
    for it (each distinct card counted once: a second E fits where the first does)."""
    return sum(len(options(rows, card, knows)) for card in set(hand))


@dataclass
class Seen:
    """What a bot knows of the game: its view, decoded."""

    seat: int
    players: int
    part: int
    step: str
    rows: tuple[str, ...]
    hand: list[str]
    hand_sizes: list[int]
    chosen: list[bool]
    card: str | None  # its revealed card this round
    pending: dict[str, Any] | None
    holder: int
    unseen: Counter[str]
    referee: str

    @classmethod
    def of(cls, state: TypoState, seat: int) -> Seen:
        view = state.view(seat)
        revealed = view["revealed"]
        return cls(seat, view["players"], view["part"], view["step"], tuple(view["rows"]),
                   list(view["hand"]), list(view["hand_sizes"]), list(view["chosen"]),
                   revealed[seat] if revealed is not None else None, view["pending"],
                   view["holder"], Counter(view["unseen"]), view["options"]["referee"])

    def order_key(self, card: str, seat: int) -> tuple[int, int]:
        """Where a card of `seat` would be resolved this round (the dictionary as it is now)."""
        return letter_rank(card, self.part), (seat - self.holder) % self.players


class TypoBot:
    """Shared behaviour: placing, announcing, failing and voting at the level's knowledge."""

    level = "base"
    threshold = 0.0  # the vocabulary: frequency of the rarest words known
    detection = 1.0  # chance of doubting a word that does not exist
    doubt = 0.0  # chance of doubting a real word it does not know
    style: WordStyle = "common"

    def __init__(self) -> None:
        self._vocabulary: Vocabulary | None = None

    @property
    def vocabulary(self) -> Vocabulary:
        """The level's words in the lexicon of the game it was last asked to play."""
        assert self._vocabulary is not None, "a bot knows its words once it sees a game"
        return self._vocabulary

    def learn(self, lexicon: Lexicon) -> None:
        """Know the level's words of `lexicon` (the game's word list)."""
        if self._vocabulary is None or self._vocabulary.lexicon is not lexicon:
            self._vocabulary = Vocabulary(self.threshold, lexicon)

    def knows(self, prefix: str) -> bool:
        return self.vocabulary.knows_prefix(prefix)

    def choose(self, state: TypoState, seat: int, rng: SeededRandom) -> Action:
        self.learn(state.lexicon)
        seen = Seen.of(state, seat)
        if seen.step == "choose":
            return Choose(self.pick_card(seen, rng))
        if seen.step == "vote":
            return Vote(self.doubts(seen, rng))
        if seen.step == "discard":
            return Fail(self.pick_discard(seen, rng))
        assert seen.card is not None
        found = options(seen.rows, seen.card, self.knows)
        if not found:
            return Fail(self.pick_discard(seen, rng))
        row, side = self.pick_option(found, seen, rng)
        prefix = placed(seen.rows[row], seen.card, side)
        style: WordStyle = self.style if seen.referee == "challenge" else "common"
        word = self.vocabulary.word_for(prefix, style)
        assert word is not None  # options() found a known word under this prefix
        return Place(row, side, word)

    # -- decisions each level refines ------------------------------------------------------

    def pick_card(self, seen: Seen, rng: SeededRandom) -> str:
        raise NotImplementedError

    def pick_option(self, found: list[Option], seen: Seen, rng: SeededRandom) -> Option:
        """Keep the rows good for the rest of the hand."""
        rest = list(seen.hand)

        def value(option: Option) -> int:
            row, side = option
            assert seen.card is not None
            after = with_row(seen.rows, row, placed(seen.rows[row], seen.card, side))
            return hand_options(after, rest, self.knows)

        best = max(value(o) for o in found)
        return rng.choice([o for o in found if value(o) == best])

    def pick_discard(self, seen: Seen, rng: SeededRandom) -> int:
        """Among the longest rows, drop the one the rest of the hand needs least."""
        candidates = longest_rows(seen.rows)
        card = seen.card
        assert card is not None

        def value(row: int) -> int:
            return hand_options(with_row(seen.rows, row, card), seen.hand, self.knows)

        best = max(value(r) for r in candidates)
        return min(r for r in candidates if value(r) == best)

    def doubts(self, seen: Seen, rng: SeededRandom) -> bool:
        """A word that does not exist is caught with the level's skill; a real word it does
        not know is sometimes doubted wrongly (which gives the announcer 2 points)."""
        assert seen.pending is not None
        key = word_key(seen.pending["word"]) or ""
        if self.vocabulary.knows_word(key):
            return False
        if not accepted(self.vocabulary.lexicon, key):
            return rng.random() < self.detection
        return rng.random() < self.doubt


class Debutant(TypoBot):
    """Knows common words; plays any card it can place now, and a random place for it."""

    level = "debutant"
    threshold = 3.0
    detection = 0.6
    doubt = 0.25

    def pick_card(self, seen: Seen, rng: SeededRandom) -> str:
        distinct = sorted(set(seen.hand))
        fitting = [c for c in distinct if options(seen.rows, c, self.knows)]
        return rng.choice(fitting or distinct)

    def pick_option(self, found: list[Option], seen: Seen, rng: SeededRandom) -> Option:
        return rng.choice(found)

    def pick_discard(self, seen: Seen, rng: SeededRandom) -> int:
        return longest_rows(seen.rows)[0]


def loss_later(card: str, longest: int) -> float:
    """What keeping `card` for a later round is expected to cost: how often such a letter
    fits nowhere, times what a failure typically costs. Playing a card now is worth this
    minus what it is expected to lose now."""
    return (1.0 - FLEXIBILITY.get(card, 0.8)) * max(float(longest), TYPICAL_LONGEST)


class Confirme(TypoBot):
    """Knows the usual vocabulary; weighs each card's chance to fit when its turn comes,
    from the unseen cards that would be resolved before it, against its difficulty."""

    level = "confirme"
    threshold = 0.3
    detection = 0.9
    doubt = 0.1

    def pick_card(self, seen: Seen, rng: SeededRandom) -> str:
        longest = max(len(r) for r in seen.rows)
        best: list[str] = []
        best_value = float("-inf")
        for card in sorted(set(seen.hand)):
            value = loss_later(card, longest) - self.fail_chance(card, seen) * longest
            if value > best_value + 1e-9:
                best, best_value = [card], value
            elif abs(value - best_value) <= 1e-9:
                best.append(card)
        return rng.choice(best)

    def fail_chance(self, card: str, seen: Seen) -> float:
        """Each option row survives unless an earlier card lands on it: with m cards expected
        before this one, a given row is touched with probability 1 - (3/4)^m."""
        rows_fitting = {row for row, _ in options(seen.rows, card, self.knows)}
        if not rows_fitting:
            return 1.0
        total = sum(seen.unseen.values())
        if total == 0:
            return 0.0
        mine = seen.order_key(card, seen.seat)
        before = 0.0
        for other in range(seen.players):
            if other == seen.seat or seen.hand_sizes[other] + seen.chosen[other] == 0:
                continue
            earlier = sum(n for letter, n in seen.unseen.items()
                          if seen.order_key(letter, other) < mine)
            before += earlier / total
        touched = 1.0 - (1.0 - 1.0 / ROW_COUNT) ** before
        return float(touched ** len(rows_fitting))


class Expert(TypoBot):
    """Knows the whole lexicon. Chooses its card by playing the round out on hands sampled
    from the unseen cards (the others play cards that fit, in resolution order), announces
    uncommon but real words under the challenge rule (a wrong doubt pays 2 points), and
    doubts exactly the words that do not exist."""

    level = "expert"
    threshold = 0.0
    detection = 1.0
    doubt = 0.0
    style: WordStyle = "rare"
    samples = 24  # sampled deals per card choice: about 10 ms, and no clock so that a seed
    # gives the same decision on any machine

    def pick_card(self, seen: Seen, rng: SeededRandom) -> str:
        distinct = sorted(set(seen.hand))
        if len(distinct) == 1:
            return distinct[0]
        cost = dict.fromkeys(distinct, 0.0)
        for _ in range(self.samples):
            for card, loss in self.play_out(distinct, seen, rng).items():
                cost[card] += loss
        longest = max(len(r) for r in seen.rows)
        values = {c: loss_later(c, longest) - cost[c] / self.samples for c in distinct}
        best = max(values.values())
        return min(c for c in distinct if values[c] >= best - 1e-9)

    def play_out(self, cards: list[str], seen: Seen, rng: SeededRandom) -> dict[str, float]:
        """One sample: deal the unseen cards to the others, let each play a card that fits
        the rows (as a good player would), resolve their cards in order, and read what each of
        our candidate cards would lose when its turn comes."""
        pool = list(seen.unseen.elements())
        rng.shuffle(pool)
        played: list[tuple[tuple[int, int], str]] = []
        for other in range(seen.players):
            if other == seen.seat:
                continue
            size = seen.hand_sizes[other] + (1 if seen.chosen[other] else 0)
            hand, pool = pool[:size], pool[size:]
            if not hand:
                continue
            fitting = [c for c in hand if options(seen.rows, c, self.knows)]
            card = rng.choice(fitting or hand)
            played.append((seen.order_key(card, other), card))
        played.sort()
        rows = seen.rows
        snapshots: list[tuple[tuple[int, int], tuple[str, ...]]] = []
        for key, card in played:
            snapshots.append((key, rows))
            found = options(rows, card, self.knows)
            if found:
                row, side = rng.choice(found)
                rows = with_row(rows, row, placed(rows[row], card, side))
            else:
                rows = with_row(rows, rng.choice(longest_rows(rows)), card)
        losses: dict[str, float] = {}
        for card in cards:
            mine = seen.order_key(card, seen.seat)
            at = next((r for key, r in snapshots if key > mine), rows)
            losses[card] = 0.0 if options(at, card, self.knows) else \
                float(max(len(r) for r in at))
        return losses


class Greedy(TypoBot):
    """The yardstick (« Glouton », issue 21): the whole lexicon and the best immediate outcome,
    nothing else. It plays the card that makes the longest valid word-start now (the longest
    row a word can begin with), lays it there, and announces the commonest word under it;
    equal lengths go to the first card in alphabetical order, then the first row, left before
    right. A card that fits nowhere costs the same whichever it is: the first in alphabetical
    order, and the first longest row is discarded. It doubts exactly the words that do not
    exist. It does not ask when its card will be resolved (the rows may have changed by then)
    nor what its choice leaves for the rest of its hand."""

    level = "greedy"
    threshold = 0.0
    detection = 1.0
    doubt = 0.0

    def longest(self, rows: Sequence[str], card: str) -> tuple[int, Option] | None:
        """The longest row `card` can make now, and where (None: it fits nowhere)."""
        best: tuple[int, Option] | None = None
        for option in options(rows, card, self.knows):
            length = len(placed(rows[option[0]], card, option[1]))
            if best is None or length > best[0]:
                best = (length, option)
        return best

    def pick_card(self, seen: Seen, rng: SeededRandom) -> str:
        distinct = sorted(set(seen.hand))
        lengths = {card: found[0] for card in distinct
                   if (found := self.longest(seen.rows, card)) is not None}
        if not lengths:
            return distinct[0]
        best = max(lengths.values())
        return next(card for card in distinct if lengths.get(card) == best)

    def pick_option(self, found: list[Option], seen: Seen, rng: SeededRandom) -> Option:
        assert seen.card is not None
        longest = self.longest(seen.rows, seen.card)
        assert longest is not None  # `found` is not empty
        return longest[1]

    def pick_discard(self, seen: Seen, rng: SeededRandom) -> int:
        return longest_rows(seen.rows)[0]


BOTS: dict[str, BotFactory] = {"debutant": Debutant, "confirme": Confirme, "greedy": Greedy,
                              "expert": Expert}
