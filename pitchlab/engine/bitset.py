"""Card sets as integer bit masks over deck slots, and fast ways to list them.

Listing the set bits of a mask is the innermost operation of play and search;
splitting the mask into 14-bit chunks and looking each chunk up in a table is
about twice as fast as peeling bits one at a time.
"""

from __future__ import annotations

_CHUNK = 14
_LOW = (1 << _CHUNK) - 1


def _table(first: int) -> list[tuple[int, ...]]:
    """``table[m]``: the set bits of the 14-bit chunk ``m``, numbered from ``first``, low to high.

    Built by doubling (the masks with bit ``i`` are those without it, plus ``i``), so
    importing pitchlab, which every kernel and test process does, costs a few
    hundredths of a second rather than tenths."""
    table: list[tuple[int, ...]] = [()]
    for i in range(first, first + _CHUNK):
        table += [(*t, i) for t in table]
    return table


_T0, _T1, _T2, _T3 = (_table(k * _CHUNK) for k in range(4))
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
