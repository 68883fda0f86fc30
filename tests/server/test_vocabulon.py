"""Vocabulon through the server: two humans and a bot over WebSockets to the end (secret words,
throws, moves, riddles answered against the sand-glass, VOCABULON cells, exchanges), refused
actions with the engine's French message and nothing changed, the preview of a secret word, the
record and the replay; and nothing hidden (a riddle's answer before it is revealed, another
player's secret word, the order of the compartments' cards) in any payload a seat or a
spectator received."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from ludomots.core.errors import RuleError
from ludomots.core.record import Record, replay
from ludomots.games.vocabulon import board
from ludomots.games.vocabulon.actions import ANSWERS_MAX
from ludomots.games.vocabulon.bots import deck_index
from ludomots.games.vocabulon.rules import GAME, VocabulonState
from ludomots.games.vocabulon.words import secret_candidates
from ludomots.lexicon.fold import fold
from ludomots.lexicon.lexicon import get_lexicon
from ludomots.server.replay import encode_replay
from ludomots.table.manager import TableManager
from ludomots.table.model import SeatSpec
from ludomots.table.store import Store
from tests.server.helpers import (
    Socket,
    actions_of,
    assert_replay_logs_come_once,
    create,
    keys_in,
    record_of,
    states_of,
    values_of,
    views_and_states,
)
from tests.table.services import fresh_db_url

MAX_ACTIONS = 800
HUMANS = (0, 1)
BOT = 2
# Short games: a 4-letter word for Alice (handicap -1); a bound on rounds all the same.
OPTIONS = {"handicaps": [-1, 0, 0], "max_rounds": 40}


@dataclass
class VocaGame:
    table_id: str
    tokens: dict[int, str]
    sockets: dict[int | None, Socket] = field(default_factory=dict)
    refusals: dict[str, dict[str, Any]] = field(default_factory=dict)
    secret_preview: dict[str, Any] = field(default_factory=dict)
    wrong_answer: dict[str, Any] = field(default_factory=dict)
    steps: Counter[str] = field(default_factory=Counter)
    secrets: dict[int, str] = field(default_factory=dict)


def answer_of(game: dict[str, Any]) -> str:
    """The riddle's word, as a player who knows the public deck by heart would find it."""
    q = game["riddle"]["question"]
    key = (q["initial"], q["length"], q["class"], q["definition"])
    return deck_index(game["options"]["deck"])[key][0]


def secret_for(seat: int, length: int) -> str:
    """A well-known word, a different one per seat."""
    return secret_candidates(get_lexicon(), length)[3 + 5 * seat]


def decide(view: dict[str, Any]) -> dict[str, Any]:
    """What a human plays, from his own view only (and the public deck)."""
    game = view["game"]
    seat = view["table"]["you"]
    step = game["step"]
    need = game["missing"]
    if step == "secret":
        return {"type": "secret", "word": secret_for(seat, game["secret_lengths"][seat])}
    if step == "throw":
        return {"type": "throw"}
    if step == "move":
        cells = game["reachable"]
        useful = [c for c in cells if c["group"] in need and game["sabot"][c["group"]]]
        vocabulon = [c for c in cells if c["group"] is None]
        return {"type": "move", "cell": (useful or vocabulon or cells)[0]["cell"]}
    if step in ("vocabulon", "pick"):
        groups = [g for g, n in game["sabot"].items() if n]
        return {"type": "pick", "group": next((g for g in groups if g in need), groups[0])}
    if step == "respond":
        return {"type": "respond", "accept": game["exchange"]["give"] in need}
    if step == "offer":  # a bot misses a letter and asks for it before changing its word
        return {"type": "offer", "give": "", "take": ""}
    assert step in ("answer", "others"), step
    return {"type": "answer", "word": answer_of(game)}


def _sync(sockets: dict[int | None, Socket], count: int) -> None:
    for socket in sockets.values():
        if actions_of(socket.view) < count:
            socket.until(lambda m: m["type"] == "update" and actions_of(m["view"]) >= count)


def _refused(socket: Socket, action: dict[str, Any]) -> dict[str, Any]:
    """Send an action the engine must refuse: its error, and the view unchanged."""
    before = json.dumps(socket.view["game"], sort_keys=True)
    count = actions_of(socket.view)
    ref = f"refused-{len(socket.received)}"
    socket.send({"type": "action", "id": ref, "action": action})
    error = socket.until(lambda m: m["type"] == "error" and m.get("id") == ref)
    socket.sync(ref)  # (other table news, e.g. who is connected, may come meanwhile)
    assert actions_of(socket.view) == count
    assert json.dumps(socket.view["game"], sort_keys=True) == before
    return error


def _played(socket: Socket, sent: dict[str, Any]) -> None:
    """Send an action and wait until the history shows it (every Vocabulon action logs an
    entry naming its player): the next update may be another seat's, e.g. the bot writing its
    word meanwhile, and acting again on a stale view would be refused."""
    seat = socket.seat
    start = len(socket.view["game"]["history"])
    socket.send({"type": "action", "action": sent})

    def done(message: dict[str, Any]) -> bool:
        assert message["type"] != "error", message
        return message["type"] == "update" and any(
            seat in (e.get("seat"), e.get("to")) for e in socket.view["game"]["history"][start:])

    socket.until(done)


def _try_refusals(game: VocaGame, seat: int, view: dict[str, Any]) -> None:
    socket = game.sockets[seat]
    step = view["game"]["step"]
    if step == "secret" and "wrong_length" not in game.refusals:
        assert seat == 0  # Alice, whose word has 4 letters (handicap -1)
        # The bot writes its word at the same time: let it first, so that nothing else
        # changes the view while the refusals are checked.
        if BOT in socket.view["table"]["to_act"]:
            socket.until(lambda m: m["type"] == "update"
                         and BOT not in m["view"]["table"]["to_act"])
        game.refusals["wrong_length"] = _refused(socket, {"type": "secret", "word": "mer"})
        game.refusals["unknown_word"] = _refused(socket, {"type": "secret", "word": "xqzw"})
        socket.send({"type": "preview", "id": 1, "action": {"type": "secret", "word": "mer"}})
        game.secret_preview = socket.until(lambda m: m["type"] == "preview")["result"]
    elif step == "move" and "unreachable_cell" not in game.refusals:
        reachable = {c["cell"] for c in view["game"]["reachable"]}
        far = next(c for c in range(board.CELLS) if c not in reachable
                   and c not in view["game"]["positions"])
        game.refusals["unreachable_cell"] = _refused(socket, {"type": "move", "cell": far})
        game.refusals["unreachable_cell"]["expected"] = (
            f"Votre pion ne peut pas atteindre {board.cell_name(far)} en exactement "
            f"{view['game']['steps']} cases.")
    elif step == "throw" and "word_still_possible" not in game.refusals and \
            not view["game"]["blocked"]:
        game.refusals["word_still_possible"] = _refused(
            socket, {"type": "change_secret", "word": "abricot"})


def play(client: TestClient) -> VocaGame:
    created = create(client, game="vocabulon", options=OPTIONS,
                     seats=[{"kind": "human"}, {"kind": "human"},
                            {"kind": "bot", "level": "confirme"}])  # seat BOT
    table_id = created["table"]
    joined = client.post(f"/api/tables/{table_id}/join", json={"name": "Bob"}).json()
    game = VocaGame(table_id, {0: created["token"], 1: joined["token"]})
    game.sockets = {0: Socket(client, table_id, game.tokens[0]),
                    1: Socket(client, table_id, game.tokens[1]),
                    None: Socket(client, table_id)}
    for _ in range(MAX_ACTIONS):
        count = max(actions_of(s.view) for s in game.sockets.values())
        _sync(game.sockets, count)
        view = game.sockets[None].view
        if view["table"]["status"] == "over":
            break
        movers = [s for s in HUMANS if s in view["table"]["to_act"]]
        if not movers:  # the bot: wait for its move
            _sync({None: game.sockets[None]}, count + 1)
            continue
        seat = movers[0]
        socket = game.sockets[seat]
        mine = socket.view
        _try_refusals(game, seat, mine)
        action = decide(mine)
        game.steps[mine["game"]["step"]] += 1
        if action["type"] == "secret":
            game.secrets[seat] = action["word"]
        if mine["game"]["step"] == "answer" and not game.wrong_answer:
            # Seed: the player may answer until the sand-glass runs out; a wrong answer is
            # recorded and the riddle stays his.
            _played(socket, {"type": "answer", "word": "zzzz"})
            game.wrong_answer = socket.view
        _played(socket, action)
    assert game.sockets[None].view["table"]["status"] == "over", "the game did not end"
    for socket in game.sockets.values():
        socket.close()
    return game


@pytest.fixture(scope="module")
def voca_game(server: TestClient) -> VocaGame:
    return play(server)


def test_two_humans_and_a_bot_play_to_the_end_over_websockets(server: TestClient,
                                                              voca_game: VocaGame) -> None:
    view = voca_game.sockets[0].view
    game = view["game"]
    record = record_of(server, voca_game.table_id)
    final = replay(record, GAME)
    assert isinstance(final, VocabulonState)
    # LE GAGNANT: the winner holds every letter card of his secret word.
    assert game["over"] is True and game["winners"] == final.winners()
    assert view["table"]["result"]["winners"] == game["winners"]
    for winner in game["winners"]:
        assert game["public_secrets"][winner] == final.secrets[winner]
        assert not final.view(winner)["missing"]
    # At the end every secret word is revealed, to everyone (the spectator too).
    assert voca_game.sockets[None].view["game"]["public_secrets"] == final.secrets
    assert [final.secrets[s] for s in HUMANS] == [voca_game.secrets[s] for s in HUMANS]
    assert {line.seat for line in record.actions} == {0, 1, 2}
    # The only errors were the refusals the test asked for.
    errors = [m for s in voca_game.sockets.values() for m in s.received if m["type"] == "error"]
    assert [e["code"] for e in errors] == [r["code"] for r in voca_game.refusals.values()], errors
    assert voca_game.steps["throw"] >= 3 and voca_game.steps["answer"] >= 2
    history = game["history"]
    assert history[-1]["type"] == "game_over" and history[-1]["secrets"] == final.secrets
    assert sum(1 for e in history if e["type"] == "riddle") >= 3


def test_a_wrong_answer_is_recorded_and_the_sand_glass_still_runs(
        voca_game: VocaGame) -> None:
    view = voca_game.wrong_answer
    assert view, "the human was never asked a riddle"
    game = view["game"]
    seat = view["table"]["you"]
    assert game["step"] == "answer" and game["to_act"] == [seat]
    assert game["riddle"]["attempts"] == 1
    assert "answers" not in game["riddle"]  # its answers are in the history, sent once
    assert game["history"][-1] == {"type": "answer", "seat": seat, "word": "zzzz",
                                   "correct": False}
    # One sand-glass for all the tries: the deadline is still there.
    assert view["table"]["clock"]["deadlines"][seat] is not None


def test_refused_actions_give_the_engine_s_french_message(voca_game: VocaGame) -> None:
    """Secret words (Préparatifs 5, with the handicap of the Remarques), the exact die count
    (Début du jeu) and the change of word only when a letter can no longer be won."""
    refusals = voca_game.refusals
    assert refusals["wrong_length"]["code"] == "wrong_length"
    assert refusals["wrong_length"]["message"] == \
        "Votre mot secret doit avoir 4 lettres ; « mer » en a 3."
    assert refusals["unknown_word"]["code"] == "unknown_word"
    assert refusals["unknown_word"]["message"] == (
        "« xqzw » n'est pas dans le dictionnaire (un pluriel est accepté ; les verbes "
        "conjugués, les noms propres et les abréviations ne le sont pas).")
    unreachable = refusals["unreachable_cell"]
    assert unreachable["code"] == "unreachable_cell"
    assert unreachable["message"] == unreachable["expected"]
    assert refusals["word_still_possible"]["code"] == "word_still_possible"
    assert refusals["word_still_possible"]["message"] == (
        "Vous pouvez encore gagner toutes les lettres de votre mot secret : on ne change de "
        "mot que lorsqu'une lettre ne peut plus être gagnée.")


def test_the_preview_tells_whether_a_secret_word_is_accepted(voca_game: VocaGame) -> None:
    preview = voca_game.secret_preview
    assert preview["legal"] is False and preview["word"] == "mer"
    assert preview["error"] == voca_game.refusals["wrong_length"]["code"]
    assert preview["message"] == voca_game.refusals["wrong_length"]["message"]


def test_the_replay_steps_through_every_position(server: TestClient,
                                                 voca_game: VocaGame) -> None:
    data = server.get(f"/api/tables/{voca_game.table_id}/replay").json()
    record = record_of(server, voca_game.table_id)
    steps = data["steps"]
    assert data["game"] == "vocabulon" and len(steps) == len(record.actions) + 1
    assert steps[0]["view"]["step"] == "secret" and steps[0]["view"]["history"] == []
    for k in range(1, len(steps)):
        assert steps[k]["action"] == record.actions[k - 1].action
        moved = steps[k]["action"]["type"] == "move"
        if moved:
            assert steps[k]["view"]["positions"][steps[k]["seat"]] == steps[k]["action"]["cell"]
    final = steps[-1]["view"]
    end = replay(record, GAME)
    assert isinstance(end, VocabulonState)
    assert final["over"] is True and final["public_secrets"] == end.secrets
    assert final["winners"] == data["winners"] == end.winners()
    # Before the end a replay position shows no secret word (spectator views).
    assert all(w is None for s in steps[:-1] for w, changed in
               zip(s["view"]["public_secrets"], s["view"]["former_secrets"], strict=True)
               if not changed)


def test_the_replay_sends_each_history_entry_once_and_rebuilds_every_spectator_view(
        server: TestClient, voca_game: VocaGame) -> None:
    assert_replay_logs_come_once(server, voca_game.table_id, GAME, VocabulonState)


# -- hidden information --------------------------------------------------------------------


def _strings(value: Any) -> set[str]:
    """Every string in a payload, folded (case and accents ignored, as answers are)."""
    if isinstance(value, str):
        return {fold(value).strip()}
    if isinstance(value, dict):
        return set().union(*(_strings(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(_strings(v) for v in value)) if value else set()
    return set()


def _int_lists(value: Any) -> list[list[int]]:
    """Lists of five integers or more: a run of a compartment's order (33 cards) that long
    cannot match by chance (about 1 in 10^5 per list), where three-number lists did (a
    payload's [4, 10, 24] once matched a run of three cards)."""
    found: list[list[int]] = []
    if isinstance(value, dict):
        for item in value.values():
            found += _int_lists(item)
    elif isinstance(value, list):
        if len(value) >= 5 and all(isinstance(v, int) and not isinstance(v, bool)
                                   for v in value):
            found.append(value)
        for item in value:
            found += _int_lists(item)
    return found


def _said_aloud(state: VocabulonState) -> tuple[set[str], set[str]]:
    """Words said at the table so far (answers typed, solutions read) and definitions read."""
    words: set[str] = set()
    read: set[str] = set()
    for entry in state.history:
        if entry["type"] == "answer":
            words.add(fold(entry["word"]))
        elif entry["type"] == "solution" and entry["answer"]:
            words.add(fold(entry["answer"]).removeprefix("SE ").removeprefix("S'"))
        elif entry["type"] == "riddle":
            read.add(entry["question"]["definition"])
    return words, read


def check_payload(payload: dict[str, Any], seat: int | None, state: VocabulonState,
                  record: Record, tokens: dict[int, str]) -> None:
    text = json.dumps(payload, ensure_ascii=False)
    strings = _strings(payload)
    assert "seed" not in keys_in(payload) and str(record.seed) not in text
    for owner, token in tokens.items():
        assert owner == seat or token not in text, f"seat {owner}'s token reached {seat}"
    said, read = _said_aloud(state)
    over = state.is_over()
    # The riddle's answer, until it is revealed (then the riddle is closed).
    if state.riddle is not None:
        question = state.question()
        assert question is not None
        assert fold(question.answer) not in strings - said, \
            f"the answer {question.answer!r} reached seat {seat}"
        assert not values_of(payload, "card"), "the riddle card's index identifies its answer"
    # Another player's secret word, unless he changed it (then public) or the game is over.
    for other, secret in enumerate(state.secrets):
        if other == seat or secret is None or state.public_secret[other] or over:
            continue
        assert fold(secret) not in strings - said, f"seat {other}'s secret reached {seat}"
    for event in payload.get("events", []):
        if event["type"] == "secret_written":
            assert event["data"]["seat"] == seat, f"a secret_written event reached {seat}"
    # The compartments' order: no run of it, and no question of the next card of any
    # compartment before it is read.
    for cards in _int_lists(payload):
        for order in state.sabot.values():
            for i in range(len(order) - len(cards) + 1):
                assert order[i:i + len(cards)] != cards, "a compartment's order leaked"
    deck = state.deck
    for group, order in state.sabot.items():
        card = deck.card(group, order[0])
        for question in card.questions:
            if question.definition not in read:
                assert question.definition not in text, \
                    f"the next card of {group} reached seat {seat}"


def _check(client: TestClient, game: VocaGame) -> int:
    record, states = states_of(client, game.table_id, GAME, VocabulonState)
    checked = 0
    for seat, payload, state in views_and_states(game.sockets, states):
        check_payload(payload, seat, state, record, game.tokens)
        checked += 1
    return checked


def test_no_payload_reveals_an_answer_a_secret_or_the_compartments(
        server: TestClient, voca_game: VocaGame) -> None:
    assert _check(server, voca_game) > 60
    # Not vacuous: riddles were open and secrets hidden in many of those payloads.
    _, states = states_of(server, voca_game.table_id, GAME, VocabulonState)
    assert sum(1 for s in states if s.riddle is not None) >= 5
    assert all(s.secrets[2] for s in states[3:])


def test_each_seat_did_see_its_own_secret_word(voca_game: VocaGame) -> None:
    for seat in HUMANS:
        views = [p["view"]["game"] for p in voca_game.sockets[seat].received
                 if p["type"] in ("welcome", "update")]
        assert any(v["secret"] == voca_game.secrets[seat] for v in views)
        assert all(v["secret"] in (None, voca_game.secrets[seat]) or v["over"]
                   for v in views)


def test_the_rules_page_serves_the_players_french_rules(server: TestClient) -> None:
    """The rules screen (/regles/vocabulon) shows regles.md, every section of it."""
    response = server.get("/api/rules/vocabulon")
    assert response.status_code == 200
    data = response.json()
    assert data["game"] == "vocabulon" and data["title"] == "Vocabulon"
    path = Path(__file__).resolve().parents[2] / "ludomots/games/vocabulon/regles.md"
    titles = [line.lstrip("#").strip() for line in path.read_text(encoding="utf-8").splitlines()
              if line.startswith("## ")]
    assert "Sur une case VOCABULON" in titles
    for title in titles:
        assert f"<h2>{title}</h2>" in data["html"]


@pytest.mark.parametrize("open_seat", [False, True])
def test_a_handicap_per_seat_must_match_the_seats_at_creation(client: TestClient,
                                                              open_seat: bool) -> None:
    """Préparatifs, Remarques: the handicaps (and the extra clues) are given per player. A
    wrong count is refused when the table is created, even when the game would only start on
    the last join (it could never start)."""
    seats = [{"kind": "human"}, {"kind": "human" if open_seat else "bot", "level": "debutant"},
             {"kind": "bot", "level": "debutant"}]
    response = client.post("/api/tables", json={"game": "vocabulon", "name": "Alice",
                                                 "options": {"handicaps": [-1]}, "seats": seats})
    assert response.status_code == 400
    assert response.json() == {"error": "bad_options", "message": (
        "Options invalides : « Handicaps » demande une valeur par joueur (3), pas 1."),
        "details": {"reason": "handicaps needs one value per seat (3), got 1"}}
    assert client.get("/api/tables").json() == []


# -- a flood of answers ----------------------------------------------------------------------


async def _to_a_riddle(manager: TableManager, table_id: str, tokens: dict[int, str],
                       clock: FakeClock) -> int:
    """Both humans play (as ``decide``) until a riddle is asked; the asked seat."""
    while True:
        view = await manager.view(table_id, None)
        if view["game"]["step"] == "answer":
            return int(view["game"]["riddle"]["asked"])
        for seat in view["table"]["to_act"]:
            clock.t += 1.0
            own = await manager.view(table_id, seat)
            await manager.act(table_id, tokens[seat], decide(own))


class FakeClock:
    def __init__(self) -> None:
        self.t = 1_700_000_000.0

    def __call__(self) -> float:
        return self.t


def _size(value: Any) -> int:
    return len(json.dumps(value, ensure_ascii=False).encode("utf-8"))


@pytest.mark.asyncio
async def test_a_flood_of_answers_leaves_views_updates_record_and_replay_small(
        tmp_path: Path) -> None:
    """One seated player answering as fast as he can, with the sand-glass off (« sans
    limite »): before, 529 answers of up to 8 KiB each were kept, in the riddle's answers
    (resent whole with every update) and in the history; a welcome grew to 4.2 MB."""
    clock = FakeClock()
    store = Store(fresh_db_url(tmp_path))
    store.create_schema()
    async with TableManager(store, executor="thread", run_clocks=False, now=clock) as manager:
        table_id, tokens = await manager.create_table(
            "vocabulon", {"sandglass_seconds": 0}, [SeatSpec.human("Alice"), SeatSpec.human()],
            seed=7)
        seat, token = await manager.join(table_id, "Bruno")
        tokens[seat] = token
        asked = await _to_a_riddle(manager, table_id, tokens, clock)
        spectator = await manager.subscribe(table_id, None)
        welcome = await spectator.get()
        before = (await manager.view(table_id, None))["game"]
        refused: Counter[str] = Counter()
        stored = 0
        floods = ["A" * 8000, "zz\u202ezz", "mer\x00", *[f"faux{'x' * (i % 9)}" for i in
                                                            range(200)]]
        for word in floods:
            clock.t += 0.5
            try:
                await manager.act(table_id, tokens[asked], {"type": "answer", "word": word})
                stored += 1
            except RuleError as exc:
                refused[exc.code] += 1
        after = await manager.view(table_id, None)
        updates = []
        while spectator.pending():
            updates.append(await spectator.get())
        live = manager.live_table(table_id)
        assert live is not None
        record = live.record()
    store.close()
    # Letters only, one word's length: the 8000 A's, the bidi override, the NUL are refused.
    assert refused["answer_too_long"] == 1 and refused["bad_answer"] == 2
    # At most 20 answers under one sand-glass (it then counts as run out: the others
    # answer); the tries are paced (5 per 10 s), the rest is refused, nothing kept.
    assert stored == ANSWERS_MAX
    assert after["game"]["step"] == "others" and after["game"]["riddle"]["attempts"] == 20
    assert refused["rate_limited"] > 0 and sum(refused.values()) + stored == len(floods)
    new_entries = after["game"]["history"][len(before["history"]):]
    assert [e["type"] for e in new_entries] == ["answer"] * ANSWERS_MAX
    # What the flood cost: a few kilobytes, whatever its length.
    assert _size(after) - _size(welcome["view"]) < 2_000
    assert len(updates) == ANSWERS_MAX and max(_size(u) for u in updates) < 3_000
    assert _size(record.to_json()) < 20_000
    replay = encode_replay(table_id, record)
    assert len(replay) < 300_000
