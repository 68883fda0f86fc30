"""What a Vocabulon action does, once `checks.py` has let it through: secret words, the
die, the pawn, exchanges, the riddles, the end. Every public fact is logged in the history.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ludomots.core.game import Action, Event
from ludomots.games.vocabulon import board
from ludomots.games.vocabulon.actions import (
    ANSWERS_MAX,
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
from ludomots.games.vocabulon.answers import matched, spoken
from ludomots.games.vocabulon.groups import complete, letters_key
from ludomots.games.vocabulon.records import ChangeRequest, Exchange, Riddle, Said, Via
from ludomots.lexicon.fold import fold

if TYPE_CHECKING:
    from ludomots.games.vocabulon.state import VocabulonState

CLUE_NAMES = {"deuxieme": "deuxième lettre", "derniere": "dernière lettre"}


def apply(state: VocabulonState, seat: int, action: Action) -> list[Event]:
    """Play a checked action (`State.apply` calls this after `checks.check`)."""
    if isinstance(action, ChooseSecret):
        return choose_secret(state, seat, action.word)
    if isinstance(action, ChangeSecret):
        return change_secret(state, seat, action.word)
    if isinstance(action, Throw):
        return throw(state, seat)
    if isinstance(action, Move):
        return move(state, seat, action.cell)
    if isinstance(action, Pick):
        return start_riddle(state, action.group, "vocabulon")
    if isinstance(action, Propose):
        return propose(state, seat, action)
    if isinstance(action, Respond):
        return respond(state, seat, action.accept)
    if isinstance(action, Offer):
        return offer(state, seat, action)
    assert isinstance(action, Answer)
    return answer(state, seat, action.word)


def log(state: VocabulonState, entry: dict[str, Any]) -> dict[str, Any]:
    """Record a public fact in the history (views carry it) and return it for an event."""
    state.history.append(entry)
    return entry


def choose_secret(state: VocabulonState, seat: int, word: str) -> list[Event]:
    state.secrets[seat] = word.strip()
    events = [Event("secret_written", {"seat": seat, "word": word.strip()},
                    frozenset({seat})),
              Event("secret_ready", log(state, {"type": "secret_ready", "seat": seat}))]
    if any(s is None for s in state.secrets):
        return events
    return events + first_player(state)


def first_player(state: VocabulonState) -> list[Event]:
    """Seed, DÉBUT DU JEU: every player throws the die, the highest starts (RULINGS: ties
    throw again)."""
    contenders = list(range(state.players))
    throws: list[dict[str, int]] = []
    while True:
        faces = {seat: state.roll() for seat in contenders}
        throws.append({str(s): f for s, f in faces.items()})
        best = max(faces.values())
        contenders = [s for s in contenders if faces[s] == best]
        if len(contenders) == 1:
            break
    state.first_player = contenders[0]
    entry = log(state, {"type": "first_player", "seat": state.first_player, "throws": throws})
    return [Event("first_player", entry)] + start_turn(state, state.first_player)


def start_turn(state: VocabulonState, seat: int) -> list[Event]:
    if state.options.max_rounds and state.turn >= state.options.max_rounds * state.players:
        return game_over(state, "rounds")
    state.current = seat
    state.turn += 1
    state.step = "throw"
    state.face = None
    state.riddle = None
    state.exchange = None
    state.request = None
    return [Event("turn", {"seat": seat, "turn": state.turn})]


def next_turn(state: VocabulonState) -> list[Event]:
    return start_turn(state, (state.current + 1) % state.players)


def change_secret(state: VocabulonState, seat: int, word: str) -> list[Event]:
    """Seed: the word may be changed when its missing letter can no longer be won « et
    qu'aucun joueur ne veut lui échanger la lettre manquante »: the holders of a card of
    a missing group are asked first, in table order (`Offer`). A player without any
    letter card has nothing to exchange: his word changes at once."""
    groups = state.blocked(seat)
    holders = state.holders(seat, groups)
    if not holders or not state.held[seat]:
        return replace_secret(state, seat, word)
    state.asked_turn = state.turn
    state.request = ChangeRequest(seat, word.strip(), tuple(groups), tuple(holders))
    state.step = "offer"
    entry = log(state, {"type": "change_request", "seat": seat, "groups": list(groups),
                       "holders": list(holders)})
    return [Event("change_request", entry)]


def offer(state: VocabulonState, seat: int, action: Offer) -> list[Event]:
    request = state.request
    assert request is not None
    asker = request.seat
    if action.give:
        entry = log(state, {"type": "offer", "seat": seat, "to": asker,
                           "give": action.give, "take": action.take})
        state.exchange = Exchange(seat, asker, action.give, action.take, offer=True)
        state.step = "respond"
        return [Event("offer", entry)]
    entry = log(state, {"type": "offer", "seat": seat, "to": asker, "give": None,
                       "take": None})
    events = [Event("offer", entry)]
    state.request = replace(request, queue=request.queue[1:])
    if state.request.queue:
        return events
    state.request = None  # nobody will exchange the missing letter
    return events + replace_secret(state, asker, request.word)


def replace_secret(state: VocabulonState, seat: int, word: str) -> list[Event]:
    old = state.secret_of(seat)
    new = word.strip()
    state.former[seat].append(old)
    state.secrets[seat] = new
    state.public_secret[seat] = True
    state.lengths[seat] = len(letters_key(new) or new)
    entry = log(state, {"type": "secret_changed", "seat": seat, "old": old, "new": new})
    events = [Event("secret_changed", entry)]
    state.step = "throw"
    if state.options.change_ends_turn:
        return events + next_turn(state)
    return events


def throw(state: VocabulonState, seat: int) -> list[Event]:
    face = state.roll()
    state.face = face
    state.throws[seat] += 1
    state.step = "move"
    entry = log(state, {"type": "throw", "seat": seat, "face": face,
                       "steps": state.steps_of(face), "length": state.length_of(face)})
    events = [Event("throw", entry)]
    if state.reachable():
        return events
    events.append(Event("blocked", log(state, {"type": "blocked", "seat": seat,
                                              "face": face})))
    state.face = None
    if state.options.blocked == "rethrow":
        state.step = "throw"
        return events
    return events + next_turn(state)


def move(state: VocabulonState, seat: int, cell: int) -> list[Event]:
    path = state.reachable()[cell][0]
    state.positions[seat] = cell
    state.moved[seat] = True
    entry = log(state, {"type": "move", "seat": seat, "cell": cell, "path": list(path)})
    events = [Event("move", entry)]
    group = board.group_at(cell)
    if group is not None:
        if state.available()[group]:
            return events + start_riddle(state, group, "cell")
        events.append(Event("no_card", log(state, {"type": "no_card", "seat": seat,
                                                  "group": group})))
        return events + next_turn(state)
    if any(state.available().values()) or state.exchanges(seat):
        state.step = "vocabulon"
        return events
    return events + next_turn(state)


def propose(state: VocabulonState, seat: int, action: Propose) -> list[Event]:
    state.exchange = Exchange(seat, action.seat, action.give, action.take)
    state.step = "respond"
    return [Event("propose", log(state, {"type": "propose", **state.exchange.to_json()}))]


def respond(state: VocabulonState, seat: int, accept: bool) -> list[Event]:
    exchange = state.exchange
    assert exchange is not None
    entry = log(state, {"type": "exchange", **exchange.to_json(), "accepted": accept})
    events = [Event("exchange", entry)]
    state.exchange = None
    if exchange.offer:
        return events + close_offer(state, exchange, accept)
    if accept:
        swap(state, exchange)
        return events + after_cards(state)
    if any(state.available().values()):
        state.step = "pick"
        return events
    return events + next_turn(state)


def close_offer(state: VocabulonState, exchange: Exchange, accept: bool) -> list[Event]:
    """The asker answered an offer for his missing letter: accepted, the cards swap;
    refused, a player was willing all the same, so the word stays. Either way the request
    ends and the asker throws the die (unless the swap made a winner)."""
    state.request = None
    state.step = "throw"
    if not accept:
        return []
    swap(state, exchange)
    done = completed(state)
    if done:
        state.winners_ = done
        return game_over(state, "word")
    return []


def swap(state: VocabulonState, exchange: Exchange) -> None:
    state.held[exchange.giver].remove(exchange.give)
    state.held[exchange.giver].append(exchange.take)
    state.held[exchange.to].remove(exchange.take)
    state.held[exchange.to].append(exchange.give)


def completed(state: VocabulonState) -> list[int]:
    return [s for s in range(state.players) if complete(state.secret_of(s), state.held[s])]

# -- riddles -----------------------------------------------------------------------------


def start_riddle(state: VocabulonState, group: str, via: Via) -> list[Event]:
    """The player to the right draws the compartment's first card and reads the question
    of the die's number; the letter card of ``group`` is at stake."""
    assert state.face is not None
    card = state.sabot[group].pop(0)
    asked = state.current
    state.riddle = Riddle(group, card, state.length_of(state.face), asked,
                          (asked - 1) % state.players, via)
    state.step = "answer"
    question = state.question()
    assert question is not None
    entry = log(state, {"type": "riddle", "seat": asked, "group": group,
                       "reader": state.riddle.reader, "via": via,
                       "question": question.public(), "clue": state.clue()})
    return [Event("riddle", entry)]


def clue(state: VocabulonState) -> dict[str, str] | None:
    """The seed's extra clue (second or last letter) when the asked player gets one."""
    if state.riddle is None:
        return None
    clues = state.options.clues
    asked = state.riddle.asked
    kind = clues[asked] if asked < len(clues) else "aucun"
    if kind == "aucun":
        return None
    question = state.question()
    assert question is not None
    letters = fold(question.answer)
    letter = letters[1] if kind == "deuxieme" else letters[-1]
    return {"kind": kind, "name": CLUE_NAMES[kind], "letter": letter}


def alternates(state: VocabulonState) -> tuple[str, ...]:
    """The riddle's other right answers (option `riddle_alternates`): the words the deck
    found to fit the question as well as the card's, those that also fit the extra clue
    when one was read (with « deuxième lettre : I », LYS is no answer for LIS)."""
    question = state.question()
    if question is None or not state.options.riddle_alternates:
        return ()
    given = clue(state)
    if given is None:
        return question.also
    index = 1 if given["kind"] == "deuxieme" else -1
    return tuple(word for word in question.also if fold(word)[index] == given["letter"])


def answer(state: VocabulonState, seat: int, word: str) -> list[Event]:
    riddle = state.riddle
    question = state.question()
    assert riddle is not None and question is not None
    typed = word.strip()
    correct = matched(typed, question.answer, question.cls, alternates(state)) is not None
    if typed:
        riddle = state.riddle = replace(riddle, answers=riddle.answers + (Said(seat, typed),))
    entry = log(state, {"type": "answer", "seat": seat, "word": typed, "correct": correct})
    events = [Event("answer", entry)]
    if correct:
        state.held[seat].append(riddle.group)
        return events + close_riddle(state, seat)
    if state.step == "answer":
        riddle = state.riddle = replace(riddle, attempts=riddle.attempts + 1)
        limit = state.options.answers or ANSWERS_MAX
        if typed and riddle.attempts < limit:
            return events  # the sand-glass still runs: he may try again
        state.riddle = replace(riddle, queue=tuple((seat + k) % state.players
                                                   for k in range(1, state.players)))
        state.step = "others"
        return events
    state.riddle = replace(riddle, queue=riddle.queue[1:])
    if state.riddle.queue:
        return events
    return events + close_riddle(state, None)


def close_riddle(state: VocabulonState, winner: int | None) -> list[Event]:
    """The card goes back under its compartment; the letter card (if won) is in front of
    its winner; the turn ends."""
    riddle = state.riddle
    question = state.question()
    assert riddle is not None and question is not None
    state.sabot[riddle.group].append(riddle.card)
    shown = winner is not None or state.options.reveal_unfound
    entry = log(state, {"type": "solution", "winner": winner, "group": riddle.group,
                       "answer": spoken(question.answer, question.cls) if shown else None})
    state.riddle = None
    events = [Event("solution", entry)]
    if winner is None:
        return events + next_turn(state)
    return events + after_cards(state)


def after_cards(state: VocabulonState) -> list[Event]:
    """Seed, LE GAGNANT: the first player holding every letter card of his word wins (an
    exchange may complete two words at once: a shared win)."""
    done = completed(state)
    if done:
        state.winners_ = done
        return game_over(state, "word")
    return next_turn(state)


def game_over(state: VocabulonState, reason: str) -> list[Event]:
    state.step = "over"
    state.riddle = None
    state.exchange = None
    state.request = None
    state.face = None
    entry = log(state, {"type": "game_over", "reason": reason, "winners": list(state.winners_),
                       "secrets": list(state.secrets)})
    return [Event("game_over", entry)]
