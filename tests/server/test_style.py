"""The style sheet's blocks: one unclosed ``@media`` block once put every Vocabulon rule after it
inside a phone-only query, so the board was drawn black on every larger screen."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from ludomots.server.settings import STATIC_DIR

STYLE = STATIC_DIR / "style.css"
#: Each game's own style sheet, loaded with its screen (static/games/<game>/style.css).
GAME_STYLES = sorted((STATIC_DIR / "games").glob("*/style.css"))
COMMENT = re.compile(r"/\*.*?\*/", re.S)
STRING = re.compile(r"\"[^\"]*\"|'[^']*'")
SECTION = re.compile(r"/\* ---- (.*?) -+ \*/")


def _rules_by_depth(sheet: Path = STYLE) -> list[tuple[int, str]]:
    """Every rule's selector (or at-rule prelude) with how many blocks enclose it."""
    text = STRING.sub('""', COMMENT.sub("", sheet.read_text(encoding="utf-8")))
    found: list[tuple[int, str]] = []
    depth = 0
    start = 0
    for i, char in enumerate(text):
        if char == "{":
            found.append((depth, text[start:i].strip().split(";")[-1].strip()))
            depth += 1
            start = i + 1
        elif char == "}":
            depth -= 1
            assert depth >= 0, f"a '}}' closes nothing near: {text[max(0, i - 80):i]!r}"
            start = i + 1
        elif char == ";":
            start = i + 1
    assert depth == 0, f"{depth} block(s) left open at the end of {sheet.name}"
    return found


def test_every_block_of_the_style_sheet_is_closed() -> None:
    _rules_by_depth()


def test_at_rules_nest_only_what_they_should() -> None:
    """Only @media, @supports and @keyframes blocks hold rules, one level deep (no CSS nesting:
    a stray brace would otherwise swallow the rules that follow it)."""
    for depth, selector in _rules_by_depth():
        if depth == 0:
            continue
        assert depth == 1 or selector.endswith("%") or selector in ("from", "to"), \
            (depth, selector)


def test_every_section_of_the_style_sheet_starts_outside_any_block() -> None:
    """Each part (the table screen, Typo, Awalettres, Volapük, Vocabulon...) applies to every
    screen size: its heading comment is not inside a block left open by the part before."""
    raw = STRING.sub('""', STYLE.read_text(encoding="utf-8"))
    sections = list(SECTION.finditer(raw))
    assert len(sections) >= 5
    for section in sections:
        before = COMMENT.sub("", raw[:section.start()])
        assert before.count("{") == before.count("}"), f"« {section.group(1)} » is inside a block"


@pytest.mark.parametrize("sheet", GAME_STYLES, ids=lambda p: p.parent.name)
def test_each_game_style_sheet_closes_its_blocks_and_nests_one_level(sheet: Path) -> None:
    """The same rules for each game's own style sheet, split out of style.css."""
    assert len(GAME_STYLES) >= 5
    for depth, selector in _rules_by_depth(sheet):
        assert depth in (0, 1) or selector.endswith("%") or selector in ("from", "to"), \
            (depth, selector)
