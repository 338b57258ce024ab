"""The speaking order round the table, written once in the engine and read by every page and bot."""

from __future__ import annotations

import random

import pitchlab as pl
from pitchlab.engine.cards import Suit
from pitchlab.engine.hand import Trick
from pitchlab.engine.presets import ruleset
from pitchlab.engine.seats import (
    dealer_for,
    dealer_of,
    dealer_offset,
    left_of,
    round_from,
    seat_at,
    speaking_order,
    speaking_position,
    steps_left,
    still_to_play,
)
from pitchlab.engine.tricks import play_suit
from pitchlab.engine.view import voids_shown
from pitchlab.ui.session import bid_labels


def test_four_seats_with_the_dealer_at_two_speak_three_zero_one_two() -> None:
    """Worked by hand: the dealer (seat 2) speaks last, the seat on its left (3) first."""
    assert [speaking_position(s, 2, 4) for s in range(4)] == [1, 2, 3, 0]
    assert [seat_at(p, 2, 4) for p in range(4)] == [3, 0, 1, 2]


def test_steps_round_a_table_of_four_worked_by_hand() -> None:
    """Seat 3's left is seat 0 and its right seat 2; a trick led by seat 2 goes 2, 3, 0, 1; the
    sixth hand (number 5) from dealer 1 is dealt by seat 2; the dealer at 0 sits three seats
    to the left of seat 1 (seat 1 speaks first) and none from itself; seat 0 speaks second
    (position 1) when seat 2 deals."""
    assert left_of(3, 4) == 0 and left_of(3, 4, -1) == 2 and left_of(1, 4, 6) == 3
    assert round_from(2, 4) == (2, 3, 0, 1)
    assert dealer_of(5, 4, first=1) == 2 and [dealer_of(n, 3) for n in range(4)] == [0, 1, 2, 0]
    assert dealer_offset(1, 0, 4) == 3 and dealer_offset(0, 0, 4) == 0
    assert dealer_for(0, 1, 4) == 2


def test_the_speaking_order_and_the_steps_between_two_seats_worked_by_hand() -> None:
    """With seat 2 dealing at a table of four, seat 3 speaks (and draws) first, then 0, 1 and the
    dealer; at a table of three with seat 0 dealing, 1, 2, 0. From seat 3, seat 1 sits two places
    to the left (3 -> 0 -> 1), seat 2 three, seat 3 none; at three players, from seat 1, seat 0 sits
    two places on."""
    assert speaking_order(2, 4) == (3, 0, 1, 2)
    assert speaking_order(0, 3) == (1, 2, 0)
    assert [steps_left(3, s, 4) for s in range(4)] == [1, 2, 3, 0]
    assert steps_left(1, 0, 3) == 2
    for players in (2, 3, 4, 5, 6):
        for seat in range(players):
            for other in range(players):
                assert left_of(seat, players, steps_left(seat, other, players)) == other


def test_the_dealer_for_a_position_puts_the_seat_there_and_offsets_grow_as_the_deal_passes() -> None:
    for players in (2, 3, 4, 5, 6):
        for seat in range(players):
            for position in range(players):
                assert speaking_position(seat, dealer_for(seat, position, players), players) == position
            for dealer in range(players):
                nxt = dealer_offset(seat, left_of(dealer, players), players)
                assert nxt == left_of(dealer_offset(seat, dealer, players), players)
            assert round_from(seat, players)[1:] == tuple(still_to_play(seat, seat, players))


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


def test_who_is_still_to_play_to_a_trick() -> None:
    """Seat 1 leads at a table of four: after seat 3 come seats 0; after the leader, 2, 3, 0."""
    assert still_to_play(3, 1, 4) == [0]
    assert still_to_play(1, 1, 4) == [2, 3, 0]
    assert still_to_play(0, 1, 4) == []


def trick(leader: int, cards: str, players: int = 4) -> Trick:
    played = tuple(pl.parse_cards(cards))
    return Trick(leader, played, tuple((leader + k) % players for k in range(len(played))), None)


def test_follow_suit_voids_worked_by_hand() -> None:
    """Hearts trump in auction pitch. Trick 1, spades led by seat 0: seat 1 throws a diamond
    (no spade, or it would have to follow), seat 2 trumps (shows nothing: trumping is allowed
    with a spade in hand), seat 3 follows. Trick 2, trump led by seat 2: seat 3 throws a club,
    so it holds no trump (a trump lead must be followed); seat 0 follows with the 9 of hearts. The
    jack of diamonds is no trump here (auction pitch has no off-jack): played to a trump lead it
    would show seat 0 out of trump too."""
    rules = ruleset("auction-pitch")
    tricks = [trick(0, "KS 2D 5H 3S"), trick(2, "AH 4C 9H")]
    assert voids_shown(rules, Suit.HEARTS, tricks) == {
        0: frozenset(),
        1: frozenset({Suit.SPADES}),
        2: frozenset(),
        3: frozenset({Suit.HEARTS}),
    }
    off_jack = [tricks[0], trick(2, "AH 4C JD")]
    assert voids_shown(rules, Suit.HEARTS, off_jack)[0] == frozenset({Suit.HEARTS})
    # where a trump lead need not be followed (draw pitch), the club shows nothing
    assert voids_shown(ruleset("draw-pitch"), Suit.HEARTS, tricks)[3] == frozenset()
    assert voids_shown(rules, None, tricks) == {s: frozenset() for s in range(4)}


def test_trump_only_voids_are_the_seats_passed_over() -> None:
    """Where only trump is played, the play shows one thing: a seat passed over has no trump."""
    rules = ruleset("ten-point")
    found = voids_shown(rules, Suit.CLUBS, [trick(0, "AC 2C")], passed_over={2, 3})
    assert found == {0: frozenset(), 1: frozenset(), 2: frozenset({Suit.CLUBS}), 3: frozenset({Suit.CLUBS})}


def test_a_view_reads_the_same_voids_as_the_tables_record() -> None:
    """In played-out hands of a follow-suit game, each view's voids are those of its hand's
    tricks, and a seat shown void of a suit never plays that suit afterwards."""
    rules = ruleset("auction-pitch")
    bot = pl.RuleBasedPlayer()
    for seed in range(30):
        hand = pl.Hand.deal(rules, seed % 4, random.Random(seed))
        while not hand.is_over:
            if hand.phase is pl.Phase.PLAY and hand.trump is not None:
                view = hand.view(hand.actor)
                tricks = (*hand.tricks, hand.current_trick)
                assert view.voids == voids_shown(rules, hand.trump, tricks)
                for seat, suits in view.voids.items():
                    for card in hand.hand_of(seat):
                        assert play_suit(rules, hand.trump, card) not in suits, (seed, seat, card)
            hand.step(bot.code(hand))
