"""Laying dice on the board and what the move scores (seed "A) Comptage des points", "B)
MALUS", "C) 5", rules 8 and 9; RULINGS.md, Volapük).

A move lays dice along one line. Its word is the whole run of dice along that line through
them; every other run of two dice or more that it creates or changes (in the other line
orientations) is a collateral word when it reads as a word (either way), otherwise a
meaningless assemblage: −10. Per word:

- letter points: 1 per letter die, 3 when the word begins with the Élue letter; a word that
  prolongs one already placed, keeping its first letter, scores 1 per letter die of the whole
  word (PORTE from PORT: its Élue initial was counted once); a word with a new first letter
  is a new word (PARTI through ART: 3 a letter at the Élue P); signs (apostrophe, hyphen,
  point, space) score nothing;
- the space cell: +3 in a compound the dictionary holds, nothing in a phrase;
- a diagonal word +5 per letter die, and so do its collateral words ("ainsi que les mots
  conjoints éventuels (voir MEAT, page 9, 5° tour 6° joueur)": the move A3 cites for a new
  collateral word); the word the player writes reversed (the move's own word, not a palindrome)
  5 per letter die and +10 in place of its letter points (option `reversed_letters`), a
  collateral run that happens to read backwards no bonus;
- VOLAPÜK: the 7 dice in one word attached to the board +50, whatever else they touch; the
  7 dice over several words (a recomposition) +20.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ludomots.games.volapuk.actions import VolapukOptions, rule_error
from ludomots.games.volapuk.board import (
    DIRECTIONS,
    FORWARD,
    OPPOSITE,
    Cell,
    axis,
    is_diagonal,
    is_reversed,
    name,
    on_board,
    step,
)
from ludomots.games.volapuk.dice import (
    ACCENT_FACES,
    ACCENT_SIGNS,
    CIRCUMFLEX,
    SIGN_ACCENTS,
    SPACE,
    SUPER,
    face_text,
    is_joker,
    is_letter,
    letter_value,
)
from ludomots.games.volapuk.history import History, text_sense
from ludomots.games.volapuk.words import REFUSED, Verdict, judge
from ludomots.lexicon.fold import fold
from ludomots.lexicon.lexicon import Lexicon

ELUE_FACTOR = 3  # seed A1: "3 points avec la lettre Élue"
SPACE_BONUS = 3  # seed A8
DIAGONAL_BONUS = 5  # seed A4: "5 points en plus par lettre"
REVERSED_BONUS = 5  # seed A5: "5 points par lettre + 10 points de Bonus"
REVERSED_FLAT = 10
MEANINGLESS = -10  # seed C5 and rule 9
SUPER_FORCE = 10  # seed A7: "La force multiplicatrice de 10 du super joker"
SUPER_MALUS = -10  # seed B1 and 4a
VOLAPUK_BONUS = 50  # seed rule 8
VOLAPUK_SPREAD_BONUS = 20
RACK = 7
MIN_LETTERS = 2
ACCENT_POINTS = 3  # seed chapter A: accents on dice "valent 3 points à l'annonce"
MAX_CROSSING = 2  # "Dans le cas d'un accent servant sur deux mots croisés ... doublé"


@dataclass(frozen=True)
class Tile:
    """A die on the board: its face, its id (colour), the letter a joker stands for."""

    face: str
    die: str
    letter: str = ""
    accent: str = ""  # the accented letter written on it (a sign die set on it, announced)
    sign: str = ""  # the id of the accent sign die set on it (circumflex, trema)
    # which die this is on the board (numbered as laid; 0: not yet): who it is, not what it
    # shows, so two tiles showing the same are equal
    uid: int = field(default=0, compare=False)

    @property
    def text(self) -> str:
        return self.accent or face_text(self.face, self.letter)

    @property
    def counts(self) -> bool:
        """A letter die (jokers included): what letter points count."""
        return is_letter(self.face) or is_joker(self.face)

    def to_json(self) -> dict[str, Any]:
        return {"face": self.face, "die": self.die, "letter": self.letter,
                "accent": self.accent, "sign": self.sign}

    def row(self) -> list[Any]:
        """The state's record of the tile (after its cell): every field."""
        return [self.face, self.die, self.letter, self.accent, self.sign, self.uid]


Board = dict[Cell, Tile]


def elue_sounds(text: str, graphemes: bool) -> set[str]:
    """The letters a word's beginning counts for at the trump ("lettre Élue"). Plain: its
    first letter. With the graphemes option (seed 5): PH = F, Æ/Œ = E, W = OU (O) or V,
    CH/SH/SCH one sound (C or S), a mute H skipped (HACHE for A), Y after it = I (HYPHE)."""
    letters = "".join(ch for ch in text if ch.isalpha())
    key = fold(letters)
    if not key:
        return set()
    sounds = {key[0]}
    if not graphemes:
        return sounds
    if key.startswith("PH"):
        sounds.add("F")
    if letters[0] in "ÆŒ":
        sounds.add("E")
    if key[0] == "W":
        sounds |= {"O", "V"}
    if key.startswith(("CH", "SH", "SCH")):
        sounds |= {"C", "S"}
    rest = key[1:] if key[0] == "H" else key
    if rest:
        sounds.add(rest[0])
        if rest[0] == "Y":
            sounds.add("I")
    return sounds


@dataclass
class WordScore:
    text: str
    cells: list[Cell]
    direction: str
    letters: int  # letter dice
    value: int  # their letter value (1 each, or the multi-letter values)
    elue: bool
    extension: bool
    compound: bool
    base: int
    space: int
    diagonal: int
    reversed: int
    collateral: bool
    force: int = 1  # the super joker's multiplier when the word goes through it
    malus: int = 0  # super joker penalties (B1, 4a)
    restored: bool = False  # the very word stood there before with its dice: nothing new

    @property
    def total(self) -> int:
        if self.restored:
            return 0
        return (self.base + self.space + self.diagonal + self.reversed) * self.force + \
            self.malus

    def to_json(self) -> dict[str, Any]:
        return {"text": self.text, "cells": [list(c) for c in self.cells],
                "start": name(self.cells[0]), "direction": self.direction,
                "letters": self.letters, "value": self.value, "elue": self.elue,
                "extension": self.extension,
                "compound": self.compound, "base": self.base, "space": self.space,
                "diagonal": self.diagonal, "reversed": self.reversed,
                "collateral": self.collateral, "force": self.force, "malus": self.malus,
                "restored": self.restored, "total": self.total}


@dataclass
class Outcome:
    placed: list[tuple[Cell, Tile]]
    words: list[WordScore]
    meaningless: list[dict[str, Any]] = field(default_factory=list)
    volapuk: int = 0
    recomposed: int = 0  # the recomposition bonus
    moves: list[tuple[Cell, Cell]] = field(default_factory=list)
    accents: int = 0  # plus-value "accents": the accents of the dice laid, announced

    @property
    def total(self) -> int:
        return sum(w.total for w in self.words) + MEANINGLESS * len(self.meaningless) \
            + self.volapuk + self.recomposed + self.accents

    def to_json(self) -> dict[str, Any]:
        return {"placed": [{"cell": list(c), "name": name(c), **t.to_json()}
                           for c, t in self.placed],
                "words": [w.to_json() for w in self.words],
                "meaningless": list(self.meaningless), "penalty": MEANINGLESS * len(
                    self.meaningless), "volapuk": self.volapuk,
                "recomposed": self.recomposed, "accents": self.accents,
                "moves": [[name(a), name(b)] for a, b in self.moves], "total": self.total}


def set_signs(tiles: list[Tile]) -> list[Tile]:
    """Accent sign dice set on the letter die laid just before them (seed chapter A: signs
    "faits pour parfaire les mots"): E then a circumflex is Ê, I then a trema Ï. A sign die
    takes no cell of its own; RuleError when there is no plain letter before it that takes
    that accent."""
    out: list[Tile] = []
    for tile in tiles:
        if tile.face not in ACCENT_SIGNS:
            out.append(tile)
            continue
        before = out[-1] if out else None
        if before is None or not before.counts or before.accent:
            raise rule_error("accent_sign", "Un signe d’accent se pose sur la lettre sans "
                             "accent déposée juste avant lui.", face=tile.face)
        letter = before.letter if is_joker(before.face) else before.face
        accented = SIGN_ACCENTS[tile.face].get(letter)
        if accented is None:
            mark = "l’accent circonflexe" if tile.face == CIRCUMFLEX else "le tréma"
            raise rule_error("accent_sign", f"La lettre {letter} ne prend pas {mark}.",
                             face=tile.face, letter=letter)
        out[-1] = Tile(before.face, before.die, before.letter, accented, tile.die)
    return out


def accent_points(placed: list[tuple[Cell, Tile]], words: list[WordScore]) -> int:
    """Plus-value "accents": 3 for each accent of the dice laid (a sign die or an accented
    letter face), doubled when it serves two words, as when announced."""
    points = 0
    for cell, tile in placed:
        if tile.sign or tile.face in ACCENT_FACES:
            serves = sum(1 for w in words if cell in w.cells)
            points += ACCENT_POINTS * min(MAX_CROSSING, serves)
    return points


def lay(board: Board, start: Cell, direction: str, tiles: list[Tile]) -> list[tuple[Cell, Tile]]:
    """The cells the tiles go to: from `start` along `direction`, skipping taken cells."""
    if direction not in DIRECTIONS:
        raise rule_error("bad_direction", "Direction inconnue.", direction=direction)
    if not on_board(start):
        raise rule_error("off_board", "Cette case n’est pas sur le plateau.", cell=list(start))
    if start in board:
        raise rule_error("occupied", "Le premier dé doit aller sur une case vide.",
                         cell=name(start))
    placed: list[tuple[Cell, Tile]] = []
    cell = start
    for tile in tiles:
        while cell in board:
            cell = step(cell, direction)
        if not on_board(cell):
            raise rule_error("off_board", "Le mot sort du plateau.", cell=list(cell))
        placed.append((cell, tile))
        cell = step(cell, direction)
    return placed


def judged_orientations(options: VolapukOptions) -> list[str]:
    """The orientations whose runs a move makes must mean something (option `adjacency`)."""
    return [d for d in FORWARD if options.adjacency == "all" or not is_diagonal(d)]


def run(board: Board, cell: Cell, direction: str) -> list[Cell]:
    """The maximal line of taken cells through `cell`, in reading order of `direction`."""
    back = OPPOSITE[direction]
    first = cell
    while step(first, back) in board:
        first = step(first, back)
    cells = [first]
    while step(cells[-1], direction) in board:
        cells.append(step(cells[-1], direction))
    return cells


def trim_signs(board: Board, line: list[Cell]) -> list[Cell]:
    """The run without the sign dice at its ends: a space cell, an apostrophe, a hyphen or a
    point beside a word is no letter of it (seed C5: "assemblage de 2 lettres")."""
    first, last = 0, len(line)
    while first < last and not board[line[first]].counts:
        first += 1
    while last > first and not board[line[last - 1]].counts:
        last -= 1
    return line[first:last]


def letter_dice(board: Board, cells: list[Cell]) -> int:
    return sum(1 for c in cells if board[c].counts)


def read_run(board: Board, line: list[Cell], orientation: str, phrases: bool,
             through: set[Cell], abbreviations: bool = False, *, lexicon: Lexicon
             ) -> tuple[list[Cell], str, Verdict] | None:
    """How a collateral run reads: as a word forwards, else backwards, first whole, then
    without the signs at its ends (it must still go through a cell of `through`). None when
    it is no assemblage of two letters through those cells; a verdict not ok: meaningless.
    `abbreviations`: seed 3's end-game allowance applies (`words.judge`)."""
    trimmed = trim_signs(board, line)
    if letter_dice(board, trimmed) < 2 or not through & set(trimmed):
        return None
    for cells in (line, trimmed) if trimmed != line else (line,):
        for ordered, direction in ((cells, orientation), (cells[::-1], OPPOSITE[orientation])):
            verdict = judge("".join(board[c].text for c in ordered), phrases, abbreviations,
                            lexicon=lexicon)
            if verdict.ok:
                return ordered, direction, verdict
    return line, orientation, REFUSED


def prolongs(cells: list[Cell], old: set[Cell]) -> bool:
    """Does the word begin with a word that was already there, its first two dice in place
    (PORTE from PORT, BATON ROUGE from BATON)? Its first letter, counted at the Élue rate
    when that word was laid, is not counted so again (seed: "lorsqu'un mot déposé en lettre
    Élue est recomposé par un joueur (exemple : PORTE), les lettres comptées valent 1
    point"); a word with a new first letter is a new word (PARTI through ART)."""
    return len(cells) >= 2 and cells[0] in old and cells[1] in old


def score_word(board: Board, cells: list[Cell], direction: str, old: set[Cell], elue: str,
               options: VolapukOptions, compound: bool, collateral: bool,
               forces: dict[Cell, int] | None = None, written: bool = True,
               conjoint: bool = False) -> WordScore:
    """A word's points. `old`: the cells already there (for a recomposition, those of a word
    kept whole); `written`: the player wrote it in this direction (a Place's own word), so
    a reversed reading earns the reversed bonus (seed A5), which a collateral run read
    backwards never does; `conjoint`: a collateral word of a diagonal word, which has the
    diagonal bonus too (A4: "ainsi que les mots conjoints éventuels")."""
    tiles = [board[c] for c in cells]
    text = "".join(t.text for t in tiles)
    counted = [t for t in tiles if t.counts]
    value = sum(letter_value(t.face) if options.multi_letter_values and is_letter(t.face)
                else 1 for t in counted)
    extension = prolongs(cells, old)
    trump = elue in elue_sounds(text, options.graphemes)
    base = value * (ELUE_FACTOR if trump and not extension else 1)
    space = SPACE_BONUS if compound and any(t.face == SPACE for t in tiles) else 0
    n = len(counted)
    diagonal = DIAGONAL_BONUS * n if is_diagonal(direction) or conjoint else 0
    palindrome = [t.text for t in tiles] == [t.text for t in reversed(tiles)]
    backwards = 0
    if written and not collateral and is_reversed(direction) and not palindrome:
        backwards = REVERSED_BONUS * n + REVERSED_FLAT
        if options.reversed_letters == "replace":
            base = 0  # A5: "5 points par lettre ... en jeu simple, comme en lettre Élue"
    force = max([1, *((forces or {}).get(c, 1) for c in cells)])
    malus = 0
    if force > 1:  # seed A7, B1, 4a: under the super joker
        malus += 0 if trump else SUPER_MALUS
        malus += SUPER_MALUS if any(t.face == SPACE for t in tiles) else 0
    return WordScore(text, cells, direction, n, value, trump, extension, compound, base, space,
                     diagonal, backwards, collateral, force, malus)


def restored(after: Board, word: WordScore, history: History | None) -> WordScore:
    """The word, marked restored when it is the very word that stood there before with its
    dice (a die laid in the hole another left): A3 counts a collateral word "nouveau", and
    the seed's recompositions a word given "un sens nouveau"."""
    if history is not None and history.stood(
            frozenset({text_sense(word.text)}), [after[c].uid for c in word.cells]):
        word.restored = True
    return word


def evaluate(board: Board, start: Cell, direction: str, tiles: list[Tile], elue: str,
             options: VolapukOptions, forces: dict[Cell, int] | None = None,
             abbreviations: bool = False, history: History | None = None, *,
             lexicon: Lexicon) -> Outcome:
    """What laying `tiles` scores; RuleError when the move is not allowed. `forces`: the
    super joker's cell on the board and its multiplier now (a new one is at 10);
    `abbreviations`: seed 3's end-game allowance applies; `history`: the words that stood
    on the board (option `new_sense`: a word restored counts nothing); `lexicon`: the word
    list that referees."""
    if not options.new_sense:
        history = None
    if not tiles:
        raise rule_error("no_dice", "Déposez au moins un dé.")
    dice = len(tiles)
    tiles = set_signs(tiles)
    placed = lay(board, start, direction, tiles)
    old = set(board)
    after = dict(board)
    after.update(placed)
    forces = dict(forces or {})
    forces.update({c: SUPER_FORCE for c, t in placed if t.face == SUPER})
    main = run(after, placed[0][0], direction)
    if old and not any(c in old and board[c].counts for c in main):
        raise rule_error("not_connected", "Le mot doit passer par une lettre déjà posée sur "
                         "le plateau.")
    text = "".join(after[c].text for c in main)
    if sum(1 for c in main if after[c].counts) < MIN_LETTERS:
        raise rule_error("too_short", "Un mot a au moins deux lettres.", word=text)
    verdict = judge(text, options.phrases, abbreviations, lexicon=lexicon)
    trimmed = trim_signs(after, main)
    if not verdict.ok and trimmed != main and {c for c, _ in placed} <= set(trimmed):
        # signs of the board at its ends belong to other words (a space cell under an S)
        shorter = judge("".join(after[c].text for c in trimmed), options.phrases,
                        abbreviations, lexicon=lexicon)
        if shorter.ok:
            main, verdict = trimmed, shorter
            text = "".join(after[c].text for c in main)
            if old and not any(c in old and board[c].counts for c in main):
                raise rule_error("not_connected", "Le mot doit passer par une lettre déjà "
                                 "posée sur le plateau.")
    if not verdict.ok:
        if verdict.reason == "signs":
            raise rule_error("signs", f"« {text} » s’écrit « {verdict.form} » : apostrophes, "
                             "traits d’union et points ne se remplacent pas par une case "
                             "espace.", word=text, form=verdict.form)
        if verdict.reason == "spelling":
            raise rule_error("spelling", f"« {text} » ne s’écrit pas ainsi (accent ou "
                             "cédille).", word=text)
        raise rule_error("unknown_word", f"« {text} » n’est pas dans le dictionnaire.",
                         word=text)
    words = [restored(after, score_word(after, main, direction, old, elue, options,
                                        verdict.compound, False, forces), history)]
    meaningless: list[dict[str, Any]] = []
    orientations = [d for d in judged_orientations(options) if d != axis(direction)]
    for cell, _ in placed:
        for orientation in orientations:
            line = run(after, cell, orientation)
            if len(line) < 2:
                continue
            read = read_run(after, line, orientation, options.phrases, {cell}, abbreviations,
                            lexicon=lexicon)
            if read is None:
                continue
            cells, reading, verdict_c = read
            if verdict_c.ok:
                words.append(restored(after, score_word(
                    after, cells, reading, old, elue, options, verdict_c.compound, True,
                    forces, conjoint=is_diagonal(direction)), history))
            else:
                meaningless.append({"text": "".join(after[c].text for c in line),
                                    "cells": [list(c) for c in line],
                                    "start": name(line[0]), "direction": orientation})
    outcome = Outcome(placed, words, meaningless)
    if options.accents:
        outcome.accents = accent_points(placed, words)
    if dice == RACK and old:
        # rule 8: "en 1 seul mot, ses 7 lettres attachées à un mot déjà posé": the collateral
        # words they also make take nothing from it
        in_word = {c for c, _ in placed} <= set(main)
        outcome.volapuk = VOLAPUK_BONUS if in_word else VOLAPUK_SPREAD_BONUS
    return outcome
