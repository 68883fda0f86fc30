"""Awalettres' spells and WAYAMPOU: a drawn spell kept or given, a panic calmed, ÉCHANGE,
MARABOUTAGE, a letter put back, the definitions and the vote (functions of the state)."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from ludomots.core.game import Event
from ludomots.games.awalettres import turns
from ludomots.games.awalettres.actions import Calm, Exchange, Marabout
from ludomots.games.awalettres.cards import (
    CONFUSION,
    CONFUSION_VALUE,
    ECHANGE,
    HAND_SIZE,
    MARABOUTAGE,
    PANIC_PRICE,
    PANIQUE,
    SPELL_NAMES,
    WILD,
    generosity,
    letter_count,
)
from ludomots.games.awalettres.ledger import POT
from ludomots.games.awalettres.records import Task

if TYPE_CHECKING:
    from ludomots.games.awalettres.state import AwalettresState


def give(state: AwalettresState, seat: int, target: int) -> list[Event]:
    """Seed: the drawer keeps the spell or gives it to an opponent; its holder plays it at
    once, but ÉCHANGE waits for his turn (before his word) and MARABOUTAGE for the end of
    his turn; in the initial deal every spell is played before the first word."""
    spell = state.pending_spell
    assert spell is not None
    state.pending_spell = None
    state.tasks.pop(0)
    events = [Event("spell", {"seat": seat, "target": target, "spell": spell,
                              "name": SPELL_NAMES[spell]})]
    if spell == CONFUSION:
        if WILD in state.hands[target]:  # seed: "Remettre chaque carte en trop dans la boîte"
            state.box.insert(state.rng.randbelow(len(state.box) + 1), CONFUSION)
            events.append(Event("confusion_returned", {"seat": target}))
        else:
            state.hands[target].append(WILD)
            state.hands[target].sort()
    elif spell == PANIQUE:
        state.spell_discard.append(spell)
        state.tasks.insert(0, Task("panic", target))
    elif spell in (ECHANGE, MARABOUTAGE):
        now = state.phase == "setup" or (spell == MARABOUTAGE and state.phase == "end_turn"
                                         and target == state.current)
        if now:
            state.tasks.insert(0, Task("cast", target, spell))
        else:
            state.held[target].append(spell)
    else:
        amount = generosity(spell)
        state.spell_discard.append(spell)
        for other in state.seat_order(target)[1:]:
            state.ledger.pay(target, other, amount)
        events.append(state._moves_event("generosity", {"seat": target, "amount": amount}))
    return events + turns.advance(state)


def calm(state: AwalettresState, seat: int, action: Calm) -> list[Event]:
    state.tasks.pop(0)
    if action.method == "pay":
        state.ledger.pay(seat, POT, PANIC_PRICE)
    events = [state._moves_event("calm", {"seat": seat, "method": action.method})]
    return events + turns.advance(state)


def exchange(state: AwalettresState, seat: int, action: Exchange) -> list[Event]:
    """Seed: swap one of his cards with an opponent's, no seeds change hands, except
    for a CONFUSION: whoever receives it pays 5 to the one he got it from (seed: "si elle
    fait l'objet d'un ECHANGE, le joueur qui la récupère donne 5 graines ... à celui à qui
    il l'a pris")."""
    state.tasks.pop(0)
    state.spell_discard.append(ECHANGE)
    if action.target is None:
        return [Event("exchange", {"seat": seat, "target": None})] + turns.advance(state)
    target = action.target
    state.hands[seat].remove(action.give)
    state.hands[target].remove(action.take)
    state.hands[seat] = sorted([*state.hands[seat], action.take])
    state.hands[target] = sorted([*state.hands[target], action.give])
    if action.take == WILD:
        state.ledger.pay(seat, target, CONFUSION_VALUE)
    if action.give == WILD:
        state.ledger.pay(target, seat, CONFUSION_VALUE)
    events = [state._moves_event("exchange", {"seat": seat, "target": target,
                                              "give": action.give, "take": action.take})]
    return events + turns.advance(state)


def marabout(state: AwalettresState, seat: int, action: Marabout) -> list[Event]:
    state.tasks.pop(0)
    state.spell_discard.append(MARABOUTAGE)
    state.designations[action.target].append((seat, action.card))
    events = [Event("marabout", {"seat": seat, "target": action.target,
                                 "card": action.card,
                                 "owner": state.marabout_owner(seat, action.target)})]
    return events + turns.advance(state)


def put_back(state: AwalettresState, seat: int, card: str) -> list[Event]:
    """A letter in excess goes back into the grenier, at a random place."""
    state.hands[seat].remove(card)
    state.grenier.insert(state.rng.randbelow(len(state.grenier) + 1), card)
    events = [Event("returned", {"seat": seat, "card": card, "grenier": len(state.grenier)})]
    if letter_count(state.hands[seat]) <= HAND_SIZE:
        state.tasks.pop(0)
    return events + turns.advance(state)


def define(state: AwalettresState, seat: int, text: str) -> list[Event]:
    state.definitions[seat] = text
    events = [Event("defined", {"seat": seat})]
    if state.to_act():
        return events
    state.order = list(range(state.players))
    state.rng.shuffle(state.order)
    state.step = "vote"
    return events + [Event("definitions", {"definitions": state.shown_definitions()})]


def vote(state: AwalettresState, seat: int, choice: int) -> list[Event]:
    """Most votes starts; a tie is drawn at random among the tied (RULINGS: ties
    redrawn)."""
    state.votes[seat] = choice
    events = [Event("voted", {"seat": seat})]
    if state.to_act():
        return events
    tally = Counter(state.order[c] for c in state.votes if c is not None)
    best = max(tally.values())
    tied = sorted(s for s in range(state.players) if tally[s] == best)
    first = tied[state.rng.randbelow(len(tied))] if len(tied) > 1 else tied[0]
    events.append(Event("wayampou_result", {
        "authors": list(state.order), "votes": list(state.votes),
        "tally": [tally[s] for s in range(state.players)], "tied": tied, "first": first}))
    return events + state.deal(first)
