from __future__ import annotations

import pytest

from ludomots.accounts.names import name_key, validate_account_name
from ludomots.core.errors import RuleError


def test_a_name_key_ignores_case_and_accents() -> None:
    assert name_key("Élodie") == name_key("ELODIE") == name_key("elodié") == "elodie"
    assert name_key("Œdipe") == "oedipe" and name_key("Straße") == "strasse"
    assert name_key("Zoé") != name_key("Zoë-2")


def test_a_valid_name_is_kept_as_typed_in_nfc() -> None:
    assert validate_account_name("  Zoe\u0301-2 ") == "Zoé-2"
    assert validate_account_name("J.-B._Poquelin"[:20]) == "J.-B._Poquelin"


@pytest.mark.parametrize(("name", "code"), [
    ("Robot", "reserved_name"), ("robot-3000", "reserved_name"), ("LUDOMOTS", "reserved_name"),
    ("Joueur-supprimé", "reserved_name"), ("Expert", "reserved_name"),
    ("Zoé\u200b", "bad_account_name"), ("Zo\u202eé", "bad_account_name"),
    ("_Zoé", "bad_account_name"), ("Zo", "bad_account_name"),
])
def test_names_refused(name: str, code: str) -> None:
    with pytest.raises(RuleError) as refused:
        validate_account_name(name)
    assert refused.value.code == code
