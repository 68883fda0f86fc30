"""Issue 17, part 1 and 2: the short words Scrabble players play come in from the other
sources; generated junk and abbreviations go out. On the built data, and on the build's
rules with small evidence of our own."""

from __future__ import annotations

import pytest

from ludomots.lexicon.additions import compute_additions, read_senses
from ludomots.lexicon.evidence import Evidence
from ludomots.lexicon.junk import unconfirmed_categories
from ludomots.lexicon.lexicon import get_lexicon
from ludomots.lexicon.policy import STANDARD, VOCABULON
from ludomots.lexicon.tags import ABBREVIATION, NOT_A_WORD, categories
from ludomots.lexicon.wordlists import read_lines, read_prezip

lex = get_lexicon()

ISSUE_SHORT_WORDS = [
    "AA", "AY", "BI", "DA", "IN", "KA", "OK", "KOB", "SKA", "KYAT", "KIP", "KAT", "ZARB",
    "QIBLA", "CAF", "ORT", "MOA", "OBA", "OCA", "SAL", "TAR", "HUI", "API", "ASE", "KORA", "WALI",
    "SAX", "TRAVAILS",
]


@pytest.mark.parametrize("word", ISSUE_SHORT_WORDS)
def test_the_short_and_rare_words_of_the_issue_are_accepted(word: str) -> None:
    assert lex.accepts(word, STANDARD), word


def test_faqir_nice_and_ba_stay_refused_for_want_of_a_second_source() -> None:
    # FAQIR is in none of the five sources. NICE the adjective is Wiktionary's alone (Lexique's
    # lower-case noun "nice" cannot be told from the city, Nice), and Nice is a name; BA is
    # Wiktionary's alone, and a two-letter word needs two sources.
    for word in ("FAQIR", "NICE", "BA"):
        assert not lex.accepts(word, STANDARD), word


def test_an_added_word_has_its_class_and_plural() -> None:
    (kob,) = [e for e in lex.entries("kob") if e.form == "kob"]
    assert (kob.lemma, kob.cls, kob.number) == ("kob", "n", "s")
    assert lex.accepts("KOBS", STANDARD) and lex.accepts("KOBS", VOCABULON)
    assert [(e.lemma, e.cls, e.number) for e in lex.entries("travails")] == [
        ("travail", "n", "p")]


@pytest.mark.parametrize("word", ["YOCTORADIANS", "ZETTAOHM", "EXASECONDE", "PETAVOLTS",
                                  "FLUDIOXONIL", "METCONAZOLE", "SCHTROUMPFERONT",
                                  "OPENSOURCASSIEZ", "CHAVILLOIS"])
def test_generated_units_and_the_technical_sub_list_are_not_words(word: str) -> None:
    assert not lex.accepts(word, STANDARD)
    assert not lex.accepts(word, "volapuk")


@pytest.mark.parametrize("word", ["KILOMETRE", "MILLIGRAMMES", "KILOWATT", "MEGAHERTZ",
                                  "CENTILITRE", "ANAGRAMME", "PIGNONS"])
def test_units_and_sub_list_words_another_source_spells_stay(word: str) -> None:
    assert lex.accepts(word, STANDARD)


@pytest.mark.parametrize("word", ["AV", "ED", "IBID", "ENV", "BIBL", "JUIL", "BIG", "GOOD"])
def test_abbreviations_and_english_on_grammalecte_alone_are_refused(word: str) -> None:
    assert not lex.accepts(word, STANDARD)


# --- the rules, on evidence of our own -------------------------------------------------


def evidence(glosses: dict[str, str] | None = None, wfrench: set[str] | None = None,
             gutenberg: set[str] | None = None) -> Evidence:
    return Evidence(glosses=glosses or {}, lexique={}, lexique_lemmas=frozenset(),
                    wfrench=frozenset(wfrench or ()), gutenberg=frozenset(gutenberg or ()),
                    lexique_verbs={})


def test_a_unit_multiple_needs_a_source_other_than_wiktionary() -> None:
    tag = ":N:m:s;U/*"
    proof = evidence(glosses={"yoctoradian": "Unité de mesure d’angle."}, wfrench={"kilomètre"})
    assert unconfirmed_categories("yoctoradian", "radian", tag, 0, proof) == NOT_A_WORD
    assert unconfirmed_categories("kilomètre", "mètre", tag, 0, proof) == 0
    assert unconfirmed_categories("kilomètres", "mètre", ":N:m:p;U/*", 0, proof) == 0


def test_a_short_lemma_on_grammalecte_alone_is_an_abbreviation_unless_a_reform_spelling() -> None:
    proof = evidence(glosses={"fig": "Figurine, pion représentant un personnage."},
                     gutenberg={"ibid"})
    assert unconfirmed_categories("ibid", "ibid", ":W/*", 0, proof) == ABBREVIATION
    assert unconfirmed_categories("fig", "fig", ":N:f:i/*", 0, proof) == ABBREVIATION
    assert unconfirmed_categories("gout", "gout", ":N:m:s/R", 0, proof) == 0
    assert unconfirmed_categories("chasuble", "chasuble", ":N:f:s/*", 0, proof) == 0


def test_a_shouted_interjection_is_not_an_acronym() -> None:
    assert categories("OK", ":J/*") == 0
    assert categories("ONU", ":N:f:i/*") == ABBREVIATION


def no_class(_word: str) -> set[str]:
    return set()


def nouns(word: str) -> set[str]:
    return {"n"} if word in {"antilope", "instrument", "monnaie"} else set()


def test_senses_that_make_a_word_something_else_keep_it_out() -> None:
    for headword, text in [
        ("ed", "Nom de la lettre ð (minuscule) ou Ð (capitale)."),
        ("av", "Onzième mois du calendrier hébraïque."),
        ("asv", "Âge, sexe, ville. Employé sur Internet."),
        ("cde", "Commande."),
        ("palau", "Langue austronésienne parlée aux Palaos."),
        ("deep", "Profond."),
    ]:
        assert not read_senses(headword, text, no_class).single_source_ok, headword
    kob = read_senses("kob", "Antilope africaine des marais.", nouns)
    assert kob.single_source_ok and kob.classes == {"n"}


def test_additions_take_a_short_wiktionary_word_and_its_plural_but_not_a_name() -> None:
    proof = evidence(glosses={
        "kob": "Antilope africaine des marais ou des savanes.",
        "zarb": "Instrument de percussion originaire d’Iran.",
        "tokyo": "Nom donné à certains chrysanthèmes cultivés.",
        "kyatt": "Monnaie du Myanmar, en Asie.",
        "kyattes": "Monnaie du Myanmar utilisée autrefois.",  # six letters or more: no
    })
    added = compute_additions(set(), set(), {"Tokyo"}, {}, proof, nouns)
    assert [(a.form, a.lemma, a.tag) for a in added] == [
        ("kob", "kob", ":N:s/+"), ("kobs", "kob", ":N:p/+"),
        ("kyatt", "kyatt", ":N:s/+"), ("kyatts", "kyatt", ":N:p/+"),
        ("zarb", "zarb", ":N:s/+"), ("zarbs", "zarb", ":N:p/+"),
    ]


def test_a_missing_plural_of_a_grammalecte_noun_needs_a_word_list() -> None:
    proof = evidence(gutenberg={"travails", "bijous"})
    added = compute_additions({"travail", "travaux", "bijou", "bijoux"}, set(), set(),
                              {"travail": ":N:m:s/*"}, proof, nouns)
    assert [(a.form, a.lemma) for a in added] == [("travails", "travail")]


# --- the word lists' readers -------------------------------------------------------------


def test_prezip_keeps_the_shared_start_of_the_previous_word() -> None:
    raw = b"\x01Alain\x03exandrie\x03fred\x01chat\x05s"
    assert read_prezip(raw) == ["Alain", "Alexandrie", "Alfred", "chat", "chats"]


def test_prezip_refuses_text_that_is_not_a_word_list() -> None:
    with pytest.raises(ValueError, match="prezip"):
        read_prezip(b"plain text")


def test_a_plain_word_list_is_read_line_by_line() -> None:
    assert read_lines(b"kob\nkyat\n\nsal\n") == {"kob", "kyat", "sal"}
