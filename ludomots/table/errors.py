"""Errors of the tables layer.

Store failures are exceptions (``StoreError``, ``ConflictError``, ``NotFoundError``): they are
infrastructure, and ``ConflictError`` is what makes "exactly once" work: two writers of the same
action number cannot both succeed, the loser is told so and catches up.

Everything a player may cause (a bad name, a full table, a wrong token, too many actions) is a
core ``RuleError`` with a stable code and a French message, so the server forwards one kind of
payload to the browser whatever layer refused.
"""

from __future__ import annotations

from typing import Any

from ludomots.core.errors import RuleError


class StoreError(Exception):
    """The database refused or failed; the in-memory table is left as it was."""


class ConflictError(StoreError):
    """An action with this sequence number is already stored (another writer was first)."""

    def __init__(self, table_id: str, seq: int) -> None:
        super().__init__(f"table {table_id}: action {seq} already exists")
        self.table_id = table_id
        self.seq = seq


class NotFoundError(StoreError, KeyError):
    """No table with this id."""


def table_error(code: str, message: str, **details: Any) -> RuleError:
    return RuleError(code, message, dict(details))


def unknown_table(table_id: str) -> RuleError:
    return table_error("unknown_table", f"Table inconnue : « {table_id} ».", table=table_id)


def bad_token() -> RuleError:
    return table_error("bad_token", "Jeton invalide : vous n’occupez aucune place à cette table.")


def table_waiting() -> RuleError:
    return table_error("table_waiting",
                       "La partie n’a pas commencé : des places sont encore libres.")


def table_broken() -> RuleError:
    return table_error("table_broken",
                       "Cette partie est suspendue : son historique est incohérent.")


def table_closed() -> RuleError:
    return table_error("table_closed", "Cette table a été fermée : personne n’y est venu "
                                       "depuis trop longtemps. Créez-en une nouvelle.")


def check_started(status: str) -> None:
    """RuleError for acting at a table that has not started, is suspended or was closed: the
    one refusal of an action, a resignation and an expulsion alike."""
    if status == "waiting":
        raise table_waiting()
    if status == "broken":
        raise table_broken()
    if status == "closed":
        raise table_closed()


def table_full() -> RuleError:
    return table_error("table_full", "Il n’y a plus de place libre à cette table.")


def rate_limited() -> RuleError:
    return table_error("rate_limited", "Trop d’actions en peu de temps : patientez un instant.")


def too_many_tries() -> RuleError:
    return table_error("rate_limited", "Trop de réponses en peu de temps : patientez un instant.")


def conflict() -> RuleError:
    return table_error("conflict", "Un autre coup vient d’être joué en même temps : réessayez.")


def store_failed() -> RuleError:
    return table_error("store_error", "Le coup n’a pas pu être enregistré : réessayez.")


def store_unavailable() -> RuleError:
    """The database cannot be read right now (a table to load, a token to check)."""
    return table_error("store_unavailable",
                       "La base de données est momentanément indisponible : réessayez.")


def record_unavailable() -> RuleError:
    return table_error("record_unavailable",
                       "Le relevé complet n’est disponible qu’à la fin de la partie.")
