from __future__ import annotations

import pytest

from ludomots.core.errors import RuleError
from ludomots.core.record import SeatInfo
from ludomots.table.model import ClockSettings, SeatSpec, TableInfo, validate_name


def test_names_are_stripped_and_normalised() -> None:
    assert validate_name("  Zoé  ") == "Zoé"
    assert validate_name("Zoe\u0301") == "Zoé"  # combining accent composed (NFC)
    assert validate_name("x" * 24) == "x" * 24


@pytest.mark.parametrize("name", ["", "   ", "x" * 25])
def test_names_must_have_1_to_24_characters(name: str) -> None:
    with pytest.raises(RuleError) as info:
        validate_name(name)
    assert info.value.code == "bad_name"
    assert info.value.message == "Le nom doit compter de 1 à 24 caractères."


@pytest.mark.parametrize("name", ["Ali\nce", "Bob\x00", "Eve\u202egnp", "a\u200bb", "tab\there"])
def test_names_refuse_control_and_invisible_characters(name: str) -> None:
    with pytest.raises(RuleError) as info:
        validate_name(name)
    assert info.value.code == "bad_name"
    assert info.value.message == "Le nom contient des caractères non autorisés."


def test_a_name_must_be_text() -> None:
    with pytest.raises(RuleError, match="Le nom doit être un texte."):
        validate_name(42)


def test_seat_specs() -> None:
    assert SeatSpec.human().is_open
    assert not SeatSpec.human(" Alice ").is_open and SeatSpec.human(" Alice ").name == "Alice"
    bot = SeatSpec.bot("debutant")
    assert (bot.kind, bot.level, bot.name, bot.is_open) == ("bot", "debutant", "Robot Débutant",
                                                            False)
    assert bot.to_info() == SeatInfo("Robot Débutant", "bot", "debutant")
    assert SeatSpec.from_json(bot.to_json()) == bot
    with pytest.raises(RuleError, match="Une place de robot doit avoir un niveau."):
        SeatSpec("bot", None, "R2")
    with pytest.raises(RuleError, match="Une place humaine n’a pas de niveau."):
        SeatSpec("human", "expert", "Alice")


@pytest.mark.parametrize("seconds", [-1, 86_401, True])
def test_clock_settings_are_bounded(seconds: int) -> None:
    with pytest.raises(RuleError) as info:
        ClockSettings(seconds)
    assert info.value.code == "bad_clock"


def test_lobby_json_never_shows_the_seed() -> None:
    info = TableInfo(id="t1", game="gops", options={"cards": 3}, seed=987654321,
                     seats=(SeatSpec.human("Alice"), SeatSpec.human()), status="waiting")
    public = info.public_json()
    assert "seed" not in public and "987654321" not in repr(public)
    assert public["seats"] == [
        {"seat": 0, "kind": "human", "level": None, "name": "Alice", "open": False,
         "departed": None},
        {"seat": 1, "kind": "human", "level": None, "name": "", "open": True,
         "departed": None}]
    assert info.open_seats() == [1]
