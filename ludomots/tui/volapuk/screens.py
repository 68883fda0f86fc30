"""Volapük's terminal screens, pure: reading what players type, drawing the round board and the
racks, wording the events in French. `tui.py` runs the loop; nothing here reads the keyboard.

Commands (French, case and accents as typed for letters):

- `lance` throws every die but the fétiches; `garde 1 3 5` keeps dice 1, 3, 5 and throws the
  others;
- `H8 E PORTE` lays a word: its first cell, its direction (E, O, S, N, SE, NE, SO, NO) and the
  whole word as read, letters of the board included; spaces are space cells; the dice are
  found on the rack (a joker where no die shows the letter; FÊTE takes an E die and a
  circumflex die when the rack has them); `H8 E PORTE / 2 6` keeps dice 2
  and 6 as fétiches;
- `passe`, `aide` (a few words), `quitte`.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ludomots.core import seats as core_seats
from ludomots.core.errors import RuleError
from ludomots.core.game import Event
from ludomots.core.record import SeatInfo
from ludomots.core.seats import plain
from ludomots.games.volapuk.actions import Mark
from ludomots.games.volapuk.board import (
    DIRECTION_NAMES,
    DIRECTIONS,
    ROWS,
    SIZE,
    Cell,
    name,
    on_board,
    parse_cell,
    step,
)
from ludomots.games.volapuk.dice import (
    ACCENT_SIGNS,
    COLOUR_NAMES,
    JOKER,
    JOKER_LETTERS,
    SIGN_ACCENTS,
    SPACE,
    SUPER,
    face_text,
    is_joker,
)
from ludomots.games.volapuk.rules import (
    GAME,
    Accent,
    Anagram,
    Define,
    Done,
    Pass,
    Place,
    Recompose,
    Roll,
    VolapukState,
)
from ludomots.lexicon.fold import normalize_apostrophes
from ludomots.tui.terminal import bad_command as _bad

HELP = """\
  lance              lancer les dés (sauf les fétiches)
  garde 1 3 5        garder les dés 1, 3 et 5 et relancer les autres (3 lancers en tout)
  H8 E PORTE         poser un mot : sa première case, sa direction (E O S N SE NE SO NO)
                     et le mot entier tel qu'il se lit, lettres du plateau comprises ;
                     une espace = une case espace ; un joker prend la lettre qui manque
  H8 E PORTE / 2 6   ... en gardant les dés 2 et 6 comme fétiches
  déplace H7-G8 + H7 A H10 I   recomposer : déplacer des dés du plateau (+10), en posant
                     au besoin des dés (case et lettre ; _ pour une case espace)
  anagramme MIRE     (plus-value) l'anagramme d'un mot du plateau, à tout tour de jeu
  passe   aide   quitte
Après un mot (plus-values) : accent H8 aigu, anagramme MOT, définition …, fini"""


def parse_seats(text: str, levels: Collection[str] | None = None) -> list[SeatInfo]:
    """`moi,expert,confirme` -> seats; ValueError (English: a command-line argument)."""
    return core_seats.parse_seats(text, GAME, levels)


@dataclass(frozen=True)
class Hint:
    """`aide`: a few possible words (never recorded)."""


def _dice_numbers(tokens: Sequence[str], size: int, text: str) -> tuple[int, ...]:
    out = []
    for token in tokens:
        if not token.isdigit() or not 1 <= int(token) <= size:
            raise _bad(f"« {token} » n'est pas un de vos dés (1 à {size}).", text)
        out.append(int(token) - 1)
    return tuple(out)


def parse_command(text: str, state: VolapukState, seat: int
                  ) -> (Roll | Place | Recompose | Pass | Accent | Anagram | Define | Done | Hint
                        | None):
    words = text.split()
    if state.step == "announce":
        return parse_announce(text, words)
    if not words:
        return None
    head = plain(words[0])
    size = len(state.racks[seat])
    if head in ("aide", "?"):
        return Hint()
    if head in ("passe", "passer"):
        return Pass()
    if head in ("lance", "lancer", "l"):
        return Roll(())
    if head in ("garde", "garder", "g"):
        return Roll(_dice_numbers(words[1:], size, text))
    if head in ("deplace", "deplacer", "d"):
        return parse_recompose(text, state, seat)
    if head == "anagramme" and len(words) == 2:  # seed A6: at any turn of the game
        return Anagram(words[1])
    return parse_place(text, state, seat)


def parse_recompose(text: str, state: VolapukState, seat: int) -> Recompose:
    """`déplace H7-G8 H8-H9 + H7 A H10 I / 2 5`: board dice moved, rack dice laid (a joker
    where no die shows the letter), fétiches."""
    body, _, fetish_part = text.partition("/")
    moving, _, laying = body.split(maxsplit=1)[1].partition("+") if len(body.split()) > 1 \
        else ("", "", "")
    moves: list[int] = []
    for token in moving.split():
        a, _, b = token.partition("-")
        start, end = parse_cell(a), parse_cell(b)
        if start is None or end is None:
            raise _bad(f"« {token} » : écrivez un déplacement ainsi : H7-G8.", text)
        moves += [*start, *end]
    tokens = laying.split()
    if len(tokens) % 2:
        raise _bad("Après « + », une case et une lettre par dé : H7 A H10 I.", text)
    rack = state.racks[seat]
    used: list[int] = []
    cells: list[int] = []
    letters: list[str] = []
    for at, written in zip(tokens[::2], tokens[1::2], strict=True):
        cell = parse_cell(at)
        if cell is None:
            raise _bad(f"« {at} » n'est pas une case du plateau.", text)
        wanted = normalize_apostrophes(written).upper().replace("␣", " ")
        wanted = " " if wanted == "_" else wanted
        index = next((i for i, d in enumerate(rack) if i not in used and d.face is not None
                      and not is_joker(d.face) and face_text(d.face) == wanted), None)
        letter = ""
        if index is None and wanted in JOKER_LETTERS:
            index = next((i for i, d in enumerate(rack) if i not in used
                          and d.face is not None and is_joker(d.face)), None)
            letter = wanted
        if index is None:
            raise _bad(f"Aucun de vos dés ne montre « {written} ».", text)
        used.append(index)
        cells += list(cell)
        letters.append(letter)
    fetishes = _dice_numbers(fetish_part.split(), len(rack), text)
    return Recompose(tuple(moves), tuple(used), tuple(cells), tuple(letters), fetishes)


MARKS: dict[str, Mark] = {"aigu": "aigu", "grave": "grave", "circonflexe": "circonflexe",
                          "trema": "trema"}


def parse_announce(text: str, words: Sequence[str]) -> Accent | Anagram | Define | Done:
    """`accent H8 aigu`, `anagramme MUE`, `définition Doigt du pied`, `fini` (or nothing)."""
    head = plain(words[0]) if words else "fini"
    if head in ("fini", "f", "non", "rien", "ok"):
        return Done()
    if head in ("definition", "def") and len(words) >= 2:
        return Define(text.strip().split(maxsplit=1)[1])
    if head in ("anagramme", "a") and len(words) >= 2:
        return Anagram(" ".join(words[1:]))
    if head == "accent" and len(words) == 3:
        cell = parse_cell(words[1])
        mark = MARKS.get(plain(words[2]))
        if cell is not None and mark is not None:
            return Accent(cell[0], cell[1], mark)
    raise _bad("Annonces : « accent H8 aigu » (aigu, grave, circonflexe, tréma), « anagramme "
               "MOT », « définition … », ou « fini ».", text)


def parse_place(text: str, state: VolapukState, seat: int) -> Place:
    """`H8 E PORTE [/ 2 6]`: the dice of the rack that write the word's missing letters."""
    body, _, fetish_part = text.partition("/")
    parts = body.strip().split(maxsplit=2)
    if len(parts) < 3:
        raise _bad("Écrivez la case, la direction et le mot : H8 E PORTE.", text)
    start = parse_cell(parts[0])
    if start is None:
        raise _bad(f"« {parts[0]} » n'est pas une case du plateau.", text)
    direction = parts[1].upper()
    if direction not in DIRECTIONS:
        raise _bad("Direction : E, O, S, N, SE, NE, SO ou NO.", text)
    word = normalize_apostrophes(" ".join(parts[2].split())).upper()
    fetishes = _dice_numbers(fetish_part.split(), len(state.racks[seat]), text)
    found = match_word(state, seat, start, direction, word)
    if found is None:
        raise _bad(f"Vos dés et le plateau ne permettent pas « {word} » depuis "
                   f"{name(start)} ({DIRECTION_NAMES[direction]}).", text)
    first, dice, letters = found
    return Place(first[0], first[1], direction, dice, letters, fetishes)


def match_word(state: VolapukState, seat: int, start: Cell, direction: str, word: str
               ) -> tuple[Cell, tuple[int, ...], tuple[str, ...]] | None:
    """The rack dice writing `word` along the line from `start` (board dice read as they
    are): the first new cell, dice and joker letters; jokers only where no die fits."""
    rack = state.racks[seat]
    board = state.board

    def walk(cell: Cell, at: int, used: tuple[int, ...], letters: tuple[str, ...],
             first: Cell | None) -> tuple[Cell, tuple[int, ...], tuple[str, ...]] | None:
        if at == len(word):
            return (first, used, letters) if used and first is not None else None
        if not on_board(cell):
            return None
        nxt = step(cell, direction)
        if cell in board:
            text = board[cell].text
            return walk(nxt, at + len(text), used, letters, first) \
                if word.startswith(text, at) else None
        here = first or cell
        options = sorted(((i, d.face) for i, d in enumerate(rack)
                          if i not in used and d.face is not None),
                         key=lambda p: (is_joker(p[1]), -len(face_text(p[1], "X"))))
        signed = [(base, sign) for sign, made in SIGN_ACCENTS.items()
                  for base, accented in made.items() if accented == word[at]]
        for base, sign in signed:  # a letter die and the accent sign die set on it
            bases = [i for i, face in options if face == base]
            signs = [i for i, face in options if face == sign]
            if bases and signs:
                found = walk(nxt, at + 1, (*used, bases[0], signs[0]), (*letters, "", ""),
                             here)
                if found is not None:
                    return found
        for index, face in options:
            if face in ACCENT_SIGNS:
                continue
            if is_joker(face):
                letter = word[at]
                if letter in JOKER_LETTERS:
                    found = walk(nxt, at + 1, (*used, index), (*letters, letter), here)
                    if found is not None:
                        return found
                continue
            text = face_text(face)
            if text and word.startswith(text, at):
                found = walk(nxt, at + len(text), (*used, index), (*letters, ""), here)
                if found is not None:
                    return found
        return None

    return walk(start, 0, (), (), None)


# -- drawing ---------------------------------------------------------------------------------


def face_label(face: str | None, letter: str = "") -> str:
    if face is None:
        return "·"
    if face == SPACE:
        return "␣"
    if face in (JOKER, SUPER):
        return f"{face}{letter}" if letter else face
    return face


def render_board(state: VolapukState) -> Text:
    """The disc, 3 characters a cell; rows A–O, columns 1–15."""
    out = Text()
    out.append("    " + "".join(f"{c + 1:^3}" for c in range(SIZE)) + "\n", style="dim")
    for r in range(SIZE):
        out.append(f" {ROWS[r]}  ", style="dim")
        for c in range(SIZE):
            if not on_board((r, c)):
                out.append("   ")
                continue
            tile = state.board.get((r, c))
            if tile is None:
                out.append(" · " if (r, c) != (7, 7) else " + ", style="dim")
            else:
                label = tile.accent or face_label(tile.face, tile.letter)
                out.append(f"{label:^3}", style="bold")
        out.append("\n")
    return out


def rack_text(rack: Sequence[dict[str, Any]]) -> str:
    parts = []
    for i, d in enumerate(rack):
        colour = COLOUR_NAMES.get(d["colour"], d["colour"])
        mark = "*" if d["fetish"] else ""
        parts.append(f"{i + 1}:{face_label(d['face'])}{mark}({colour})")
    return "  ".join(parts) or "(aucun dé)"


def render_status(state: VolapukState, seats: Sequence[SeatInfo], viewer: int | None
                  ) -> RenderableType:
    view = state.view(viewer)
    table = Table(show_edge=False, box=None, pad_edge=False)
    for title in ("", "Joueur", "Dés (* fétiche)", "Points"):
        table.add_column(title)
    for seat, info in enumerate(seats):
        marker = "▶" if seat in state.to_act() else ""
        table.add_row(marker, f"{seat + 1}. {info.name}", rack_text(view["racks"][seat]),
                      str(view["scores"][seat]))
    bags = view["bags"]
    coloured = ", ".join(f"{COLOUR_NAMES[c]} {n}" for c, n in bags["coloured"].items())
    footer = (f"Lettre Élue : {state.elue} — sac transparent : {coloured} — sac opaque : "
              f"{bags['opaque']} dés — lancers restants : {view['rolls_left']}")
    if view["final"]:
        footer += " — fin de partie : pioche à l'aveuglette"
    return Group(render_board(state), table, Text(footer))


def render_final(state: VolapukState, seats: Sequence[SeatInfo]) -> RenderableType:
    table = Table(title="Décompte final")
    table.add_column("Joueur")
    table.add_column("Points", justify="right")
    for seat, points in enumerate(state.scores()):
        table.add_row(seats[seat].name, str(points))
    winners = state.winners()
    best = state.scores()[winners[0]]
    verdict = (f"{seats[winners[0]].name} gagne avec {best} points !" if len(winners) == 1
               else f"Égalité : {' et '.join(seats[w].name for w in winners)} avec {best} "
                    "points !")
    return Group(table, Text(verdict, style="bold"))


# -- events ----------------------------------------------------------------------------------

_END = {"dice_out": "les dés sont épuisés", "blocked": "tout le monde passe"}


def describe_word(data: dict[str, Any]) -> str:
    parts = []
    for word in data["words"]:
        bonus = []
        if word["elue"] and not word["extension"] and word["base"]:
            bonus.append("atout")
        if word["reversed"] and not word["base"]:  # A5: in place of the letter points
            bonus.append(f"à l'envers {word['letters']} × 5 + 10")
        elif word["reversed"]:
            bonus.append(f"à l'envers +{word['reversed']}")
        if word["space"]:
            bonus.append(f"espace +{word['space']}")
        if word["diagonal"]:
            bonus.append(f"diagonale +{word['diagonal']}")
        detail = f" ({', '.join(bonus)})" if bonus else ""
        parts.append(f"{word['text']} {word['total']}{detail}")
    for run in data["meaningless"]:
        parts.append(f"{run['text']} −10")
    if data.get("recomposed"):
        parts.append(f"recomposition +{data['recomposed']}")
    if data["volapuk"]:
        parts.append(f"VOLAPÜK +{data['volapuk']}")
    return ", ".join(parts)


def describe_event(event: Event, seats: Sequence[SeatInfo], viewer: int | None) -> str | None:
    """One French line for an event `viewer` may see, or None."""
    if not event.visible(viewer):
        return None
    data: dict[str, Any] = event.data
    who = seats[data["seat"]].name if isinstance(data.get("seat"), int) else ""
    kind = event.type
    if kind == "first_player":
        return f"Le polyèdre désigne {who} : il commence."
    if kind == "elue":
        return f"La lettre Élue (l'atout) est {data['letter']}."
    if kind == "turn":
        return f"— À {who} de jouer. —"
    if kind == "roll":
        faces = " ".join(face_label(f) for f in data["faces"])
        return f"{who} lance : {faces} ({data['rolls_left']} lancer(s) restant(s))."
    if kind == "word":
        first = data["words"][0]
        text = (f"{who} pose {first['text']} en {first['start']} "
                f"({DIRECTION_NAMES[first['direction']]}) : {data['total']} points — "
                f"{describe_word(data)}.")
        if data["fetishes"]:
            text += f" Fétiches : {' '.join(face_label(f) for f in data['fetishes'])}."
        return text
    if kind == "draw":
        colours = ", ".join(COLOUR_NAMES[c] for c in data["colours"])
        return f"{who} reprend {len(data['colours'])} dé(s) : {colours}."
    if kind == "pass":
        return f"{who} passe son tour."
    if kind == "final_phase":
        return (f"{who} n'a plus de dés : tous les dés vont dans le sac opaque, on pioche à "
                "l'aveuglette.")
    if kind == "last_round":
        return ("Le dernier dé est joué : qui n'a pas joué ce tour compose avec les lettres "
                "du plateau.")
    if kind == "board_anagram":
        return (f"{who} annonce l'anagramme {data['word']} de {data['of']} : "
                f"+{data['points']}.")
    if kind == "game_over":
        return f"Fin de la partie : {_END.get(data['reason'], '')}."
    if kind == "announce":
        known = f" ; le dictionnaire en donne {data['senses']} sens" if data["senses"] else ""
        return f"Annonces sur {data['text']}{known} (« fini » pour terminer)."
    if kind == "definition":
        return f"Vous donnez la définition : {data['text']}"
    if kind == "definitions":
        return "Définitions : " + " ; ".join(
            f"{seats[r['seat']].name} +{r['points']}" for r in data["results"]) + "."
    if kind == "accent":
        return f"{who} met l'accent : {data['accent']} en {data['name']}, +{data['points']}."
    if kind == "anagram":
        return f"Vous annoncez l'anagramme {data['word']}."
    if kind == "anagrams":
        return "Anagrammes : " + ", ".join(
            f"{seats[r['seat']].name} {r['word']} "
            f"{'(commun : 0)' if r['shared'] else '+' + str(r['points'])}"
            for r in data["results"]) + "."
    return None


def hints(state: VolapukState, seat: int, count: int = 6) -> list[str]:
    """A few words the expert's generator finds, best first, typed as a player would."""
    from ludomots.games.volapuk.movegen import generate

    rack = [(i, d.face) for i, d in enumerate(state.racks[seat]) if d.face is not None]
    scored = []
    found = generate(state.board, rack, limit=3000, lexicon=state.lexicon)
    found.sort(key=lambda c: -c.estimate(state.elue, state.options.reversed_letters))
    for cand in found[:60]:
        action = Place(cand.start[0], cand.start[1], cand.direction, cand.dice, cand.letters)
        try:
            outcome = state.outcome(seat, action)
        except RuleError:
            continue
        first = outcome.words[0]
        scored.append((outcome.total, f"  {name(first.cells[0])} {first.direction} "
                                      f"{first.text} ({outcome.total} points)"))
    scored.sort(key=lambda t: -t[0])
    return [line for _, line in scored[:count]]
