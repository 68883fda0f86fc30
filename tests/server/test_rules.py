"""The player rules endpoint (rules.py) and the French rules file of Topword."""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient

from ludomots.core import registry
from ludomots.server.rules import _markdown, rules_path
from tests.core.gops import BOTS, GAME

SECTIONS = ["Matériel", "But du jeu", "Déroulement", "Points", "Mots autorisés",
            "Contester un mot", "Passer", "Fin de partie", "Variantes"]


def test_topword_rules_render_as_html_with_every_section(client: TestClient) -> None:
    response = client.get("/api/rules/topword")
    assert response.status_code == 200
    data = response.json()
    assert data["game"] == "topword" and data["title"] == "Topword"
    html = data["html"]
    for section in SECTIONS:
        assert f"<h2>{section}</h2>" in html, section
    assert "<table>" in html  # the seed's scoring examples
    assert "<code>E3 RATEAU</code>" in html
    assert "<script" not in html


def test_the_rules_state_the_rulings_and_the_options() -> None:
    path = rules_path("topword")
    assert path is not None
    text = path.read_text(encoding="utf-8")
    for phrase in ("arbitre automatique", "Hauteur des piles", "Recouvrir un mot entier",
                   "Pluriel par un S seul", "5 points", "10 points", "E5, E6, F5 et F6",
                   "échanger une seule de vos lettres", "noms propres"):
        assert phrase in text, phrase


def test_rules_render_in_safe_mode() -> None:
    html = _markdown().render("<script>alert(1)</script>\n\n[x](javascript:alert(1))\n")
    assert "<script>" not in html and "&lt;script&gt;" in html
    assert 'href="javascript' not in html


def test_unknown_rules_are_404_in_french(client: TestClient,
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(registry._runtime, "sansregles", registry.GameEntry(GAME, BOTS))
    for game in ("belote", "sansregles"):
        response = client.get(f"/api/rules/{game}")
        assert response.status_code == 404
        assert response.json()["error"] == "unknown_rules"
        assert response.json()["message"].startswith("Pas de règles pour le jeu")
