"""Awalettres' legality: why an action is refused now (None when it is legal), in French.

Never mutates the state; `AwalettresState._check` is `check` below.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludomots.core.errors import RuleError
from ludomots.core.game import Action
from ludomots.core.text import printable
from ludomots.games.awalettres.actions import (
    Calm,
    Define,
    Exchange,
    Give,
    Marabout,
    Pass,
    Play,
    Return,
    Vote,
    rule_error,
)
from ludomots.games.awalettres.cards import WILD
from ludomots.games.awalettres.panic import is_panic_phrase

if TYPE_CHECKING:
    from ludomots.games.awalettres.state import AwalettresState

MAX_DEFINITION = 200

_WRONG_ACTION: dict[str, str] = {
    "define": "Écrivez d’abord votre définition de WAYAMPOU.",
    "vote": "Votez pour la définition la plus crédible.",
    "give": "Gardez le sortilège tiré ou donnez-le à un adversaire.",
    "panic": "Pas de panique ! Payez 5 graines au pot ou criez « pas de panique ! ».",
    "trim": "Remettez une lettre en trop dans le grenier.",
    "exchange": "Jouez votre sortilège d’ÉCHANGE (ou renoncez-y) avant de poser votre mot.",
    "marabout": "Lancez votre MARABOUTAGE : désignez un adversaire et une carte.",
    "word": "Posez un mot.",
}


def check(state: AwalettresState, seat: int, action: Action) -> RuleError | None:
    if not 0 <= seat < state.players:
        return rule_error("not_your_turn", "Vous n’êtes pas assis à cette table.")
    if state.step == "define" and isinstance(action, Define) and \
            state.definitions[seat] is not None:
        return rule_error("already_defined", "Vous avez déjà écrit votre définition.")
    if state.step == "vote" and isinstance(action, Vote) and state.votes[seat] is not None:
        return rule_error("already_voted", "Vous avez déjà voté.")
    if seat not in state.to_act():
        return rule_error("not_your_turn", "Ce n’est pas à vous de jouer.")
    if state.step == "word":
        return check_word(state, seat, action)
    expected: dict[str, type[Action]] = {
        "define": Define, "vote": Vote, "give": Give, "panic": Calm, "trim": Return,
        "exchange": Exchange, "marabout": Marabout}
    if not isinstance(action, expected[state.step]):
        return rule_error("wrong_action", _WRONG_ACTION[state.step])
    if isinstance(action, Define):
        return check_define(state, seat, action)
    if isinstance(action, Vote):
        return check_vote(state, seat, action)
    if isinstance(action, Give):
        return check_give(state, seat, action)
    if isinstance(action, Calm):
        return check_calm(state, seat, action)
    if isinstance(action, Return):
        return check_return(state, seat, action)
    if isinstance(action, Exchange):
        return check_exchange(state, seat, action)
    assert isinstance(action, Marabout)
    return check_marabout(state, seat, action)


def check_word(state: AwalettresState, seat: int, action: Action) -> RuleError | None:
    if isinstance(action, Play):
        try:
            state.outcome(seat, action)
        except RuleError as exc:
            return exc
        return None
    if isinstance(action, Pass):
        if state.can_play:
            return rule_error("word_possible", "Un mot est possible : vous devez jouer.")
        return None
    return rule_error("wrong_action", _WRONG_ACTION["word"])


def check_define(state: AwalettresState, seat: int, action: Define) -> RuleError | None:
    text = action.text.strip()
    if not text or len(text) > MAX_DEFINITION:
        return rule_error("bad_definition", "Écrivez une définition de 1 à "
                          f"{MAX_DEFINITION} caractères.")
    if not printable(text):
        return rule_error("bad_definition", "La définition contient des caractères non "
                          "autorisés.")
    return None


def check_vote(state: AwalettresState, seat: int, action: Vote) -> RuleError | None:
    if not 0 <= action.choice < len(state.order):
        return rule_error("bad_vote", f"Votez pour une définition de 1 à {len(state.order)}.",
                          choice=action.choice)
    if state.order[action.choice] == seat:
        return rule_error("own_definition", "On ne vote pas pour sa propre définition.")
    return None


def check_give(state: AwalettresState, seat: int, action: Give) -> RuleError | None:
    if not 0 <= action.target < state.players:
        return rule_error("bad_target", "Ce joueur n’existe pas.", target=action.target)
    return None


def check_calm(state: AwalettresState, seat: int, action: Calm) -> RuleError | None:
    if action.method == "shout" and not is_panic_phrase(action.phrase):
        return rule_error("wrong_phrase", "Il faut crier exactement « pas de panique ! ».",
                          phrase=action.phrase)
    return None


def check_return(state: AwalettresState, seat: int, action: Return) -> RuleError | None:
    if action.card == WILD or action.card not in state.hands[seat]:
        return rule_error("card_not_in_hand", "Remettez une de vos lettres.",
                          card=action.card)
    return None


def check_exchange(state: AwalettresState, seat: int, action: Exchange) -> RuleError | None:
    if action.target is None:
        return None
    target = action.target
    if not 0 <= target < state.players or target == seat:
        return rule_error("bad_target", "Échangez avec un adversaire.", target=target)
    if action.give not in state.hands[seat] or \
            (action.give == WILD and not state.options.exchange_confusion):
        return rule_error("card_not_in_hand", "Donnez une de vos lettres.",
                          card=action.give)
    if action.take not in state.hands[target]:
        return rule_error("card_not_in_hand", f"Le joueur {target + 1} n’a pas cette "
                          "carte.", card=action.take)
    if (action.take == WILD and WILD in state.hands[seat]) or \
            (action.give == WILD and WILD in state.hands[target]):
        return rule_error("two_confusions", "On ne peut pas avoir deux CONFUSION à la "
                          "fois.")
    return None


def check_marabout(state: AwalettresState, seat: int, action: Marabout) -> RuleError | None:
    target = action.target
    if not 0 <= target < state.players or target == seat:
        return rule_error("bad_target", "Lancez le MARABOUTAGE sur un adversaire.",
                          target=target)
    if state.from_caster and action.card not in state.hands[seat]:
        return rule_error("card_not_in_hand", "Désignez une carte de votre propre jeu.",
                          card=action.card)
    if not state.from_caster and action.card not in state.hands[target]:
        return rule_error("card_not_in_hand", f"Le joueur {target + 1} n’a pas cette "
                          "carte.", card=action.card)
    return None
