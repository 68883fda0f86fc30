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
])
def test_words_of_the_family_are_caught(answer: str, definition: str, word: str) -> None:
    assert gives_away(answer, definition) == word


@pytest.mark.parametrize(("answer", "definition"), [
    ("main", "Partie du corps humain au bout du bras."),
    ("été", "La plus chaude des quatre saisons de l’année."),
    ("air", "Mélange gazeux constituant l’atmosphère."),
    ("lever", "Se mettre debout."),
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
