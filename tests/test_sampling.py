"""Vectorised dealing and counting, checked against exact answers and against the engine.

Expected values come from the exact functions of pitchlab.odds.probability (checked
against brute force in test_probability.py), from counts worked by hand in the
comments, from the trump lists written out of RULES.md in tests/helpers.py, or
from a slow simulation through the real engine. Every simulation is seeded;
no test measures time.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping
from fractions import Fraction

import numpy as np
import pytest
from numpy.typing import NDArray

import pitchlab as pl
from pitchlab.odds import probability as pr
from pitchlab.odds import sampling as sm
from pitchlab.odds import stats
from tests.helpers import cards, deck_codes, trump_codes

R = pl.TEN_POINT
S, H, D, C = pl.Suit.SPADES, pl.Suit.HEARTS, pl.Suit.DIAMONDS, pl.Suit.CLUBS
MY_HAND = cards("AS 3S 9S JC KH 4H QD 7D 8C")
"""Four spades trump (AS 3S 9S and the off-jack JC), one card of each other suit besides."""
MY_SPADES = 4


def slot_of(code: str) -> int:
    """A card's slot in the ten-point deck, from the deck order of RULES.md (helpers.deck_codes)."""
    return deck_codes().index(code)


def assert_tally_matches(tally: NDArray[np.int_], exact: Mapping[int, Fraction], z: float = 4) -> None:
    """Each count's simulated share agrees with the exact chance within ``z`` standard errors.

    Counts expected fewer than 20 times are pooled into one tail first: for
    them the normal approximation behind a z-test does not hold.
    """
    n = int(tally.sum())
    tail = [k for k in sorted(exact) if n * exact[k] < 20]
    groups = [[k] for k in sorted(exact) if k not in tail] + ([tail] if tail else [])
    for group in groups:
        hits = int(sum(tally[k] for k in group))
        chance = sum((exact[k] for k in group), Fraction(0))
        est = stats.proportion(hits, n)
        assert stats.agrees(est, chance, z), (group, est, float(chance))


def two_sample_agree(hits_a: int, n_a: int, hits_b: int, n_b: int, z: float = 4) -> bool:
    """Two simulated shares agree within ``z`` standard errors of their difference (pooled)."""
    pooled = (hits_a + hits_b) / (n_a + n_b)
    se = math.sqrt(pooled * (1 - pooled) * (1 / n_a + 1 / n_b))
    gap = abs(hits_a / n_a - hits_b / n_b)
    return gap <= z * se if se else gap == 0


# ----------------------------------------------------------------- dealing


def test_hands_are_distinct_slots_and_avoid_the_known_cards() -> None:
    known = sm.slots_of(MY_HAND)
    hands = sm.deal_hands(5000, seed=3, known=MY_HAND)
    assert hands.shape == (5000, 9)
    assert hands.dtype == np.uint8
    assert hands.max() < 54
    ordered = np.sort(hands, axis=1)
    assert (np.diff(ordered, axis=1) > 0).all()  # nine different slots in every row
    assert not np.isin(hands, known).any()


def test_both_jokers_can_be_known() -> None:
    hands = sm.deal_hands(2000, seed=1, known=cards("JK JK"), size=52)
    assert not np.isin(hands, [52, 53]).any()
    assert (np.sort(hands, axis=1) == np.arange(52)).all()  # 52 of 52: every other card, once


def test_each_unseen_slot_is_equally_likely() -> None:
    n = 45_000
    hands = sm.deal_hands(n, seed=7, known=MY_HAND)
    seen = np.bincount(hands.ravel(), minlength=54)
    pool = np.setdiff1d(np.arange(54), sm.slots_of(MY_HAND))
    assert seen[sm.slots_of(MY_HAND)].sum() == 0
    # each of the 45 unseen slots is in a hand with chance 9/45: expected 9000 times, variance
    # n p (1-p) = 7200, so the statistic below averages 45 * 7200 / 9000 = 36 with an sd near 8.5
    expected = n * 9 / 45
    chi2 = float((((seen[pool] - expected) ** 2) / expected).sum())
    assert chi2 < 36 + 5 * 8.5
    # and the first card of a hand is uniform over the 45 too (44 degrees of freedom)
    first = np.bincount(hands[:, 0], minlength=54)[pool]
    chi2_first = float((((first - n / 45) ** 2) / (n / 45)).sum())
    assert chi2_first < 44 + 5 * math.sqrt(2 * 44)


def test_two_given_cards_are_dealt_together_as_often_as_counting_says() -> None:
    # both in a hand of 9 from 45: C(43, 7) / C(45, 9) = (9 * 8) / (45 * 44) = 2/55
    hands = sm.deal_hands(100_000, seed=8, known=MY_HAND)
    both = (hands == slot_of("2S")).any(axis=1) & (hands == slot_of("JK")).any(axis=1)
    assert stats.agrees(stats.proportion(int(both.sum()), len(hands)), Fraction(2, 55))


def test_same_seed_same_deals_and_different_seed_different_deals() -> None:
    first = sm.deal_hands(1000, seed=42)
    assert np.array_equal(first, sm.deal_hands(1000, seed=42))
    assert np.array_equal(first, sm.deal_hands(1000, seed=np.random.default_rng(42)))
    assert not np.array_equal(first, sm.deal_hands(1000, seed=43))
    rng = np.random.default_rng(5)
    assert sm.as_generator(rng) is rng
    assert not np.array_equal(sm.deal_hands(100, rng), sm.deal_hands(100, rng))  # one stream, moving on
    whole = sm.full_deals(300, seed=9, hand=MY_HAND, seat=1)
    assert np.array_equal(whole.order, sm.full_deals(300, seed=9, hand=MY_HAND, seat=1).order)


def test_chunks_put_together_are_the_whole_deal() -> None:
    blocks = list(sm.iter_hands(1000, seed=4, chunk=300))
    assert [len(b) for b in blocks] == [300, 300, 300, 100]
    assert np.array_equal(np.concatenate(blocks), sm.deal_hands(1000, seed=4, chunk=300))
    assert sm.deal_hands(0, seed=4).shape == (0, 9)


def test_full_deals_hold_the_whole_deck_and_my_hand_at_my_seat() -> None:
    deals = sm.full_deals(500, seed=2, hand=MY_HAND, seat=2)
    assert deals.n == 500
    assert (np.sort(deals.order, axis=1) == np.arange(54)).all()
    assert deals.hands.shape == (500, 4, 9)
    assert deals.stock.shape == (500, 18)
    mine = np.sort(sm.slots_of(MY_HAND))
    assert (np.sort(deals.hands[:, 2], axis=1) == mine).all()


def test_holder_of_a_slot() -> None:
    deals = sm.full_deals(200, seed=6)
    for slot in (0, 17, 52, 53):
        holders = sm.holder_of(deals, slot)
        for row in range(deals.n):
            seats = [s for s in range(4) if slot in deals.hands[row, s]]
            expected = seats[0] if seats else 4
            assert seats == [] or len(seats) == 1
            assert slot in deals.stock[row] or seats
            assert holders[row] == expected


# ---------------------------------------------------------------- counting


def test_trump_table_is_the_trump_lists_of_the_rules() -> None:
    table = sm.trump_table()
    assert table.shape == (54, 4)
    for suit in pl.Suit:
        expected = np.zeros(54, dtype=bool)
        for code in trump_codes(suit.letter):
            expected[[slot for slot, c in enumerate(deck_codes()) if c == code]] = True
        assert np.array_equal(table[:, suit], expected), suit
        assert table[:, suit].sum() == 16


def test_points_table_follows_the_points_of_the_rules() -> None:
    table = sm.points_table()
    assert (table.sum(axis=0) == 10).all()  # always exactly ten points a hand
    assert table[slot_of("3S"), S] == 3
    assert table[slot_of("3S"), H] == 0
    assert table[slot_of("JC"), S] == 1  # the off-jack
    assert table[slot_of("2D"), D] == 1
    assert table[slot_of("KH"), H] == 0
    assert (table[[52, 53]] == 1).all()  # each joker, whatever the suit
    hand = np.array([sm.slots_of(cards("3S 2S AS JC JK TS 4H 5D 6C"))], dtype=np.uint8)
    assert sm.points_in(hand, S).tolist() == [3 + 1 + 1 + 1 + 1 + 1]
    assert sm.points_in(hand, H).tolist() == [1]  # only the joker


def test_counts_match_counting_card_by_card() -> None:
    hands = sm.deal_hands(400, seed=12)
    every = sm.all_trump_counts(hands)
    best = sm.best_counts(hands)
    for row, slots in enumerate(hands):
        held = [R.deck[s] for s in slots]
        by_suit = pr.trump_counts(held)
        assert every[row].tolist() == [by_suit[s] for s in pl.Suit]
        assert best[row] == max(by_suit.values())
        for suit in pl.Suit:
            codes = [c.code for c in held]
            assert sm.trump_counts(hands[row : row + 1], suit)[0] == sum(
                codes.count(t) for t in set(trump_codes(suit.letter))
            )


def test_counting_works_on_every_seat_at_once() -> None:
    deals = sm.full_deals(300, seed=13)
    per_seat = sm.trump_counts(deals.hands, H)
    assert per_seat.shape == (300, 4)
    stock = sm.trump_counts(deals.stock, H)
    assert (per_seat.sum(axis=1) + stock == 16).all()  # every trump is somewhere


def test_mean_points_in_a_hand() -> None:
    # ten points among 54 cards, nine dealt: 9 * 10 / 54 = 5/3 points on average
    hands = sm.deal_hands(100_000, seed=14)
    assert stats.agrees(stats.mean_of(sm.points_in(hands, D)), Fraction(5, 3))


# ------------------------------------------- simulated and exact distributions


def test_named_suit_trump_count_agrees_with_the_exact_distribution() -> None:
    exact = pr.trump_count_distribution()
    tally = sm.tally_trump(200_000, seed=21, suit=S)
    assert tally.sum() == 200_000
    assert len(tally) == 10
    assert_tally_matches(tally, exact)


def test_every_suit_at_once_agrees_with_the_exact_distribution() -> None:
    exact = pr.trump_count_distribution()
    hands = sm.deal_hands(200_000, seed=22)
    counts = sm.all_trump_counts(hands)
    for suit in pl.Suit:
        assert_tally_matches(np.bincount(counts[:, suit], minlength=10), exact)


def test_best_suit_agrees_with_the_exact_distribution() -> None:
    exact = pr.best_suit_distribution()
    tally = sm.tally_best_suit(200_000, seed=23)
    assert tally[:3].sum() == 0  # impossible, as the exact answer says
    assert_tally_matches(tally, exact)


def test_partner_trump_given_my_hand_is_hypergeometric() -> None:
    # I hold 4 of the 16 spades trump; my partner's nine come from the 45 cards I cannot see,
    # 12 of them trump
    exact = {k: pr.hypergeometric(k, 45, 16 - MY_SPADES, 9) for k in range(10)}
    tally = sm.tally_partner_trump(MY_HAND, 200_000, seed=24, suit=S)
    assert_tally_matches(tally, exact)
    estimates = sm.tally_estimates(tally)
    assert set(estimates) == set(range(10))
    assert all(e.n == 200_000 for e in estimates.values())


def test_whereabouts_of_a_card_not_in_my_hand() -> None:
    # the 2S is one of 45 unseen cards: 9 of them in each other hand, 18 in the stock
    where = sm.card_whereabouts(pl.Card("2S"), MY_HAND, 100_000, seed=25, seat=1)
    assert set(where) == {"partner", "left opponent", "right opponent", "stock"}
    for place in ("partner", "left opponent", "right opponent"):
        assert stats.agrees(where[place], Fraction(1, 5)), place
    assert stats.agrees(where["stock"], Fraction(2, 5))
    assert sum(e.value for e in where.values()) == pytest.approx(1)


def test_whereabouts_of_the_jokers() -> None:
    # neither joker in my hand: a given hand of 9 misses both with chance
    # C(43, 9) / C(45, 9) = (36 * 35) / (45 * 44) = 7/11, so holds one or both with 4/11;
    # the stock of 18 misses both with (27 * 26) / (45 * 44) = 39/110
    where = sm.card_whereabouts(pl.Card("JK"), MY_HAND, 100_000, seed=26)
    assert stats.agrees(where["partner"], Fraction(4, 11))
    assert stats.agrees(where["left opponent"], Fraction(4, 11))
    assert stats.agrees(where["stock"], 1 - Fraction(39, 110))
    # holding one joker, the other is a single card again
    one = [*MY_HAND[:-1], pl.Card("JK")]
    alone = sm.card_whereabouts(pl.Card("JK"), one, 50_000, seed=27)
    assert sum(e.value for e in alone.values()) == pytest.approx(1)


# ------------------------------------------------------------------ the refill


def test_refill_draws_worked_by_hand() -> None:
    def draws(counts: list[int], dealer: int) -> tuple[list[int], bool]:
        drawn, short = sm.refill_draws(np.array([counts]), dealer=dealer)
        return drawn[0].tolist(), bool(short[0])

    # no trump anywhere, dealer 3: seats 0, 1, 2 take 6 each and empty the 18-card stock
    assert draws([0, 0, 0, 0], dealer=3) == ([6, 6, 6, 0], True)
    # the same with dealer 0: the turn starts at seat 1, and the dealer goes without
    assert draws([0, 0, 0, 0], dealer=0) == ([0, 6, 6, 6], True)
    # seat 1 wants 4, seat 2 wants 1, seat 3 wants 5, seat 0 (seven trump) nothing: 10 of 18
    assert draws([7, 2, 5, 1], dealer=0) == ([0, 4, 1, 5], False)
    # 6 + 5 + 6 = 17 drawn before the dealer, who wants 6 and gets the last card
    assert draws([0, 0, 1, 0], dealer=0) == ([1, 6, 5, 6], True)
    # seats 0, 1, 2 want 5 each: 15 of 18
    assert draws([1, 1, 1, 6], dealer=3) == ([5, 5, 5, 0], False)
    # wants of exactly 18 empty the stock without anyone going short
    assert draws([0, 0, 0, 6], dealer=3) == ([6, 6, 6, 0], False)


def test_refill_with_my_hand_first_to_draw() -> None:
    # seat 1 sits at dealer 0's left and draws first: holding four spades trump it always draws 2
    refill = sm.tally_refill(20_000, seed=31, suit=S, dealer=0, hand=MY_HAND, seat=1)
    assert refill.drawn[1].tolist() == [0, 0, 20_000, 0, 0, 0, 0]
    assert refill.draw_chances(1)[2].value == 1
    assert (refill.drawn.sum(axis=1) == 20_000).all()


def test_first_seat_to_draw_follows_the_exact_trump_count() -> None:
    # the first seat can never run short (6 < 18), so it draws 6 - k with k trump,
    # and nothing with six or more
    exact_trump = pr.trump_count_distribution()
    exact = {6 - k: exact_trump[k] for k in range(6)}
    exact[0] = pr.at_least(6, exact_trump)
    refill = sm.tally_refill(200_000, seed=32, suit=H, dealer=2)
    assert_tally_matches(refill.drawn[3], exact)


def engine_refills(deals: int, seed: int, suit: pl.Suit, dealer: int) -> tuple[NDArray[np.int_], int]:
    """Deal through the real engine, bid, name ``suit`` and read what each seat drew.

    The stock ran short when the seats drew less in all than they wanted, each
    wanting six minus the trump it was dealt (trump from the lists of RULES.md).
    """
    rng = random.Random(seed)
    trump = set(trump_codes(suit.letter))
    drawn = np.zeros((4, 7), dtype=np.int_)
    short = 0
    for _ in range(deals):
        hand = pl.Hand.deal(R, dealer, seed=rng)
        dealt = [sum(c.code in trump for c in hand.hand_of(s)) for s in range(4)]
        hand.apply(pl.Bid(4))
        for _ in range(3):
            hand.apply(pl.PASS)
        hand.apply(pl.NameTrump(suit))
        for seat, got in enumerate(hand.drawn):
            drawn[seat, got] += 1
        short += sum(hand.drawn) < sum(max(0, 6 - k) for k in dealt)
    return drawn, short


def test_refill_simulation_agrees_with_the_engine() -> None:
    slow_n, fast_n = 30_000, 300_000
    slow, slow_short = engine_refills(slow_n, seed=33, suit=C, dealer=1)
    fast = sm.tally_refill(fast_n, seed=34, suit=C, dealer=1)
    for seat in range(4):
        for got in range(7):
            assert two_sample_agree(int(fast.drawn[seat, got]), fast_n, int(slow[seat, got]), slow_n), (
                seat,
                got,
            )
    assert two_sample_agree(fast.short, fast_n, slow_short, slow_n)
    assert 0 < fast.short < fast_n // 100  # it happens, rarely
    assert fast.short_chance().n == fast_n


# ---------------------------------------------------------------- bad input


def test_bad_known_cards_are_refused_clearly() -> None:
    with pytest.raises(pl.BadDeal, match="AS is listed more often"):
        sm.deal_hands(10, seed=1, known=cards("AS KS AS"))
    with pytest.raises(pl.BadDeal, match="JK is listed more often than the deck holds it \\(2 times\\)"):
        sm.deal_hands(10, seed=1, known=cards("JK JK JK"))
    with pytest.raises(pl.BadDeal, match="JKH is not in the ten-point deck"):
        sm.deal_hands(10, seed=1, known=[pl.Card("JKH")])


def test_impossible_sizes_and_counts_are_refused() -> None:
    with pytest.raises(pl.BadDeal, match="cannot deal 46 cards from the 45 left"):
        sm.deal_hands(10, seed=1, known=MY_HAND, size=46)
    with pytest.raises(pl.BadDeal, match="cannot deal 55"):
        sm.deal_hands(10, seed=1, size=55)
    with pytest.raises(pl.BadDeal):
        sm.deal_hands(10, seed=1, size=-1)
    for n in (-1, 2.5, True):
        with pytest.raises(pl.PitchError, match="whole number of deals"):
            sm.deal_hands(n, seed=1)  # type: ignore[arg-type]
    with pytest.raises(pl.PitchError, match="whole number of deals"):
        sm.iter_hands(-5, seed=1)  # refused at once, not at the first chunk
    with pytest.raises(pl.PitchError, match="chunk"):
        sm.deal_hands(10, seed=1, chunk=0)


def test_bad_seeds_are_refused() -> None:
    for seed in (None, -1, "1", 1.0):
        with pytest.raises(pl.PitchError, match="seed"):
            sm.deal_hands(10, seed=seed)  # type: ignore[arg-type]


def test_bad_full_deals_and_questions_are_refused() -> None:
    with pytest.raises(pl.BadDeal, match="holds 9 cards"):
        sm.full_deals(10, seed=1, hand=MY_HAND[:8])
    with pytest.raises(pl.PitchError, match="seat 0-3"):
        sm.full_deals(10, seed=1, hand=MY_HAND, seat=4)
    with pytest.raises(pl.PitchError, match="already"):
        sm.card_whereabouts(pl.Card("AS"), MY_HAND, 10, seed=1)
    with pytest.raises(pl.PitchError, match="dealer"):
        sm.refill_draws(np.zeros((1, 4), dtype=np.int_), dealer=4)
    with pytest.raises(pl.PitchError, match="dealer"):
        sm.tally_refill(10, seed=1, dealer=-1)
    with pytest.raises(pl.BadDeal, match="not 8"):
        sm.tally_partner_trump(MY_HAND[:8], 10, seed=1)
