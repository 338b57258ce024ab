"""Exact trump-count odds against brute force, a hand-worked value and a seeded simulation."""

from __future__ import annotations

import itertools
import math
from collections import Counter
from fractions import Fraction

import pytest

import pitchlab as pl
from pitchlab import probability as pr

S, H, D, C = pl.Suit.SPADES, pl.Suit.HEARTS, pl.Suit.DIAMONDS, pl.Suit.CLUBS


def brute_force_counts(trump_flags: list[bool], draws: int) -> dict[int, Fraction]:
    """Every hand of a small deck, counted one by one."""
    hands = list(itertools.combinations(range(len(trump_flags)), draws))
    counts = Counter(sum(trump_flags[i] for i in hand) for hand in hands)
    return {k: Fraction(counts[k], len(hands)) for k in range(draws + 1)}


def test_hypergeometric_matches_brute_force_on_a_small_deck() -> None:
    flags = [True] * 4 + [False] * 6  # 10 cards, 4 trump, deal 3
    exact = {k: pr.hypergeometric(k, 10, 4, 3) for k in range(4)}
    assert exact == brute_force_counts(flags, 3)
    assert exact[0] == Fraction(20, 120)  # C(6,3) / C(10,3), worked by hand


def test_no_trump_in_nine_of_fifty_four_worked_by_hand() -> None:
    # C(38,9) / C(54,9) written out, not through math.comb
    c38_9 = 38 * 37 * 36 * 35 * 34 * 33 * 32 * 31 * 30 // (9 * 8 * 7 * 6 * 5 * 4 * 3 * 2)
    c54_9 = 54 * 53 * 52 * 51 * 50 * 49 * 48 * 47 * 46 // (9 * 8 * 7 * 6 * 5 * 4 * 3 * 2)
    assert c38_9 == 163_011_640
    assert c54_9 == 5_317_936_260
    assert pr.trump_count_distribution()[0] == Fraction(c38_9, c54_9)


def test_named_suit_distribution_is_exact_and_the_same_for_every_suit() -> None:
    dists = [pr.trump_count_distribution(suit=s) for s in pl.Suit]
    assert all(d == dists[0] for d in dists)
    dist = dists[0]
    assert sum(dist.values()) == 1
    assert all(isinstance(p, Fraction) for p in dist.values())
    assert pr.mean(dist) == Fraction(9 * 16, 54) == Fraction(8, 3)
    assert dist[9] == Fraction(math.comb(16, 9), math.comb(54, 9))
    assert pr.at_least(0, dist) == 1


def test_suit_groups_of_ten_point() -> None:
    groups = pr.suit_groups()
    assert groups == {
        frozenset({S}): 12,
        frozenset({H}): 12,
        frozenset({D}): 12,
        frozenset({C}): 12,
        frozenset({S, C}): 2,  # the black jacks
        frozenset({H, D}): 2,  # the red jacks
        frozenset(pl.Suit): 2,  # the jokers
    }


SMALL_DECK: list[frozenset[pl.Suit]] = [
    frozenset({S}),
    frozenset({S}),
    frozenset({S, C}),
    frozenset({S, C}),
    frozenset({C}),
    frozenset({H}),
    frozenset({H, D}),
    frozenset({D}),
    frozenset(pl.Suit),
    frozenset(),  # a card that is trump nowhere
]


@pytest.mark.parametrize("draws", [0, 1, 3, 4, 6, 10])
def test_best_suit_matches_brute_force_on_a_small_deck(draws: int) -> None:
    hands = list(itertools.combinations(SMALL_DECK, draws))
    counts = Counter(max(sum(suit in card for card in hand) for suit in pl.Suit) for hand in hands)
    expected = {k: Fraction(counts[k], len(hands)) for k in range(draws + 1)}
    assert pr.best_count_distribution(Counter(SMALL_DECK), draws) == expected


def test_group_counting_of_one_suit_is_the_hypergeometric() -> None:
    exact = pr.best_count_distribution(pr.suit_groups(), 9, suits=[H])
    assert exact == pr.trump_count_distribution(suit=H)


def test_best_suit_distribution_facts() -> None:
    best = pr.best_suit_distribution()
    assert sum(best.values()) == 1
    # nine cards, and every card but a joker is trump in its own suit: some suit has three
    assert best[0] == best[1] == best[2] == 0
    assert best[3] > 0
    # the best of four is never worse than one named suit
    named = pr.trump_count_distribution()
    assert all(pr.at_least(k, best) >= pr.at_least(k, named) for k in range(10))


def test_impossible_deal_is_refused() -> None:
    with pytest.raises(ValueError, match="cannot deal"):
        pr.best_count_distribution({frozenset({S}): 3}, 4)


def test_exact_answers_agree_with_a_seeded_simulation() -> None:
    deals = 4000
    named, best = pr.simulate_trump_counts(deals, seed=11)
    assert sum(named.values()) == sum(best.values()) == deals
    for exact, seen in ((pr.trump_count_distribution(), named), (pr.best_suit_distribution(), best)):
        for k, p in exact.items():
            sd = math.sqrt(float(p) * (1 - float(p)) / deals)
            assert abs(seen[k] / deals - float(p)) <= 4 * sd + 1e-9, k


def test_simulation_is_reproducible_from_its_seed() -> None:
    assert pr.simulate_trump_counts(300, seed=5) == pr.simulate_trump_counts(300, seed=5)
    assert pr.opening_bids(200, seed=4) == pr.opening_bids(200, seed=4)


def test_counting_a_hand() -> None:
    cards = pl.parse_cards("AH JD JK 2H 5S 9C JC 3D KD")
    assert pr.trump_in(cards, H) == tuple(pl.parse_cards("AH JD JK 2H"))
    assert pr.trump_counts(cards) == {S: 3, H: 4, D: 4, C: 3}
    assert pr.best_count(cards) == 4


def test_opening_bids_cover_every_deal() -> None:
    bids = pr.opening_bids(300, seed=2)
    assert sum(n for row in bids.counts.values() for n in row.values()) == 300
    assert set(bids.bids()) <= {0, 4, 5, 6}  # an opening bot bids at most 6
    assert min(bids.counts) >= 3
    assert "trump" in bids.table()
    assert 0 <= bids.share_bidding(4) <= 1


def test_text_tables() -> None:
    table = pr.distribution_table()
    assert " 3      29.07%      23.83%" in table
    assert " 0       3.07%           0" in table
    assert "mean     2.667       4.113" in table
    assert pr.percent(Fraction(1, 10**6)) == "0.0001%"
    assert pr.percent(0) == "0"
    check = pr.simulation_check(deals=500, seed=3)
    assert "(500 simulated deals, seed 3)" in check
