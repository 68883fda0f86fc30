"""Typo's options (every rule variant, defaults from the seed and RULINGS.md) and its actions.

Actions are what a client sends: the hidden choice of a card, a placement with its word, the
declaration that a card fits nowhere, a vote on a word. They are plain frozen dataclasses so the
core codec checks them at the border and records store them as JSON.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from ludomots.core.errors import RuleError
from ludomots.core.game import Action, ActionCodec
from ludomots.core.options import SECONDS_MAX
from ludomots.games.typo.rows import Side

CHALLENGE_BONUS = 2  # seed: "Si le mot existe, vous marquez 2 point"
REFUSED_WORD_PENALTY = 2  # seed: "Vous perdez alors 2 points négatifs supplémentaire"

Step = Literal["choose", "place", "vote", "discard", "over"]


@dataclass(frozen=True)
class TypoOptions:
    referee: Literal["challenge", "auto"] = field(default="challenge", metadata={
        "label": "Arbitrage",
        "choice_labels": {"challenge": "Doute des joueurs (règle du jeu)",
                          "auto": "Arbitre automatique"},
        "help": "Doute des joueurs : les autres joueurs peuvent douter d'un mot annoncé ; si "
                "la moitié d'entre eux ou plus doutent, le dictionnaire tranche (règle du "
                "jeu). Arbitre automatique : un mot inconnu est refusé tout de suite."})
    first_player: int | None = field(default=None, metadata={
        "min": 0, "max": 5, "label": "Premier joueur", "seat": True,
        "help": "Le joueur qui reçoit le dictionnaire au départ ; sinon, il est tiré au "
                "sort."})
    tie_order: Literal["reveal", "live"] = field(default="reveal", metadata={
        "label": "Ordre des lettres identiques",
        "choice_labels": {"reveal": "Fixé à la révélation des cartes",
                          "live": "Suit le dictionnaire pendant le tour"},
        "help": "Fixé à la révélation : l'ordre de tout le tour est fixé quand les cartes "
                "sont révélées. Suit le dictionnaire : il suit le dictionnaire même s'il "
                "change de main pendant le tour."})
    thinking_seconds: int = field(default=30, metadata={
        "min": 0, "max": SECONDS_MAX, "label": "Temps de réflexion",
        "help": "Secondes pour choisir une carte, poser ou voter ; ensuite la carte la plus "
                "faible est jouée, on renonce à poser, ou l'on ne doute pas. 0 : sans limite."})


@dataclass(frozen=True)
class Choose(Action):
    """The card a player puts face down this round (a letter of his hand)."""

    kind = "choose"
    card: str


@dataclass(frozen=True)
class Place(Action):
    """Put the revealed card at an end of row `row` (0–3) and announce `word`."""

    kind = "place"
    row: int
    side: Side
    word: str


@dataclass(frozen=True)
class Fail(Action):
    """"Je ne peux pas placer cette lettre": discard row `row`, which must be a longest one.
    Also what a player whose word was refused plays when several rows are longest."""

    kind = "fail"
    row: int


@dataclass(frozen=True)
class Vote(Action):
    """Whether a player doubts the word just announced (the others vote at the same time)."""

    kind = "vote"
    doubt: bool


CODEC = ActionCodec(Choose, Place, Fail, Vote)


def rule_error(code: str, message: str, **details: object) -> RuleError:
    return RuleError(code, message, dict(details))
