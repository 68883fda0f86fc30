"""Choosing the cards of a word: whose letters, and where a CONFUSION stands in.

A player who types "APRES" means: my letters where I have them, the others' where I do not,
a CONFUSION where nobody has the letter. `assign` turns a word into the `Play` fields that way
(the terminal, the clock's timeout and the bots use it); a player who wants other cards names
them explicitly. Cards a MARABOUTAGE designates in a caster's hand are taken from him first.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ludomots.games.awalettres.cards import VALUES, WILD


def assign(seat: int, key: str, hands: Sequence[Sequence[str]],
           designations: Sequence[tuple[int, str]] = (), payees: Sequence[int] | None = None,
           own_wild_first: bool = False, from_caster: bool = True
           ) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
    """(sources, wild) for `seat` playing `key`, or None when the cards do not allow it.

    The letters a MARABOUTAGE designates in a caster's hand (`from_caster`) first; then own
    letters; then the opponents' in `payees` order (default: from the player's left); then
    the CONFUSION a MARABOUTAGE designates, his own, an opponent's. A designated CONFUSION
    left over stands in for the dearest letter he would pay for, else for one of his own.
    `own_wild_first` puts the player's CONFUSION in place of the dearest letter he would
    otherwise pay for. His own CONFUSION forced by a MARABOUTAGE (option `"target"`), or the
    need for one own card, is placed last."""
    players = len(hands)
    order = list(payees) if payees is not None else \
        [(seat + k) % players for k in range(1, players)]
    left = [Counter(c for c in hand if c != WILD) for hand in hands]
    wilds = {s for s in range(players) if WILD in hands[s]}
    sources: list[int | None] = [None] * len(key)
    wild: set[int] = set()
    imposed: list[int] = []  # casters whose CONFUSION must be played
    if from_caster:
        for caster, card in designations:
            if card == WILD:
                imposed.append(caster)
                continue
            free = next((i for i, letter in enumerate(key)
                         if letter == card and sources[i] is None), None)
            if free is None or not left[caster][card]:
                return None
            left[caster][card] -= 1
            sources[free] = caster
    for i, letter in enumerate(key):
        if sources[i] is None and left[seat][letter]:
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
        giver = next((s for s in [*imposed, seat, *order] if s in wilds), None)
        if giver is None:
            return None
        wilds.discard(giver)
        sources[i] = giver
        wild.add(i)

    pinned = _pinned(key, sources, designations) if from_caster else set()

    def bought() -> list[int]:  # positions paid to an opponent, dearest first
        return sorted((i for i, s in enumerate(sources) if s != seat and i not in wild
                       and i not in pinned), key=lambda i: -VALUES[key[i]])

    for caster in imposed:
        if caster not in wilds:  # it already stands in for a letter nobody had
            continue
        paid = bought()
        if paid:
            spot = paid[0]
        else:  # in place of his cheapest own letter, if he keeps another
            mine = sorted((i for i, s in enumerate(sources) if s == seat and i not in wild),
                          key=lambda i: (VALUES[key[i]], i))
            if len(mine) < 2:
                return None
            spot = mine[0]
        sources[spot] = caster
        wild.add(spot)
        wilds.discard(caster)

    forced = not from_caster and any(card == WILD for _, card in designations)
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


def _pinned(key: str, sources: Sequence[int | None],
            designations: Sequence[tuple[int, str]]) -> set[int]:
    """Positions holding the letters the MARABOUTAGE spells make the player take."""
    pinned: set[int] = set()
    for caster, card in designations:
        spot = next((i for i, letter in enumerate(key) if letter == card
                     and sources[i] == caster and i not in pinned), None)
        if spot is not None:
            pinned.add(spot)
    return pinned
