"""Vocabulon's options (every rule variant, defaults from the seed and RULINGS.md) and actions.

Actions are what a client sends: a secret word (at the start, or to change it), a throw of the
die, the cell a pawn goes to, the letter card chosen on a VOCABULON cell, an exchange proposed
and its answer, the holders' answer to a player who asks for the letter he misses before
changing his word, and an answer to a riddle ("" says "je ne sais pas"). They are frozen
dataclasses so the core codec checks them at the border and records store them as JSON.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from ludomots.core.errors import RuleError
from ludomots.core.game import Action, ActionCodec
from ludomots.core.options import SECONDS_MAX

Clue = Literal["aucun", "deuxieme", "derniere"]
#: The most answers one player gives under one sand-glass (« autant qu'il veut » in the
#: rules): more than anyone types in a minute, few enough that a flood cannot swell the
#: views, the record and the replay. Past it the sand-glass counts as run out.
ANSWERS_MAX = 20
Step = Literal["secret", "throw", "move", "vocabulon", "respond", "pick", "answer", "others",
               "offer", "over"]


@dataclass(frozen=True)
class VocabulonOptions:
    word_length: Literal[5, 6, 7] = field(default=5, metadata={
        "label": "Longueur du mot secret",
        "choice_labels": {5: "5 lettres (règle)", 6: "6 lettres", 7: "7 lettres"},
        "help": "5 lettres selon la règle ; variante pour les parties plus longues : 6 ou 7."})
    handicaps: tuple[int, ...] = field(default=(), metadata={
        "label": "Handicaps",
        "help": "Par joueur : un joueur plus fort choisit un mot secret d'une lettre de plus "
                "(+1) ; un enfant, par exemple, gagne avec un mot d'une lettre de moins (-1).",
        "per_seat": {"choices": (-1, 0, 1), "default": 0, "labels": {
            -1: "Une lettre de moins", 0: "Sans handicap", 1: "Une lettre de plus"}}})
    deck: Literal["standard", "facile"] = field(default="standard", metadata={
        "label": "Cartes-énigme",
        "help": "Standard : le jeu de 528 cartes ; facile : des mots très courants, pour les "
                "enfants.",
        "choice_labels": {"standard": "Standard", "facile": "Facile (enfants)"}})
    clues: tuple[Clue, ...] = field(default=(), metadata={
        "label": "Indice supplémentaire",
        "help": "Par joueur : la deuxième ou la dernière lettre du mot à trouver est donnée "
                "en plus de l'initiale, ou aucune.",
        "per_seat": {"default": "aucun", "labels": {
            "aucun": "Aucun", "deuxieme": "La deuxième lettre", "derniere": "La dernière lettre"}}})
    sandglass_seconds: int = field(default=60, metadata={
        "min": 0, "max": SECONDS_MAX, "label": "Sablier",
        "help": "Secondes pour trouver le mot une fois les indices donnés. 0 : sans limite."})
    answers: int = field(default=0, metadata={
        "min": 0, "max": ANSWERS_MAX, "label": "Réponses par sablier",
        "help": "Combien de réponses le joueur peut donner avant la fin du sablier ; "
                f"0 : autant qu'il veut (règle du jeu), {ANSWERS_MAX} au plus."})
    others_seconds: int = field(default=20, metadata={
        "min": 0, "max": SECONDS_MAX, "label": "Temps des autres joueurs",
        "help": "Secondes de chacun des autres joueurs pour répondre, dans l'ordre de la "
                "table, quand le joueur n'a pas trouvé. 0 : sans limite."})
    die: Literal["3-8", "1-6"] = field(default="3-8", metadata={
        "label": "Dé",
        "help": "Faces 3 à 8 : le chiffre du dé est la longueur du mot et le nombre de "
                "cases. Faces 1 à 6 : un dé ordinaire, le pion avance du chiffre et le mot a "
                "deux lettres de plus.",
        "choice_labels": {"3-8": "Faces 3 à 8", "1-6": "Faces 1 à 6 (mot de 3 à 8 lettres)"}})
    first_throw: Literal["clockwise", "strict"] = field(default="clockwise", metadata={
        "label": "Premier lancer",
        "help": "Au premier lancer on avance dans le sens des aiguilles d'une montre. "
                "Après un changement d'anneau, on peut prendre l'autre sens (règle), ou "
                "jamais.",
        "choice_labels": {"clockwise": "Sens horaire, libre après un changement d'anneau",
                          "strict": "Sens horaire sur tous les anneaux"}})
    blocked: Literal["pass", "rethrow"] = field(default="pass", metadata={
        "label": "Pion bloqué",
        "help": "Quand aucune case n'est accessible avec le chiffre du dé : le tour passe, "
                "ou l'on relance le dé.",
        "choice_labels": {"pass": "Le tour passe", "rethrow": "On relance"}})
    riddle_alternates: bool = field(default=True, metadata={
        "label": "Autres bonnes réponses",
        "help": "Un autre mot de même initiale, même longueur et même catégorie qui répond "
                "aussi bien à la définition est accepté : une autre orthographe (LYS pour "
                "LIS), un mot que le dictionnaire définit de même. Sinon, seul le mot écrit "
                "au dos de la carte."})
    reveal_unfound: bool = field(default=True, metadata={
        "label": "Dévoiler le mot non trouvé",
        "help": "Quand personne ne trouve, le lecteur lit la réponse avant de remettre la "
                "carte sous le compartiment."})
    change_ends_turn: bool = field(default=False, metadata={
        "label": "Changer de mot coûte le tour",
        "help": "Un joueur qui change de mot secret au début de son tour ne lance pas le dé "
                "ce tour-là."})
    theme: str = field(default="", metadata={
        "max_length": 40, "label": "Thème",
        "help": "Variante : un thème annoncé pour les mots secrets (objet, sport, animal...). "
                "Il n'est pas vérifié."})
    max_rounds: int = field(default=100, metadata={
        "min": 0, "max": 10_000, "label": "Tours au plus",
        "help": "Après ce nombre de tours de table sans gagnant, la partie s'arrête sans "
                "vainqueur. 0 : sans limite."})


@dataclass(frozen=True)
class ChooseSecret(Action):
    """The secret word written on the folded paper at the start (every player at once)."""

    kind = "secret"
    word: str


@dataclass(frozen=True)
class ChangeSecret(Action):
    """Seed, CHANGEMENT DE MOT SECRET: reveal the word and take one two letters longer."""

    kind = "change_secret"
    word: str


@dataclass(frozen=True)
class Throw(Action):
    """Throw the die (the engine draws it from the game's seeded source)."""

    kind = "throw"


@dataclass(frozen=True)
class Move(Action):
    """Move the pawn to ``cell`` (one of the reachable cells; see ``board``)."""

    kind = "move"
    cell: int


@dataclass(frozen=True)
class Pick(Action):
    """On a VOCABULON cell: the letter card to play for (a riddle of that compartment)."""

    kind = "pick"
    group: str


@dataclass(frozen=True)
class Propose(Action):
    """On a VOCABULON cell: give one of my letter cards (``give``) for one of ``seat``'s."""

    kind = "propose"
    seat: int
    give: str
    take: str


@dataclass(frozen=True)
class Respond(Action):
    """The answer of the player asked for an exchange."""

    kind = "respond"
    accept: bool


@dataclass(frozen=True)
class Offer(Action):
    """Seed, CHANGEMENT DE MOT SECRET: a player who wants to change his word first asks for the
    missing letter; each holder of one, in table order, offers his card ``give`` for the
    asker's card ``take``, or refuses (``give`` "")."""

    kind = "offer"
    give: str
    take: str


@dataclass(frozen=True)
class Answer(Action):
    """An answer to the riddle; "" means "je ne sais pas" (what the sand-glass running out
    plays)."""

    kind = "answer"
    word: str


CODEC = ActionCodec(ChooseSecret, ChangeSecret, Throw, Move, Pick, Propose, Respond, Offer,
                    Answer)


def rule_error(code: str, message: str, **details: object) -> RuleError:
    return RuleError(code, message, dict(details))
