"""Accounts over HTTP: sign-up, login, sessions, throttling, the cross-site guard, deletion,
claiming a guest's games. Every refusal with its exact status, code and French message."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from starlette.testclient import TestClient

from ludomots.server.auth import COOKIE, AccountSettings
from tests.server.accounts_kit import (
    ACCOUNTS_APP,
    CHEAP,
    PASSWORD,
    TEST_ACCOUNTS,
    Player,
    create_table,
    gops_registered,  # noqa: F401  (fixture)
    gops_table,
    play_gops,
    refusal,
    settle,
    sign_up,
)

pytestmark = ACCOUNTS_APP


def test_an_account_is_created_with_a_session_cookie_and_never_echoes_the_password(
        client: TestClient) -> None:
    response = client.post("/api/account", json={"name": "Élodie", "password": PASSWORD})
    assert response.status_code == 201
    data = response.json()
    assert data["name"] == "Élodie" and data["claimed"] == 0
    assert data["profile"] == "/joueur/Élodie"
    assert PASSWORD not in response.text
    cookie = response.headers["set-cookie"]
    assert cookie.startswith(f"{COOKIE}=")
    assert "HttpOnly" in cookie and "SameSite=lax" in cookie and "Path=/" in cookie
    assert "Secure" not in cookie  # plain HTTP here; see the next test
    assert client.get("/api/me").json()["name"] == "Élodie"


def test_the_cookie_is_secure_when_the_setting_says_https(
        client_factory: Callable[..., TestClient]) -> None:
    secure = client_factory(account_settings=AccountSettings(hash_cost=CHEAP, sweep_seconds=0,
                                                             secure_cookies=True))
    response = secure.post("/api/account", json={"name": "Sécurité", "password": PASSWORD})
    assert "Secure" in response.headers["set-cookie"]


@pytest.mark.parametrize(("name", "code", "message"), [
    ("Al", "bad_account_name", "Le nom doit compter de 3 à 20 caractères."),
    ("A" * 21, "bad_account_name", "Le nom doit compter de 3 à 20 caractères."),
    ("Jean Paul", "bad_account_name",
     "Le nom ne peut contenir que des lettres, des chiffres et les signes - _ . (sans espace)."),
    ("ab<script>", "bad_account_name",
     "Le nom ne peut contenir que des lettres, des chiffres et les signes - _ . (sans espace)."),
    ("7samouraïs", "bad_account_name", "Le nom doit commencer par une lettre."),
    ("Admin", "reserved_name", "Ce nom est réservé : choisissez-en un autre."),
    ("Modérateur", "reserved_name", "Ce nom est réservé : choisissez-en un autre."),
    ("RobotExpert", "reserved_name", "Ce nom est réservé : choisissez-en un autre."),
    (42, "bad_account_name", "Le nom doit être un texte."),
])
def test_bad_names_are_refused_in_french(client: TestClient, name: object, code: str,
                                         message: str) -> None:
    response = client.post("/api/account", json={"name": name, "password": PASSWORD})
    assert refusal(response) == (400, code, message)
    assert "set-cookie" not in response.headers


def test_names_are_unique_regardless_of_case_and_accents(client: TestClient) -> None:
    sign_up(client, "Élodie")
    for taken in ("elodie", "ÉLODIE", "Elodié"):
        response = client.post("/api/account", json={"name": taken, "password": PASSWORD})
        assert refusal(response) == (409, "name_taken", "Ce nom est déjà pris (les majuscules "
                                     "et les accents ne comptent pas) : choisissez-en un autre.")


@pytest.mark.parametrize(("password", "message"), [
    ("court", "Le mot de passe doit compter au moins 10 caractères : une phrase de quelques "
              "mots, facile à retenir, fait très bien l’affaire."),
    ("aaaaaaaaaaaa", "Le mot de passe est trop répétitif : variez les caractères, ou prenez "
                     "une phrase de quelques mots."),
    ("azertyuiop", "Ce mot de passe est parmi les plus courants : ce sont les premiers "
                   "qu’essaient les pirates. Choisissez-en un autre."),
    ("Motdepasse1", "Ce mot de passe est parmi les plus courants : ce sont les premiers "
                    "qu’essaient les pirates. Choisissez-en un autre."),
    ("mon nom est Gaspard", "Le mot de passe ne doit pas contenir votre nom."),
    ("x" * 201, "Le mot de passe ne doit pas dépasser 200 caractères."),
])
def test_weak_passwords_are_refused_with_the_reason(client: TestClient, password: str,
                                                    message: str) -> None:
    response = client.post("/api/account", json={"name": "Gaspard", "password": password})
    assert refusal(response) == (400, "weak_password", message)
    assert password not in response.text


def test_a_body_that_is_not_json_is_refused(client: TestClient) -> None:
    response = client.post("/api/session", content=b"name=a&password=b",
                           headers={"content-type": "application/x-www-form-urlencoded"})
    assert refusal(response) == (415, "unsupported_media_type", "Le corps de la requête doit "
                                 "être du JSON (Content-Type: application/json).")


def test_login_ignores_case_and_accents_and_refuses_wrong_credentials_alike(
        client: TestClient) -> None:
    sign_up(client, "Élodie")
    player = Player(client, "elodie")
    response = player.post("/api/session", {"name": "ELODIE", "password": PASSWORD})
    assert response.status_code == 200 and response.json()["name"] == "Élodie"
    assert player.get("/api/me").json()["name"] == "Élodie"
    wrong = Player(client, "x").post("/api/session", {"name": "Élodie", "password": "mauvais!"})
    unknown = Player(client, "x").post("/api/session", {"name": "Personne",
                                                        "password": PASSWORD})
    for response in (wrong, unknown):
        assert refusal(response) == (401, "bad_credentials", "Nom ou mot de passe incorrect.")
        assert "set-cookie" not in response.headers


def test_logins_are_throttled_per_account_and_per_address(client: TestClient) -> None:
    # TEST_ACCOUNTS: 3 failures per account, 6 tries per address, in 10 minutes.
    assert TEST_ACCOUNTS.limits.per_account == 3
    sign_up(client, "Cible")  # one try of the address
    for _ in range(3):
        assert Player(client, "x").post("/api/session", {
            "name": "cible", "password": "pas le bon"}).status_code == 401
    blocked = Player(client, "x").post("/api/session", {"name": "Cible", "password": PASSWORD})
    assert refusal(blocked) == (429, "too_many_attempts", "Trop de tentatives de connexion : "
                                "réessayez dans quelques minutes.")
    # Another account from the same address: 4 tries so far, 2 left for the address.
    sign_up(client, "Autre")  # the 5th
    assert Player(client, "x").post("/api/session", {"name": "Autre",
                                                     "password": PASSWORD}).status_code == 200
    assert refusal(Player(client, "x").post("/api/session", {
        "name": "Autre", "password": PASSWORD}))[:2] == (429, "too_many_attempts")


def test_me_needs_a_session(client: TestClient) -> None:
    assert refusal(client.get("/api/me")) == (401, "login_required",
                                              "Connectez-vous pour voir vos parties.")


def test_a_forged_cookie_is_no_session(client: TestClient) -> None:
    player = sign_up(client, "Honnête")
    assert player.cookie is not None
    raw, _, mac = player.cookie.rpartition(".")
    for forged in (raw + ".AAAA", "x" + player.cookie, raw):
        player.cookie = forged
        assert player.get("/api/me").status_code == 401


def test_logging_out_revokes_the_session_on_the_server(client: TestClient) -> None:
    player = sign_up(client, "Partante")
    kept = player.cookie
    response = player.delete("/api/session")
    assert response.status_code == 200 and response.json() == {"logged_in": False}
    assert 'ludomots_session=""' in response.headers["set-cookie"]
    player.cookie = kept  # a copy of the cookie kept by a thief is worth nothing now
    assert player.get("/api/me").status_code == 401
    # Logging out without a session is no error.
    assert Player(client, "x").delete("/api/session").status_code == 200


def test_logging_out_everywhere_ends_every_session(client: TestClient) -> None:
    phone = sign_up(client, "Nomade")
    laptop = Player(client, "Nomade")
    assert laptop.post("/api/session", {"name": "Nomade", "password": PASSWORD}
                       ).status_code == 200
    response = laptop.delete("/api/sessions")
    assert response.status_code == 200
    assert response.json() == {"logged_in": False, "sessions_ended": 2}
    assert phone.get("/api/me").status_code == 401
    assert laptop.get("/api/me").status_code == 401
    assert refusal(laptop.delete("/api/sessions")) == (
        401, "login_required", "Connectez-vous pour vous déconnecter.")


def test_requests_from_another_site_are_refused(client: TestClient) -> None:
    player = sign_up(client, "Prudente")
    cross = {"origin": "http://evil.example"}
    for method, path, body in (("POST", "/api/session", {"name": "Prudente",
                                                         "password": PASSWORD}),
                               ("DELETE", "/api/sessions", None),
                               ("POST", "/api/tables", {"game": "gops"}),
                               ("POST", "/api/follows", {"name": "Prudente"})):
        response = player.request(method, path, json=body, headers=cross)
        assert refusal(response) == (403, "cross_site",
                                     "Requête refusée : elle vient d’un autre site.")
    no_origin = player.request("DELETE", "/api/sessions",
                               headers={"sec-fetch-site": "cross-site"})
    assert refusal(no_origin)[:2] == (403, "cross_site")
    assert player.get("/api/me").status_code == 200  # the session survived all that
    same = player.request("DELETE", "/api/session", headers={"origin": "http://testserver",
                                                             "sec-fetch-site": "same-origin"})
    assert same.status_code == 200


def test_deleting_an_account_needs_the_password_and_anonymises_its_games(
        client: TestClient) -> None:
    leaving = sign_up(client, "Partant")
    staying = sign_up(client, "Restant")
    table_id, tokens = gops_table(leaving, staying)
    play_gops(client, table_id, tokens, winner=0)
    settle(client)
    replay = f"/api/tables/{table_id}/replay"
    assert [s["name"] for s in client.get(replay).json()["seats"]] == ["Partant", "Restant"]
    wrong = leaving.request("DELETE", "/api/account", json={"password": "pas le bon du tout"})
    assert refusal(wrong) == (403, "wrong_password",
                              "Mot de passe incorrect : le compte n’est pas supprimé.")
    response = leaving.request("DELETE", "/api/account", json={"password": PASSWORD})
    assert response.status_code == 200 and response.json() == {"deleted": True}
    assert leaving.cookie is None
    assert refusal(client.get("/api/players/Partant")) == (
        404, "unknown_player", "Aucun joueur ne s’appelle « Partant ».")
    game = client.get("/api/players/Restant").json()["games"][0]
    assert [(s["name"], s["account"]) for s in game["seats"]] == [
        ("joueur supprimé", False), ("Restant", True)]
    # The table's own record and replay read « joueur supprimé » too.
    record = client.get(f"/api/tables/{table_id}/record").json()
    assert [s["name"] for s in record["seats"]] == ["joueur supprimé", "Restant"]
    # (The replay was computed and kept before: its names are today's all the same.)
    assert [s["name"] for s in client.get(replay).json()["seats"]] == [
        "joueur supprimé", "Restant"]
    # The name is free again, and the new owner does not inherit the old games.
    fresh = sign_up(client, "partant")
    assert fresh.get("/api/players/partant").json()["games"] == []
    assert refusal(Player(client, "x").request("DELETE", "/api/account",
                                               json={"password": PASSWORD})) == (
        401, "login_required", "Connectez-vous pour supprimer votre compte.")


def test_signing_up_claims_the_guest_games_whose_tokens_the_browser_holds(
        client: TestClient) -> None:
    # A guest plays a game against another guest, and starts a second one.
    finished, tokens = gops_table(client, client, joiner_name="Autre")  # type: ignore[arg-type]
    play_gops(client, finished, tokens, winner=0)
    settle(client)
    waiting = create_table(client, name="Invité")
    seats = [{"table": finished, "token": tokens[0]},
             {"table": waiting["table"], "token": waiting["token"]},
             {"table": finished, "token": "not-a-token"},  # proves nothing: skipped
             {"table": "nope", "token": tokens[1]}]
    player = sign_up(client, "Ancien", seats=seats)
    me = player.get("/api/me").json()
    assert [(g["id"], g["seat"]) for g in me["games"]] == [(waiting["table"], 0)]
    profile = client.get("/api/players/Ancien").json()
    assert [(g["table"], g["seat"], g["rank"], g["winner"]) for g in profile["games"]] == [
        (finished, 0, 1, True)]
    assert profile["stats"] == {"gops": {"played": 1, "won": 1, "lost": 0, "rated": 0}}
    # Claimed twice (another device logs in with the same tokens): nothing more.
    again = Player(client, "Ancien").post("/api/session", {"name": "Ancien",
                                                           "password": PASSWORD,
                                                           "seats": seats})
    assert again.json()["claimed"] == 0
    # The other seat's owner cannot claim it into a second account of the same table... but
    # may claim it into his own.
    other = sign_up(client, "Autrefois", seats=[{"table": finished, "token": tokens[1]}])
    assert other.get("/api/players/Autrefois").json()["games"][0]["rank"] == 2


def test_claims_must_be_table_and_token_pairs(client: TestClient) -> None:
    for seats in ("abc", [{"table": "t"}], [{"table": 1, "token": "x"}], [{}] * 201):
        response = client.post("/api/account", json={"name": "Forme", "password": PASSWORD,
                                                     "seats": seats})
        assert refusal(response) == (400, "bad_seats", "Les places à rattacher doivent être "
                                     "une liste d’au plus 200 objets {\"table\", \"token\"}.")
    player = sign_up(client, "Forme")
    assert player.post("/api/me/claims", {"seats": []}).json() == {"claimed": 0}
    assert refusal(Player(client, "x").post("/api/me/claims", {"seats": []})) == (
        401, "login_required", "Connectez-vous pour rattacher vos parties.")


def test_a_logged_in_player_sits_under_the_account_name(client: TestClient) -> None:
    player = sign_up(client, "Véritable")
    created = create_table(player, name="Usurpateur")
    info = client.get(f"/api/tables/{created['table']}").json()
    assert info["seats"][0]["name"] == "Véritable"
    me = player.get("/api/me").json()
    assert [(g["id"], g["seat"], g["rated"]) for g in me["games"]] == [
        (created["table"], 0, False)]


def test_a_guest_may_not_take_the_name_of_an_account(client: TestClient) -> None:
    sign_up(client, "Célèbre")
    message = "Ce nom est celui d’un joueur inscrit : connectez-vous, ou choisissez un autre nom."
    response = client.post("/api/tables", json={"game": "gops", "name": "celebre"})
    assert refusal(response) == (409, "name_registered", message)
    table = create_table(client, name="Quelconque")
    response = client.post(f"/api/tables/{table['table']}/join", json={"name": "CÉLÈBRE"})
    assert refusal(response) == (409, "name_registered", message)


def test_resuming_a_seat_on_another_device_gives_a_fresh_token(client: TestClient) -> None:
    from tests.server.helpers import Socket

    player = sign_up(client, "Voyageur")
    created = create_table(player)
    other = Player(client, "Voyageur")
    other.post("/api/session", {"name": "Voyageur", "password": PASSWORD})
    response = other.post(f"/api/tables/{created['table']}/resume")
    assert response.status_code == 200
    data = response.json()
    assert data["seat"] == 0 and data["token"] != created["token"]
    socket = Socket(client, created["table"], data["token"])
    assert socket.seat == 0
    socket.close()
    stranger = sign_up(client, "Étranger")
    assert refusal(stranger.post(f"/api/tables/{created['table']}/resume")) == (
        403, "not_seated", "Vous n’occupez aucune place à cette table.")


def test_the_remaining_refusals_of_sessions_and_seats(client: TestClient) -> None:
    for body in ({"name": 3, "password": PASSWORD}, {"name": "Quelqu’un"}, {}):
        assert refusal(client.post("/api/session", json=body)) == (
            401, "bad_credentials", "Nom ou mot de passe incorrect.")
    table = create_table(client)
    assert refusal(client.post(f"/api/tables/{table['table']}/resume")) == (
        401, "login_required", "Connectez-vous pour reprendre votre place.")
    player = sign_up(client, "Reprise")
    assert refusal(player.post("/api/tables/pas*un*id/resume")) == (
        404, "unknown_table", "Table inconnue : « pas*un*id ».")


def test_a_guest_game_that_ended_before_accounts_existed_is_claimed_with_its_results(
        client: TestClient) -> None:
    from sqlalchemy import delete

    from ludomots.accounts.schema import FINISHED_TABLES, GAME_RESULTS

    table_id, tokens = gops_table(client, client, joiner_name="Autre")  # type: ignore[arg-type]
    play_gops(client, table_id, tokens, winner=1)
    settle(client)
    with client.app.state.manager.store.transaction() as conn:  # type: ignore[union-attr]
        conn.execute(delete(GAME_RESULTS))  # as a database from before migration 0002
        conn.execute(delete(FINISHED_TABLES))
    player = sign_up(client, "Pionnier", seats=[{"table": table_id, "token": tokens[1]}])
    assert player.get("/api/me").json()["games"] == []
    games = client.get("/api/players/Pionnier").json()["games"]
    assert [(g["table"], g["seat"], g["rank"], g["winner"]) for g in games] == [
        (table_id, 1, 1, True)]


def test_my_games_say_whose_turn_it_is(client: TestClient) -> None:
    """« Mes parties » (issue 20): each live table says who must act and whether it is me."""
    from tests.server.helpers import Socket

    alice, bruno = sign_up(client, "Alice"), sign_up(client, "Bruno")
    waiting = create_table(alice)
    [entry] = alice.get("/api/me").json()["games"]
    assert (entry["id"], entry["to_act"], entry["my_turn"]) == (waiting["table"], [], False)
    table_id, tokens = gops_table(alice, bruno)
    both = {g["id"]: (g["to_act"], g["my_turn"]) for g in alice.get("/api/me").json()["games"]}
    assert both[table_id] == ([0, 1], True)  # Goofspiel: both bid at once
    socket = Socket(client, table_id, tokens[0])
    socket.send({"type": "action", "action": {"type": "bid", "card": 1}})
    socket.until(lambda m: m["type"] == "update" and m["view"]["table"]["to_act"] == [1])
    socket.close()
    mine = {g["id"]: (g["to_act"], g["my_turn"]) for g in alice.get("/api/me").json()["games"]}
    theirs = {g["id"]: (g["to_act"], g["my_turn"]) for g in bruno.get("/api/me").json()["games"]}
    assert (mine[table_id], theirs[table_id]) == (([1], False), ([1], True))
