"""Vocabulon's position: its fields declared once (JSON, copies and equality come from core)
and the facts derived from it. What an action checks is in `checks.py`, what it
does in `play.py`, what a seat sees in `view.py`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Self

from ludomots.core.errors import RuleError
from ludomots.core.game import Action, Event, State
from ludomots.core.rng import SeededRandom
from ludomots.core.statefields import json_key, options_codec, restates_record
from ludomots.games.vocabulon import board, checks, play
from ludomots.games.vocabulon.actions import (
    Move,
    Offer,
    Pick,
    Propose,
    Respond,
    Step,
    Throw,
    VocabulonOptions,
)
from ludomots.games.vocabulon.deck import CARDS_PER_COMPARTMENT, Deck, Question, load_deck
from ludomots.games.vocabulon.groups import GROUPS
from ludomots.games.vocabulon.records import ChangeRequest, Exchange, Riddle
from ludomots.games.vocabulon.secret import blocked_groups, sabot_counts
from ludomots.games.vocabulon.view import view_of
from ludomots.lexicon.lexicon import Lexicon


def _lengths(options: VocabulonOptions, players: int) -> list[int]:
    return [options.word_length + (options.handicaps[s] if options.handicaps else 0)
            for s in range(players)]


@dataclass(eq=False)
class VocabulonState(State):
    """The position. Its JSON has the keys saves have always had: the field names (the
    winners are saved as "winners")."""

    options: VocabulonOptions = field(metadata=options_codec(VocabulonOptions))
    players: int
    rng: SeededRandom
    #: The riddle cards of each compartment, top first (their order is nobody's to see).
    sabot: dict[str, list[int]] = field(default_factory=lambda: {
        g: list(range(CARDS_PER_COMPARTMENT)) for g in GROUPS})
    lengths: list[int] = field(default_factory=list)  # each secret word's length
    secrets: list[str | None] = field(default_factory=list)
    public_secret: list[bool] = field(default_factory=list)  # shown since it was changed
    former: list[list[str]] = field(default_factory=list)  # secret words given up
    positions: list[int] = field(default_factory=list)
    moved: list[bool] = field(default_factory=list)  # has left the start
    throws: list[int] = field(default_factory=list)  # dice thrown to move
    held: list[list[str]] = field(default_factory=list)  # letter cards won
    step: Step = "secret"
    current: int = 0
    first_player: int = 0
    turn: int = 0  # turns started, all players together
    face: int | None = None  # the die of this turn
    riddle: Riddle | None = None
    exchange: Exchange | None = None
    request: ChangeRequest | None = None
    asked_turn: int = 0  # the turn in which the player to play last asked (0: never)
    winners_: list[int] = field(default_factory=list, metadata=json_key("winners"))
    #: The public log (dicts of many kinds, the shape views and clients read).
    history: list[dict[str, Any]] = field(default_factory=list, metadata=restates_record())

    def __post_init__(self) -> None:
        """A new table: one secret word, pawn and hand of letter cards per player."""
        players = self.players
        self.lengths = self.lengths or _lengths(self.options, players)
        self.secrets = self.secrets or [None] * players
        self.public_secret = self.public_secret or [False] * players
        self.former = self.former or [[] for _ in range(players)]
        self.positions = self.positions or [board.START] * players
        self.moved = self.moved or [False] * players
        self.throws = self.throws or [0] * players
        self.held = self.held or [[] for _ in range(players)]

    @classmethod
    def from_json(cls, data: dict[str, Any], *, lexicon: Lexicon | None = None) -> Self:
        if "throws" not in data:  # saved before throws were counted: a pawn that moved threw
            data = {**data, "throws": [int(m) for m in data["moved"]]}
        return super().from_json(data, lexicon=lexicon)

    # -- the deck and the die ----------------------------------------------------------------

    @property
    def deck_level(self) -> str:
        return self.options.deck

    @property
    def deck(self) -> Deck:
        return load_deck(self.options.deck)

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
        card = self.deck.card(self.riddle.group, self.riddle.card)
        return card.question(self.riddle.length)

    # -- whose turn --------------------------------------------------------------------------

    def to_act(self) -> frozenset[int]:
        if self.step == "secret":
            return frozenset(s for s in range(self.players) if self.secrets[s] is None)
        if self.step == "respond":
            assert self.exchange is not None
            return frozenset({self.exchange.to})
        if self.step == "answer":
            assert self.riddle is not None
            return frozenset({self.riddle.asked})
        if self.step == "others":
            assert self.riddle is not None
            return frozenset({self.riddle.queue[0]})
        if self.step == "offer":
            assert self.request is not None
            return frozenset({self.request.queue[0]})
        if self.step == "over":
            return frozenset()
        return frozenset({self.current})

    def holders(self, seat: int, groups: list[str]) -> list[int]:
        """The other players holding a card of one of `groups`, in table order from `seat`'s
        left."""
        order = [(seat + k) % self.players for k in range(1, self.players)]
        return [s for s in order if any(g in self.held[s] for g in groups)]

    def offers(self, seat: int) -> list[Offer]:
        """What the holder asked may answer: refuse, or one of his cards of a missing group
        for one of the asker's cards."""
        assert self.request is not None
        asker = self.request.seat
        out = [Offer("", "")]
        for give in self.request.groups:
            if give in self.held[seat]:
                out += [Offer(give, take) for take in sorted(set(self.held[asker]),
                                                             key=GROUPS.index) if take != give]
        return out

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

    def _check(self, seat: int, action: Action) -> RuleError | None:
        return checks.check(self, seat, action)

    def _apply(self, seat: int, action: Action) -> list[Event]:
        return play.apply(self, seat, action)

    def clue(self) -> dict[str, str] | None:
        """The seed's extra clue (second or last letter) when the asked player gets one."""
        return play.clue(self)

    # -- the end -----------------------------------------------------------------------------

    def is_over(self) -> bool:
        return self.step == "over"

    def scores(self) -> list[int]:
        """Letter cards held: public, so it says nothing of the secret words."""
        return [len(cards) for cards in self.held]

    def winners(self) -> list[int]:
        """The players who completed their word; nobody when the round limit ended the game."""
        return list(self.winners_) if self.is_over() else []

    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know (`view.py`)."""
        return view_of(self, seat)

