"""Errors as values with stable codes.

A rule violation is not a bug: clients send illegal moves all the time. ``RuleError`` carries a
stable snake_case ``code`` that tests, bots and the browser client can match on, a French
``message`` shown to the player as is, and ``details`` for the client to highlight what is wrong.
``check()`` returns one, ``apply()`` raises it.
"""

from __future__ import annotations

from typing import Any


class RuleError(Exception):
    """An illegal action: the state is left unchanged and the player is told why, in French."""

    def __init__(self, code: str, message: str, details: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.details: dict[str, Any] = dict(details or {})

    def to_json(self) -> dict[str, Any]:
        """The payload the server sends back to the client who tried the action."""
        return {"code": self.code, "message": self.message, "details": dict(self.details)}

    def __repr__(self) -> str:
        return f"RuleError({self.code!r}, {self.message!r}, {self.details!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, RuleError):
            return NotImplemented
        return (self.code, self.message, self.details) == (other.code, other.message, other.details)

    __hash__ = None  # type: ignore[assignment]


class ReplayDivergence(Exception):
    """A record no longer replays: the rules, the lexicon or the record itself changed.

    ``step`` is the index of the recorded action at which the divergence showed (``len(actions)``
    for a mismatch in the final scores), so a developer can bisect quickly. English: developers
    read it, not players.
    """

    def __init__(self, step: int, message: str) -> None:
        super().__init__(f"replay diverged at step {step}: {message}")
        self.step = step
        self.reason = message
