"""The expert's look-ahead (issue 21): its best words played out on sampled deals.

A word's worth is not only the seeds it moves now. The letters it plays are replaced from the
grenier (a fresh draw is worth its seeds later), the letters it takes from an opponent give him
a fresh draw too, and what stays in the hands is what the others can make their next word of.
So the expert plays each of its best few words on a copy of the position and lets every
opponent answer with a quick greedy word, until its own turn comes back; near the end (a small
grenier) the copy is played to the end of the game, where the letters left in hand cost their
seeds, with words closer to the greedy bot's (more letters taken): how many words each player
gets before the end decides most 3-player games, and it hangs on how fast the hands empty.
The position is then valued for each seat: seeds (sack − debts) plus the letters in hand
at what they are likely worth (their seeds while the grenier is full, minus their seeds once it
is empty).

What the expert may not know is drawn anew in each copy: the order of the grenier and of the
spell box (their contents are public: the view counts the grenier's letters, and the unseen
spells are the box), and the state's random source. The same copies serve every candidate
word (common random numbers), so the candidates are compared on the same deals, and a word
replaces the static judgement's choice only when it beats it beyond the noise of the deals:
a few deals decide little mid-game (unguarded, the rollouts' choice did not win more games),
while once the grenier is empty nothing is left to chance and one round decides.

The work is counted in rollout words (`Budget`), so a seed gives the same decision on any
machine.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ludomots.core.budget import Budget, Deadline
from ludomots.core.game import Action
from ludomots.core.rng import SeededRandom
from ludomots.games.awalettres.cards import CONFUSION_VALUE, VALUES, WILD
from ludomots.games.awalettres.rules import AwalettresState, Marabout, Play

if TYPE_CHECKING:
    from ludomots.games.awalettres.bots import AwalettresBot, Seen

END_HORIZON = 25  # grenier cards from which a letter in hand starts to count against its holder
Z_SEPARATED = 1.645  # a word replaces the judgement's choice when better at 95 % (one-sided)
WILD_WORTH = 2.0  # a CONFUSION in hand mid-game: a letter of one's choice, free


@dataclass(frozen=True)
class LookSettings:
    """How far the expert looks."""

    budget: Budget  # rollout words at most (and seconds, when the clock is on)
    candidates: int = 5  # best words by the static judgement played out
    samples: int = 4  # deals sampled for each candidate, at most
    reply_taken: int = 1  # letters the rollout's greedy words may take from others
    reply_exact: int = 6  # words of a rollout turn evaluated exactly
    to_the_end: int = 10  # grenier cards at or below which a rollout plays to the end
    # ... where its words take up to `end_taken` letters, the best of `end_exact`: the
    # greedy bot's word more often (it takes any number), so the end falls as it will
    end_taken: int = 3
    end_exact: int = 12
    max_words: int = 12  # rollout words at most (a safety net)
    # Once the grenier is empty one deal decides (nothing is left to chance), so a candidate
    # costs one rollout of the few words left, and the end's best word is often far down the
    # judgement's list (it weighs the seeds now, not who plays last): play out more of them.
    empty_candidates: int = 24


def determinize(state: AwalettresState, rng: SeededRandom) -> AwalettresState:
    """A copy of the position where what no seat knows is drawn anew from `rng`: the order
    of the grenier and of the spell box (a multiset every seat knows) and the random source."""
    copy = state.clone()
    copy.grenier = sorted(copy.grenier)  # the secret order forgotten before the shuffle
    copy.box = sorted(copy.box)
    rng.shuffle(copy.grenier)
    rng.shuffle(copy.box)
    copy.rng = SeededRandom(rng.next64())
    return copy


def hand_worth(hand: Sequence[str], end: float) -> float:
    """What the cards in a hand are likely worth to their holder: a letter its seeds while the
    grenier is full (it will be played or paid for), minus its seeds once it is empty."""
    value = 0.0
    for card in hand:
        if card == WILD:
            value += WILD_WORTH * (1.0 - end) - CONFUSION_VALUE * end
        else:
            value += VALUES.get(card, 0) * (1.0 - 2.0 * end)
    return value


def end_of(state: AwalettresState) -> float:
    """How near the end is: 0 with a full grenier, 1 once it is empty."""
    return max(0.0, 1.0 - len(state.grenier) / END_HORIZON)


def seat_values(state: AwalettresState) -> list[float]:
    """Each seat's seeds and hand as valued above; the final scores once the game is over."""
    if state.is_over():
        return [float(s) for s in state.scores()]
    end = end_of(state)
    ledger = state.ledger
    return [ledger.sacks[s] - ledger.owed(s) + hand_worth(state.hands[s], end)
            for s in range(state.players)]


def relative(values: Sequence[float], seat: int) -> float:
    """A seat's value against the others': his minus their average."""
    others = [v for s, v in enumerate(values) if s != seat]
    return values[seat] - sum(others) / len(others)


class Rollout:
    """The quick players of a rollout: a greedy word (own letters first, few taken; near the
    end, when the grenier holds `to_the_end` cards or fewer, up to `end_taken` taken, as the
    greedy bot takes them), and the shared defaults for spells, cheapened where they search."""

    def __init__(self, bot: AwalettresBot, settings: LookSettings, rng: SeededRandom) -> None:
        self.bot = bot
        self.settings = settings
        self.rng = rng

    def word(self, state: AwalettresState, seat: int) -> Action:
        from ludomots.games.awalettres.bots import Seen

        settings = self.settings
        if len(state.grenier) <= settings.to_the_end:
            return self.bot.highest_net(Seen.of(state, seat), settings.end_taken,
                                        settings.end_exact, self.bot.quick_fallback)
        return self.bot.highest_net(Seen.of(state, seat), settings.reply_taken,
                                    settings.reply_exact, self.bot.quick_fallback)

    def act(self, state: AwalettresState, seat: int) -> Action:
        """Any decision of a rollout."""
        from ludomots.games.awalettres.bots import Seen

        if state.step == "word":
            if not state.can_play:
                return self.bot.choose(state, seat, self.rng)
            return self.word(state, seat)
        if state.step == "marabout":
            return quick_marabout(Seen.of(state, seat))
        return self.bot.choose(state, seat, self.rng)


def quick_marabout(seen: Seen) -> Marabout:
    """The dearest card of the caster's hand (the target's with the option "target") imposed
    on the next opponent who has cards, without checking a word exists (a rollout's guess)."""
    hands = seen.hands
    target = next(t for t in seen.opponents() if hands[t])
    owner = seen.seat if seen.from_caster else target
    card = max(hands[owner], key=lambda c: (CONFUSION_VALUE if c == WILD else VALUES[c], c))
    return Marabout(target, card)


def play_out(state: AwalettresState, seat: int, rollout: Rollout, deadline: Deadline) -> None:
    """Play the copy on until `seat`'s next word (to the end of the game when the grenier is
    nearly empty), spending one unit of work per word."""
    to_the_end = len(state.grenier) <= rollout.settings.to_the_end
    words = 0
    while not state.is_over():
        actor = min(state.to_act())
        if state.step == "word":
            if actor == seat and not to_the_end:
                return
            if words >= rollout.settings.max_words:
                return
            words += 1
            deadline.spend()
        state.apply(actor, rollout.act(state, actor))


def choose_word(state: AwalettresState, seat: int, plays: Sequence[Play],
                bot: AwalettresBot, settings: LookSettings, rng: SeededRandom) -> int:
    """The index in `plays` (best first by the static judgement) of the word to play: the
    one whose played-out positions are worth most to `seat` on average, among those that beat
    the first on the same deals by more than the noise of the deals (`separated`); the first
    when none does or the budget allows no round of deals. With an empty grenier nothing is
    left to chance: one round decides."""
    if len(plays) <= 1:
        return 0
    certain = not state.grenier
    deadline = settings.budget.start()
    rows: list[list[float]] = []
    while len(rows) < (1 if certain else settings.samples) and not deadline.over():
        deal = determinize(state, rng)
        rollout_seed = rng.next64()
        values = []
        for play in plays:
            copy = deal.clone()
            copy.apply(seat, play)
            play_out(copy, seat, Rollout(bot, settings, SeededRandom(rollout_seed)), deadline)
            values.append(relative(seat_values(copy), seat))
        rows.append(values)
    return separated(rows, certain)


def separated(rows: Sequence[Sequence[float]], certain: bool = False) -> int:
    """The candidate (column) with the best mean gain over the first on the same deals (rows),
    if that gain is above `Z_SEPARATED` standard errors of it (any gain when `certain`, the
    deals then being all alike); else 0, the static judgement's choice."""
    if not rows:
        return 0
    count = len(rows)
    best, best_mean = 0, 0.0
    for index in range(1, len(rows[0])):
        gains = [row[index] - row[0] for row in rows]
        mean = sum(gains) / count
        if certain:
            noise = 0.0
        elif count < 2:
            continue
        else:
            variance = sum((g - mean) ** 2 for g in gains) / (count - 1)
            noise = Z_SEPARATED * math.sqrt(variance / count)
        if mean > noise + 1e-9 and mean > best_mean + 1e-9:
            best, best_mean = index, mean
    return best


def distinct(plays: Sequence[tuple[float, Play]], limit: int) -> list[Play]:
    """The first `limit` plays by value, each (word, cards) once."""
    out: list[Play] = []
    seen: set[tuple[str, tuple[int, ...], tuple[int, ...]]] = set()
    for _, play in sorted(plays, key=lambda t: -t[0]):
        key = (play.word, tuple(play.sources), tuple(play.wild))
        if key in seen:
            continue
        seen.add(key)
        out.append(play)
        if len(out) >= limit:
            break
    return out

