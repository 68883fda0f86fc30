"""Awalettres bots: débutant, confirmé, expert, and the greedy yardstick (« Glouton »).

Every bot decides from `state.view(seat)` only (hands are face up in this game: the view holds
every hand, the seeds, the spells held and designated, the counts of the grenier and of the box,
never their order). Levels differ in vocabulary and in judgement:

- the débutant knows common words, plays with his own letters when he can (a random word among
  his longest), keeps most spells, sometimes pays to calm a panic;
- the confirmé knows the usual vocabulary, takes letters from the others when it pays, and plays
  the word that brings the most seeds now;
- the expert knows the whole lexicon and weighs, for every word his hand and the others' letters
  allow (a DAWG walk, CONFUSION included), what he collects, what he pays and to whom, the bonus,
  and what stays in hand, which counts against him at the end (the nearer the end, the more);
  then he plays his best few words out on sampled deals, the opponents answering with quick
  greedy words, and keeps the one that leaves him best placed against them (lookahead.py).
  Spells are kept or given by their expected value over the spells not yet seen.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ludomots.core.bots import BotFactory
from ludomots.core.budget import Budget
from ludomots.core.game import Action
from ludomots.core.rng import SeededRandom
from ludomots.games.awalettres.assign import assign
from ludomots.games.awalettres.cards import (
    CONFUSION,
    CONFUSION_VALUE,
    ECHANGE,
    MARABOUT_CONFUSION_CASTER,
    MARABOUT_CONFUSION_PLAYER,
    MARABOUTAGE,
    PANIC_PHRASE,
    PANIQUE,
    SPELLS,
    VALUES,
    WILD,
    generosity,
)
from ludomots.games.awalettres.lookahead import LookSettings, choose_word, distinct
from ludomots.games.awalettres.rules import (
    AwalettresState,
    Calm,
    Define,
    Exchange,
    Give,
    Marabout,
    Pass,
    Play,
    Return,
    Vote,
)
from ludomots.games.awalettres.scoring import Outcome, evaluate, length_bonus
from ludomots.games.awalettres.search import Pool, exists, first_playable, scored_words, words
from ludomots.lexicon.lexicon import Lexicon

DEFINITIONS = (
    "Petit singe hurleur de Guyane.",
    "Danse des marabouts les soirs de pleine lune.",
    "Fruit acide dont on fait une boisson fermentée.",
    "Panier tressé pour porter les graines.",
    "Oiseau qui imite le rire des enfants.",
    "Tambour d’appel de la salle des palabres.",
)
END_HORIZON = 25  # letters left in the grenier from which the end starts to matter
EXACT = 60  # candidate words evaluated exactly after a quick ranking
QUICK_WORDS = 6  # words a rollout's last resort looks at


@lru_cache(maxsize=200_000)
def frequency(lexicon: Lexicon, key: str) -> float:
    """Lexique frequency (per million words) of the commonest form folding to `key`, in the
    game's lexicon (the cache is keyed by lexicon and key)."""
    return float(lexicon.frequency(key))


@dataclass
class Seen:
    """What a bot knows: its view, decoded."""

    seat: int
    view: dict[str, Any]
    lexicon: Lexicon  # the game's word list (the state's context, not in the view)

    @classmethod
    def of(cls, state: AwalettresState, seat: int) -> Seen:
        return cls(seat, state.view(seat), state.lexicon)

    @property
    def players(self) -> int:
        return int(self.view["players"])

    @property
    def hands(self) -> list[list[str]]:
        return [list(h) for h in self.view["hands"]]

    @property
    def scores(self) -> list[int]:
        return list(self.view["scores"])

    def designations(self, seat: int) -> list[tuple[int, str]]:
        return [(int(c), str(card)) for c, card in self.view["designations"][seat]]

    @property
    def from_caster(self) -> bool:
        """MARABOUTAGE designates a card of the caster's own hand (the default reading)."""
        return bool(self.view["options"]["marabout_card"] == "caster")

    def imposed(self) -> Counter[str]:
        """This seat's cards its MARABOUTAGE spells impose on opponents not yet played."""
        if not self.from_caster:
            return Counter()
        return Counter(card for target in range(self.players) if target != self.seat
                       for caster, card in self.designations(target) if caster == self.seat)

    def pool(self, seat: int, extra: tuple[int, str] | None = None) -> Pool:
        """The cards `seat` may use under the MARABOUTAGE spells on him (and `extra`)."""
        designations = self.designations(seat) + ([extra] if extra is not None else [])
        return Pool.designated(seat, self.hands, designations, self.from_caster)

    def lengths(self) -> tuple[int, int]:
        return (4, 4) if self.view["options"]["elephant"] else (2, 99)

    def end_weight(self) -> float:
        """How likely letters in hand now are still there at the end: 1 once the grenier is
        empty, fading to 0 when a full grenier is left."""
        left = int(sum(self.view["grenier_letters"].values()))
        return max(0.0, 1.0 - left / END_HORIZON)

    def opponents(self) -> list[int]:
        return [s for s in range(self.players) if s != self.seat]

    def leader(self) -> int:
        """The opponent with the best score (the lowest seat among equals)."""
        scores = self.scores
        return max(self.opponents(), key=lambda s: (scores[s], -s))

    def unseen_spells(self) -> Counter[str]:
        """Spells in the box or just drawn: all of them minus those seen somewhere."""
        seen = Counter(self.view["spell_discard"])
        for held in self.view["held"]:
            seen.update(held)
        seen[CONFUSION] += sum(h.count(WILD) for h in self.view["hands"])
        seen.update(t["spell"] for t in self.view["tasks"] if t["type"] == "cast")
        unseen = Counter(SPELLS) - seen
        return +unseen


class AwalettresBot:
    """The shared decisions; each level overrides the ones it judges differently."""

    level = "base"
    threshold = 0.0  # vocabulary: frequency of the rarest word known (0: the whole lexicon)
    max_taken = 2  # letters taken from the others (or CONFUSION) a word may need
    # MARABOUTAGE: letters the target's word may take (the imposed card included) when the
    # bot checks that a word exists; unbounded, a card no word can take cost seconds of walk
    marabout_taken = 3

    def choose(self, state: AwalettresState, seat: int, rng: SeededRandom) -> Action:
        seen = Seen.of(state, seat)
        step = seen.view["step"]
        if step == "define":
            return Define(rng.choice(DEFINITIONS))
        if step == "vote":
            mine = seen.view["wayampou"]["my_index"]
            return Vote(rng.choice([i for i in range(self.players_of(seen)) if i != mine]))
        if step == "give":
            return Give(self.give_to(seen, rng))
        if step == "panic":
            return self.calm(seen, rng)
        if step == "trim":
            return Return(self.trim(seen))
        if step == "exchange":
            return self.exchange(seen, rng)
        if step == "marabout":
            return self.marabout(seen, rng)
        if not seen.view["can_play"]:
            return Pass()
        return self.word(seen, rng)

    @staticmethod
    def players_of(seen: Seen) -> int:
        return len(seen.view["wayampou"]["definitions"])

    def knows(self, seen: Seen, key: str) -> bool:
        return self.threshold <= 0 or frequency(seen.lexicon, key) >= self.threshold

    # -- words ---------------------------------------------------------------------------------

    def candidates(self, seen: Seen, pool: Pool) -> list[str]:
        low, high = seen.lengths()
        return words(seen.lexicon, pool, low, high)

    def ranked(self, seen: Seen, end: float = 0.0, wide: bool = False,
               keep: Counter[str] | None = None) -> list[str]:
        """Playable words, best first by a quick estimate: own seeds collected, the others'
        paid (counted again for what the opponents gain), the bonus, and the own letters left
        at the end's weight. The opponents' CONFUSION cards (5 seeds each) are left out: they
        are the fallback's business. `keep`: own cards left out of the words."""
        pool = seen.pool(seen.seat)
        if not wide:  # but a CONFUSION a MARABOUTAGE makes him take
            pool = Pool(pool.own, pool.own_wild, pool.others,
                        min(pool.other_wilds, pool.taken[WILD]), pool.required, pool.taken)
        if keep:
            pool = Pool(pool.own - keep, pool.own_wild and not keep[WILD], pool.others,
                        pool.other_wilds, pool.required, pool.taken)
        low, high = seen.lengths()
        share = 1.0 + 1.0 / (seen.players - 1)
        total = sum(VALUES[c] * n for c, n in pool.own.items())
        found = scored_words(seen.lexicon, pool, low, high, 99 if wide else self.max_taken)
        scored = [(gain - share * cost + length_bonus(len(key)) - end * (total - gain),
                   len(key), key) for key, gain, cost in found]
        scored.sort(key=lambda t: (-t[0], -t[1], t[2]))
        return [key for _, _, key in scored]

    def play(self, seen: Seen, key: str, own_wild_first: bool = False,
             payees: list[int] | None = None) -> tuple[Play, Outcome] | None:
        hands = seen.hands
        designations = seen.designations(seen.seat)
        cards = assign(seen.seat, key, hands, designations, payees, own_wild_first,
                       seen.from_caster)
        if cards is None:
            return None
        try:
            outcome = evaluate(seen.seat, key, cards[0], cards[1], hands, designations,
                               seen.from_caster)
        except Exception:  # a rare assignment the greedy rule gets wrong: skip the word
            return None
        return Play(key, *cards), outcome

    def word(self, seen: Seen, rng: SeededRandom) -> Action:
        raise NotImplementedError

    def highest_net(self, seen: Seen, max_taken: int, exact: int,
                    fallback: Callable[[Seen], Action] | None = None) -> Action:
        """The word with the highest immediate net gain: every word taking at most
        `max_taken` letters ranked by own seeds + bonus − seeds paid, the first `exact`
        evaluated by the rules' scoring (equal gains: the first ranked, longer words first,
        then alphabetical order)."""
        low, high = seen.lengths()
        found = scored_words(seen.lexicon, seen.pool(seen.seat), low, high, max_taken)
        quick = sorted(((gain - cost + length_bonus(len(key)), len(key), key)
                        for key, gain, cost in found), key=lambda t: (-t[0], -t[1], t[2]))
        best = self.best_net(seen, (key for _, _, key in quick[:exact]))
        return best if best is not None else (fallback or self.fallback)(seen)

    def quick_fallback(self, seen: Seen) -> Action:
        """The best net of the first few words the walk meets, any number of letters taken:
        a rollout's last resort (`fallback` ranks every word, seconds when a MARABOUTAGE
        narrows them down)."""
        low, high = seen.lengths()
        best = self.best_net(seen, first_playable(seen.lexicon, seen.pool(seen.seat), low, high,
                                                  QUICK_WORDS))
        return best if best is not None else self.fallback(seen)

    def best_net(self, seen: Seen, keys: Iterable[str]) -> Play | None:
        """The play of the word of `keys` with the highest net gain by the rules' scoring
        (equal gains: the first); None when none of them can be played."""
        best: tuple[int, Play] | None = None
        for key in keys:
            played = self.play(seen, key)
            if played is not None and (best is None or played[1].net > best[0]):
                best = (played[1].net, played[0])
        return best[1] if best is not None else None

    def fallback(self, seen: Seen) -> Action:
        """The best word by the quick estimate, whatever the vocabulary; the opponents'
        CONFUSION cards and any number of taken letters only when nothing else works."""
        for wide in (False, True):
            for key in self.ranked(seen, wide=wide):
                found = self.play(seen, key)
                if found is not None:
                    return found[0]
        raise AssertionError("the rules said a word was possible")

    # -- spells --------------------------------------------------------------------------------

    def spell_value(self, seen: Seen, spell: str) -> float:
        """What holding `spell` is worth to this bot, in seeds relative to the others."""
        others = seen.players - 1
        if spell in (CONFUSION,):
            return 3.0 - 8.0 * seen.end_weight()
        if spell == MARABOUTAGE:
            return 3.0
        if spell == ECHANGE:
            return 1.5
        if spell == PANIQUE:
            return 0.0
        amount = generosity(spell)
        return -amount * others - amount

    def give_to(self, seen: Seen, rng: SeededRandom) -> int:
        pending = seen.view["pending_spell"]["spell"]
        if pending is not None:
            value = self.spell_value(seen, pending)
        else:
            unseen = seen.unseen_spells()
            total = sum(unseen.values())
            value = sum(self.spell_value(seen, s) * n for s, n in unseen.items()) / total \
                if total else 0.0
        return seen.seat if value >= 0 else seen.leader()

    def calm(self, seen: Seen, rng: SeededRandom) -> Action:
        return Calm("shout", PANIC_PHRASE)

    def trim(self, seen: Seen) -> str:
        """Put back the letter the hand has most copies of (the cheapest among them)."""
        hand = Counter(c for c in seen.hands[seen.seat] if c != WILD)
        return min(hand, key=lambda c: (-hand[c], VALUES[c], c))

    def exchange(self, seen: Seen, rng: SeededRandom) -> Action:
        """Take the dearest letter an opponent has, give the cheapest own one: a letter in hand
        is worth its seeds to its holder mid-game, whoever plays it."""
        hands = seen.hands
        mine = [c for c in hands[seen.seat] if c != WILD]
        take = [(VALUES[c], -t, t, c) for t in seen.opponents() for c in hands[t] if c != WILD]
        if not mine or not take:
            return Exchange("", None, "")
        value, _, target, card = max(take)
        give = min(mine, key=lambda c: (VALUES[c], c))
        if value <= VALUES[give]:
            return Exchange("", None, "")
        return Exchange(give, target, card)

    def marabout_end(self, seen: Seen) -> float:
        """How much this level weighs what a card left in hand costs at the end."""
        return 0.0

    def marabout(self, seen: Seen, rng: SeededRandom) -> Action:
        """The most profitable designation an opponent can still satisfy with a word, the
        leader first among equals. By default (the caster's own card) that is getting rid of
        a costly card and being paid for it: a letter brings its seeds from the target (who
        loses them) and leaves a hand where it would cost them at the end; his CONFUSION
        brings 3 from the pot (2 to the target) but leaves him without a wild card. With the
        option "target", the dearest card of the target's."""
        hands = seen.hands
        others = seen.players - 1
        end = self.marabout_end(seen)
        best: tuple[float, int, int, str] | None = None
        low, high = seen.lengths()
        imposed = seen.imposed()
        for target in seen.opponents():
            if not hands[target]:
                continue
            owner = seen.seat if seen.from_caster else target
            # a card already imposed on another player goes to the first who plays it
            cards = Counter(hands[owner]) - imposed if seen.from_caster else Counter(hands[owner])
            for card in sorted(cards):
                if not seen.from_caster:
                    gain = 3.0 if card == WILD else float(VALUES[card])
                elif card == WILD:
                    gain = MARABOUT_CONFUSION_CASTER - MARABOUT_CONFUSION_PLAYER / others \
                        - 2.0 * (1.0 - end)
                else:
                    gain = VALUES[card] * (1.0 + 1.0 / others + end)
                key = (gain, seen.scores[target], -target, card)
                if best is not None and key[:3] <= best[:3]:
                    continue
                if exists(seen.lexicon, seen.pool(target, (seen.seat, card)), low, high,
                          self.marabout_taken):
                    best = key
        if best is None:
            target = next(t for t in seen.opponents() if hands[t])
            owner = seen.seat if seen.from_caster else target
            return Marabout(target, sorted(hands[owner])[0])
        return Marabout(-best[2], best[3])


class Debutant(AwalettresBot):
    """Common words; his own letters when he can; a random word among his longest."""

    level = "debutant"
    threshold = 5.0

    def word(self, seen: Seen, rng: SeededRandom) -> Action:
        hands = seen.hands
        designations = seen.designations(seen.seat)
        # his own letters, and the cards a MARABOUTAGE makes him take from their casters
        taken: dict[int, list[str]] = {}
        if seen.from_caster:
            for caster, card in designations:
                taken.setdefault(caster, []).append(card)
        own_only = [h if s == seen.seat else taken.get(s, []) for s, h in enumerate(hands)]
        pool = Pool.designated(seen.seat, own_only, designations, seen.from_caster)
        keys = [k for k in self.candidates(seen, pool) if self.knows(seen, k)]
        if keys:
            longest = max(len(k) for k in keys)
            choice = rng.choice(sorted(k for k in keys if len(k) >= longest - 1))
            found = self.play(seen, choice)
            if found is not None:
                return found[0]
        return self.known_fallback(seen)

    def known_fallback(self, seen: Seen) -> Action:
        """No common word of his own letters: the best common word taking the others'
        letters (ranked as the shared fallback ranks them), before any word of the lexicon.
        With the shared fallback alone, a tenth of his words lay outside the 20,000 commonest
        lemmas (CRWTH, DHIKR: issue 21's calibration, docs/rules/awalettres.md)."""
        for wide in (False, True):
            for key in self.ranked(seen, wide=wide):
                if self.knows(seen, key):
                    found = self.play(seen, key)
                    if found is not None:
                        return found[0]
        return self.fallback(seen)

    def give_to(self, seen: Seen, rng: SeededRandom) -> int:
        return seen.seat if rng.random() < 0.75 else rng.choice(seen.opponents())

    def calm(self, seen: Seen, rng: SeededRandom) -> Action:
        if rng.random() < 0.3:  # too slow to type it in time
            return Calm("pay", "")
        return Calm("shout", PANIC_PHRASE)

    def exchange(self, seen: Seen, rng: SeededRandom) -> Action:
        return Exchange("", None, "")

    def marabout(self, seen: Seen, rng: SeededRandom) -> Action:
        hands = seen.hands
        target = rng.choice([t for t in seen.opponents() if hands[t]])
        owner = seen.seat if seen.from_caster else target
        return Marabout(target, rng.choice(sorted(hands[owner])))


class Confirme(AwalettresBot):
    """The usual vocabulary; the word that brings the most seeds now."""

    level = "confirme"
    threshold = 0.5

    def word(self, seen: Seen, rng: SeededRandom) -> Action:
        """The best known word by the quick estimate, one that keeps the cards his
        MARABOUTAGE imposes on opponents (they will pay them) if there is one."""
        imposed = seen.imposed()
        for keep in ((imposed, None) if imposed else (None,)):
            for key in self.ranked(seen, keep=keep)[:200]:
                if not self.knows(seen, key):
                    continue
                found = self.play(seen, key)
                if found is None:
                    continue
                if keep and found[1].cards.get(seen.seat, Counter()) & keep:
                    continue  # the usual choice of cards took it all the same
                return found[0]
        return self.fallback(seen)


class Expert(AwalettresBot):
    """The whole lexicon; every word weighed, the best few played out (see the module
    docstring). `look` None: the static judgement alone."""

    level = "expert"
    threshold = 0.0
    max_taken = 3
    _judged: list[tuple[float, Play]] = []  # the last word step's plays, judged
    _nets: list[tuple[float, Play]] = []  # and by their immediate net gain

    look: LookSettings | None = LookSettings(Budget(work=24, seconds=0.9))

    def choose(self, state: AwalettresState, seat: int, rng: SeededRandom) -> Action:
        action = super().choose(state, seat, rng)
        if self.look is None or not isinstance(action, Play) or not self._judged:
            return action
        # the best few by the judgement, and the word that brings the most seeds now
        count = self.look.candidates if state.grenier else self.look.empty_candidates
        plays = distinct(self._judged, count - 1)
        plays += [p for p in distinct(self._nets, 1) if p not in plays]
        return plays[choose_word(state, seat, plays, self, self.look, rng)]

    def word(self, seen: Seen, rng: SeededRandom) -> Action:
        """The best word by the static judgement; `choose` then plays the best few out."""
        end = seen.end_weight()
        ranked = self.ranked(seen, end)
        payees = sorted(seen.opponents(), key=lambda s: (seen.scores[s], s))
        judged: list[tuple[float, Play]] = []
        nets: list[tuple[float, Play]] = []
        variants = (False, True) if WILD in seen.hands[seen.seat] else (False,)
        for key in ranked[:EXACT]:
            for own_wild_first in variants:
                found = self.play(seen, key, own_wild_first, payees)
                if found is not None:
                    judged.append((self.judge(seen, found[1], end), found[0]))
                    nets.append((float(found[1].net), found[0]))
        self._judged = judged
        self._nets = nets
        if not judged:
            return self.fallback(seen)
        return max(judged, key=lambda t: t[0])[1]

    def judge(self, seen: Seen, outcome: Outcome, end: float) -> float:
        """Seeds for me minus the average of the others' gains, with what stays in hands
        counted at the end's weight (an opponent whose letters I take no longer holds them)."""
        seat = seen.seat
        hands = seen.hands
        others = seen.players - 1
        used = outcome.cards.get(seat, Counter())
        left = Counter(hands[seat]) - used
        mine = outcome.net - end * (sum(VALUES[c] * n for c, n in left.items() if c != WILD)
                                    + CONFUSION_VALUE * left[WILD])
        if left[WILD]:
            mine += 2.0 * (1.0 - end)  # a wild card kept is worth something while it lasts
        theirs = float(sum(outcome.payments.values()) + sum(outcome.pot_gains.values()))
        # playing a card his MARABOUTAGE imposes on an opponent spares that opponent its price
        spared = used & seen.imposed()
        theirs += sum(MARABOUT_CONFUSION_CASTER if c == WILD else VALUES[c]
                      for c in spared.elements())
        for source, taken in outcome.cards.items():
            if source != seat:
                theirs += end * sum((CONFUSION_VALUE if c == WILD else VALUES[c]) * n
                                    for c, n in taken.items())
        return mine - theirs / others

    give_confusion = True  # give his own CONFUSION by ÉCHANGE (a parameter, to measure it)

    def exchange(self, seen: Seen, rng: SeededRandom) -> Action:
        """Near the end give the dearest letter away; otherwise as the confirmé."""
        if self.give_confusion:
            given = self.give_own_confusion(seen)
            if given is not None:
                return given
        if seen.end_weight() < 0.5:
            return super().exchange(seen, rng)
        hands = seen.hands
        mine = [c for c in hands[seen.seat] if c != WILD]
        take = [(VALUES[c], t, c) for t in seen.opponents() for c in hands[t] if c != WILD]
        if not mine or not take:
            return Exchange("", None, "")
        give = max(mine, key=lambda c: (VALUES[c], c))
        value, target, card = min(take)
        if value >= VALUES[give]:
            return Exchange("", None, "")
        return Exchange(give, target, card)

    def give_own_confusion(self, seen: Seen) -> Exchange | None:
        """Seed: a CONFUSION « fait l'objet d'un ECHANGE, le joueur qui la récupère donne 5
        graines ... à celui à qui il l'a pris ». Giving his own one brings him 5 seeds that
        the receiver loses (who then holds a card costing 5 if unplayed), against a wild
        card worth about 2 while the grenier lasts: a swing of 10 for a loss of 2 at most.
        The receiver is the leader among the opponents without a CONFUSION of their own;
        the letter taken back is his dearest mid-game, his cheapest near the end (a letter
        left in hand then costs its seeds)."""
        hands = seen.hands
        if WILD not in hands[seen.seat] or not seen.view["options"]["exchange_confusion"]:
            return None
        targets = [t for t in seen.opponents()
                   if WILD not in hands[t] and any(c != WILD for c in hands[t])]
        if not targets:
            return None
        target = max(targets, key=lambda t: (seen.scores[t], -t))
        letters = [c for c in hands[target] if c != WILD]
        if seen.end_weight() < 0.5:
            take = max(letters, key=lambda c: (VALUES[c], c))
        else:
            take = min(letters, key=lambda c: (VALUES[c], c))
        return Exchange(WILD, target, take)

    def marabout_end(self, seen: Seen) -> float:
        return seen.end_weight()

    def trim(self, seen: Seen) -> str:
        if seen.end_weight() >= 0.5:  # the dearest letter would cost at the end
            hand = [c for c in seen.hands[seen.seat] if c != WILD]
            return max(hand, key=lambda c: (VALUES[c], c))
        return super().trim(seen)


class Greedy(AwalettresBot):
    """The yardstick (« Glouton », issue 21): the whole lexicon and the highest immediate seed
    gain. Every word its hand and the others' letters allow (the search's DAWG walk, any
    number of letters taken, CONFUSION cards included) is ranked by the seeds it would move
    now (own letters collected plus the bonus, minus what it pays); the best `EXACT` are
    evaluated by the rules' own scoring and the highest net gain is played (equal gains: the
    first ranked, longer words first, then alphabetical order). It looks neither at what it
    gives the others from the pot nor at what stays in hand; its other decisions (spells,
    exchanges, MARABOUTAGE) are the shared defaults."""

    level = "greedy"
    threshold = 0.0
    max_taken = 99

    def word(self, seen: Seen, rng: SeededRandom) -> Action:
        return self.highest_net(seen, self.max_taken, EXACT)


BOTS: dict[str, BotFactory] = {"debutant": Debutant, "confirme": Confirme, "greedy": Greedy,
                              "expert": Expert}
