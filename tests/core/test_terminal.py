"""The terminal loop every game shares, on Goofspiel: sessions, quitting, refused moves, time."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest
from rich.console import RenderableType
from rich.text import Text

from ludomots.core.errors import RuleError
from ludomots.core.game import Action, Event, State
from ludomots.core.record import Record, Recorder, SeatInfo, replay
from ludomots.core.rng import SeededRandom
from ludomots.tui.terminal import Quit, TerminalGame

from .gops import Bid, Gops, GopsOptions, GopsState


class TimedGops(Gops):
    """Goofspiel whose clock, when it runs out, bids the lowest card."""

    def timeout_action(self, state: State, seat: int) -> Action | None:
        assert isinstance(state, GopsState)
        return Bid(min(state.hands[seat]))


GAME = TimedGops()
HUMAN = SeatInfo("Joueur 1", "human")
BOT = SeatInfo("Expert 2", "bot", "expert")


def describe_event(event: Event, seats: Sequence[SeatInfo], viewer: int | None) -> str | None:
    if event.type == "reveal":
        return f"Lot {event.data['prize']} : mises {event.data['bids']}."
    if event.type == "your_bid" and event.visible(viewer):
        return f"Vous misez {event.data['card']}."
    return None


def render_final(state: GopsState, seats: Sequence[SeatInfo]) -> str:
    return f"Scores : {state.points}."


class GopsTerminal(TerminalGame[GopsState]):
    rules = GAME
    state_type = GopsState
    describe_event = staticmethod(describe_event)
    render_final = staticmethod(render_final)

    def _opening(self) -> None:
        self.show(f"Premier lot : {self.state.prize}.")

    def _human(self, seat: int) -> bool:
        return self._until_played(seat, f"{self.seats[seat].name}, votre mise : ", self._read)

    def _read(self, typed: str, started: float) -> Action | None:
        text = typed.strip()
        if not text:
            return None
        if text == "abandon":
            raise Quit
        if not text.isdigit():
            raise RuleError("bad_command", f"« {text} » n'est pas une carte.")
        return Bid(int(text))


class Terminal:
    """Scripted answers (an exception to raise instead of one), and a clock that moves on by
    two seconds with each answer."""

    def __init__(self, answers: list[str | type[BaseException]]) -> None:
        self.answers = answers
        self.prompts: list[str] = []
        self.output: list[str] = []
        self.time = 0.0

    def ask(self, prompt: str) -> str:
        self.prompts.append(prompt)
        self.time += 2.0
        if not self.answers:
            raise EOFError
        answer = self.answers.pop(0)
        if not isinstance(answer, str):
            raise answer
        return answer

    def show(self, renderable: RenderableType) -> None:
        self.output.append(renderable.plain if isinstance(renderable, Text) else str(renderable))

    def now(self) -> float:
        return self.time


class WrongBot:
    """Always bids a card nobody has."""

    level = "expert"

    def choose(self, state: State, seat: int, rng: SeededRandom) -> Action:
        return Bid(99)


def _game(terminal: Terminal, seats: list[SeatInfo], bots: dict[int, WrongBot] | None = None
          ) -> GopsTerminal:
    recorder = Recorder.start(GAME, GopsOptions(cards=2), 5, seats)
    bots = bots or {}
    return GopsTerminal(recorder, dict(bots), {s: SeededRandom(s) for s in bots},
                        terminal.ask, terminal.show, terminal.now)


def test_a_session_shows_title_opening_refusals_and_final_then_saves_a_replayable_record(
        tmp_path: Path) -> None:
    terminal = Terminal(["", "7", "un", "1", "2"])
    path = tmp_path / "partie.json"
    recorder = GopsTerminal.session(GopsOptions(cards=2), 5, [HUMAN, BOT], terminal.ask,
                                    terminal.show, path, terminal.now)
    out = terminal.output
    assert out[0] == "Goofspiel — partie n° 5"
    assert out[1].startswith("Premier lot : ")
    # An empty line asks again silently; the rules' and the reader's refusals are shown.
    assert out[2:5] == ["Vous n’avez pas la carte 7.", "« un » n'est pas une carte.",
                        "Vous misez 1."]  # the only human sees his own hidden bid
    assert terminal.prompts == ["Joueur 1, votre mise : "] * 5
    assert recorder.state.is_over()
    assert sum(line.startswith("Lot ") for line in out) == 2
    assert out[-3:] == [f"Scores : {recorder.state.scores()}.",
                        f"Partie enregistrée dans {path}.",
                        f"Pour la rejouer : ludomots replay {path}"]
    assert replay(Record.load(path), GAME) == recorder.state


@pytest.mark.parametrize("answer", ["quitte", " Quitté ", "QUITTER", EOFError, KeyboardInterrupt,
                                    "abandon"])
def test_quitting_interrupts_the_session_which_still_saves_its_record(
        answer: str | type[BaseException], tmp_path: Path) -> None:
    terminal = Terminal([answer])
    path = tmp_path / "partie.json"
    recorder = GopsTerminal.session(GopsOptions(cards=2), 5, [HUMAN, BOT], terminal.ask,
                                    terminal.show, path, terminal.now)
    assert terminal.output[-3] == "Partie interrompue."
    assert not any(line.startswith("Scores") for line in terminal.output)
    assert recorder.record.actions == [] and path.exists()


def test_without_a_record_path_nothing_is_saved_or_said() -> None:
    terminal = Terminal(["quitte"])
    GopsTerminal.session(GopsOptions(cards=2), 5, [HUMAN, BOT], terminal.ask, terminal.show,
                         None, terminal.now)
    assert terminal.output[-1] == "Partie interrompue."


def test_a_refused_bot_choice_is_said_and_the_timeout_action_played_instead() -> None:
    terminal = Terminal([])
    game = _game(terminal, [BOT, BOT], {0: WrongBot(), 1: WrongBot()})
    assert game.run()
    assert terminal.output[0] == "Expert 2 propose un coup refusé (Vous n’avez pas la carte 99.)."
    assert [GAME.action_codec.decode(a.action) for a in game.recorder.record.actions] == [
        Bid(1), Bid(1), Bid(2), Bid(2)]
    assert terminal.prompts == []


def test_the_move_time_runs_from_each_question_unless_a_start_is_given() -> None:
    terminal = Terminal(["", "1", "", "2"])
    game = _game(terminal, [HUMAN, HUMAN])
    assert game._until_played(0, "mise : ", game._read)  # asked at 2 s, played at 4 s
    assert game._until_played(1, "mise : ", game._read, started=0.0)  # played at 8 s
    assert [a.ms for a in game.recorder.record.actions] == [2000, 8000]


def test_the_viewer_is_the_only_human_or_nobody() -> None:
    assert _game(Terminal([]), [BOT, HUMAN]).viewer == 1
    assert _game(Terminal([]), [HUMAN, HUMAN]).viewer is None
    assert _game(Terminal([]), [BOT, BOT]).viewer is None


def test_the_bots_module_is_imported_only_for_bot_seats() -> None:
    class NowhereGops(TimedGops):
        bots_entry = "no.such.module:BOTS"

    class Nowhere(GopsTerminal):
        rules = NowhereGops()

    assert Nowhere.make_bots([HUMAN, HUMAN], 1) == ({}, {})
    bots, rngs = GopsTerminal.make_bots([HUMAN, BOT], 1)
    assert list(bots) == list(rngs) == [1] and bots[1].level == "expert"


def test_a_help_is_shown_the_first_time_its_key_comes_only() -> None:
    terminal = Terminal([])
    game = _game(terminal, [HUMAN, HUMAN])
    for key, text in [("commandes", "Aide"), ("commandes", "Aide"), (1, "Syntaxe"), (1, "x")]:
        game._once(key, text)
    assert terminal.output == ["Aide", "Syntaxe"]
