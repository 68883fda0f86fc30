"""Which words a player can make from his letters and the others': a walk of the DAWG.

A word is walked letter by letter in the lexicon's automaton while the letters still available
(the player's and all his opponents', pooled) are counted down; a letter nobody has left may be
covered by a CONFUSION (a wild card). Whether a reachable word is really playable (at least one
of the player's own cards, the cards a MARABOUTAGE forces him to use or to take) depends only on
its letter counts, checked by `playable`. The rules use `exists` (is any word possible? it stops
at the first one), the bots `words` (all of them).

The lexicon is the game's (`state.lexicon`), passed in: the walk follows its automaton and keeps
only the keys its `accepts` takes, so a game refereed with another word list (a subclass that
refuses a word) neither plays nor finds that word.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ludomots.games.awalettres.cards import VALUES, WILD
from ludomots.lexicon.dawg import Dawg
from ludomots.lexicon.lexicon import Lexicon

POLICY = "standard"  # RULINGS.md: Awalettres accepts plurals and conjugated verbs


def automaton(lexicon: Lexicon) -> Dawg:
    """The lexicon's automaton of Awalettres' policy (the lexicon keeps it once loaded)."""
    return lexicon.automaton(POLICY)


def accepted(lexicon: Lexicon, key: str) -> bool:
    """Is the folded key a word under Awalettres' policy?"""
    return lexicon.accepts(key, POLICY)


@dataclass(frozen=True)
class Pool:
    """The cards a player may use: his own and those of all his opponents."""

    own: Counter[str]  # own letters (a CONFUSION is `own_wild`)
    own_wild: bool
    others: Counter[str]
    other_wilds: int  # opponents holding a CONFUSION (one each at most)
    required: Counter[str] = field(default_factory=Counter)  # own cards a MARABOUTAGE forces
    taken: Counter[str] = field(default_factory=Counter)  # opponents' cards it forces

    @classmethod
    def of(cls, seat: int, hands: Sequence[Sequence[str]],
           required: Counter[str] | None = None, taken: Counter[str] | None = None) -> Pool:
        own = Counter(c for c in hands[seat] if c != WILD)
        others: Counter[str] = Counter()
        wilds = 0
        for other, hand in enumerate(hands):
            if other != seat:
                others.update(c for c in hand if c != WILD)
                wilds += WILD in hand
        return cls(own, WILD in hands[seat], others, wilds, Counter(required or {}),
                   Counter(taken or {}))

    @classmethod
    def designated(cls, seat: int, hands: Sequence[Sequence[str]],
                   designations: Sequence[tuple[int, str]], from_caster: bool = True) -> Pool:
        """The pool of a player under MARABOUTAGE spells: the designated cards are taken from
        their casters (`from_caster`) or are his own."""
        cards = Counter(card for _, card in designations)
        return cls.of(seat, hands, taken=cards) if from_caster else cls.of(seat, hands, cards)

    @property
    def wilds(self) -> int:
        return int(self.own_wild) + self.other_wilds

    @property
    def forced(self) -> bool:
        return bool(self.required or self.taken)

    def playable(self, key: str) -> bool:
        """Whether some choice of cards makes `key` with at least one own card and every
        required or taken card (its letters are assumed reachable: `words` only yields such
        keys).

        The designated letters take positions of their letter; the other positions are
        covered by own or others' letters, and what none covers (`deficit`) by a CONFUSION.
        Every designated CONFUSION stands in for one of those positions too. An own card is
        then an own letter at a free position, or the own CONFUSION."""
        own_req = +self.required
        taken = +self.taken
        forced_wilds = own_req[WILD] + taken[WILD]
        if own_req[WILD] > int(self.own_wild) or taken[WILD] > self.other_wilds:
            return False
        rest = Counter(key)
        own_free = Counter(self.own)
        others_free = Counter(self.others)
        for letter, n in own_req.items():
            if letter != WILD:
                rest[letter] -= n
                own_free[letter] -= n
        for letter, n in taken.items():
            if letter != WILD:
                rest[letter] -= n
                others_free[letter] -= n
        if any(n < 0 for n in (*rest.values(), *own_free.values(), *others_free.values())):
            return False
        positions = sum(rest.values())
        deficit = sum(max(0, n - own_free[letter] - others_free[letter])
                      for letter, n in rest.items())
        room = min(self.wilds, positions)
        if max(deficit, forced_wilds) > room:
            return False
        if own_req:
            return True
        if forced_wilds < positions and any(own_free[letter] for letter, n in rest.items()
                                            if n):
            return True
        return self.own_wild and max(deficit, forced_wilds + 1) <= room


Found = Callable[[str, int, int, int], bool]


def _walk(lexicon: Lexicon, pool: Pool, min_len: int, max_len: int, found: Found,
          max_taken: int = 99) -> bool:
    """Depth-first over the automaton within the pooled letters; stops when `found` says so.

    Letters are taken from the player's own cards first, then from the others', then a
    CONFUSION covers what nobody has: `found(key, own_cards, own_seeds, other_seeds)` gets what
    that choice uses, which decides playability and gives the bots a quick estimate. At most
    `max_taken` letters come from the others or a CONFUSION (the bots' horizon)."""
    own = dict(pool.own)
    others = dict(pool.others)
    dawg = automaton(lexicon)
    children = dawg.children
    is_final = dawg.is_final
    accepts = lexicon.checker(POLICY)

    def walk(node: int, prefix: str, wilds: int, mine: int, gain: int, cost: int) -> bool:
        size = len(prefix)
        if size >= min_len and is_final(node) and accepts(prefix) and \
                found(prefix, mine, gain, cost):
            return True
        if size >= max_len:
            return False
        can_take = size - mine < max_taken
        for letter, nxt in children(node).items():
            left = own.get(letter, 0)
            if left:
                own[letter] = left - 1
                stop = walk(nxt, prefix + letter, wilds, mine + 1, gain + VALUES[letter], cost)
                own[letter] = left
            elif not can_take:
                continue
            else:
                left = others.get(letter, 0)
                if left:
                    others[letter] = left - 1
                    stop = walk(nxt, prefix + letter, wilds, mine, gain,
                                cost + VALUES[letter])
                    others[letter] = left
                elif wilds:
                    stop = walk(nxt, prefix + letter, wilds - 1, mine, gain, cost)
                else:
                    continue
            if stop:
                return True
        return False

    return walk(dawg.root, "", pool.wilds, 0, 0, 0)


def _playable(pool: Pool) -> Callable[[str, int], bool]:
    """Playability from the walk's own-first choice; the full check only under a MARABOUTAGE."""
    if pool.forced:
        # a word without every designated letter is refused by `playable`: say so cheaply
        # first, the walk meeting thousands of words that lack it
        needed = [(letter, n) for letter, n in (+pool.required + +pool.taken).items()
                  if letter != WILD]
        return lambda key, mine: (all(key.count(letter) >= n for letter, n in needed)
                                  and pool.playable(key))
    if pool.own_wild:
        return lambda key, mine: True
    return lambda key, mine: mine > 0


def exists(lexicon: Lexicon, pool: Pool, min_len: int = 2, max_len: int = 99,
           max_taken: int = 99) -> bool:
    """Is any playable word possible (taking at most `max_taken` letters: the rules ask
    without a limit, a bot may bound its search, the walk being long when no word exists)?"""
    ok = _playable(pool)
    return _walk(lexicon, pool, min_len, max_len,
                 lambda key, mine, gain, cost: ok(key, mine), max_taken)


def words(lexicon: Lexicon, pool: Pool, min_len: int = 2, max_len: int = 99) -> list[str]:
    """Every playable word, in automaton order."""
    return [key for key, _, _ in scored_words(lexicon, pool, min_len, max_len)]


def scored_words(lexicon: Lexicon, pool: Pool, min_len: int = 2, max_len: int = 99,
                 max_taken: int = 99) -> list[tuple[str, int, int]]:
    """Every playable word with the seeds of the own letters it would use and of the others'
    (own letters first, as `assign` chooses them), taking at most `max_taken` letters."""
    out: list[tuple[str, int, int]] = []
    ok = _playable(pool)

    def keep(key: str, mine: int, gain: int, cost: int) -> bool:
        if ok(key, mine):
            out.append((key, gain, cost))
        return False

    _walk(lexicon, pool, min_len, max_len, keep, max_taken)
    return out


def first_playable(lexicon: Lexicon, pool: Pool, min_len: int = 2, max_len: int = 99,
                   limit: int = 50) -> list[str]:
    """The first `limit` playable words the walk meets (a timeout's word)."""
    out: list[str] = []
    ok = _playable(pool)

    def keep(key: str, mine: int, gain: int, cost: int) -> bool:
        if ok(key, mine):
            out.append(key)
        return len(out) >= limit

    _walk(lexicon, pool, min_len, max_len, keep)
    return out
