"""pitchlab.engine.bitset: the table lookup lists exactly the set bits of a mask, low to high."""

from __future__ import annotations

import random

from pitchlab.engine.bitset import BIT, bits, mask_of


def set_bits_by_text(mask: int) -> tuple[int, ...]:
    """Another route to the answer: the positions of the 1s in the binary numeral, read from the right."""
    return tuple(i for i, digit in enumerate(reversed(f"{mask:b}")) if digit == "1")


def test_hand_picked_masks() -> None:
    assert bits(0) == ()
    assert bits(1) == (0,)
    assert bits(0b1010) == (1, 3)
    assert bits(1 << 13 | 1 << 14) == (13, 14)  # either side of the first chunk's edge
    assert bits(1 << 55) == (55,)
    assert bits(2**56 - 1) == tuple(range(56))


def test_random_masks_agree_with_their_binary_numerals() -> None:
    rng = random.Random(2026)
    for _ in range(5000):
        mask = rng.getrandbits(56) & rng.getrandbits(56)  # sparse and dense masks alike
        assert bits(mask) == set_bits_by_text(mask)
        assert mask_of(bits(mask)) == mask


def test_bit_table() -> None:
    assert len(BIT) == 56
    assert BIT[0] == 1 and BIT[10] == 1024 and BIT[55] == 2**55
