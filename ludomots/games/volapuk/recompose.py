"""Recomposition: moving dice already on the board (seed, "DEROULEMENT D'UNE PARTIE"):

"Un joueur peut modifier, un ou plusieurs mots en leur donnant un sens nouveau correct, en
déplaçant seulement des lettres des mots déjà installés ou avec des lettres d'apport qu'il
possède. Dans ce cas, l'ensemble des lettres des mots modifiés, sera comptabilisé, additionné
d'un bonus de 10 points" — PORT becomes PARTI (3 points a letter at the Élue P), a word is cut
in two with a space cell (4b), and the last round of rule 11b composes with the board's letters.

A recomposition moves some dice of the board to other cells and may lay dice of the rack. Every
run of two dice or more through a cell it changes (a cell emptied, filled or given another
letter) is judged again: a word (read either way) that is new or changed scores in full
("l'ensemble des lettres des mots modifiés"), at the Élue rate by its initial, except a word
that keeps a whole word of the board in place: that word is recomposed, not new, and counts 1
a letter (seed: "lorsqu'un mot déposé en lettre Élue est recomposé (exemple : PORTE), les
lettres comptées valent 1 point. Si le mot devient (exemple : PARTI), il est compté 3 points
par lettre"). A run that means nothing costs −10, as for any move; every die moved or laid
must end in a word; +10 for the move.

"En leur donnant un sens nouveau" (option ``new_sense``, on by default): a changed word keeps
its sense, and does not count, when it shares a lemma with a word it overlaps before the move
(PORT and PORTS), or when a word of the same sense stood on the board with its dice (the
game's `History`): a word restored (a die moved out of MAIS and back) scores nothing, and a
recomposition must give at least one word a new sense. Without it, a letter shuttled
between two words (PORTS/SEL, then PORT/SELS, then back) would score both words in full at
every turn. Moving dice so that every word reads the same (two S of different colours swapped)
changes nothing and is refused. No word of a recomposition is "written reversed" (seed A5):
the player moves dice, he writes no word in a direction, so a word read backwards has no
reversed bonus, like a collateral word.
"""

from __future__ import annotations

from ludomots.games.volapuk.actions import VolapukOptions, rule_error
from ludomots.games.volapuk.board import (
    FORWARD,
    OPPOSITE,
    Cell,
    name,
    on_board,
    step,
)
from ludomots.games.volapuk.dice import ACCENT_SIGNS
from ludomots.games.volapuk.history import History, senses
from ludomots.games.volapuk.scoring import (
    RACK,
    VOLAPUK_BONUS,
    VOLAPUK_SPREAD_BONUS,
    Board,
    Outcome,
    Tile,
    WordScore,
    judged_orientations,
    read_run,
    run,
    score_word,
    trim_signs,
)
from ludomots.games.volapuk.words import lemmas
from ludomots.lexicon.lexicon import Lexicon

RECOMPOSE_BONUS = 10  # seed: "additionné d'un bonus de 10 points"


def rebuild(board: Board, moves: list[tuple[Cell, Cell]], laid: list[tuple[Cell, Tile]]
            ) -> Board:
    """The board after the moves and the dice laid; RuleError when they do not fit."""
    if not moves:
        raise rule_error("no_move", "Une recomposition déplace au moins un dé du plateau.")
    sources = [a for a, _ in moves]
    targets = [b for _, b in moves] + [c for c, _ in laid]
    if len(set(sources)) != len(sources) or any(a not in board for a in sources):
        raise rule_error("bad_move", "Déplacez des dés du plateau, une fois chacun.",
                         cells=[name(a) if on_board(a) else list(a) for a in sources])
    if len(set(targets)) != len(targets) or any(not on_board(b) for b in targets):
        raise rule_error("bad_move", "Chaque dé va sur une case du plateau, une case par dé.")
    for _, tile in laid:
        if tile.face in ACCENT_SIGNS:
            raise rule_error("accent_sign", "Un signe d’accent ne se dépose pas comme une "
                             "lettre.", face=tile.face)
    after = dict(board)
    moving = [after.pop(a) for a in sources]
    for (_, b), tile in zip(moves, moving, strict=True):
        if b in after:
            raise rule_error("occupied", f"La case {name(b)} est occupée.", cell=name(b))
        after[b] = tile
    for c, tile in laid:
        if c in after:
            raise rule_error("occupied", f"La case {name(c)} est occupée.", cell=name(c))
        after[c] = tile
    return after


def _runs(after: Board, changed: set[Cell], orientations: list[str]
          ) -> list[tuple[str, list[Cell]]]:
    """Every run of two dice or more through a changed cell, or beside an emptied one."""
    seen: set[tuple[Cell, ...]] = set()
    found = []
    for cell in sorted(changed):
        for orientation in orientations:
            starts = [cell] if cell in after else \
                [n for n in (step(cell, orientation), step(cell, OPPOSITE[orientation]))
                 if n in after]
            for start in starts:
                line = run(after, start, orientation)
                if len(line) >= 2 and tuple(line) not in seen:
                    seen.add(tuple(line))
                    found.append((orientation, line))
    return found


def standing_words(board: Board, changed: set[Cell], options: VolapukOptions,
                   abbreviations: bool = False, *, lexicon: Lexicon
                   ) -> list[tuple[list[Cell], str]]:
    """The words on `board` through the cells a move changes, or beside those it empties, in
    the four orientations (a diagonal word a player wrote is a word whatever `adjacency`
    says of contacts): their cells in reading order, and their text."""
    found = []
    for orientation, line in _runs(board, changed, list(FORWARD)):
        read = read_run(board, line, orientation, options.phrases, set(line), abbreviations,
                        lexicon=lexicon)
        if read is not None and read[2].ok:
            found.append((read[0], "".join(board[c].text for c in read[0])))
    return found


def _same_letters(board: Board, after: Board, cells: list[Cell]) -> bool:
    return all(c in board and board[c].text == after[c].text for c in cells)


def _old_words(board: Board, after: Board, cells: list[Cell], orientation: str
               ) -> list[tuple[str, list[Cell]]]:
    """The runs of the board before the move, on this line, that a new word overlaps with
    letters still in place: their text (either way) and cells."""
    found: list[tuple[str, list[Cell]]] = []
    for cell in cells:
        if cell not in board or board[cell].text != after[cell].text or \
                any(cell in c for _, c in found):
            continue
        line = run(board, cell, orientation)
        if len(line) >= 2:
            text = "".join(board[c].text for c in line)
            found += [(text, line), (text[::-1], line)]
    return found


def evaluate_recompose(board: Board, moves: list[tuple[Cell, Cell]],
                       laid: list[tuple[Cell, Tile]], elue: str, options: VolapukOptions,
                       forces: dict[Cell, int] | None = None, abbreviations: bool = False,
                       history: History | None = None, *, lexicon: Lexicon
                       ) -> tuple[Board, Outcome]:
    """The board after the recomposition and what it scores; RuleError when not allowed.
    `abbreviations`: seed 3's end-game allowance applies; `history`: the words that stood
    on the board (option `new_sense`)."""
    after = rebuild(board, moves, laid)
    moved_forces = dict(forces or {})
    for a, b in moves:
        if a in moved_forces:
            moved_forces[b] = moved_forces.pop(a)
    changed = {a for a, _ in moves} | {b for _, b in moves} | {c for c, _ in laid}
    changed = {c for c in changed if board.get(c) != after.get(c)}
    words: list[WordScore] = []
    meaningless = []
    in_words: set[Cell] = set()
    orientations = judged_orientations(options)
    kept_sense = False
    for orientation, line in _runs(after, changed, orientations):
        before = run(board, line[0], orientation) if line[0] in board else []
        if before == line and _same_letters(board, after, line):
            in_words.update(line)
            continue  # an unchanged word (maybe other dice showing the same letters)
        read = read_run(after, line, orientation, options.phrases, set(line), abbreviations,
                        lexicon=lexicon)
        if read is None:
            continue  # no assemblage of two letters (a sign beside a letter)
        cells, direction, verdict = read
        if verdict.ok and set(cells) != set(line):  # read without the signs at its ends
            earlier = trim_signs(board, run(board, cells[0], orientation)) \
                if cells[0] in board else []
            if set(earlier) == set(cells) and _same_letters(board, after, cells):
                in_words.update(cells)
                continue  # that word is unchanged
        if verdict.ok:
            in_words.update(cells)
            olds = _old_words(board, after, cells, orientation)
            text = "".join(after[c].text for c in cells)
            dice = [after[c].uid for c in cells if after[c].counts]
            if options.new_sense and (
                    any(lemmas(text, lexicon) & lemmas(t, lexicon) for t, _ in olds)
                    or (history and history.stood(senses(text, lexicon), dice))):
                kept_sense = True
                continue  # the same word inflected (PORT, PORTS), or restored: same sense
            whole = next((set(c) for _, c in olds
                          if set(c) <= set(cells) and _same_letters(board, after, c)), set())
            words.append(score_word(after, cells, direction, whole, elue, options,
                                    verdict.compound, bool(words), moved_forces,
                                    written=False))
        else:
            meaningless.append({"text": "".join(after[c].text for c in line),
                                "cells": [list(c) for c in line],
                                "start": name(line[0]), "direction": orientation})
    words.sort(key=lambda w: -w.total)  # the best word first: the move's "main" word
    for index, word in enumerate(words):
        word.collateral = index > 0
    stray = [b for _, b in moves if b not in in_words] + [c for c, _ in laid
                                                          if c not in in_words]
    if stray:
        raise rule_error("not_a_word", "Chaque dé déplacé ou posé doit finir dans un mot du "
                         "dictionnaire.", cells=[name(c) for c in stray])
    if not words and kept_sense:
        raise rule_error("same_sense", "Une recomposition doit donner un sens nouveau à un "
                         "mot au moins : ces mots gardent le leur.")
    if not words:
        raise rule_error("no_new_word", "Cette recomposition ne forme aucun mot nouveau.")
    outcome = Outcome(laid, words, meaningless, recomposed=RECOMPOSE_BONUS, moves=moves)
    new = {c for c, _ in laid}
    if len(laid) == RACK:  # rule 8: in one word +50, over several words +20
        one = any(new <= set(w.cells) for w in words)
        outcome.volapuk = VOLAPUK_BONUS if one else VOLAPUK_SPREAD_BONUS
    return after, outcome
