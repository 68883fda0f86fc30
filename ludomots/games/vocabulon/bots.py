"""Vocabulon bots: débutant, confirmé, expert, and the greedy yardstick (« Glouton »).

Every bot decides from what its seat's view shows (`Seen` reads exactly that from the state, to
spare building the whole view): its own secret word, every pawn, the letter cards won by
everyone, the sabot's counts, the riddle as read aloud, the secret words made public. A test
checks that changing what it may not see changes no decision.

Answering a riddle is a matter of vocabulary, modelled rather than searched: the deck is public
material, so a bot recognises the question (`Knowledge` indexes the deck by what the reader
says) and knows the word with a probability that grows with its familiarity (frequency and
Lexique's "connu" rate) and with the level; the expert knows nearly every answer. The draw
comes from the bot's own seeded stream, so a seed replays every decision.

Moving is where a game is won or lost between equal vocabularies. The die's number fixes the
riddle's length wherever the pawn stops, so what a cell is worth is the letter card it puts at
stake: one the secret word still needs, or one an opponent needs and only this card can deny
him (there are three of each). A VOCABULON cell lets the player choose any card, or exchange
one. The confirmé takes the best cell; the débutant often moves at random. The expert plans
(`planner.py`): the expected number of its own turns still needed, from every cell, by
dynamic programming over the board; it also chooses its secret word by it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from ludomots.core.bots import BotFactory
from ludomots.core.budget import Budget
from ludomots.core.game import Action
from ludomots.core.rng import SeededRandom
from ludomots.games.vocabulon import board
from ludomots.games.vocabulon.actions import (
    Answer,
    ChangeSecret,
    ChooseSecret,
    Move,
    Offer,
    Pick,
    Propose,
    Respond,
    Throw,
)
from ludomots.games.vocabulon.deck import load_deck
from ludomots.games.vocabulon.groups import GROUPS, complete, missing, needs
from ludomots.games.vocabulon.planner import Need, Plan, need_key
from ludomots.games.vocabulon.rules import VocabulonState
from ludomots.games.vocabulon.secret import LENGTH_CHANGE, blocked_groups
from ludomots.games.vocabulon.words import secret_candidates
from ludomots.lexicon.lexicon import Lexicon

# -- knowledge ------------------------------------------------------------------------------

QuestionKey = tuple[str, int, str, str]


def card_of(seen: Seen) -> tuple[str, float] | None:
    """The (answer, familiarity) of the question being asked, as a player who has seen the
    cards recognises it; None when the deck has no such question."""
    question = seen.question
    assert question is not None
    key = (str(question["initial"]), int(str(question["length"])), str(question["class"]),
           str(question["definition"]))
    return deck_index(seen.deck).get(key)


@lru_cache(maxsize=4)
def deck_index(level: str) -> dict[QuestionKey, tuple[str, float]]:
    """The deck by what the reader says (initial, length, class, definition) -> (answer,
    familiarity): how a player who has seen the cards recognises one."""
    deck = load_deck(level)
    index: dict[QuestionKey, tuple[str, float]] = {}
    for cards in deck.compartments.values():
        for card in cards:
            for q in card.questions:
                index.setdefault((q.initial, q.length, q.cls, q.definition),
                                 (q.answer, q.familiarity))
    return index


@lru_cache(maxsize=8)
def compartment_familiarities(level: str) -> dict[tuple[str, int], tuple[float, ...]]:
    """The familiarity of every question of each compartment at each length: what a riddle
    there may ask (the cards' order is hidden, so any of them)."""
    deck = load_deck(level)
    return {(group, q.length): tuple(c.question(q.length).familiarity for c in cards)
            for group, cards in deck.compartments.items() for q in cards[0].questions}


@dataclass(frozen=True)
class Knowledge:
    """P(knowing a word) = base + slope × familiarity, capped at ``cap``."""

    base: float
    slope: float
    cap: float = 0.99

    def chance(self, familiarity: float) -> float:
        return max(0.0, min(self.cap, self.base + self.slope * familiarity))

    def riddle(self, deck: str, group: str, length: int) -> float:
        """The chance of answering the riddle of ``group``'s compartment at ``length``: the
        mean over its questions of that length (the riddle's difficulty)."""
        found = compartment_familiarities(deck).get((group, length))
        if not found:
            return self.typical
        return sum(self.chance(f) for f in found) / len(found)

    @property
    def typical(self) -> float:
        """The chance on a card of average familiarity (about 0.75 in the deck)."""
        return self.chance(0.75)


@lru_cache(maxsize=8)
def plan_for(faces: tuple[int, ...], deck: str, knowledge: Knowledge) -> Plan:
    """The expected turns to finish (`planner.py`) for a die, a deck and a vocabulary; kept
    for the process: it depends on nothing else, and each multiset is solved once."""
    extra = 0 if faces[0] == 3 else 2  # the 1-6 die asks words of face + 2 letters

    def chance(group: str, face: int) -> float:
        return knowledge.riddle(deck, group, face + extra)

    return Plan(faces, chance)


# How much each group is in demand: its share of letters in the well-known five-letter words
# (what opponents are likely to need), computed once per lexicon.
@lru_cache(maxsize=4)
def group_demand(lexicon: Lexicon) -> dict[str, float]:
    counts: Counter[str] = Counter()
    words = secret_candidates(lexicon, 5)[:600]
    for word in words:
        counts.update(needs(word).keys())
    return {g: counts[g] / len(words) for g in GROUPS}


# What an opponent whose word is hidden still needs, inferred from the cards he holds (issue
# 21): his word is likelier one whose letters those cards cover. A card he holds that no
# letter of the word uses (won on a throw that reached nothing useful, or on another's riddle)
# weighs a word down by STRAY, not out.
SUSPECTS = 1000  # the commonest words of his length
STRAY = 0.15


@lru_cache(maxsize=4096)
def inferred_needs(lexicon: Lexicon, length: int, held: tuple[str, ...]) -> dict[str, float]:
    """P(a player still needs a card of each group), his word being one of the
    ``SUSPECTS`` commonest of ``length`` letters, weighed by how well ``held`` fits it."""
    total = 0.0
    need = dict.fromkeys(GROUPS, 0.0)
    have = Counter(held)
    for word in secret_candidates(lexicon, length)[:SUSPECTS]:
        word_needs = needs(word)
        strays = sum((have - word_needs).values())
        weight = STRAY ** strays
        total += weight
        for group, count in word_needs.items():
            if count > have[group]:
                need[group] += weight
    return {g: need[g] / total for g in GROUPS} if total else need


# -- what a seat sees ---------------------------------------------------------------------------


@dataclass
class Seen:
    """The parts of the seat's view a bot uses (all public, or the seat's own)."""

    seat: int
    players: int
    step: str
    secret: str | None
    held: list[list[str]]
    available: dict[str, int]
    positions: list[int]
    moved: list[bool]
    lengths: list[int]
    public_secrets: list[str | None]
    face: int | None
    faces: tuple[int, ...]  # the die's faces (a pawn moves the face's count)
    deck: str
    question: dict[str, object] | None
    exchange: dict[str, object] | None
    request: dict[str, object] | None  # a change of word waiting for the missing letter
    asked: bool  # this seat asked for its missing letter this turn already
    lexicon: Lexicon  # the game's word list (secret words are chosen in it)

    @classmethod
    def of(cls, state: VocabulonState, seat: int) -> Seen:
        question = None
        if state.riddle is not None:
            q = state.question()
            assert q is not None
            question = q.public()
        return cls(seat, state.players, state.step, state.secrets[seat],
                   [list(h) for h in state.held], state.available(), list(state.positions),
                   list(state.moved), list(state.lengths),
                   [w if state.public_secret[s] else None for s, w in enumerate(state.secrets)],
                   state.face, (3, 4, 5, 6, 7, 8) if state.options.die == "3-8" else
                   (1, 2, 3, 4, 5, 6), state.deck_level, question,
                   state.exchange.to_json() if state.exchange is not None else None,
                   None if state.request is None else
                   {"seat": state.request.seat, "groups": list(state.request.groups),
                    "queue": list(state.request.queue)},
                   state.asked_turn == state.turn and state.current == seat, state.lexicon)

    def missing(self, seat: int | None = None) -> Counter[str]:
        seat = self.seat if seat is None else seat
        word = self.secret if seat == self.seat else self.public_secrets[seat]
        if word is None:
            return Counter()
        return missing(word, self.held[seat])


# -- the bots ----------------------------------------------------------------------------------


class VocabulonBot:
    """Shared behaviour; levels set their knowledge and refine the decisions."""

    level = "base"
    knowledge = Knowledge(0.5, 0.4)
    word_pool = 300  # secret words chosen among the most frequent ones
    greedy = 1.0  # chance of taking the best cell rather than any
    blocking = 0.0  # weight of denying an opponent a card he needs
    lookahead = 0.0  # weight of the useful cells the next throw can reach

    def choose(self, state: VocabulonState, seat: int, rng: SeededRandom) -> Action:
        seen = Seen.of(state, seat)
        step = seen.step
        if step == "secret":
            return ChooseSecret(self.secret_word(seen, rng))
        if step == "throw":
            change = None if seen.asked else self.change_word(seen, rng)
            return ChangeSecret(change) if change is not None else Throw()
        if step == "offer":
            return self.offer(seen, rng)
        if step == "move":
            return Move(self.pick_cell(seen, state.reachable(), rng))
        if step == "vocabulon":
            proposal = self.proposal(seen, rng)
            return proposal if proposal is not None else Pick(self.pick_group(seen, rng))
        if step == "pick":
            return Pick(self.pick_group(seen, rng))
        if step == "respond":
            exchange = seen.exchange
            assert exchange is not None
            if exchange.get("offer"):
                return Respond(self.takes_offer(seen, rng))
            return Respond(self.accepts(seen, rng))
        return Answer(self.answer(seen, rng))

    # -- riddles -------------------------------------------------------------------------------

    def answer(self, seen: Seen, rng: SeededRandom) -> str:
        found = card_of(seen)
        if found is None:
            return ""
        word, familiarity = found
        return word if rng.random() < self.knowledge.chance(familiarity) else ""

    # -- secret words --------------------------------------------------------------------------

    def secret_word(self, seen: Seen, rng: SeededRandom) -> str:
        length = seen.lengths[seen.seat]
        return rng.choice(secret_candidates(seen.lexicon, length)[: self.word_pool])

    def change_word(self, seen: Seen, rng: SeededRandom) -> str | None:
        """A new word when the current one can no longer be completed from the sabot: the
        known word of two more letters that needs the fewest cards not yet held, none of
        them exhausted, and that does not win at once (the rules forbid it)."""
        ranked = self.new_words(seen)
        if not ranked:
            return None
        best_cost = ranked[0][0]
        return rng.choice([w for cost, w in ranked if cost <= best_cost + 1e-9])

    def new_words(self, seen: Seen) -> list[tuple[float, str]]:
        """The possible new words (when the current one is blocked), by cost: the cards not
        yet held, and how scarce they are in the sabot."""
        assert seen.secret is not None
        mine = seen.held[seen.seat]
        if not blocked_groups(seen.secret, mine, seen.available):
            return []
        length = seen.lengths[seen.seat] + LENGTH_CHANGE
        ranked = []
        for word in secret_candidates(seen.lexicon, length, 1.0)[:3000]:
            if complete(word, mine) or blocked_groups(word, mine, seen.available):
                continue
            need = missing(word, mine)
            cost = sum(need.values()) + sum(need[g] / (seen.available[g] + 0.5) for g in need)
            ranked.append((cost, word))
        ranked.sort(key=lambda item: item[0])
        return ranked

    # -- moving --------------------------------------------------------------------------------

    def group_value(self, seen: Seen, group: str) -> float:
        """What winning one card of ``group`` is worth to this seat now."""
        if seen.available.get(group, 0) == 0:
            return 0.0
        value = 1.0 if seen.missing()[group] > 0 else 0.0
        if self.blocking:
            value += self.blocking * self.denial(seen, group)
        return value

    def denial(self, seen: Seen, group: str) -> float:
        """How much taking a card of ``group`` hurts the opponents: the likelier they need it
        and the fewer are left, the more."""
        left = seen.available[group]
        total = 0.0
        for other in range(seen.players):
            if other == seen.seat:
                continue
            public = seen.public_secrets[other]
            if public is not None:
                need = 1.0 if missing(public, seen.held[other])[group] > 0 else 0.0
            else:
                held = seen.held[other].count(group)
                need = max(0.0, group_demand(seen.lexicon)[group] - 0.3 * held)
            total += need
        return total / left

    def cell_value(self, seen: Seen, cell: int) -> float:
        group = board.group_at(cell)
        if group is not None:
            return self.group_value(seen, group)
        values = [self.group_value(seen, g) for g in GROUPS]
        best = max(values)
        if best < 1.0 and self.wanted_exchange(seen) is not None:
            best = max(best, 0.9)
        return best

    def pick_cell(self, seen: Seen, reachable: dict[int, list[board.Path]],
                  rng: SeededRandom) -> int:
        cells = sorted(reachable)
        if rng.random() >= self.greedy:
            return rng.choice(cells)
        values = {c: self.cell_value(seen, c) + self.lookahead * self.prospects(seen, c)
                  for c in cells}
        best = max(values.values())
        return rng.choice([c for c in cells if values[c] >= best - 1e-9])

    def prospects(self, seen: Seen, cell: int) -> float:
        """What the next throw is worth from ``cell``: the value of the best cell each face
        reaches, averaged over the faces (other pawns where they are now). Weighing the best
        cell rather than counting the faces that reach a useful one also prefers a spot from
        which the next throw can block (issue 21: 0.61 against 0.58 for the count, 300
        paired games each against the greedy bot)."""
        others = {p for s, p in enumerate(seen.positions) if s != seen.seat}
        faces = seen.faces
        total = 0.0
        for face in faces:
            targets = board.paths(cell, face, False, "clockwise", others)
            total += max((self.cell_value(seen, t) for t in targets), default=0.0)
        return total / len(faces)

    # -- VOCABULON cells -----------------------------------------------------------------------

    def pick_group(self, seen: Seen, rng: SeededRandom) -> str:
        groups = [g for g in GROUPS if seen.available[g] > 0]
        values = {g: self.group_value(seen, g) for g in groups}
        best = max(values.values())
        top = [g for g in groups if values[g] >= best - 1e-9]
        # Among equals, the scarcest card first: it is the one that may disappear.
        scarce = min(seen.available[g] for g in top)
        return rng.choice([g for g in top if seen.available[g] == scarce])

    def wanted_exchange(self, seen: Seen) -> Propose | None:
        """A card this seat needs that the sabot no longer has, held by another player, for
        one of its own it does not need."""
        need = seen.missing()
        mine = Counter(seen.held[seen.seat])
        word_needs = needs(seen.secret) if seen.secret else Counter()
        spare = [g for g in sorted(mine, key=GROUPS.index) if mine[g] > word_needs[g]]
        if not spare:
            return None
        for group in sorted(need, key=GROUPS.index):
            if seen.available[group] > 0:
                continue
            for other in range(seen.players):
                if other != seen.seat and group in seen.held[other]:
                    return Propose(other, spare[0], group)
        return None

    def proposal(self, seen: Seen, rng: SeededRandom) -> Propose | None:
        need = seen.missing()
        if any(seen.available[g] > 0 for g in need):
            return None  # a needed card is still in the sabot: play for it
        return self.wanted_exchange(seen)

    def accepts(self, seen: Seen, rng: SeededRandom) -> bool:
        """Accept an exchange that brings a needed card for one this seat can spare."""
        exchange = seen.exchange
        assert exchange is not None
        receive, lose = str(exchange["give"]), str(exchange["take"])
        if seen.secret is None:
            return False
        word_needs = needs(seen.secret)
        mine = Counter(seen.held[seen.seat])
        gains = seen.missing()[receive] > 0
        spare = mine[lose] > word_needs[lose]
        return gains and spare


    # -- the missing letter before a change of word -------------------------------------------

    def offer(self, seen: Seen, rng: SeededRandom) -> Offer:
        """Asked for a card of a group another player misses: give one this seat can spare,
        for one of his it needs (the scarcest in the sabot); otherwise refuse (his change of
        word, to a longer word known to all, only helps the others)."""
        request = seen.request
        assert request is not None
        asker = int(str(request["seat"]))
        if seen.secret is None:
            return Offer("", "")
        word_needs = needs(seen.secret)
        mine = Counter(seen.held[seen.seat])
        need = seen.missing()
        groups = [str(g) for g in request["groups"]]  # type: ignore[attr-defined]
        spare = [g for g in groups if mine[g] > word_needs[g]]
        wanted = sorted((g for g in set(seen.held[asker]) if need[g] > 0 and g not in groups),
                        key=lambda g: (seen.available[g], GROUPS.index(g)))
        if not spare or not wanted or not self.may_help(seen, asker):
            return Offer("", "")
        return Offer(spare[0], wanted[0])

    def may_help(self, seen: Seen, other: int) -> bool:
        """Whether handing ``other`` a card he misses is safe (the expert refuses it to a
        player about to win)."""
        return True

    def takes_offer(self, seen: Seen, rng: SeededRandom) -> bool:
        """The card asked for is the missing one; pay with a card the word can spare or that
        the sabot still has."""
        exchange = seen.exchange
        assert exchange is not None and seen.secret is not None
        receive, lose = str(exchange["give"]), str(exchange["take"])
        mine = Counter(seen.held[seen.seat])
        spare = mine[lose] > needs(seen.secret)[lose]
        return seen.missing()[receive] > 0 and (spare or seen.available[lose] > 0)


class Debutant(VocabulonBot):
    """Knows the common words; moves to a useful cell half the time."""

    level = "debutant"
    knowledge = Knowledge(0.1, 0.7, cap=0.85)
    word_pool = 400
    greedy = 0.5


class Confirme(VocabulonBot):
    """Knows most words; always takes the most useful cell."""

    level = "confirme"
    knowledge = Knowledge(0.3, 0.6, cap=0.93)
    word_pool = 250
    blocking = 0.15

    def secret_word(self, seen: Seen, rng: SeededRandom) -> str:
        """A well-known word whose letters are all in different groups."""
        length = seen.lengths[seen.seat]
        candidates = secret_candidates(seen.lexicon, length)[: self.word_pool]
        words = [w for w in candidates if max(needs(w).values()) == 1]
        return rng.choice(words or list(candidates))


class Expert(Confirme):
    """Knows the deck's answers (the least familiar ones nearly always) and plans (issue 21,
    `planner.py`): it moves to the cell that leaves the fewest expected turns to complete its
    word (the card won there, the riddle's difficulty, the throws the cell prepares), takes
    on a VOCABULON cell the card hardest to reach from there, writes (and, blocked, changes
    to) the word the plan says is quickest, and weighs the last cards of a group the others
    need (their public words, or inferred from the cards they hold)."""

    level = "expert"
    # Issue 21: with 0.80 + 0.19 f capped at 0.99 it lost to the greedy bot, which knows every
    # answer (0.45 over 400 paired games): a miss hands the card to the others.
    knowledge = Knowledge(0.9, 0.2, cap=1.0)
    word_pool = 400
    blocking = 0.35
    lookahead = 0.5
    plan_blocking = 0.5  # turns of its own an expert gives up to deny a card (per unit)
    word_trials = 24  # secret words weighed by the plan
    change_trials = 16  # new words weighed by the plan when the word must change
    word_budget = Budget(work=24, seconds=0.9)  # one unit a word weighed

    def secret_word(self, seen: Seen, rng: SeededRandom) -> str:
        """Among ``word_trials`` well-known words drawn at random (as many as the budget
        allows), the one the plan says is quickest to complete from the start: the letters'
        places on the board, around the start and the VOCABULON cells, and the riddles'
        difficulty make a word cost between 5.4 and 6.4 turns (issue 21)."""
        length = seen.lengths[seen.seat]
        # Letters in different groups: a word needing two cards of one group is blocked
        # when the others take two (with repeats allowed, 0.43 of 240 three-player games
        # against 0.50, and 0.69 against 0.73 of 240 two-player games).
        candidates = [w for w in secret_candidates(seen.lexicon, length)[: self.word_pool]
                      if max(needs(w).values()) == 1]
        if not candidates:
            return super().secret_word(seen, rng)
        rng.shuffle(candidates)
        trials = candidates[: self.word_trials]
        plan = self.plan(seen)
        return self.quickest(trials, lambda word: plan.first_turns(need_key(needs(word))))

    def quickest(self, words: list[str], turns: Callable[[str], float]) -> str:
        """The word of fewest ``turns`` among ``words``, weighed in order while the budget
        lasts (one unit a word; the first is always weighed)."""
        deadline = self.word_budget.start()
        best = (turns(words[0]), words[0])
        deadline.spend()
        for word in words[1:]:
            if deadline.over():
                break
            cost = turns(word)
            deadline.spend()
            if cost < best[0] - 1e-9:
                best = (cost, word)
        return best[1]

    def accepts(self, seen: Seen, rng: SeededRandom) -> bool:
        """As the others, but never hand the last card to a player about to win."""
        if not super().accepts(seen, rng):
            return False
        exchange = seen.exchange
        assert exchange is not None
        proposer = int(str(exchange["from"]))
        public = seen.public_secrets[proposer]
        if public is not None:
            after = seen.held[proposer] + [str(exchange["take"])]
            after.remove(str(exchange["give"]))
            if complete(public, after):
                return self.completes_mine(seen)
        elif len(seen.held[proposer]) >= seen.lengths[proposer] - 1:
            return self.completes_mine(seen)
        return True

    def may_help(self, seen: Seen, other: int) -> bool:
        return len(seen.held[other]) < seen.lengths[other] - 1

    # -- the plan (issue 21) ---------------------------------------------------------------

    def plan(self, seen: Seen) -> Plan:
        return plan_for(seen.faces, seen.deck, self.knowledge)

    def plan_need(self, seen: Seen) -> Need:
        """The cards still to win from the sabot (a group it no longer has is left to an
        exchange or a change of word)."""
        need = seen.missing()
        return need_key({g: n for g, n in need.items() if seen.available[g] > 0})

    def pick_cell(self, seen: Seen, reachable: dict[int, list[board.Path]],
                  rng: SeededRandom) -> int:
        """The cell that leaves the fewest expected turns to finish (the card won there,
        the riddle's difficulty, and the throws it prepares), less ``plan_blocking`` turns
        per unit of what its card takes from the others (`threat`)."""
        need = self.plan_need(seen)
        if not need:
            return super().pick_cell(seen, reachable, rng)
        assert seen.face is not None
        plan = self.plan(seen)
        scored = []
        for c in sorted(reachable):
            turns = plan.landing(c, seen.face, need)
            group = board.group_at(c)
            hurt = self.threat(seen, group) if group is not None else 0.0
            scored.append((turns - self.plan_blocking * hurt, c))
        best = min(v for v, _ in scored)
        return rng.choice([c for v, c in scored if v <= best + 1e-9])

    def change_word(self, seen: Seen, rng: SeededRandom) -> str | None:
        """Among the ``change_trials`` cheapest new words (cards not held, their scarcity),
        the one the plan says is quickest to complete from where the pawn stands."""
        ranked = self.new_words(seen)[: self.change_trials]
        if not ranked:
            return None
        plan = self.plan(seen)
        here = seen.positions[seen.seat]
        mine = seen.held[seen.seat]
        return self.quickest([word for _, word in ranked],
                             lambda word: plan.turns(need_key(missing(word, mine)))[here])

    def threat(self, seen: Seen, group: str) -> float:
        """What winning the card of ``group`` takes from the others: for each, the chance
        he still needs it (his public word, or inferred from his cards) when it is the last
        one of the sabot (he must then exchange or change his word), a third as much when two
        are left, times how close he is to finishing."""
        left = seen.available.get(group, 0)
        if left == 0 or left > 2:
            return 0.0
        total = 0.0
        for other in range(seen.players):
            if other == seen.seat:
                continue
            public = seen.public_secrets[other]
            length = seen.lengths[other]
            if public is not None:
                wants = 1.0 if missing(public, seen.held[other])[group] > 0 else 0.0
            else:
                held = tuple(sorted(seen.held[other]))
                wants = inferred_needs(seen.lexicon, length, held)[group]
            close = min(1.0, len(seen.held[other]) / length)
            total += wants * (1.0 if left == 1 else 1 / 3) * (0.5 + close)
        return total

    def pick_group(self, seen: Seen, rng: SeededRandom) -> str:
        need = self.plan_need(seen)
        if need and seen.face is not None:
            here = seen.positions[seen.seat]
            allowed = [g for g in GROUPS if seen.available[g] > 0]
            group = self.plan(seen).best_group(here, seen.face, need, allowed)
            if group is not None:
                return group
        return super().pick_group(seen, rng)

    def completes_mine(self, seen: Seen) -> bool:
        exchange = seen.exchange
        assert exchange is not None and seen.secret is not None
        after = seen.held[seen.seat] + [str(exchange["give"])]
        after.remove(str(exchange["take"]))
        return complete(seen.secret, after)


class Greedy(VocabulonBot):
    """The yardstick (« Glouton », issue 21): answers with the full lexicon (every riddle of
    the deck it is read, as the referee's answer) and moves to the most useful letter now: a
    cell whose card its secret word still needs, or a VOCABULON cell while a needed card is
    left in the sabot (any card may be chosen there). Among equally useful cells, the one
    whose card is scarcest in the sabot (it may disappear), then the first cell. It neither
    blocks the others nor looks a throw ahead; its secret word is drawn among the 300
    commonest, and exchanges are the shared defaults."""

    level = "greedy"

    def answer(self, seen: Seen, rng: SeededRandom) -> str:
        found = card_of(seen)
        return found[0] if found is not None else ""

    def pick_cell(self, seen: Seen, reachable: dict[int, list[board.Path]],
                  rng: SeededRandom) -> int:
        need = seen.missing()

        def useful(cell: int) -> tuple[bool, int]:
            """Whether the cell brings a needed card, and how many of it are left."""
            group = board.group_at(cell)
            groups = [group] if group is not None else list(GROUPS)
            left = [seen.available.get(g, 0) for g in groups
                    if need[g] > 0 and seen.available.get(g, 0) > 0]
            return (True, min(left)) if left else (False, 0)

        def rank(cell: int) -> tuple[bool, int, int]:
            found, left = useful(cell)
            return (not found, left, cell)

        return min(reachable, key=rank)


BOTS: dict[str, BotFactory] = {"debutant": Debutant, "confirme": Confirme, "greedy": Greedy,
                              "expert": Expert}
