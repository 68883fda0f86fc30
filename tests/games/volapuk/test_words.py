"""What counts as a word: the lexicon under the Volapük policy, the seed's compounds, phrases
with the space cell, elisions, accents and the cedilla."""

import json
from itertools import product
from string import ascii_uppercase

from click.testing import CliRunner

from ludomots.cli import main
from ludomots.games.volapuk import words
from ludomots.games.volapuk.words import Verdict
from ludomots.lexicon.lexicon import get_lexicon
from ludomots.lexicon.tags import ABBREVIATION, NOT_A_WORD


def judge(text: str, phrases: bool = True, abbreviations: bool = False) -> Verdict:
    """The referee's verdict with the shipped lexicon."""
    return words.judge(text, phrases, abbreviations, lexicon=get_lexicon())


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
    for word in ("ETC.", "EX.", "N.B.", "P.-S."):  # abbreviations: seed 3, end of games
        assert judge(word, abbreviations=True) == Verdict(True), word
        assert not judge(word).ok, word


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


def test_unit_symbols_and_abbreviations_are_no_words_during_play() -> None:
    """Seed 3: "les symboles, les abrégés ... sont admis et laissés à l'appréciation des
    joueurs pour les fins de parties": during play none is a word (cL, nJ, TJ, km, ONU)."""
    for text in ("CL", "NJ", "TJ", "KM", "MS", "HL", "EF", "ZH", "ONU", "DVD", "XIV"):
        assert not judge(text).ok, text
    for text in ("LA", "OS", "DO", "ET", "PORTE", "DUPONT"):
        assert judge(text).ok, text


def test_every_two_letter_word_during_play_is_no_symbol_or_abbreviation() -> None:
    """The 676 two-letter strings: each one Volapük accepts during play has a reading of the
    dictionary that is a word (LA, OS, DO) or a proper noun (the seed's dictionary has them:
    "l'ensemble des mots en noms propres et en noms communs"), not only a symbol or an
    abbreviation (cL, nJ, TJ, aK, HL, EF were words before)."""
    lexicon = get_lexicon()
    accepted = [pair for pair in map("".join, product(ascii_uppercase, repeat=2))
                if judge(pair).ok]
    for pair in accepted:
        assert any(not e.categories & (ABBREVIATION | NOT_A_WORD)
                   for e in lexicon.entries(pair)), pair
    assert {"LA", "OS", "DO", "ET"} <= set(accepted)
    assert not {"NJ", "TJ", "CL", "AK", "NN", "ZN", "ZH", "HL", "EF"} & set(accepted)


def test_abbreviations_at_the_end_of_the_game_never_case_folded_unit_symbols() -> None:
    """Seed 3, "pour les fins de parties" (`abbreviations=True`: the option and the end
    phase): abbreviations (ONU, DVD, XIV) and the seed's ETC. are words; a unit symbol the
    dice could only write case-folded (cL, nJ, km; TJ, the térajoule, a prefixed unit) never
    is; nor is a phrase of them."""
    for text in ("ONU", "DVD", "XIV", "ETC."):
        assert judge(text, abbreviations=True).ok, text
    for text in ("CL", "NJ", "TJ", "KM", "MS", "HL", "EF"):
        assert not judge(text, abbreviations=True).ok, text
    assert not judge("ONU DVD", abbreviations=True).ok


def test_a_phrase_is_made_of_words_not_of_symbols() -> None:
    """Seed A8: the space cell lets one "composer des mots ayant un sens comme : JOYEUX NOËL
    ou BONNE FETE"; SR NJ (the stéradian and the nanojoule) means nothing."""
    assert not judge("SR NJ").ok
    assert not judge("KM CL").ok
    assert judge("BONNE FÊTE").ok


def test_the_lexicon_command_answers_for_volapuk_during_play() -> None:
    """`ludomots lexique check --jeu volapuk` says what the referee accepts during play."""
    result = CliRunner().invoke(main, ["lexique", "check", "--jeu", "volapuk", "--json",
                                       "CL", "ONU", "DUPONT", "LA"])
    assert result.exit_code == 0, result.output
    valid = {line["word"]: line["valid"] for line in map(json.loads,
                                                         result.output.splitlines())}
    assert valid == {"CL": False, "ONU": False, "DUPONT": True, "LA": True}
