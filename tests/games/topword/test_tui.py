"""The terminal game: typed commands, the drawn board, French event lines, scripted games."""

import io
from pathlib import Path

import pytest
from click.testing import CliRunner
from rich.console import Console, RenderableType

from ludomots.cli import main
from ludomots.core.errors import RuleError
from ludomots.core.game import Action, Event, State
from ludomots.core.record import Record, Recorder, SeatInfo, replay
from ludomots.core.rng import SeededRandom
from ludomots.games.topword.board import Board
from ludomots.games.topword.rules import (
    GAME,
    Accept,
    Challenge,
    Pass,
    Play,
    TopwordOptions,
    TopwordState,
)
from ludomots.tui.topword import tui
from ludomots.tui.topword.tui import Hint, Quit, parse_command

from .helpers import EMPTY, RATEAU, make_state
from .test_seed_examples import EXAMPLES

HUMANS = [SeatInfo("Joueur 1", "human"), SeatInfo("Joueur 2", "human")]


class Terminal:
    """A scripted player at the keyboard plus the screen it reads (no colours, wide)."""

    def __init__(self, lines: list[str]) -> None:
        self.lines = list(lines)
        self.console = Console(file=io.StringIO(), width=200, color_system=None,
                               highlight=False, markup=False, emoji=False)

    def ask(self, prompt: str) -> str:
        if not self.lines:
            raise AssertionError(f"the script ran out at the prompt {prompt!r}")
        line = self.lines.pop(0)
        self.console.print(prompt + line)
        return line

    def show(self, renderable: RenderableType) -> None:
        self.console.print(renderable)

    @property
    def output(self) -> str:
        file = self.console.file
        assert isinstance(file, io.StringIO)
        return file.getvalue()


class ScriptedBot:
    """Plays the actions it is given, in order: the loop's bot handling without a real bot."""

    level = "debutant"

    def __init__(self, actions: list[Action]) -> None:
        self.actions = list(actions)

    def choose(self, state: State, seat: int, rng: SeededRandom) -> Action:
        return self.actions.pop(0)


# -- typed commands -------------------------------------------------------------------------------


@pytest.mark.parametrize(("typed", "command"), [
    ("E3 RATEAU", Play("E3 RATEAU")),
    ("  3e   rire ", Play("3E RIRE")),
    ("10A qui", Play("10A QUI")),
    ("e3 râteau", Play("E3 RÂTEAU")),
    ("passe", Pass()),
    ("Passe k", Pass("K")),
    ("passe Qu", Pass("Q")),
    ("aide", Hint()),
    ("?", Hint()),
    ("conteste", Challenge()),
    ("accepte", Accept()),
    ("quitte", Quit()),
    ("QUITTER", Quit()),
])
def test_parse_command_reads_moves_passes_and_terminal_commands(typed: str,
                                                                command: tui.Command) -> None:
    assert parse_command(typed) == command


def test_parse_command_ignores_an_empty_line() -> None:
    assert parse_command("   ") is None


def test_parse_command_explains_an_unknown_command_in_french() -> None:
    with pytest.raises(RuleError) as info:
        parse_command("bonjour")
    assert info.value.code == "bad_command"
    assert info.value.message == ("Commande inconnue : « bonjour ». Tapez un coup (E3 RATEAU ou "
                                  "3E RIRE), passe, passe X, aide, conteste, accepte ou quitte.")


@pytest.mark.parametrize("typed", ["passe KW", "passe 3", "passe K W"])
def test_parse_command_exchanges_exactly_one_tile(typed: str) -> None:
    with pytest.raises(RuleError) as info:
        parse_command(typed)
    assert info.value.message == ("Pour échanger, écrivez « passe » suivi d'une seule lettre, "
                                  "par exemple « passe K ».")


def test_parse_command_leaves_a_bad_coordinate_to_the_engine_s_notation_message() -> None:
    assert parse_command("Z9 MOT") == Play("Z9 MOT")


def test_parse_seats_names_humans_and_bots_by_seat() -> None:
    seats = tui.parse_seats("moi, Confirmé,expert", levels={"confirme", "expert"})
    assert seats == [SeatInfo("Joueur 1", "human"), SeatInfo("Confirmé 2", "bot", "confirme"),
                     SeatInfo("Expert 3", "bot", "expert")]


# -- the board ------------------------------------------------------------------------------------

EMPTY_BOARD = """\
     1   2   3   4   5   6   7   8   9  10
 A   ·   ·   ·   ·   ·   ·   ·   ·   ·   ·
 B   ·   ·   ·   ·   ·   ·   ·   ·   ·   ·
 C   ·   ·   ·   ·   ·   ·   ·   ·   ·   ·
 D   ·   ·   ·   ·   ·   ·   ·   ·   ·   ·
 E   ·   ·   ·   ·   ◇   ◇   ·   ·   ·   ·
 F   ·   ·   ·   ·   ◇   ◇   ·   ·   ·   ·
 G   ·   ·   ·   ·   ·   ·   ·   ·   ·   ·
 H   ·   ·   ·   ·   ·   ·   ·   ·   ·   ·
 I   ·   ·   ·   ·   ·   ·   ·   ·   ·   ·
 J   ·   ·   ·   ·   ·   ·   ·   ·   ·   ·"""


def test_the_empty_board_shows_coordinates_and_marks_the_four_centre_squares() -> None:
    assert tui.board_text(Board()) == EMPTY_BOARD


def test_each_cell_shows_its_top_letter_and_its_stack_height() -> None:
    board = Board.from_notation(EXAMPLES[5][1])  # example 6's position, stacks up to 3
    lines = tui.board_text(board).splitlines()
    assert lines[5] == " E   A₁  ·   B₂  A₁  T₁  E₁  A₁  U₁  ·   ·"
    assert lines[6] == " F   C₃  R₁  I₁  S₁  ◇   ◇   ·   ·   ·   ·"
    assert lines[7] == " G   E₁  ·   S₂  ·   ·   ·   ·   ·   ·   ·"


def test_the_qu_tile_is_drawn_qu_and_columns_stay_aligned() -> None:
    board = Board.from_notation("/".join(["." * 10] * 9 + ["Q........[AE]"]))
    assert tui.board_text(board).splitlines()[10] == " J  Qu₁  ·   ·   ·   ·   ·   ·   ·   ·   E₂"


def style_at(board: Board, row: int, col: int, last: frozenset[tuple[int, int]]) -> str:
    text = tui.render_board(board, last)
    offset = sum(len(line) + 1 for line in text.plain.split("\n")[: row + 1]) + 4 + 4 * col
    styles = [str(span.style) for span in text.spans if span.start <= offset < span.end]
    assert len(styles) == 1
    return styles[0]


def test_stack_heights_are_coloured_occupied_centre_squares_keep_their_background() -> None:
    board = Board.from_notation(EXAMPLES[5][1])
    assert style_at(board, 4, 0, frozenset()) == "bold"  # A, one tile
    assert style_at(board, 4, 2, frozenset()) == "bold cyan"  # B on R: two tiles
    assert style_at(board, 5, 0, frozenset()) == "bold green"  # C on B on T: three
    assert style_at(board, 4, 4, frozenset()) == "bold on grey27"  # T on the centre E5
    assert style_at(board, 5, 4, frozenset()) == "dim on grey27"  # empty centre F5


def test_the_last_move_is_highlighted() -> None:
    board = Board.from_notation(RATEAU)
    assert style_at(board, 4, 3, frozenset({(4, 3)})) == "bold reverse"
    assert style_at(board, 4, 4, frozenset({(4, 4)})) == "bold on grey27 reverse"
    assert style_at(board, 4, 6, frozenset({(4, 3)})) == "bold"


# -- event lines ----------------------------------------------------------------------------------


def test_a_play_is_told_with_its_words_and_bonuses_but_not_their_validity() -> None:
    state = make_state(EXAMPLES[4][1], racks=("ACEERRT", "EEENRST"), referee="challenge")
    events = state.apply(0, Play("1A RETRACE"))
    lines = [tui.describe_event(e, HUMANS, None) for e in events]
    assert lines == ["Joueur 1 joue 1A RETRACE : 25 points (RETRACE 9, CRIS 6, "
                     "7 lettres posées +10)."]


def test_private_events_are_told_only_to_their_seat() -> None:
    event = Event("exchange", {"gave": "Q", "drew": "E"}, frozenset({1}))
    assert tui.describe_event(event, HUMANS, 1) == "Vous rendez Qu et piochez E."
    assert tui.describe_event(event, HUMANS, 0) is None


# -- scripted games -------------------------------------------------------------------------------

# Seed 7, two humans, automatic referee. Joueur 2 starts (A against L). The first seven lines
# try every kind of wrong input; from then on each player types the best-scoring move.
FULL_GAME = [
    "aide", "bonjour", "Z9 MOT", "E5 SHE", "conteste", "passe K", "passe Y", "5A ETAGE",
    "6C HISSEE", "F1 FOENES", "2A LOTIRONT", "1B HEP", "7A FLIRT", "F1 BOIARS", "3A ANEE",
    "I6 SWAP", "F1 BERNAS", "2A MOTIVONS", "1F COUR", "4F SIOUX", "5A ETAMEE", "5A ETAGEA",
    "4F DUAUX", "8D LEZ", "F1 COUDAS", "1F BAUD", "J8 YU", "1F SIAL", "B1 CONIT", "6C HISTERS",
    "F1 SOLDAT", "1F SOUTE", "1F SOUQUE", "4F DENUE", "I3 MI", "J8 NU",
]


def test_a_scripted_human_game_runs_to_the_end_and_its_record_replays(tmp_path: Path) -> None:
    terminal = Terminal(FULL_GAME)
    path = tmp_path / "partie.json"
    recorder = tui.play_session(TopwordOptions(referee="auto"), 7, HUMANS, terminal.ask,
                                terminal.show, record_path=path)
    out = terminal.output
    assert not terminal.lines
    # Wrong input: the engine's (or the parser's) French message, nothing played.
    assert "Tirage pour savoir qui commence : Joueur 1 tire L, Joueur 2 tire A." in out
    assert "Meilleurs coups :\n  1. 5B HIES — 8 points\n  2. 5B SIEE — 8 points\n" in out
    for message in ["Commande inconnue : « bonjour ».",
                    "Notation « Z9 MOT » illisible : écrivez par exemple « E3 RATEAU »",
                    "Mot refusé par le dictionnaire : SHE.",
                    "Il n'y a aucun mot à contester.",
                    "Vous n'avez pas de K.",
                    "Joueur 2 passe son tour et échange une lettre.\n"
                    "Vous rendez Y et piochez S.\n"]:
        assert message in out
    # Only the rack of the player to move is shown.
    assert out.index("Chevalet de Joueur 2 : I  H  Y  E  E  S  I") < out.index("Vous rendez Y")
    assert out.index("Chevalet de Joueur 1 : O  A  W  E  T  G  E") > out.index("Vous rendez Y")
    assert "Joueur 2 joue 2A LOTIRONT : 26 points (LOTIRONT 16, 7 lettres posées +10).\n" in out
    # Joueur 1's best move is no longer F1 WOOBAS (Wiktionary's alone: not a word since issue
    # 17's second pass) but 1B HEP.
    assert "Joueur 1 joue 1B HEP : 18 points (HEP 6, HO 4, ET 4, PI 4).\n" in out
    # The end: −5 per tile left, the winner, the record.
    tail = out[out.index("Fin de la partie : un joueur n'a plus de lettres."):]
    assert "│ Joueur 1 │    367 │ (vide)            │        0 │   367 │" in tail
    assert "│ Joueur 2 │    339 │ J  K  D  V        │      −20 │   319 │" in tail
    assert "Vainqueur : Joueur 1 avec 367 points !" in tail
    assert f"Partie enregistrée dans {path}" in tail
    record = Record.load(path)
    assert (record.scores, record.winners) == ([367, 319], [0])
    assert len(record.actions) == len(FULL_GAME) - 6  # aide and five refused inputs
    assert record.actions[0].seat == 1
    assert record.actions[0].action == {"type": "pass", "exchange": "Y"}
    assert record.actions[1].action == {"type": "play", "move": "5A ETAGE"}
    assert replay(record, GAME) == recorder.state
    result = CliRunner().invoke(main, ["replay", str(path)])
    assert result.exit_code == 0, result.output


def test_a_contested_word_is_taken_back_and_a_valid_one_stays(tmp_path: Path) -> None:
    terminal = Terminal(["E5 SHE", "conteste", "5A ETAGE", "conteste", "quitte"])
    path = tmp_path / "partie.json"
    recorder = tui.play_session(TopwordOptions(referee="challenge"), 7, HUMANS, terminal.ask,
                                terminal.show, record_path=path)
    out = terminal.output
    assert "Joueur 2 joue E5 SHE : 6 points (SHE 6).\n" in out
    assert "Mot contestable : SHE (Joueur 2) — « conteste » pour le contester." in out
    assert ("Joueur 1 conteste : SHE n'est pas dans le dictionnaire. Joueur 2 reprend ses "
            "lettres et passe son tour.") in out
    assert "Joueur 2 conteste, mais le dictionnaire accepte ETAGE : le coup reste." in out
    assert out.endswith(f"Partie interrompue.\nPartie enregistrée dans {path}.\n"
                        f"Pour la rejouer : ludomots replay {path}\n")
    assert recorder.state.scores() == [10, 0]
    record = Record.load(path)
    assert [(a.seat, a.action["type"]) for a in record.actions] == [
        (1, "play"), (0, "challenge"), (0, "play"), (1, "challenge")]
    assert record.scores is None
    assert replay(record, GAME) == recorder.state


def test_humans_may_contest_a_word_before_a_bot_plays() -> None:
    seats = [*HUMANS, SeatInfo("Débutant 3", "bot", "debutant")]
    recorder = Recorder.start(GAME, TopwordOptions(), 7, seats)  # Joueur 2, the bot, Joueur 1
    bot = ScriptedBot([Play("5A ETAGE"), Pass()])
    terminal = Terminal(["E5 SHE", "peut-être", "conteste", "", "passe", "F4 HE", "", "quitte"])
    game = tui.TerminalGame(recorder, {2: bot}, {2: SeededRandom(0)}, terminal.ask,
                            terminal.show)
    assert game.run() is False
    out = terminal.output
    assert ("Joueur 1, contestez-vous SHE ? (Entrée : non ; « conteste » : oui) peut-être\n"
            "Répondez par Entrée (non) ou « conteste » (oui).\n") in out
    assert "Joueur 1 conteste : SHE n'est pas dans le dictionnaire." in out
    assert "Débutant 3 joue 5A ETAGE : 10 points (ETAGE 10).\n" in out
    assert "Joueur 2 joue F4 HE : 16 points (HE 4, ETAGEE 12).\n" in out
    assert "Joueur 1, contestez-vous HE, ETAGEE ? (Entrée : non ; « conteste » : oui) \n" in out
    assert "Débutant 3 passe son tour.\n" in out
    assert [(a.seat, a.action["type"]) for a in recorder.record.actions] == [
        (1, "play"), (0, "challenge"), (2, "play"), (0, "pass"), (1, "play"), (2, "pass")]


def test_a_bot_s_refused_move_becomes_a_pass() -> None:
    seats = [HUMANS[0], SeatInfo("Débutant 2", "bot", "debutant")]
    recorder = Recorder.start(GAME, TopwordOptions(referee="auto"), 7, seats)  # the bot starts
    terminal = Terminal(["quitte"])
    game = tui.TerminalGame(recorder, {1: ScriptedBot([Play("A1 ZUT")])}, {1: SeededRandom(0)},
                            terminal.ask, terminal.show)
    assert game.run() is False
    assert ("Débutant 2 propose un coup refusé (Vous n'avez pas ces lettres : T, U, Z.).\n"
            "Débutant 2 passe son tour.\n") in terminal.output
    assert [a.action for a in recorder.record.actions] == [{"type": "pass", "exchange": None}]


def test_the_last_word_waits_for_the_others_to_accept_it_then_the_game_ends() -> None:
    state = make_state(RATEAU, racks=("S", "EEENRST"), bag="", referee="challenge")
    recorder = Recorder(GAME, state, state.options, 0, HUMANS)
    terminal = Terminal(["4E AS", "3D ERE", "accepte"])
    game = tui.TerminalGame(recorder, {}, {}, terminal.ask, terminal.show)
    assert game.run() is True
    out = terminal.output
    assert "Joueur 1 joue 4E AS : 4 points (AS 4).\n" in out
    assert ("Joueur 2, acceptez-vous ce dernier mot ? (« accepte » ou « conteste ») : 3D ERE\n"
            "Le dernier mot doit d'abord être accepté ou contesté.\n") in out
    assert "Chevalet de Joueur 2" not in out  # accepting needs no rack on screen
    assert out.rstrip().endswith("Fin de la partie : un joueur n'a plus de lettres.")
    assert isinstance(recorder.state, TopwordState)
    assert recorder.state.scores() == [4, -35]
    terminal.show(tui.render_final(recorder.state, HUMANS))
    assert "Vainqueur : Joueur 1 avec 4 points !" in terminal.output


def test_a_shared_win_names_every_winner() -> None:
    state = GAME.parse_position(f"{EMPTY} E/E scores=7,7 bag=- end=all_passed")
    assert state.is_over() and state.scores() == [7, 7]
    terminal = Terminal([])
    terminal.show(tui.render_final(state, HUMANS))
    assert "Égalité : Joueur 1 et Joueur 2 gagnent ensemble avec 7 points !" in terminal.output
