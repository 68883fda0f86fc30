"""The terminal game loop, scripted: hidden choices at one keyboard, words, votes, time."""

import io
import re
from pathlib import Path

from click.testing import CliRunner
from rich.console import Console, RenderableType

from ludomots.cli import main
from ludomots.core.record import Record, Recorder, SeatInfo, replay
from ludomots.core.rng import SeededRandom
from ludomots.games.typo.bots import Debutant
from ludomots.games.typo.cards import LETTERS
from ludomots.games.typo.rules import GAME, TypoOptions
from ludomots.tui.typo import tui

from .helpers import make_state

HUMANS = [SeatInfo("Joueur 1", "human"), SeatInfo("Joueur 2", "human")]


class Terminal:
    """A scripted keyboard and the screen it reads. After the script, a dull player: the
    first letter of the alphabet he holds, never a word, the first row offered, no doubt."""

    def __init__(self, lines: list[str]) -> None:
        self.lines = list(lines)
        self.last = ""
        self.letter = 0
        self.console = Console(file=io.StringIO(), width=200, color_system=None,
                               highlight=False, markup=False, emoji=False)

    def fallback(self, prompt: str) -> str:
        if "Entrée quand" in prompt:
            return ""
        if "quelle carte" in prompt:
            self.letter = self.letter + 1 if prompt == self.last else 0
            return LETTERS[self.letter]
        if "votre coup" in prompt:
            return "impossible"
        if "défaussez" in prompt:
            found = re.search(r"\((\d)", prompt)
            assert found is not None
            return found.group(1)
        assert "doutez" in prompt, prompt
        return "n"

    def ask(self, prompt: str) -> str:
        line = self.lines.pop(0) if self.lines else self.fallback(prompt)
        self.last = prompt
        self.console.print(prompt + line)
        return line

    def show(self, renderable: RenderableType) -> None:
        self.console.print(renderable)

    @property
    def output(self) -> str:
        file = self.console.file
        assert isinstance(file, io.StringIO)
        return re.sub(r"\n{10,}", "\n[...]\n", file.getvalue())


# Seed 3, two humans: rows C, P, O, A; Joueur 2 holds the dictionary. Joueur 1 holds
# C C E E G L L O R S T W, Joueur 2 E E I I N O S S T U V Z.
FIRST_ROUND = ["", "x", "L", "", "é", "bonjour", "5 g mot", "aide", "3 d œuf", "peut-être",
               "o", "1 d clé", ""]


def test_a_scripted_game_between_two_humans_runs_to_the_end_and_replays(tmp_path: Path) -> None:
    terminal = Terminal(FIRST_ROUND)
    path = tmp_path / "partie.json"
    recorder = tui.play_session(TypoOptions(thinking_seconds=0), 3, HUMANS, terminal.ask,
                                terminal.show, record_path=path)
    out = terminal.output
    assert "Rangées de départ : C, P, O, A. Joueur 2 a le dictionnaire." in out
    # The hidden choice: a pass screen, the hand, then the hand scrolled away.
    assert ("— Passez le clavier à Joueur 1. Les autres, détournez les yeux ! —\n"
            "Joueur 1, appuyez sur Entrée quand vous êtes seul(e) à regarder. \n") in out
    assert "Main de Joueur 1 : C C E E G L L O R S T W\n" in out
    assert ("Joueur 1, quelle carte jouez-vous ? x\n« x » n'est pas une carte : tapez une "
            "lettre de votre main, par exemple « E ».\n") in out
    assert ("Joueur 2, quelle carte jouez-vous ? é\n[...]\n(main cachée)\n"
            "Joueur 2 a choisi sa carte.\n"
            "Cartes révélées, dans l'ordre où elles seront posées : Joueur 2 E, Joueur 1 L.\n"
            ) in out
    # Placing: bad input, hints, a word doubted and found in the dictionary.
    assert "« 5 » n'est pas une rangée : tapez un numéro de 1 à 4." in out
    assert "Places possibles :\n  1 g échange\n  1 d ce\n" in out
    assert "Joueur 2 pose E à droite de la rangée 3 (OE) et annonce « œuf ».\n" in out
    assert ("Joueur 1 doute : on ouvre le dictionnaire.\n"
            "« œuf » est bien dans le dictionnaire : Joueur 2 marque 2 points.\n") in out
    assert "Joueur 1 pose L à droite de la rangée 1 (CL) et annonce « clé ».\n" in out
    assert out.count("Pour poser votre carte") == 2  # the syntax once per player
    # Renouncing with two longest rows asks which one goes.
    assert ("Joueur 1, quelle rangée défaussez-vous (1, 3) ? 1\nJoueur 1 ne peut pas placer "
            "sa carte C : la rangée CL est défaussée") in out
    assert "Seconde partie, anti-alphabétique : on commence par Z." in out
    assert "│ Joueur 2 │           −24 │    +2 │   −22 │" in out
    assert "Vainqueur : Joueur 2 avec −22 points !" in out
    assert f"Partie enregistrée dans {path}." in out
    record = Record.load(path)
    assert (record.scores, record.winners) == ([-24, -22], [1])
    assert replay(record, GAME) == recorder.state
    assert CliRunner().invoke(main, ["replay", str(path)]).exit_code == 0


def test_a_lone_human_sees_his_own_choice_and_no_pass_screen() -> None:
    seats = [HUMANS[0], SeatInfo("Expert 2", "bot", "expert")]
    terminal = Terminal(["E", "quitte"])
    recorder = tui.play_session(TypoOptions(), 3, seats, terminal.ask, terminal.show)
    out = terminal.output
    assert "Passez le clavier" not in out and "(main cachée)" not in out
    assert "Vous avez choisi E.\n" in out
    assert "Expert 2 a choisi sa carte." in out
    assert out.rstrip().endswith("Partie interrompue.")
    assert [a.seat for a in recorder.record.actions][:2] == [0, 1]


def test_out_of_time_the_first_card_is_played_and_the_player_renounces() -> None:
    ticks = iter(range(0, 10_000, 31))  # every look at the clock is 31 s later
    state = make_state(hands=("FAE", "SIE"), thinking_seconds=30)
    recorder = Recorder(GAME, state, state.options, 0, HUMANS)
    terminal = Terminal(["", "F", "", "S", "1 g front", "quitte"])
    game = tui.TerminalGame(recorder, {}, {}, terminal.ask, terminal.show,
                            now=lambda: float(next(ticks)))
    assert game.run() is False
    out = terminal.output
    assert out.count("Temps écoulé (30 s) pour Joueur 1.") == 2
    assert "Temps écoulé (30 s) pour Joueur 2." in out
    assert [a.action for a in recorder.record.actions] == [
        {"type": "choose", "card": "A"}, {"type": "choose", "card": "E"},
        {"type": "fail", "row": 2}]


def test_a_bot_in_the_loop_votes_and_fails() -> None:
    seats = [HUMANS[0], SeatInfo("Débutant 2", "bot", "debutant")]
    outputs = []
    for seed in (0, 1):  # the beginner catches the made-up word with the first stream only
        state = make_state("FRONT/ELA/MAISON/PL", hands=("SA", "ZW"), referee="challenge")
        recorder = Recorder(GAME, state, state.options, 0, seats)
        terminal = Terminal(["S", "2 d élastiqzz", "quitte"])
        game = tui.TerminalGame(recorder, {1: Debutant()}, {1: SeededRandom(seed)},
                                terminal.ask, terminal.show)
        assert game.run() is False
        outputs.append(terminal.output)
    caught, missed = outputs
    assert "Joueur 1 pose S à droite de la rangée 2 (ELAS) et annonce « élastiqzz »." in caught
    assert ("Débutant 2 doute : on ouvre le dictionnaire.\n"
            "« élastiqzz » n'est pas dans le dictionnaire !\n"
            "Joueur 1 reprend sa carte S") in caught
    assert "Personne ne doute.\nDébutant 2 ne peut pas placer sa carte Z" in missed


def test_the_cli_plays_a_whole_bot_game_and_saves_a_record_that_replays(tmp_path: Path) -> None:
    from ludomots.tui.typo.cli import typo

    path = tmp_path / "bots.json"
    result = CliRunner().invoke(typo, ["play", "--seats", "expert,debutant", "--seed", "4",
                                       "--temps", "0", "--record", str(path)])
    assert result.exit_code == 0, result.output
    assert "Typo — partie n° 4" in result.output and "Scores finaux" in result.output
    record = Record.load(path)
    assert record.options["thinking_seconds"] == 0
    assert [s.level for s in record.seats] == ["expert", "debutant"]
    replay(record, GAME)


def test_the_cli_refuses_bad_seats_and_quits_cleanly() -> None:
    from ludomots.tui.typo.cli import typo

    result = CliRunner().invoke(typo, ["play", "--seats", "moi"])
    assert result.exit_code == 2 and "2 to 6 players" in result.output
    result = CliRunner().invoke(typo, ["play", "--seats", "moi,expert", "--seed", "1",
                                       "--arbitre", "auto"], input="quitte\n")
    assert result.exit_code == 0 and "Partie interrompue." in result.output
