"""Pages, static files and security headers (pages.py, security.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from starlette.datastructures import Headers
from starlette.testclient import TestClient

from ludomots.server.security import origin_allowed
from ludomots.server.settings import STATIC_DIR
from tests.server.helpers import TEST_SETTINGS, make_app


@pytest.mark.parametrize("path", ["/", "/regles/topword", "/table/abc123", "/lexique",
                                  "/lexique/r%C3%A2teau", "/partie/abc123/revoir"])
def test_client_routes_serve_the_same_page(client: TestClient, path: str) -> None:
    response = client.get(path)
    if (STATIC_DIR / "index.html").is_file():
        assert response.status_code == 200
        assert response.text == (STATIC_DIR / "index.html").read_text(encoding="utf-8")
    else:
        assert response.status_code == 503 and "Ludomots" in response.text
    assert response.headers["content-type"].startswith("text/html")
    assert response.headers["cache-control"] == "no-cache"


def test_a_missing_client_is_said_in_french(tmp_path: Path, db_url: str) -> None:
    with TestClient(make_app(db_url, static_dir=tmp_path)) as client:
        response = client.get("/")
    assert response.status_code == 503
    assert "Le client web n’est pas installé" in response.text


def test_static_files_are_served_without_escaping_the_folder(tmp_path: Path,
                                                             db_url: str) -> None:
    (tmp_path / "app.js").write_text("export const x = 1;\n", encoding="utf-8")
    (tmp_path.parent / "secret.txt").write_text("secret", encoding="utf-8")
    with TestClient(make_app(db_url, settings=TEST_SETTINGS, static_dir=tmp_path)) as client:
        response = client.get("/static/app.js")
        assert response.status_code == 200 and "export const" in response.text
        assert response.headers["x-content-type-options"] == "nosniff"
        for path in ("/static/../secret.txt", "/static/%2e%2e/secret.txt"):
            assert client.get(path).status_code == 404


def test_other_paths_are_404(client: TestClient) -> None:
    response = client.get("/wp-admin")
    assert response.status_code == 404 and response.text == "Page introuvable."


def test_every_response_carries_the_security_headers(client: TestClient) -> None:
    for path in ("/", "/api/games", "/api/tables/nope", "/nothing"):
        headers = client.get(path).headers
        csp = headers["content-security-policy"]
        assert "default-src 'self'" in csp and "script-src 'self'" in csp
        assert "unsafe-inline" not in csp and "unsafe-eval" not in csp
        assert "frame-ancestors 'none'" in csp
        assert headers["x-content-type-options"] == "nosniff"
        assert headers["referrer-policy"] == "no-referrer"
        assert headers["x-frame-options"] == "DENY"
    assert client.get("/api/games").headers["cache-control"] == "no-store"


def test_websocket_origins_must_be_this_host() -> None:
    def allowed(origin: str | None, host: str = "ludomots.example:8000") -> bool:
        raw = {"host": host}
        if origin is not None:
            raw["origin"] = origin
        return origin_allowed(Headers(raw))

    assert allowed(None)
    assert allowed("http://ludomots.example:8000")
    assert allowed("https://LUDOMOTS.example:8000")
    assert not allowed("http://evil.example")
    assert not allowed("http://ludomots.example:8000.evil.example")
    assert not allowed("null")
    assert origin_allowed(Headers({"host": "a", "origin": "http://b"}), ["http://b"])
