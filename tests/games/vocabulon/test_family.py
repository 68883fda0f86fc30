"""A definition must not give its answer away: the word itself or one of its family."""

import pytest

from ludomots.games.vocabulon.family import gives_away, related, stem_length


@pytest.mark.parametrize(("answer", "definition", "word"), [
    ("chanteur", "Personne qui chante.", "chante"),
    ("lentement", "D’une manière lente.", "lente"),
    ("refaire", "Faire de nouveau.", "Faire"),
    ("cheval", "Les chevaux du roi.", "chevaux"),
    ("eau", "Des eaux calmes.", "eaux"),
    ("ami", "Personne liée d’amitié.", "amitié"),
    ("rapidement", "De manière rapide.", "rapide"),
    ("âge", "Qui est âgé.", "âgé"),
    ("car", "Autocar.", "Autocar"),
    ("détour", "Tour inutile.", "Tour"),
    ("inégal", "Contraire à l’égalité.", "égalité"),
    # Issue 15: the stem once the suffixes are off, Y read as I (JOY-EUX, JOI-E).
    ("joyeux", "Qui a de la joie ; qui est rempli de joie.", "joie"),
    ("joie", "Humeur joyeuse.", "joyeuse"),
    ("joggeur", "Personne qui pratique le jogging.", "jogging"),
    ("loueur", "Celui qui fait métier de donner quelque chose à louage.", "louage"),
    ("solaire", "Qui concerne le soleil, qui a rapport au soleil.", "soleil"),
    ("ris", "Action de rire.", "rire"),
    ("maladie", "Altération de la santé d’un malade.", "malade"),
])
def test_words_of_the_family_are_caught(answer: str, definition: str, word: str) -> None:
    assert gives_away(answer, definition) == word


@pytest.mark.parametrize(("answer", "definition"), [
    ("main", "Partie du corps humain au bout du bras."),
    ("été", "La plus chaude des quatre saisons de l’année."),
    ("air", "Mélange gazeux constituant l’atmosphère."),
    ("lever", "Se mettre debout."),
    ("joue", "Partie latérale du visage."),
    ("sol", "Surface de la terre où l’on marche."),
    ("solaire", "Qui a rapport à l’astre du jour."),
    ("port", "Abri pour les navires."),
])
def test_unrelated_words_pass(answer: str, definition: str) -> None:
    assert gives_away(answer, definition) is None


def test_the_stem_is_the_answer_less_a_short_ending() -> None:
    assert [stem_length("x" * n) for n in range(1, 10)] == [1, 2, 3, 3, 3, 4, 5, 5, 5]
    assert related("CHANTEUR", "chantons")
    assert not related("table", "ta")


def test_lemmas_of_definition_words_are_checked_too() -> None:
    def lemmas(word: str) -> list[str]:
        return ["aller"] if word == "irait" else []

    assert gives_away("aller", "Où il irait.", lemmas) == "irait"
    assert gives_away("aller", "Où il irait.") is None


def test_a_conjugated_form_is_caught_through_its_infinitive_s_stem() -> None:
    # SUANT « Qui sue. »: SUE is a form of SUER, whose stem SU- is SUANT's.
    def lemmas(word: str) -> list[str]:
        return ["suer"] if word == "sue" else []

    assert gives_away("suant", "Qui sue.", lemmas) == "sue"


def test_two_letters_are_a_stem_only_after_an_inflection() -> None:
    # ÉTAL and ÊTRE (through « sont ») share ÉT-, AVAL and AVOIR (through « a ») AV-: no kin.
    def lemmas(word: str) -> list[str]:
        return {"sont": ["être"], "a": ["avoir"]}.get(word, [])

    assert gives_away("étal", "Table où sont exposées les marchandises.", lemmas) is None
    assert gives_away("aval", "Le côté où va un cours d’eau, comme il a coulé.", lemmas) is None
