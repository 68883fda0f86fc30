"""Topword in the terminal: the board drawn with rich, a French prompt, bots moving in turn.

The pure parts (reading a typed command, drawing the board, wording the events) are separate
from the loop, and the loop only talks through `ask` and `show` callables: a test scripts a
whole game with a list of answers and reads what was shown. Every action goes through a
`Recorder`, so the saved record replays exactly with `ludomots replay`.
"""

from __future__ import annotations

import time
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ludomots.core import seats as core_seats
from ludomots.core.bots import Bot
from ludomots.core.errors import RuleError
from ludomots.core.game import Action, Event
from ludomots.core.record import Recorder, SeatInfo
from ludomots.core.rng import SeededRandom
from ludomots.core.seats import plain
from ludomots.games.topword.board import CENTRE, ROWS, SIZE, Board, Cell
from ludomots.games.topword.rules import (
    GAME,
    Accept,
    Challenge,
    Pass,
    Play,
    TopwordOptions,
    TopwordState,
)
from ludomots.games.topword.scoring import MoveResult
from ludomots.games.topword.tiles import DISTRIBUTION, display
from ludomots.tui.terminal import Ask, Clock, Show, bad_command
from ludomots.tui.terminal import Quit as QuitGame
from ludomots.tui.terminal import TerminalGame as BaseTerminalGame

# -- seats ---------------------------------------------------------------------------------------


def parse_seats(text: str, levels: Collection[str] | None = None) -> list[SeatInfo]:
    """`moi,expert` -> seats; ValueError (English: it is a command-line argument) otherwise.

    Names carry the seat number so two players of the same kind stay distinguishable.
    """
    return core_seats.parse_seats(text, GAME, levels)


# -- typed commands ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Hint:
    """`aide` / `?`: show the generator's best moves (not a game action, never recorded)."""


@dataclass(frozen=True)
class Quit:
    """`quitte`: leave the game; the record so far is still saved."""


Command = Play | Pass | Challenge | Accept | Hint | Quit

COMMANDS_HELP = """\
Commandes :
  E3 RATEAU   poser un mot horizontal depuis la case E3
  3E RIRE     poser un mot vertical depuis la case E3
  passe       passer son tour
  passe X     passer en échangeant la lettre X avec le sac
  aide, ?     voir les meilleurs coups
  conteste    contester le dernier mot posé
  accepte     accepter le dernier mot de la partie
  quitte      quitter la partie"""
COMMANDS_SHORT = "un coup (E3 RATEAU ou 3E RIRE), passe, passe X, aide, conteste, accepte ou quitte"

_KEYWORDS: dict[str, Command] = {
    "aide": Hint(), "?": Hint(), "conteste": Challenge(), "contester": Challenge(),
    "accepte": Accept(), "accepter": Accept(), "quitte": Quit(), "quitter": Quit(),
}
_PASS_WORDS = ("passe", "passer")


def _bad_command(text: str) -> RuleError:
    return bad_command(f"Commande inconnue : « {text} ». Tapez {COMMANDS_SHORT}.", text)


def parse_command(text: str) -> Command | None:
    """A typed line as an action or a terminal command; None for an empty line.

    Anything whose first word holds a digit is taken for a move, so a mistyped coordinate gets
    the notation's own explanation from the engine rather than a generic one here.
    """
    words = text.split()
    if not words:
        return None
    head = plain(words[0])
    if head in _KEYWORDS and len(words) == 1:
        return _KEYWORDS[head]
    if head in _PASS_WORDS:
        if len(words) == 1:
            return Pass()
        tile = plain(words[1]).upper()
        tile = "Q" if tile == "QU" else tile
        if len(words) > 2 or tile not in DISTRIBUTION:
            raise bad_command("Pour échanger, écrivez « passe » suivi d'une seule lettre, "
                              "par exemple « passe K ».", text)
        return Pass(tile)
    if any(ch.isdigit() for ch in words[0]):
        return Play(" ".join(words).upper())
    raise _bad_command(text.strip())


# -- drawing -------------------------------------------------------------------------------------

SUBSCRIPTS = "₀₁₂₃₄₅₆₇₈₉"
HEIGHT_STYLES = {1: "bold", 2: "bold cyan", 3: "bold green", 4: "bold yellow", 5: "bold red"}
CENTRE_MARK = "◇"
EMPTY_MARK = "·"
CENTRE_BACKGROUND = "on grey27"
LAST_MOVE_STYLE = "reverse"
CELL_WIDTH = 3


def cell_label(board: Board, cell: Cell) -> str:
    """Three characters: the top letter and its stack height (`R₂`, `Qu₁`), or a mark."""
    row, col = cell
    top = board.top(row, col)
    if top is None:
        return f" {CENTRE_MARK if cell in CENTRE else EMPTY_MARK} "
    return f"{display(top)}{SUBSCRIPTS[board.height(row, col)]}".rjust(CELL_WIDTH)


def parse_cell(name: str) -> Cell:
    return ROWS.index(name[0]), int(name[1:]) - 1


def render_board(board: Board, last: Collection[Cell] = ()) -> Text:
    """Rows A–J, columns 1–10; height as a subscript and a colour, centre squares on a grey
    background (and ◇ while empty), the last move's cells in reverse video."""
    text = Text("    " + "".join(f"{n:>2}  " for n in range(1, SIZE + 1)).rstrip() + "\n")
    for row in range(SIZE):
        text.append(f" {ROWS[row]}  ", style="bold")
        for col in range(SIZE):
            cell = (row, col)
            styles = [HEIGHT_STYLES[min(board.height(row, col), 5)]] if board.top(row, col) \
                else ["dim"]
            if cell in CENTRE:
                styles.append(CENTRE_BACKGROUND)
            if cell in last:
                styles.append(LAST_MOVE_STYLE)
            label = cell_label(board, cell)
            if col < SIZE - 1:
                text.append(label, style=" ".join(styles))
                text.append(" ")
            else:  # no trailing blanks: the plain text is copied into notes and tests
                text.append(label.rstrip(), style=" ".join(styles))
        if row < SIZE - 1:
            text.append("\n")
    return text


def board_text(board: Board, last: Collection[Cell] = ()) -> str:
    """The board as plain text (no colours): for logs, tests and dumb terminals."""
    return render_board(board, last).plain


def last_move_cells(state: TopwordState) -> frozenset[Cell]:
    last = state.last
    if not last or last.get("type") != "play":
        return frozenset()
    return frozenset(parse_cell(name) for name in last["cells"])


def rack_text(tiles: Sequence[str]) -> str:
    return "  ".join(display(t) for t in tiles) or "(vide)"


def plural(count: int, word: str) -> str:
    return f"{count} {word}{'s' if count > 1 else ''}"


def render_scores(state: TopwordState, seats: Sequence[SeatInfo]) -> Table:
    table = Table(show_edge=False, box=None, pad_edge=False)
    table.add_column("")
    table.add_column("Joueur")
    table.add_column("Points", justify="right")
    table.add_column("Lettres", justify="right")
    for seat, info in enumerate(seats):
        marker = "▶" if seat in state.to_act() else ""
        table.add_row(marker, info.name, str(state.points[seat]), str(len(state.racks[seat])))
    return table


def render_status(state: TopwordState, seats: Sequence[SeatInfo]) -> RenderableType:
    """Board, scores, bag and the word open to a challenge: what every player may see."""
    parts: list[RenderableType] = [render_board(state.board, last_move_cells(state)),
                                   Text(""), render_scores(state, seats),
                                   Text(f"Sac : {plural(len(state.bag), 'lettre')}")]
    if state.pending is not None:
        words = ", ".join(state.pending.words)
        parts.append(Text(f"Mot contestable : {words} ({seats[state.pending.seat].name}) "
                          "— « conteste » pour le contester."))
    return Group(*parts)


# -- wording the events --------------------------------------------------------------------------

_END_REASONS = {
    "out_of_tiles": "un joueur n'a plus de lettres",
    "all_passed": "tous les joueurs ont passé leur tour",
    "blocked": "plus personne ne peut former de mot",
}


def _play_line(data: dict[str, Any], name: str) -> str:
    words = ", ".join(f"{w['word']} {w['score']}" for w in data["words"])
    extras = ""
    if data["bonus_letters"]:
        extras += f", lettres bonus +{data['bonus_letters']}"
    if data["all_tiles_bonus"]:
        extras += f", 7 lettres posées +{data['all_tiles_bonus']}"
    return f"{name} joue {data['notation']} : {plural(data['score'], 'point')} ({words}{extras})."


def describe_event(event: Event, seats: Sequence[SeatInfo], viewer: int | None) -> str | None:
    """One French line for an event `viewer` may see, or None when nothing is worth saying.

    Word validity is never shown with a play: under the challenge rule it is for the
    players to doubt, not for the screen to tell.
    """
    if not event.visible(viewer):
        return None
    data = event.data
    name = seats[data["seat"]].name if "seat" in data else ""
    if event.type == "play":
        return _play_line(data, name)
    if event.type == "pass":
        return f"{name} passe son tour" + (" et échange une lettre." if data["exchanged"]
                                           else ".")
    if event.type == "exchange":
        return f"Vous rendez {display(data['gave'])} et piochez {display(data['drew'])}."
    if event.type == "accept":
        return f"{name} accepte le dernier mot."
    if event.type == "challenge":
        mover = seats[data["against"]].name
        words = ", ".join(data["words"])
        if data["upheld"]:
            return (f"{name} conteste : {words} n'est pas dans le dictionnaire. {mover} "
                    "reprend ses lettres et passe son tour.")
        return f"{name} conteste, mais le dictionnaire accepte {words} : le coup reste."
    if event.type == "game_over":
        return f"Fin de la partie : {_END_REASONS.get(data['reason'], data['reason'])}."
    return None


def describe_start(state: TopwordState, seats: Sequence[SeatInfo]) -> list[str]:
    lines = []
    for index, draws in enumerate(state.start_draws):
        drawn = ", ".join(f"{seats[s].name} tire {display(t)}" for s, t in enumerate(draws)
                          if t is not None)
        lines.append(("Égalité, on tire de nouveau : " if index else
                      "Tirage pour savoir qui commence : ") + drawn + ".")
    lines.append(f"{seats[state.turn].name} commence.")
    return lines


def render_final(state: TopwordState, seats: Sequence[SeatInfo]) -> RenderableType:
    """Final scores with the −5 per tile left (already deducted by the rules) and the winners."""
    table = Table(title="Scores finaux")
    table.add_column("Joueur")
    table.add_column("Points", justify="right")
    table.add_column("Lettres restantes")
    table.add_column("Pénalité", justify="right")
    table.add_column("Total", justify="right")
    for seat, info in enumerate(seats):
        penalty = state.penalties[seat]
        table.add_row(info.name, str(state.points[seat] + penalty), rack_text(state.racks[seat]),
                      f"−{penalty}" if penalty else "0", str(state.points[seat]))
    winners = state.winners()
    best = state.points[winners[0]]
    if len(winners) == 1:
        verdict = f"Vainqueur : {seats[winners[0]].name} avec {plural(best, 'point')} !"
    else:
        names = " et ".join(seats[w].name for w in winners)
        verdict = f"Égalité : {names} gagnent ensemble avec {plural(best, 'point')} !"
    return Group(table, Text(verdict, style="bold"))


# -- the loop ------------------------------------------------------------------------------------


def ranked_moves_for(state: TopwordState, seat: int) -> list[MoveResult]:
    """The hints: the same ranking as `ludomots topword moves` (imported late: it needs the
    move generator, which the rest of the screen does not)."""
    from ludomots.tui.topword.cli import legal_moves

    return legal_moves(state.board, state.racks[seat], state.options, state.lexicon)


class TerminalGame(BaseTerminalGame[TopwordState]):
    """One game at one terminal: humans type, bots choose, everything goes to the recorder."""

    rules = GAME
    state_type = TopwordState
    describe_event = staticmethod(describe_event)
    render_final = staticmethod(render_final)

    def __init__(self, recorder: Recorder, bots: dict[int, Bot], rngs: dict[int, SeededRandom],
                 ask: Ask, show: Show, hints: int = 5, now: Clock = time.perf_counter) -> None:
        super().__init__(recorder, bots, rngs, ask, show, now)
        self.hints = hints

    def _final(self) -> None:
        self.show(render_status(self.state, self.seats))
        super()._final()

    def _line(self, event: Event, seat: int) -> RenderableType | None:
        """Only the mover's secrets (his exchange) are shown, when he is a human."""
        return self.describe_event(event, self.seats, seat if seat in self.humans else None)

    def run(self) -> bool:
        """Play until the end; False when a player quit."""
        for line in describe_start(self.state, self.seats):
            self.show(line)
        if self.humans:
            self.show(COMMANDS_HELP)
        return super().run()

    def _turn(self, seat: int) -> bool:
        """Before a bot plays, the humans may contest the pending word."""
        if seat in self.bots:
            if not self._offer_challenge():
                return False
            if self.state.is_over() or seat not in self.state.to_act():
                return True
        return super()._turn(seat)

    def _bot(self, seat: int) -> None:
        if not self.humans:
            self.show(render_status(self.state, self.seats))
        super()._bot(seat)

    def _fallback(self, seat: int) -> Action:
        return Pass() if self.state.check(seat, Pass()) is None else Accept()

    def _offer_challenge(self) -> bool:
        """Before a bot plays, the humans who did not make the pending word may contest it (the
        seed: before the next player plays). False when one of them quits instead."""
        pending = self.state.pending
        if pending is None or self._final_window():  # then everyone is asked in turn anyway
            return True
        words = ", ".join(pending.words)
        asked = [seat for seat in self.humans if seat != pending.seat]
        if asked:
            self.show(render_status(self.state, self.seats))
        for seat in asked:
            while True:
                typed = self._ask(f"{self.seats[seat].name}, contestez-vous {words} ? "
                                  "(Entrée : non ; « conteste » : oui) ")
                if typed is None:
                    return False
                answer = plain(typed)
                if answer in ("", "non", "n"):
                    break
                if answer in ("conteste", "contester", "oui", "o"):
                    self._play(seat, Challenge(), self.now())
                    return True
                self.show("Répondez par Entrée (non) ou « conteste » (oui).")
        return True

    def _final_window(self) -> bool:
        """The pending word ends the game: the others only accept or contest it."""
        pending = self.state.pending
        return pending is not None and not self.state.racks[pending.seat] \
            and not self.state.bag

    def _human(self, seat: int) -> bool:
        name = self.seats[seat].name
        self.show(render_status(self.state, self.seats))
        if self._final_window():
            prompt = f"{name}, acceptez-vous ce dernier mot ? (« accepte » ou « conteste ») : "
        else:
            self.show(Text(f"Chevalet de {name} : {rack_text(self.state.racks[seat])}",
                           style="bold"))
            prompt = f"{name}, votre coup : "
        return self._until_played(seat, prompt, partial(self._read, seat), self.now())

    def _read(self, seat: int, typed: str, started: float) -> Action | None:
        """The action a typed line means, or None to ask again (nothing typed, the hints)."""
        command = parse_command(typed)
        if isinstance(command, Quit):  # `_ask` has taken `quitte` already: for the types
            raise QuitGame
        if isinstance(command, Hint):
            self._show_hints(seat)
            return None
        return command

    def _show_hints(self, seat: int) -> None:
        try:
            moves = ranked_moves_for(self.state, seat)
        except ImportError:
            self.show("Aide indisponible : le générateur de coups n'est pas installé.")
            return
        if not moves:
            self.show("Aucun mot possible avec ces lettres : passez (« passe » ou « passe X »).")
            return
        lines = [f"  {i}. {m.notation} — {plural(m.score, 'point')}"
                 for i, m in enumerate(moves[: self.hints], 1)]
        self.show("Meilleurs coups :\n" + "\n".join(lines))


def play_session(options: TopwordOptions, seed: int, seats: Sequence[SeatInfo], ask: Ask,
                 show: Show, record_path: Path | None = None) -> Recorder:
    """A whole terminal game: start, loop, final scores, then the record saved if asked."""
    return TerminalGame.session(options, seed, seats, ask, show, record_path, time.perf_counter)
