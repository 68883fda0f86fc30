"""How the bots use MARABOUTAGE: which card they designate and what it brings them.

`ludomots awalettres spell-stats` plays bot matches (seats rotated as in `ludomots sim`) and
counts, per bot level, the MARABOUTAGE spells cast, those left without effect, the card
designated (its seeds against the average card of the hand it comes from, and how often it is
that hand's dearest), and the seeds the caster takes when the target plays his word: the
designated card's price (a letter: its seeds, paid by the target; a CONFUSION: 3 from the pot),
and the seeds the target pays for it. Under the rulebook's reading (the caster names a card of
his own hand) a good caster gets rid of a costly card and is paid for it. Deterministic for a
seed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ludomots.core.rng import SeededRandom
from ludomots.core.sim import game_seed, seat_labels, seating
from ludomots.games.awalettres.bots import BOTS
from ludomots.games.awalettres.cards import (
    CONFUSION_VALUE,
    MARABOUT_CONFUSION_CASTER,
    VALUES,
    WILD,
)
from ludomots.games.awalettres.rules import GAME, AwalettresState, Play


def card_seeds(card: str) -> int:
    """A card's weight in a hand: its seeds, 5 for a CONFUSION (its cost at the end)."""
    return CONFUSION_VALUE if card == WILD else VALUES[card]


@dataclass
class Casting:
    """The MARABOUTAGE spells of one seat label."""

    cast: int = 0
    void: int = 0
    confusions: int = 0
    designated_seeds: int = 0  # seeds printed on the cards designated (CONFUSION: 5)
    hand_seeds: float = 0.0  # mean seeds of a card of the hand it was designated from
    dearest: int = 0  # the designated card was the dearest of that hand
    played: int = 0  # designations the target's word satisfied
    caster_seeds: int = 0  # what those brought the caster
    target_paid: int = 0  # what the targets paid for them (a CONFUSION: 0)
    games: int = 0

    def to_json(self) -> dict[str, Any]:
        cast = self.cast or 1
        played = self.played or 1
        return {
            "cast": self.cast,
            "per_game": round(self.cast / (self.games or 1), 2),
            "void": self.void,
            "confusions": self.confusions,
            "designated_card_seeds": round(self.designated_seeds / cast, 2),
            "hand_card_seeds": round(self.hand_seeds / cast, 2),
            "dearest_share": round(self.dearest / cast, 3),
            "played": self.played,
            "caster_seeds_per_marabout": round(self.caster_seeds / played, 2),
            "target_paid_per_marabout": round(self.target_paid / played, 2),
        }


@dataclass
class SpellStats:
    seats: list[str]
    games: int
    marabout_card: str
    by_label: dict[str, Casting] = field(default_factory=dict)
    mean_scores: dict[str, float] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"seats": self.seats, "games": self.games, "marabout_card": self.marabout_card,
                "marabout": {k: v.to_json() for k, v in self.by_label.items()},
                "mean_scores": {k: round(v, 1) for k, v in self.mean_scores.items()}}


def spell_stats(seats: list[str], games: int, seed: int = 1,
                marabout_card: str = "caster") -> SpellStats:
    labels = seat_labels(seats)
    stats = SpellStats(labels, games, marabout_card, {label: Casting() for label in labels},
                       dict.fromkeys(labels, 0.0))
    options = {"marabout_card": marabout_card}
    for index in range(games):
        seed_i = game_seed(seed, index)
        order = seating(len(seats), index)
        names = [labels[i] for i in order]
        state = GAME.new(options, len(seats), seed_i)
        bots = [BOTS[seats[i]]() for i in order]
        match_rng = SeededRandom(seed_i)
        rngs = [match_rng.fork(f"bot{p}") for p in range(len(seats))]
        for name in names:
            stats.by_label[name].games += 1
        while not state.is_over():
            seat = min(state.to_act())
            action = bots[seat].choose(state, seat, rngs[seat])
            pending = [(int(c), str(card)) for c, card in state.designations[seat]] \
                if isinstance(action, Play) else []
            if state.step == "marabout":
                note_cast(stats.by_label[names[seat]], state, seat, action)
            events = state.apply(seat, action)
            for event in events:
                if event.type == "marabout_void":
                    stats.by_label[names[event.data["caster"]]].void += 1
            for caster, card in pending:
                tally = stats.by_label[names[caster]]
                tally.played += 1
                if card == WILD:
                    tally.caster_seeds += MARABOUT_CONFUSION_CASTER
                else:
                    tally.caster_seeds += VALUES[card]
                    tally.target_paid += VALUES[card]
        for seat, score in enumerate(state.scores()):
            stats.mean_scores[names[seat]] += score / games
    return stats


def note_cast(tally: Casting, state: AwalettresState, seat: int, action: Any) -> None:
    card = str(action.card)
    hand = state.hands[state.marabout_owner(seat, int(action.target))]
    tally.cast += 1
    tally.confusions += card == WILD
    tally.designated_seeds += card_seeds(card)
    tally.hand_seeds += sum(card_seeds(c) for c in hand) / len(hand)
    tally.dearest += card_seeds(card) == max(card_seeds(c) for c in hand)


def format_spell_stats(data: dict[str, Any]) -> str:
    lines = [f"{', '.join(data['seats'])}: {data['games']} games, MARABOUTAGE on a card of "
             f"the {data['marabout_card']}'s hand"]
    for label, v in data["marabout"].items():
        lines.append(
            f"  {label}: cast {v['cast']} ({v['per_game']} a game), void {v['void']}, "
            f"CONFUSION {v['confusions']}; designated card {v['designated_card_seeds']} seeds "
            f"vs {v['hand_card_seeds']} for the hand's average card, the dearest "
            f"{100 * v['dearest_share']:.0f}% of the time; played {v['played']}: "
            f"+{v['caster_seeds_per_marabout']} seeds to the caster, "
            f"{v['target_paid_per_marabout']} paid by the target; mean score "
            f"{data['mean_scores'][label]}")
    return "\n".join(lines)


__all__ = ["SpellStats", "format_spell_stats", "spell_stats"]
