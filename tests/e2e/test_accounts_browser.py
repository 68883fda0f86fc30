"""Accounts in a real browser (issue 20): signing up claims a guest's game, a rated Topword
game between two accounts moves both ratings, French errors at login and sign-up, friends
followed from a profile and invited to a table (the notice reaches their open page), the
account menu (profile, export, deletion).

Players sign up through the home page's forms, each in their own browser context (their own
cookie and storage). Topword moves are chosen by the project's move generator from what the
seat is shown (tests/server/helpers.choose_move) and played through the page, click by click.
"""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any

import pytest

from tests.e2e import pageflow
from tests.e2e.conftest import LiveServer
from tests.e2e.pageflow import fill_seats, seat_token, submit_table
from tests.server.helpers import choose_move

expect = pytest.importorskip("playwright.sync_api").expect

PASSWORD = "une phrase assez longue"
#: What a page shows after loading or a server round trip, on a loaded machine (ms).
LOADED = 30000
GAME_TIMEOUT = 540.0  # a whole game on a loaded machine (pytest's limit: 600 s)


# ---- helpers ------------------------------------------------------------------------------------


def send_form(page: Any, form: str, name: str, password: str = PASSWORD) -> None:
    """Fill and send the home page's « signup » (Créer un compte) or « login » form."""
    page.fill(f"#{form}-name", name)
    page.fill(f"#{form}-password", password)
    label = "Créer mon compte" if form == "signup" else "Se connecter"
    page.get_by_role("button", name=label, exact=True).click()


def sign_up(page: Any, server: LiveServer, name: str, password: str = PASSWORD) -> None:
    """A new account from the home page; the top bar then shows the name."""
    page.goto(server.base_url + "/")
    send_form(page, "signup", name, password)
    expect(page.locator(".account-name")).to_have_text(name, timeout=LOADED)
    expect(page.locator("#compte-titre")).to_have_text("Mes parties")


def confirm_pass(page: Any) -> None:
    page.locator(".table-actions").get_by_role("button", name="Passer", exact=True).click()
    page.locator("dialog.modal").get_by_role("button", name="Passer", exact=True).click()


class Spectator:
    """A spectator's socket on the table: what the test waits on (each update, as it comes)."""

    def __init__(self, server: LiveServer, table: str) -> None:
        from websockets.sync.client import connect

        self.server = server
        self.ws = connect(f"{server.ws_url}/ws/tables/{table}", open_timeout=10)
        self.ws.send(json.dumps({"type": "hello"}))
        self.table: dict[str, Any] = {}

    def until(self, done: Any, deadline: float) -> dict[str, Any]:
        """The table's part of the view once ``done(it)`` holds."""
        while not (self.table and done(self.table)):
            remaining = deadline - time.monotonic()
            assert remaining > 0, f"the table never got there:\n{self.server.log()}"
            message = json.loads(self.ws.recv(timeout=remaining))
            if message.get("type") in ("welcome", "update"):
                self.table = message["view"]["table"]
        return self.table


def play_topword_to_the_end(server: LiveServer, table: str, pages: list[Any]) -> None:
    """Each seat in turn plays the generator's best move on its page (rack tile, then cell, then
    « Jouer »), passes when it has none, and accepts the last word, until the game is over."""
    tokens = [seat_token(page, table) for page in pages]
    deadline = time.monotonic() + GAME_TIMEOUT
    spectator = Spectator(server, table)
    try:
        _play_moves(server, table, pages, tokens, spectator, deadline)
    finally:
        spectator.ws.close()


def _play_moves(server: LiveServer, table: str, pages: list[Any], tokens: list[str],
                spectator: Spectator, deadline: float) -> None:
    while True:
        table_view = spectator.until(lambda t: True, deadline)
        if table_view["status"] == "over":
            return
        seat = table_view["to_act"][0]
        page = pages[seat]
        action = choose_move(server.view(table, tokens[seat]))
        before = table_view["actions"]
        actions = page.locator(".table-actions")
        if action["type"] == "accept":
            actions.get_by_role("button", name="Accepter", exact=True).click()
        elif action["type"] == "pass":
            expect(actions.get_by_role("button", name="Passer", exact=True)).to_be_enabled()
            confirm_pass(page)
        else:
            expect(page.locator(".table-banner")).to_contain_text("À vous de jouer !")
            for placed in action["tiles"]:
                cell, letter = placed.split(":")
                page.locator(f'.rack .rack-tile[data-letter="{letter}"]').first.click()
                page.locator(f'[data-cell="{cell}"]').click()
                expect(page.locator(f'[data-cell="{cell}"]')).to_have_class(
                    re.compile(r"\btentative\b"))
            page.get_by_role("button", name="Jouer", exact=True).click()
        spectator.until(lambda t, n=before: t["actions"] > n, deadline)  # the move went through


# ---- a guest's game joins their new account -----------------------------------------------------


def test_a_guest_plays_signs_up_and_finds_the_game_on_their_profile(
        server: LiveServer, new_page: Any, screenshots: Path) -> None:
    page = new_page()
    page.goto(server.base_url + "/")
    expect(page.locator(".account-login")).to_contain_text("Se connecter")
    fill_seats(page, "Gaspard", ("bot:debutant", "bot:debutant"))
    page.select_option("#opt-referee", label="Arbitre automatique")
    table = submit_table(page)
    # The guest passes every turn; the two bots empty the bag and end the game.
    end = page.locator(".table-end")
    pass_button = page.locator(".table-actions").get_by_role("button", name="Passer", exact=True)
    deadline = time.monotonic() + GAME_TIMEOUT
    while not end.is_visible():
        assert time.monotonic() < deadline, f"the game did not end in time:\n{server.log()}"
        if pass_button.is_visible() and pass_button.is_enabled() \
                and not page.locator("dialog[open]").count():
            confirm_pass(page)
        page.wait_for_timeout(50)
    expect(page.locator("dialog.end-modal")).to_be_visible()
    page.keyboard.press("Escape")

    # Signing up on this browser: the form says the game will join the account.
    page.goto(server.base_url + "/#compte")
    expect(page.locator(".signup-form .claim-note")).to_have_text(
        "La partie jouée dans ce navigateur rejoindra votre compte.")
    send_form(page, "signup", "Gaspard")
    expect(page.locator(".toast-success")).to_contain_text(
        "Compte créé : 1 partie rattachée à Gaspard.")
    pageflow.GameScreen(".home", "accounts-").shot(page, screenshots, "home-logged-in",
                                                    full_page=True)

    # The name in the top bar leads to the profile, where the game is listed with its replay.
    page.locator(".account-name").click()
    expect(page).to_have_url(f"{server.base_url}/joueur/Gaspard")
    expect(page.locator("h1")).to_have_text("Gaspard")
    row = page.locator("table tr", has_text="Topword").last
    expect(row).to_contain_text("Robot Débutant")
    expect(row.get_by_role("link", name="revoir")).to_have_attribute(
        "href", f"/partie/{table}/revoir")
    profile = server.get_json("/api/players/Gaspard")
    assert [(g["table"], g["game"], g["rated"]) for g in profile["games"]] == [
        (table, "topword", False)]
    assert profile["stats"]["topword"]["played"] == 1
    page.screenshot(path=str(screenshots / "accounts-profile.png"), full_page=True)


# ---- a rated game between two accounts ----------------------------------------------------------


def test_two_accounts_play_a_rated_topword_game_and_the_ratings_follow_the_result(
        server: LiveServer, new_page: Any, screenshots: Path) -> None:
    alice, bruno = new_page(), new_page()
    sign_up(alice, server, "Alice")
    sign_up(bruno, server, "Bruno")

    # Alice needs no name; « Partie classée » turns the robot's seat into a player's and the
    # table's rules into the rulebook's.
    alice.goto(server.base_url + "/?jeu=topword")
    expect(alice.locator("#create-name")).to_be_hidden()
    expect(alice.locator(".account-create .playing-as")).to_have_text(
        "Vous jouez sous votre nom : Alice", timeout=LOADED)
    expect(alice.locator(".seat-row").nth(1).locator("input[value=bot]")).to_be_checked()
    alice.locator("label[for=create-rated]").click()
    expect(alice.locator(".seat-row").nth(1).locator("input[value=human]")).to_be_checked()
    expect(alice.locator("#opt-referee")).to_be_disabled()  # in the disabled options fieldset
    table = submit_table(alice)
    assert server.get_json(f"/api/tables/{table}")["seats"][0]["name"] == "Alice"

    # Bruno joins without typing a name.
    bruno.goto(f"{server.base_url}/table/{table}")
    join = bruno.locator(".join-card")
    expect(join.locator(".playing-as")).to_have_text("Vous rejoignez sous votre nom : Bruno",
                                                     timeout=LOADED)
    expect(join.locator("#join-name")).to_be_hidden()
    join.get_by_role("button", name="Rejoindre la table").click()
    expect(bruno.locator(".role-chip")).to_contain_text("Vous : Bruno")

    # « Mes parties » on Alice's home page says whose turn it is and that the game is rated.
    first = server.view(table)["table"]["to_act"][0]
    alice.goto(server.base_url + "/")
    mine = alice.locator(f'.my-game[data-table="{table}"]')
    expect(mine.locator(".chip-rated")).to_have_text("Classée", timeout=LOADED)
    expect(mine.locator(".turn-chip")).to_have_text(
        "À vous de jouer" if first == 0 else "Au tour de Bruno")
    mine.get_by_role("button", name=re.compile("^(Jouer|Ouvrir)$")).click()
    expect(alice.locator(".role-chip")).to_contain_text("Vous : Alice")

    play_topword_to_the_end(server, table, [alice, bruno])
    pageflow.end_modal(alice, 2)

    # Both ratings moved, by the same amount in opposite directions, and the profile says so.
    ratings = {}
    for name in ("Alice", "Bruno"):
        profile = server.get_json(f"/api/players/{name}")
        entry = profile["ratings"]["topword"]
        assert (entry["games"], entry["provisional"]) == (1, True)
        assert profile["games"][0]["table"] == table and profile["games"][0]["rated"] is True
        ratings[name] = entry["rating"]
    # The winner gains what the loser loses; a draw between two new players moves nothing
    # (the deal is the server's secret: two players laying their best moves may tie).
    winners = server.view(table)["table"]["result"]["winners"]
    if len(winners) == 1:
        winner, loser = ("Alice", "Bruno") if winners == [0] else ("Bruno", "Alice")
        assert ratings[winner] > 1500 > ratings[loser]
    else:
        assert ratings == {"Alice": 1500, "Bruno": 1500}
    assert ratings["Alice"] + ratings["Bruno"] == 3000
    bruno.goto(f"{server.base_url}/joueur/Bruno")
    expect(bruno.locator("body")).to_contain_text(f"à deux : {ratings['Bruno']} ? (1 partie)")
    expect(bruno.locator("img[src='/api/players/Bruno/plot/topword']")).to_be_visible()
    bruno.screenshot(path=str(screenshots / "accounts-rated-profile.png"), full_page=True)


# ---- errors in French ---------------------------------------------------------------------------


def test_login_and_sign_up_errors_are_in_french(server: LiveServer, new_page: Any) -> None:
    page = new_page(viewport={"width": 375, "height": 667})
    page.goto(server.base_url + "/")
    expect(page.locator("#signup-help")).to_contain_text("Au moins 10 caractères")
    pageflow.assert_no_sideways_scroll(page, 375)  # the forms and the top bar fit a phone
    page.set_viewport_size(pageflow.DESKTOP)
    send_form(page, "login", "Personne", "pas le bon mot de passe")
    expect(page.locator("#login-error")).to_have_text("Nom ou mot de passe incorrect.")
    expect(page.locator(".account-login")).to_be_visible()  # still a guest

    send_form(page, "signup", "Zélie", "court")
    expect(page.locator("#signup-error")).to_have_text(
        "Le mot de passe doit compter au moins 10 caractères : une phrase de quelques mots, "
        "facile à retenir, fait très bien l’affaire.")
    send_form(page, "signup", "Zélie", "zelie et ses amis")
    expect(page.locator("#signup-error")).to_have_text(
        "Le mot de passe ne doit pas contenir votre nom.")
    send_form(page, "signup", "Robot-Zélie")
    expect(page.locator("#signup-error")).to_have_text(
        "Ce nom est réservé : choisissez-en un autre.")
    send_form(page, "signup", "Zélie")
    expect(page.locator(".account-name")).to_have_text("Zélie")
    # The same name without its accent is the same name.
    other = new_page()
    other.goto(server.base_url + "/")
    send_form(other, "signup", "zelie")
    expect(other.locator("#signup-error")).to_have_text(
        "Ce nom est déjà pris (les majuscules et les accents ne comptent pas) : "
        "choisissez-en un autre.")


# ---- friends ------------------------------------------------------------------------------------


def test_a_friend_followed_from_a_profile_is_invited_and_the_notice_arrives(
        server: LiveServer, new_page: Any, screenshots: Path) -> None:
    alice, bruno = new_page(), new_page()
    sign_up(alice, server, "Alice")
    sign_up(bruno, server, "Bruno")  # Bruno's home page stays open: he is online

    alice.goto(f"{server.base_url}/joueur/Bruno")
    alice.get_by_role("button", name="Suivre", exact=True).click()
    expect(alice.locator("#player-actions")).to_contain_text("Vous suivez ce joueur.",
                                                             timeout=LOADED)
    alice.goto(server.base_url + "/")
    friend = alice.locator('.friends .friend[data-name="Bruno"]')
    expect(friend).to_have_class(re.compile(r"\bonline\b"), timeout=LOADED)
    expect(friend).to_contain_text("en ligne")

    alice.goto(server.base_url + "/?jeu=topword")
    alice.locator(".seat-row").nth(1).locator("input[value=human]").check()
    table = submit_table(alice)
    invite = alice.locator('.invite-friends .friend[data-name="Bruno"]')
    invite.get_by_role("button", name="Inviter").click()
    expect(alice.locator(".toast-success")).to_contain_text("Invitation envoyée à Bruno.")

    # The notice reaches Bruno's open page at once, and « Mes parties » lists the invitation.
    notice = bruno.locator(f'.invite-notice[data-table="{table}"]')
    expect(notice).to_contain_text("Alice vous invite à une partie de Topword.", timeout=LOADED)
    expect(bruno.locator(".invite-list .invite-row")).to_contain_text(
        "Alice vous invite à une partie de Topword")
    bruno.screenshot(path=str(screenshots / "accounts-invite-notice.png"))
    notice.get_by_role("link", name="Voir la table").click()
    expect(bruno).to_have_url(f"{server.base_url}/table/{table}")
    bruno.get_by_role("button", name="Rejoindre la table").click()
    expect(bruno.locator(".role-chip")).to_contain_text("Vous : Bruno")
    expect(alice.locator(".table-players")).to_contain_text("Bruno")

    # On another device, Alice logs in and takes her seat back from « Mes parties » (the
    # server gives this device a fresh token for it).
    tablet = new_page()
    tablet.goto(server.base_url + "/")
    send_form(tablet, "login", "Alice")
    row = tablet.locator(f'.my-game[data-table="{table}"]')
    first = server.view(table)["table"]["to_act"][0]
    expect(row.locator(".turn-chip")).to_have_text(
        "À vous de jouer" if first == 0 else "Au tour de Bruno", timeout=LOADED)
    row.get_by_role("button", name=re.compile("^(Jouer|Ouvrir)$")).click()
    expect(tablet.locator(".role-chip")).to_contain_text("Vous : Alice")
    expect(tablet.locator(".rack .rack-tile")).to_have_count(7)

    # Alice stops following Bruno from his profile.
    alice.goto(f"{server.base_url}/joueur/Bruno")
    alice.get_by_role("button", name="Ne plus suivre").click()
    expect(alice.get_by_role("button", name="Suivre", exact=True)).to_be_visible()
    assert server.get_json("/api/players/Alice")["following"] == 0


def _api(page: Any, path: str, body: dict[str, Any]) -> Any:
    """A POST from the page itself (its session cookie, its origin)."""
    return page.evaluate(
        """([path, body]) => fetch(path, {method: "POST", body: JSON.stringify(body),
            headers: {"Content-Type": "application/json"}}).then((r) => r.json())""",
        [path, body])


def _pass(server: LiveServer, table: str, token: str) -> None:
    """The seat of ``token`` passes (its own socket, as another device would)."""
    from websockets.sync.client import connect

    with connect(f"{server.ws_url}/ws/tables/{table}", open_timeout=10) as ws:
        ws.send(json.dumps({"type": "hello", "token": token}))
        ws.send(json.dumps({"type": "action", "action": {"type": "pass", "exchange": None}}))
        deadline = time.monotonic() + LOADED / 1000
        while True:
            message = json.loads(ws.recv(timeout=max(0.1, deadline - time.monotonic())))
            assert message.get("type") != "error", message
            if message.get("type") == "update" and message["view"]["table"]["actions"]:
                return


def test_my_games_hear_at_once_that_it_is_my_turn(server: LiveServer, new_page: Any) -> None:
    alice, bruno = new_page(), new_page()
    sign_up(alice, server, "Alice")
    sign_up(bruno, server, "Bruno")
    created = _api(alice, "/api/tables", {"game": "topword"})
    table = created["table"]
    joined = _api(bruno, f"/api/tables/{table}/join", {})
    tokens = {0: created["token"], 1: joined["token"]}
    if server.view(table)["table"]["to_act"] == [0]:
        _pass(server, table, tokens[0])  # Alice passes first: Bruno is to play
    # Alice's home page, its timers stopped: « Mes parties » can only change when /ws/me
    # speaks (its slow refresh never comes).
    alice.clock.install()
    alice.goto(server.base_url + "/")
    row = alice.locator(f'.my-game[data-table="{table}"]')
    expect(row.locator(".turn-chip")).to_have_text("Au tour de Bruno", timeout=LOADED)
    alice.clock.pause_at(alice.evaluate("Date.now()") + 1000)
    _pass(server, table, tokens[1])
    expect(row.locator(".turn-chip")).to_have_text("À vous de jouer", timeout=LOADED)


# ---- the account menu ---------------------------------------------------------------------------


def test_the_account_menu_exports_logs_out_and_deletes(
        server: LiveServer, new_page: Any, tmp_path: Path) -> None:
    page = new_page()
    sign_up(page, server, "Camille")
    second = new_page()  # another device of the same player
    second.goto(server.base_url + "/")
    send_form(second, "login", "camille")  # case and accents aside, the same name
    expect(second.locator(".account-name")).to_have_text("Camille")

    # On a phone, the top bar keeps the account's menu without scrolling sideways.
    page.set_viewport_size(pageflow.PHONE)
    pageflow.assert_no_sideways_scroll(page, pageflow.PHONE["width"])
    expect(page.locator(".account-menu summary")).to_be_visible()
    page.set_viewport_size(pageflow.DESKTOP)

    menu = page.locator(".account-menu")
    menu.locator("summary").click()
    with page.expect_download() as info:
        menu.get_by_role("link", name="Télécharger mes parties (JSON)").click()
    saved = tmp_path / "export.json"
    info.value.save_as(saved)
    exported = json.loads(saved.read_text(encoding="utf-8"))
    assert (exported["format"], exported["name"], exported["games"]) == (
        "ludomots-export-1", "Camille", [])

    # « Se déconnecter partout » ends the other device's session too.
    menu.locator("summary").click()
    menu.get_by_role("button", name="Se déconnecter partout").click()
    expect(page.locator(".toast-info", has_text="Déconnecté de tous vos appareils (2 sessions).")
           ).to_be_visible()
    expect(page.locator(".account-login")).to_be_visible()
    second.reload()
    expect(second.locator(".account-login")).to_be_visible()

    # Deletion asks for the password, and refuses a wrong one in French.
    send_form(page, "login", "Camille")
    menu.locator("summary").click()
    menu.get_by_role("button", name="Supprimer mon compte").click()
    dialog = page.locator("dialog.delete-modal")
    expect(dialog).to_contain_text("joueur supprimé")
    dialog.locator("#delete-password").fill("pas le bon du tout")
    dialog.get_by_role("button", name="Supprimer définitivement").click()
    expect(page.locator(".toast-error")).to_contain_text(
        "Mot de passe incorrect : le compte n’est pas supprimé.")
    expect(page.locator(".account-name")).to_have_text("Camille")
    menu.locator("summary").click()
    menu.get_by_role("button", name="Supprimer mon compte").click()
    dialog.locator("#delete-password").fill(PASSWORD)
    dialog.get_by_role("button", name="Supprimer définitivement").click()
    expect(page.locator(".toast-info", has_text="Votre compte est supprimé.")).to_be_visible()
    expect(page.locator(".account-login")).to_be_visible()
    page.goto(f"{server.base_url}/joueur/Camille")
    expect(page.locator("h1")).to_have_text("Aucun joueur ne s’appelle « Camille ».")


# ---- bots' ratings, leaderboards ----------------------------------------------------------------


def test_bot_levels_show_their_calibrated_rating_and_leaderboards_are_linked(
        server: LiveServer, new_page: Any) -> None:
    page = new_page()
    page.goto(server.base_url + "/?jeu=topword")
    ratings = server.get_json("/api/bots/ratings")["topword"]
    select = page.locator(".seat-row").nth(1).locator(".level-select")
    for level, title in (("debutant", "Débutant"), ("confirme", "Confirmé"),
                         ("greedy", "Glouton"), ("expert", "Expert")):
        entry = ratings["2"][level]
        shown = f"{title} ≈ {entry['rating']}{' ?' if entry['provisional'] else ''}"
        expect(select.locator(f"option[value={level}]")).to_have_text(shown, timeout=LOADED)
    # A third player: the ratings of tables of 3 or 4.
    page.get_by_role("button", name="Ajouter un joueur").click()
    third = page.locator(".seat-row").nth(2).locator(".level-select")
    for level, title in (("greedy", "Glouton"), ("expert", "Expert")):
        entry = ratings["3-4"][level]
        expect(third.locator(f"option[value={level}]")).to_have_text(
            f"{title} ≈ {entry['rating']}{' ?' if entry['provisional'] else ''}")

    page.get_by_role("link", name="Classement Topword").click()
    expect(page).to_have_url(f"{server.base_url}/classement/topword")
    expect(page.locator("h1")).to_have_text("Classement Topword (à deux)")
