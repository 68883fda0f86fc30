"""What a word is worth: the seeds it collects, pays and earns as a bonus (seed, "Comment
jouer ?" and "Comptage des graines").

A word's cards come from the player's hand (he collects their seeds from the pot) or from his
opponents' (he pays each opponent the seeds of the cards taken from him). A CONFUSION is a wild
card: worth 0 to its holder, 5 paid to its holder by anyone else who plays it. A card designated
by a MARABOUTAGE counts as if fetched from the caster: by default it is a card of the caster's
own hand, which the word must take from him and pays him as any letter taken; with the option
`marabout_card="target"` it is one of the player's own cards, whose seeds go to the caster
instead of the player. A designated CONFUSION pays 3 from the pot to the caster and 2 to the
player, and nothing to its holder. Long words earn a bonus from the pot.

`evaluate` is pure: the rules, the preview and the bots share it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ludomots.core.errors import RuleError
from ludomots.games.awalettres.cards import (
    CONFUSION_VALUE,
    MARABOUT_CONFUSION_CASTER,
    MARABOUT_CONFUSION_PLAYER,
    VALUES,
    WILD,
)

# seed: "5 lettres = 2 graines - 6 lettres = 3 graines - 7 lettres ou plus = 5 graines"
LENGTH_BONUS = {5: 2, 6: 3}
LONG_BONUS = 5


def length_bonus(length: int) -> int:
    if length >= 7:
        return LONG_BONUS
    return LENGTH_BONUS.get(length, 0)


@dataclass(frozen=True)
class Outcome:
    """The seeds a word moves. `cards[s]` are the cards it takes out of seat s's hand."""

    seat: int
    key: str
    cards: dict[int, Counter[str]]
    collected: int  # own letters, from the pot
    bonus: int  # length bonus, from the pot
    pot_gains: dict[int, int] = field(default_factory=dict)  # others' gains from the pot
    payments: dict[int, int] = field(default_factory=dict)  # payee -> seeds, in seat order
    designations_used: int = 0

    @property
    def gain(self) -> int:
        """Everything the player takes from the pot."""
        return self.collected + self.bonus

    @property
    def paid(self) -> int:
        return sum(self.payments.values())

    @property
    def net(self) -> int:
        return self.gain - self.paid

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "word": self.key, "collected": self.collected,
                "bonus": self.bonus, "gain": self.gain,
                "payments": {str(s): n for s, n in self.payments.items()},
                "pot_gains": {str(s): n for s, n in self.pot_gains.items()},
                "net": self.net,
                "cards": {str(s): sorted(c.elements()) for s, c in self.cards.items()}}


def _error(code: str, message: str, **details: Any) -> RuleError:
    return RuleError(code, message, details)


def evaluate(seat: int, key: str, sources: Sequence[int], wild: Sequence[int],
             hands: Sequence[Sequence[str]], designations: Sequence[tuple[int, str]],
             from_caster: bool = True) -> Outcome:
    """The outcome of `seat` playing `key`, letter i taken from seat `sources[i]` (its
    CONFUSION standing for that letter when i is in `wild`). `designations` are the
    (caster, card) pairs of the MARABOUTAGE spells on him: cards of the casters' hands when
    `from_caster`, else of his own. RuleError when the cards do not exist, no own card is
    used, or a designated card is left out. The lexicon is not asked."""
    players = len(hands)
    if len(sources) != len(key):
        raise _error("bad_sources", "Indiquez, pour chaque lettre du mot, le joueur qui la "
                     "fournit.", letters=len(key), sources=len(sources))
    if any(isinstance(s, bool) or not 0 <= s < players for s in sources):
        raise _error("bad_sources", "Ce joueur n’existe pas.", sources=list(sources))
    if len(set(wild)) != len(wild) or any(not 0 <= i < len(key) for i in wild):
        raise _error("bad_wild", "Une CONFUSION remplace une lettre du mot, une seule fois.",
                     wild=list(wild))
    if seat not in sources:
        raise _error("no_own_letter", "Votre mot doit utiliser au moins une de vos lettres.")
    cards: dict[int, Counter[str]] = {}
    for index, (letter, source) in enumerate(zip(key, sources, strict=True)):
        card = WILD if index in wild else letter
        cards.setdefault(source, Counter())[card] += 1
    for source, used in sorted(cards.items()):
        have = Counter(hands[source])
        if used[WILD] > 1:
            raise _error("bad_wild", "Un joueur n’a qu’une CONFUSION : elle ne remplace "
                         "qu’une lettre.", seat=source)
        missing = sorted((used - have).elements())
        if missing:
            who = "Vous n’avez" if source == seat else f"Le joueur {source + 1} n’a"
            shown = ", ".join("CONFUSION" if c == WILD else c for c in missing)
            raise _error("letter_not_available", f"{who} pas : {shown}.", seat=source,
                         missing=missing)
    own = cards[seat]
    if from_caster:
        _check_taken(cards, designations)
    else:
        designated = Counter(card for _, card in designations)
        lacking = sorted((designated - own).elements())
        if lacking:
            shown = ", ".join("CONFUSION" if c == WILD else c for c in lacking)
            raise _error("marabout_required", f"Un MARABOUTAGE vous oblige à jouer : {shown}.",
                         required=lacking)

    collected = sum(VALUES[c] * n for c, n in own.items() if c != WILD)
    pot_gains: dict[int, int] = {}
    payments: dict[int, int] = {}
    imposed_wilds: Counter[int] = Counter()  # casters whose designated CONFUSION is played
    for caster, card in designations:  # counted as if fetched from the caster
        if card == WILD:
            collected += MARABOUT_CONFUSION_PLAYER
            pot_gains[caster] = pot_gains.get(caster, 0) + MARABOUT_CONFUSION_CASTER
            if from_caster:
                imposed_wilds[caster] += 1
        elif not from_caster:  # his own card: its seeds go to the caster, not to him
            collected -= VALUES[card]
            payments[caster] = payments.get(caster, 0) + VALUES[card]
    for source, used in cards.items():
        if source != seat:
            price = sum(VALUES[c] * n for c, n in used.items() if c != WILD) + \
                CONFUSION_VALUE * (used[WILD] - imposed_wilds[source])
            if price:
                payments[source] = payments.get(source, 0) + price
    order = sorted(payments, key=lambda s: (s - seat) % players)
    return Outcome(seat, key, cards, collected, length_bonus(len(key)), pot_gains,
                   {s: payments[s] for s in order}, len(designations))


def _check_taken(cards: dict[int, Counter[str]], designations: Sequence[tuple[int, str]]
                 ) -> None:
    """Every card designated by a MARABOUTAGE is taken from its caster's hand."""
    wanted: dict[int, Counter[str]] = {}
    for caster, card in designations:
        wanted.setdefault(caster, Counter())[card] += 1
    lacking = [(caster, card) for caster, want in sorted(wanted.items())
               for card in sorted((want - cards.get(caster, Counter())).elements())]
    if lacking:
        shown = ", ".join(f"{'la CONFUSION' if card == WILD else f'le {card}'} du joueur "
                          f"{caster + 1}" for caster, card in lacking)
        raise _error("marabout_required", f"Un MARABOUTAGE vous oblige à prendre {shown}.",
                     required=[[caster, card] for caster, card in lacking])
