from __future__ import annotations

import pytest
from argon2 import PasswordHasher, extract_parameters

from ludomots.accounts.passwords import HashCost, Passwords, check_password
from ludomots.core.errors import RuleError

CHEAP = HashCost(time_cost=1, memory_kib=1024, parallelism=1)


def test_only_an_argon2id_hash_is_kept_and_it_verifies() -> None:
    passwords = Passwords(CHEAP)
    stored = passwords.hash("une phrase assez longue")
    assert stored.startswith("$argon2id$v=19$m=1024,t=1,p=1$")
    assert "une phrase" not in stored
    assert passwords.verify(stored, "une phrase assez longue")
    assert not passwords.verify(stored, "une phrase assez longue!")
    assert not passwords.verify(None, "une phrase assez longue")  # unknown name
    assert not passwords.verify("not a hash", "x")
    assert passwords.hash("une phrase assez longue") != stored  # salted


def test_a_cost_raised_later_asks_for_a_new_hash_at_the_next_login() -> None:
    old = Passwords(CHEAP).hash("une phrase assez longue")
    assert Passwords(HashCost()).needs_rehash(old)
    assert not Passwords(CHEAP).needs_rehash(old)


@pytest.mark.parametrize("password", ["123456789", "aaaaaaaaaaaaaaa", "abababababab",
                                      "AZERTYUIOP", "azertyuiop!", "le grand Zorro masqué"])
def test_weak_passwords(password: str) -> None:
    with pytest.raises(RuleError) as refused:
        check_password(password, "Zorro")
    assert refused.value.code == "weak_password"


def test_a_phrase_is_a_good_password() -> None:
    assert check_password("trois petits chats", "Zorro") == "trois petits chats"


def test_an_unknown_name_costs_one_full_argon2id_check_like_a_known_one(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Logging in with an unknown name must take as long as with a wrong password (so the
    answer's time does not tell which names exist): the password is checked against a decoy
    hash of the same parameters, and argon2 really runs (a mismatch, not a malformed hash
    refused before any work)."""
    checked: list[str] = []
    outcomes: list[str] = []
    real_verify = PasswordHasher.verify

    def spy(self: PasswordHasher, hash: str, password: str) -> bool:  # noqa: A002
        checked.append(hash)
        try:
            return real_verify(self, hash, password)
        except Exception as exc:
            outcomes.append(type(exc).__name__)
            raise

    monkeypatch.setattr(PasswordHasher, "verify", spy)
    passwords = Passwords(CHEAP)
    stored = passwords.hash("une phrase assez longue")
    assert not passwords.verify(stored, "une autre phrase")  # a known name, wrong password
    assert not passwords.verify(None, "une autre phrase")  # an unknown name
    assert len(checked) == 2
    assert extract_parameters(checked[1]) == extract_parameters(stored)
    assert outcomes == ["VerifyMismatchError", "VerifyMismatchError"]
    assert checked[1] != stored


def test_making_the_passwords_hashes_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """The decoy costs nothing to make (issue 22: it was a whole argon2id hash at every
    server start, about a tenth of the start's time)."""
    hashed: list[bytes] = []
    real_hash = PasswordHasher.hash

    def spy(self: PasswordHasher, password: str | bytes, **kwargs: object) -> str:
        hashed.append(password.encode() if isinstance(password, str) else password)
        return real_hash(self, password, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(PasswordHasher, "hash", spy)
    passwords = Passwords(HashCost())
    assert hashed == []
    assert not passwords.verify(None, "une phrase assez longue")
    assert hashed == []
