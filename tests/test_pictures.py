"""The static pictures every page shares: a hand sorted by suit."""

from __future__ import annotations

import pitchlab as pl
from pitchlab.ui import pictures


def test_a_hand_sorts_by_suit_with_colours_alternating_high_first_jokers_last() -> None:
    cards = pl.parse_cards("JK 2D AS 3H KS JK TC")
    # worked by hand: spades A K, hearts 3, clubs 10, diamonds 2, then both jokers
    assert [c.code for c in pictures.sort_hand(cards)] == ["AS", "KS", "3H", "TC", "2D", "JK", "JK"]
