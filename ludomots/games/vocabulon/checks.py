"""What a Vocabulon action must satisfy to be played now: one check per step of the turn.

A check never changes the state; `play.py` applies only what passed here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ludomots.core.errors import RuleError
from ludomots.core.game import Action
from ludomots.games.vocabulon import board
from ludomots.games.vocabulon.actions import (
    Answer,
    ChangeSecret,
    ChooseSecret,
    Move,
    Offer,
    Pick,
    Propose,
    Respond,
    Throw,
    rule_error,
)
from ludomots.games.vocabulon.answers import answer_error
from ludomots.games.vocabulon.groups import GROUPS
from ludomots.games.vocabulon.secret import change_error, word_error

if TYPE_CHECKING:
    from ludomots.games.vocabulon.state import VocabulonState

_WRONG_ACTION: dict[str, str] = {
    "secret": "Écrivez d'abord votre mot secret.",
    "throw": "Lancez le dé (ou changez de mot secret s'il ne peut plus être complété).",
    "move": "Choisissez la case où va votre pion.",
    "vocabulon": "Case VOCABULON : choisissez une carte-lettre ou proposez un échange.",
    "respond": "Acceptez ou refusez l'échange proposé.",
    "pick": "L'échange a été refusé : choisissez une carte-lettre disponible.",
    "answer": "Répondez à l'énigme (ou dites que vous ne savez pas).",
    "others": "Donnez votre réponse à l'énigme (ou passez).",
    "offer": "Un joueur demande la lettre qui lui manque : proposez-lui un échange ou "
             "refusez.",
}


def check(state: VocabulonState, seat: int, action: Action) -> RuleError | None:
    """Why ``seat`` may not play ``action`` now, or None (`State.check` calls this)."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.players:
        return rule_error("not_your_turn", "Vous n'êtes pas assis à cette table.")
    if state.step == "secret" and isinstance(action, ChooseSecret) and \
            state.secrets[seat] is not None:
        return rule_error("already_chosen", "Vous avez déjà écrit votre mot secret.")
    if seat not in state.to_act():
        return rule_error("not_your_turn", "Ce n'est pas à vous de jouer.")
    return _BY_STEP[state.step](state, seat, action)


def wrong(state: VocabulonState) -> RuleError:
    return rule_error("wrong_action", _WRONG_ACTION[state.step], step=state.step)


def check_secret(state: VocabulonState, seat: int, action: Action) -> RuleError | None:
    if not isinstance(action, ChooseSecret):
        return wrong(state)
    return word_error(action.word, state.lengths[seat], state.lexicon)


def check_throw(state: VocabulonState, seat: int, action: Action) -> RuleError | None:
    if isinstance(action, Throw):
        return None
    if isinstance(action, ChangeSecret):
        error = change_error(state.secret_of(seat), action.word, state.held[seat],
                             state.available(), state.lexicon)
        if error is None and state.asked_turn == state.turn:
            return rule_error("already_asked", "Vous avez déjà demandé la lettre qui vous "
                              "manque ce tour-ci : lancez le dé.")
        return error
    return wrong(state)


def check_move(state: VocabulonState, seat: int, action: Action) -> RuleError | None:
    if not isinstance(action, Move):
        return wrong(state)
    if not board.is_cell(action.cell):
        return rule_error("bad_cell", "Cette case n'existe pas.", cell=action.cell)
    reachable = state.reachable()
    if action.cell not in reachable:
        if action.cell in state.positions and action.cell != state.positions[seat] and \
                action.cell in paths_for_all_cells(state, seat):
            return rule_error("cell_occupied", "Un autre pion occupe cette case : on peut "
                              "la dépasser, pas s'y arrêter.", cell=action.cell)
        assert state.face is not None
        return rule_error("unreachable_cell", f"Votre pion ne peut pas atteindre "
                          f"{board.cell_name(action.cell)} en exactement "
                          f"{state.steps_of(state.face)} cases.", cell=action.cell,
                          reachable=sorted(reachable))
    return None


def paths_for_all_cells(state: VocabulonState, seat: int) -> set[int]:
    """Destinations of this throw if no pawn stood in the way (to tell an occupied cell
    from an unreachable one)."""
    assert state.face is not None
    return set(board.paths(state.positions[seat], state.steps_of(state.face),
                           state.first_throw(seat), state.options.first_throw))


def check_vocabulon(state: VocabulonState, seat: int, action: Action) -> RuleError | None:
    if isinstance(action, Pick):
        if action.group not in GROUPS:
            return rule_error("bad_group", f"« {action.group} » n'est pas une carte-lettre "
                              f"({', '.join(GROUPS)}).", group=action.group)
        if state.available()[action.group] == 0:
            return rule_error("no_card_left", f"Les trois cartes-lettre {action.group} ont "
                              "déjà été gagnées.", group=action.group)
        return None
    if isinstance(action, Propose) and state.step == "vocabulon":
        return check_propose(state, seat, action)
    if isinstance(action, Propose):
        return rule_error("exchange_refused", "Votre échange a été refusé : il ne reste que "
                          "le choix d'une carte-lettre.")
    return wrong(state)


def check_propose(state: VocabulonState, seat: int, action: Propose) -> RuleError | None:
    other = action.seat
    if isinstance(other, bool) or not isinstance(other, int) or \
            not 0 <= other < state.players or other == seat:
        return rule_error("bad_partner", "Proposez l'échange à un autre joueur de la table.",
                          seat=other)
    return swap_error(state, seat, other, action.give, action.take)


def swap_error(state: VocabulonState, seat: int, other: int, give: str,
               take: str) -> RuleError | None:
    """Why `seat` cannot give his card `give` for `other`'s card `take`, or None."""
    if give not in state.held[seat]:
        return rule_error("card_not_held", f"Vous n'avez pas de carte-lettre "
                          f"« {give} » à donner.", group=give)
    if take not in state.held[other]:
        return rule_error("card_not_held_by_partner", f"Ce joueur n'a pas de carte-lettre "
                          f"« {take} ».", group=take, seat=other)
    if give == take:
        return rule_error("same_card", "Échanger une carte contre la même ne change rien.")
    return None


def check_respond(state: VocabulonState, seat: int, action: Action) -> RuleError | None:
    return None if isinstance(action, Respond) else wrong(state)


def check_offer(state: VocabulonState, seat: int, action: Action) -> RuleError | None:
    if not isinstance(action, Offer):
        return wrong(state)
    if not action.give:
        return None
    request = state.request
    assert request is not None
    asker = request.seat
    if action.give not in request.groups:
        return rule_error("not_the_missing_letter", f"{_name(asker)} demande une "
                          f"carte-lettre {', '.join(request.groups)}.",
                          group=action.give)
    return swap_error(state, seat, asker, action.give, action.take)


def _name(seat: int) -> str:
    return f"Le joueur {seat + 1}"


def check_answer(state: VocabulonState, seat: int, action: Action) -> RuleError | None:
    return answer_error(action.word.strip()) if isinstance(action, Answer) \
        else wrong(state)


Check = Callable[["VocabulonState", int, Action], RuleError | None]
_BY_STEP: dict[str, Check] = {
    "secret": check_secret,
    "throw": check_throw,
    "move": check_move,
    "vocabulon": check_vocabulon,
    "pick": check_vocabulon,
    "respond": check_respond,
    "answer": check_answer,
    "others": check_answer,
    "offer": check_offer,
}
