"""Passwords: argon2id hashes, and the minimum a password must have.

Only the argon2id hash is stored (``argon2-cffi``, with OWASP's parameters for argon2id:
19 MiB of memory, 2 passes, 1 lane: about 0.05 s a check here; RFC 9106's first choice,
2 GiB, is beyond a small self-hosted server). The hash carries its parameters, so raising them
later re-hashes each password at its owner's next login (``needs_rehash``). A password is
never logged, stored or sent back: the functions here take it and forget it.

The minimum follows NIST SP 800-63B: length rather than composition rules (at least 10
characters; a phrase of a few words is easy to remember), and a refusal of the passwords
that attackers try first (common ones, the name itself, one character repeated).
"""

from __future__ import annotations

import base64
import secrets
from dataclasses import dataclass

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError
from argon2.low_level import ARGON2_VERSION

from ludomots.accounts.errors import account_error
from ludomots.accounts.names import name_key

PASSWORD_MIN, PASSWORD_MAX = 10, 200
#: Distinct characters a password must hold ("aaaaaaaaaa" and "ababababab" are refused).
DISTINCT_MIN = 4

#: Passwords that head every leaked-password list, French ones included (folded).
COMMON = frozenset({
    "1234567890", "0123456789", "12345678910", "1234567891", "0987654321", "1111111111",
    "azertyuiop", "azertyuiop1", "qwertyuiop", "motdepasse", "motdepasse1", "motdepasse123",
    "password123", "password12", "password1234", "passw0rd123", "iloveyou12", "jetaime123",
    "soleil1234", "doudou1234", "chouchou12", "bonjour123", "loulou1234", "marseille13",
    "liverpool1", "football12", "princesse1", "1q2w3e4r5t", "a1b2c3d4e5", "abcdefghij",
    "azerty1234", "azerty123456", "qwerty1234", "qwerty123456", "changeme12", "welcome123",
    "administrateur", "ludomots123", "ludomots2026", "123456789a", "aaaaaaaaaa1",
})


@dataclass(frozen=True)
class HashCost:
    """argon2id parameters (the defaults are production's; tests use cheaper ones)."""

    time_cost: int = 2
    memory_kib: int = 19 * 1024
    parallelism: int = 1


def _weak(message: str) -> Exception:
    return account_error("weak_password", message, min=PASSWORD_MIN)


def check_password(password: object, name: str) -> str:
    """The password if it is acceptable for ``name``, else RuleError("weak_password") saying
    in French what to change."""
    if not isinstance(password, str):
        raise account_error("weak_password", "Le mot de passe doit être un texte.")
    if len(password) < PASSWORD_MIN:
        raise _weak(f"Le mot de passe doit compter au moins {PASSWORD_MIN} caractères : une "
                    "phrase de quelques mots, facile à retenir, fait très bien l’affaire.")
    if len(password) > PASSWORD_MAX:
        raise account_error("weak_password",
                            f"Le mot de passe ne doit pas dépasser {PASSWORD_MAX} caractères.")
    folded = name_key(password)
    if len(set(folded)) < DISTINCT_MIN:
        raise _weak("Le mot de passe est trop répétitif : variez les caractères, ou prenez "
                    "une phrase de quelques mots.")
    if folded in COMMON or folded.rstrip("!.?") in COMMON:
        raise _weak("Ce mot de passe est parmi les plus courants : ce sont les premiers "
                    "qu’essaient les pirates. Choisissez-en un autre.")
    key = name_key(name)
    if key and key in folded:
        raise _weak("Le mot de passe ne doit pas contenir votre nom.")
    return password


def _b64(raw: bytes) -> str:
    return base64.b64encode(raw).decode("ascii").rstrip("=")


def _decoy_hash(hasher: PasswordHasher) -> str:
    """An argon2 hash of no password, with ``hasher``'s parameters: verified when a name is
    unknown, so that answering takes as long either way and does not tell which names exist
    (the check's cost is set by the parameters it carries, not by what was hashed). Random
    salt and digest in argon2's encoding, rather than a real hash: that took a whole argon2id
    hash at every server start (issue 22)."""
    return (f"$argon2{hasher.type.name.lower()}$v={ARGON2_VERSION}"
            f"$m={hasher.memory_cost},t={hasher.time_cost},p={hasher.parallelism}"
            f"${_b64(secrets.token_bytes(hasher.salt_len))}"
            f"${_b64(secrets.token_bytes(hasher.hash_len))}")


class Passwords:
    """Hash and verify with one argon2id cost (``HashCost``)."""

    def __init__(self, cost: HashCost | None = None) -> None:
        cost = cost or HashCost()
        self._hasher = PasswordHasher(time_cost=cost.time_cost, memory_cost=cost.memory_kib,
                                      parallelism=cost.parallelism)
        self._decoy = _decoy_hash(self._hasher)

    def hash(self, password: str) -> str:
        return self._hasher.hash(password)

    def verify(self, stored: str | None, password: str) -> bool:
        """Whether ``password`` matches ``stored`` (None: no such account, checked anyway)."""
        try:
            return self._hasher.verify(stored or self._decoy, password) and stored is not None
        except (VerifyMismatchError, VerificationError, InvalidHashError):
            return False

    def needs_rehash(self, stored: str) -> bool:
        return self._hasher.check_needs_rehash(stored)
