"""The tables HTTP API (api.py, games.py, body.py, errors.py)."""

from __future__ import annotations

from collections.abc import Callable

from starlette.testclient import TestClient

from tests.server.helpers import create, two_humans
from tests.table.services import PostgresCluster


def test_games_lists_topword_with_levels_options_and_unavailable_games(
        client: TestClient) -> None:
    games = {g["name"]: g for g in client.get("/api/games").json()}
    topword = games["topword"]
    assert topword["available"] is True
    assert topword["title"] == "Topword"
    assert (topword["min_players"], topword["max_players"]) == (2, 4)
    assert topword["levels"] == ["debutant", "confirme", "greedy", "expert"]
    assert topword["level_titles"] == {"debutant": "Débutant", "confirme": "Confirmé",
                                       "greedy": "Glouton", "expert": "Expert"}
    referee = next(o for o in topword["options"] if o["name"] == "referee")
    assert referee["choices"] == ["challenge", "auto"] and referee["default"] == "challenge"
    assert all("available" in g for g in games.values())


def test_every_game_offers_the_greedy_level(client: TestClient) -> None:
    # Issue 21: the yardstick « Glouton » exists for every game, between confirmé and expert.
    games = {g["name"]: g for g in client.get("/api/games").json()}
    for name in ("typo", "awalettres", "vocabulon", "volapuk"):
        assert games[name]["levels"] == ["debutant", "confirme", "greedy", "expert"], name
        assert games[name]["level_titles"]["greedy"] == "Glouton"


def test_create_join_and_lobby(client: TestClient) -> None:
    created = create(client, options={"referee": "auto"})
    assert created["seat"] == 0 and created["url"] == f"/table/{created['table']}"
    assert len(created["token"]) >= 32
    lobby = client.get("/api/tables").json()
    entry = next(t for t in lobby if t["id"] == created["table"])
    assert entry["status"] == "waiting" and entry["title"] == "Topword"
    assert [s["open"] for s in entry["seats"]] == [False, True]
    assert entry["seats"][0]["name"] == "Alice"
    joined = client.post(f"/api/tables/{created['table']}/join", json={"name": " Bob "})
    assert joined.status_code == 200
    assert joined.json()["seat"] == 1 and joined.json()["token"] != created["token"]
    info = client.get(f"/api/tables/{created['table']}").json()
    assert info["status"] == "playing"
    assert [s["name"] for s in info["seats"]] == ["Alice", "Bob"]


def test_public_answers_never_carry_tokens_or_the_seed(client: TestClient) -> None:
    table_id, tokens = two_humans(client)
    for path in ("/api/tables", f"/api/tables/{table_id}"):
        text = client.get(path).text
        assert "seed" not in text
        assert tokens[0] not in text and tokens[1] not in text


def test_a_game_against_bots_starts_at_once(client: TestClient) -> None:
    created = create(client, seats=[{"kind": "human"}, {"kind": "bot", "level": "expert"}])
    info = client.get(f"/api/tables/{created['table']}").json()
    assert info["status"] == "playing"
    assert info["seats"][1] == {"kind": "bot", "level": "expert", "name": "Robot Expert",
                                "seat": 1, "open": False, "departed": None}


def _refused(client: TestClient, body: object, status: int, code: str,
             path: str = "/api/tables") -> str:
    response = client.post(path, json=body)
    assert response.status_code == status, response.text
    assert response.json()["error"] == code
    message: str = response.json()["message"]
    return message


def test_unknown_game_is_refused_in_french(client: TestClient) -> None:
    message = _refused(client, {"game": "belote", "name": "Alice"}, 400, "unknown_game")
    assert message == "Jeu inconnu : « belote »."


def test_bad_options_are_refused_in_french(client: TestClient) -> None:
    message = _refused(client, {"game": "topword", "name": "Alice",
                                "options": {"referee": "nobody"}}, 400, "bad_options")
    assert message == ("Options invalides : « Arbitrage » se choisit parmi « Contestation (règle "
                       "du jeu) », « Arbitre automatique ».")
    message = _refused(client, {"game": "topword", "name": "Alice", "options": {"colour": 1}},
                       400, "bad_options")
    assert message == "Options invalides : option inconnue « colour »."
    message = _refused(client, {"game": "volapuk", "name": "Alice", "options": {"rolls": 0}},
                       400, "bad_options")
    assert message == "Options invalides : « Lancers par tour » doit être compris entre 1 et 10."
    _refused(client, {"game": "topword", "name": "Alice", "options": [1]}, 400, "bad_options")


def test_a_refused_option_also_gives_the_english_reason_for_developers(
        client: TestClient) -> None:
    response = client.post("/api/tables", json={"game": "typo", "name": "Alice",
                                                 "options": {"thinking_seconds": -5}})
    assert response.status_code == 400
    assert response.json() == {
        "error": "bad_options",
        "message": "Options invalides : « Temps de réflexion » doit être compris entre 0 et "
                   "86400.",
        "details": {"reason": "option 'thinking_seconds' must be between 0 and 86400"}}


def _numeric_options() -> list[tuple[str, dict[str, object]]]:
    from ludomots.core import registry
    from ludomots.core.options import describe_options

    out = []
    for name in ("topword", "typo", "awalettres", "vocabulon", "volapuk"):
        options_type = type(registry.get_game(name).coerce_options(None))
        out += [(name, o) for o in describe_options(options_type)
                if o["type"] in ("int", "float", "int | None", "float | None")]
    return out


def test_every_numeric_option_of_every_game_declares_both_bounds() -> None:
    unbounded = [f"{game}.{o['name']}" for game, o in _numeric_options()
                 if o["min"] is None or o["max"] is None]
    assert unbounded == []


def test_a_number_beyond_an_options_bound_is_refused_at_creation_in_french(
        client: TestClient) -> None:
    # Before: 10**400 seconds was accepted, then overflowed a float (500, a lost seat, a
    # frozen table, "cannot resume" at every start).
    for seats in ([{"kind": "human"}, {"kind": "bot", "level": "debutant"}], None):
        for game, option in _numeric_options():
            low, high = option["min"], option["max"]
            expected = (f"Options invalides : « {option['label']} » doit être compris entre "
                        f"{low} et {high}.")
            for value in (10**400, high + 1, low - 1):  # type: ignore[operator]
                body = {"game": game, "name": "Alice", "options": {option["name"]: value},
                        "seats": seats}
                assert _refused(client, body, 400, "bad_options") == expected, (game, value)


def test_a_free_text_option_is_bounded_and_printable(client: TestClient) -> None:
    base = {"game": "vocabulon", "name": "Alice"}
    assert _refused(client, dict(base, options={"theme": "animaux\u202e"}), 400,
                    "bad_options") == ("Options invalides : « Thème » contient des caractères "
                                       "non autorisés.")
    assert _refused(client, dict(base, options={"theme": "a" * 41}), 400,
                    "bad_options") == "Options invalides : « Thème » compte 40 caractères au plus."
    assert create(client, game="vocabulon", options={"theme": "Les animaux"})["seat"] == 0


def test_bad_seats_names_levels_and_clocks_are_refused(client: TestClient) -> None:
    base = {"game": "topword", "name": "Alice"}
    assert "2 à 4 joueurs" in _refused(client, dict(base, seats=[{"kind": "human"}]),
                                       400, "bad_seats")
    _refused(client, dict(base, seats=[{"kind": "bot", "level": "expert"}] * 2), 400,
             "bad_seats")
    _refused(client, dict(base, seats=[{"kind": "human"}, {"kind": "alien"}]), 400,
             "bad_seats")
    _refused(client, dict(base, seats=[{"kind": "human"}, {"kind": "bot", "level": "dieu"}]),
             400, "unknown_level")
    _refused(client, dict(base, name=""), 400, "bad_name")
    _refused(client, dict(base, name="a\u202eb"), 400, "bad_name")
    _refused(client, dict(base, name="x" * 25), 400, "bad_name")
    _refused(client, dict(base, seconds_per_move=-1), 400, "bad_clock")
    _refused(client, dict(base, seconds_per_move="30"), 400, "bad_clock")


def test_joining_a_full_table_is_refused(client: TestClient) -> None:
    table_id, _ = two_humans(client)
    message = _refused(client, {"name": "Carl"}, 409, "table_full",
                       f"/api/tables/{table_id}/join")
    assert message == "Il n’y a plus de place libre à cette table."


def test_unknown_tables_are_404_in_french(client: TestClient) -> None:
    for path in ("/api/tables/nope", "/api/tables/nope/record", "/api/tables/nope/replay",
                 "/api/tables/..%2F..%2Fetc"):
        response = client.get(path)
        assert response.status_code == 404, path
        assert response.json()["error"] in ("unknown_table", "not_found")
    message = _refused(client, {"name": "Carl"}, 404, "unknown_table",
                       "/api/tables/nope/join")
    assert message == "Table inconnue : « nope »."


def test_bodies_must_be_small_json_objects(client: TestClient) -> None:
    response = client.post("/api/tables", content=b'{"game": "topword"}',
                           headers={"content-type": "text/plain"})
    assert response.status_code == 415 and response.json()["error"] == "unsupported_media_type"
    response = client.post("/api/tables", content=b"{nope",
                           headers={"content-type": "application/json"})
    assert response.status_code == 400 and response.json()["error"] == "bad_json"
    _refused(client, [1, 2], 400, "bad_json")
    response = client.post("/api/tables", content=b'{"name": "' + b"x" * 20_000 + b'"}',
                           headers={"content-type": "application/json"})
    assert response.status_code == 413 and response.json()["error"] == "too_large"


def test_the_record_is_refused_while_the_game_runs(client: TestClient) -> None:
    table_id, _ = two_humans(client)
    for path in ("record", "replay"):
        response = client.get(f"/api/tables/{table_id}/{path}")
        assert response.status_code == 409
        assert response.json() == {
            "error": "record_unavailable",
            "message": "Le relevé complet n’est disponible qu’à la fin de la partie."}


def test_creations_are_rate_limited_per_address(
        client_factory: Callable[..., TestClient]) -> None:
    from ludomots.server.settings import ServerSettings

    client = client_factory(settings=ServerSettings(http_rate_limit=2))
    create(client)
    create(client)
    _refused(client, {"game": "topword", "name": "Alice"}, 429, "rate_limited")


def test_unknown_api_routes_answer_json_404(client: TestClient) -> None:
    response = client.get("/api/nothing")
    assert response.status_code == 404
    assert response.json() == {"error": "not_found", "message": "Page introuvable."}
    response = client.delete("/api/tables")
    assert response.status_code == 405 and response.json()["error"] == "method_not_allowed"


def test_while_the_database_is_away_table_info_and_the_lobby_answer_503(
        client_factory: Callable[..., TestClient], own_postgres: PostgresCluster) -> None:
    """Before: the lobby answered 503, a table's info 500."""
    client = client_factory(own_postgres.url())
    table_id = create(client)["table"]
    own_postgres.stop()
    try:
        for path in ("/api/tables", f"/api/tables/{table_id}"):
            response = client.get(path)
            assert (response.status_code, response.json()) == (503, {
                "error": "store_unavailable",
                "message": "La base de données est momentanément indisponible : réessayez."})
    finally:
        own_postgres.start()
    assert client.get(f"/api/tables/{table_id}").json()["status"] == "waiting"
