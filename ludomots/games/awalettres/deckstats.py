"""Figures that justify the deck: how long games last and how much one card weighs.

`ludomots awalettres deck-stats` plays bot games (all seats at one level) and prints, per player
count: the words played per game (a "turn" is one player's word) and the rounds, the share of
games lasting 10 to 20 turns, and for each spell and each rare letter the win rate of the
players who got it against the average (1/players): a card that decided games would stand far
from it. Every drawer keeps the spell he draws, so who gets a spell is pure chance (the bots'
own keep-or-give choice would give the bad ones to the leader and blur the comparison).
Deterministic for a seed.
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass, field
from typing import Any

from ludomots.core.rng import SeededRandom
from ludomots.core.sim import game_seed, wilson_interval
from ludomots.games.awalettres.bots import BOTS
from ludomots.games.awalettres.cards import SPELL_NAMES, VALUES
from ludomots.games.awalettres.rules import GAME, AwalettresState, Give

RARE = sorted(c for c, v in VALUES.items() if v >= 4)


@dataclass
class Tally:
    """Games in which a card reached a player, and the share of them that player won."""

    got: int = 0
    won: float = 0.0

    def to_json(self) -> dict[str, Any]:
        low, high = wilson_interval(self.won, self.got)
        rate = self.won / self.got if self.got else 0.0
        return {"games": self.got, "win_rate": round(rate, 3),
                "interval": [round(low, 3), round(high, 3)]}


@dataclass
class Stats:
    players: int
    words: list[int] = field(default_factory=list)
    passes: list[int] = field(default_factory=list)
    spreads: list[int] = field(default_factory=list)
    spells: dict[str, Tally] = field(default_factory=dict)
    letters: dict[str, Tally] = field(default_factory=dict)
    spells_per_game: list[int] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        ordered = sorted(self.words)
        rounds = [w / self.players for w in self.words]
        between = sum(1 for w in self.words if 10 <= w <= 20)
        return {
            "players": self.players,
            "games": len(self.words),
            "words_mean": round(statistics.fmean(self.words), 1),
            "words_median": statistics.median(ordered),
            "words_p10_p90": [ordered[len(ordered) // 10], ordered[(9 * len(ordered)) // 10]],
            "rounds_mean": round(statistics.fmean(rounds), 1),
            "share_10_to_20_turns": round(between / len(self.words), 3),
            "passes_mean": round(statistics.fmean(self.passes), 2),
            "spells_mean": round(statistics.fmean(self.spells_per_game), 1),
            "winner_margin_median": statistics.median(self.spreads),
            "baseline_win_rate": round(1 / self.players, 3),
            "spells": {SPELL_NAMES[k]: v.to_json() for k, v in sorted(self.spells.items())},
            "rare_letters": {k: v.to_json() for k, v in sorted(self.letters.items())},
        }


def play_one(players: int, level: str, seed: int) -> tuple[AwalettresState, dict[str, set[int]],
                                                          dict[str, set[int]], int]:
    """One bot game: the final state, who got each spell and each rare letter, spells drawn."""
    state = GAME.new(None, players, seed)
    bots = [BOTS[level]() for _ in range(players)]
    rngs = [SeededRandom(seed).fork(f"bot{p}") for p in range(players)]
    spells: dict[str, set[int]] = {}
    letters: dict[str, set[int]] = {}
    drawn = 0

    def note_hands() -> None:
        for seat, hand in enumerate(state.hands):
            for card in hand:
                if card in RARE:
                    letters.setdefault(card, set()).add(seat)

    note_hands()
    while not state.is_over():
        seat = min(state.to_act())
        action = Give(seat) if state.step == "give" else bots[seat].choose(state, seat,
                                                                           rngs[seat])
        for event in state.apply(seat, action):
            if event.type == "spell":
                spells.setdefault(event.data["spell"], set()).add(event.data["target"])
                drawn += 1
        note_hands()
    return state, spells, letters, drawn


def deck_stats(players: int, games: int, level: str = "confirme", seed: int = 1) -> Stats:
    stats = Stats(players)
    for index in range(games):
        state, spells, letters, drawn = play_one(players, level, game_seed(seed, index))
        winners = state.winners()
        share = {s: 1 / len(winners) for s in winners}
        words = sum(1 for p in state.played)
        stats.words.append(words)
        stats.passes.append(state.turn - words)
        stats.spells_per_game.append(drawn)
        scores = sorted(state.scores(), reverse=True)
        stats.spreads.append(scores[0] - scores[1])
        for table, got in ((stats.spells, spells), (stats.letters, letters)):
            for card, seats in got.items():
                tally = table.setdefault(card, Tally())
                for seat in seats:
                    tally.got += 1
                    tally.won += share.get(seat, 0.0)
    return stats


def format_stats(data: dict[str, Any]) -> str:
    lines = [f"{data['players']} players, {data['games']} games: turns (words) per game mean "
             f"{data['words_mean']}, median {data['words_median']}, p10–p90 "
             f"{data['words_p10_p90'][0]}–{data['words_p10_p90'][1]}; rounds "
             f"{data['rounds_mean']}; {100 * data['share_10_to_20_turns']:.0f}% of games last "
             f"10 to 20 turns; passes {data['passes_mean']}; spells drawn "
             f"{data['spells_mean']}; winner's margin median {data['winner_margin_median']}",
             f"  win rate of the players who got a card (average {data['baseline_win_rate']}):"]
    for title, group in (("spells", data["spells"]), ("rare letters", data["rare_letters"])):
        parts = [f"{name} {v['win_rate']} [{v['interval'][0]}, {v['interval'][1]}] "
                 f"n={v['games']}" for name, v in group.items()]
        lines.append(f"  {title}: " + "; ".join(parts))
    return "\n".join(lines)


__all__ = ["Stats", "deck_stats", "format_stats", "play_one"]
