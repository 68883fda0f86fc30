"""Goofspiel: a small real game that exercises the whole core protocol.

Each seat holds cards 1..N. Each round a prize card is drawn at random (chance, from the state's
SeededRandom) from the prize cards 1..N; every seat bids one card at the same time (simultaneous
moves: ``to_act`` is every seat that has not bid); bids stay hidden until all are in. The highest
bid made by exactly one seat wins the prize (so with bids 5, 5, 3 the 3 wins); if no bid is
unique the prize is discarded, or carried to the next round with ``tie_rule="carry"``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from ludomots.core.bots import BotFactory, RandomBot
from ludomots.core.errors import RuleError
from ludomots.core.game import Action, ActionCodec, Event, Game, State
from ludomots.core.options import options_from_json, options_to_json
from ludomots.core.rng import SeededRandom
from ludomots.lexicon.lexicon import Lexicon


@dataclass(frozen=True)
class GopsOptions:
    cards: int = field(default=8, metadata={
        "label": "Cartes", "help": "Nombre de cartes par joueur (et de lots).",
        "min": 1, "max": 20})
    tie_rule: Literal["discard", "carry"] = field(default="discard", metadata={
        "label": "Égalités", "help": "Un lot sans enchère unique est défaussé ou reporté."})


@dataclass(frozen=True)
class Bid(Action):
    kind = "bid"
    card: int


class GopsState(State):
    def __init__(self, options: GopsOptions, players: int, rng: SeededRandom) -> None:
        self.options = options
        self.players = players
        self.rng = rng
        self.hands = [list(range(1, options.cards + 1)) for _ in range(players)]
        self.prizes = list(range(1, options.cards + 1))  # not yet drawn; order is not decided
        self.prize: int | None = None
        self.pot = 0  # value carried from tied rounds
        self.bids: list[int | None] = [None] * players
        self.points = [0] * players
        self.history: list[dict[str, Any]] = []

    # -- turn ------------------------------------------------------------------------------

    def _draw(self) -> Event:
        self.prize = self.prizes.pop(self.rng.randbelow(len(self.prizes)))
        return Event("prize", {"prize": self.prize, "pot": self.pot})

    def to_act(self) -> frozenset[int]:
        if self.is_over():
            return frozenset()
        return frozenset(s for s, b in enumerate(self.bids) if b is None)

    def _check(self, seat: int, action: Action) -> RuleError | None:
        if not isinstance(action, Bid):
            return RuleError("bad_action", "Action inconnue dans ce jeu.")
        if not 0 <= seat < self.players:
            return RuleError("not_your_turn", "Ce n’est pas votre tour.", {"seat": seat})
        if self.bids[seat] is not None:
            return RuleError("already_bid", "Vous avez déjà misé pour ce lot.")
        if action.card not in self.hands[seat]:
            return RuleError("card_not_in_hand", f"Vous n’avez pas la carte {action.card}.",
                             {"card": action.card})
        return None

    def _apply(self, seat: int, action: Action) -> list[Event]:
        assert isinstance(action, Bid)
        self.hands[seat].remove(action.card)
        self.bids[seat] = action.card
        events = [Event("bid", {"seat": seat}),
                  Event("your_bid", {"card": action.card}, frozenset({seat}))]
        if all(b is not None for b in self.bids):
            events.extend(self._resolve())
        return events

    def _resolve(self) -> list[Event]:
        bids = [b for b in self.bids if b is not None]
        assert self.prize is not None and len(bids) == self.players
        value = self.prize + self.pot
        unique = [b for b in bids if bids.count(b) == 1]
        winner = bids.index(max(unique)) if unique else None
        if winner is not None:
            self.points[winner] += value
            self.pot = 0
        elif self.options.tie_rule == "carry":
            self.pot = value
        else:
            self.pot = 0
        self.history.append({"prize": self.prize, "bids": bids, "winner": winner})
        events = [Event("reveal", {"prize": self.prize, "bids": bids, "winner": winner})]
        self.bids = [None] * self.players
        self.prize = None
        if self.prizes:
            events.append(self._draw())
        else:
            events.append(Event("game_over", {"scores": list(self.points)}))
        return events

    def legal(self, seat: int) -> list[Action] | None:
        if self.is_over() or not 0 <= seat < self.players or self.bids[seat] is not None:
            return []
        return [Bid(c) for c in self.hands[seat]]

    # -- views and outcome -------------------------------------------------------------------

    def view(self, seat: int | None) -> dict[str, Any]:
        return {
            "players": self.players,
            "prize": self.prize,
            "pot": self.pot,
            "prizes_left": sorted(self.prizes),
            "has_bid": [b is not None for b in self.bids],
            "my_bid": None if seat is None else self.bids[seat],
            "hand": None if seat is None else list(self.hands[seat]),
            "history": [dict(h) for h in self.history],
            "scores": list(self.points),
            "to_act": sorted(self.to_act()),
            "over": self.is_over(),
        }

    def is_over(self) -> bool:
        return self.prize is None

    def scores(self) -> list[int]:
        return list(self.points)

    # -- serialization ---------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return {
            "options": options_to_json(self.options),
            "players": self.players,
            "rng": self.rng.to_json(),
            "hands": [list(h) for h in self.hands],
            "prizes": list(self.prizes),
            "prize": self.prize,
            "pot": self.pot,
            "bids": list(self.bids),
            "points": list(self.points),
            "history": [dict(h, bids=list(h["bids"])) for h in self.history],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GopsState:
        state = cls(options_from_json(GopsOptions, data["options"]), data["players"],
                    SeededRandom.from_json(data["rng"]))
        state.hands = [list(h) for h in data["hands"]]
        state.prizes = list(data["prizes"])
        state.prize = data["prize"]
        state.pot = data["pot"]
        state.bids = list(data["bids"])
        state.points = list(data["points"])
        state.history = [dict(h, bids=list(h["bids"])) for h in data["history"]]
        return state


class Gops(Game[GopsState]):
    name = "gops"
    title = "Goofspiel"
    options_type = GopsOptions
    min_players = 2
    max_players = 4
    action_codec = ActionCodec(Bid)
    bots_entry = "tests.core.gops:BOTS"

    def _new(self, options: Any, players: int, seed: int, lexicon: Lexicon) -> GopsState:
        state = GopsState(options, players, SeededRandom(seed)).referee_with(lexicon)
        state._draw()
        return state


class GreedyBot:
    """Bids the card of the same rank in its hand as the prize's rank among prizes in play.

    Uses only public information and its own hand (what ``view(seat)`` shows).
    """

    level = "expert"

    def choose(self, state: State, seat: int, rng: SeededRandom) -> Action:
        view = state.view(seat)
        prizes = sorted([*view["prizes_left"], view["prize"]])
        hand = sorted(view["hand"])
        rank = prizes.index(view["prize"])
        return Bid(hand[rank * len(hand) // len(prizes)])


GAME = Gops()
BOTS: dict[str, BotFactory] = {"debutant": lambda: RandomBot("debutant"), "expert": GreedyBot}
