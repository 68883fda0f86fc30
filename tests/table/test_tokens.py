from __future__ import annotations

from ludomots.table.tokens import hash_token, new_token, seat_of


def test_tokens_are_long_and_compared_by_hash() -> None:
    token = new_token()
    assert len(token) == 32  # 24 random bytes, URL-safe base64
    assert hash_token(token) != token and len(hash_token(token)) == 64
    hashes = {0: hash_token("a"), 1: hash_token(token)}
    assert seat_of(token, hashes) == 1
    assert seat_of("a", hashes) == 0
    assert seat_of(token[:-1], hashes) is None
