"""Which words a player can make from his letters and the others': a walk of the DAWG.

A word is walked letter by letter in the lexicon's automaton while the letters still available
(the player's and all his opponents', pooled) are counted down; a letter nobody has left may be
covered by a CONFUSION (a wild card). Whether a reachable word is really playable (at least one
of the player's own cards, the cards a MARABOUTAGE forces him to use) depends only on its letter
counts, checked by `playable`. The rules use `exists` (is any word possible? it stops at the
first one), the bots `words` (all of them).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache

from ludomots.games.awalettres.cards import VALUES, WILD
from ludomots.lexicon.dawg import Dawg
from ludomots.lexicon.lexicon import get_lexicon

POLICY = "standard"  # RULINGS.md: Awalettres accepts plurals and conjugated verbs


@lru_cache(maxsize=1)
def automaton() -> Dawg:
    return get_lexicon().automaton(POLICY)


def accepted(key: str) -> bool:
    """Is the folded key a word under Awalettres' policy?"""
    return key in automaton()


@dataclass(frozen=True)
class Pool:
    """The cards a player may use: his own and those of all his opponents."""

    own: Counter[str]  # own letters (a CONFUSION is `own_wild`)
    own_wild: bool
    others: Counter[str]
    other_wilds: int  # opponents holding a CONFUSION (one each at most)
    required: Counter[str] = field(default_factory=Counter)  # own cards a MARABOUTAGE forces

    @classmethod
    def of(cls, seat: int, hands: list[list[str]], required: Counter[str] | None = None
           ) -> Pool:
        own = Counter(c for c in hands[seat] if c != WILD)
        others: Counter[str] = Counter()
        wilds = 0
        for other, hand in enumerate(hands):
            if other != seat:
                others.update(c for c in hand if c != WILD)
                wilds += WILD in hand
        return cls(own, WILD in hands[seat], others, wilds, Counter(required or {}))

    @property
    def wilds(self) -> int:
        return int(self.own_wild) + self.other_wilds

    def playable(self, key: str) -> bool:
        """Whether some choice of cards makes `key` with at least one own card and every
        required card (its letters are assumed reachable: `words` only yields such keys)."""
        need = Counter(key)
        wild_required = self.required.get(WILD, 0) > 0
        if self.required.get(WILD, 0) > int(self.own_wild):  # one CONFUSION a player at most
            return False
        required_positions = 0
        for letter, n in self.required.items():
            if letter == WILD:
                continue
            if need[letter] < n or self.own[letter] < n:
                return False
            required_positions += n
        deficit = sum(max(0, n - self.own[letter] - self.others[letter])
                      for letter, n in need.items())
        used_wilds = max(deficit, 1) if wild_required else deficit
        if used_wilds > self.wilds or (wild_required and len(key) - required_positions < 1):
            return False
        return self.own_wild or any(self.own[letter] for letter in need)


Found = Callable[[str, int, int, int], bool]


def _walk(dawg: Dawg, pool: Pool, min_len: int, max_len: int, found: Found,
          max_taken: int = 99) -> bool:
    """Depth-first over the automaton within the pooled letters; stops when `found` says so.

    Letters are taken from the player's own cards first, then from the others', then a
    CONFUSION covers what nobody has: `found(key, own_cards, own_seeds, other_seeds)` gets what
    that choice uses, which decides playability and gives the bots a quick estimate. At most
    `max_taken` letters come from the others or a CONFUSION (the bots' horizon)."""
    own = dict(pool.own)
    others = dict(pool.others)
    children = dawg.children
    is_final = dawg.is_final

    def walk(node: int, prefix: str, wilds: int, mine: int, gain: int, cost: int) -> bool:
        size = len(prefix)
        if size >= min_len and is_final(node) and found(prefix, mine, gain, cost):
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
    if pool.required:
        return lambda key, mine: pool.playable(key)
    if pool.own_wild:
        return lambda key, mine: True
    return lambda key, mine: mine > 0


def exists(pool: Pool, min_len: int = 2, max_len: int = 99) -> bool:
    """Is any playable word possible?"""
    ok = _playable(pool)
    return _walk(automaton(), pool, min_len, max_len,
                 lambda key, mine, gain, cost: ok(key, mine))


def words(pool: Pool, min_len: int = 2, max_len: int = 99) -> list[str]:
    """Every playable word, in automaton order."""
    return [key for key, _, _ in scored_words(pool, min_len, max_len)]


def scored_words(pool: Pool, min_len: int = 2, max_len: int = 99, max_taken: int = 99
                 ) -> list[tuple[str, int, int]]:
    """Every playable word with the seeds of the own letters it would use and of the others'
    (own letters first, as `assign` chooses them), taking at most `max_taken` letters."""
    out: list[tuple[str, int, int]] = []
    ok = _playable(pool)

    def keep(key: str, mine: int, gain: int, cost: int) -> bool:
        if ok(key, mine):
            out.append((key, gain, cost))
        return False

    _walk(automaton(), pool, min_len, max_len, keep, max_taken)
    return out


def first_playable(pool: Pool, min_len: int = 2, max_len: int = 99,
                   limit: int = 50) -> list[str]:
    """The first `limit` playable words the walk meets (a timeout's word)."""
    out: list[str] = []
    ok = _playable(pool)

    def keep(key: str, mine: int, gain: int, cost: int) -> bool:
        if ok(key, mine):
            out.append(key)
        return len(out) >= limit

    _walk(automaton(), pool, min_len, max_len, keep)
    return out
