"""Typo's terminal screens, pure: reading what players type, drawing rows, wording events.

Nothing here reads the keyboard or a clock: `tui.py` runs the loop through callables and these
functions turn text into actions and events into French lines, so each is tested on its own.
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
from ludomots.games.typo.cards import ROW_COUNT, parse_card
from ludomots.games.typo.rows import SIDES, Side, placed
from ludomots.games.typo.rules import GAME, Fail, Place, TypoState
from ludomots.tui.terminal import bad_command as _bad

# -- seats -----------------------------------------------------------------------------------


def parse_seats(text: str, levels: Collection[str] | None = None) -> list[SeatInfo]:
    """`moi,expert,expert` -> seats; ValueError (English: a command-line argument) otherwise.
    Names carry the seat number so two players of the same kind stay distinguishable."""
    return core_seats.parse_seats(text, GAME, levels)


# -- what players type -----------------------------------------------------------------------


@dataclass(frozen=True)
class Hint:
    """`aide` / `?`: where the card fits, with a word for each place (never recorded)."""


@dataclass(frozen=True)
class GiveUp:
    """`impossible` without a row: the loop picks the longest row, or asks which one."""


PLACE_HELP = """\
Pour poser votre carte : le numéro de la rangée, g (gauche) ou d (droite), puis votre mot.
  2 g ÉLAN     pose la carte à gauche de la rangée 2 et annonce « élan »
  impossible   vous ne pouvez pas la placer (impossible 3 : défausser la rangée 3)
  aide         où la carte peut aller        quitte   quitter la partie"""

_HINT = ("aide", "?")
_GIVE_UP = ("impossible", "passe", "renonce")
_SIDES: dict[str, Side] = {"g": "left", "gauche": "left", "d": "right", "droite": "right"}
_YES = ("o", "oui", "doute", "je doute")
_NO = ("", "n", "non")


def parse_choice(text: str) -> str | None:
    """The card typed for the hidden choice (one letter, accents ignored), or None for an
    empty line. (`quitte` is understood at every prompt, by the loop.)"""
    words = plain(text).split()
    if not words:
        return None
    card = parse_card(words[0]) if len(words) == 1 else None
    if card is None:
        raise _bad(f"« {text.strip()} » n'est pas une carte : tapez une lettre de votre main, "
                   "par exemple « E ».", text)
    return card


def _row_number(text: str, original: str) -> int:
    if not text.isdigit() or not 1 <= int(text) <= ROW_COUNT:
        raise _bad(f"« {text} » n'est pas une rangée : tapez un numéro de 1 à {ROW_COUNT}.",
                   original)
    return int(text) - 1


def parse_placement(text: str) -> Place | Fail | GiveUp | Hint | None:
    """`2 g élan` / `2g élan` -> Place; `impossible [3]` -> Fail or GiveUp; `aide` -> Hint."""
    words = text.split()
    if not words:
        return None
    head = plain(words[0])
    if len(words) == 1 and head in _HINT:
        return Hint()
    if head in _GIVE_UP:
        if len(words) == 1:
            return GiveUp()
        if len(words) == 2:
            return Fail(_row_number(words[1], text))
        raise _bad("Écrivez « impossible » ou « impossible 3 » (la rangée à défausser).", text)
    if head[:-1].isdigit() and head[-1:] in ("g", "d"):  # 2g élan
        words = [head[:-1], head[-1], *words[1:]]
    if len(words) != 3 or plain(words[1]) not in _SIDES:
        raise _bad("Coup illisible : écrivez par exemple « 2 g élan » (rangée 2, à gauche, "
                   "mot « élan ») ou « impossible ».", text)
    return Place(_row_number(plain(words[0]), text), _SIDES[plain(words[1])], words[2])


def parse_vote(text: str) -> bool:
    """Whether the player doubts the word: `o`/`oui`/`doute`, or `n`/`non`/Entrée."""
    answer = plain(text)
    if answer in _YES:
        return True
    if answer in _NO:
        return False
    raise _bad("Répondez « o » (je doute) ou « n » (Entrée : je ne doute pas).", text)


def parse_discard(text: str) -> int:
    """The row to discard among equally long ones, numbered from 1 as shown."""
    return _row_number(plain(text), text)


# -- drawing ---------------------------------------------------------------------------------


def side_name(side: str) -> str:
    return "à gauche" if side == "left" else "à droite"


def cards_text(cards: Sequence[str]) -> str:
    return " ".join(cards) or "(aucune)"


def signed(count: int) -> str:
    """A score as printed: −3 with a true minus sign."""
    return f"−{-count}" if count < 0 else str(count)


def plural(count: int, word: str) -> str:
    return f"{signed(count)} {word}{'s' if abs(count) > 1 else ''}"


def rows_text(rows: Sequence[str], longest: Collection[int] = ()) -> str:
    """The four rows, numbered from 1 as players type them, letters spaced, longest marked."""
    lines = []
    for index, row in enumerate(rows):
        mark = "   ← la plus longue" if index in longest else ""
        lines.append(f"  {index + 1}   {' '.join(row)}{mark}")
    return "\n".join(lines)


def render_scores(state: TypoState, seats: Sequence[SeatInfo]) -> Table:
    table = Table(show_edge=False, box=None, pad_edge=False)
    table.add_column("")
    table.add_column("Joueur")
    table.add_column("Points", justify="right")
    table.add_column("Cartes", justify="right")
    table.add_column("")
    scores = state.scores()
    for seat, info in enumerate(seats):
        marker = "▶" if seat in state.to_act() else ""
        book = "dictionnaire" if seat == state.holder else ""
        table.add_row(marker, info.name, signed(scores[seat]), str(len(state.hands[seat])), book)
    return table


def render_status(state: TypoState, seats: Sequence[SeatInfo]) -> RenderableType:
    """Rows, scores and the part of the game: what every player may see."""
    order = "alphabétique" if state.part == 1 else "anti-alphabétique, de Z à A"
    title = f"Partie {state.part} ({order}) — tour {state.round}"
    return Group(Text(title, style="bold"), Text(rows_text(state.rows, state.longest_rows())),
                 Text(""), render_scores(state, seats))


def render_final(state: TypoState, seats: Sequence[SeatInfo]) -> RenderableType:
    """Points lost, challenge bonuses, totals and the winners (least lost)."""
    table = Table(title="Scores finaux")
    table.add_column("Joueur")
    table.add_column("Points perdus", justify="right")
    table.add_column("Bonus", justify="right")
    table.add_column("Total", justify="right")
    scores = state.scores()
    for seat, info in enumerate(seats):
        lost = state.lost[seat]
        table.add_row(info.name, signed(-lost), f"+{state.bonus[seat]}", signed(scores[seat]))
    winners = state.winners()
    best = scores[winners[0]]
    if len(winners) == 1:
        verdict = f"Vainqueur : {seats[winners[0]].name} avec {plural(best, 'point')} !"
    else:
        names = " et ".join(seats[w].name for w in winners)
        verdict = f"Égalité : {names} gagnent ensemble avec {plural(best, 'point')} !"
    return Group(table, Text(verdict, style="bold"))


# -- wording the events ----------------------------------------------------------------------


def _names(seats: Sequence[SeatInfo], indexes: Sequence[int]) -> str:
    names = [seats[i].name for i in indexes]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " et " + names[-1]


def describe_event(event: Event, seats: Sequence[SeatInfo], viewer: int | None) -> str | None:
    """One French line for an event `viewer` may see, or None when nothing is worth saying."""
    if not event.visible(viewer):
        return None
    data: dict[str, Any] = event.data
    name = seats[data["seat"]].name if "seat" in data else ""
    if event.type == "start":
        return (f"Rangées de départ : {', '.join(data['rows'])}. "
                f"{seats[data['holder']].name} a le dictionnaire.")
    if event.type == "chosen":
        return f"{name} a choisi sa carte."
    if event.type == "chose":
        return f"Vous avez choisi {data['card']}."
    if event.type == "reveal":
        cards = ", ".join(f"{seats[s].name} {data['cards'][s]}" for s in data["order"])
        return f"Cartes révélées, dans l'ordre où elles seront posées : {cards}."
    if event.type == "place":
        row = data["rows"][data["row"]]
        return (f"{name} pose {data['card']} {side_name(data['side'])} de la rangée "
                f"{data['row'] + 1} ({row}) et annonce « {data['word']} ».")
    if event.type == "votes":
        doubters = data["doubters"]
        if not doubters:
            return "Personne ne doute."
        verb = "doute" if len(doubters) == 1 else "doutent"
        if data["challenged"]:
            return f"{_names(seats, doubters)} {verb} : on ouvre le dictionnaire."
        return f"{_names(seats, doubters)} {verb}, pas assez pour contester : le mot reste."
    if event.type == "verdict":
        if data["valid"]:
            return (f"« {data['word']} » est bien dans le dictionnaire : {name} marque "
                    f"{plural(data['bonus'], 'point')}.")
        return f"« {data['word']} » n'est pas dans le dictionnaire !"
    if event.type == "fail":
        why = "reprend sa carte" if data["refused"] else "ne peut pas placer sa carte"
        extra = " (dont 2 pour le mot refusé)" if data["refused"] else ""
        return (f"{name} {why} {data['card']} : la rangée {data['discarded']} est défaussée, "
                f"{data['card']} commence une nouvelle rangée. {name} perd "
                f"{plural(data['points'], 'point')}{extra} et prend le dictionnaire.")
    if event.type == "second_part":
        return (f"Seconde partie, anti-alphabétique : on commence par Z. "
                f"{plural(data['hand_size'], 'carte')} chacun.")
    if event.type == "round":
        return f"Tour {data['round']}."
    if event.type == "game_over":
        return "Fin de la partie."
    return None


def hints(state: TypoState, seat: int) -> list[str]:
    """Where the resolving card fits, with a word for each place (the whole lexicon)."""
    from ludomots.games.typo.vocabulary import Vocabulary

    vocabulary = Vocabulary(0.0, state.lexicon)
    card = state.card_of(seat)
    lines = []
    for index, row in enumerate(state.rows):
        for side in SIDES:
            word = vocabulary.word_for(placed(row, card, side))
            if word is not None:
                lines.append(f"  {index + 1} {'g' if side == 'left' else 'd'} {word}")
    return lines
