"""Acceptance policies: which forms of the lexicon count as words in a game.

Each game of RULINGS.md has a policy (plurals, conjugated verbs, proper nouns,
abbreviations, signs). A form is accepted when at least one of its entries
(one reading: lemma + tag) has no category the policy forbids. The build stores,
for every folded key, the set of category patterns its entries show, so any
policy, named or custom, is answered by one mask test.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from ludomots.lexicon.tags import ABBREVIATION, CONJUGATED, NOT_A_WORD, PLURAL, PROPER, SIGNED

PATTERN_COUNT = 64  # every combination of the six category bits


@dataclass(frozen=True, eq=False)
class Policy:
    """What a game accepts as a word. `accents` is descriptive: keys are always folded.

    A policy is itself (identity equality and hash): the lexicon looks its checker up by
    policy on every `accepts`, and hashing seven fields in Python each time made
    `accepts(word, STANDARD)` a third slower than `accepts(word, "topword")`. Two policies
    with the same flags share a prebuilt trie through `trie_name`.
    """

    name: str
    plurals: bool = True
    conjugations: bool = True
    proper_nouns: bool = False
    abbreviations: bool = False
    signs: bool = False
    accents: str = "ignored"  # "ignored" (folded away) or "scored" (Volapük)

    @cached_property
    def forbidden(self) -> int:
        bits = NOT_A_WORD
        if not self.plurals:
            bits |= PLURAL
        if not self.conjugations:
            bits |= CONJUGATED
        if not self.proper_nouns:
            bits |= PROPER
        if not self.abbreviations:
            bits |= ABBREVIATION
        if not self.signs:
            bits |= SIGNED
        return bits

    @cached_property
    def allowed_patterns(self) -> int:
        """Bit p is set when an entry of category pattern p is acceptable."""
        mask = 0
        for pattern in range(PATTERN_COUNT):
            if not pattern & self.forbidden:
                mask |= 1 << pattern
        return mask

    @cached_property
    def trie_name(self) -> str | None:
        """The prebuilt trie answering this policy, if its flags match a named one."""
        for named in NAMED.values():
            if named.forbidden == self.forbidden:
                return named.name
        return None


STANDARD = Policy("standard")
VOCABULON = Policy("vocabulon", conjugations=False)
VOLAPUK = Policy(
    "volapuk", proper_nouns=True, abbreviations=True, signs=True, accents="scored"
)

# The three distinct acceptance sets; the build writes one trie for each.
NAMED = {p.name: p for p in (STANDARD, VOCABULON, VOLAPUK)}

# Game name -> policy (RULINGS.md, "All games" table).
GAME_POLICIES = {
    "topword": STANDARD,
    "typo": STANDARD,
    "awalettres": STANDARD,
    "vocabulon": VOCABULON,
    "volapuk": VOLAPUK,
}


def policy_for(name: str) -> Policy:
    """The policy of a game (or a named policy); KeyError names the known ones."""
    key = name.lower().replace("ü", "u")
    if key in GAME_POLICIES:
        return GAME_POLICIES[key]
    if key in NAMED:
        return NAMED[key]
    known = ", ".join(sorted(GAME_POLICIES) + sorted(NAMED))
    raise KeyError(f"unknown policy {name!r}; known: {known}")
