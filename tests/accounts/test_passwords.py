from __future__ import annotations

import pytest

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
