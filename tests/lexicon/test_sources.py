"""Issue 17, part 1 and 2: the short words Scrabble players play come in from the other
sources; generated junk and abbreviations go out. On the built data, and on the build's
rules with small evidence of our own."""

from __future__ import annotations

import pytest

from ludomots.lexicon.additions import compute_additions, read_senses
from ludomots.lexicon.evidence import Evidence
from ludomots.lexicon.junk import unconfirmed_categories
from ludomots.lexicon.lexicon import get_lexicon
from ludomots.lexicon.policy import PROPER_SIGNED, STANDARD, UNCONJUGATED
from ludomots.lexicon.tags import ABBREVIATION, NOT_A_WORD, categories
from ludomots.lexicon.wordlists import read_lines, read_prezip

lex = get_lexicon()

ISSUE_SHORT_WORDS = [
    "AA", "AY", "BI", "DA", "IN", "KA", "OK", "KOB", "SKA", "KYAT", "KIP", "CAF", "ORT", "MOA",
    "OBA", "SAL", "HUI", "API", "ASE", "KORA", "WALI", "SAX", "TRAVAILS",
    "BA",  # Wiktionary's and the Dico's (issue 17, second pass)
    "AXEL", "RIF",  # names' spellings that the DELA (and the Lefff) spell as common nouns
]


@pytest.mark.parametrize("word", ISSUE_SHORT_WORDS)
def test_the_short_and_rare_words_of_the_issue_are_accepted(word: str) -> None:
    assert lex.accepts(word, STANDARD), word


def test_words_on_one_source_alone_stay_refused() -> None:
    # FAQIR is in none of the ten sources. KAT, ZARB, QIBLA, OCA, TAR (târ), WOOBA are
    # Wiktionary's alone: one source's entry is not enough (it would let in 4,100 such
    # lemmas, most of them outside the ODS). NICE the adjective and RIO are Wiktionary's,
    # and the Dico's or Lexique's lower-case "nice" and "rio" cannot be told from the
    # names Nice and Rio.
    for word in ("FAQIR", "KAT", "ZARB", "QIBLA", "OCA", "TAR", "WOOBA", "WOOBAS", "NICE",
                 "RIO"):
        assert not lex.accepts(word, STANDARD), word


@pytest.mark.parametrize("word", ["BECAUSE", "YEAH", "WET", "TO", "CHOUS"])
def test_english_and_single_source_strings_of_wiktionary_are_refused(word: str) -> None:
    # BECAUSE, YEAH, TO: Lexique (film subtitles), the DELA or the Lefff spell them too, but
    # wordfreq finds them ten times as often in English, and no spelling list has them.
    assert not lex.accepts(word, STANDARD), word


def test_an_added_word_has_its_class_and_plural() -> None:
    (kob,) = [e for e in lex.entries("kob") if e.form == "kob"]
    assert (kob.lemma, kob.cls, kob.number) == ("kob", "n", "s")
    assert lex.accepts("KOBS", STANDARD) and lex.accepts("KOBS", UNCONJUGATED)
    assert [(e.lemma, e.cls, e.number) for e in lex.entries("travails")] == [
        ("travail", "n", "p")]


@pytest.mark.parametrize("word", ["YOCTORADIANS", "ZETTAOHM", "EXASECONDE", "PETAVOLTS",
                                  "FLUDIOXONIL", "METCONAZOLE", "SCHTROUMPFERONT",
                                  "OPENSOURCASSIEZ", "CHAVILLOIS"])
def test_generated_units_and_the_technical_sub_list_are_not_words(word: str) -> None:
    assert not lex.accepts(word, STANDARD)
    assert not lex.accepts(word, PROPER_SIGNED)


@pytest.mark.parametrize("word", ["KILOMETRE", "MILLIGRAMMES", "KILOWATT", "MEGAHERTZ",
                                  "CENTILITRE", "ANAGRAMME", "PIGNONS"])
def test_units_and_sub_list_words_another_source_spells_stay(word: str) -> None:
    assert lex.accepts(word, STANDARD)


@pytest.mark.parametrize("word", ["AV", "ED", "IBID", "ENV", "BIBL", "JUIL", "BIG", "GOOD"])
def test_abbreviations_and_english_on_grammalecte_alone_are_refused(word: str) -> None:
    assert not lex.accepts(word, STANDARD)


# --- the rules, on evidence of our own -------------------------------------------------


def evidence(glosses: dict[str, str] | None = None, wfrench: set[str] | None = None,
             gutenberg: set[str] | None = None, dela: set[str] | None = None,
             cougnenc: set[str] | None = None, french: dict[str, int] | None = None,
             english: dict[str, int] | None = None) -> Evidence:
    return Evidence(glosses=glosses or {}, lexique={}, lexique_lemmas=frozenset(),
                    wfrench=frozenset(wfrench or ()), gutenberg=frozenset(gutenberg or ()),
                    lexique_verbs={}, dela=frozenset(dela or ()),
                    cougnenc=frozenset(cougnenc or ()), french_frequency=french or {"le": 0},
                    english_frequency=english or {})


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
    return {"n"} if word in {"antilope", "instrument", "monnaie", "saut"} else set()


def test_senses_that_make_a_word_something_else_keep_it_out() -> None:
    for headword, text in [
        ("ed", "Nom de la lettre ð (minuscule) ou Ð (capitale)."),
        ("av", "Onzième mois du calendrier hébraïque."),
        ("asv", "Âge, sexe, ville. Employé sur Internet."),
        ("cde", "Commande."),
        ("palau", "Langue austronésienne parlée aux Palaos."),
        ("albertvillois", "Relatif à Albertville, municipalité québécoise."),
    ]:
        assert not read_senses(headword, text, no_class).usable, headword
    kob = read_senses("kob", "Antilope africaine des marais.", nouns)
    assert kob.usable and kob.two_sources_ok and kob.classes == {"n"}
    assert not read_senses("kg", "Symbole du kilogramme.", no_class).two_sources_ok


def test_additions_need_a_second_source_as_the_doubts_about_the_word_allow() -> None:
    glosses = {
        "kob": "Antilope africaine des marais ou des savanes.",  # Wiktionary + DELA: in
        "zarb": "Instrument de percussion originaire d’Iran.",  # Wiktionary alone: out
        "tokyo": "Nom donné à certains chrysanthèmes cultivés.",  # a name's: the Dico is not
        "axel": "Saut de patinage artistique.",  # enough, the DELA's common noun is
        "king": "Monnaie chinoise ancienne.",  # English-looking: the DELA is not enough
        "gigafarad": "Unité de capacité électrique.",  # a unit multiple the build rejected
    }
    proof = evidence(glosses=glosses, dela={"kob", "axel", "king", "gigafarad"},
                     cougnenc={"tokyo"}, french={"king": 474, "le": 790}, english={"king": 374})
    added = compute_additions(set(), set(), {"Tokyo", "Axel"}, {}, proof, nouns,
                              frozenset({"gigafarad"}))
    assert [(a.form, a.lemma, a.tag, a.sources) for a in added] == [
        ("axel", "axel", ":N:s/+", "dl+wk"), ("axels", "axel", ":N:p/+", ""),
        ("kob", "kob", ":N:s/+", "dl+wk"), ("kobs", "kob", ":N:p/+", ""),
    ]
    with_spelling_list = evidence(glosses=glosses, wfrench={"king"},
                                  french={"king": 474, "le": 790}, english={"king": 374})
    assert [a.form for a in compute_additions(set(), set(), set(), {}, with_spelling_list,
                                              nouns)] == ["king", "kings"]


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
