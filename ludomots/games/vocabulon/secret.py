"""Secret words: what may be written on the folded paper, and when it must be changed.

RULINGS.md: accepted by the lexicon under the Vocabulon policy (plurals yes, conjugated verbs,
proper nouns, abbreviations and signs no; accents ignored), of the length the rules give the
player. A word needing four cards of one group can never be completed (there are three), so it
is refused at once rather than discovered at the end. A new word (seed, CHANGEMENT DE MOT
SECRET) is two letters longer than the one it replaces and may not win at once.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping

from ludomots.core.errors import RuleError
from ludomots.games.vocabulon.actions import rule_error
from ludomots.games.vocabulon.groups import CARDS_PER_GROUP, GROUPS, complete, letters_key, needs
from ludomots.lexicon.lexicon import Lexicon

LENGTH_CHANGE = 2  # seed: "un autre plus long de deux lettres"


def word_error(word: str, length: int, lexicon: Lexicon) -> RuleError | None:
    """Why ``word`` cannot be a secret word of ``length`` letters under ``lexicon`` (the
    game's: `state.lexicon`), or None."""
    shown = word.strip()
    key = letters_key(word)
    if key is None:
        return rule_error("bad_word", "Un mot secret s'écrit en lettres seulement (ni espace, "
                          "ni trait d'union, ni apostrophe).", word=shown)
    if len(key) != length:
        return rule_error("wrong_length", f"Votre mot secret doit avoir {length} lettres ; "
                          f"« {shown} » en a {len(key)}.", word=shown, length=length)
    if not lexicon.accepts(key, "unconjugated"):
        return rule_error("unknown_word", f"« {shown} » n'est pas dans le dictionnaire (un "
                          "pluriel est accepté ; les verbes conjugués, les noms propres et "
                          "les abréviations ne le sont pas).", word=shown)
    too_many = sorted(g for g, n in needs(key).items() if n > CARDS_PER_GROUP)
    if too_many:
        group = too_many[0]
        return rule_error("unwinnable_word", f"« {shown} » demande plus de {CARDS_PER_GROUP} "
                          f"cartes-lettre {group} : il n'y en a que {CARDS_PER_GROUP}.",
                          word=shown, group=group)
    return None


def sabot_counts(held: Iterable[Iterable[str]]) -> dict[str, int]:
    """Letter cards still in the sabot, by group (3 minus those won)."""
    won = Counter(g for cards in held for g in cards)
    return {g: CARDS_PER_GROUP - won[g] for g in GROUPS}


def blocked_groups(word: str, held: Iterable[str], sabot: Mapping[str, int]) -> list[str]:
    """Groups the word needs more of than the player holds plus the sabot still has: the
    seed's "il ne peut plus gagner une lettre de son mot secret"."""
    have = Counter(held)
    return sorted(g for g, n in needs(word).items() if n > have[g] + sabot[g])


def change_error(old: str, new: str, held: Iterable[str], sabot: Mapping[str, int],
                 lexicon: Lexicon) -> RuleError | None:
    """Why ``old`` may not be replaced by ``new`` now, or None."""
    cards = list(held)
    if not blocked_groups(old, cards, sabot):
        return rule_error("word_still_possible", "Vous pouvez encore gagner toutes les lettres "
                          "de votre mot secret : on ne change de mot que lorsqu'une lettre "
                          "ne peut plus être gagnée.")
    error = word_error(new, len(letters_key(old) or old) + LENGTH_CHANGE, lexicon)
    if error is not None:
        return error
    if complete(new, cards):
        return rule_error("immediately_winning", f"« {new.strip()} » serait aussitôt gagnant : "
                          "vous avez déjà toutes ses cartes-lettre.", word=new.strip())
    return None
