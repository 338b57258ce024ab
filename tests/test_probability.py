"""Exact odds against brute force, hand-worked values and seeded simulations.

Brute force runs on a small deck (:class:`SmallDeck`), where every deal can be
listed and counted one by one, and, for the refill, played by the engine itself.
"""

from __future__ import annotations

import functools
import itertools
import math
import random
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import pytest

import pitchlab as pl
from pitchlab.bots import simulation as sim
from pitchlab.odds import probability as pr

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
    assert sim.opening_bids(200, seed=4) == sim.opening_bids(200, seed=4)


def test_counting_a_hand() -> None:
    cards = pl.parse_cards("AH JD JK 2H 5S 9C JC 3D KD")
    assert pr.trump_in(cards, H) == tuple(pl.parse_cards("AH JD JK 2H"))
    assert pr.trump_counts(cards) == {S: 3, H: 4, D: 4, C: 3}
    assert pr.best_count(cards) == 4


def test_opening_bids_cover_every_deal() -> None:
    bids = sim.opening_bids(300, seed=2)
    assert sum(n for row in bids.counts.values() for n in row.values()) == 300
    # every answer is legal for the first to speak: a pass, or 4 to 10
    assert set(bids.bids()) <= {0, *range(4, 11)}
    assert min(bids.counts) >= 3
    # more trump, bolder bids: long suits bid more often than short ones
    short = sum(n for k, row in bids.counts.items() if k <= 4 for b, n in row.items() if b)
    short_all = sum(n for k, row in bids.counts.items() if k <= 4 for n in row.values())
    long = sum(n for k, row in bids.counts.items() if k >= 6 for b, n in row.items() if b)
    long_all = sum(n for k, row in bids.counts.items() if k >= 6 for n in row.values())
    assert long / long_all > short / short_all
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


# ------------------------------------------------- one hand's view, against every deal


@dataclass(frozen=True)
class SmallDeck(pl.Ruleset):
    """A ruleset over a short deck of chosen cards, so that every deal can be listed.

    The engine reads the deck only through ``rules.deck``, so it plays these
    small games with the same code as the real one.
    """

    cards: tuple[pl.Card, ...] = ()

    @functools.cached_property
    def deck(self) -> tuple[pl.Card, ...]:
        return self.cards


def small_rules(plain: str = "4H 9D KC 7H", /, **changes: int | str) -> pl.Ruleset:
    """Four seats, two cards each, and a deck of six spade trump (AS, the off-jack JC, two
    jokers, 3S worth 3 and 2S) plus ``plain`` cards that are not trump of spades."""
    rules = SmallDeck(
        name="small",
        description="a short deck for counting every deal",
        cards=tuple(pl.parse_cards("AS JC JK JK 3S 2S " + plain)),
        hand_size=2,
        refill_to=2,
        keep_trump=2,
        trump_order=("A", "OJ", "JK", "JK", "3", "2"),
        point_cards=(
            pl.PointCard("A", 1),
            pl.PointCard("OJ", 1),
            pl.PointCard("JK", 1),
            pl.PointCard("3", 3),
            pl.PointCard("2", 1, "holder"),
        ),
    )
    return rules.replace(**changes)


def deals_around(
    rules: pl.Ruleset, seat: int, hand: Sequence[pl.Card], ordered_stock: bool = False
) -> Iterator[tuple[list[list[pl.Card]], list[pl.Card]]]:
    """Every deal with ``hand`` at ``seat``: the other hands as sets and the stock as a set,
    or in every order. The two identical jokers are two cards here, as in a shuffle, so
    every deal is listed equally often."""
    rest = list((Counter(rules.deck) - Counter(hand)).elements())
    others = [s for s in range(rules.players) if s != seat]

    def split(free: list[int], k: int) -> Iterator[tuple[list[tuple[int, ...]], list[int]]]:
        if k == len(others):
            yield [], free
            return
        for chosen in itertools.combinations(free, rules.hand_size):
            for more, stock in split([i for i in free if i not in chosen], k + 1):
                yield [chosen, *more], stock

    for chosen, stock in split(list(range(len(rest))), 0):
        hands = [list(hand)] * rules.players
        for s, slots in zip(others, chosen, strict=True):
            hands[s] = [rest[i] for i in slots]
        for order in itertools.permutations(stock) if ordered_stock else [stock]:
            yield hands, [rest[i] for i in order]


def tally(counts: Counter[int] | Counter[tuple[int, ...]], total: int) -> dict[Any, Fraction]:
    return {k: Fraction(v, total) for k, v in sorted(counts.items())}


def nonzero(dist: Mapping[Any, Fraction]) -> dict[Any, Fraction]:
    return {k: p for k, p in dist.items() if p}


SMALL_HANDS = ["JK 4H", "JK JK", "AS 3S", "9D KC", "2S JC"]


@pytest.mark.parametrize("codes", SMALL_HANDS)
def test_whereabouts_match_every_deal_of_a_small_deck(codes: str) -> None:
    rules = small_rules()
    hand = pl.parse_cards(codes)
    seat = 1  # partner 3, opponents 0 and 2
    for card in set(rules.deck):
        found: Counter[str] = Counter()
        total = 0
        for hands, stock in deals_around(rules, seat, hand):
            total += 1
            found.update(f"seat {s}" for s in (0, 2, 3) if card in hands[s])
            found["stock"] += card in stock
        got = pr.whereabouts(hand, card, seat, rules)
        assert got.partner == Fraction(found["seat 3"], total)
        assert got.opponents == {0: Fraction(found["seat 0"], total), 2: Fraction(found["seat 2"], total)}
        assert got.stock == Fraction(found["stock"], total)
        assert got.held == hand.count(card)
        assert got.held + got.unseen == rules.deck.count(card)


def test_whereabouts_worked_by_hand() -> None:
    hand = pl.parse_cards("AH KH 5H 9D 8D 7C 6C 4C 2C")  # no spade trump, no joker, no JC
    three = pr.whereabouts(hand, pl.Card("3S"), seat=0)
    # one copy among 45 unseen cards: 9 of them are the partner's, 18 the stock's
    assert three.partner == Fraction(9, 45) == Fraction(1, 5)
    assert three.opponents == {1: Fraction(1, 5), 3: Fraction(1, 5)}
    assert three.stock == Fraction(18, 45)
    assert not three.in_my_hand
    joker = pr.whereabouts(hand, pl.Card("JK"), seat=0)
    # at least one of two jokers: 1 - C(43,9)/C(45,9) = 1 - (36*35)/(45*44) = 1 - 1260/1980 = 4/11
    assert joker.partner == 1 - Fraction(36 * 35, 45 * 44) == Fraction(4, 11)
    # the stock: 1 - C(43,18)/C(45,18) = 1 - (27*26)/(45*44) = 71/110
    assert joker.stock == Fraction(71, 110)
    assert "at least one copy" in joker.summary()


def test_a_card_in_my_hand_is_said_to_be_there() -> None:
    hand = pl.parse_cards("3S JK AH KH 5H 9D 8D 7C 6C")
    three = pr.whereabouts(hand, pl.Card("3S"), seat=2)
    assert three.in_my_hand
    assert (three.held, three.unseen) == (1, 0)
    assert three.partner == three.stock == 0
    assert set(three.opponents.values()) == {0}
    assert three.summary() == "3S: in your hand"
    joker = pr.whereabouts(hand, pl.Card("JK"), seat=2)
    assert (joker.held, joker.unseen) == (1, 1)
    assert joker.partner == Fraction(9, 45)  # the one other joker, like any single card
    assert "you hold 1 of 2" in joker.summary()
    both = pr.whereabouts(pl.parse_cards("JK JK AH KH 5H 9D 8D 7C 6C"), pl.Card("JK"), seat=2)
    assert (both.held, both.unseen) == (2, 0)
    assert both.partner == both.stock == 0


@pytest.mark.parametrize("codes", SMALL_HANDS)
def test_others_trump_match_every_deal_of_a_small_deck(codes: str) -> None:
    rules = small_rules()
    hand = pl.parse_cards(codes)
    seen: dict[str, Counter[int]] = {k: Counter() for k in ("partner", "opponent", "opponents", "stock")}
    total = 0
    for hands, stock in deals_around(rules, 0, hand):
        total += 1
        count = [len(pr.trump_in(h, S, rules)) for h in hands]
        seen["partner"][count[2]] += 1
        seen["opponent"][count[3]] += 1
        seen["opponents"][count[1] + count[3]] += 1
        seen["stock"][len(pr.trump_in(stock, S, rules))] += 1
    got = pr.others_trump(hand, S, seat=0, rules=rules)
    for name, counts in seen.items():
        assert nonzero(getattr(got, name)) == tally(counts, total), name
        assert sum(getattr(got, name).values()) == 1


def test_partner_trump_worked_by_hand() -> None:
    hand = pl.parse_cards("AS KS 2S 9D 8D 7C 6C 4C 2H")  # 3 spade trump: 13 of 45 unseen cards are trump
    got = pr.others_trump(hand, S)
    assert (got.unseen, got.trump) == (45, 13)
    # partner has no trump: C(32,9)/C(45,9), products written out
    c32_9 = 32 * 31 * 30 * 29 * 28 * 27 * 26 * 25 * 24 // 362880
    c45_9 = 45 * 44 * 43 * 42 * 41 * 40 * 39 * 38 * 37 // 362880
    assert got.partner[0] == Fraction(c32_9, c45_9)
    # one opponent is the same law; the two together draw 18 of 45, mean 18 * 13 / 45
    assert got.opponent == got.partner
    assert pr.mean(got.opponents) == Fraction(18 * 13, 45)
    assert pr.mean(got.stock) == Fraction(18 * 13, 45)


@pytest.mark.parametrize("codes", SMALL_HANDS)
def test_team_points_match_every_deal_of_a_small_deck(codes: str) -> None:
    rules = small_rules()
    hand = pl.parse_cards(codes)
    points: Counter[int] = Counter()
    total = 0
    for hands, _ in deals_around(rules, 3, hand):
        total += 1
        points[sum(rules.points_of(c, S) for c in hands[3] + hands[1])] += 1  # seat 3 and partner 1
    got = pr.team_points_distribution(hand, S, seat=3, rules=rules)
    assert nonzero(got) == tally(points, total)
    assert sum(got.values()) == 1


def test_team_points_worked_by_hand() -> None:
    # every point card of hearts but the three: A, J, off-jack JD, both jokers, 10, 2 = 7 points
    hand = pl.parse_cards("AH JH JD JK JK TH 2H 9S 8S")
    got = pr.team_points_distribution(hand, H)
    # only the three (3 points) is unseen: the partner holds it with chance 9/45
    assert nonzero(got) == {7: Fraction(4, 5), 10: Fraction(1, 5)}
    nothing = pl.parse_cards("4S 5S 6S 7S 8S 9S TS QS KS")  # no point card of hearts
    got = pr.team_points_distribution(nothing, H)
    # all 10 points unseen; the partner holds none of the 8 point cards: C(37,9)/C(45,9)
    c37_9 = 37 * 36 * 35 * 34 * 33 * 32 * 31 * 30 * 29 // 362880
    c45_9 = 45 * 44 * 43 * 42 * 41 * 40 * 39 * 38 * 37 // 362880
    assert got[0] == Fraction(c37_9, c45_9)
    # the 45 unseen cards carry all 10 points; the partner's 9 of them carry 9 * 10 / 45 = 2 on average
    assert pr.mean(got) == Fraction(9 * 10, 45) == 2


def refill_by_engine(
    rules: pl.Ruleset, hands: list[list[pl.Card]], stock: list[pl.Card], dealer: int
) -> pl.Hand:
    """The engine's refill of a deal: the dealer's left bids, the rest pass, spades named."""
    hand = pl.Hand.from_cards(rules, dealer, hands, stock)
    for k in range(rules.players):
        hand.apply(pl.Bid(rules.min_bid) if k == 0 else pl.PASS)
    hand.apply(pl.NameTrump(S))
    return hand


@pytest.mark.parametrize(
    ("codes", "changes"),
    [
        ("4H 9D", {}),
        ("JK 4H", {"refill_to": 1}),
        ("AS 3S", {"refill_to": 3}),
        ("9D KC", {"keep_trump": 1}),
    ],
)
def test_refill_given_my_hand_matches_the_engine_on_every_deal(codes: str, changes: dict[str, int]) -> None:
    rules = small_rules(**changes)
    hand = pl.parse_cards(codes)
    seat, dealer = 2, 0
    draws: list[Counter[int]] = [Counter() for _ in range(4)]
    short: Counter[bool] = Counter()
    left: Counter[int] = Counter()
    total = 0
    for hands, stock in deals_around(rules, seat, hand):
        done = refill_by_engine(rules, hands, stock, dealer)
        total += 1
        for s in range(4):
            draws[s][done.drawn[s]] += 1
        needs = [max(0, rules.refill_to - len(pr.trump_in(h, S, rules))) for h in hands]
        short[any(d < need for d, need in zip(done.drawn, needs, strict=True))] += 1
        left[len(stock) - sum(done.drawn)] += 1
    got = pr.refill_odds_given(hand, S, seat, dealer, rules)
    assert [nonzero(d) for d in got.draws] == [tally(c, total) for c in draws]
    assert got.short == Fraction(short[True], total)
    assert nonzero(got.left) == tally(left, total)


def test_refill_before_anyone_looks_matches_every_deal_of_a_small_deck() -> None:
    rules = small_rules()  # 10 cards, 6 of them trump: four hands of 2 and a stock of 2
    trump = [rules.is_trump(c, S) for c in rules.deck]
    dealer = 1
    order = [2, 3, 0, 1]  # the refill goes clockwise from the dealer's left
    draws: list[Counter[int]] = [Counter() for _ in range(4)]
    left_counts: Counter[int] = Counter()
    short = total = 0
    slots = range(len(rules.deck))
    for h0 in itertools.combinations(slots, 2):
        r0 = [s for s in slots if s not in h0]
        for h1 in itertools.combinations(r0, 2):
            r1 = [s for s in r0 if s not in h1]
            for h2 in itertools.combinations(r1, 2):
                r2 = [s for s in r1 if s not in h2]
                for h3 in itertools.combinations(r2, 2):
                    total += 1
                    kept = [sum(trump[i] for i in h) for h in (h0, h1, h2, h3)]
                    left, ran_short = 2, False
                    for seat in order:  # RULES.md: draw back to 2 cards while the stock lasts
                        need = max(0, 2 - kept[seat])
                        got = min(need, left)
                        ran_short |= got < need
                        left -= got
                        draws[seat][got] += 1
                    short += ran_short
                    left_counts[left] += 1
    odds = pr.refill_odds(dealer, rules)
    assert [nonzero(d) for d in odds.draws] == [tally(c, total) for c in draws]
    assert odds.short == Fraction(short, total)
    assert nonzero(odds.left) == tally(left_counts, total)
    assert 0 < odds.short < 1


def test_refill_in_ten_point_worked_from_the_deal_law() -> None:
    odds = pr.refill_odds(dealer=3)
    dealt = pr.trump_count_distribution()
    # the first three seats to draw always find 6 cards (18 - 6 - 6 >= 6), so each
    # draws 6 - kept, or 0 with six or more trump: the deal's hypergeometric law
    law = {d: dealt[6 - d] for d in range(1, 7)} | {0: pr.at_least(6, dealt)}
    for seat in (0, 1, 2):
        assert odds.draws[seat] == dict(sorted(law.items()))
    # the dealer draws last and only it can find the stock short
    assert odds.draws[3] != odds.draws[0]
    assert 0 < odds.short < Fraction(1, 1000)
    assert sum(odds.left.values()) == 1
    # no seat draws more than it needs, and each needs what `law` says on average,
    # so the four draws leave at least 18 - 4 * (mean need) on average
    assert pr.mean(odds.left) >= 18 - 4 * pr.mean(law)
    mine = pr.refill_odds_given(pl.parse_cards("AS KS QS 2S 9D 8D 7C 6C 4C"), S, seat=0, dealer=3)
    assert mine.draws[0] == {0: 0, 1: 0, 2: 1, 3: 0, 4: 0, 5: 0, 6: 0}  # first to draw: 6 - 4 trump
    assert "stock runs short" in mine.table()


def test_refill_draws_agree_with_seeded_deals_of_the_real_deck() -> None:
    deals, dealer = 3000, 2
    rng = random.Random(17)
    seen: list[Counter[int]] = [Counter() for _ in range(4)]
    for _ in range(deals):
        hand = pl.Hand.deal(pl.TEN_POINT, dealer, seed=rng)
        for k in range(4):
            hand.apply(pl.Bid(4) if k == 0 else pl.PASS)
        hand.apply(pl.NameTrump(H))
        for seat in range(4):
            seen[seat][hand.drawn[seat]] += 1
    odds = pr.refill_odds(dealer, suit=H)
    for seat in range(4):
        for d, p in odds.draws[seat].items():
            sd = math.sqrt(float(p) * (1 - float(p)) / deals)
            assert abs(seen[seat][d] / deals - float(p)) <= 4 * sd + 1e-9, (seat, d)


def test_team_points_agree_with_seeded_deals_of_the_real_deck() -> None:
    hand = pl.parse_cards("AD 3D 9D 8C 7C 6H 5H 4S 2S")  # 4 points of diamonds
    unseen = list((Counter(pl.TEN_POINT.deck) - Counter(hand)).elements())
    deals = 4000
    rng = random.Random(23)
    seen: Counter[int] = Counter()
    for _ in range(deals):
        partner = rng.sample(unseen, 9)
        seen[4 + sum(pl.TEN_POINT.points_of(c, D) for c in partner)] += 1
    exact = pr.team_points_distribution(hand, D, seat=1)
    assert set(seen) <= set(nonzero(exact))
    for points, p in exact.items():
        sd = math.sqrt(float(p) * (1 - float(p)) / deals)
        assert abs(seen[points] / deals - float(p)) <= 4 * sd + 1e-9, points


GOOD_HAND = "AS KS 2S 9D 8D 7C 6C 4C 2H"


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (
            lambda: pr.whereabouts(pl.parse_cards(GOOD_HAND)[:8], pl.Card("3S"), 0),
            pl.BadDeal,
            "holds 8 cards",
        ),
        (
            lambda: pr.others_trump(pl.parse_cards("AS AS KS 9D 8D 7C 6C 4C 2H"), S),
            pl.BadDeal,
            "AS appears 2",
        ),
        (
            lambda: pr.others_trump(pl.parse_cards("JK JK JK 9D 8D 7C 6C 4C 2H"), S),
            pl.BadDeal,
            "JK appears 3",
        ),
        (lambda: pr.whereabouts(pl.parse_cards(GOOD_HAND), pl.Card("3S"), 4), pl.BadDeal, "seat 0-3, not 4"),
        (
            lambda: pr.whereabouts(pl.parse_cards(GOOD_HAND), pl.Card("JKH"), 0),
            pl.BadDeal,
            "JKH is not in the ten-point deck",
        ),
        (lambda: pr.team_points_distribution(GOOD_HAND.split(), S), pl.CardError, "'AS' is not a Card"),  # type: ignore[arg-type]
        (lambda: pr.others_trump(pl.parse_cards(GOOD_HAND), "S"), pl.CardError, "not a suit"),  # type: ignore[arg-type]
        (lambda: pr.refill_odds(dealer=-1), pl.BadDeal, "dealer must be a seat"),
        (
            lambda: pr.stock_left([6, 6, 6, 1], dealer=3),
            pl.PitchError,
            "seat 3 cannot have drawn 1: it could draw 0-0",
        ),
        (lambda: pr.stock_left([7, 0, 0, 0]), pl.PitchError, "seat 0 cannot have drawn 7"),
        (lambda: pr.stock_left([0, 0, 0]), pl.PitchError, "one for each of 4 seats"),
    ],
)
def test_bad_inputs_are_refused_clearly(
    call: Callable[[], object], error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message):
        call()
