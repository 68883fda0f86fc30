"""What the games' one-line position notations share: `key=value` tokens after the fields.

A game's `notation.py` writes a position as a few fields (its board, its hands) followed by
`key=value` tokens, each left out when it has its default (issue 18, part 5). Reading and
writing those tokens, seats and per-seat lists is the same in every game, so it is here; what
the fields and keys mean is the game's. Errors are `ValueError`s in English (developers read
notations: tests, bug reports, `ludomots <game> show --position`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TypeVar

T = TypeVar("T")


def format_tokens(tokens: Iterable[tuple[str, str, str | None]]) -> list[str]:
    """`key=value` for each (key, value, default) whose value is not its default."""
    return [f"{key}={value}" for key, value, default in tokens if value != default]


def seat(value: int, players: int) -> int:
    """`value` when it is one of the seats; ValueError otherwise."""
    if not 0 <= value < players:
        raise ValueError(f"seat {value} is not one of the {players} seats")
    return value


class Tokens:
    """The `key=value` tokens of a notation, taken one by one; `done` refuses any left."""

    def __init__(self, items: Sequence[str]) -> None:
        self._values: dict[str, str] = {}
        for item in items:
            key, sep, value = item.partition("=")
            if not sep or not key or key in self._values:
                raise ValueError(f"expected one key=value token per key, got {item!r}")
            self._values[key] = value

    def text(self, key: str) -> str | None:
        """The token's text, or None when it is left out."""
        return self._values.pop(key, None)

    def number(self, key: str, default: int) -> int:
        value = self.text(key)
        if value is None:
            return default
        try:
            return int(value)
        except ValueError:
            raise ValueError(f"{key} must be a whole number, not {value!r}") from None

    def seat(self, key: str, players: int, default: int = 0) -> int:
        return seat(self.number(key, default), players)

    def per_seat(self, key: str, players: int, read: Callable[[str], T],
                 empty: str | None = None) -> list[T | None] | None:
        """One comma-separated value per seat read by `read` (`empty`, e.g. `-`, reads as
        None); None when the token is left out."""
        value = self.text(key)
        if value is None:
            return None
        items = value.split(",")
        if len(items) != players:
            raise ValueError(f"{key}: one value per seat, {players} values, not {value!r}")
        try:
            return [None if item == empty else read(item) for item in items]
        except ValueError as exc:
            raise ValueError(f"{key}: {exc}") from None

    def numbers(self, key: str, players: int) -> list[int]:
        """Whole numbers per seat (points...); zeros when the token is left out."""
        values = self.per_seat(key, players, int)
        return [0] * players if values is None else [v or 0 for v in values]

    def done(self) -> None:
        """Every token was read: an unknown key is an error, not something to ignore."""
        if self._values:
            raise ValueError(f"unknown key(s): {', '.join(sorted(self._values))}")
