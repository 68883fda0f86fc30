"""Vocabulon's terminal screens, pure: reading what players type, drawing the board, wording
the events.

Nothing here reads the keyboard or a clock: `tui.py` runs the loop through callables and these
functions turn text into actions and events into French lines, so each is tested on its own.

The board is drawn as three rows, one per ring (blue outside, red inside), of the 18 cells in
clockwise order from A; the row wraps round (after the VOCABULON cell that follows VWXYZ comes
A again) and the VOCABULON columns are the cells where a pawn may change ring.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ludomots.core import seats as core_seats
from ludomots.core.game import Event
from ludomots.core.record import SeatInfo
from ludomots.core.seats import plain
from ludomots.games.vocabulon import board
from ludomots.games.vocabulon.actions import Offer, Pick, Propose
from ludomots.games.vocabulon.groups import GROUPS
from ludomots.games.vocabulon.rules import GAME, VocabulonState
from ludomots.tui.terminal import bad_command as _bad


def parse_seats(text: str, levels: Collection[str] | None = None) -> list[SeatInfo]:
    """`moi,expert,expert` -> seats; ValueError (English: a command-line argument) otherwise."""
    return core_seats.parse_seats(text, GAME, levels)


# -- what players type -----------------------------------------------------------------------

THROW_HELP = ("Entrée : lancer le dé.   changer MOT : changer de mot secret (quand une lettre "
              "ne peut plus être gagnée).   quitte : quitter la partie.")
VOCABULON_HELP = ("Case VOCABULON : tapez une carte-lettre disponible (ex. « GH ») pour jouer "
                  "une énigme de ce compartiment,\nou « échange 2 A GH » pour proposer au "
                  "joueur 2 votre carte A contre sa carte GH.")


@dataclass(frozen=True)
class ChangeWord:
    """`changer MOT`."""

    word: str


def parse_throw(text: str) -> ChangeWord | None:
    """Entrée (or `lancer`) throws the die; `changer MOT` changes the secret word."""
    words = text.split()
    if not words or plain(words[0]) in ("lancer", "lance", "de"):
        return None
    if plain(words[0]) in ("changer", "change") and len(words) == 2:
        return ChangeWord(words[1])
    raise _bad("Appuyez sur Entrée pour lancer le dé, ou écrivez « changer MOT ».", text)


def parse_cell(text: str, choices: Sequence[int]) -> int:
    """A reachable cell by its letter in the list shown (a, b...) or its code (jGH, bV1)."""
    typed = text.strip()
    keys = [choice_key(i) for i in range(len(choices))]
    if typed.lower() in keys:
        return choices[keys.index(typed.lower())]
    cell = board.parse_cell(typed)
    if cell is None:
        last = keys[-1] if keys else "a"
        raise _bad(f"« {typed} » n'est pas une case : tapez sa lettre dans la liste (a à "
                   f"{last}) ou son code (par exemple jGH).", text)
    return cell


def _group(text: str) -> str | None:
    key = "".join(plain(text).split()).upper()
    return key if key in GROUPS else None


def parse_vocabulon(text: str, seats: int) -> Pick | Propose:
    """`GH` -> Pick; `échange 2 A GH` -> Propose (player numbers from 1 as shown)."""
    words = text.split()
    group = _group(text) if words else None
    if group is not None:
        return Pick(group)
    if words and plain(words[0]) in ("echange", "echanger") and len(words) == 4:
        number, give, take = words[1], _group(words[2]), _group(words[3])
        if number.isdigit() and 1 <= int(number) <= seats and give and take:
            return Propose(int(number) - 1, give, take)
    raise _bad("Tapez une carte-lettre (ex. « GH ») ou « échange 2 A GH ».", text)


def parse_offer(text: str, groups: Sequence[str]) -> Offer:
    """`non` (or Entrée) refuses; `E GH` offers my E card for the asker's GH card; a lone `GH`
    when one group is missing."""
    words = text.split()
    if not words or plain(words[0]) in ("n", "non"):
        return Offer("", "")
    if len(words) == 2 and _group(words[0]) and _group(words[1]):
        return Offer(str(_group(words[0])), str(_group(words[1])))
    if len(words) == 1 and len(groups) == 1 and _group(words[0]):
        return Offer(groups[0], str(_group(words[0])))
    raise _bad("Tapez « non », ou la carte-lettre que vous voulez en échange (ex. « GH »).",
               text)


def parse_yes_no(text: str) -> bool:
    answer = plain(text)
    if answer in ("o", "oui"):
        return True
    if answer in ("", "n", "non"):
        return False
    raise _bad("Répondez « o » (oui) ou « n » (non).", text)


# -- drawing ---------------------------------------------------------------------------------


SHORT_LABELS = {"VWXYZ": "V-Z"}


def cell_label(index: int) -> str:
    """A column title of at most three characters: "GH", "V-Z", "V1" (the VOCABULON cells)."""
    label = board.LABELS[index]
    if label == board.VOCABULON:
        return "V1" if index == board.VOCABULON_INDEXES[0] else "V2"
    return SHORT_LABELS.get(label, label)


def choice_key(number: int) -> str:
    """How the n-th reachable cell is chosen: a, b, c... (digits are the pawns)."""
    return chr(ord("a") + number)


BOARD_LEGEND = ("Plateau : une ligne par anneau (bleu à l'extérieur). Chiffres : les pions. "
                "Lettres : les cases accessibles. Sens des aiguilles d'une montre : de gauche à "
                "droite, puis retour à A. V1 et V2 : les cases VOCABULON, où l'on change "
                "d'anneau.")


def render_board(state: VocabulonState, seats: Sequence[SeatInfo],
                 choices: Sequence[int] = ()) -> RenderableType:
    """The three rings (rows) and 18 cells (columns, clockwise from A), in 80 columns: pawns
    by player number, reachable cells by their choice letter; the first row gives the letter
    cards left in the sabot."""
    table = Table(show_edge=False, box=None, pad_edge=False, padding=(0, 1))
    table.add_column("")
    for index in range(board.RING_SIZE):
        table.add_column(cell_label(index), justify="center")
    available = state.available()
    table.add_row("cartes", *[str(available[g]) if (g := board.group_at(i)) else ""
                              for i in range(board.RING_SIZE)])
    keys = {cell: choice_key(i) for i, cell in enumerate(choices)}
    for ring, name in enumerate(board.RINGS):
        row = [name]
        for index in range(board.RING_SIZE):
            cell = board.cell(ring, index)
            pawns = "".join(str(s + 1) for s, p in enumerate(state.positions) if p == cell)
            row.append(pawns + keys.get(cell, "") or "·")
        table.add_row(*row)
    return table


def render_players(state: VocabulonState, seats: Sequence[SeatInfo],
                   viewer: int | None) -> Table:
    table = Table(show_edge=False, box=None, pad_edge=False)
    for title in ("", "Joueur", "Mot secret", "Cartes-lettre", "Case"):
        table.add_column(title)
    for seat, info in enumerate(seats):
        secret = state.secrets[seat]
        if secret is not None and (seat == viewer or state.public_secret[seat]
                                   or state.is_over()):
            word = secret.upper()
        else:
            word = "?" * state.lengths[seat]
        marker = "▶" if seat == state.current and not state.is_over() else ""
        cards = " ".join(state.held[seat]) or "—"
        table.add_row(marker, f"{seat + 1}. {info.name}", word, cards,
                      board.cell_code(state.positions[seat]))
    return table


def reachable_lines(state: VocabulonState) -> list[str]:
    """The reachable cells, numbered, with one path each (cells by code)."""
    lines = []
    available = state.available()
    for number, (cell, paths) in enumerate(state.reachable().items()):
        group = board.group_at(cell)
        what = "au choix : carte-lettre ou échange" if group is None else \
            f"carte {group} ({available[group]} en jeu)" if available[group] else \
            f"plus de carte {group}"
        route = " → ".join(board.cell_code(c) for c in paths[0])
        more = f" (+{len(paths) - 1} autre(s) chemin(s))" if len(paths) > 1 else ""
        lines.append(f"  {choice_key(number)}. {board.cell_name(cell)} — {what} — {route}{more}")
    return lines


def riddle_text(riddle: dict[str, Any], seats: Sequence[SeatInfo]) -> str:
    """The riddle as its reader says it: initial, length, class, definition (and the clue)."""
    question = riddle["question"]
    reader = seats[riddle["reader"]].name
    text = (f"{reader} lit l'énigme du compartiment {riddle['group']} : "
            f"mot en {question['initial']}, {question['length']} lettres, "
            f"{question['class']} ({question['class_title']}) — {question['definition']}")
    clue = riddle.get("clue")
    if clue:
        text += f"\nIndice : {clue['name']} « {clue['letter']} »."
    return text


def render_final(state: VocabulonState, seats: Sequence[SeatInfo]) -> RenderableType:
    lines: list[RenderableType] = [render_players(state, seats, None)]
    winners = state.winners()
    if not winners:
        verdict = "Partie arrêtée sans vainqueur (limite de tours atteinte)."
    elif len(winners) == 1:
        w = winners[0]
        verdict = (f"Vainqueur : {seats[w].name}, qui a toutes les lettres de "
                   f"« {state.secret_of(w).upper()} » !")
    else:
        verdict = "Égalité : " + " et ".join(seats[w].name for w in winners) + \
            " complètent leur mot en même temps !"
    lines.append(Text(verdict, style="bold"))
    return Group(*lines)


# -- wording the events ----------------------------------------------------------------------


def describe_event(event: Event, seats: Sequence[SeatInfo], viewer: int | None) -> str | None:
    """One French line for an event ``viewer`` may see, or None."""
    if not event.visible(viewer):
        return None
    data: dict[str, Any] = event.data
    name = seats[data["seat"]].name if "seat" in data else ""
    kind = event.type
    if kind == "secret_written":
        return f"Votre mot secret : {data['word'].upper()}."
    if kind == "secret_ready":
        return f"{name} a écrit son mot secret."
    if kind == "first_player":
        throws = "; ".join(", ".join(f"{seats[int(s)].name} {f}" for s, f in t.items())
                           for t in data["throws"])
        return f"Qui commence ? {throws}. {name} commence."
    if kind == "throw":
        extra = "" if data["length"] == data["steps"] else f", mot de {data['length']} lettres"
        return f"{name} lance le dé : {data['face']}{extra}."
    if kind == "blocked":
        return f"{name} ne peut atteindre aucune case libre."
    if kind == "move":
        return f"{name} va en {board.cell_name(data['cell'])}."
    if kind == "riddle":
        chosen = f"{name} choisit la carte-lettre {data['group']}. " if data["via"] == \
            "vocabulon" else ""
        return chosen + riddle_text(data, seats)
    if kind == "no_card":
        return f"Les trois cartes {data['group']} sont déjà gagnées : pas d'énigme."
    if kind == "secret_changed":
        return (f"{name} dévoile son mot secret, {data['old'].upper()}, qui ne peut plus être "
                f"complété, et le remplace par {data['new'].upper()}.")
    if kind == "propose":
        return (f"{seats[data['from']].name} propose à {seats[data['to']].name} sa carte "
                f"{data['give']} contre sa carte {data['take']}.")
    if kind == "exchange":
        return f"{seats[data['to']].name} {'accepte' if data['accepted'] else 'refuse'} " \
               "l'échange."
    if kind == "change_request":
        return (f"{name} ne peut plus gagner de carte {', '.join(data['groups'])} dans le sabot "
                f"et veut changer de mot secret : qui veut lui échanger cette lettre ?")
    if kind == "offer":
        if data["give"] is None:
            return f"{name} refuse d'échanger sa carte à {seats[data['to']].name}."
        return (f"{name} propose à {seats[data['to']].name} sa carte {data['give']} contre sa "
                f"carte {data['take']}.")
    if kind == "answer":
        if not data["word"]:
            return f"{name} ne sait pas."
        verdict = "Bonne réponse !" if data["correct"] else "Non."
        return f"{name} répond « {data['word']} ». {verdict}"
    if kind == "solution":
        answer = data["answer"]
        if data["winner"] is None:
            said = f" C'était « {answer} »." if answer else ""
            return f"Personne n'a trouvé.{said} La carte retourne sous le compartiment."
        return (f"{seats[data['winner']].name} gagne une carte-lettre {data['group']} "
                f"(« {answer} »).")
    if kind == "game_over":
        return "Fin de la partie."
    return None
