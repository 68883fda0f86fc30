"""Which words a rack can lay on the board: a walk of the lexicon's automaton along lines.

For every line start (a cell whose predecessor along the direction is empty, within reach of a
letter on the board) and each of the eight directions, the walk reads the board's letters and
tries the rack's letter dice on the empty cells, in step with the DAWG of the Volapük policy
(words of letters A–Z; signs and spaces are left to humans). A word must go through a letter
on the board (after the first move) and lay at least one die. Multi-letter faces (CH, SCH)
read all their letters; a joker tries every letter the automaton allows.

The candidates are not yet judged: collateral runs, spelling (Ç) and the score come from
`scoring.evaluate`, which the bots call on the best-looking ones.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from ludomots.games.volapuk.board import (
    DIRECTIONS,
    OPPOSITE,
    Cell,
    cells,
    is_diagonal,
    is_reversed,
    on_board,
    step,
)
from ludomots.games.volapuk.dice import APOSTROPHE, HYPHEN, POINT, SPACE, is_joker, is_letter
from ludomots.games.volapuk.scoring import Board
from ludomots.games.volapuk.words import SEED_ABBREVIATIONS, SEED_COMPOUNDS, VOWELS_H, elided
from ludomots.lexicon.dawg import Dawg
from ludomots.lexicon.fold import fold
from ludomots.lexicon.lexicon import Lexicon
from ludomots.lexicon.policy import PROPER_SIGNED as VOLAPUK

CENTRE: Cell = (7, 7)
MAX_WORD = 15
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


@cache
def automaton(lexicon: Lexicon) -> Dawg:
    """The lexicon's words under the Volapük policy, as a DAWG (one for each lexicon)."""
    return lexicon.automaton(VOLAPUK)


SIGN_TEXT = {APOSTROPHE: "'", HYPHEN: "-", POINT: ".", SPACE: " "}
SIGNED_CHARS = frozenset(LETTERS + "".join(SIGN_TEXT.values()))


class SignedTrie:
    """The words the dictionary writes with apostrophes, hyphens, points or spaces
    (ARC-EN-CIEL, ETC., HOT DOG, AUJOURD'HUI), folded, as a trie with the automaton's
    interface, and the elisions (S'EXONDER): after an elided word (S', L', QU'...) the walk
    goes on in `then`, the automaton of plain words, with a vowel or H (`words.judge`). The
    walk for the dice that show signs."""

    def __init__(self, words: list[str], then: Dawg | None = None) -> None:
        self.nodes: list[dict[str, int]] = [{}]
        self.finals: set[int] = set()
        self.root = 0
        self.then = then
        self.elided: set[int] = set()
        self._merged: dict[int, dict[str, int]] = {}
        for word in words:
            node = 0
            for ch in word:
                nxt = self.nodes[node].get(ch)
                if nxt is None:
                    nxt = len(self.nodes)
                    self.nodes.append({})
                    self.nodes[node][ch] = nxt
                node = nxt
            self.finals.add(node)
            if word.endswith("'") and len(word) > 1:
                self.elided.add(node)
        self.offset = len(self.nodes)  # nodes of `then` are numbered from here on

    def children(self, node: int) -> dict[str, int]:
        merged = self._merged.get(node)
        if merged is not None:
            return merged
        if node < self.offset and node not in self.elided:
            return self.nodes[node]
        assert self.then is not None
        if node < self.offset:  # an elided word: a plain word beginning with a vowel or H
            merged = dict(self.nodes[node])
            merged.update({ch: self.offset + n
                           for ch, n in self.then.children(self.then.root).items()
                           if ch in VOWELS_H})
        else:
            merged = {ch: self.offset + n
                      for ch, n in self.then.children(node - self.offset).items()}
        self._merged[node] = merged
        return merged

    def is_final(self, node: int) -> bool:
        if node >= self.offset:
            assert self.then is not None
            return self.then.is_final(node - self.offset)
        return node in self.finals


@cache
def signed_automaton(lexicon: Lexicon) -> SignedTrie:
    words = {fold(w) for w in SEED_COMPOUNDS if w not in SEED_ABBREVIATIONS}
    words |= {k for k in lexicon.iter_accepted("", VOLAPUK)
              if any(c in k for c in "'-. ")}
    words |= {f"{ch}'" for ch in LETTERS if elided(f"{ch}'", lexicon)}  # S', D', L'
    return SignedTrie(sorted(w for w in words if set(w) <= SIGNED_CHARS), automaton(lexicon))


@dataclass(frozen=True)
class Candidate:
    start: Cell  # the first cell a die goes to
    direction: str
    dice: tuple[int, ...]
    letters: tuple[str, ...]
    word: str  # folded letters of the main word
    cells: int  # letter dice in the main word (board and new)
    old: int  # of which already on the board
    initial: str
    lead: int = 0  # board letters before the first die laid (2 or more: a word prolonged)

    def estimate(self, elue: str, reversed_letters: str = "replace") -> int:
        """The main word's points, without collateral runs (which only the full evaluation
        sees): enough to rank candidates before judging the best ones."""
        n = self.cells
        letters = n * (3 if self.initial == elue and self.lead < 2 else 1)
        bonus = 5 * n if is_diagonal(self.direction) else 0
        if is_reversed(self.direction) and self.word != self.word[::-1]:
            bonus += 5 * n + 10  # a palindrome is no reversed reading
            if reversed_letters == "replace":
                letters = 0  # A5: 5 a letter in place of the letter points
        if len(self.dice) == 7 and self.old:
            bonus += 50
        return letters + bonus


def _board_letters(board: Board, signs: bool = False) -> dict[Cell, str]:
    """Folded letters of the board's letter cells; None-like "" for signs (walks stop), or
    the sign itself for the walk of signed words."""
    out = {}
    for cell, tile in board.items():
        text = fold(tile.text)
        out[cell] = text if text.isalpha() and text.isascii() else \
            SIGN_TEXT.get(tile.face, "") if signs else ""
    return out


Part = tuple[int, tuple[int, ...], tuple[str, ...], str]  # node, dice, joker letters, word


def _faces(rack: list[tuple[int, str]], signs: bool = False) -> list[tuple[int, str, bool]]:
    """Usable dice as (index, folded letters, joker?); signs only for the walk of signed
    words. A joker's text is "?" (never a letter) so that the walks try it once."""
    return [(index, "?" if is_joker(face) else SIGN_TEXT.get(face) or fold(face),
             is_joker(face))
            for index, face in rack
            if is_letter(face) or is_joker(face) or (signs and face in SIGN_TEXT)]


def _extend(dawg: Dawg | SignedTrie, node: int, text: str) -> int:
    for letter in text:
        node = dawg.children(node).get(letter, -1)
        if node < 0:
            return -1
    return node


def left_parts(dawg: Dawg | SignedTrie, faces: list[tuple[int, str, bool]]) -> list[list[Part]]:
    """Every prefix of a word the dice alone spell, by number of dice: the part of a word
    laid before the first board letter it goes through (shared by all such starts)."""
    parts: list[list[Part]] = [[] for _ in range(len(faces) + 1)]

    def walk(node: int, used: tuple[int, ...], jokers: tuple[str, ...], word: str) -> None:
        parts[len(used)].append((node, used, jokers, word))
        tried: set[str] = set()
        for index, text, joker in faces:
            if index in used:
                continue
            if joker:
                if "?" in tried:
                    continue
                tried.add("?")
                for letter, nxt in dawg.children(node).items():
                    if letter.isalpha():  # a joker is a letter, never a sign
                        walk(nxt, (*used, index), (*jokers, letter), word + letter)
                continue
            if text in tried:
                continue
            tried.add(text)
            nxt = _extend(dawg, node, text)
            if nxt >= 0:
                walk(nxt, (*used, index), (*jokers, ""), word + text)

    walk(dawg.root, (), (), "")
    return parts


def generate(board: Board, rack: list[tuple[int, str]], directions: tuple[str, ...] | None = None,
             limit: int = 20000, signs: bool = False, *, lexicon: Lexicon) -> list[Candidate]:
    """Candidate words for the rack's dice (index, face), at most `limit` of them; with
    `signs`, only the words the dictionary writes with signs, the rack's signs laid too."""
    dawg: Dawg | SignedTrie = signed_automaton(lexicon) if signs else automaton(lexicon)
    letters_on = _board_letters(board, signs)
    faces = _faces(rack, signs)
    dirs = directions or tuple(DIRECTIONS)
    found: dict[tuple[Cell, str, tuple[int, ...], tuple[str, ...]], Candidate] = {}
    first_move = not board

    children = dawg.children
    is_final = dawg.is_final
    disc = cells()

    def walk(start_new: Cell | None, cell: Cell, direction: str, node: int,
             used: tuple[int, ...], jokers: tuple[str, ...], word: str, count: int,
             old: int, lead: int = 0) -> None:
        # the hot loop of the bots: locals and dict lookups only
        if len(found) >= limit:
            return
        dr, dc = DIRECTIONS[direction]
        text = letters_on.get(cell)
        if text is not None:
            if not text:
                return  # a sign on the board: left to humans
            for letter in text:
                node = children(node).get(letter, -1)
                if node < 0:
                    return
            walk(start_new, (cell[0] + dr, cell[1] + dc), direction, node, used, jokers,
                 word + text, count + 1, old + 1, lead if used else lead + 1)
            return
        if used and (old or first_move) and count >= 2 and is_final(node) and \
                start_new is not None:
            key = (start_new, direction, used, jokers)
            if key not in found:
                found[key] = Candidate(start_new, direction, used, jokers, word, count, old,
                                       word[0], lead)
        if cell not in disc or len(word) >= MAX_WORD:
            return
        here = start_new or cell
        tried: set[str] = set()
        nxt_cell = (cell[0] + dr, cell[1] + dc)
        edges = children(node)
        for index, face_text_, joker in faces:
            if index in used or face_text_ in tried:
                continue
            tried.add(face_text_)
            if joker:
                for letter, nxt in edges.items():
                    if letter.isalpha():
                        walk(here, nxt_cell, direction, nxt, (*used, index),
                             (*jokers, letter), word + letter, count + 1, old, lead)
                continue
            nxt = edges.get(face_text_[0], -1)
            for letter in face_text_[1:]:
                if nxt < 0:
                    break
                nxt = children(nxt).get(letter, -1)
            if nxt >= 0:
                walk(here, nxt_cell, direction, nxt, (*used, index), (*jokers, ""),
                     word + face_text_, count + 1, old, lead)

    if first_move:
        for direction in dirs:
            walk(None, step(CENTRE, OPPOSITE[direction], 2), direction, dawg.root, (), (), "",
                 0, 0)
        return list(found.values())
    parts = left_parts(dawg, faces)
    # The parts that can go on with the board's letters met first, by length: each anchor
    # walks only those (most left parts die on the anchor's letters).
    going_on: dict[tuple[int, str], list[Part]] = {}

    def parts_before(m: int, letters: str) -> list[Part]:
        key = (m, letters)
        if key not in going_on:
            first = (m, letters[0])
            if first not in going_on:
                going_on[first] = [p for p in parts[m] if letters[0] in children(p[0])]
            going_on[key] = [p for p in going_on[first]
                             if _extend(dawg, p[0], letters) >= 0]
        return going_on[key]

    for direction in dirs:
        back = OPPOSITE[direction]
        for anchor, text in letters_on.items():
            if not text or step(anchor, back) in letters_on:
                continue  # not the first letter of its run (or a sign: left to humans)
            met = ""
            ahead = anchor
            while letters_on.get(ahead):
                met += letters_on[ahead]
                ahead = step(ahead, direction)
            cell = anchor
            for m in range(len(parts)):
                if m:
                    cell = step(cell, back)
                    if not on_board(cell) or cell in letters_on:
                        break
                if step(cell, back) in letters_on:
                    continue  # the word would run into the letters behind
                for node, used, jokers, word in parts_before(m, met):
                    walk(cell if m else None, anchor, direction, node, used, jokers, word, m, 0)
    return list(found.values())


def anagrams(letters: str, limit: int = 10, *, lexicon: Lexicon) -> list[str]:
    """Words of the automaton using exactly these letters (the word itself included)."""
    dawg = automaton(lexicon)
    counts: dict[str, int] = {}
    for ch in letters:
        counts[ch] = counts.get(ch, 0) + 1
    found: list[str] = []

    def walk(node: int, word: str, left: int) -> None:
        if len(found) >= limit:
            return
        if left == 0:
            if dawg.is_final(node):
                found.append(word)
            return
        for letter, nxt in dawg.children(node).items():
            if counts.get(letter, 0) > 0:
                counts[letter] -= 1
                walk(nxt, word + letter, left - 1)
                counts[letter] += 1

    walk(dawg.root, "", len(letters))
    return found
