"""``ludomots accounts reset-password``: the operator's way back in for a player."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from ludomots.accounts.db import AccountDb
from ludomots.accounts.passwords import HashCost, Passwords
from ludomots.cli import main
from ludomots.table.store import Store
from tests.table.services import fresh_db_url

CHEAP = HashCost(time_cost=1, memory_kib=1024, parallelism=1)


def test_resetting_a_password_prints_a_new_one_and_ends_every_session(tmp_path: Path) -> None:
    url = fresh_db_url(tmp_path)
    store = Store(url)
    store.migrate()
    db = AccountDb(store)
    passwords = Passwords(CHEAP)
    account = db.create_account("Oublieuse", passwords.hash("ancienne phrase secrète"))
    db.create_session(account.id)
    result = CliRunner().invoke(main, ["accounts", "reset-password", "oublieuse", "--db", url])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == "password of Oublieuse reset; 1 session(s) ended"
    new = lines[1].rsplit(": ", 1)[1]
    stored = db.credentials("Oublieuse")
    assert stored is not None
    assert passwords.verify(stored.password_hash, new)
    assert not passwords.verify(stored.password_hash, "ancienne phrase secrète")
    assert db.count_sessions(account.id) == 0
    chosen = CliRunner().invoke(main, ["accounts", "reset-password", "Oublieuse", "--db", url,
                                       "--stdin"], input="une phrase choisie\n")
    assert chosen.exit_code == 0 and "une phrase choisie" not in chosen.output
    stored = db.credentials("Oublieuse")
    assert stored is not None and passwords.verify(stored.password_hash, "une phrase choisie")
    weak = CliRunner().invoke(main, ["accounts", "reset-password", "Oublieuse", "--db", url,
                                     "--stdin"], input="court\n")
    assert weak.exit_code == 1 and "password refused: Le mot de passe doit compter" in weak.output
    missing = CliRunner().invoke(main, ["accounts", "reset-password", "Personne", "--db", url])
    assert missing.exit_code == 1 and "no account named 'Personne'" in missing.output
    store.close()
