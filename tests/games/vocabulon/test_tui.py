"""The terminal game loop, scripted: secret words at one keyboard, throws, cells, riddles
against the sand-glass, and the record that replays."""

import io
import json
import re
from pathlib import Path

from click.testing import CliRunner
from rich.console import Console, RenderableType

from ludomots.cli import main
from ludomots.core.record import Record, Recorder, SeatInfo, replay
from ludomots.games.vocabulon.actions import VocabulonOptions
from ludomots.games.vocabulon.groups import GROUPS
from ludomots.games.vocabulon.rules import GAME, VocabulonState
from ludomots.tui.vocabulon import tui

HUMANS = [SeatInfo("Joueur 1", "human"), SeatInfo("Joueur 2", "human")]


class Terminal:
    """A scripted keyboard and the screen it reads. After the script, a dull player who
    throws, takes the first cell, plays for the first card he can, knows no answer and
    refuses exchanges. A fake clock advances one second per line typed."""

    def __init__(self, lines: list[str], slow: int = 0) -> None:
        self.lines = list(lines)
        self.console = Console(file=io.StringIO(), width=200, color_system=None,
                               highlight=False, markup=False, emoji=False)
        self.time = 0.0
        self.slow = slow  # this many answers take 100 s (the sand-glass runs out)
        self.group = 0

    def now(self) -> float:
        return self.time

    def fallback(self, prompt: str) -> str:
        if "Entrée quand" in prompt or "lancez le dé" in prompt:
            return ""
        if "mot secret" in prompt:
            return "porte"
        if "où allez-vous" in prompt:
            return "a"
        if "votre choix" in prompt:
            self.group += 1
            return GROUPS[self.group % len(GROUPS)]
        if "acceptez-vous" in prompt:
            return "n"
        assert "réponse" in prompt or "connaissez-vous" in prompt, prompt
        return ""

    def ask(self, prompt: str) -> str:
        line = self.lines.pop(0) if self.lines else self.fallback(prompt)
        self.time += 1.0
        if "réponse" in prompt and self.slow:
            self.slow -= 1
            self.time += 100.0
        self.console.print(prompt + line)
        return line

    def show(self, renderable: RenderableType) -> None:
        self.console.print(renderable)

    @property
    def output(self) -> str:
        file = self.console.file
        assert isinstance(file, io.StringIO)
        return re.sub(r"\n{10,}", "\n[...]\n", file.getvalue())


def play(lines: list[str], seats: list[SeatInfo] = HUMANS, seed: int = 4, slow: int = 0,
         path: Path | None = None, **options: object) -> tuple[Terminal, VocabulonState]:
    terminal = Terminal(lines, slow)
    opts = VocabulonOptions(max_rounds=6, **options)  # type: ignore[arg-type]
    recorder = tui.play_session(opts, seed, seats, terminal.ask, terminal.show,
                                record_path=path, now=terminal.now)
    state = recorder.state
    assert isinstance(state, VocabulonState)
    return terminal, state


def test_two_humans_write_their_words_out_of_sight_and_play_to_the_end(tmp_path: Path) -> None:
    path = tmp_path / "partie.json"
    terminal, state = play(["", "chat", "porte", "", "moins"], path=path)
    out = terminal.output
    assert ("— Passez le clavier à Joueur 1. Les autres, détournez les yeux ! —\n"
            "Joueur 1, appuyez sur Entrée quand vous êtes seul(e) à regarder. \n") in out
    assert "Votre mot secret doit avoir 5 lettres ; « chat » en a 4." in out
    assert "[...]\n(mot caché)" in out
    assert "Qui commence ?" in out and "lance le dé" in out
    assert "Cases accessibles :" in out and "le sablier est retourné (60 s)." in out.lower()
    assert state.is_over() and state.secrets == ["porte", "moins"]
    assert "Partie arrêtée sans vainqueur (limite de tours atteinte)." in out
    record = Record.load(path)
    assert replay(record, GAME) == state
    assert "ludomots replay" in out


def test_a_right_answer_wins_the_letter_card() -> None:
    # A player who knows every answer (the test reads it from the engine).
    terminal = Terminal([])
    opts = VocabulonOptions(max_rounds=3)
    recorder = Recorder.start(GAME, opts, 4, [SeatInfo("Joueur 1"),
                                              SeatInfo("Débutant 2", "bot", "debutant")])
    state = recorder.state
    assert isinstance(state, VocabulonState)

    def ask(prompt: str) -> str:
        if "réponse" in prompt:
            question = state.question()
            assert question is not None
            return question.answer.upper()
        return terminal.fallback(prompt)

    bots, rngs = tui.TerminalGame.make_bots(recorder.record.seats, 4)
    game = tui.TerminalGame(recorder, bots, rngs, ask, terminal.show, terminal.now)
    assert game.run()
    assert "Joueur 1 gagne une carte-lettre" in terminal.output
    assert state.held[0]


def test_an_answer_after_the_sand_glass_is_not_taken() -> None:
    terminal, state = play([], slow=1, sandglass_seconds=60)
    assert "Trop tard : le temps (60 s) est écoulé." in terminal.output


def test_a_player_may_quit() -> None:
    terminal, state = play(["quitte"])
    assert "Partie interrompue." in terminal.output and not state.is_over()


def test_the_command_line_plays_bots_against_each_other(tmp_path: Path) -> None:
    path = tmp_path / "bots.json"
    result = CliRunner().invoke(main, ["vocabulon", "play", "--seats", "expert,debutant",
                                       "--seed", "3", "--record", str(path)])
    assert result.exit_code == 0, result.output
    assert "Vocabulon — partie n° 3" in result.output
    record = json.loads(path.read_text(encoding="utf-8"))
    assert record["game"] == "vocabulon" and record["winners"]
    replayed = CliRunner().invoke(main, ["replay", str(path)])
    assert replayed.exit_code == 0, replayed.output


def test_the_command_line_checks_its_options() -> None:
    bad = CliRunner().invoke(main, ["vocabulon", "play", "--seats", "moi,expert",
                                    "--handicaps", "2,0"])
    assert bad.exit_code != 0 and "handicap" in bad.output
    bad = CliRunner().invoke(main, ["vocabulon", "play", "--seats", "moi"])
    assert bad.exit_code != 0
