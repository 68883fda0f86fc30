"""Typo: the game state, its actions and the round (seed typo.txt + RULINGS.md).

A round has three steps. Every player chooses a card at the same time (`Choose`; nobody sees
another's choice until all have chosen). The cards are revealed and resolved one by one, in
alphabetical order in the first part of the game and from Z in the second, equal letters in
seat order from the holder of the dictionary: the resolving player either puts his card at an
end of a row and announces a word beginning with that row (`Place`), or declares that he cannot
(`Fail`: the longest row is discarded, his card starts a new row, he loses one point per
discarded card and takes the dictionary). Under the seed's challenge procedure (the default)
the other players then vote (`Vote`), again simultaneously; if half of them or more doubt, the
lexicon decides. With the automatic referee every word is checked at once instead.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from ludomots.core.errors import RuleError
from ludomots.core.game import Action, Event, Game, State
from ludomots.core.options import OptionError, options_to_json
from ludomots.core.rng import SeededRandom
from ludomots.core.statefields import codec, options_codec
from ludomots.games.typo.actions import (
    CHALLENGE_BONUS,
    CODEC,
    REFUSED_WORD_PENALTY,
    Choose,
    Fail,
    Place,
    Step,
    TypoOptions,
    Vote,
    rule_error,
)
from ludomots.games.typo.cards import (
    LETTERS,
    ROW_COUNT,
    SECOND_PART_MAX,
    full_deck,
    hand_size,
    letter_rank,
    parse_card,
    word_key,
)
from ludomots.games.typo.records import (
    Failed,
    Pending,
    Placed,
    Played,
    played_from_json,
    played_to_json,
)
from ludomots.games.typo.rows import SIDES, longest_rows, placed
from ludomots.lexicon.lexicon import Lexicon
from ludomots.lexicon.policy import STANDARD

_WRONG_ACTION = {
    "choose": "Choisissez d'abord une carte de votre main.",
    "place": "Posez votre carte en annonçant un mot, ou déclarez que vous ne pouvez pas.",
    "vote": "Dites si vous doutez du mot annoncé.",
    "discard": "Votre mot a été refusé : défaussez l'une des plus longues rangées.",
}


@dataclass(eq=False)
class TypoState(State):
    """The position: fields declared once (JSON, copies and equality come from core)."""

    options: TypoOptions = field(metadata=options_codec(TypoOptions))
    players: int
    rng: SeededRandom
    part: int = 1
    round: int = 0
    step: Step = "choose"
    rows: list[str] = field(default_factory=lambda: [""] * ROW_COUNT)
    hands: list[list[str]] = field(default_factory=list)
    set_aside: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    holder: int = 0
    round_holder: int = 0
    choices: list[str | None] = field(default_factory=list)
    revealed: list[str] | None = None
    queue: list[int] = field(default_factory=list)
    pending: Pending | None = None
    votes: list[bool | None] = field(default_factory=list)
    played: list[Played] = field(default_factory=list, metadata=codec(
        played_to_json, played_from_json, list))  # entries are frozen: copies share them
    lost: list[int] = field(default_factory=list)
    bonus: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        """A new table: one empty hand, choice, vote and score line per player."""
        players = self.players
        self.hands = self.hands or [[] for _ in range(players)]
        self.choices = self.choices or [None] * players
        self.votes = self.votes or [None] * players
        self.lost = self.lost or [0] * players
        self.bonus = self.bonus or [0] * players

    # -- setting up ------------------------------------------------------------------------

    def deal(self) -> list[Event]:
        """Seed, MISE EN PLACE: shuffle the 64 cards, 4 start the rows, 12 each (10 at six
        players), the rest set aside; then the dictionary goes to the first player."""
        deck = full_deck()
        self.rng.shuffle(deck)
        self.rows = [deck.pop() for _ in range(ROW_COUNT)]
        size = hand_size(self.players)
        for seat in range(self.players):
            self.hands[seat] = sorted(deck.pop() for _ in range(size))
        self.set_aside = deck
        first = self.options.first_player
        self.holder = self.rng.randbelow(self.players) if first is None else first
        self.round = 1
        return [Event("start", {"rows": list(self.rows), "holder": self.holder,
                                "hand_size": size, "set_aside": len(self.set_aside)})
                ] + self._hand_events()

    def _hand_events(self) -> list[Event]:
        return [Event("hand", {"cards": list(self.hands[s])}, frozenset({s}))
                for s in range(self.players)]

    # -- whose turn --------------------------------------------------------------------------

    def resolver(self) -> int | None:
        """The player whose revealed card is being resolved, if any."""
        return self.queue[0] if self.step in ("place", "vote", "discard") else None

    def to_act(self) -> frozenset[int]:
        if self.step == "choose":
            return frozenset(s for s in range(self.players) if self.choices[s] is None)
        if self.step == "vote":
            assert self.pending is not None
            return frozenset(s for s in range(self.players)
                             if s != self.pending.seat and self.votes[s] is None)
        if self.step in ("place", "discard"):
            return frozenset({self.queue[0]})
        return frozenset()

    def longest_rows(self) -> list[int]:
        return longest_rows(self.rows)

    def card_of(self, seat: int) -> str:
        """The revealed card of a seat in this round."""
        assert self.revealed is not None
        return self.revealed[seat]

    # -- legality ----------------------------------------------------------------------------

    def _check(self, seat: int, action: Action) -> RuleError | None:
        if not 0 <= seat < self.players:
            return rule_error("not_your_turn", "Vous n'êtes pas assis à cette table.")
        if self.step == "choose" and isinstance(action, Choose) and \
                self.choices[seat] is not None:
            return rule_error("already_chosen", "Vous avez déjà choisi votre carte pour ce tour.")
        if self.step == "vote" and isinstance(action, Vote) and self.votes[seat] is not None:
            return rule_error("already_voted", "Vous avez déjà voté sur ce mot.")
        if seat not in self.to_act():
            if self.step == "vote" and self.pending is not None and seat == self.pending.seat:
                return rule_error("not_your_turn", "Les autres joueurs votent sur votre mot.")
            return rule_error("not_your_turn", "Ce n'est pas à vous de jouer.")
        if self.step == "choose":
            return self._check_choose(seat, action)
        if self.step == "vote":
            return None if isinstance(action, Vote) else \
                rule_error("wrong_action", _WRONG_ACTION["vote"])
        if isinstance(action, Fail):
            return self._check_fail(action)
        if self.step == "place" and isinstance(action, Place):
            try:
                self.evaluate(seat, action)
            except RuleError as exc:
                return exc
            return None
        return rule_error("wrong_action", _WRONG_ACTION[self.step])

    def _check_choose(self, seat: int, action: Action) -> RuleError | None:
        if not isinstance(action, Choose):
            return rule_error("wrong_action", _WRONG_ACTION["choose"])
        card = parse_card(action.card)
        if card is None or card not in self.hands[seat]:
            return rule_error("card_not_in_hand", f"Vous n'avez pas de carte « {action.card} ».",
                        card=action.card)
        return None

    def _check_row(self, row: int) -> RuleError | None:
        if isinstance(row, bool) or not isinstance(row, int) or not 0 <= row < ROW_COUNT:
            return rule_error("bad_row", f"Il n'y a que {ROW_COUNT} rangées (de 1 à {ROW_COUNT}).",
                        row=row)
        return None

    def _check_fail(self, action: Fail) -> RuleError | None:
        error = self._check_row(action.row)
        if error is not None:
            return error
        longest = self.longest_rows()
        if action.row not in longest:
            names = " ou ".join(str(r + 1) for r in longest)
            return rule_error("not_longest_row", "On défausse la plus longue rangée : la rangée "
                        f"{names} ({len(self.rows[longest[0]])} cartes).",
                        row=action.row, longest=longest)
        return None

    def evaluate(self, seat: int, action: Place) -> tuple[str, str]:
        """(the row after the placement, the word's folded key); RuleError when illegal.

        The word must begin with the row's letters read left to right after the card is added
        (it may equal the row). Whether it exists is for the challenge to find out, unless the
        automatic referee checks it here."""
        error = self._check_row(action.row)
        if error is not None:
            raise error
        if action.side not in SIDES:
            raise rule_error("bad_side", "Une carte se pose à gauche ou à droite d'une rangée.",
                       side=action.side)
        key = word_key(action.word)
        if key is None:
            raise rule_error("bad_word", "Annoncez un mot fait de lettres seulement (ni espace, ni "
                       "trait d'union, ni apostrophe).", word=action.word)
        row = placed(self.rows[action.row], self.card_of(seat), action.side)
        if not key.startswith(row):
            raise rule_error("word_not_matching_row", f"« {action.word.strip()} » ne commence pas "
                       f"par {row}, la rangée une fois votre carte posée.", word=action.word,
                       row=row)
        if self.options.referee == "auto" and not self.lexicon.accepts(key, "standard"):
            raise rule_error("unknown_word", f"« {action.word.strip()} » n'est pas dans le "
                       "dictionnaire. Proposez un autre mot ou renoncez.", word=action.word)
        return row, key

    def legal(self, seat: int) -> list[Action] | None:
        """Cheap everywhere but when placing: any word beginning with the row may be
        announced under the challenge rule, so placements are not enumerated (None)."""
        if seat not in self.to_act():
            return []
        if self.step == "choose":
            return [Choose(card) for card in sorted(set(self.hands[seat]))]
        if self.step == "vote":
            return [Vote(False), Vote(True)]
        if self.step == "discard":
            return [Fail(row) for row in self.longest_rows()]
        return None

    # -- playing -----------------------------------------------------------------------------

    def _apply(self, seat: int, action: Action) -> list[Event]:
        if isinstance(action, Choose):
            return self._choose(seat, action)
        if isinstance(action, Vote):
            return self._vote(seat, action)
        if isinstance(action, Place):
            return self._place(seat, action)
        assert isinstance(action, Fail)
        refused = self.step == "discard"
        return self._fail(seat, action.row, REFUSED_WORD_PENALTY if refused else 0, refused)

    def _choose(self, seat: int, action: Choose) -> list[Event]:
        card = parse_card(action.card)
        assert card is not None
        self.hands[seat].remove(card)
        self.choices[seat] = card
        events = [Event("chose", {"card": card}, frozenset({seat})),
                  Event("chosen", {"seat": seat})]
        if all(c is not None for c in self.choices):
            events += self._reveal()
        return events

    def _order_key(self, seat: int, holder: int) -> tuple[int, int]:
        """Resolution order: the letter (by part), then seat order from the holder."""
        return letter_rank(self.card_of(seat), self.part), (seat - holder) % self.players

    def _reveal(self) -> list[Event]:
        """All have chosen: cards face up, and the order of the whole round fixed now
        (RULINGS-style interpretation, option `tie_order`)."""
        self.revealed = [c for c in self.choices if c is not None]
        self.choices = [None] * self.players
        self.round_holder = self.holder
        self.queue = sorted(range(self.players), key=lambda s: self._order_key(s, self.holder))
        self.played = []
        self.step = "place"
        return [Event("reveal", {"cards": list(self.revealed), "order": list(self.queue),
                                 "holder": self.holder})]

    def _place(self, seat: int, action: Place) -> list[Event]:
        row, key = self.evaluate(seat, action)
        before = self.rows[action.row]
        self.rows[action.row] = row
        card, word = self.card_of(seat), action.word.strip()
        events = [Event("place", {"seat": seat, "card": card, "row": action.row,
                                  "side": action.side, "word": word, "rows": list(self.rows)})]
        if self.options.referee == "challenge":
            self.pending = Pending(seat, card, action.row, action.side, word, tuple(self.rows),
                                   key, before)
            self.votes = [None] * self.players
            self.step = "vote"
            return events
        self.played.append(Placed(seat, card, action.row, action.side, word, tuple(self.rows),
                                  challenged=False, bonus=0))
        return events + self._next()

    def _vote(self, seat: int, action: Vote) -> list[Event]:
        assert self.pending is not None
        self.votes[seat] = action.doubt
        events = [Event("voted", {"doubt": action.doubt}, frozenset({seat})),
                  Event("vote_cast", {"seat": seat})]
        if self.to_act():
            return events
        return events + self._count_votes()

    def _count_votes(self) -> list[Event]:
        """Seed, CE MOT N'EXISTE PAS: half of the others or more doubt -> the lexicon decides."""
        pending = self.pending
        assert pending is not None
        announcer = pending.seat
        doubters = [s for s in range(self.players) if s != announcer and self.votes[s]]
        others = self.players - 1
        challenged = 2 * len(doubters) >= others
        events = [Event("votes", {"seat": announcer, "doubters": doubters,
                                  "challenged": challenged})]
        summary = Placed(announcer, pending.card, pending.row, pending.side, pending.word,
                         pending.rows, challenged, 0, tuple(doubters))
        if not challenged:
            self.played.append(summary)
            return events + self._next()
        valid = self.lexicon.accepts(pending.key, "standard")
        events.append(Event("verdict", {"seat": announcer, "word": pending.word,
                                        "valid": valid,
                                        "bonus": CHALLENGE_BONUS if valid else 0}))
        if valid:
            self.bonus[announcer] += CHALLENGE_BONUS
            self.played.append(replace(summary, bonus=CHALLENGE_BONUS))
            return events + self._next()
        self.rows[pending.row] = pending.before  # the card is taken back
        longest = self.longest_rows()
        if len(longest) == 1:
            return events + self._fail(announcer, longest[0], REFUSED_WORD_PENALTY, True)
        self.step = "discard"  # he chooses among the longest rows
        return events

    def _fail(self, seat: int, row: int, extra: int, refused: bool) -> list[Event]:
        """Seed, JE NE PEUX PAS PLACER CETTE LETTRE: the longest row goes to the discard, the
        card starts a new row in its place, one point lost per card, and the dictionary."""
        card = self.card_of(seat)
        discarded = self.rows[row]
        self.discard.extend(discarded)
        self.rows[row] = card
        points = len(discarded) + extra
        self.lost[seat] += points
        self.holder = seat
        word = None
        if refused:
            assert self.pending is not None
            word = self.pending.word
        entry = Failed(seat, card, row, discarded, points, refused, tuple(self.rows), word)
        self.played.append(entry)
        return [Event("fail", entry.event_data())] + self._next()

    def _next(self) -> list[Event]:
        """The current card is resolved: next card, next round, second part, or the end."""
        self.pending = None
        self.votes = [None] * self.players
        self.queue.pop(0)
        if self.queue:
            if self.options.tie_order == "live":
                self.queue.sort(key=lambda s: self._order_key(s, self.holder))
            self.step = "place"
            return []
        if self.hands[0]:
            self.round += 1
            self.step = "choose"
            return [Event("round", {"round": self.round})]
        if self.part == 1:
            return self._second_part()
        return self._game_over()

    def _second_part(self) -> list[Event]:
        """Seed, SECONDE PARTIE: every card but the rows' is shuffled again (RULINGS: the
        set-aside cards too) and dealt equally, 12 at most each."""
        pool = self.discard + self.set_aside
        self.rng.shuffle(pool)
        each = min(SECOND_PART_MAX, len(pool) // self.players)
        if each == 0:
            return self._game_over()
        for seat in range(self.players):
            self.hands[seat] = sorted(pool.pop() for _ in range(each))
        self.set_aside = pool
        self.discard = []
        self.part = 2
        self.round += 1
        self.step = "choose"
        return [Event("second_part", {"hand_size": each, "set_aside": len(self.set_aside),
                                      "round": self.round})] + self._hand_events()

    def _game_over(self) -> list[Event]:
        self.step = "over"
        self.queue = []
        return [Event("game_over", {"scores": self.scores(), "lost": list(self.lost),
                                    "bonus": list(self.bonus), "winners": self.winners()})]

    # -- the end -----------------------------------------------------------------------------

    def is_over(self) -> bool:
        return self.step == "over"

    def scores(self) -> list[int]:
        """Points lost (negative) plus challenge bonuses: the least lost wins."""
        return [b - lost for b, lost in zip(self.bonus, self.lost, strict=True)]

    # -- views -------------------------------------------------------------------------------

    def unseen(self, seat: int | None) -> dict[str, int]:
        """Cards `seat` cannot see: the other hands, their hidden choices, the set-aside cards."""
        counts = dict.fromkeys(LETTERS, 0)
        hidden = list(self.set_aside)
        for other in range(self.players):
            if other != seat:
                hidden += self.hands[other]
                choice = self.choices[other]
                if choice is not None:
                    hidden.append(choice)
        for card in hidden:
            counts[card] += 1
        return {letter: n for letter, n in counts.items() if n}

    def view(self, seat: int | None) -> dict[str, Any]:
        """What `seat` may know. Pending choices and votes are shown to their owner only
        (others see that a seat has chosen or voted, as at a table)."""
        pending = None
        if self.pending is not None:
            p = self.pending
            pending = {"seat": p.seat, "card": p.card, "row": p.row, "side": p.side,
                       "word": p.word}
        own = seat if seat is not None and 0 <= seat < self.players else None
        return {
            "game": "typo",
            "players": self.players,
            "seat": seat,
            "part": self.part,
            "round": self.round,
            "step": self.step,
            "to_act": sorted(self.to_act()),
            "rows": list(self.rows),
            "longest_rows": self.longest_rows(),
            "hand": list(self.hands[own]) if own is not None else None,
            "hand_sizes": [len(h) for h in self.hands],
            "chosen": [c is not None for c in self.choices],
            "my_choice": self.choices[own] if own is not None else None,
            "revealed": list(self.revealed) if self.revealed is not None else None,
            "queue": list(self.queue),
            "resolver": self.resolver(),
            "pending": pending,
            "voted": [v is not None for v in self.votes],
            "my_vote": self.votes[own] if own is not None else None,
            "holder": self.holder,
            "round_holder": self.round_holder,
            "played": played_to_json(self.played),
            "discard": list(self.discard),
            "set_aside": len(self.set_aside),
            "unseen": self.unseen(seat),
            "scores": self.scores(),
            "lost": list(self.lost),
            "bonus": list(self.bonus),
            "over": self.is_over(),
            "winners": self.winners(),
            "options": options_to_json(self.options),
        }


class Typo(Game[TypoState]):
    name = "typo"
    title = "Typo"
    options_type = TypoOptions
    min_players = 2
    max_players = 6
    action_codec = CODEC
    policy = STANDARD
    bots_entry = "ludomots.games.typo.bots:BOTS"
    rules_file = Path(__file__).with_name("regles.md")
    terminal_entry = "ludomots.tui.typo.cli:typo"

    def _new(self, options: Any, players: int, seed: int, lexicon: Lexicon) -> TypoState:
        first = options.first_player
        if first is not None and not 0 <= first < players:
            raise OptionError(
                f"first_player must be a seat from 0 to {players - 1}, not {first}",
                f"« Premier joueur » : choisissez l’un des {players} joueurs de la table.")
        state = TypoState(options, players, SeededRandom(seed)).referee_with(lexicon)
        state.deal()
        return state

    def format_position(self, state: TypoState) -> str:
        """The one-line notation of a position (`notation.py`)."""
        from ludomots.games.typo.notation import format_position

        return format_position(state)

    def parse_position(self, text: str, options: Any = None) -> TypoState:
        """The position a notation describes, refereed with the shared lexicon."""
        from ludomots.games.typo.notation import parse_position

        return parse_position(text, self.coerce_options(options))

    def preview(self, state: TypoState, seat: int, action: Action) -> dict[str, Any]:
        """The row a Place would make and whether the word fits it, for live client feedback;
        never applies anything. Under the challenge rule the word's validity is not told."""
        if not isinstance(action, Place) or state.step != "place" or seat != state.resolver():
            return {"legal": False, "error": "bad_action", "message": "Aperçu impossible."}
        try:
            row, key = state.evaluate(seat, action)
        except RuleError as exc:
            return {"legal": False, "error": exc.code, "message": exc.message}
        return {"legal": True, "row": row, "word": key}

    def time_limit(self, state: TypoState, seat: int) -> float | None:
        """The option's thinking time for whoever must choose, place or vote (tables enforce
        it; 0: none)."""
        seconds = state.options.thinking_seconds
        return float(seconds) if seconds and seat in state.to_act() else None

    def timeout_action(self, state: TypoState, seat: int) -> Action | None:
        """Out of time: the first card of the (sorted) hand; renouncing a placement (the first
        longest row goes); no doubt."""
        if seat not in state.to_act():
            return None
        if state.step == "choose":
            return Choose(state.hands[seat][0])
        if state.step == "vote":
            return Vote(False)
        return Fail(state.longest_rows()[0])


GAME = Typo()

__all__ = ["CHALLENGE_BONUS", "CODEC", "GAME", "REFUSED_WORD_PENALTY", "Choose", "Fail", "Place",
           "Typo", "TypoOptions", "TypoState", "Vote"]
