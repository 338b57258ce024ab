"""Card sets as integer bit masks over deck slots, and fast ways to list them.

Listing the set bits of a mask is the innermost operation of play and search;
splitting the mask into 14-bit chunks and looking each chunk up in a table is
about twice as fast as peeling bits one at a time.
"""

from __future__ import annotations

_CHUNK = 14
_LOW = (1 << _CHUNK) - 1
_T0: list[tuple[int, ...]] = [tuple(i for i in range(_CHUNK) if m >> i & 1) for m in range(1 << _CHUNK)]
_T1 = [tuple(i + _CHUNK for i in t) for t in _T0]
_T2 = [tuple(i + 2 * _CHUNK for i in t) for t in _T0]
_T3 = [tuple(i + 3 * _CHUNK for i in t) for t in _T0]
BIT: tuple[int, ...] = tuple(1 << i for i in range(4 * _CHUNK))
"""``BIT[slot] == 1 << slot``."""


def bits(mask: int) -> tuple[int, ...]:
    """The set bits of a mask below 2**56, low to high."""
    return _T0[mask & _LOW] + _T1[mask >> 14 & _LOW] + _T2[mask >> 28 & _LOW] + _T3[mask >> 42]


def mask_of(slots: object) -> int:
    """The mask with the given slots set."""
    m = 0
    for s in slots:  # type: ignore[attr-defined]
        m |= 1 << s
    return m
