"""Free text a player types for others to read (names, chat, answers, definitions, a theme):
the one rule for what may be shown.

Names were the first such text, then chat; every later free text must follow the same rule,
or it becomes the hole: a right-to-left override in an answer disguises it as well as in a name.
"""

from __future__ import annotations

import unicodedata


def tidy(text: str) -> str:
    """The text as stored and shown: NFC (one code point per accented letter), stripped."""
    return unicodedata.normalize("NFC", text).strip()


def printable(text: str) -> bool:
    """Whether ``text`` may be shown to other players. ``str.isprintable`` is False for
    control (Cc), format (Cf: bidi overrides, zero-width characters), surrogate, private-use
    and unassigned characters, and for separators other than the space: none of them can
    disguise what is shown next to them."""
    return text.isprintable()
