"""What counts as a word: the lexicon under the Volapük policy, the seed's compounds, phrases
with the space cell, elisions, accents and the cedilla."""

from ludomots.games.volapuk.words import Verdict, judge


def test_signs_are_required_where_the_dictionary_spells_them() -> None:
    """Seed remark: "Les mots possédant des asprosthophes, des tirets ou des points ne pourront
    être écrits sans eux"."""
    assert judge("ARC-EN-CIEL").ok and not judge("ARCENCIEL").ok
    assert judge("HOT-DOG").ok


def test_the_seeds_compounds_are_dictionary_compounds() -> None:
    """Seed C4: "Exemples de mots composés légitimes : ... BABA COOL, CHOP SUEY, HOT DOG, NO
    MAN'S LAND ... AT HOME ... A PRIORI, ITA EST, ECCE HOMO, NOTA BENE ... BATON ROUGE"."""
    for word in ("BABA COOL", "CHOP SUEY", "HOT DOG", "NO MAN'S LAND", "AT HOME", "A PRIORI",
                 "ITA EST", "ECCE HOMO", "NOTA BENE", "BATON ROUGE", "ET CÆTERA"):
        assert judge(word) == Verdict(True, compound=True), word
    for word in ("ETC.", "EX.", "N.B.", "P.-S."):
        assert judge(word) == Verdict(True), word


def test_phrases_are_admitted_without_the_compound_bonus() -> None:
    """Seed A8: "permet aussi sans Bonus, de composer des mots ayant un sens comme : JOYEUX
    NOËL ou BONNE FETE"."""
    assert judge("JOYEUX NOËL") == Verdict(True)
    assert judge("BONNE FÊTE") == Verdict(True)
    assert judge("SE POURRIR") == Verdict(True)
    assert not judge("SE POURRIR", phrases=False).ok
    assert not judge("JOYEUX NOXL").ok


def test_elisions_before_a_vowel() -> None:
    assert judge("S'EXONDER").ok and judge("S'ALTÉRER").ok and judge("S’ALTÉRER").ok
    assert not judge("S'PORTER").ok


def test_the_cedilla_and_accented_dice() -> None:
    assert judge("FAÇADE").ok and judge("FACADE").reason == "spelling"
    assert judge("ÉTÉ").ok and judge("ETE").ok and judge("ÈTE").reason == "spelling"


def test_a_phrase_cannot_stand_for_a_word_the_dictionary_writes_with_signs() -> None:
    """Seed 2a: "S'ALTÉRER et S'EXONDER ne peuvent être placés s'ils ne comportent pas
    l'apostrophe"; remark: "Les mots possédant des asprosthophes, des tirets ou des points ne
    pourront être écrits sans eux". A space cell is no apostrophe or hyphen: S EXONDER and ARC
    EN CIEL are those words written without their signs, not phrases."""
    for text in ("S EXONDER", "S ALTÉRER", "ARC EN CIEL", "PORTE MONNAIE", "C EST"):
        verdict = judge(text)
        assert not verdict.ok and verdict.reason == "signs", text
    assert judge("SE POURRIR").ok and judge("BONNE FÊTE").ok


def test_an_elided_word_is_not_a_part_of_a_phrase() -> None:
    """Seed 2a: the apostrophe joins the elided word to the next one (S'EXONDER); "L' EAU"
    with a space cell after it is no way to write anything."""
    assert not judge("L' EAU").ok
    assert judge("L'EAU").ok


def test_an_elided_word_goes_before_a_word_not_an_abbreviation_or_a_letter() -> None:
    """Seed 2a: S'ALTÉRER, S'EXONDER — an elided word before a word. The abbreviations and
    letters the Volapük policy admits alone (3: "les abrégés ... sont admis") take no
    elision: S'EV (eV, the electronvolt), N'E, C'ANR are nothing."""
    for text in ("S'EV", "N'E", "C'ANR", "S'EVAD"):
        assert not judge(text).ok, text
    for text in ("S'EXONDER", "L'A", "S'Y", "L'ÉGYPTE", "D'ERG", "L'EAU"):
        assert judge(text).ok, text
