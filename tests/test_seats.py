"""The speaking order round the table, written once in the engine and read by every page and bot."""

from __future__ import annotations

import random

import pitchlab as pl
from pitchlab.engine.seats import seat_at, speaking_position
from pitchlab.ui.session import bid_labels


def test_four_seats_with_the_dealer_at_two_speak_three_zero_one_two() -> None:
    """Worked by hand: the dealer (seat 2) speaks last, the seat on its left (3) first."""
    assert [speaking_position(s, 2, 4) for s in range(4)] == [1, 2, 3, 0]
    assert [seat_at(p, 2, 4) for p in range(4)] == [3, 0, 1, 2]


def test_position_and_seat_are_inverse_and_the_dealer_speaks_last() -> None:
    for players in (2, 3, 4, 5, 6):
        for dealer in range(players):
            assert speaking_position(dealer, dealer, players) == players - 1
            assert sorted(seat_at(p, dealer, players) for p in range(players)) == list(range(players))
            for seat in range(players):
                assert seat_at(speaking_position(seat, dealer, players), dealer, players) == seat


def test_a_hand_and_its_views_agree_with_the_bids_in_order() -> None:
    """Each bid sits beside the seat that made it: the hand's bids go in speaking order."""
    hand = pl.Hand.deal(pl.TEN_POINT, 1, random.Random(3))
    hand.apply(pl.Bid(5))  # seat 2, the dealer's left
    hand.apply(pl.PASS)  # seat 3
    assert [hand.seat_at(p) for p in range(4)] == [2, 3, 0, 1]
    assert [hand.position(s) for s in range(4)] == [2, 3, 0, 1]
    assert bid_labels(hand) == ["", "", "5", "pass"]
    for seat in range(4):
        view = hand.view(seat)
        assert view.position == hand.position(seat)
        assert [view.bidder_of(i) for i in range(2)] == [2, 3]
