"""Volapük's dice: the five coloured sets, the 30 green dice, the super joker, the polyhedron.

The seed's figures are lost; its text gives the coloured dice (10 each of blue ABCDEF, white
GHIJKL, pink MNOPQR, orange STUVWX, yellow YZABCE), the 95 special characters and the 31 signs
of the green dice ("RECAPITULATIF DES LETTRES & SIGNES"), one super-joker die and a 26-face
polyhedron. RULINGS.md: the green dice's 180 faces are those specials and signs, the rest
single letters in French frequency; the exact faces are listed in docs/rules/volapuk.md.

A face is a short string: letters ("A", "É", "CH", "SCH", "Æ", "Œ"), a sign (APOSTROPHE,
HYPHEN, POINT, SPACE), an accent sign (CIRCUMFLEX, TREMA), a simple JOKER or the SUPER joker.
A die is named by an id: its colour for the interchangeable coloured dice ("bleu"...), "vertNN"
for each green die (their faces differ) and "super".
"""

from __future__ import annotations

from functools import cache

from ludomots.lexicon.fold import fold

COLOURS = ("bleu", "blanc", "rose", "orange", "jaune")
GREEN = "vert"
SUPER_DIE = "super"
COLOUR_NAMES = {"bleu": "bleu", "blanc": "blanc", "rose": "rose", "orange": "orange",
                "jaune": "jaune", GREEN: "vert", SUPER_DIE: "super joker"}
COLOURED_FACES: dict[str, tuple[str, ...]] = {
    "bleu": ("A", "B", "C", "D", "E", "F"),
    "blanc": ("G", "H", "I", "J", "K", "L"),
    "rose": ("M", "N", "O", "P", "Q", "R"),
    "orange": ("S", "T", "U", "V", "W", "X"),
    "jaune": ("Y", "Z", "A", "B", "C", "E"),
}
COLOURED_COPIES = 10  # seed: "en 10 exemplaires chacun"
GREEN_DICE = 30  # seed: "Trente dés verts"
FACES_PER_DIE = 6

APOSTROPHE = "'"
HYPHEN = "-"
POINT = "."
SPACE = "_"  # the "case espace"; a space in the word it makes
CIRCUMFLEX = "^"
TREMA = "¨"
JOKER = "?"
SUPER = "*"
SIGNS = (APOSTROPHE, HYPHEN, POINT, SPACE)
ACCENT_SIGNS = (CIRCUMFLEX, TREMA)
SIGN_NAMES = {APOSTROPHE: "apostrophe", HYPHEN: "trait d’union", POINT: "point",
              SPACE: "case espace", CIRCUMFLEX: "accent circonflexe", TREMA: "tréma",
              JOKER: "joker", SUPER: "super joker"}

# Seed, "Caractères Spéciaux": face -> copies. "OE" is the ligature Œ (worth 10 like Æ).
SPECIALS: dict[str, int] = {
    "Æ": 1, "AT": 1, "BR": 3, "Ç": 5, "CC": 3, "CH": 4, "É": 3, "È": 3, "ER": 4, "FF": 3,
    "FR": 2, "GG": 1, "GN": 1, "GR": 2, "IO": 2, "IR": 3, "LL": 4, "MB": 3, "MM": 4, "MN": 1,
    "MP": 2, "NN": 2, "NT": 2, "Œ": 1, "OI": 3, "PH": 4, "PP": 3, "PR": 2, "RE": 3, "RR": 3,
    "SC": 2, "SCH": 1, "SH": 1, "SP": 2, "SS": 3, "ST": 2, "TR": 3, "TT": 3,
}
# Seed, "31 Signes Spéciaux" (the super joker is its own die, outside the 31).
SIGN_FACES: dict[str, int] = {CIRCUMFLEX: 2, TREMA: 2, POINT: 5, APOSTROPHE: 5, HYPHEN: 4,
                              SPACE: 9, JOKER: 4}
# The rest of the 180 green faces: 54 single letters in French frequency (project's choice).
GREEN_SINGLES: dict[str, int] = {"E": 8, "A": 5, "I": 5, "S": 5, "N": 4, "R": 4, "T": 4,
                                 "O": 4, "U": 4, "L": 3, "D": 2, "C": 2, "M": 2, "P": 2}

ELUE_FACES = tuple("ABCDEFGHIJKLMNOPQRSTUVWXYZ")  # the 26-face polyhedron

#: Letters a joker may stand for ("n'importe quelle lettre seule").
JOKER_LETTERS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZÀÂÇÉÈÊËÎÏÔÙÛÜ")
ACCENTED = frozenset("ÀÂÇÉÈÊËÎÏÔÙÛÜ")
#: Letter faces carrying an accent (chapter A: "lettres accentuées"; the cedilla is no accent).
ACCENT_FACES = frozenset("ÉÈ")
#: What an accent sign die makes of the letter it is set on (chapter A).
SIGN_ACCENTS: dict[str, dict[str, str]] = {
    CIRCUMFLEX: {"A": "Â", "E": "Ê", "I": "Î", "O": "Ô", "U": "Û"},
    TREMA: {"E": "Ë", "I": "Ï", "U": "Ü"},
}


@cache
def green_faces() -> tuple[tuple[str, ...], ...]:
    """The 30 green dice, 6 faces each: the 180 faces in a fixed list dealt round-robin (face
    i on die i mod 30), so the specials and signs spread over all the dice."""
    flat = [f for f, n in SPECIALS.items() for _ in range(n)]
    flat += [f for f, n in SIGN_FACES.items() for _ in range(n)]
    flat += [f for f, n in GREEN_SINGLES.items() for _ in range(n)]
    assert len(flat) == GREEN_DICE * FACES_PER_DIE
    return tuple(tuple(flat[d::GREEN_DICE]) for d in range(GREEN_DICE))


def green_id(index: int) -> str:
    return f"{GREEN}{index + 1:02d}"


def colour_of(die: str) -> str:
    """The bag colour of a die id ("vert07" -> "vert")."""
    return GREEN if die.startswith(GREEN) else die


def faces_of(die: str) -> tuple[str, ...]:
    if die in COLOURED_FACES:
        return COLOURED_FACES[die]
    if die == SUPER_DIE:
        return (SUPER,) * FACES_PER_DIE
    return green_faces()[int(die[len(GREEN):]) - 1]


def all_dice(super_joker: bool) -> list[str]:
    """Every die of the box, coloured first, in a fixed order."""
    dice = [c for c in COLOURS for _ in range(COLOURED_COPIES)]
    dice += [green_id(i) for i in range(GREEN_DICE)]
    return dice + ([SUPER_DIE] if super_joker else [])


def is_letter(face: str) -> bool:
    """Letter faces (single, double, triple, accented, ligatures) make the word's letters."""
    return face not in SIGNS and face not in ACCENT_SIGNS and face not in (JOKER, SUPER)


def is_joker(face: str) -> bool:
    return face in (JOKER, SUPER)


def face_text(face: str, letter: str = "") -> str:
    """What a face writes in a word: its letters, a sign, or the letter a joker stands for."""
    if is_joker(face):
        return letter
    if face == SPACE:
        return " "
    return face


def letter_value(face: str) -> int:
    """Option "valeur des dés multiples" (seed rule 1): double letters 3, triple 5, Æ and Œ
    10, Ç 1 like C, any single letter 1."""
    if face in ("Æ", "Œ"):
        return 10
    n = len(face)
    return 5 if n == 3 else 3 if n == 2 else 1


def face_letters(face: str) -> str:
    """The folded A–Z letters of a letter face (for the automaton): "Œ" -> "OE", "É" -> "E"."""
    return fold(face)
