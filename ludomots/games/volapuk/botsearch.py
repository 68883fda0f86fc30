"""The expert's extra moves: a joker taken back from the board, and recompositions.

Both are judged by the engine itself (`VolapukState.outcome`, `VolapukState.recomposed`);
this module only proposes them.

- Joker take-back (seed C1: "échanger une lettre lui appartenant, contre un seul joker simple
  sur le plateau de jeu, à condition de l'utiliser instantanément"): for each letter a board
  joker stands for that a rack die shows, the DAWG walk runs again on the board as it is once
  the die has taken the joker's cell, with the joker in the rack; only the words using the
  joker are kept.
- Recomposition (+10, "l'ensemble des lettres des mots modifiés"): one board die moved to an
  empty cell where it makes a word while the words it leaves still read (PORTS → PORT and
  CHAT → CHATS), played alone or together with the dice of a word found for the rack, and
  scored as the engine scores recompositions (a word given a new sense in full, a word kept
  whole 1 a letter, a word keeping its sense not at all).
"""

from __future__ import annotations

from ludomots.core.errors import RuleError
from ludomots.games.volapuk.actions import Place, Recompose
from ludomots.games.volapuk.board import OPPOSITE, Cell, cells, step
from ludomots.games.volapuk.dice import ACCENT_SIGNS, JOKER, face_text
from ludomots.games.volapuk.movegen import Candidate, generate
from ludomots.games.volapuk.recompose import evaluate_recompose
from ludomots.games.volapuk.rules import VolapukState
from ludomots.games.volapuk.scoring import Board, Tile, judged_orientations, read_run, run
from ludomots.lexicon.lexicon import Lexicon

Move = tuple[Cell, Cell]
NEIGHBOURS = ((-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1))


def _ranked(found: list[Candidate], elue: str, reversed_letters: str) -> list[Candidate]:
    return sorted(found, key=lambda c: (-c.estimate(elue, reversed_letters), c.word, c.start,
                                        c.direction, c.dice))


def swap_places(state: VolapukState, seat: int, directions: tuple[str, ...] | None,
                limit: int, judged: int) -> list[tuple[int, Place]]:
    """Words laid with a simple joker taken back from the board, with their points."""
    rack = state.racks[seat]
    tried: set[str] = set()
    scored: list[tuple[int, Place]] = []
    for (row, col), tile in sorted(state.board.items()):
        if tile.face != JOKER or tile.letter in tried:
            continue
        tried.add(tile.letter)  # another joker of that letter gives the same words
        found_die = next(((i, d.face) for i, d in enumerate(rack)
                          if d.face is not None and face_text(d.face) == tile.letter), None)
        if found_die is None:
            continue
        give, face = found_die
        board = dict(state.board)
        board[(row, col)] = Tile(face, rack[give].die, "", tile.accent, tile.sign)
        joker = len(rack)
        dice = [(i, d.face) for i, d in enumerate(rack)
                if d.face is not None and i != give] + [(joker, JOKER)]
        found = [c for c in generate(board, dice, directions, limit, lexicon=state.lexicon)
                 if joker in c.dice]
        for cand in _ranked(found, state.elue, state.options.reversed_letters)[:judged]:
            action = Place(cand.start[0], cand.start[1], cand.direction, cand.dice,
                           cand.letters, swap=(row, col, give))
            try:
                scored.append((state.outcome(seat, action).total, action))
            except RuleError:
                continue
    return scored


def _reads(board: Board, line: list[Cell], orientation: str, phrases: bool,
           abbreviations: bool, lexicon: Lexicon) -> bool:
    """A run that is no assemblage of two letters, or one that reads as a word."""
    read = read_run(board, line, orientation, phrases, set(line), abbreviations,
                    lexicon=lexicon)
    return read is None or read[2].ok


def _left_reading(state: VolapukState, rest: Board, source: Cell) -> bool:
    """Do the runs beside a die taken away still read (or fall under two letters)?"""
    phrases = state.options.phrases
    for orientation in judged_orientations(state.options):
        for side in (orientation, OPPOSITE[orientation]):
            near = step(source, side)
            if near in rest and not _reads(rest, run(rest, near, orientation), orientation,
                                           phrases, state.abbreviations(), state.lexicon):
                return False
    return True


def _lands_in_words(state: VolapukState, after: Board, target: Cell) -> bool:
    """Does the die put on `target` end in a word, every run through it reading?"""
    in_word = False
    for orientation in judged_orientations(state.options):
        line = run(after, target, orientation)
        if len(line) < 2:
            continue
        read = read_run(after, line, orientation, state.options.phrases, {target},
                        state.abbreviations(), lexicon=state.lexicon)
        if read is None:
            continue
        if not read[2].ok:
            return False
        in_word = True
    return in_word


def board_moves(state: VolapukState, keep: int, laid: list[tuple[Cell, Tile]] | None = None
                ) -> list[tuple[int, Move]]:
    """The best single moves of a board die to an empty cell, with their points (the
    engine's, +10 included): at most `keep`, best first. With `laid`, dice of the rack laid
    in the same recomposition: the moves that end beside them (CHAT laid, the S of PORTS
    moved after it)."""
    board = state.board
    laid = laid or []
    after = dict(board)
    after.update(laid)
    disc = cells()
    near: set[Cell] = set()
    for r, c in [cell for cell, _ in laid] if laid else board:
        near.update((r + dr, c + dc) for dr, dc in NEIGHBOURS)
    targets = sorted(t for t in near if t in disc and t not in after)
    forces = state.super_forces()
    scored: list[tuple[int, Move]] = []
    for source, tile in sorted(board.items()):
        if not tile.counts:
            continue  # signs stay where their words need them
        rest = dict(after)
        del rest[source]
        if not _left_reading(state, rest, source):
            continue
        for target in targets:
            if target == source:
                continue
            rest[target] = tile
            fits = _lands_in_words(state, rest, target)
            del rest[target]
            if not fits:
                continue
            try:
                _, outcome = evaluate_recompose(board, [(source, target)], laid, state.elue,
                                                state.options, forces, state.abbreviations(),
                                                state.history, lexicon=state.lexicon)
            except RuleError:
                continue
            scored.append((outcome.total, (source, target)))
    scored.sort(key=lambda s: -s[0])
    return scored[:keep]


def _placed(state: VolapukState, seat: int, place: Place) -> list[tuple[Cell, Tile]] | None:
    """Where a word's dice go (no swap, no accent sign: a recomposition lays neither)."""
    rack = state.racks[seat]
    if place.swap or any(rack[i].face in ACCENT_SIGNS for i in place.dice):
        return None
    try:
        return state.outcome(seat, place).placed
    except RuleError:
        return None


def recompositions(state: VolapukState, seat: int, places: list[Place], moves: int
                   ) -> list[tuple[int, Recompose]]:
    """Recompositions worth trying, with their points: the dice of each word of `places`
    laid on the same cells, with one of the best single moves (on the board as it is, or
    ending beside the word); a move alone only when there is no word to lay (a move alone
    lays no die: played whenever it paid more, the game's dice would never run out)."""
    found: list[tuple[int, Recompose]] = []
    alone = board_moves(state, moves)
    if not places:
        return [(points, Recompose((*a, *b))) for points, (a, b) in alone]
    for place in places:
        placed = _placed(state, seat, place)
        if placed is None:
            continue
        laid = tuple(n for cell, _ in placed for n in cell)
        letters = place.letters or ("",) * len(place.dice)
        tried = {move for _, move in alone} | {move for _, move in
                                               board_moves(state, moves, placed)}
        for a, b in sorted(tried):
            action = Recompose((*a, *b), place.dice, laid, letters)
            try:
                found.append((state.recomposed(seat, action)[1].total, action))
            except RuleError:
                continue
    return found
