"""The one source of randomness in every game: a small seeded generator whose state is an int.

It is written out (SplitMix64) rather than borrowed from :mod:`random` so that a record replays to
the same state on every Python version, CPython and Pyodide alike, and so that cloning a state is
copying one integer.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


_LIMITS_SIZE = 512
_LIMITS = [0] + [(1 << 64) // n * n for n in range(1, _LIMITS_SIZE)]
"""Rejection limits for ``randbelow(n)`` with small ``n``, worked out once."""


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


class Rng:
    """SplitMix64: ``Rng(seed)``; every draw advances ``state``."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = _mix(int(seed) & _MASK)

    @classmethod
    def derive(cls, *parts: int) -> Rng:
        """A generator seeded from several integers (e.g. game seed, seat, ply)."""
        rng = cls(0)
        for part in parts:
            rng.state = _mix((rng.state ^ (int(part) & _MASK)) + _GOLDEN & _MASK)
        return rng

    def copy(self) -> Rng:
        """An independent generator in the same state."""
        twin = Rng.__new__(Rng)
        twin.state = self.state
        return twin

    def next64(self) -> int:
        """The next 64 random bits."""
        self.state = (self.state + _GOLDEN) & _MASK
        return _mix(self.state)

    def randbelow(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (rejection sampling, so no modulo bias)."""
        if n <= 0:
            raise ValueError(f"randbelow needs n > 0, got {n}")
        limit = ((1 << 64) // n) * n
        while True:
            r = self.next64()
            if r < limit:
                return r % n

    def choice(self, items: Sequence[T]) -> T:
        """One item, uniformly."""
        return items[self.randbelow(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle in place (Fisher–Yates), drawing exactly as ``randbelow(i + 1)`` would.

        The generator and the rejection test are inlined because shuffling dominates
        ``determinized``, which a search bot calls hundreds of times a move; the draws and the
        final state are the same as the plain loop, so saved games replay unchanged.
        """
        state = self.state
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            limit = _LIMITS[n] if n < _LIMITS_SIZE else (1 << 64) // n * n
            while True:
                state = (state + _GOLDEN) & _MASK
                z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
                z ^= z >> 31
                if z < limit:
                    break
            j = z % n
            items[i], items[j] = items[j], items[i]
        self.state = state

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        """``k`` distinct items in random order."""
        pool = list(items)
        self.shuffle(pool)
        return pool[:k]

    def __repr__(self) -> str:
        return f"Rng(state={self.state:#x})"
