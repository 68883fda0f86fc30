"""Volapük's options (every rule variant: defaults from the seed and RULINGS.md) and actions.

A player's dice are named by their index in his rack (`view(seat)["racks"][seat]`), because two
dice may show the same face in different colours and the colour decides the refill.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from ludomots.core.errors import RuleError
from ludomots.core.game import Action, ActionCodec
from ludomots.core.options import SECONDS_MAX

Step = Literal["roll", "place", "announce", "over"]
Mark = Literal["aigu", "grave", "circonflexe", "trema"]


@dataclass(frozen=True)
class VolapukOptions:
    rolls: int = field(default=3, metadata={
        "min": 1, "max": 10, "label": "Lancers par tour",
        "help": "Le joueur a droit à 3 lancers, en gardant les dés qu’il veut entre deux."})
    turn_seconds: int = field(default=180, metadata={
        "min": 0, "max": SECONDS_MAX, "label": "Minuteur (secondes)",
        "help": "Temps pour composer et déposer son mot ; sinon on passe son tour "
                "(0 : sans limite)."})
    adjacency: Literal["all", "orthogonal"] = field(default="all", metadata={
        "label": "Lettres accolées",
        "help": "Quels alignements de lettres créés par un coup doivent signifier quelque "
                "chose (sinon −10) : dans les quatre sens (lignes, colonnes, diagonales) "
                "ou seulement lignes et colonnes.",
        "choice_labels": {"all": "Quatre sens", "orthogonal": "Lignes et colonnes"}})
    phrases: bool = field(default=True, metadata={
        "label": "Phrases avec la case espace",
        "help": "Des mots séparés par des cases espaces (JOYEUX NOËL, SE POURRIR) sont "
                "admis, sans bonus."})
    new_sense: bool = field(default=True, metadata={
        "label": "Recomposer, c’est donner un sens nouveau",
        "help": "Une recomposition doit donner un sens nouveau à un mot au moins (PORT devient "
                "PARTI) ; un mot qui garde son sens (PORT devenu PORTS, ou l’inverse) ne "
                "compte pas. Sans cette règle, tout mot modifié compte."})
    pass_rounds: int = field(default=2, metadata={
        "min": 1, "max": 10, "label": "Fin sur passes",
        "help": "La partie s’arrête quand tous les joueurs passent autant de tours de suite."})
    multi_letter_values: bool = field(default=False, metadata={
        "label": "Valeur des dés multiples (plus-value)",
        "help": "Lettres doubles 3 points, triples 5, Æ et Œ 10, Ç 1."})
    graphemes: bool = field(default=False, metadata={
        "label": "Graphèmes et homophones (plus-value)",
        "help": "Un mot qui commence par le son de la lettre Élue compte à l’atout : "
                "PH = F, Æ/Œ = E, W = OU ou V, H muet (HACHE pour A, HYPHE pour I)."})
    accents: bool = field(default=False, metadata={
        "label": "Accents annoncés (plus-value)",
        "help": "Après chaque mot, tout joueur (même celui qui l’a posé) peut compléter une "
                "lettre du mot par son accent : 3 points, 6 si l’accent sert à deux mots "
                "croisés (ÉMUE et ÉCRUE). Les accents des dés posés (dé accent, É, È) "
                "valent aussi 3 points à celui qui les pose."})
    anagrams: bool = field(default=False, metadata={
        "label": "Anagrammes annoncés (plus-value)",
        "help": "Après chaque mot, chacun peut annoncer un autre mot fait des mêmes lettres : "
                "1 point par lettre ; un anagramme annoncé par plusieurs joueurs ne rapporte "
                "rien."})
    definitions: bool = field(default=False, metadata={
        "label": "Mots annoncés (plus-value)",
        "help": "Après chaque mot, le dictionnaire annonce son nombre de sens ; chacun peut "
                "en donner des définitions. Une définition donnée par plusieurs joueurs ne "
                "rapporte rien ; les réponses individuelles rapportent 3, 5, 7… points dans "
                "l’ordre où elles ont été données."})
    announce_seconds: int = field(default=30, metadata={
        "min": 0, "max": SECONDS_MAX, "label": "Temps des annonces (secondes)",
        "help": "Temps laissé à chacun pour ses annonces après un mot (0 : sans limite)."})
    super_joker: bool = field(default=False, metadata={
        "label": "Super joker (plus-value)",
        "help": "Le dé super joker est dans le sac opaque. Il remplace une lettre seule ; "
                "les mots qui passent par lui sont multipliés par sa force : 10, puis 1 de "
                "moins à chaque tour de table jusqu’à 1 ; −10 par mot qui ne commence pas "
                "par la lettre Élue ou qui utilise une case espace. Déconseillé aux "
                "débutants."})


@dataclass(frozen=True)
class Roll(Action):
    """Roll every die not kept (`keep`: rack indices of rolled dice kept; fétiches are never
    rolled)."""

    kind = "roll"
    keep: tuple[int, ...] = ()


@dataclass(frozen=True)
class Place(Action):
    """Put dice `dice` (rack indices) on the empty cells met from (`row`, `col`) along
    `direction`, cells already taken being played through; `letters[i]` is the letter a joker
    stands for ("" for any other die). An accent sign die (circumflex, trema) takes no cell:
    it comes right after the letter die it is set on (E then ^ writes Ê). `fetishes`: dice
    left in the rack kept, with their face,
    for the next turn (seed: "garder des lettres fétiches ... les annoncer"). `swap`: (row,
    col, die) takes back the simple joker at that cell against the rack's die showing its
    letter; the joker is then the rack's die number len(rack), and must be in `dice`."""

    kind = "place"
    row: int
    col: int
    direction: str
    dice: tuple[int, ...]
    letters: tuple[str, ...] = ()
    fetishes: tuple[int, ...] = ()
    swap: tuple[int, ...] = ()


@dataclass(frozen=True)
class Recompose(Action):
    """Move dice of the board (`moves`: from row, from col, to row, to col, four numbers a
    move) and lay rack dice `dice` on the cells `cells` (row, col pairs), jokers standing for
    `letters`; `fetishes` as for Place (seed: recomposing words, +10)."""

    kind = "recompose"
    moves: tuple[int, ...]
    dice: tuple[int, ...] = ()
    cells: tuple[int, ...] = ()
    letters: tuple[str, ...] = ()
    fetishes: tuple[int, ...] = ()


@dataclass(frozen=True)
class Pass(Action):
    """The player gives up his turn (seed: "S'il n'y parvient pas ... il passe son tour")."""

    kind = "pass"


@dataclass(frozen=True)
class Accent(Action):
    """Plus-value: the accent `mark` announced on the letter at (`row`, `col`) of the word just
    laid."""

    kind = "accent"
    row: int
    col: int
    mark: Mark


@dataclass(frozen=True)
class Anagram(Action):
    """Plus-value: another word made of the same letters as the word just laid."""

    kind = "anagram"
    word: str


@dataclass(frozen=True)
class Define(Action):
    """Plus-value: a definition of the word just laid (one of its dictionary senses)."""

    kind = "define"
    text: str


@dataclass(frozen=True)
class Done(Action):
    """No more announcements from this player for this word."""

    kind = "done"


CODEC = ActionCodec(Roll, Place, Recompose, Pass, Accent, Anagram, Define, Done)


def rule_error(code: str, message: str, **details: object) -> RuleError:
    return RuleError(code, message, dict(details))
