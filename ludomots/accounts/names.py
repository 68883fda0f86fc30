"""Account names: what is allowed, and when two names are the same name.

A name is also an address (``/joueur/{name}``) and is shown beside every game, so it is kept
plain: 3 to 20 letters (accented ones welcome), digits and the signs ``-``, ``_``, ``.``,
starting with a letter. Two names are the same when they differ only by case or accents
(« Élodie », « elodie », « ELODIE »): ``name_key`` folds them, and the database's unique index
on the key decides races. Names that would pass for the house or for a robot are reserved.
"""

from __future__ import annotations

import unicodedata

from ludomots.accounts.errors import account_error
from ludomots.core.errors import RuleError

NAME_MIN, NAME_MAX = 3, 20
SIGNS = "-_."
#: Shown in others' histories in place of a deleted account's name.
DELETED_NAME = "joueur supprimé"

#: Folded names nobody may take: the house, roles, robots' levels, words of the interface.
RESERVED = frozenset({
    "admin", "administrateur", "administratrice", "administrator", "root", "system", "systeme",
    "ludomots", "moderateur", "moderatrice", "moderator", "modo", "support", "aide", "help",
    "contact", "staff", "equipe", "arbitre", "robot", "bot", "anonyme", "anonymous", "invite",
    "guest", "joueur", "joueuse", "joueur-supprime", "joueur_supprime", "supprime", "deleted",
    "null", "none", "undefined", "api", "static", "ws", "moi", "me", "classement", "partie",
    "table", "lexique", "regles", "debutant", "confirme", "expert", "spectateur",
})
#: Folded prefixes nobody may use: robots are named « Robot Expert », « Robot Débutant 2 »...
RESERVED_PREFIXES = ("robot", "bot-", "bot_", "admin", "ludomots")


def name_key(name: str) -> str:
    """The name without case or accents: « Élodie » and « ELODIE » give « elodie »."""
    decomposed = unicodedata.normalize("NFKD", name)
    bare = "".join(c for c in decomposed if not unicodedata.combining(c))
    return bare.casefold().replace("œ", "oe").replace("æ", "ae")


def _bad(message: str) -> RuleError:
    return account_error("bad_account_name", message)


def validate_account_name(name: object) -> str:
    """The name as it will be shown (NFC, stripped), or RuleError in French."""
    if not isinstance(name, str):
        raise _bad("Le nom doit être un texte.")
    cleaned = unicodedata.normalize("NFC", name).strip()
    if not NAME_MIN <= len(cleaned) <= NAME_MAX:
        raise account_error("bad_account_name",
                            f"Le nom doit compter de {NAME_MIN} à {NAME_MAX} caractères.",
                            min=NAME_MIN, max=NAME_MAX)
    if not all(c.isalpha() or c.isdigit() or c in SIGNS for c in cleaned) or \
            not cleaned.isprintable():
        raise _bad("Le nom ne peut contenir que des lettres, des chiffres et les signes "
                   "- _ . (sans espace).")
    if not cleaned[0].isalpha():
        raise _bad("Le nom doit commencer par une lettre.")
    key = name_key(cleaned)
    if key in RESERVED or key.startswith(RESERVED_PREFIXES):
        raise account_error("reserved_name", "Ce nom est réservé : choisissez-en un autre.")
    return cleaned
