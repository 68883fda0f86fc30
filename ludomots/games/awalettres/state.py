"""Awalettres' position: its fields, declared once (JSON, copies and equality come from
core), the questions the rules and the views ask of it, and the dispatch of an action to the
module that plays it (turns.py: words, refills and the task queue; spells.py: spells and
WAYAMPOU; checks.py: legality).

What happens next is kept as a queue of `tasks` (a spell to give, a panic to calm, a spell to
cast, a letter to put back); each needs one player's decision, `turns.advance` runs them in
order and then moves the turn on.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from ludomots.core.errors import RuleError
from ludomots.core.game import Action, Event, State
from ludomots.core.jsonvalues import copy_json
from ludomots.core.options import options_to_json
from ludomots.core.rng import SeededRandom
from ludomots.core.statefields import options_codec, restates_record
from ludomots.games.awalettres import checks, spells, turns
from ludomots.games.awalettres.actions import (
    AwalettresOptions,
    Calm,
    Define,
    Exchange,
    Give,
    Marabout,
    Pass,
    Play,
    Return,
    Step,
    Vote,
    rule_error,
)
from ludomots.games.awalettres.cards import (
    SPELL_DRAW,
    VALUES,
    WILD,
    hand_value,
    letter_deck,
    spell_box,
    word_key,
)
from ludomots.games.awalettres.ledger import Ledger
from ludomots.games.awalettres.records import Designation, Task, WordRecord
from ludomots.games.awalettres.scoring import Outcome, evaluate
from ludomots.games.awalettres.search import Pool, accepted, exists

ELEPHANT_LENGTH = 4  # seed: "ne poser que des mots de 4 lettres"
MIN_LENGTH = 2  # seed: "former un mot, d'au moins 2 lettres"

# Public events kept in the state's `history` (the move log of the view, words apart: they are
# in `played`), so a page opened or reloaded mid-game shows every spell from the start.
HISTORY_EVENTS = frozenset({
    "first_player", "wayampou_result", "draw", "spell", "confusion_returned", "generosity",
    "calm", "exchange", "marabout", "returned", "spell_void", "marabout_void", "pass",
    "game_over"})
_HISTORY_DROP = ("moves", "cards", "grenier", "box", "scores", "detail", "authors", "votes",
                 "tally", "tied")


@dataclass(eq=False)
class AwalettresState(State):
    """The position: fields declared once; the per-seat lists get one entry per player."""

    options: AwalettresOptions = field(metadata=options_codec(AwalettresOptions))
    players: int
    rng: SeededRandom
    step: Step = "word"
    grenier: list[str] = field(default_factory=list)  # drawn from the end; its order is secret
    box: list[str] = field(default_factory=list)  # spells, drawn from the end; secret
    pending_spell: str | None = None  # drawn, not yet given
    discard: list[str] = field(default_factory=list)  # played letters and used spell draws
    spell_discard: list[str] = field(default_factory=list)
    hands: list[list[str]] = field(default_factory=list)
    held: list[list[str]] = field(default_factory=list)  # ÉCHANGE / MARABOUTAGE
    designations: list[list[Designation]] = field(default_factory=list)  # on each seat
    ledger: Ledger = field(default_factory=lambda: Ledger(0))
    first: int = 0
    current: int = 0  # the player to play, or whose turn is ending
    phase: str = "setup"  # what comes when the tasks are done: setup, end_turn, before_word
    tasks: list[Task] = field(default_factory=list)
    can_play: bool = True
    passes: int = 0
    turn: int = 0  # words and passes so far
    played: list[WordRecord] = field(default_factory=list)  # every word, public
    # HISTORY_EVENTS but words
    history: list[dict[str, Any]] = field(default_factory=list, metadata=restates_record())
    definitions: list[str | None] = field(default_factory=list)
    order: list[int] = field(default_factory=list)  # WAYAMPOU definitions shown: authors
    votes: list[int | None] = field(default_factory=list)
    end_reason: str | None = None

    def __post_init__(self) -> None:
        """A new table: one empty hand, spell list, designation list, sack, definition and
        vote per player."""
        players = self.players
        self.hands = self.hands or [[] for _ in range(players)]
        self.held = self.held or [[] for _ in range(players)]
        self.designations = self.designations or [[] for _ in range(players)]
        if len(self.ledger.sacks) != players:
            self.ledger = Ledger(players)
        self.definitions = self.definitions or [None] * players
        self.votes = self.votes or [None] * players

    # -- setting up --------------------------------------------------------------------------

    def start(self) -> list[Event]:
        """Shuffle the grenier and the box, then choose who starts (WAYAMPOU or at random)."""
        self.grenier = letter_deck()
        self.rng.shuffle(self.grenier)
        self.box = spell_box()
        self.rng.shuffle(self.box)
        if self.options.first_player == "wayampou":
            self.step = "define"
            return [Event("wayampou", {"players": self.players})]
        return self.deal(self.rng.randbelow(self.players))

    def deal(self, first: int) -> list[Event]:
        """Seed: each player draws enough cards to hold 7 letters, face up; the spells drawn
        are all played before the first word, in player order and drawing order (the player
        order starts with the first player: RULINGS ruling, docs)."""
        self.first = self.current = first
        self.phase = "setup"
        events = [Event("first_player", {"seat": first})]
        events += turns.refill(self, first)
        return events + turns.advance(self)

    # -- whose turn --------------------------------------------------------------------------

    def seat_order(self, start: int) -> list[int]:
        """Seats clockwise from `start` (increasing numbers)."""
        return [(start + k) % self.players for k in range(self.players)]

    def task_seat(self) -> int | None:
        return self.tasks[0].seat if self.tasks else None

    def to_act(self) -> frozenset[int]:
        if self.step == "define":
            return frozenset(s for s in range(self.players) if self.definitions[s] is None)
        if self.step == "vote":
            return frozenset(s for s in range(self.players) if self.votes[s] is None)
        if self.step == "over":
            return frozenset()
        if self.step == "word":
            return frozenset({self.current})
        seat = self.task_seat()
        assert seat is not None
        return frozenset({seat})

    def active_designations(self, seat: int) -> list[Designation]:
        return list(self.designations[seat])

    @property
    def from_caster(self) -> bool:
        """MARABOUTAGE designates a card of the caster's hand (else of the target's)."""
        return self.options.marabout_card == "caster"

    def pool(self, seat: int, required: bool = True) -> Pool:
        """The cards `seat` may use, with the cards MARABOUTAGE forces him to use."""
        designations = self.active_designations(seat) if required else []
        return Pool.designated(seat, self.hands, designations, self.from_caster)

    def marabout_owner(self, seat: int, target: int) -> int:
        """Whose hand the card designated by `seat`'s MARABOUTAGE on `target` comes from."""
        return seat if self.from_caster else target

    def length_range(self) -> tuple[int, int]:
        if self.options.elephant:
            return ELEPHANT_LENGTH, ELEPHANT_LENGTH
        return MIN_LENGTH, 99

    def word_possible(self, seat: int, required: bool = True) -> bool:
        low, high = self.length_range()
        return exists(self.lexicon, self.pool(seat, required), low, high)

    def _check(self, seat: int, action: Action) -> RuleError | None:
        return checks.check(self, seat, action)

    def outcome(self, seat: int, action: Play) -> Outcome:
        """What the word would do; RuleError when it is not a legal word now."""
        key = word_key(action.word)
        if key is None:
            raise rule_error("bad_word", "Un mot ne contient que des lettres (ni espace, ni "
                             "trait d’union, ni apostrophe).", word=action.word)
        low, high = self.length_range()
        if len(key) < MIN_LENGTH:
            raise rule_error("too_short", "Un mot a au moins 2 lettres.", word=action.word)
        if not low <= len(key) <= high:
            raise rule_error("elephant_length", "Variante de l’éléphant : seulement des mots "
                             "de 4 lettres.", word=action.word)
        result = evaluate(seat, key, action.sources, action.wild, self.hands,
                          self.active_designations(seat), self.from_caster)
        if not accepted(self.lexicon, key):
            raise rule_error("unknown_word", "Ce mot n’est pas dans le dictionnaire.",
                             word=action.word)
        return result

    def legal(self, seat: int) -> list[Action] | None:
        """Everything but words (and WAYAMPOU definitions, free text) is enumerated."""
        if seat not in self.to_act():
            return []
        if self.step == "word":
            return None if self.can_play else [Pass()]
        if self.step in ("define",):
            return None
        if self.step == "vote":
            return [Vote(i) for i, author in enumerate(self.order) if author != seat]
        if self.step == "give":
            return [Give(t) for t in range(self.players)]
        if self.step == "panic":
            return [Calm("pay", ""), Calm("shout", "pas de panique !")]
        if self.step == "trim":
            return [Return(c) for c in sorted(set(self.hands[seat]) - {WILD})]
        if self.step == "marabout":
            return [Marabout(t, c) for t in range(self.players) if t != seat
                    for c in sorted(set(self.hands[self.marabout_owner(seat, t)]))]
        actions: list[Action] = [Exchange("", None, "")]
        for target in range(self.players):
            if target == seat:
                continue
            for give in sorted(set(self.hands[seat])):
                for take in sorted(set(self.hands[target])):
                    action = Exchange(give, target, take)
                    if checks.check_exchange(self, seat, action) is None:
                        actions.append(action)
        return actions

    # -- playing -----------------------------------------------------------------------------

    def _apply(self, seat: int, action: Action) -> list[Event]:
        events = self._dispatch(seat, action)
        self.remember(events)
        return events

    def remember(self, events: list[Event]) -> None:
        """Keep the public events of HISTORY_EVENTS, without the cards drawn (a draw is kept
        only when it drew spells) nor what other fields restate."""
        for event in events:
            if event.type not in HISTORY_EVENTS or event.visible_to is not None or (
                    event.type == "draw" and not event.data.get("spells")):
                continue
            data = {k: copy_json(v) for k, v in event.data.items() if k not in _HISTORY_DROP}
            self.history.append({"type": event.type, "turn": self.turn, **data})

    def _dispatch(self, seat: int, action: Action) -> list[Event]:
        if isinstance(action, Play):
            return turns.play_word(self, seat, action)
        if isinstance(action, Pass):
            return turns.pass_turn(self, seat)
        if isinstance(action, Give):
            return spells.give(self, seat, action.target)
        if isinstance(action, Calm):
            return spells.calm(self, seat, action)
        if isinstance(action, Exchange):
            return spells.exchange(self, seat, action)
        if isinstance(action, Marabout):
            return spells.marabout(self, seat, action)
        if isinstance(action, Return):
            return spells.put_back(self, seat, action.card)
        if isinstance(action, Define):
            return spells.define(self, seat, action.text.strip())
        assert isinstance(action, Vote)
        return spells.vote(self, seat, action.choice)

    def _moves_event(self, kind: str, data: dict[str, Any]) -> Event:
        return Event(kind, {**data, "moves": self.ledger.take_moves()})

    def advance(self) -> list[Event]:
        """Resume a position built by hand (tests, analysis): run its tasks and move on."""
        return turns.advance(self)

    def shown_definitions(self) -> list[str]:
        return [str(self.definitions[author]) for author in self.order]

    # -- the end -----------------------------------------------------------------------------

    def is_over(self) -> bool:
        return self.step == "over"

    def score_detail(self) -> list[dict[str, int]]:
        """Per seat: sack, debts, credits, letters left (a CONFUSION counts 5), total."""
        out = []
        for seat in range(self.players):
            sack = self.ledger.sacks[seat]
            owed = self.ledger.owed(seat)
            credits = self.ledger.credits(seat) if self.options.credits_count else 0
            left = hand_value(self.hands[seat])
            out.append({"sack": sack, "debts": owed, "credits": credits, "hand": left,
                        "total": sack - owed + credits - left})
        return out

    def scores(self) -> list[int]:
        """RULINGS: seeds − debts − value of the letters left in hand (−5 for a CONFUSION)."""
        return [d["total"] for d in self.score_detail()]

    # -- views -------------------------------------------------------------------------------

    def view(self, seat: int | None) -> dict[str, Any]:
        """Hands are face up (seed: "face apparente"); the order of the grenier and of the box,
        the spell drawn before it is given (unless `blind_spell` is off, for its drawer),
        WAYAMPOU definitions before all are written and votes before all are cast, are not."""
        own = seat if seat is not None and 0 <= seat < self.players else None
        pending: dict[str, Any] | None = None
        if self.step == "give":
            pending = {"seat": self.task_seat(), "spell": None}
            if not self.options.blind_spell and own == self.task_seat():
                pending["spell"] = self.pending_spell
        wayampou: dict[str, Any] | None = None
        if self.options.first_player == "wayampou":
            revealed = self.step not in ("define", "vote")
            wayampou = {
                "written": [d is not None for d in self.definitions],
                "mine": self.definitions[own] if own is not None else None,
                "definitions": self.shown_definitions() if self.order else None,
                "my_index": self.order.index(own) if self.order and own is not None else None,
                "voted": [v is not None for v in self.votes],
                "my_vote": self.votes[own] if own is not None else None,
                "authors": list(self.order) if revealed else None,
                "votes": list(self.votes) if revealed else None,
            }
        grenier = Counter(self.grenier)
        return {
            "game": "awalettres",
            "players": self.players,
            "seat": seat,
            "step": self.step,
            "to_act": sorted(self.to_act()),
            "current": self.current,
            "first": self.first,
            "turn": self.turn,
            "hands": [list(h) for h in self.hands],
            "values": dict(VALUES),
            "held": [list(h) for h in self.held],
            "designations": [[list(d) for d in on] for on in self.designations],
            "sacks": list(self.ledger.sacks),
            "debts": [[list(d) for d in debts] for debts in self.ledger.debts],
            "grenier": len(self.grenier),
            "grenier_letters": {c: n for c, n in sorted(grenier.items()) if c != SPELL_DRAW},
            "spell_draws_left": grenier[SPELL_DRAW],
            "box": len(self.box),
            "spell_discard": sorted(self.spell_discard),
            "discard": len(self.discard),
            "pending_spell": pending,
            "tasks": [t.to_json() for t in self.tasks],
            "can_play": self.can_play if self.step == "word" else None,
            "passes": self.passes,
            "played": [p.to_json() for p in self.played],
            "history": copy_json(self.history),
            "wayampou": wayampou,
            "scores": self.scores(),
            "score_detail": self.score_detail(),
            "over": self.is_over(),
            "end_reason": self.end_reason,
            "winners": self.winners(),
            "options": options_to_json(self.options),
        }

