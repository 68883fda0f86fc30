"""The dictionary endpoint (lexicon_api.py)."""

from __future__ import annotations

from starlette.testclient import TestClient


def test_rateau_is_valid_with_its_lemma_and_definitions(client: TestClient) -> None:
    data = client.get("/api/lexicon/râteau", params={"jeu": "topword"}).json()
    assert data["word"] == "râteau" and data["valid"] is True
    entry = data["entries"][0]
    assert entry == {"form": "râteau", "lemma": "râteau", "class": "n", "label": "nom",
                     "gender": "m", "number": "s"}
    assert data["definitions"][0]["lemma"] == "râteau"
    assert any("manche" in sense for sense in data["definitions"][0]["senses"])


def test_accents_are_optional_for_validity(client: TestClient) -> None:
    assert client.get("/api/lexicon/RATEAU").json()["valid"] is True


def test_a_proper_noun_is_not_a_topword_word(client: TestClient) -> None:
    data = client.get("/api/lexicon/Dupont", params={"jeu": "topword"}).json()
    assert data["valid"] is False
    assert data["entries"] and data["entries"][0]["class"] == "nprop"
    assert client.get("/api/lexicon/Dupont", params={"jeu": "volapuk"}).json()["valid"] is True


def test_definitions_are_not_repeated_across_classes(client: TestClient) -> None:
    data = client.get("/api/lexicon/beau").json()
    senses = [s for d in data["definitions"] if d["lemma"] == "beau" for s in d["senses"]]
    assert senses and len(senses) == len(set(senses))


def test_bad_words_and_games_are_400(client: TestClient) -> None:
    response = client.get("/api/lexicon/" + "a" * 41)
    assert response.status_code == 400 and response.json()["error"] == "bad_word"
    response = client.get("/api/lexicon/mot", params={"jeu": "belote"})
    assert response.status_code == 400 and response.json()["error"] == "unknown_game"
    assert client.get("/api/lexicon/%E2%80%AEmot").status_code == 400
