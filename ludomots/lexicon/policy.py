"""Acceptance policies: which forms of the lexicon count as words.

A policy is a set of flags (plurals, conjugated verbs, proper nouns, abbreviations, signs).
A form is accepted when at least one of its entries (one reading: lemma + tag) has no category
the policy forbids. The build stores, for every folded key, the set of category patterns its
entries show, so any policy, named or custom, is answered by one mask test. The lexicon knows
no game: each game carries its policy (``Game.policy``, RULINGS.md's "All games" table), one
of the named flag sets below or its own.
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
    `accepts(word, STANDARD)` a third slower than `accepts(word, "standard")`. Two policies
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


# Common nouns, adjectives... in every form: no proper noun, abbreviation or sign.
STANDARD = Policy("standard")
# The same without conjugated verbs (infinitives and participle-adjectives stay words).
UNCONJUGATED = Policy("unconjugated", conjugations=False)
# Proper nouns too, and words with signs (hyphen, apostrophe), accents counted; abbreviations
# and symbols stay out (a game may admit them as an option, checking them itself).
PROPER_SIGNED = Policy(
    "proper-signed", proper_nouns=True, abbreviations=False, signs=True, accents="scored"
)

# The three distinct acceptance sets; the build writes one trie for each.
NAMED = {p.name: p for p in (STANDARD, UNCONJUGATED, PROPER_SIGNED)}


def policy_for(name: str) -> Policy:
    """The named policy called ``name``; KeyError names the known ones."""
    key = name.lower()
    if key in NAMED:
        return NAMED[key]
    raise KeyError(f"unknown policy {name!r}; known: {', '.join(sorted(NAMED))}")
