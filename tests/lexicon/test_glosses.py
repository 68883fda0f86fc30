"""Tests of the Wiktionary gloss reader, on real lines of glosses.txt.gz copied verbatim."""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest

from ludomots.lexicon.glosses import clean_sense, guess_sense_class, iter_glosses, shorten

LIRE = (
    "lire\tInterpréter des informations écrites sous forme de mots ou de dessins sur un support."
    " | Suivre des yeux ce qui est écrit ou imprimé, avec la connaissance des sons que les lettres"
    " figurent ; soit en ne proférant pas les mots, soit en les proférant à haute voix."
    " | Prendre connaissance et comprendre un texte écrit."
    " | Comprendre ce qui est écrit ou imprimé dans une langue étrangère."
    " | Parcourir des yeux une musique notée, avec la connaissance des sons que les notes figurent"
    " et des diverses modifications que ces sons doivent recevoir."
    " | Prononcer à haute voix, avec l’intonation voulue, ce qui est écrit ou imprimé."
    " | S’instruire, s’amuser, s’informer, etc. par la lecture."
    " | Se dit encore en parlant de quelque livre qu’un professeur explique ou fait expliquer à ses"
    " auditeurs et qu’il prend pour sujet des leçons qu’il leur donne."
    " | Comprendre par l'observation un sens caché qui est au-delà des apparences."
    " | Lancer un vidéo ou audio pour le regarder ou l’écouter."
    " | Monnaie utilisée en Italie avant l’usage de l’euro. Son symbole est ₤ (Unicode U+20A4)."
    " | Monnaie de la Turquie."
)
MARDI = (
    "mardi\tDeuxième jourSelon la norme norme internationale ISO 8601. de la semaine, qui suit le"
    " lundi et précède le mercredi. | Le jour du mardi. Peut être suivi de matin, soir ou une date"
    " sans article."
)
LUNDI_1 = (
    "Premier jour Selon la norme norme internationale ISO 8601. de la semaine de travail."
    " Suit le dimanche et précède le mardi."
)
RAPIDEMENT = (
    "rapidement\tAvec rapidité ; d’une manière rapide. | À grande vitesse."
    " | Dans peu de temps ; en peu de temps."
)
VITE = (
    "Rapide, qui se meut avec célérité, avec promptitude ; se dit surtout dans le sport, sinon"
    " plutôt des animaux et des choses dont le mouvement est rapide."
)
PINGOUIN_2 = (
    "Manchot. parfois considéré comme un abus de langageGlossaire ornithologique de Marc Duquet,"
    " 2004, page 189."
)
EAU_DOUCE_1 = (
    "Eau non saléeNota bene : seule l'eau totalement purifiée est dépourvue de sel."
    " L' peut admettre un degré faible de salinité tout en restant potable."
    " Par exemple, les eaux minérales naturelles vendues en bouteille contiennent une quantité"
    " variable de sel, mais toujours faible., de lacs et de cours d’eau."
)

# A fake of the build's callback: class codes of a few word forms.
WORDS: dict[str, set[str]] = {
    "interpréter": {"v:inf"},
    "suivre": {"v:inf"},
    "prendre": {"v:inf"},
    "comprendre": {"v:inf"},
    "parcourir": {"v:inf"},
    "prononcer": {"v:inf"},
    "instruire": {"v:inf"},
    "lancer": {"v:inf"},
    "dit": {"v:ppas", "adj"},
    "monnaie": {"n"},
    "rapide": {"adj", "n"},
    "rapidement": {"adv"},
    "beaucoup": {"adv"},
    "probité": {"n"},
    "marque": {"n", "v:ind"},
    "injonction": {"n"},
    "adepte": {"n", "adj"},
    "baissé": {"v:ppas"},
    "sot": {"adj", "n"},
}


def classify(word: str) -> set[str]:
    return WORDS.get(word, set())


def senses_of(line: str) -> list[str]:
    return line.split("\t", 1)[1].split(" | ")


# --- iter_glosses ---------------------------------------------------------------


def test_iter_glosses_yields_headword_and_senses_split_on_bars(tmp_path: Path) -> None:
    path = tmp_path / "glosses.txt.gz"
    with gzip.open(path, "wt", encoding="utf-8") as out:
        out.write(MARDI + "\n" + LIRE + "\n")
    rows = list(iter_glosses(path))
    assert [headword for headword, _ in rows] == ["mardi", "lire"]
    assert rows[0][1] == [
        "Deuxième jourSelon la norme norme internationale ISO 8601. de la semaine, qui suit le"
        " lundi et précède le mercredi.",
        "Le jour du mardi. Peut être suivi de matin, soir ou une date sans article.",
    ]
    assert len(rows[1][1]) == 12
    assert rows[1][1][-1] == "Monnaie de la Turquie."


def test_iter_glosses_skips_lines_without_a_tab(tmp_path: Path) -> None:
    path = tmp_path / "glosses.txt.gz"
    with gzip.open(path, "wt", encoding="utf-8") as out:
        out.write("orphelin\nTotal\tGrand groupe pétrolier, devenu TotalEnergies.\n")
    assert list(iter_glosses(path)) == [
        ("Total", ["Grand groupe pétrolier, devenu TotalEnergies."])
    ]


# --- clean_sense ------------------------------------------------------------------


def test_clean_sense_removes_footnote_glued_into_mardi() -> None:
    assert clean_sense(senses_of(MARDI)[0]) == (
        "Deuxième jour de la semaine, qui suit le lundi et précède le mercredi."
    )


def test_clean_sense_removes_footnote_pasted_after_a_space_in_lundi() -> None:
    assert clean_sense(LUNDI_1) == (
        "Premier jour de la semaine de travail. Suit le dimanche et précède le mardi."
    )


def test_clean_sense_drops_a_trailing_glued_reference_and_keeps_one_word_cross_reference() -> None:
    assert clean_sense(PINGOUIN_2) == "Manchot. parfois considéré comme un abus de langage"


def test_clean_sense_resumes_after_a_footnote_ending_before_a_comma() -> None:
    assert clean_sense(EAU_DOUCE_1) == "Eau non salée, de lacs et de cours d’eau."


@pytest.mark.parametrize(
    "name",
    [
        "Grand groupe pétrolier, devenu TotalEnergies.",
        "PostScript, langage de description de page imprimée.",
        "JavaBean.",
    ],
)
def test_clean_sense_leaves_camel_case_names_alone(name: str) -> None:
    assert clean_sense(name) == name


@pytest.mark.parametrize(
    ("raw", "cleaned"),
    [
        ("Dessin animé japonais ; .", "Dessin animé japonais."),  # manga
        ("Nom de famille ; .", "Nom de famille."),
        (
            "Rubans passant sur les épaules et soutenant certains vêtements ou sous-vêtements. —",
            "Rubans passant sur les épaules et soutenant certains vêtements ou sous-vêtements.",
        ),  # bretelle
        ("Personne qui tue son oncle. ().", "Personne qui tue son oncle."),
        (
            "(Plurale tantum) () Vêtement très ajusté servant à couvrir les jambes.",
            "(Plurale tantum) Vêtement très ajusté servant à couvrir les jambes.",
        ),
        ("Nord-Africain indigène, , , , Arabe.", "Nord-Africain indigène, Arabe."),  # bougnoule
        ("Outre mesure , à l’extrême", "Outre mesure, à l’extrême"),
        ("Qu’on peut déplacer, remuer (voir ci-dessous).", "Qu’on peut déplacer, remuer."),
        ("ou Qui survient à un moment avancé.", "Qui survient à un moment avancé."),  # tard
        (
            ". : pratique économique qui consiste à vendre un bien sans l'avoir en stock.",
            "pratique économique qui consiste à vendre un bien sans l'avoir en stock.",
        ),
        ("Selon la définition des Nations Unies..", "Selon la définition des Nations Unies."),
        ("Nom de famille, porté notamment par :", "Nom de famille."),
    ],
)
def test_clean_sense_removes_dangling_punctuation_and_empty_parentheses(
    raw: str, cleaned: str
) -> None:
    assert clean_sense(raw) == cleaned


def test_clean_sense_collapses_a_doubled_word_but_not_a_latin_trinomial() -> None:
    assert clean_sense(
        "Cinquième jour (selon la norme norme internationale ISO 8601) de la semaine ; qui suit"
        " le jeudi et précède le samedi."
    ) == (
        "Cinquième jour (selon la norme internationale ISO 8601) de la semaine ; qui suit le"
        " jeudi et précède le samedi."
    )
    assert clean_sense("(Sus scrofa scrofa).") == "(Sus scrofa scrofa)."
    assert clean_sense(
        "Chercher la chose qui nous convient le mieux, en en vérifiant plusieurs."
    ) == ("Chercher la chose qui nous convient le mieux, en en vérifiant plusieurs.")


def test_clean_sense_trims_a_last_clause_that_lost_its_link() -> None:
    assert clean_sense(
        "Langue de la famille des langues , parlée par les indiens kwakwaka’wakw sur la côte"
        " centrale de la ."
    ) == ("Langue de la famille des langues.")


def test_clean_sense_keeps_inline_link_labels_and_drops_templates() -> None:
    assert clean_sense(
        "Ancien instrument de chirurgie servant à comprimer la fistule lacrymale{{source|Jean"
        " François , « Dictionnaire Portatif De Médecine"
    ) == ("Ancien instrument de chirurgie servant à comprimer la fistule lacrymale")
    assert clean_sense(
        "Plaque de [http://cartilage cartilage], située entre l'épiphyse et la diaphyse."
    ) == ("Plaque de cartilage, située entre l'épiphyse et la diaphyse.")


@pytest.mark.parametrize(
    "raw",
    [
        "Variante de .",  # houpper
        "Hameau de .",
        "Relatif aux .",
        "Musicienne jouant de la .",  # trappeuse
        "Habitante de , île des Mascareignes.",  # Rodriguaise
        "En parlant d’une personne :",
        "()",
        " ; .",
    ],
)
def test_clean_sense_rejects_senses_emptied_or_holed_by_dropped_links(raw: str) -> None:
    assert clean_sense(raw) is None


# --- guess_sense_class --------------------------------------------------------------


def test_guess_sense_class_splits_lire_into_verb_and_noun_senses() -> None:
    guesses = [guess_sense_class(s, {"v", "n"}, classify) for s in senses_of(LIRE)]
    assert guesses == ["v", "v", "v", "v", "v", "v", "v", None, "v", "v", "n", "n"]


def test_guess_sense_class_returns_the_only_class_of_a_single_class_lemma() -> None:
    assert [guess_sense_class(s, {"n"}, classify) for s in senses_of(MARDI)] == ["n", "n"]


def test_guess_sense_class_recognises_adverb_phrases() -> None:
    senses = senses_of(RAPIDEMENT)
    assert guess_sense_class("D’une manière triple, de trois façons.", {"adv", "n"}, classify) == (
        "adv"
    )
    assert guess_sense_class(senses[1], {"adv", "n"}, classify) == "adv"  # "À grande vitesse."
    assert guess_sense_class("Action de tripler.", {"adv", "n"}, classify) == "n"


def test_guess_sense_class_recognises_adjective_openings() -> None:
    adj_n = {"adj", "n"}
    assert guess_sense_class("Qui gaspille.", adj_n, classify) == "adj"
    assert guess_sense_class("Relatif à l’Acadie, ses habitants.", adj_n, classify) == "adj"
    assert guess_sense_class("Se dit d’un organe d’une plante.", adj_n, classify) == "adj"
    assert guess_sense_class("Qu’on peut déplacer, remuer.", adj_n, classify) == "adj"
    assert guess_sense_class("Baissé, par opposition à levé, redressé.", adj_n, classify) == "adj"
    assert guess_sense_class(VITE, {"adj", "adv"}, classify) == "adj"


def test_guess_sense_class_recognises_noun_openings() -> None:
    adj_n = {"adj", "n"}
    assert guess_sense_class("Celui qui gaspille.", adj_n, classify) == "n"
    assert guess_sense_class("Le jour du mardi.", adj_n, classify) == "n"
    assert guess_sense_class("Adepte du transcendantalisme.", adj_n, classify) == "n"
    assert guess_sense_class("Probité, vertu.", {"adv", "n", "adj"}, classify) == "n"


def test_guess_sense_class_returns_none_when_the_opening_is_ambiguous() -> None:
    assert guess_sense_class("Sot ; inexpérimenté ; idiot.", {"adj", "n"}, classify) is None
    assert guess_sense_class("Injonction pressante.", {"adj", "adv"}, classify) is None
    assert guess_sense_class("Qui gaspille.", {"n", "v"}, classify) is None
    assert guess_sense_class("Variante de .", {"n", "v"}, classify) is None
    assert guess_sense_class("Qui gaspille.", set(), classify) is None


def test_guess_sense_class_reads_the_target_of_a_cross_reference() -> None:
    assert guess_sense_class("Synonyme de rapidement.", {"adv", "n"}, classify) == "adv"


def test_guess_sense_class_sends_meta_descriptions_to_interjection_or_adverb() -> None:
    marque = "Marque un certain degré de perfection et d’utilité."  # bien
    assert guess_sense_class(marque, {"adv", "n", "adj", "interj"}, classify) == "interj"
    assert guess_sense_class(marque, {"adv", "n", "adj"}, classify) == "adv"
    assert guess_sense_class("Beaucoup ; fortement ; très.", {"adv", "n"}, classify) == "adv"


# --- shorten ------------------------------------------------------------------------


def test_shorten_keeps_the_first_sentence_of_the_lire_currency_sense() -> None:
    assert shorten(senses_of(LIRE)[10]) == "Monnaie utilisée en Italie avant l’usage de l’euro."


def test_shorten_leaves_a_short_single_sentence_unchanged() -> None:
    assert shorten("Monnaie de la Turquie.") == "Monnaie de la Turquie."
    assert shorten("Manchot. parfois considéré comme un abus de langage") == (
        "Manchot. parfois considéré comme un abus de langage"
    )


def test_shorten_does_not_split_after_an_abbreviation() -> None:
    sense = senses_of(LIRE)[6]
    assert shorten(sense) == "S’instruire, s’amuser, s’informer, etc. par la lecture."


def test_shorten_cuts_a_long_sentence_at_the_first_semicolon() -> None:
    assert shorten(senses_of(LIRE)[1]) == (
        "Suivre des yeux ce qui est écrit ou imprimé, avec la connaissance des sons que les"
        " lettres figurent…"
    )
    assert shorten(VITE, 80) == "Rapide, qui se meut avec célérité, avec promptitude…"


def test_shorten_cuts_between_words_and_never_ends_on_a_function_word() -> None:
    result = shorten(senses_of(LIRE)[0], 60)
    assert result == "Interpréter des informations écrites sous forme de mots…"
    assert len(result) <= 60


def test_shorten_respects_max_len_on_every_lire_sense() -> None:
    for sense in senses_of(LIRE):
        for max_len in (30, 60, 120):
            assert len(shorten(sense, max_len)) <= max_len
