"""Vocabulon: the game state, its turn and the riddles (seed vocabulon.txt + RULINGS.md).

Every player first writes a secret word (`ChooseSecret`, all at once, hidden). The die decides
who starts. A turn: the player throws the die (`Throw`; before it he may change a secret word
that can no longer be completed, `ChangeSecret`, once the players holding the missing letter
have refused to exchange it, `Offer`), moves his pawn exactly that many cells
(`Move`; the engine lists the reachable cells and paths), and on a letter cell answers a riddle
of that compartment whose word has the die's length (`Answer`, as often as the sand-glass
allows; "" gives up). A miss lets the others answer once each, in table order. On a VOCABULON
cell he chooses the letter card to play for (`Pick`) or proposes an exchange (`Propose`), which
the other player accepts or refuses (`Respond`). The first player holding every letter card of
his secret word wins.
"""

from __future__ import annotations

from collections.abc import Hashable
from pathlib import Path
from typing import Any

from ludomots.core.errors import RuleError
from ludomots.core.game import Action, Event, Game, State
from ludomots.core.jsonvalues import copy_json
from ludomots.core.options import OptionError, options_to_json
from ludomots.core.rng import SeededRandom
from ludomots.games.vocabulon import board
from ludomots.games.vocabulon.actions import (
    ANSWERS_MAX,
    CODEC,
    Answer,
    ChangeSecret,
    ChooseSecret,
    Move,
    Offer,
    Pick,
    Propose,
    Respond,
    Step,
    Throw,
    VocabulonOptions,
    rule_error,
)
from ludomots.games.vocabulon.answers import answer_error, is_correct, spoken
from ludomots.games.vocabulon.deck import CARDS_PER_COMPARTMENT, Deck, Question, load_deck
from ludomots.games.vocabulon.groups import GROUPS, complete, letters_key, missing
from ludomots.games.vocabulon.secret import (
    LENGTH_CHANGE,
    blocked_groups,
    change_error,
    sabot_counts,
    word_error,
)
from ludomots.lexicon.fold import fold
from ludomots.lexicon.lexicon import Lexicon
from ludomots.lexicon.policy import UNCONJUGATED

_WRONG_ACTION: dict[str, str] = {
    "secret": "Écrivez d'abord votre mot secret.",
    "throw": "Lancez le dé (ou changez de mot secret s'il ne peut plus être complété).",
    "move": "Choisissez la case où va votre pion.",
    "vocabulon": "Case VOCABULON : choisissez une carte-lettre ou proposez un échange.",
    "respond": "Acceptez ou refusez l'échange proposé.",
    "pick": "L'échange a été refusé : choisissez une carte-lettre disponible.",
    "answer": "Répondez à l'énigme (ou dites que vous ne savez pas).",
    "others": "Donnez votre réponse à l'énigme (ou passez).",
    "offer": "Un joueur demande la lettre qui lui manque : proposez-lui un échange ou "
             "refusez.",
}
CLUE_NAMES = {"deuxieme": "deuxième lettre", "derniere": "dernière lettre"}


class VocabulonState(State):
    def __init__(self, options: VocabulonOptions, players: int, rng: SeededRandom) -> None:
        self.options = options
        self.players = players
        self.rng = rng
        self.deck_level = options.deck
        self.sabot: dict[str, list[int]] = {g: list(range(CARDS_PER_COMPARTMENT))
                                            for g in GROUPS}
        self.lengths = [options.word_length + (options.handicaps[s] if options.handicaps else 0)
                        for s in range(players)]
        self.secrets: list[str | None] = [None] * players
        self.public_secret = [False] * players
        self.former: list[list[str]] = [[] for _ in range(players)]
        self.positions = [board.START] * players
        self.moved = [False] * players  # has left the start
        self.throws = [0] * players  # dice thrown to move (from the second the way is free)
        self.held: list[list[str]] = [[] for _ in range(players)]
        self.step: Step = "secret"
        self.current = 0
        self.first_player = 0
        self.turn = 0  # turns started, all players together
        self.face: int | None = None  # the die of this turn
        self.riddle: dict[str, Any] | None = None
        self.exchange: dict[str, Any] | None = None
        # A change of secret word waiting for the holders of the missing letter: the asker,
        # his new word (his secret until the change is made), the groups, who is still asked.
        self.request: dict[str, Any] | None = None
        self.asked_turn = 0  # the turn in which the player to play last asked (0: never)
        self.winners_: list[int] = []
        self.history: list[dict[str, Any]] = []

    # -- the deck and the die ----------------------------------------------------------------

    @property
    def deck(self) -> Deck:
        return load_deck(self.deck_level)

    def shuffle_compartments(self) -> None:
        """Préparatifs 3: the 33 cards of each category in their compartment, in random order."""
        for group in GROUPS:
            self.rng.shuffle(self.sabot[group])

    def roll(self) -> int:
        return self.rng.randint(3, 8) if self.options.die == "3-8" else self.rng.randint(1, 6)

    def steps_of(self, face: int) -> int:
        """Cells the pawn moves: the die's count."""
        return face

    def length_of(self, face: int) -> int:
        """The question number, i.e. the word's length (RULINGS: faces 3-8 are lengths)."""
        return face if self.options.die == "3-8" else face + 2

    # -- derived facts -----------------------------------------------------------------------

    def available(self) -> dict[str, int]:
        """Letter cards still in the sabot, by group."""
        return sabot_counts(self.held)

    def reachable(self) -> dict[int, list[board.Path]]:
        """Where the current player's pawn may go with this turn's die, with the paths."""
        if self.step != "move" or self.face is None:
            return {}
        return self.paths_for(self.current, self.face)

    def first_throw(self, seat: int) -> bool:
        """Is the die just thrown the seat's first? Seed: « lors du deuxième lancer de dé (et
        des suivants) » the pawn may go either way, whether or not the first throw moved it."""
        return self.throws[seat] <= 1

    def paths_for(self, seat: int, face: int) -> dict[int, list[board.Path]]:
        others = {p for s, p in enumerate(self.positions) if s != seat}
        return board.paths(self.positions[seat], self.steps_of(face), self.first_throw(seat),
                           self.options.first_throw, others)

    def secret_of(self, seat: int) -> str:
        secret = self.secrets[seat]
        assert secret is not None
        return secret

    def blocked(self, seat: int) -> list[str]:
        """Groups of the seat's secret word that can no longer be won from the sabot."""
        secret = self.secrets[seat]
        if secret is None:
            return []
        return blocked_groups(secret, self.held[seat], self.available())

    def exchanges(self, seat: int) -> list[Propose]:
        """Every exchange ``seat`` may propose (one of his cards for another player's)."""
        out = []
        for other in range(self.players):
            if other == seat:
                continue
            for give in sorted(set(self.held[seat]), key=GROUPS.index):
                for take in sorted(set(self.held[other]), key=GROUPS.index):
                    if give != take:
                        out.append(Propose(other, give, take))
        return out

    def question(self) -> Question | None:
        """The riddle's question (answer included: engine side only)."""
        if self.riddle is None:
            return None
        card = self.deck.card(self.riddle["group"], self.riddle["card"])
        return card.question(self.riddle["length"])

    # -- whose turn --------------------------------------------------------------------------

    def to_act(self) -> frozenset[int]:
        if self.step == "secret":
            return frozenset(s for s in range(self.players) if self.secrets[s] is None)
        if self.step == "respond":
            assert self.exchange is not None
            return frozenset({self.exchange["to"]})
        if self.step == "answer":
            assert self.riddle is not None
            return frozenset({self.riddle["asked"]})
        if self.step == "others":
            assert self.riddle is not None
            return frozenset({self.riddle["queue"][0]})
        if self.step == "offer":
            assert self.request is not None
            return frozenset({self.request["queue"][0]})
        if self.step == "over":
            return frozenset()
        return frozenset({self.current})

    # -- legality ----------------------------------------------------------------------------

    def _check(self, seat: int, action: Action) -> RuleError | None:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players:
            return rule_error("not_your_turn", "Vous n'êtes pas assis à cette table.")
        if self.step == "secret" and isinstance(action, ChooseSecret) and \
                self.secrets[seat] is not None:
            return rule_error("already_chosen", "Vous avez déjà écrit votre mot secret.")
        if seat not in self.to_act():
            return rule_error("not_your_turn", "Ce n'est pas à vous de jouer.")
        check = {
            "secret": self._check_secret,
            "throw": self._check_throw,
            "move": self._check_move,
            "vocabulon": self._check_vocabulon,
            "pick": self._check_vocabulon,
            "respond": self._check_respond,
            "answer": self._check_answer,
            "others": self._check_answer,
            "offer": self._check_offer,
        }[self.step]
        return check(seat, action)

    def _wrong(self) -> RuleError:
        return rule_error("wrong_action", _WRONG_ACTION[self.step], step=self.step)

    def _check_secret(self, seat: int, action: Action) -> RuleError | None:
        if not isinstance(action, ChooseSecret):
            return self._wrong()
        return word_error(action.word, self.lengths[seat])

    def _check_throw(self, seat: int, action: Action) -> RuleError | None:
        if isinstance(action, Throw):
            return None
        if isinstance(action, ChangeSecret):
            error = change_error(self.secret_of(seat), action.word, self.held[seat],
                                 self.available())
            if error is None and self.asked_turn == self.turn:
                return rule_error("already_asked", "Vous avez déjà demandé la lettre qui vous "
                                  "manque ce tour-ci : lancez le dé.")
            return error
        return self._wrong()

    def _check_move(self, seat: int, action: Action) -> RuleError | None:
        if not isinstance(action, Move):
            return self._wrong()
        if not board.is_cell(action.cell):
            return rule_error("bad_cell", "Cette case n'existe pas.", cell=action.cell)
        reachable = self.reachable()
        if action.cell not in reachable:
            if action.cell in self.positions and action.cell != self.positions[seat] and \
                    action.cell in self.paths_for_all_cells(seat):
                return rule_error("cell_occupied", "Un autre pion occupe cette case : on peut "
                                  "la dépasser, pas s'y arrêter.", cell=action.cell)
            assert self.face is not None
            return rule_error("unreachable_cell", f"Votre pion ne peut pas atteindre "
                              f"{board.cell_name(action.cell)} en exactement "
                              f"{self.steps_of(self.face)} cases.", cell=action.cell,
                              reachable=sorted(reachable))
        return None

    def paths_for_all_cells(self, seat: int) -> set[int]:
        """Destinations of this throw if no pawn stood in the way (to tell an occupied cell
        from an unreachable one)."""
        assert self.face is not None
        return set(board.paths(self.positions[seat], self.steps_of(self.face),
                               self.first_throw(seat), self.options.first_throw))

    def _check_vocabulon(self, seat: int, action: Action) -> RuleError | None:
        if isinstance(action, Pick):
            if action.group not in GROUPS:
                return rule_error("bad_group", f"« {action.group} » n'est pas une carte-lettre "
                                  f"({', '.join(GROUPS)}).", group=action.group)
            if self.available()[action.group] == 0:
                return rule_error("no_card_left", f"Les trois cartes-lettre {action.group} ont "
                                  "déjà été gagnées.", group=action.group)
            return None
        if isinstance(action, Propose) and self.step == "vocabulon":
            return self._check_propose(seat, action)
        if isinstance(action, Propose):
            return rule_error("exchange_refused", "Votre échange a été refusé : il ne reste que "
                              "le choix d'une carte-lettre.")
        return self._wrong()

    def _check_propose(self, seat: int, action: Propose) -> RuleError | None:
        other = action.seat
        if isinstance(other, bool) or not isinstance(other, int) or \
                not 0 <= other < self.players or other == seat:
            return rule_error("bad_partner", "Proposez l'échange à un autre joueur de la table.",
                              seat=other)
        return self._swap_error(seat, other, action.give, action.take)

    def _swap_error(self, seat: int, other: int, give: str, take: str) -> RuleError | None:
        """Why `seat` cannot give his card `give` for `other`'s card `take`, or None."""
        if give not in self.held[seat]:
            return rule_error("card_not_held", f"Vous n'avez pas de carte-lettre "
                              f"« {give} » à donner.", group=give)
        if take not in self.held[other]:
            return rule_error("card_not_held_by_partner", f"Ce joueur n'a pas de carte-lettre "
                              f"« {take} ».", group=take, seat=other)
        if give == take:
            return rule_error("same_card", "Échanger une carte contre la même ne change rien.")
        return None

    def _check_respond(self, seat: int, action: Action) -> RuleError | None:
        return None if isinstance(action, Respond) else self._wrong()

    def _check_offer(self, seat: int, action: Action) -> RuleError | None:
        if not isinstance(action, Offer):
            return self._wrong()
        if not action.give:
            return None
        request = self.request
        assert request is not None
        asker = request["seat"]
        if action.give not in request["groups"]:
            return rule_error("not_the_missing_letter", f"{self._name(asker)} demande une "
                              f"carte-lettre {', '.join(request['groups'])}.",
                              group=action.give)
        return self._swap_error(seat, asker, action.give, action.take)

    @staticmethod
    def _name(seat: int) -> str:
        return f"Le joueur {seat + 1}"

    def holders(self, seat: int, groups: list[str]) -> list[int]:
        """The other players holding a card of one of `groups`, in table order from `seat`'s
        left."""
        order = [(seat + k) % self.players for k in range(1, self.players)]
        return [s for s in order if any(g in self.held[s] for g in groups)]

    def offers(self, seat: int) -> list[Offer]:
        """What the holder asked may answer: refuse, or one of his cards of a missing group
        for one of the asker's cards."""
        assert self.request is not None
        asker = self.request["seat"]
        out = [Offer("", "")]
        for give in self.request["groups"]:
            if give in self.held[seat]:
                out += [Offer(give, take) for take in sorted(set(self.held[asker]),
                                                             key=GROUPS.index) if take != give]
        return out

    def _check_answer(self, seat: int, action: Action) -> RuleError | None:
        return answer_error(action.word.strip()) if isinstance(action, Answer) \
            else self._wrong()

    def legal(self, seat: int) -> list[Action] | None:
        """Enumerated where the choices are few; None where a word is typed (secret words,
        answers) or may be (a secret word may be changed before the throw)."""
        if seat not in self.to_act():
            return []
        if self.step == "throw":
            return None if self.blocked(seat) else [Throw()]
        if self.step == "move":
            return [Move(c) for c in self.reachable()]
        if self.step in ("vocabulon", "pick"):
            picks: list[Action] = [Pick(g) for g, n in self.available().items() if n]
            if self.step == "vocabulon":
                picks += self.exchanges(seat)
            return picks
        if self.step == "respond":
            return [Respond(True), Respond(False)]
        if self.step == "offer":
            return list(self.offers(seat))
        return None

    # -- playing -----------------------------------------------------------------------------

    def _apply(self, seat: int, action: Action) -> list[Event]:
        if isinstance(action, ChooseSecret):
            return self._choose_secret(seat, action.word)
        if isinstance(action, ChangeSecret):
            return self._change_secret(seat, action.word)
        if isinstance(action, Throw):
            return self._throw(seat)
        if isinstance(action, Move):
            return self._move(seat, action.cell)
        if isinstance(action, Pick):
            return self._start_riddle(action.group, "vocabulon")
        if isinstance(action, Propose):
            return self._propose(seat, action)
        if isinstance(action, Respond):
            return self._respond(seat, action.accept)
        if isinstance(action, Offer):
            return self._offer(seat, action)
        assert isinstance(action, Answer)
        return self._answer(seat, action.word)

    def _log(self, entry: dict[str, Any]) -> dict[str, Any]:
        """Record a public fact in the history (views carry it) and return it for an event."""
        self.history.append(entry)
        return entry

    def _choose_secret(self, seat: int, word: str) -> list[Event]:
        self.secrets[seat] = word.strip()
        events = [Event("secret_written", {"seat": seat, "word": word.strip()},
                        frozenset({seat})),
                  Event("secret_ready", self._log({"type": "secret_ready", "seat": seat}))]
        if any(s is None for s in self.secrets):
            return events
        return events + self._first_player()

    def _first_player(self) -> list[Event]:
        """Seed, DÉBUT DU JEU: every player throws the die, the highest starts (RULINGS: ties
        throw again)."""
        contenders = list(range(self.players))
        throws: list[dict[str, int]] = []
        while True:
            faces = {seat: self.roll() for seat in contenders}
            throws.append({str(s): f for s, f in faces.items()})
            best = max(faces.values())
            contenders = [s for s in contenders if faces[s] == best]
            if len(contenders) == 1:
                break
        self.first_player = contenders[0]
        entry = self._log({"type": "first_player", "seat": self.first_player, "throws": throws})
        return [Event("first_player", entry)] + self._start_turn(self.first_player)

    def _start_turn(self, seat: int) -> list[Event]:
        if self.options.max_rounds and self.turn >= self.options.max_rounds * self.players:
            return self._game_over("rounds")
        self.current = seat
        self.turn += 1
        self.step = "throw"
        self.face = None
        self.riddle = None
        self.exchange = None
        self.request = None
        return [Event("turn", {"seat": seat, "turn": self.turn})]

    def _next_turn(self) -> list[Event]:
        return self._start_turn((self.current + 1) % self.players)

    def _change_secret(self, seat: int, word: str) -> list[Event]:
        """Seed: the word may be changed when its missing letter can no longer be won « et
        qu'aucun joueur ne veut lui échanger la lettre manquante »: the holders of a card of
        a missing group are asked first, in table order (`Offer`). A player without any
        letter card has nothing to exchange: his word changes at once."""
        groups = self.blocked(seat)
        holders = self.holders(seat, groups)
        if not holders or not self.held[seat]:
            return self._replace_secret(seat, word)
        self.asked_turn = self.turn
        self.request = {"seat": seat, "word": word.strip(), "groups": groups, "queue": holders}
        self.step = "offer"
        entry = self._log({"type": "change_request", "seat": seat, "groups": list(groups),
                           "holders": list(holders)})
        return [Event("change_request", entry)]

    def _offer(self, seat: int, action: Offer) -> list[Event]:
        request = self.request
        assert request is not None
        asker = request["seat"]
        if action.give:
            entry = self._log({"type": "offer", "seat": seat, "to": asker,
                               "give": action.give, "take": action.take})
            self.exchange = {"from": seat, "to": asker, "give": action.give,
                             "take": action.take, "offer": True}
            self.step = "respond"
            return [Event("offer", entry)]
        entry = self._log({"type": "offer", "seat": seat, "to": asker, "give": None,
                           "take": None})
        events = [Event("offer", entry)]
        request["queue"].pop(0)
        if request["queue"]:
            return events
        self.request = None  # nobody will exchange the missing letter
        return events + self._replace_secret(asker, request["word"])

    def _replace_secret(self, seat: int, word: str) -> list[Event]:
        old = self.secret_of(seat)
        new = word.strip()
        self.former[seat].append(old)
        self.secrets[seat] = new
        self.public_secret[seat] = True
        self.lengths[seat] = len(letters_key(new) or new)
        entry = self._log({"type": "secret_changed", "seat": seat, "old": old, "new": new})
        events = [Event("secret_changed", entry)]
        self.step = "throw"
        if self.options.change_ends_turn:
            return events + self._next_turn()
        return events

    def _throw(self, seat: int) -> list[Event]:
        face = self.roll()
        self.face = face
        self.throws[seat] += 1
        self.step = "move"
        entry = self._log({"type": "throw", "seat": seat, "face": face,
                           "steps": self.steps_of(face), "length": self.length_of(face)})
        events = [Event("throw", entry)]
        if self.reachable():
            return events
        events.append(Event("blocked", self._log({"type": "blocked", "seat": seat,
                                                  "face": face})))
        self.face = None
        if self.options.blocked == "rethrow":
            self.step = "throw"
            return events
        return events + self._next_turn()

    def _move(self, seat: int, cell: int) -> list[Event]:
        path = self.reachable()[cell][0]
        self.positions[seat] = cell
        self.moved[seat] = True
        entry = self._log({"type": "move", "seat": seat, "cell": cell, "path": list(path)})
        events = [Event("move", entry)]
        group = board.group_at(cell)
        if group is not None:
            if self.available()[group]:
                return events + self._start_riddle(group, "cell")
            events.append(Event("no_card", self._log({"type": "no_card", "seat": seat,
                                                      "group": group})))
            return events + self._next_turn()
        if any(self.available().values()) or self.exchanges(seat):
            self.step = "vocabulon"
            return events
        return events + self._next_turn()

    def _propose(self, seat: int, action: Propose) -> list[Event]:
        self.exchange = {"from": seat, "to": action.seat, "give": action.give,
                         "take": action.take}
        self.step = "respond"
        return [Event("propose", self._log({"type": "propose", **self.exchange}))]

    def _respond(self, seat: int, accept: bool) -> list[Event]:
        exchange = self.exchange
        assert exchange is not None
        entry = self._log({"type": "exchange", **exchange, "accepted": accept})
        events = [Event("exchange", entry)]
        self.exchange = None
        if exchange.get("offer"):
            return events + self._close_offer(exchange, accept)
        if accept:
            self._swap(exchange)
            return events + self._after_cards()
        if any(self.available().values()):
            self.step = "pick"
            return events
        return events + self._next_turn()

    def _close_offer(self, exchange: dict[str, Any], accept: bool) -> list[Event]:
        """The asker answered an offer for his missing letter: accepted, the cards swap;
        refused, a player was willing all the same, so the word stays. Either way the request
        ends and the asker throws the die (unless the swap made a winner)."""
        self.request = None
        self.step = "throw"
        if not accept:
            return []
        self._swap(exchange)
        done = self._completed()
        if done:
            self.winners_ = done
            return self._game_over("word")
        return []

    def _swap(self, exchange: dict[str, Any]) -> None:
        self.held[exchange["from"]].remove(exchange["give"])
        self.held[exchange["from"]].append(exchange["take"])
        self.held[exchange["to"]].remove(exchange["take"])
        self.held[exchange["to"]].append(exchange["give"])

    def _completed(self) -> list[int]:
        return [s for s in range(self.players) if complete(self.secret_of(s), self.held[s])]

    # -- riddles -----------------------------------------------------------------------------

    def _start_riddle(self, group: str, via: str) -> list[Event]:
        """The player to the right draws the compartment's first card and reads the question
        of the die's number; the letter card of ``group`` is at stake."""
        assert self.face is not None
        card = self.sabot[group].pop(0)
        asked = self.current
        self.riddle = {"group": group, "card": card, "length": self.length_of(self.face),
                       "asked": asked, "reader": (asked - 1) % self.players, "via": via,
                       "attempts": 0, "answers": [], "queue": []}
        self.step = "answer"
        question = self.question()
        assert question is not None
        entry = self._log({"type": "riddle", "seat": asked, "group": group,
                           "reader": self.riddle["reader"], "via": via,
                           "question": question.public(), "clue": self.clue()})
        return [Event("riddle", entry)]

    def clue(self) -> dict[str, str] | None:
        """The seed's extra clue (second or last letter) when the asked player gets one."""
        if self.riddle is None:
            return None
        clues = self.options.clues
        asked = self.riddle["asked"]
        kind = clues[asked] if asked < len(clues) else "aucun"
        if kind == "aucun":
            return None
        question = self.question()
        assert question is not None
        letters = fold(question.answer)
        letter = letters[1] if kind == "deuxieme" else letters[-1]
        return {"kind": kind, "name": CLUE_NAMES[kind], "letter": letter}

    def _answer(self, seat: int, word: str) -> list[Event]:
        riddle = self.riddle
        question = self.question()
        assert riddle is not None and question is not None
        typed = word.strip()
        correct = is_correct(typed, question.answer, question.cls)
        if typed:
            riddle["answers"].append({"seat": seat, "word": typed})
        entry = self._log({"type": "answer", "seat": seat, "word": typed, "correct": correct})
        events = [Event("answer", entry)]
        if correct:
            self.held[seat].append(riddle["group"])
            return events + self._close_riddle(seat)
        if self.step == "answer":
            riddle["attempts"] += 1
            limit = self.options.answers or ANSWERS_MAX
            if typed and riddle["attempts"] < limit:
                return events  # the sand-glass still runs: he may try again
            riddle["queue"] = [(seat + k) % self.players for k in range(1, self.players)]
            self.step = "others"
            return events
        riddle["queue"].pop(0)
        if riddle["queue"]:
            return events
        return events + self._close_riddle(None)

    def _close_riddle(self, winner: int | None) -> list[Event]:
        """The card goes back under its compartment; the letter card (if won) is in front of
        its winner; the turn ends."""
        riddle = self.riddle
        question = self.question()
        assert riddle is not None and question is not None
        self.sabot[riddle["group"]].append(riddle["card"])
        shown = winner is not None or self.options.reveal_unfound
        entry = self._log({"type": "solution", "winner": winner, "group": riddle["group"],
                           "answer": spoken(question.answer, question.cls) if shown else None})
        self.riddle = None
        events = [Event("solution", entry)]
        if winner is None:
            return events + self._next_turn()
        return events + self._after_cards()

    def _after_cards(self) -> list[Event]:
        """Seed, LE GAGNANT: the first player holding every letter card of his word wins (an
        exchange may complete two words at once: a shared win)."""
        done = self._completed()
        if done:
            self.winners_ = done
            return self._game_over("word")
        return self._next_turn()

    def _game_over(self, reason: str) -> list[Event]:
        self.step = "over"
        self.riddle = None
        self.exchange = None
        self.request = None
        self.face = None
        entry = self._log({"type": "game_over", "reason": reason, "winners": list(self.winners_),
                           "secrets": list(self.secrets)})
        return [Event("game_over", entry)]

    # -- the end -----------------------------------------------------------------------------

    def is_over(self) -> bool:
        return self.step == "over"

    def scores(self) -> list[int]:
        """Letter cards held: public, so it says nothing of the secret words."""
        return [len(cards) for cards in self.held]

    def winners(self) -> list[int]:
        """The players who completed their word; nobody when the round limit ended the game."""
        return list(self.winners_) if self.is_over() else []

    # -- views -------------------------------------------------------------------------------

    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know. The riddle's answer is never shown before it is revealed
        (the history then has it); secret words are their owner's until changed (then public)
        or until the game is over; the order of the cards in the sabot is nobody's."""
        own = seat if seat is not None and 0 <= seat < self.players else None
        over = self.is_over()
        reachable = [{"cell": c, "code": board.cell_code(c), "name": board.cell_name(c),
                      "group": board.group_at(c), "paths": [list(p) for p in paths]}
                     for c, paths in self.reachable().items()]
        riddle = None
        if self.riddle is not None:
            question = self.question()
            assert question is not None
            riddle = {k: self.riddle[k] for k in ("group", "length", "asked", "reader", "via",
                                                  "attempts")}
            # Its answers are in the history (a log sent once), not repeated here.
            riddle.update(question=question.public(), clue=self.clue(),
                          queue=list(self.riddle["queue"]))
        secret = self.secrets[own] if own is not None else None
        request = None
        if self.request is not None:
            request = {k: copy_json(self.request[k]) for k in ("seat", "groups", "queue")}
            if own == self.request["seat"]:
                request["word"] = self.request["word"]
        return {
            "game": "vocabulon",
            "players": self.players,
            "seat": seat,
            "step": self.step,
            "to_act": sorted(self.to_act()),
            "current": self.current,
            "first_player": self.first_player,
            "turn": self.turn,
            "positions": list(self.positions),
            "moved": list(self.moved),
            "throws": list(self.throws),
            "face": self.face,
            "steps": self.steps_of(self.face) if self.face is not None else None,
            "length": self.length_of(self.face) if self.face is not None else None,
            "reachable": reachable,
            "sabot": self.available(),
            "held": [list(cards) for cards in self.held],
            "secret": secret,
            "missing": self._missing(own),
            "blocked": self.blocked(own) if own is not None else [],
            "secret_lengths": list(self.lengths),
            "written": [s is not None for s in self.secrets],
            "public_secrets": [w if (self.public_secret[s] or over) else None
                               for s, w in enumerate(self.secrets)],
            "former_secrets": [list(words) for words in self.former],
            "riddle": riddle,
            "exchange": dict(self.exchange) if self.exchange is not None else None,
            "request": request,
            "change_asked": self.asked_turn == self.turn and self.step == "throw",
            "history": [copy_json(entry) for entry in self.history],
            "scores": self.scores(),
            "over": over,
            "winners": self.winners(),
            "options": options_to_json(self.options),
        }

    def _missing(self, seat: int | None) -> dict[str, int]:
        if seat is None or self.secrets[seat] is None:
            return {}
        return dict(missing(self.secret_of(seat), self.held[seat]))

    # -- serialization -----------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return {
            "options": options_to_json(self.options),
            "players": self.players,
            "rng": self.rng.to_json(),
            "sabot": {g: list(cards) for g, cards in self.sabot.items()},
            "lengths": list(self.lengths),
            "secrets": list(self.secrets),
            "public_secret": list(self.public_secret),
            "former": [list(w) for w in self.former],
            "positions": list(self.positions),
            "moved": list(self.moved),
            "throws": list(self.throws),
            "held": [list(c) for c in self.held],
            "step": self.step,
            "current": self.current,
            "first_player": self.first_player,
            "turn": self.turn,
            "face": self.face,
            "riddle": copy_json(self.riddle),
            "exchange": copy_json(self.exchange),
            "request": copy_json(self.request),
            "asked_turn": self.asked_turn,
            "winners": list(self.winners_),
            "history": copy_json(self.history),
        }

    def digest_json(self) -> dict[str, Any]:
        """The history only restates the record: left out of the digest."""
        data = self.to_json()
        del data["history"]
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any], *,
                  lexicon: Lexicon | None = None) -> VocabulonState:
        options = GAME.coerce_options(data["options"])
        state = cls(options, data["players"], SeededRandom.from_json(data["rng"]))
        state.sabot = {g: list(cards) for g, cards in data["sabot"].items()}
        state.lengths = list(data["lengths"])
        state.secrets = list(data["secrets"])
        state.public_secret = list(data["public_secret"])
        state.former = [list(w) for w in data["former"]]
        state.positions = list(data["positions"])
        state.moved = list(data["moved"])
        # (a state saved before throws were counted: a pawn that moved had thrown)
        state.throws = list(data.get("throws", [int(m) for m in data["moved"]]))
        state.held = [list(c) for c in data["held"]]
        state.step = data["step"]
        state.current = data["current"]
        state.first_player = data["first_player"]
        state.turn = data["turn"]
        state.face = data["face"]
        state.riddle = copy_json(data["riddle"])
        state.exchange = copy_json(data["exchange"])
        state.request = copy_json(data.get("request"))
        state.asked_turn = int(data.get("asked_turn", 0))
        state.winners_ = list(data["winners"])
        state.history = copy_json(data["history"])
        return state.referee_with(lexicon)

    def clone(self) -> VocabulonState:
        return VocabulonState.from_json(self.to_json(), lexicon=self._lexicon)


class Vocabulon(Game[VocabulonState]):
    name = "vocabulon"
    title = "Vocabulon"
    options_type = VocabulonOptions
    min_players = 2
    max_players = 4
    action_codec = CODEC
    view_logs = ("history",)
    policy = UNCONJUGATED  # RULINGS.md: no conjugated verb
    bots_entry = "ludomots.games.vocabulon.bots:BOTS"
    rules_file = Path(__file__).with_name("regles.md")
    terminal_entry = "ludomots.tui.vocabulon.cli:vocabulon"

    def _new(self, options: Any, players: int, seed: int, lexicon: Lexicon) -> VocabulonState:
        assert isinstance(options, VocabulonOptions)
        if options.handicaps and len(options.handicaps) != players:
            raise OptionError(f"handicaps needs one value per seat ({players}), "
                              f"got {len(options.handicaps)}",
                              f"« Handicaps » demande une valeur par joueur ({players}), "
                              f"pas {len(options.handicaps)}.")
        if any(h not in (-1, 0, 1) for h in options.handicaps):
            raise OptionError("a handicap is -1, 0 or +1 letter",
                              "« Handicaps » vaut -1, 0 ou +1 lettre pour chaque joueur.")
        if options.clues and len(options.clues) != players:
            raise OptionError(f"clues needs one value per seat ({players}), "
                              f"got {len(options.clues)}",
                              f"« Indice supplémentaire » demande une valeur par joueur "
                              f"({players}), pas {len(options.clues)}.")
        state = VocabulonState(options, players, SeededRandom(seed)).referee_with(lexicon)
        state.shuffle_compartments()
        return state

    def time_limit(self, state: State, seat: int) -> float | None:
        """The sand-glass for the asked player, a shorter time for each of the others."""
        assert isinstance(state, VocabulonState)
        if seat not in state.to_act():
            return None
        if state.step == "answer":
            return float(state.options.sandglass_seconds) or None
        if state.step == "others":
            return float(state.options.others_seconds) or None
        return None

    def time_limit_key(self, state: State, seat: int) -> Hashable | None:
        """One sand-glass for all the asked player's answers to a riddle (seed: « le joueur
        peut donner des réponses jusqu'à ce que le temps du sablier se soit écoulé »)."""
        assert isinstance(state, VocabulonState)
        if state.step == "answer" and seat in state.to_act():
            return ("answer", state.turn)
        return None

    def timeout_action(self, state: State, seat: int) -> Action | None:
        """The seed's consequence of the sand-glass: no answer (a wrong one). Elsewhere the
        plainest legal choice: throw, the first reachable cell, the first available letter
        card, refuse the exchange or the missing letter, a default secret word."""
        assert isinstance(state, VocabulonState)
        if seat not in state.to_act():
            return None
        if state.step in ("answer", "others"):
            return Answer("")
        if state.step == "throw":
            return Throw()
        if state.step == "move":
            return Move(next(iter(state.reachable())))
        if state.step in ("vocabulon", "pick"):
            return Pick(next(g for g, n in state.available().items() if n))
        if state.step == "respond":
            return Respond(False)
        if state.step == "offer":
            return Offer("", "")
        if state.step == "secret":
            from ludomots.games.vocabulon.words import default_secret

            return ChooseSecret(default_secret(state.lengths[seat]))
        return None

    def preview(self, state: State, seat: int, action: Action) -> dict[str, Any] | None:
        """What a move, a letter card or a secret word would do, before it is sent: the cell
        and its paths; the riddle's length; whether the word is accepted. Never a riddle's
        answer."""
        assert isinstance(state, VocabulonState)
        error = state.check(seat, action)
        base: dict[str, Any] = {"legal": error is None}
        if error is not None:
            base.update(error=error.code, message=error.message)
        if isinstance(action, Move) and error is None:
            assert state.face is not None
            paths = state.reachable()[action.cell]
            group = board.group_at(action.cell)
            base.update(cell=action.cell, name=board.cell_name(action.cell), group=group,
                        vocabulon=group is None, paths=[list(p) for p in paths],
                        length=state.length_of(state.face),
                        riddle=group is not None and state.available()[group] > 0)
        elif isinstance(action, Pick) and error is None:
            assert state.face is not None
            base.update(group=action.group, length=state.length_of(state.face),
                        available=state.available()[action.group])
        elif isinstance(action, ChooseSecret | ChangeSecret):
            base.update(word=action.word.strip())
        elif not isinstance(action, Move | Pick):
            return None
        return base


GAME = Vocabulon()

__all__ = ["CODEC", "GAME", "LENGTH_CHANGE", "Answer", "ChangeSecret", "ChooseSecret", "Move",
           "Offer", "Pick", "Propose", "Respond", "Throw", "Vocabulon", "VocabulonOptions",
           "VocabulonState"]
