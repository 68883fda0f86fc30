"""Awalettres: the game state, the turn, the spells and the end (seed awalettres.txt +
RULINGS.md; every interpretation is in docs/rules/awalettres.md).

A turn: the player to play first plays the ÉCHANGE spells he holds, then must form a word of at
least 2 letters with at least one of his own cards, taking letters from his opponents if he
likes (he pays them). The word's cards are discarded and everybody refills to 7 letters from the
grenier, starting with him; "tirage de sortilège" cards drawn on the way make each drawer take a
spell from the box, which he keeps or gives (without looking at it by default), in drawing
order, the new player's first (option `spell_order`). Then the MARABOUTAGE spells of the player
who just played are cast, and the next player (clockwise: increasing seat numbers) plays. The
game ends when the grenier is empty and the player to play cannot make a word, or has no card
left.

What happens next is kept as a queue of `tasks` (a spell to give, a panic to calm, a spell to
cast, a letter to put back); each needs one player's decision, `_advance` runs them in order
and then moves the turn on.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

from ludomots.core.errors import RuleError
from ludomots.core.game import Action, Event, Game, PlayedWord, State
from ludomots.core.jsonvalues import copy_json
from ludomots.core.options import options_to_json
from ludomots.core.rng import SeededRandom
from ludomots.core.text import printable
from ludomots.games.awalettres.actions import (
    CODEC,
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
from ludomots.games.awalettres.assign import assign
from ludomots.games.awalettres.cards import (
    CONFUSION,
    CONFUSION_VALUE,
    ECHANGE,
    HAND_SIZE,
    MARABOUTAGE,
    PANIC_PRICE,
    PANIQUE,
    SPELL_DRAW,
    SPELL_NAMES,
    VALUES,
    WILD,
    generosity,
    hand_value,
    letter_count,
    letter_deck,
    spell_box,
    word_key,
)
from ludomots.games.awalettres.ledger import POT, Ledger
from ludomots.games.awalettres.panic import is_panic_phrase
from ludomots.games.awalettres.scoring import Outcome, evaluate
from ludomots.games.awalettres.search import Pool, accepted, exists, first_playable, words
from ludomots.lexicon.lexicon import Lexicon
from ludomots.lexicon.policy import STANDARD

ELEPHANT_LENGTH = 4  # seed: "ne poser que des mots de 4 lettres"
MIN_LENGTH = 2  # seed: "former un mot, d'au moins 2 lettres"
MAX_DEFINITION = 200

_WRONG_ACTION: dict[str, str] = {
    "define": "Écrivez d’abord votre définition de WAYAMPOU.",
    "vote": "Votez pour la définition la plus crédible.",
    "give": "Gardez le sortilège tiré ou donnez-le à un adversaire.",
    "panic": "Pas de panique ! Payez 5 graines au pot ou criez « pas de panique ! ».",
    "trim": "Remettez une lettre en trop dans le grenier.",
    "exchange": "Jouez votre sortilège d’ÉCHANGE (ou renoncez-y) avant de poser votre mot.",
    "marabout": "Lancez votre MARABOUTAGE : désignez un adversaire et une carte.",
    "word": "Posez un mot.",
}


# Public events kept in the state's `history` (the move log of the view, words apart: they are
# in `played`), so a page opened or reloaded mid-game shows every spell from the start.
HISTORY_EVENTS = frozenset({
    "first_player", "wayampou_result", "draw", "spell", "confusion_returned", "generosity",
    "calm", "exchange", "marabout", "returned", "spell_void", "marabout_void", "pass",
    "game_over"})
_HISTORY_DROP = ("moves", "cards", "grenier", "box", "scores", "detail", "authors", "votes",
                 "tally", "tied")


def _card_name(card: str) -> str:
    return "CONFUSION" if card == WILD else card


class AwalettresState(State):
    def __init__(self, options: AwalettresOptions, players: int, rng: SeededRandom) -> None:
        self.options = options
        self.players = players
        self.rng = rng
        self.step: Step = "word"
        self.grenier: list[str] = []  # drawn from the end; its order is secret
        self.box: list[str] = []  # spells, drawn from the end; secret
        self.pending_spell: str | None = None  # drawn, not yet given
        self.discard: list[str] = []  # played letters and used spell draws
        self.spell_discard: list[str] = []
        self.hands: list[list[str]] = [[] for _ in range(players)]
        self.held: list[list[str]] = [[] for _ in range(players)]  # ÉCHANGE / MARABOUTAGE
        self.designations: list[list[list[Any]]] = [[] for _ in range(players)]  # [caster, card]
        self.ledger = Ledger(players)
        self.first = 0
        self.current = 0  # the player to play, or whose turn is ending
        self.phase = "setup"  # what comes when the tasks are done: setup, end_turn, before_word
        self.tasks: list[dict[str, Any]] = []
        self.can_play = True
        self.passes = 0
        self.turn = 0  # words and passes so far
        self.played: list[dict[str, Any]] = []  # every word, public
        self.history: list[dict[str, Any]] = []  # public events but words (HISTORY_EVENTS)
        self.definitions: list[str | None] = [None] * players
        self.order: list[int] = []  # WAYAMPOU definitions as shown: authors, shuffled
        self.votes: list[int | None] = [None] * players
        self.end_reason: str | None = None

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
        events += self._refill(first)
        return events + self._advance()

    # -- whose turn --------------------------------------------------------------------------

    def seat_order(self, start: int) -> list[int]:
        """Seats clockwise from `start` (increasing numbers)."""
        return [(start + k) % self.players for k in range(self.players)]

    def task_seat(self) -> int | None:
        return self.tasks[0]["seat"] if self.tasks else None

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

    def active_designations(self, seat: int) -> list[tuple[int, str]]:
        return [(int(c), str(card)) for c, card in self.designations[seat]]

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
        return exists(self.pool(seat, required), low, high)

    # -- legality ----------------------------------------------------------------------------

    def _check(self, seat: int, action: Action) -> RuleError | None:
        if not 0 <= seat < self.players:
            return rule_error("not_your_turn", "Vous n’êtes pas assis à cette table.")
        if self.step == "define" and isinstance(action, Define) and \
                self.definitions[seat] is not None:
            return rule_error("already_defined", "Vous avez déjà écrit votre définition.")
        if self.step == "vote" and isinstance(action, Vote) and self.votes[seat] is not None:
            return rule_error("already_voted", "Vous avez déjà voté.")
        if seat not in self.to_act():
            return rule_error("not_your_turn", "Ce n’est pas à vous de jouer.")
        if self.step == "word":
            return self._check_word(seat, action)
        expected: dict[str, type[Action]] = {
            "define": Define, "vote": Vote, "give": Give, "panic": Calm, "trim": Return,
            "exchange": Exchange, "marabout": Marabout}
        if not isinstance(action, expected[self.step]):
            return rule_error("wrong_action", _WRONG_ACTION[self.step])
        if isinstance(action, Define):
            return self._check_define(seat, action)
        if isinstance(action, Vote):
            return self._check_vote(seat, action)
        if isinstance(action, Give):
            return self._check_give(seat, action)
        if isinstance(action, Calm):
            return self._check_calm(seat, action)
        if isinstance(action, Return):
            return self._check_return(seat, action)
        if isinstance(action, Exchange):
            return self._check_exchange(seat, action)
        assert isinstance(action, Marabout)
        return self._check_marabout(seat, action)

    def _check_word(self, seat: int, action: Action) -> RuleError | None:
        if isinstance(action, Play):
            try:
                self.outcome(seat, action)
            except RuleError as exc:
                return exc
            return None
        if isinstance(action, Pass):
            if self.can_play:
                return rule_error("word_possible", "Un mot est possible : vous devez jouer.")
            return None
        return rule_error("wrong_action", _WRONG_ACTION["word"])

    def _check_define(self, seat: int, action: Define) -> RuleError | None:
        text = action.text.strip()
        if not text or len(text) > MAX_DEFINITION:
            return rule_error("bad_definition", "Écrivez une définition de 1 à "
                              f"{MAX_DEFINITION} caractères.")
        if not printable(text):
            return rule_error("bad_definition", "La définition contient des caractères non "
                              "autorisés.")
        return None

    def _check_vote(self, seat: int, action: Vote) -> RuleError | None:
        if not 0 <= action.choice < len(self.order):
            return rule_error("bad_vote", f"Votez pour une définition de 1 à {len(self.order)}.",
                              choice=action.choice)
        if self.order[action.choice] == seat:
            return rule_error("own_definition", "On ne vote pas pour sa propre définition.")
        return None

    def _check_give(self, seat: int, action: Give) -> RuleError | None:
        if not 0 <= action.target < self.players:
            return rule_error("bad_target", "Ce joueur n’existe pas.", target=action.target)
        return None

    def _check_calm(self, seat: int, action: Calm) -> RuleError | None:
        if action.method == "shout" and not is_panic_phrase(action.phrase):
            return rule_error("wrong_phrase", "Il faut crier exactement « pas de panique ! ».",
                              phrase=action.phrase)
        return None

    def _check_return(self, seat: int, action: Return) -> RuleError | None:
        if action.card == WILD or action.card not in self.hands[seat]:
            return rule_error("card_not_in_hand", "Remettez une de vos lettres.",
                              card=action.card)
        return None

    def _check_exchange(self, seat: int, action: Exchange) -> RuleError | None:
        if action.target is None:
            return None
        target = action.target
        if not 0 <= target < self.players or target == seat:
            return rule_error("bad_target", "Échangez avec un adversaire.", target=target)
        if action.give not in self.hands[seat] or \
                (action.give == WILD and not self.options.exchange_confusion):
            return rule_error("card_not_in_hand", "Donnez une de vos lettres.",
                              card=action.give)
        if action.take not in self.hands[target]:
            return rule_error("card_not_in_hand", f"Le joueur {target + 1} n’a pas cette "
                              "carte.", card=action.take)
        if (action.take == WILD and WILD in self.hands[seat]) or \
                (action.give == WILD and WILD in self.hands[target]):
            return rule_error("two_confusions", "On ne peut pas avoir deux CONFUSION à la "
                              "fois.")
        return None

    def _check_marabout(self, seat: int, action: Marabout) -> RuleError | None:
        target = action.target
        if not 0 <= target < self.players or target == seat:
            return rule_error("bad_target", "Lancez le MARABOUTAGE sur un adversaire.",
                              target=target)
        if self.from_caster and action.card not in self.hands[seat]:
            return rule_error("card_not_in_hand", "Désignez une carte de votre propre jeu.",
                              card=action.card)
        if not self.from_caster and action.card not in self.hands[target]:
            return rule_error("card_not_in_hand", f"Le joueur {target + 1} n’a pas cette "
                              "carte.", card=action.card)
        return None

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
        if not accepted(key):
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
                    if self._check_exchange(seat, action) is None:
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
            return self._play(seat, action)
        if isinstance(action, Pass):
            return self._pass(seat)
        if isinstance(action, Give):
            return self._give(seat, action.target)
        if isinstance(action, Calm):
            return self._calm(seat, action)
        if isinstance(action, Exchange):
            return self._exchange(seat, action)
        if isinstance(action, Marabout):
            return self._marabout(seat, action)
        if isinstance(action, Return):
            return self._return(seat, action.card)
        if isinstance(action, Define):
            return self._define(seat, action.text.strip())
        assert isinstance(action, Vote)
        return self._vote(seat, action.choice)

    def _moves_event(self, kind: str, data: dict[str, Any]) -> Event:
        return Event(kind, {**data, "moves": self.ledger.take_moves()})

    def _play(self, seat: int, action: Play) -> list[Event]:
        """Seed: own letters are collected, letters taken are paid to their owners, the bonus
        comes from the pot; the word's cards are discarded. The gains come first, so they
        repay the player's older debts before he pays for the letters he took (docs)."""
        result = self.outcome(seat, action)
        for source, used in result.cards.items():
            for card, n in used.items():
                for _ in range(n):
                    self.hands[source].remove(card)
            self.discard += [c for c in used.elements() if c != WILD]
            self.spell_discard += [CONFUSION] * used[WILD]
        self.ledger.gain(seat, result.gain)
        for caster, amount in result.pot_gains.items():
            self.ledger.gain(caster, amount)
        for payee, amount in result.payments.items():
            self.ledger.pay(seat, payee, amount)
        self.designations[seat] = []
        self.passes = 0
        self.turn += 1
        record = {**result.to_json(), "word": action.word.strip(), "key": result.key,
                  "sources": list(action.sources), "wild": list(action.wild),
                  "turn": self.turn}
        self.played.append(record)
        events = [self._moves_event("word", record)]
        return events + self._end_turn(seat)

    def _pass(self, seat: int) -> list[Event]:
        """No word possible while the grenier still has cards: the turn passes; a whole round
        of passes ends the game (docs: nothing could ever change)."""
        self.passes += 1
        self.turn += 1
        self.designations[seat] = []
        events = [Event("pass", {"seat": seat})]
        if self.passes >= self.players:
            return events + self._game_over("blocked")
        return events + self._end_turn(seat)

    def _end_turn(self, seat: int) -> list[Event]:
        """Everybody refills to 7 from the player who played, then the spells drawn are
        played, the new player's first (seed: "Les sortilèges sont joués dans l'ordre, le
        nouveau joueur étant le premier"; option `spell_order`), in drawing order, then his
        MARABOUTAGE spells (seed: "à la fin de son tour, après avoir joué et défaussé son mot,
        puis complété son tirage")."""
        self.current = seat
        self.phase = "end_turn"
        first = seat if self.options.spell_order == "last_player" else \
            (seat + 1) % self.players
        events = self._refill(seat, first)
        for _ in range(self.held[seat].count(MARABOUTAGE)):
            self.held[seat].remove(MARABOUTAGE)
            self.tasks.append({"type": "cast", "seat": seat, "spell": MARABOUTAGE})
        return events + self._advance()

    def _refill(self, start: int, spells_from: int | None = None) -> list[Event]:
        """Each player in turn, from `start`, draws until he holds 7 letters (a CONFUSION
        counts); a spell draw is put aside for later and he draws on. Then, with the option
        `trim_to_seven`, whoever holds more than 7 puts letters back while the grenier has
        cards (docs: an empty grenier is not reopened). The spells drawn are played from seat
        `spells_from` (default `start`) clockwise, each player's in drawing order."""
        events: list[Event] = []
        spells: dict[int, list[dict[str, Any]]] = {}
        trims: list[dict[str, Any]] = []
        for seat in self.seat_order(start):
            drawn: list[str] = []
            draws = 0
            while self.grenier and letter_count(self.hands[seat]) < HAND_SIZE:
                card = self.grenier.pop()
                if card == SPELL_DRAW:
                    self.discard.append(card)
                    spells.setdefault(seat, []).append({"type": "spell", "seat": seat})
                    draws += 1
                else:
                    self.hands[seat].append(card)
                    drawn.append(card)
            self.hands[seat].sort()
            if drawn or draws:
                events.append(Event("draw", {"seat": seat, "cards": drawn, "spells": draws,
                                             "grenier": len(self.grenier)}))
            if self.options.trim_to_seven and letter_count(self.hands[seat]) > HAND_SIZE:
                trims.append({"type": "trim", "seat": seat})
        order = self.seat_order(start if spells_from is None else spells_from)
        self.tasks += trims + [task for seat in order for task in spells.get(seat, [])]
        return events

    def advance(self) -> list[Event]:
        """Resume a position built by hand (tests, analysis): run its tasks and move on."""
        return self._advance()

    def _advance(self) -> list[Event]:
        """Run the tasks in order until one needs a decision; then move the turn on."""
        events: list[Event] = []
        while self.tasks:
            task = self.tasks[0]
            seat = task["seat"]
            kind = task["type"]
            if kind == "spell":
                if self.pending_spell is None:
                    if not self.box and self.spell_discard:
                        self.box = self.spell_discard
                        self.spell_discard = []
                        self.rng.shuffle(self.box)
                        events.append(Event("box_refilled", {"box": len(self.box)}))
                    if not self.box:
                        self.tasks.pop(0)
                        events.append(Event("box_empty", {"seat": seat}))
                        continue
                    self.pending_spell = self.box.pop()
                    events.append(Event("spell_drawn", {"seat": seat, "box": len(self.box)}))
                    if not self.options.blind_spell:
                        events.append(Event("spell_seen", {"spell": self.pending_spell},
                                            frozenset({seat})))
                self.step = "give"
                return events
            if kind == "panic":
                self.step = "panic"
                return events
            if kind == "trim":
                if self.grenier and letter_count(self.hands[seat]) > HAND_SIZE and \
                        any(c != WILD for c in self.hands[seat]):
                    self.step = "trim"
                    return events
                self.tasks.pop(0)
                continue
            # a held spell cast now: ÉCHANGE or MARABOUTAGE
            spell = task["spell"]
            if self._spell_has_effect(seat, spell):
                self.step = "exchange" if spell == ECHANGE else "marabout"
                return events
            self.tasks.pop(0)
            self.spell_discard.append(spell)
            events.append(Event("spell_void", {"seat": seat, "spell": spell}))
        return events + self._next_phase()

    def _spell_has_effect(self, seat: int, spell: str) -> bool:
        others = [s for s in range(self.players) if s != seat and self.hands[s]]
        if spell == ECHANGE:
            return bool(others) and any(c != WILD or self.options.exchange_confusion
                                        for c in self.hands[seat])
        return bool(others) and (bool(self.hands[seat]) or not self.from_caster)

    def _next_phase(self) -> list[Event]:
        if self.phase == "end_turn":
            self.current = (self.current + 1) % self.players
            return self._begin_turn()
        if self.phase == "setup":
            return self._begin_turn()
        return self._prepare_word()

    def _begin_turn(self) -> list[Event]:
        """Seed: ÉCHANGE "se joue avant d'avoir déposé son mot"."""
        seat = self.current
        self.phase = "before_word"
        events = [Event("turn", {"seat": seat, "turn": self.turn + 1})]
        for _ in range(self.held[seat].count(ECHANGE)):
            self.held[seat].remove(ECHANGE)
            self.tasks.append({"type": "cast", "seat": seat, "spell": ECHANGE})
        return events + self._advance()

    def _prepare_word(self) -> list[Event]:
        """The word step: a MARABOUTAGE whose card no word can use (or that is gone) has no
        effect (seed: "Un mot doit être possible, sinon il n'y a pas d'effet"); then the end
        (RULINGS: the grenier is empty and the player cannot form a word, or has no card)."""
        seat = self.current
        events: list[Event] = []
        kept: list[list[Any]] = []
        for caster, card in self.designations[seat]:
            self.designations[seat] = [*kept, [caster, card]]
            owner = self.marabout_owner(caster, seat)
            wanted = sum(1 for c, k in self.designations[seat]
                         if k == card and self.marabout_owner(c, seat) == owner)
            if self.hands[owner].count(card) >= wanted and self.word_possible(seat):
                kept.append([caster, card])
            else:
                events.append(Event("marabout_void", {"seat": seat, "caster": caster,
                                                      "card": card}))
        self.designations[seat] = kept
        self.can_play = bool(kept) or self.word_possible(seat)
        if not self.can_play and not self.grenier:
            return events + self._game_over("no_word" if self.hands[seat] else "no_card")
        self.step = "word"
        return events

    # -- spells ------------------------------------------------------------------------------

    def _give(self, seat: int, target: int) -> list[Event]:
        """Seed: the drawer keeps the spell or gives it to an opponent; its holder plays it at
        once, but ÉCHANGE waits for his turn (before his word) and MARABOUTAGE for the end of
        his turn; in the initial deal every spell is played before the first word."""
        spell = self.pending_spell
        assert spell is not None
        self.pending_spell = None
        self.tasks.pop(0)
        events = [Event("spell", {"seat": seat, "target": target, "spell": spell,
                                  "name": SPELL_NAMES[spell]})]
        if spell == CONFUSION:
            if WILD in self.hands[target]:  # seed: "Remettre chaque carte en trop dans la boîte"
                self.box.insert(self.rng.randbelow(len(self.box) + 1), CONFUSION)
                events.append(Event("confusion_returned", {"seat": target}))
            else:
                self.hands[target].append(WILD)
                self.hands[target].sort()
        elif spell == PANIQUE:
            self.spell_discard.append(spell)
            self.tasks.insert(0, {"type": "panic", "seat": target})
        elif spell in (ECHANGE, MARABOUTAGE):
            now = self.phase == "setup" or (spell == MARABOUTAGE and self.phase == "end_turn"
                                            and target == self.current)
            if now:
                self.tasks.insert(0, {"type": "cast", "seat": target, "spell": spell})
            else:
                self.held[target].append(spell)
        else:
            amount = generosity(spell)
            self.spell_discard.append(spell)
            for other in self.seat_order(target)[1:]:
                self.ledger.pay(target, other, amount)
            events.append(self._moves_event("generosity", {"seat": target, "amount": amount}))
        return events + self._advance()

    def _calm(self, seat: int, action: Calm) -> list[Event]:
        self.tasks.pop(0)
        if action.method == "pay":
            self.ledger.pay(seat, POT, PANIC_PRICE)
        events = [self._moves_event("calm", {"seat": seat, "method": action.method})]
        return events + self._advance()

    def _exchange(self, seat: int, action: Exchange) -> list[Event]:
        """Seed: swap one of his cards with an opponent's, no seeds change hands, except
        for a CONFUSION: whoever receives it pays 5 to the one he got it from (seed: "si elle
        fait l'objet d'un ECHANGE, le joueur qui la récupère donne 5 graines ... à celui à qui
        il l'a pris")."""
        self.tasks.pop(0)
        self.spell_discard.append(ECHANGE)
        if action.target is None:
            return [Event("exchange", {"seat": seat, "target": None})] + self._advance()
        target = action.target
        self.hands[seat].remove(action.give)
        self.hands[target].remove(action.take)
        self.hands[seat] = sorted([*self.hands[seat], action.take])
        self.hands[target] = sorted([*self.hands[target], action.give])
        if action.take == WILD:
            self.ledger.pay(seat, target, CONFUSION_VALUE)
        if action.give == WILD:
            self.ledger.pay(target, seat, CONFUSION_VALUE)
        events = [self._moves_event("exchange", {"seat": seat, "target": target,
                                                 "give": action.give, "take": action.take})]
        return events + self._advance()

    def _marabout(self, seat: int, action: Marabout) -> list[Event]:
        self.tasks.pop(0)
        self.spell_discard.append(MARABOUTAGE)
        self.designations[action.target].append([seat, action.card])
        events = [Event("marabout", {"seat": seat, "target": action.target,
                                     "card": action.card,
                                     "owner": self.marabout_owner(seat, action.target)})]
        return events + self._advance()

    def _return(self, seat: int, card: str) -> list[Event]:
        """A letter in excess goes back into the grenier, at a random place."""
        self.hands[seat].remove(card)
        self.grenier.insert(self.rng.randbelow(len(self.grenier) + 1), card)
        events = [Event("returned", {"seat": seat, "card": card, "grenier": len(self.grenier)})]
        if letter_count(self.hands[seat]) <= HAND_SIZE:
            self.tasks.pop(0)
        return events + self._advance()

    # -- WAYAMPOU ----------------------------------------------------------------------------

    def _define(self, seat: int, text: str) -> list[Event]:
        self.definitions[seat] = text
        events = [Event("defined", {"seat": seat})]
        if self.to_act():
            return events
        self.order = list(range(self.players))
        self.rng.shuffle(self.order)
        self.step = "vote"
        return events + [Event("definitions", {"definitions": self.shown_definitions()})]

    def shown_definitions(self) -> list[str]:
        return [str(self.definitions[author]) for author in self.order]

    def _vote(self, seat: int, choice: int) -> list[Event]:
        """Most votes starts; a tie is drawn at random among the tied (RULINGS: ties
        redrawn)."""
        self.votes[seat] = choice
        events = [Event("voted", {"seat": seat})]
        if self.to_act():
            return events
        tally = Counter(self.order[c] for c in self.votes if c is not None)
        best = max(tally.values())
        tied = sorted(s for s in range(self.players) if tally[s] == best)
        first = tied[self.rng.randbelow(len(tied))] if len(tied) > 1 else tied[0]
        events.append(Event("wayampou_result", {
            "authors": list(self.order), "votes": list(self.votes),
            "tally": [tally[s] for s in range(self.players)], "tied": tied, "first": first}))
        return events + self.deal(first)

    # -- the end -----------------------------------------------------------------------------

    def _game_over(self, reason: str) -> list[Event]:
        self.step = "over"
        self.tasks = []
        self.end_reason = reason
        return [Event("game_over", {"reason": reason, "seat": self.current,
                                    "scores": self.scores(), "winners": self.winners(),
                                    "detail": self.score_detail()})]

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
            "designations": copy_json(self.designations),
            "sacks": list(self.ledger.sacks),
            "debts": copy_json(self.ledger.debts),
            "grenier": len(self.grenier),
            "grenier_letters": {c: n for c, n in sorted(grenier.items()) if c != SPELL_DRAW},
            "spell_draws_left": grenier[SPELL_DRAW],
            "box": len(self.box),
            "spell_discard": sorted(self.spell_discard),
            "discard": len(self.discard),
            "pending_spell": pending,
            "tasks": [{k: v for k, v in t.items()} for t in self.tasks],
            "can_play": self.can_play if self.step == "word" else None,
            "passes": self.passes,
            "played": copy_json(self.played),
            "history": copy_json(self.history),
            "wayampou": wayampou,
            "scores": self.scores(),
            "score_detail": self.score_detail(),
            "over": self.is_over(),
            "end_reason": self.end_reason,
            "winners": self.winners(),
            "options": options_to_json(self.options),
        }

    # -- serialization -----------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return {
            "options": options_to_json(self.options),
            "players": self.players,
            "rng": self.rng.to_json(),
            "step": self.step,
            "grenier": list(self.grenier),
            "box": list(self.box),
            "pending_spell": self.pending_spell,
            "discard": list(self.discard),
            "spell_discard": list(self.spell_discard),
            "hands": [list(h) for h in self.hands],
            "held": [list(h) for h in self.held],
            "designations": copy_json(self.designations),
            "ledger": self.ledger.to_json(),
            "first": self.first,
            "current": self.current,
            "phase": self.phase,
            "tasks": copy_json(self.tasks),
            "can_play": self.can_play,
            "passes": self.passes,
            "turn": self.turn,
            "played": copy_json(self.played),
            "history": copy_json(self.history),
            "definitions": list(self.definitions),
            "order": list(self.order),
            "votes": list(self.votes),
            "end_reason": self.end_reason,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any], *,
                  lexicon: Lexicon | None = None) -> AwalettresState:
        options = GAME.coerce_options(data["options"])
        state = cls(options, data["players"], SeededRandom.from_json(data["rng"]))
        state.step = data["step"]
        state.grenier = list(data["grenier"])
        state.box = list(data["box"])
        state.pending_spell = data["pending_spell"]
        state.discard = list(data["discard"])
        state.spell_discard = list(data["spell_discard"])
        state.hands = [list(h) for h in data["hands"]]
        state.held = [list(h) for h in data["held"]]
        state.designations = copy_json(data["designations"])
        state.ledger = Ledger.from_json(data["ledger"])
        state.first = data["first"]
        state.current = data["current"]
        state.phase = data["phase"]
        state.tasks = copy_json(data["tasks"])
        state.can_play = data["can_play"]
        state.passes = data["passes"]
        state.turn = data["turn"]
        state.played = copy_json(data["played"])
        state.history = copy_json(data.get("history", []))
        state.definitions = list(data["definitions"])
        state.order = list(data["order"])
        state.votes = list(data["votes"])
        state.end_reason = data["end_reason"]
        return state.referee_with(lexicon)

    def digest_json(self) -> dict[str, Any]:
        data = self.to_json()
        del data["history"]  # restates the recorded actions
        return data

    def clone(self) -> AwalettresState:
        return AwalettresState.from_json(self.to_json(), lexicon=self._lexicon)


class Awalettres(Game[AwalettresState]):
    name = "awalettres"
    title = "Awalettres"
    options_type = AwalettresOptions
    min_players = 2
    max_players = 6
    action_codec = CODEC
    view_logs = ("played", "history")  # they only grow: updates carry the new entries
    policy = STANDARD
    bots_entry = "ludomots.games.awalettres.bots:BOTS"
    rules_file = Path(__file__).with_name("regles.md")
    terminal_entry = "ludomots.tui.awalettres.cli:awalettres"

    def _new(self, options: Any, players: int, seed: int, lexicon: Lexicon) -> AwalettresState:
        state = AwalettresState(options, players, SeededRandom(seed)).referee_with(lexicon)
        state.remember(state.start())
        return state

    def played_words(self, state: State) -> list[PlayedWord]:
        """Each word played, with the seeds it gained (before payments)."""
        assert isinstance(state, AwalettresState)
        return [PlayedWord(p["seat"], p["word"], p["gain"]) for p in state.played]

    def preview(self, state: State, seat: int, action: Action) -> dict[str, Any]:
        """For a proposed word: legal or not (the French message), and the seeds it would
        collect, pay to each opponent and earn as a bonus. Never applies anything."""
        assert isinstance(state, AwalettresState)
        if not isinstance(action, Play):
            return {"legal": False, "error": "bad_action", "message": "Aperçu impossible."}
        error = state.check(seat, action)
        if error is not None:
            return {"legal": False, "error": error.code, "message": error.message}
        result = state.outcome(seat, action)
        return {"legal": True, "error": None, "message": None, **result.to_json()}

    def time_limit(self, state: State, seat: int) -> float | None:
        """PAS DE PANIQUE: the panicked seat has `panic_seconds` to pay or shout (0: no
        limit); at the deadline the table plays `timeout_action`, which pays."""
        assert isinstance(state, AwalettresState)
        seconds = state.options.panic_seconds
        if state.step == "panic" and seat in state.to_act() and seconds > 0:
            return float(seconds)
        return None

    def timeout_action(self, state: State, seat: int) -> Action | None:
        """Out of time: keep the spell, pay the panic, decline the exchange, designate the
        dearest card of his own hand (option `"target"`: of the next opponent) to the next
        opponent, put back the dearest letter, vote for the first other definition, write
        "?"; for the word, the first word the automaton finds with the player's letters first
        (compulsory), or pass when none is possible."""
        assert isinstance(state, AwalettresState)
        if seat not in state.to_act():
            return None
        step = state.step
        if step == "define":
            return Define("?")
        if step == "vote":
            return next(Vote(i) for i, a in enumerate(state.order) if a != seat)
        if step == "give":
            return Give(seat)
        if step == "panic":
            return Calm("pay", "")
        if step == "exchange":
            return Exchange("", None, "")
        if step == "trim":
            return Return(max((c for c in state.hands[seat] if c != WILD),
                              key=lambda c: (VALUES[c], c)))
        if step == "marabout":
            target = next(t for t in state.seat_order(seat)[1:] if state.hands[t])
            hand = state.hands[state.marabout_owner(seat, target)]
            card = max(hand, key=lambda c: (VALUES.get(c, CONFUSION_VALUE), c))
            return Marabout(target, card)
        return first_word(state, seat)


def first_word(state: AwalettresState, seat: int) -> Action:
    """The first playable word the automaton finds, with the usual choice of cards; Pass
    when no word is possible."""
    if not state.can_play:
        return Pass()
    low, high = state.length_range()
    designations = state.active_designations(seat)
    pool = state.pool(seat)
    for key in [*first_playable(pool, low, high), *words(pool, low, high)]:
        cards = assign(seat, key, state.hands, designations, from_caster=state.from_caster)
        if cards is not None:
            action = Play(key, *cards)
            if state.check(seat, action) is None:
                return action
    raise RuntimeError("a word was possible but none was found")  # pragma: no cover


GAME = Awalettres()

__all__ = ["CODEC", "GAME", "Awalettres", "AwalettresOptions", "AwalettresState", "Calm",
           "Define", "Exchange", "Give", "Marabout", "Pass", "Play", "Return", "Vote"]
