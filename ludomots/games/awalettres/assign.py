"""Choosing the cards of a word: whose letters, and where a CONFUSION stands in.

A player who types "APRES" means: my letters where I have them, the others' where I do not,
a CONFUSION where nobody has the letter. `assign` turns a word into the `Play` fields that way
(the terminal, the clock's timeout and the bots use it); a player who wants other cards names
them explicitly.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ludomots.games.awalettres.cards import VALUES, WILD


def assign(seat: int, key: str, hands: Sequence[Sequence[str]],
           designations: Sequence[tuple[int, str]] = (), payees: Sequence[int] | None = None,
           own_wild_first: bool = False) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
    """(sources, wild) for `seat` playing `key`, or None when the cards do not allow it.

    Own letters first; then the opponents' in `payees` order (default: from the player's
    left); then his own CONFUSION, then an opponent's. `own_wild_first` puts the player's
    CONFUSION in place of the dearest letter he would otherwise pay for. A CONFUSION forced by
    a MARABOUTAGE, or the need for one own card, is placed last."""
    players = len(hands)
    order = list(payees) if payees is not None else \
        [(seat + k) % players for k in range(1, players)]
    left = [Counter(c for c in hand if c != WILD) for hand in hands]
    wilds = {s for s in range(players) if WILD in hands[s]}
    sources: list[int | None] = [None] * len(key)
    wild: set[int] = set()
    for i, letter in enumerate(key):
        if left[seat][letter]:
            left[seat][letter] -= 1
            sources[i] = seat
    for i, letter in enumerate(key):
        if sources[i] is not None:
            continue
        giver = next((s for s in order if s != seat and left[s][letter]), None)
        if giver is not None:
            left[giver][letter] -= 1
            sources[i] = giver
    for i in range(len(key)):
        if sources[i] is not None:
            continue
        giver = next((s for s in [seat, *order] if s in wilds), None)
        if giver is None:
            return None
        wilds.discard(giver)
        sources[i] = giver
        wild.add(i)

    def bought() -> list[int]:  # positions paid to an opponent, dearest first
        return sorted((i for i, s in enumerate(sources) if s != seat and i not in wild),
                      key=lambda i: -VALUES[key[i]])

    forced = any(card == WILD for _, card in designations)
    needs_own = seat not in sources
    if seat in wilds and (own_wild_first or forced or needs_own):
        paid = bought()
        if paid:
            sources[paid[0]] = seat
            wild.add(paid[0])
            wilds.discard(seat)
        elif forced:  # stands in for one of his own letters, not a designated one
            designated = Counter(card for _, card in designations)
            spare = [i for i, s in enumerate(sources) if s == seat and i not in wild
                     and Counter(key[j] for j, t in enumerate(sources)
                                 if t == seat and j not in wild)[key[i]] > designated[key[i]]]
            if not spare:
                return None
            wild.add(spare[0])
            wilds.discard(seat)
    if seat not in sources:
        return None
    final = tuple(s for s in sources if s is not None)
    return final, tuple(sorted(wild))
