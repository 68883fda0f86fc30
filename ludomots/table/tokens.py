"""Seat tokens: the secret that proves a browser owns a seat.

Only a SHA-256 hash is ever stored: a leaked database (or backup) gives nobody a seat. A plain
hash is enough, unlike for passwords: tokens carry 192 random bits, so there is nothing to brute
force and no need for a salt or a slow hash. Comparisons use ``hmac.compare_digest`` so the time
taken says nothing about how much of a guess was right.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Mapping

TOKEN_BYTES = 24


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def seat_of(token: str, hashes: Mapping[int, str]) -> int | None:
    """The seat whose hash matches ``token``; every hash is compared, match or not."""
    digest = hash_token(token)
    found: int | None = None
    for seat, stored in sorted(hashes.items()):
        if hmac.compare_digest(digest, stored) and found is None:
            found = seat
    return found
