"""Awalettres' turn: a word or a pass, the refill from the grenier, the queue of tasks run in
order, the next player, the word step and the end (functions of the state; seed
awalettres.txt + RULINGS.md, readings in docs/rules/awalettres.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludomots.core.game import Event
from ludomots.games.awalettres.actions import Play
from ludomots.games.awalettres.cards import (
    CONFUSION,
    ECHANGE,
    HAND_SIZE,
    MARABOUTAGE,
    SPELL_DRAW,
    WILD,
    letter_count,
)
from ludomots.games.awalettres.records import Designation, Task, WordRecord

if TYPE_CHECKING:
    from ludomots.games.awalettres.state import AwalettresState


def play_word(state: AwalettresState, seat: int, action: Play) -> list[Event]:
    """Seed: own letters are collected, letters taken are paid to their owners, the bonus
    comes from the pot; the word's cards are discarded. The gains come first, so they
    repay the player's older debts before he pays for the letters he took (docs)."""
    result = state.outcome(seat, action)
    for source, used in result.cards.items():
        for card, n in used.items():
            for _ in range(n):
                state.hands[source].remove(card)
        state.discard += [c for c in used.elements() if c != WILD]
        state.spell_discard += [CONFUSION] * used[WILD]
    state.ledger.gain(seat, result.gain)
    for caster, amount in result.pot_gains.items():
        state.ledger.gain(caster, amount)
    for payee, amount in result.payments.items():
        state.ledger.pay(seat, payee, amount)
    state.designations[seat] = []
    state.passes = 0
    state.turn += 1
    record = WordRecord(seat, action.word.strip(), result.collected, result.bonus, result.gain,
                        dict(result.payments), dict(result.pot_gains), result.net,
                        {s: tuple(sorted(c.elements())) for s, c in result.cards.items()},
                        result.key, tuple(action.sources), tuple(action.wild), state.turn)
    state.played.append(record)
    events = [state._moves_event("word", record.to_json())]
    return events + end_turn(state, seat)


def pass_turn(state: AwalettresState, seat: int) -> list[Event]:
    """No word possible while the grenier still has cards: the turn passes; a whole round
    of passes ends the game (docs: nothing could ever change)."""
    state.passes += 1
    state.turn += 1
    state.designations[seat] = []
    events = [Event("pass", {"seat": seat})]
    if state.passes >= state.players:
        return events + game_over(state, "blocked")
    return events + end_turn(state, seat)


def end_turn(state: AwalettresState, seat: int) -> list[Event]:
    """Everybody refills to 7 from the player who played, then the spells drawn are
    played, the new player's first (seed: "Les sortilèges sont joués dans l'ordre, le
    nouveau joueur étant le premier"; option `spell_order`), in drawing order, then his
    MARABOUTAGE spells (seed: "à la fin de son tour, après avoir joué et défaussé son mot,
    puis complété son tirage")."""
    state.current = seat
    state.phase = "end_turn"
    first = seat if state.options.spell_order == "last_player" else \
        (seat + 1) % state.players
    events = refill(state, seat, first)
    for _ in range(state.held[seat].count(MARABOUTAGE)):
        state.held[seat].remove(MARABOUTAGE)
        state.tasks.append(Task("cast", seat, MARABOUTAGE))
    return events + advance(state)


def refill(state: AwalettresState, start: int, spells_from: int | None = None) -> list[Event]:
    """Each player in turn, from `start`, draws until he holds 7 letters (a CONFUSION
    counts); a spell draw is put aside for later and he draws on. Then, with the option
    `trim_to_seven`, whoever holds more than 7 puts letters back while the grenier has
    cards (docs: an empty grenier is not reopened). The spells drawn are played from seat
    `spells_from` (default `start`) clockwise, each player's in drawing order."""
    events: list[Event] = []
    spells: dict[int, list[Task]] = {}
    trims: list[Task] = []
    for seat in state.seat_order(start):
        drawn: list[str] = []
        draws = 0
        while state.grenier and letter_count(state.hands[seat]) < HAND_SIZE:
            card = state.grenier.pop()
            if card == SPELL_DRAW:
                state.discard.append(card)
                spells.setdefault(seat, []).append(Task("spell", seat))
                draws += 1
            else:
                state.hands[seat].append(card)
                drawn.append(card)
        state.hands[seat].sort()
        if drawn or draws:
            events.append(Event("draw", {"seat": seat, "cards": drawn, "spells": draws,
                                         "grenier": len(state.grenier)}))
        if state.options.trim_to_seven and letter_count(state.hands[seat]) > HAND_SIZE:
            trims.append(Task("trim", seat))
    order = state.seat_order(start if spells_from is None else spells_from)
    state.tasks += trims + [task for seat in order for task in spells.get(seat, [])]
    return events


def advance(state: AwalettresState) -> list[Event]:
    """Run the tasks in order until one needs a decision; then move the turn on."""
    events: list[Event] = []
    while state.tasks:
        task = state.tasks[0]
        seat = task.seat
        kind = task.type
        if kind == "spell":
            if state.pending_spell is None:
                if not state.box and state.spell_discard:
                    state.box = state.spell_discard
                    state.spell_discard = []
                    state.rng.shuffle(state.box)
                    events.append(Event("box_refilled", {"box": len(state.box)}))
                if not state.box:
                    state.tasks.pop(0)
                    events.append(Event("box_empty", {"seat": seat}))
                    continue
                state.pending_spell = state.box.pop()
                events.append(Event("spell_drawn", {"seat": seat, "box": len(state.box)}))
                if not state.options.blind_spell:
                    events.append(Event("spell_seen", {"spell": state.pending_spell},
                                        frozenset({seat})))
            state.step = "give"
            return events
        if kind == "panic":
            state.step = "panic"
            return events
        if kind == "trim":
            if state.grenier and letter_count(state.hands[seat]) > HAND_SIZE and \
                    any(c != WILD for c in state.hands[seat]):
                state.step = "trim"
                return events
            state.tasks.pop(0)
            continue
        # a held spell cast now: ÉCHANGE or MARABOUTAGE
        spell = task.spell
        assert spell is not None
        if spell_has_effect(state, seat, spell):
            state.step = "exchange" if spell == ECHANGE else "marabout"
            return events
        state.tasks.pop(0)
        state.spell_discard.append(spell)
        events.append(Event("spell_void", {"seat": seat, "spell": spell}))
    return events + next_phase(state)


def spell_has_effect(state: AwalettresState, seat: int, spell: str) -> bool:
    others = [s for s in range(state.players) if s != seat and state.hands[s]]
    if spell == ECHANGE:
        return bool(others) and any(c != WILD or state.options.exchange_confusion
                                    for c in state.hands[seat])
    return bool(others) and (bool(state.hands[seat]) or not state.from_caster)


def next_phase(state: AwalettresState) -> list[Event]:
    if state.phase == "end_turn":
        state.current = (state.current + 1) % state.players
        return begin_turn(state)
    if state.phase == "setup":
        return begin_turn(state)
    return prepare_word(state)


def begin_turn(state: AwalettresState) -> list[Event]:
    """Seed: ÉCHANGE "se joue avant d'avoir déposé son mot"."""
    seat = state.current
    state.phase = "before_word"
    events = [Event("turn", {"seat": seat, "turn": state.turn + 1})]
    for _ in range(state.held[seat].count(ECHANGE)):
        state.held[seat].remove(ECHANGE)
        state.tasks.append(Task("cast", seat, ECHANGE))
    return events + advance(state)


def prepare_word(state: AwalettresState) -> list[Event]:
    """The word step: a MARABOUTAGE whose card no word can use (or that is gone) has no
    effect (seed: "Un mot doit être possible, sinon il n'y a pas d'effet"); then the end
    (RULINGS: the grenier is empty and the player cannot form a word, or has no card)."""
    seat = state.current
    events: list[Event] = []
    kept: list[Designation] = []
    for caster, card in state.designations[seat]:
        state.designations[seat] = [*kept, (caster, card)]
        owner = state.marabout_owner(caster, seat)
        wanted = sum(1 for c, k in state.designations[seat]
                     if k == card and state.marabout_owner(c, seat) == owner)
        if state.hands[owner].count(card) >= wanted and state.word_possible(seat):
            kept.append((caster, card))
        else:
            events.append(Event("marabout_void", {"seat": seat, "caster": caster,
                                                  "card": card}))
    state.designations[seat] = kept
    state.can_play = bool(kept) or state.word_possible(seat)
    if not state.can_play and not state.grenier:
        return events + game_over(state, "no_word" if state.hands[seat] else "no_card")
    state.step = "word"
    return events


def game_over(state: AwalettresState, reason: str) -> list[Event]:
    state.step = "over"
    state.tasks = []
    state.end_reason = reason
    return [Event("game_over", {"reason": reason, "seat": state.current,
                                "scores": state.scores(), "winners": state.winners(),
                                "detail": state.score_detail()})]
