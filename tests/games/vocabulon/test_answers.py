"""Typed answers: case and accents ignored, letters exact (RULINGS.md)."""

import pytest

from ludomots.games.vocabulon.answers import answer_key, is_correct, spoken


@pytest.mark.parametrize(("typed", "answer", "cls"), [
    ("ETE", "été", "n.m."),
    ("  Été ", "été", "n.m."),
    ("l'été", "été", "n.m."),
    ("la mer", "mer", "n.f."),
    ("se souvenir", "souvenir", "v.pr."),
    ("s’absenter", "absenter", "v.pr."),
    ("noel", "noël", "n.m."),
])
def test_right_answers(typed: str, answer: str, cls: str) -> None:
    assert is_correct(typed, answer, cls)


@pytest.mark.parametrize(("typed", "answer", "cls"), [
    ("", "été", "n.m."),
    ("etes", "été", "n.m."),
    ("ete ete", "été", "n.m."),
    ("se lever", "lever", "v."),  # a pronoun is only dropped for a pronominal verb
    ("la rapide", "rapide", "adj."),
])
def test_wrong_answers(typed: str, answer: str, cls: str) -> None:
    assert not is_correct(typed, answer, cls)


def test_keys_and_the_spoken_answer() -> None:
    assert answer_key("Le  Chat", "n.m.") == "CHAT"
    assert spoken("absenter", "v.pr.") == "s’absenter"
    assert spoken("souvenir", "v.pr.") == "se souvenir"
    assert spoken("lever", "v.") == "lever"
