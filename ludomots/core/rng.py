"""Seeded randomness that replays identically everywhere.

``random.Random`` does not promise the same ``choice``/``shuffle``/``randrange`` results across
Python versions, and a record must replay for years. ``SeededRandom`` is SplitMix64 (Steele,
Lea & Flood 2014) in pure Python, with every derived operation (unbiased bounded integers,
Fisher–Yates, floats) defined here, so the whole stream is ours. Its state is one 64-bit
integer, which makes it trivial to serialize inside a game state.
"""

from __future__ import annotations

import hashlib
from collections.abc import MutableSequence, Sequence
from typing import Any, TypeVar

T = TypeVar("T")

MASK64 = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15
ALGORITHM = "splitmix64"


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


def _label_hash(label: str) -> int:
    # hash() is salted per process; sha256 is stable forever.
    return int.from_bytes(hashlib.sha256(label.encode("utf-8")).digest()[:8], "big")


class SeededRandom:
    """A small deterministic PRNG; not for cryptography (secret tokens use ``secrets``)."""

    __slots__ = ("_state",)

    def __init__(self, seed: int = 0) -> None:
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise TypeError(f"seed must be an int, not {type(seed).__name__}")
        self._state = seed & MASK64

    @property
    def state(self) -> int:
        return self._state

    def next64(self) -> int:
        """The next raw 64-bit output; everything else is built on it."""
        self._state = (self._state + _GAMMA) & MASK64
        return _mix(self._state)

    def getrandbits(self, k: int) -> int:
        """``k`` uniform random bits, consuming ``ceil(k / 64)`` outputs (none for ``k == 0``)."""
        if k < 0:
            raise ValueError("number of bits must be non-negative")
        result, have = 0, 0
        while have < k:
            result = (result << 64) | self.next64()
            have += 64
        return result >> (have - k)

    def randbelow(self, n: int) -> int:
        """Uniform in ``[0, n)``: rejection sampling, so no modulo bias even for large ``n``."""
        if n <= 0:
            raise ValueError(f"randbelow() needs n > 0, got {n}")
        k = (n - 1).bit_length()
        while True:
            r = self.getrandbits(k)
            if r < n:
                return r

    def randint(self, a: int, b: int) -> int:
        """Uniform in ``[a, b]``, both ends included (like ``random.randint``)."""
        if b < a:
            raise ValueError(f"empty range for randint({a}, {b})")
        return a + self.randbelow(b - a + 1)

    def choice(self, seq: Sequence[T]) -> T:
        if not seq:
            raise IndexError("cannot choose from an empty sequence")
        return seq[self.randbelow(len(seq))]

    def shuffle(self, items: MutableSequence[Any]) -> None:
        """Fisher–Yates in place, from the end (same order of draws as CPython's shuffle)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.randbelow(i + 1)
            items[i], items[j] = items[j], items[i]

    def random(self) -> float:
        """A float in ``[0, 1)`` with 53 random bits."""
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def fork(self, label: str) -> SeededRandom:
        """An independent stream for ``label``, without advancing this one.

        Giving each bot ``rng.fork(f"bot{seat}")`` means adding, removing or changing a bot never
        shifts the draws of the game or of the other bots, so records stay comparable.
        """
        return SeededRandom(_mix((self._state ^ _label_hash(label)) & MASK64))

    def to_json(self) -> dict[str, Any]:
        return {"algorithm": ALGORITHM, "state": self._state}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> SeededRandom:
        if not isinstance(data, dict) or data.get("algorithm") != ALGORITHM:
            raise ValueError(f"not a {ALGORITHM} state: {data!r}")
        state = data.get("state")
        if isinstance(state, bool) or not isinstance(state, int) or not 0 <= state <= MASK64:
            raise ValueError(f"invalid {ALGORITHM} state: {state!r}")
        rng = cls()
        rng._state = state
        return rng

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, SeededRandom):
            return NotImplemented
        return self._state == other._state

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"SeededRandom.from_json({self.to_json()!r})"
