"""The word walk, cross-checked against a slow, obviously correct enumeration (the perft idea
of ARCHITECTURE.md), and the usual choice of cards."""

import itertools
from collections import Counter

import pytest

from ludomots.core.errors import RuleError
from ludomots.games.awalettres.assign import assign
from ludomots.games.awalettres.scoring import evaluate
from ludomots.games.awalettres.search import Pool, accepted, exists, first_playable, words
from ludomots.lexicon.lexicon import get_lexicon

LEXICON = get_lexicon()  # the game's word list, passed to the search

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def slow_words(pool: Pool) -> set[str]:
    """Every arrangement of every sub-multiset of the cards, wild cards as any letter."""
    cards = list((pool.own + pool.others).elements()) + ["?"] * pool.wilds
    found = set()
    for size in range(2, len(cards) + 1):
        for chosen in set(itertools.permutations(cards, size)):
            slots = [LETTERS if c == "?" else c for c in chosen]
            for letters in itertools.product(*slots):
                key = "".join(letters)
                if accepted(LEXICON, key) and pool.playable(key):
                    found.add(key)
    return found


@pytest.mark.parametrize("hands", [
    (["AET"], ["RS"]),
    (["VU"], ["EAS"]),
    (["Z?"], ["OE"]),
    (["QK"], ["?", "IU"]),
    (["BR"], ["AEN"], ),
])
def test_the_walk_finds_exactly_the_playable_words(hands: tuple[list[str], ...]) -> None:
    hand_lists = [list(h) for h in hands[0]] + [list(h) for group in hands[1:] for h in group]
    pool = Pool.of(0, hand_lists)
    assert set(words(LEXICON, pool)) == slow_words(pool)


def test_a_playable_word_needs_an_own_card() -> None:
    pool = Pool.of(0, [list("Z"), list("VA")])
    assert "VA" not in words(LEXICON, pool) and not exists(LEXICON, pool)
    assert exists(LEXICON, Pool.of(0, [list("V"), list("A")]))


def test_required_cards_narrow_the_words() -> None:
    pool = Pool.of(0, [list("TEA"), list("S")], Counter("S"))
    assert not exists(LEXICON, pool)
    pool = Pool.of(0, [list("TEAS"), list("")], Counter("S"))
    assert all("S" in key for key in words(LEXICON, pool)) and exists(LEXICON, pool)


def test_a_bot_may_bound_the_letters_the_walk_takes_the_rules_do_not() -> None:
    # V alone makes no word; VA takes one letter (A), so a bound of one letter finds it, a
    # bound of zero does not. The rules ask without a bound (max_taken defaults to 99).
    pool = Pool.of(0, [list("V"), list("A")])
    assert exists(LEXICON, pool) and exists(LEXICON, pool, max_taken=1)
    assert not exists(LEXICON, pool, max_taken=0)


def test_designated_letters_narrow_the_walk_s_words_to_those_holding_them() -> None:
    # A MARABOUTAGE makes seat 0 take the Q of seat 1: every word found holds the Q (the
    # quick test before the full check keeps exactly the words `playable` keeps).
    pool = Pool.designated(0, [list("UIET"), list("QS")], [(1, "Q")])
    found = words(LEXICON, pool)
    assert found and all("Q" in key and pool.playable(key) for key in found)
    assert set(found) == {key for key in words(LEXICON, Pool.of(0, [list("UIET"), list("QS")]))
                          if pool.playable(key)}


def test_lengths_bound_the_walk() -> None:
    pool = Pool.of(0, [list("RATES"), list("")])
    assert {len(k) for k in words(LEXICON, pool, 4, 4)} == {4}
    assert len(first_playable(LEXICON, pool, limit=3)) == 3


def test_assign_uses_own_letters_then_the_others_then_a_confusion() -> None:
    hands = [list("ART?"), list("PE"), list("SE")]
    assert assign(0, "APRES", hands) == ((0, 1, 0, 1, 2), ())
    assert assign(0, "APRES", hands, own_wild_first=True) == ((0, 0, 0, 1, 2), (1,))
    assert assign(0, "ZEST", hands) == ((0, 1, 2, 0), (0,))
    assert assign(0, "XYZ", hands) is None
    # option marabout_card="target": his own CONFUSION is designated
    sources, wild = assign(0, "ART", hands, designations=[(1, "?")],
                           from_caster=False) or ((), ())
    assert 0 in {sources[i] for i in wild}
    outcome = evaluate(0, "ART", sources, wild, hands, [(1, "?")], from_caster=False)
    assert outcome.pot_gains == {1: 3}


def test_assign_takes_the_cards_a_marabout_designates_in_the_caster_s_hand_first() -> None:
    hands = [list("ARE"), list("RE"), list("?S")]
    assert assign(0, "ARE", hands, designations=[(1, "E")]) == ((0, 0, 1), ())
    assert assign(0, "ARE", hands, designations=[(1, "R"), (1, "E")]) == ((0, 1, 1), ())
    # the caster's CONFUSION stands in for the dearest letter he would pay for, or his own
    assert assign(0, "ARES", hands, designations=[(2, "?")]) == ((0, 0, 0, 2), (3,))
    assert assign(0, "ARE", hands, designations=[(2, "?")]) == ((2, 0, 0), (0,))
    assert assign(0, "ARE", hands, designations=[(1, "Z")]) is None


def brute_playable(seat: int, key: str, hands: list[list[str]],
                   designations: list[tuple[int, str]], from_caster: bool) -> bool:
    """Is there any choice of sources and CONFUSION positions the scoring accepts?"""
    players = len(hands)
    for sources in itertools.product(range(players), repeat=len(key)):
        for size in range(0, 3):
            for wild in itertools.combinations(range(len(key)), size):
                try:
                    evaluate(seat, key, sources, wild, hands, designations, from_caster)
                except RuleError:
                    continue
                return True
    return False


@pytest.mark.parametrize(("hands", "designations", "from_caster"), [
    (["ET", "ARS", "?U"], [(1, "S")], True),
    (["ET", "ARS", "?U"], [(2, "?")], True),
    (["E?", "ARS", "TU"], [(1, "R"), (1, "S")], True),
    (["ST", "A?", "EU"], [(1, "?"), (2, "E")], True),
    (["T", "A?", "E"], [(1, "?")], True),
    (["AT?", "RS", "EU"], [(1, "S")], False),
    (["AT?", "RS", "EU"], [(1, "?")], False),
])
def test_playable_agrees_with_every_choice_of_cards(hands: list[str],
                                                     designations: list[tuple[int, str]],
                                                     from_caster: bool) -> None:
    hand_lists = [list(h) for h in hands]
    pool = Pool.designated(0, hand_lists, designations, from_caster)
    free = Pool.of(0, hand_lists)
    candidates = words(LEXICON, free, 2, 4)
    assert candidates
    for key in candidates:
        assert pool.playable(key) == brute_playable(0, key, hand_lists, designations,
                                                    from_caster), key
