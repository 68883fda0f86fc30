"""The plus-values announced after a word (seed "Mots annoncés : ACCENTS, ANAGRAMMES", chapter
A and rules A2, A6): what an accent or an anagram announcement is worth, judged by the lexicon.

- An accent (chapter A): "tout joueur, même l'officiant peut intervenir pour compléter par
  l'accent approprié le mot venant d'être composé ... S'il est reconnu correct, le joueur gagne
  3 points ... Dans le cas d'un accent servant sur deux mots croisés comme ÉMUE et ÉCRUE le
  bonus sera doublé." Correct = the word just laid, and every word crossing at that letter,
  are still spelled as the dictionary spells them with the accent written.
- An anagram (A6): "Tout mot, dont un joueur pourrait faire lire aux autres, un autre sens,
  fait gagner 1 point par lettre": another accepted word of the same letters. As for the words
  announced ("une réponse commune élimine le bonus"), an anagram announced by several players
  scores for none.
"""

from __future__ import annotations

from ludomots.games.volapuk.actions import Mark, rule_error
from ludomots.games.volapuk.board import FORWARD, Cell
from ludomots.games.volapuk.dice import is_joker, is_letter
from ludomots.games.volapuk.scoring import Board, read_run, run
from ludomots.games.volapuk.words import judge
from ludomots.lexicon.fold import fold
from ludomots.lexicon.lexicon import Lexicon

ACCENT_POINTS = 3  # seed A2: "Tout accent compte 3 pts"
MAX_CROSSING = 2  # "le bonus sera doublé"

ACCENTED: dict[tuple[str, Mark], str] = {
    ("E", "aigu"): "É", ("E", "grave"): "È", ("E", "circonflexe"): "Ê", ("E", "trema"): "Ë",
    ("A", "grave"): "À", ("A", "circonflexe"): "Â", ("I", "circonflexe"): "Î",
    ("I", "trema"): "Ï", ("O", "circonflexe"): "Ô", ("U", "grave"): "Ù",
    ("U", "circonflexe"): "Û", ("U", "trema"): "Ü",
}
MARK_NAMES = {"aigu": "aigu", "grave": "grave", "circonflexe": "circonflexe",
              "trema": "tréma"}


def _words_through(board: Board, cell: Cell, phrases: bool, lexicon: Lexicon
                   ) -> list[list[Cell]]:
    """The runs through `cell` (four orientations) that read as words, in reading order."""
    found = []
    for orientation in FORWARD:
        line = run(board, cell, orientation)
        if len(line) < 2:
            continue
        read = read_run(board, line, orientation, phrases, {cell},  # signs at its ends aside
                        lexicon=lexicon)
        if read is not None and read[2].ok:
            found.append(read[0])
    return found


def accent_points(board: Board, word: list[Cell], cell: Cell, mark: Mark,
                  phrases: bool, lexicon: Lexicon) -> tuple[str, int]:
    """The accented letter and its points; RuleError when the announcement is wrong."""
    if cell not in word:
        raise rule_error("not_in_word", "L’accent se met sur une lettre du mot qui vient "
                         "d’être posé.", cell=list(cell))
    tile = board[cell]
    letter = tile.letter if is_joker(tile.face) else tile.face
    if tile.accent or not (is_letter(tile.face) or is_joker(tile.face)) or len(letter) != 1:
        raise rule_error("no_accent_here", "Cette case ne porte pas une lettre seule sans "
                         "accent.", cell=list(cell))
    accented = ACCENTED.get((letter, mark))
    if accented is None:
        raise rule_error("wrong_accent", f"La lettre {letter} ne prend pas l’accent "
                         f"{MARK_NAMES.get(mark, mark)}.", cell=list(cell))
    before = _words_through(board, cell, phrases, lexicon)
    after = dict(board)
    after[cell] = type(tile)(tile.face, tile.die, tile.letter, accented)
    for line in before:
        if not judge("".join(after[c].text for c in line), phrases, lexicon=lexicon).ok:
            text = "".join(board[c].text for c in line)
            raise rule_error("wrong_accent", f"« {text} » ne s’écrit pas avec {accented} "
                             "à cette place.", cell=list(cell), word=text)
    if not any(set(line) == set(word) for line in before):
        raise rule_error("not_in_word", "L’accent se met sur une lettre du mot qui vient "
                         "d’être posé.", cell=list(cell))
    return accented, ACCENT_POINTS * min(MAX_CROSSING, len(before))


def letters_of(text: str) -> str:
    return "".join(ch for ch in fold(text) if "A" <= ch <= "Z")


def check_anagram(word_text: str, anagram: str, phrases: bool, lexicon: Lexicon) -> str:
    """The folded letters of a correct anagram of `word_text`; RuleError otherwise."""
    mine = letters_of(anagram)
    theirs = letters_of(word_text)
    if sorted(mine) != sorted(theirs):
        raise rule_error("not_an_anagram", f"« {anagram} » n’a pas les mêmes lettres que "
                         f"« {word_text} ».", word=anagram)
    if mine == theirs:
        raise rule_error("same_word", "Un anagramme est un autre mot.", word=anagram)
    if not judge(anagram.strip().upper(), phrases, lexicon=lexicon).ok:
        raise rule_error("unknown_word", f"« {anagram} » n’est pas dans le dictionnaire.",
                         word=anagram)
    return mine



# -- words announced (chapter B) -------------------------------------------------------------

FIRST_REWARD = 3  # "la première réponse individuelle donne 3 points"
REWARD_STEP = 2  # "la seconde ... 5 points, la troisième ... 7 points..."
STEM = 5  # letters two words must share at their start to count as the same word
_STOP = frozenset((
    "avec", "dans", "pour", "sans", "sous", "chez", "entre", "vers", "plus", "moins", "tres",
    "tout", "toute", "tous", "toutes", "autre", "autres", "dont", "elle", "elles", "leur",
    "leurs", "cette", "cela", "celui", "celle", "ceux", "quelque", "quelqu", "chose", "etre",
    "avoir", "fait", "faire", "sont", "peut", "aussi", "ainsi", "comme", "mais", "donc",
    "encore", "meme", "memes"))


def senses(word_text: str, lexicon: Lexicon) -> list[str]:
    """The dictionary's senses of the word just laid: every definition of every reading
    (lemma and class) of the form, in the lexicon's order, duplicates once."""
    seen: list[tuple[str, str]] = []
    for entry in lexicon.entries(word_text):
        if (entry.lemma, entry.cls) not in seen:
            seen.append((entry.lemma, entry.cls))
    found: list[str] = []
    for lemma, cls in seen:
        for text in lexicon.definitions(lemma, cls):
            if text not in found:
                found.append(text)
    return found


def _stems(text: str) -> set[str]:
    words = "".join(ch if ch.isalpha() else " " for ch in fold(text)).lower().split()
    return {w[:STEM] for w in words if len(w) >= 4 and w not in _STOP}


def match_sense(definition: str, known: list[str]) -> int:
    """The sense a player's definition gives: the one sharing the most significant words
    (compared on their first letters, so plurals and genders match); -1 when none does."""
    mine = _stems(definition)
    best, best_shared = -1, 0
    for index, sense in enumerate(known):
        shared = len(mine & _stems(sense))
        if shared > best_shared:
            best, best_shared = index, shared
    return best


def definition_rewards(answers: list[tuple[int, int]]) -> list[int]:
    """Points of each answer (seat, sense), in the order they were given: an answer shared by
    several players, a wrong one, or a sense the player already gave, scores nothing; the
    individual ones score 3, 5, 7... in that order (seed chapter B, C2)."""
    by_sense: dict[int, set[int]] = {}
    for seat, sense in answers:
        if sense >= 0:
            by_sense.setdefault(sense, set()).add(seat)
    points = []
    given: set[tuple[int, int]] = set()
    rank = 0
    for seat, sense in answers:
        if sense < 0 or len(by_sense[sense]) > 1 or (seat, sense) in given:
            points.append(0)
            continue
        given.add((seat, sense))
        points.append(FIRST_REWARD + REWARD_STEP * rank)
        rank += 1
    return points
