"""The journal's « temps écoulé » marks (issue 19): a timeout marks the move the clock played,
never what follows from it. In Awalettres a word sends the turn on, and the next player's
draw, when it draws spells, goes into the same log (`history`) as the first entry the move
added there: it is that player's draw, not a timeout of theirs."""

from __future__ import annotations

from ludomots.core.record import Record
from ludomots.server.replay import build_replay
from ludomots.table.clock import timeout_action
from ludomots.table.model import ClockSettings, SeatSpec, StoredAction, TableInfo
from ludomots.table.table import Table

#: A deal where the first mover's timeout word hands the turn to a player who draws a spell.
SEED = 4


def _timed_out_table() -> tuple[Table, int]:
    info = TableInfo(id="t1", game="awalettres", options={}, seed=SEED,
                     seats=(SeatSpec.human("Alice"), SeatSpec.human("Bob")), status="playing",
                     clock=ClockSettings(20))
    table = Table.new(info)
    (seat,) = table.to_act()
    action = timeout_action(table.game, table.state, seat)
    assert action is not None
    move = table.play(seat, table.game.action_codec.encode(action), 20_000, timeout=True)
    table.commit(move)
    return table, seat


def _marked(view: dict[str, object]) -> list[dict[str, object]]:
    return [entry for key in ("played", "history") for entry in view[key]  # type: ignore
            if entry.get("timeout")]


def test_a_timeout_marks_its_move_not_the_next_players_draw() -> None:
    table, seat = _timed_out_table()
    view = table.view(None)["game"]
    draws = [e for e in view["history"] if e["type"] == "draw" and e["seat"] != seat]
    assert draws and not any(e.get("timeout") for e in draws)  # the other seat's draw
    marked = _marked(view)
    assert [(e["seat"], e["word"]) for e in marked] == [(seat, view["played"][0]["word"])]
    assert table.timeout_marks == {"played": {0}}


def test_the_rebuilt_table_and_the_replay_mark_the_same_entry() -> None:
    table, seat = _timed_out_table()
    line = table.recorder.record.actions[0]
    stored = [StoredAction(seq=0, seat=line.seat, action=line.action, ms=line.ms,
                           digest=line.digest, timeout=True)]
    rebuilt = Table.rebuild(table.info, stored)
    assert rebuilt.timeout_marks == {"played": {0}}
    assert _marked(rebuilt.view(None)["game"]) == _marked(table.view(None)["game"])
    record: Record = table.recorder.record
    replay = build_replay("t1", record)
    step = replay["steps"][1]
    assert step["timeout"] is True
    assert _marked(step["view"]) == _marked(table.view(None)["game"])
