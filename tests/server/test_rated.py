"""Rated games, ratings, profiles, leaderboards, plots, export, bots' ratings, over HTTP."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from sqlalchemy import update
from starlette.testclient import TestClient

from ludomots.accounts.ratings import display
from ludomots.accounts.schema import BOT_RATINGS, RATINGS
from ludomots.core import registry
from ludomots.core.record import Record, replay
from tests.server.accounts_kit import (
    ACCOUNTS_APP,
    Player,
    create_table,
    finish_rated,
    gops_registered,  # noqa: F401  (fixture)
    gops_table,
    play_gops,
    refusal,
    settle,
    sign_up,
)
from tests.server.games import against_bots, play_to_the_end
from tests.server.helpers import Socket, actions_of, choose_move

pytestmark = ACCOUNTS_APP


def _execute(client: TestClient, statement: Any) -> None:
    with client.app.state.manager.store.transaction() as conn:  # type: ignore[union-attr]
        conn.execute(statement)


def test_rated_tables_are_for_logged_in_humans_with_the_default_options(
        client: TestClient) -> None:
    alice = sign_up(client, "Alice")
    guest = client.post("/api/tables", json={"game": "gops", "name": "Invité", "rated": True})
    assert refusal(guest) == (401, "login_required",
                              "Connectez-vous pour créer une partie classée.")
    bot = alice.post("/api/tables", {"game": "gops", "rated": True, "seats": [
        {"kind": "human"}, {"kind": "bot", "level": "debutant"}]})
    assert refusal(bot) == (400, "rated_humans_only",
                            "Une partie classée se joue entre joueurs inscrits, sans robot.")
    options = alice.post("/api/tables", {"game": "gops", "rated": True,
                                         "options": {"cards": 5}})
    assert refusal(options) == (400, "rated_default_options", "Une partie classée se joue "
                                "avec les options par défaut de la règle.")
    assert refusal(alice.post("/api/tables", {"game": "gops", "rated": "oui"})) == (
        400, "bad_rated", "« rated » doit valoir true ou false.")
    # The defaults written out in full are the defaults.
    same = alice.post("/api/tables", {"game": "gops", "rated": True,
                                      "options": {"cards": 8, "tie_rule": "discard"}})
    assert same.status_code == 201 and same.json()["rated"] is True
    table = create_table(alice, rated=True)
    join = client.post(f"/api/tables/{table['table']}/join", json={"name": "Invitée"})
    assert refusal(join) == (401, "login_required",
                             "Connectez-vous pour rejoindre une partie classée.")
    twice = alice.post(f"/api/tables/{table['table']}/join", {"name": "x"})
    assert refusal(twice) == (409, "already_seated",
                              "Vous occupez déjà une place à cette table.")


def test_a_rated_game_moves_both_ratings_once(client: TestClient) -> None:
    alice, bruno = sign_up(client, "Alice"), sign_up(client, "Bruno")
    table_id = finish_rated(client, alice, bruno, winner=0)
    a = client.get("/api/players/Alice").json()
    b = client.get("/api/players/Bruno").json()
    assert a["ratings"]["gops"]["rating"] > 1500 > b["ratings"]["gops"]["rating"]
    assert a["ratings"]["gops"]["rating"] - 1500 == 1500 - b["ratings"]["gops"]["rating"]
    for profile in (a, b):
        entry = profile["ratings"]["gops"]
        assert (entry["provisional"], entry["games"], entry["class"]) == (True, 1, "2")
        assert entry["by_class"]["2"]["rating"] == entry["rating"]
        game = profile["games"][0]
        assert (game["table"], game["rated"], game["rating_before"]) == (table_id, True, 1500)
        assert game["rating_after"] == entry["rating"]
        assert game["replay"] == f"/partie/{table_id}/revoir"
    assert a["stats"] == {"gops": {"played": 1, "won": 1, "lost": 0, "rated": 1}}
    assert b["stats"] == {"gops": {"played": 1, "won": 0, "lost": 1, "rated": 1}}
    # The profile page counts the games in French: « 1 partie », « 2 parties ».
    rating = a["ratings"]["gops"]["rating"]
    assert f"à deux : {rating} ? (1 partie)</p>" in client.get("/joueur/Alice").text
    # Finishing the same table again (another process, a sweep) changes nothing.
    service = client.app.state.accounts  # type: ignore[union-attr]
    assert service.results.finish_from_store(table_id) is False
    assert service.results.sweep() == 0
    assert client.get("/api/players/Alice").json()["ratings"] == a["ratings"]


def test_casual_games_do_not_move_ratings(client: TestClient) -> None:
    alice, bruno = sign_up(client, "Alice"), sign_up(client, "Bruno")
    table_id, tokens = gops_table(alice, bruno)
    play_gops(client, table_id, tokens, winner=0)
    settle(client)
    profile = client.get("/api/players/Alice").json()
    assert profile["ratings"] == {}
    assert profile["games"][0]["rated"] is False
    assert profile["stats"] == {"gops": {"played": 1, "won": 1, "lost": 0, "rated": 0}}


def test_the_leaderboard_lists_settled_players_active_in_the_last_30_days(
        client: TestClient) -> None:
    players = [sign_up(client, name) for name in ("Alice", "Bruno", "Chloé", "Denis")]
    finish_rated(client, players[0], players[1], winner=0)
    finish_rated(client, players[2], players[3], winner=0)
    board = client.get("/api/leaderboard/gops").json()
    assert board["players"] == []  # everyone is provisional after one game
    assert (board["game"], board["title"], board["class"]) == ("gops", "Goofspiel", "2")
    assert board["classes"] == {"2": "à deux", "3-4": "à 3 ou 4", "5-8": "à 5 ou plus"}
    now = client.app.state.accounts.db.ms()  # type: ignore[union-attr]
    _execute(client, update(RATINGS).values(provisional=False))
    _execute(client, update(RATINGS).where(RATINGS.c.rating < 1500)
             .values(last_played=now - 31 * 86_400_000))  # Bruno and Denis: inactive
    rows = client.get("/api/leaderboard/gops").json()["players"]
    assert [(r["rank"], r["name"]) for r in rows] == [(1, "Alice"), (1, "Chloé")]
    assert rows[0]["rating"] == rows[1]["rating"] > 1500
    assert refusal(client.get("/api/leaderboard/gops?joueurs=9")) == (
        400, "bad_class", "Nombre de joueurs inconnu : choisissez 2, 3-4, 5-8.")
    assert refusal(client.get("/api/leaderboard/inconnu")) == (
        404, "unknown_game", "Jeu inconnu : « inconnu ».")
    page = client.get("/classement/gops")
    assert page.status_code == 200 and "text/html" in page.headers["content-type"]
    assert "Alice" in page.text and "Bruno" not in page.text
    assert client.get("/classement/inconnu").status_code == 404


def test_profile_plot_and_page(client: TestClient) -> None:
    alice, bruno = sign_up(client, "Alice"), sign_up(client, "Bruno")
    finish_rated(client, alice, bruno, winner=0)
    finish_rated(client, alice, bruno, winner=1)
    profile = client.get("/api/players/alice").json()
    assert profile["name"] == "Alice" and profile["ratings"]["gops"]["games"] == 2
    assert profile["ratings"]["gops"]["plot"] == "/api/players/Alice/plot/gops"
    svg = client.get("/api/players/Alice/plot/gops")
    assert svg.status_code == 200 and svg.headers["content-type"] == "image/svg+xml"
    points = svg.text.split('<polyline points="')[1].split('"')[0].split()
    assert len(points) == 2
    assert "Pas encore de partie classée." in client.get(
        "/api/players/Alice/plot/gops?joueurs=3-4").text
    assert refusal(client.get("/api/players/Personne")) == (
        404, "unknown_player", "Aucun joueur ne s’appelle « Personne ».")
    assert refusal(client.get("/api/players/Alice/plot/inconnu"))[:2] == (404, "unknown_game")
    assert refusal(client.get("/api/players/Alice?avant=hier")) == (
        400, "bad_cursor", "« avant » doit être une date en millisecondes.")
    page = client.get("/joueur/Alice")
    assert page.status_code == 200
    assert "<h1>Alice</h1>" in page.text and '/api/players/Alice/plot/gops' in page.text
    assert "/static/style.css" in page.text
    # No inline script (the CSP forbids them): only the client's module that adds « Suivre »
    # for a logged-in visitor, in its placeholder; the page reads the same without it.
    assert re.findall(r"<script[^>]*>", page.text) == [
        '<script type="module" src="/static/playerpage.js">']
    assert '<div id="player-actions" data-player="Alice"></div>' in page.text
    assert "<script" not in client.get("/classement/gops").text
    assert client.get("/joueur/Personne").status_code == 404


def test_the_export_holds_every_record_and_they_replay(client: TestClient) -> None:
    alice, bruno = sign_up(client, "Alice"), sign_up(client, "Bruno")
    first = finish_rated(client, alice, bruno, winner=0)
    second, tokens = gops_table(alice, bruno)
    play_gops(client, second, tokens, winner=1)
    # A third game, which Bruno resigns after one round: its record says how it ended.
    third, tokens = gops_table(alice, bruno)
    seat0, seat1 = Socket(client, third, tokens[0]), Socket(client, third, tokens[1])
    for socket in (seat0, seat1):
        socket.send({"type": "action", "action": {"type": "bid", "card": 8}})
    seat1.until(lambda m: m["type"] == "update" and actions_of(m["view"]) == 2)
    seat1.send({"type": "resign"})
    seat0.until(lambda m: m["type"] == "update" and m["view"]["table"]["status"] == "over")
    seat0.close()
    seat1.close()
    settle(client)
    response = alice.get("/api/me/export")
    assert response.status_code == 200
    assert response.headers["content-disposition"].startswith("attachment;")
    data = json.loads(response.text)
    assert data["name"] == "Alice" and data["format"] == "ludomots-export-1"
    assert [(g["table"], g["seat"]) for g in data["games"]] == [
        (first, 0), (second, 0), (third, 0)]
    for entry in data["games"]:
        record = Record.from_json({k: v for k, v in entry.items() if k not in ("table",
                                                                               "seat")})
        assert record.seats[0].name == "Alice"
        state = replay(record, registry.get_game("gops"))
        assert state.scores() == record.scores
        assert entry == {**client.get(f"/api/tables/{entry['table']}/record").json(),
                         "table": entry["table"], "seat": 0}
    # The games played to their end read as before: the game's result, nothing more.
    for entry in data["games"][:2]:
        assert set(entry) == {"format_version", "game", "options", "seed", "seats",
                              "actions", "scores", "winners", "table", "seat"}
        state = replay(Record.from_json({k: v for k, v in entry.items()
                                         if k not in ("table", "seat")}),
                       registry.get_game("gops"))
        assert state.is_over() and entry["winners"] == state.winners()
    resigned = data["games"][2]
    assert resigned["scores"] == [0, 0]  # the tied bid's prize was not won
    assert (resigned["winners"], resigned["ranks"]) == ([0], [1, 2])
    assert [(d["seat"], d["reason"], d["name"], d["seq"], d["level"])
            for d in resigned["departures"]] == [(1, "resign", "Bruno", 2, None)]
    assert refusal(Player(client, "x").get("/api/me/export")) == (
        401, "login_required", "Connectez-vous pour télécharger vos parties.")


def test_bots_are_calibrated_by_settled_players_only(client: TestClient) -> None:
    alice = sign_up(client, "Alice")
    before = client.get("/api/bots/ratings").json().get("gops", {})
    assert before == {}  # no seed for a test game

    def play_against_bot() -> None:
        alice._use()  # the table is created with Alice's session cookie
        table_id, _, seat, spectator = against_bots(client, "gops", ["debutant"])
        client.cookies.clear()
        sent = [0]

        def bid(view: dict[str, Any]) -> dict[str, Any] | None:
            game = view["game"]
            stored = 8 - len(game["hand"]) + game["has_bid"][0]
            if sent[0] > stored:  # our bid is on its way (the bot's came first)
                return None
            sent[0] += 1
            return {"type": "bid", "card": max(game["hand"])}

        play_to_the_end(seat, spectator, bid, 200, 20)
        settle(client)

    play_against_bot()  # Alice has no rating at all: no yardstick, no calibration
    assert "gops" not in client.get("/api/bots/ratings").json()
    bruno = sign_up(client, "Bruno")
    finish_rated(client, alice, bruno)
    _execute(client, update(RATINGS).values(provisional=False, sigma=3.0))
    play_against_bot()
    bots = client.get("/api/bots/ratings").json()["gops"]["2"]
    assert list(bots) == ["debutant"]
    assert bots["debutant"]["games"] == 1 and bots["debutant"]["provisional"] is True
    assert bots["debutant"]["rating"] != 1500
    board = client.get("/api/leaderboard/gops").json()
    assert board["bots"] == [{"level": "debutant", "title": "Débutant", **bots["debutant"]}]
    # Alice's own rating did not move: humans are rated only against humans.
    assert client.get("/api/players/Alice").json()["ratings"]["gops"]["games"] == 1


def test_seeded_bot_ratings_are_served(client: TestClient) -> None:
    from ludomots.accounts.botcal import seed_bot_ratings, seed_data

    # The shipped seed (ludomots/accounts/data/bot_ratings.json) is in every new database.
    shipped = client.get("/api/bots/ratings").json()
    for game, by_class in seed_data().items():
        for cls, levels in by_class.items():
            assert {level: entry["rating"] for level, entry in shipped[game][cls].items()} == \
                {level: display(entry["mu"]) for level, entry in levels.items()}
    assert shipped["topword"]["2"]["debutant"]["rating"] < \
        shipped["topword"]["2"]["confirme"]["rating"] == 1500 < \
        shipped["topword"]["2"]["expert"]["rating"]

    db = client.app.state.accounts.db  # type: ignore[union-attr]
    seed = {"gops": {"2": {"expert": {"mu": 37.0, "sigma": 2.0, "games": 60},
                           "debutant": {"mu": 12.0, "sigma": 2.5, "games": 60}}}}
    assert seed_bot_ratings(db, seed) == 2
    assert seed_bot_ratings(db, seed) == 0  # never overwrites what a server learned
    served = client.get("/api/bots/ratings").json()["gops"]["2"]
    assert served == {"debutant": {"rating": display(12.0), "provisional": False, "games": 60},
                      "expert": {"rating": display(37.0), "provisional": False, "games": 60}}
    _execute(client, update(BOT_RATINGS).values(games=61))
    assert seed_bot_ratings(db, seed, overwrite=True) == 2
    # A retired level's row (« Maître », issue 21) stays in the database but is not served.
    assert seed_bot_ratings(db, {"gops": {"2": {"maitre": {"mu": 40.0, "sigma": 2.0,
                                                          "games": 60}}}}) == 1
    assert set(client.get("/api/bots/ratings").json()["gops"]["2"]) == {"debutant", "expert"}


def _no_error(message: dict[str, Any]) -> bool:
    assert message["type"] != "error", message  # a refused move would otherwise hang
    return True


def _play_topword(client: TestClient, table_id: str, tokens: dict[int, str]
                  ) -> list[int]:
    """Both seats play the best-scoring move until the end; returns the winners."""
    sockets = {seat: Socket(client, table_id, token) for seat, token in tokens.items()}
    for count in range(1, 400):
        view = sockets[0].view
        if view["table"]["status"] == "over":
            break
        seat = view["table"]["to_act"][0]
        mover = sockets[seat]
        mover.send({"type": "action", "action": choose_move(mover.view)})
        for socket in sockets.values():
            socket.until(lambda m, c=count: _no_error(m) and m["type"] == "update" and
                         actions_of(m["view"]) >= c)
    assert sockets[0].view["table"]["status"] == "over"
    winners: list[int] = sockets[0].view["table"]["result"]["winners"]
    for socket in sockets.values():
        socket.close()
    return winners


def test_a_rated_topword_game_with_the_rulebook_options_moves_both_ratings(
        client: TestClient) -> None:
    alice, bruno = sign_up(client, "Alice"), sign_up(client, "Bruno")
    created = create_table(alice, "topword", rated=True)
    joined = bruno.post(f"/api/tables/{created['table']}/join", {"name": "ignored"}).json()
    winners = _play_topword(client, created["table"], {0: created["token"], 1: joined["token"]})
    settle(client)
    ratings = [client.get(f"/api/players/{n}").json()["ratings"]["topword"]
               for n in ("Alice", "Bruno")]
    assert [r["games"] for r in ratings] == [1, 1]
    points = [r["rating"] for r in ratings]
    assert sum(points) == 3000
    if len(winners) == 1:  # the winner gains what the loser loses
        assert points[winners[0]] > 1500 > points[1 - winners[0]]
    else:  # a draw between equal ratings (about 1 game in 100) moves neither
        assert points == [1500, 1500]
    profile: dict[str, Any] = client.get("/api/players/Alice").json()
    best = profile["best_words"]["highest"]
    assert best and best[0]["game"] == "topword" and best[0]["points"] > 0
    assert profile["best_words"]["longest"][0]["length"] >= len(best[0]["word"]) - 0


def test_a_finish_lost_with_its_process_is_done_by_the_sweep_once(client: TestClient) -> None:
    from sqlalchemy import delete

    from ludomots.accounts.schema import FINISHED_TABLES, GAME_RESULTS, RATING_HISTORY

    alice, bruno = sign_up(client, "Alice"), sign_up(client, "Bruno")
    finish_rated(client, alice, bruno, winner=0)
    expected = client.get("/api/players/Alice").json()["ratings"]
    for table in (RATING_HISTORY, RATINGS, GAME_RESULTS, FINISHED_TABLES):
        _execute(client, delete(table))  # the process died before storing the results
    assert client.get("/api/players/Alice").json()["ratings"] == {}
    service = client.app.state.accounts  # type: ignore[union-attr]
    assert client.portal.call(service.sweep) == 1
    assert client.portal.call(service.sweep) == 0
    again = client.get("/api/players/Alice").json()["ratings"]["gops"]
    assert {k: again[k] for k in ("rating", "provisional", "games", "class")} == \
        {k: expected["gops"][k] for k in ("rating", "provisional", "games", "class")}


def test_the_history_comes_a_page_at_a_time(client: TestClient,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    import ludomots.accounts.queries as queries

    monkeypatch.setattr(queries, "HISTORY_PAGE", 2)
    alice, bruno = sign_up(client, "Alice"), sign_up(client, "Bruno")
    tables = []
    for winner in (0, 1, 0):
        table_id, tokens = gops_table(alice, bruno)
        play_gops(client, table_id, tokens, winner)
        settle(client)
        tables.append(table_id)
    first = client.get("/api/players/Alice").json()
    assert [g["table"] for g in first["games"]] == [tables[2], tables[1]]
    assert first["more"] == first["games"][-1]["finished_at"]
    rest = client.get(f"/api/players/Alice?avant={first['more']}").json()
    assert [g["table"] for g in rest["games"]] == [tables[0]] and rest["more"] is None
    assert [s["name"] for s in rest["games"][0]["seats"]] == ["Alice", "Bruno"]


def test_a_rated_game_ended_by_a_resignation_counts_as_a_loss(client: TestClient) -> None:
    """Issue 19: resigning never dodges a rated loss; the one who stays wins."""
    alice, bruno = sign_up(client, "Alice"), sign_up(client, "Bruno")
    table_id, tokens = gops_table(alice, bruno, rated=True)
    socket = Socket(client, table_id, tokens[0])
    socket.send({"type": "resign"})
    socket.until(lambda m: m["type"] == "update" and m["view"]["table"]["status"] == "over")
    socket.close()
    settle(client)
    a = client.get("/api/players/Alice").json()
    b = client.get("/api/players/Bruno").json()
    assert a["stats"] == {"gops": {"played": 1, "won": 0, "lost": 1, "rated": 1}}
    assert b["stats"] == {"gops": {"played": 1, "won": 1, "lost": 0, "rated": 1}}
    assert b["ratings"]["gops"]["rating"] > 1500 > a["ratings"]["gops"]["rating"]
    game = a["games"][0]
    assert (game["table"], game["rank"], game["winner"]) == (table_id, 2, False)
    service = client.app.state.accounts  # type: ignore[attr-defined]
    assert service.results.finish_from_store(table_id) is False  # stored once
