"""RULINGS.md, folding: É/È/Ê/Ë→E, À/Â→A, Î/Ï→I, Ô→O, Ù/Û/Ü→U, Ç→C, Œ→OE, Æ→AE; ’ = '."""

import pytest

from ludomots.lexicon.fold import fold, has_signs, normalize_apostrophes


@pytest.mark.parametrize(
    ("word", "key"),
    [
        ("été", "ETE"), ("père", "PERE"), ("forêt", "FORET"), ("noël", "NOEL"),
        ("là", "LA"), ("âme", "AME"), ("île", "ILE"), ("maïs", "MAIS"), ("hôte", "HOTE"),
        ("où", "OU"), ("flûte", "FLUTE"), ("capharnaüm", "CAPHARNAUM"), ("ça", "CA"),
        ("cœur", "COEUR"), ("Œdipe", "OEDIPE"), ("ex-æquo", "EX-AEQUO"), ("ÉTÉ", "ETE"),
    ],
)
def test_each_accent_of_the_rulings_folds_to_its_base_letter(word: str, key: str) -> None:
    assert fold(word) == key


def test_typographic_and_ascii_apostrophes_are_the_same_sign() -> None:
    assert fold("aujourd’hui") == fold("aujourd'hui") == "AUJOURD'HUI"
    assert normalize_apostrophes("s’altérer") == "s'altérer"


def test_signs_are_kept_by_folding_for_the_policies_to_judge() -> None:
    assert fold("arc-en-ciel") == "ARC-EN-CIEL"
    assert fold("etc.") == "ETC."
    assert has_signs("hot dog") and has_signs("p.-s.") and not has_signs("chat")


def test_letters_of_loanwords_fold_to_their_base_letter() -> None:
    assert fold("cañon") == "CANON"
    assert fold("smørrebrød") == "SMORREBROD"
