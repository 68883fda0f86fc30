"""Awalettres' options (every rule variant, defaults from the seed and RULINGS.md) and actions.

Actions are what a client sends. The word itself (`Play`) names, for each of its letters, the
seat whose card provides it and which letters are CONFUSION cards, so the seeds it moves are
exactly determined; the terminal and the bots fill those in for the player.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from ludomots.core.errors import RuleError
from ludomots.core.game import Action, ActionCodec
from ludomots.core.options import SECONDS_MAX

Step = Literal["define", "vote", "give", "panic", "trim", "exchange", "marabout", "word",
               "over"]


@dataclass(frozen=True)
class AwalettresOptions:
    first_player: Literal["random", "wayampou"] = field(default="random", metadata={
        "label": "Premier joueur",
        "help": "Tiré au sort, ou par la définition de WAYAMPOU : chacun écrit une "
                "définition du mot WAYAMPOU, tous votent (pas pour la leur) ; la plus "
                "crédible commence.",
        "choice_labels": {"random": "Tiré au sort", "wayampou": "Définition de WAYAMPOU"}})
    elephant: bool = field(default=False, metadata={
        "label": "Variante de l’éléphant",
        "help": "Seuls les mots de 4 lettres sont permis."})
    blind_spell: bool = field(default=True, metadata={
        "label": "Sortilège à l’aveugle",
        "help": "Celui qui tire un sortilège décide de le garder ou de le donner sans le "
                "regarder (règle du jeu). Sinon, il le regarde d’abord, seul."})
    trim_to_seven: bool = field(default=True, metadata={
        "label": "Retour à 7 cartes",
        "help": "Avec une CONFUSION, on a 8 cartes pendant un tour ; au tirage suivant, la "
                "CONFUSION compte dans les 7 et la lettre en trop retourne au grenier (tant "
                "qu’il n’est pas vide)."})
    marabout_card: Literal["caster", "target"] = field(default="caster", metadata={
        "label": "Carte du MARABOUTAGE",
        "help": "Une carte du lanceur : il désigne une carte de son propre jeu ; "
                "l’adversaire devra la lui prendre dans son prochain mot et la lui payer "
                "(règle du jeu). Une carte de l’adversaire : il désigne une carte du jeu de "
                "l’adversaire, qui devra la jouer et en verser les graines au lanceur.",
        "choice_labels": {"caster": "Une carte du lanceur (règle)",
                          "target": "Une carte de l’adversaire"}})
    spell_order: Literal["new_player", "last_player"] = field(default="new_player", metadata={
        "label": "Ordre des sortilèges tirés",
        "help": "Après un mot, les sortilèges tirés en complétant les jeux sont joués en "
                "commençant par le nouveau joueur (règle du jeu), ou par celui qui vient de "
                "jouer, puis dans l’ordre du tirage.",
        "choice_labels": {"new_player": "Le nouveau joueur d’abord (règle)",
                          "last_player": "Celui qui vient de jouer d’abord"}})
    exchange_confusion: bool = field(default=True, metadata={
        "label": "Donner sa CONFUSION par un ÉCHANGE",
        "help": "Un ÉCHANGE peut donner sa propre CONFUSION ; celui qui la reçoit paie "
                "5 graines (règle du jeu). Sinon, on n’échange que ses lettres."})
    credits_count: bool = field(default=False, metadata={
        "label": "Créances comptées",
        "help": "À la fin, les graines qu’on vous doit comptent pour vous (par défaut, "
                "seules les graines du sac comptent, moins vos dettes)."})
    panic_seconds: int = field(default=15, metadata={
        "min": 0, "max": SECONDS_MAX, "label": "Temps pour « pas de panique ! »",
        "help": "Secondes pour taper la phrase ; sinon, payer 5 graines au pot "
                "(0 : sans limite)."})


@dataclass(frozen=True)
class Define(Action):
    """WAYAMPOU: the player's definition of the word (hidden until everyone has written)."""

    kind = "define"
    text: str


@dataclass(frozen=True)
class Vote(Action):
    """WAYAMPOU: the most credible definition, by its number in the shown list (not one's own)."""

    kind = "vote"
    choice: int


@dataclass(frozen=True)
class Give(Action):
    """The spell just drawn goes to `target`: the drawer himself (keep) or an opponent."""

    kind = "give"
    target: int


@dataclass(frozen=True)
class Calm(Action):
    """PAS DE PANIQUE: pay 5 seeds to the pot, or shout the phrase (typed within the time)."""

    kind = "calm"
    method: Literal["pay", "shout"]
    phrase: str


@dataclass(frozen=True)
class Exchange(Action):
    """ÉCHANGE: swap own card `give` (a letter, or one's CONFUSION) with card `take` of seat
    `target`; `target` None declines (the spell is discarded all the same)."""

    kind = "exchange"
    give: str
    target: int | None
    take: str


@dataclass(frozen=True)
class Marabout(Action):
    """MARABOUTAGE: seat `target` must use the card `card` in his next word: a card of the
    caster's own hand (option `marabout_card="caster"`, the default), which the target takes
    and pays for, or one of the target's (`"target"`)."""

    kind = "marabout"
    target: int
    card: str


@dataclass(frozen=True)
class Return(Action):
    """Back to 7 cards: a letter in excess goes back to the grenier."""

    kind = "return"
    card: str


@dataclass(frozen=True)
class Play(Action):
    """A word: letter i from seat `sources[i]`; the positions in `wild` are CONFUSION cards
    (their seat's) standing for the letter written in `word`."""

    kind = "play"
    word: str
    sources: tuple[int, ...]
    wild: tuple[int, ...] = ()


@dataclass(frozen=True)
class Pass(Action):
    """No word is possible: the turn passes (refused while any word can be made)."""

    kind = "pass"


CODEC = ActionCodec(Define, Vote, Give, Calm, Exchange, Marabout, Return, Play, Pass)


def rule_error(code: str, message: str, **details: object) -> RuleError:
    return RuleError(code, message, dict(details))
