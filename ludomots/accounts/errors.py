"""Refusals of the accounts layer: core ``RuleError``s (stable code, French message), so the
server answers them like every other refusal. ``STATUS`` gives each code its HTTP status."""

from __future__ import annotations

from typing import Any

from ludomots.core.errors import RuleError

#: HTTP status of each code (400 when absent).
STATUS: dict[str, int] = {
    "bad_credentials": 401,
    "login_required": 401,
    "unknown_player": 404,
    "name_taken": 409,
    "name_registered": 409,
    "already_seated": 409,
    "not_seated": 403,
    "not_followed": 403,
    "wrong_password": 403,
    "not_following": 404,
    "cross_site": 403,
    "too_many_attempts": 429,
    "too_many_follows": 409,
    "invite_refused": 409,
}


def account_error(code: str, message: str, **details: Any) -> RuleError:
    return RuleError(code, message, dict(details))


def login_required(what: str = "faire cela") -> RuleError:
    return account_error("login_required", f"Connectez-vous pour {what}.")


def unknown_player(name: str) -> RuleError:
    shown = name if len(name) <= 40 and name.isprintable() else "?"
    return account_error("unknown_player", f"Aucun joueur ne s’appelle « {shown} ».")


def bad_credentials() -> RuleError:
    return account_error("bad_credentials", "Nom ou mot de passe incorrect.")


def too_many_attempts() -> RuleError:
    return account_error("too_many_attempts",
                         "Trop de tentatives de connexion : réessayez dans quelques minutes.")


def name_taken() -> RuleError:
    return account_error("name_taken", "Ce nom est déjà pris (les majuscules et les accents ne "
                                       "comptent pas) : choisissez-en un autre.")
