"""Lesson 3's working parts: the evidence of a draw, Bayes tables, the rejection sampler, the replayed hand.

Expected values come from three independent places: counts worked by hand
with ``math.comb`` (written out beside each assert), the refill as the engine
plays it (:class:`pitchlab.Hand`), and the exact posterior of
:mod:`pitchlab.odds.inference`, which its own tests check against every deal of a
small deck. The sampler must agree with the last within 4 standard errors.
"""

from __future__ import annotations

import itertools
import math
import random
from fractions import Fraction
from math import comb

import numpy as np
import pytest

import pitchlab as pl
from pitchlab.lessons.classroom import bayes_from_the_draws
from pitchlab.lessons.classroom.bayes_from_the_draws import (
    bayes_table,
    draw_likelihood,
    draw_says,
    kept_given_draw,
)
from pitchlab.odds import inference, probability, stats
from pitchlab.ui import classroom
from tests.test_inference import bidding
from tests.test_probability import small_rules

S = pl.Suit.SPADES
RULES = pl.TEN_POINT
HAND = pl.parse_cards("KS JS 9S 2S 8H 4H TD 6D QC")  # the lesson's hand: 4 spade trump
DEALER = BIDDER = 1  # seats draw 2, 3, 0, 1
DRAWN = (2, 4, 4, 3)
MY_DRAW = pl.parse_cards("7H 3C")
THREE, ACE, JK = pl.Card("3S"), pl.Card("AS"), pl.Card("JK")


# ------------------------------------------------------------------ the evidence


def test_what_a_draw_allows_worked_by_hand() -> None:
    assert kept_given_draw(4, 18) == (2,)  # cards to spare: exactly 6 - 4
    assert kept_given_draw(6, 18) == (0,)
    assert kept_given_draw(0, 18) == (6, 7, 8, 9)  # six or more
    assert kept_given_draw(3, 3) == (0, 1, 2, 3)  # it emptied the stock: at most 6 - 3
    assert kept_given_draw(6, 6) == (0,)  # emptied it, but wanting 6 means it kept none
    assert kept_given_draw(2, 5) == (4,)
    assert kept_given_draw(0, 0) == tuple(range(10))  # an empty stock says nothing
    assert draw_likelihood(4, 18) == {t: Fraction(t == 2) for t in range(10)}


def test_the_words_follow_the_cases() -> None:
    assert draw_says(4, 18) == "drew 4 cards with 18 in the stock: it kept exactly 2 trump"
    assert draw_says(1, 9) == "drew 1 card with 9 in the stock: it kept exactly 5 trump"
    assert draw_says(0, 18) == "drew 0 cards with 18 in the stock: it kept 6 or more trump"
    assert draw_says(3, 3) == "drew the last 3 cards of the stock: it kept at most 3 trump"
    assert "says nothing" in draw_says(0, 0)


def test_the_engines_refill_always_fits_what_the_draw_allows() -> None:
    # real deals through the engine: the trump each seat was dealt is among the counts
    # its public draw allows, given what was left when its turn came
    rng = random.Random(5)
    short = 0
    for _ in range(300):
        hand = pl.Hand.deal(RULES, rng.randrange(4), seed=rng)
        bidder = rng.randrange(4)
        for seat, action in bidding(hand.dealer, bidder):
            hand.apply(action, seat)
        assert hand.trump is S
        left = probability.stock_left(hand.drawn, hand.dealer)
        for seat in range(4):
            dealt = len(probability.trump_in(hand.dealt_to(seat), S))
            allowed = kept_given_draw(hand.drawn[seat], left[seat])
            assert dealt in allowed, (seat, hand.drawn, dealt)
            short += hand.drawn[seat] == left[seat] > 0 and len(allowed) > 1
    assert short  # the emptied-stock case came up


def test_impossible_draws_are_refused() -> None:
    for drew, left in ((7, 18), (4, 3), (-1, 18), (0, 19), (0, -1)):
        with pytest.raises(pl.PitchError):
            kept_given_draw(drew, left)


# ------------------------------------------------------------------ Bayes' rule


def test_a_bayes_table_worked_by_hand() -> None:
    # a fair coin or a two-headed one, one head seen: P(fair | H) = (1/2 * 1/2) / (1/4 + 1/2) = 1/3
    table = bayes_table(
        {"fair": Fraction(1, 2), "two heads": Fraction(1, 2)},
        {"fair": Fraction(1, 2), "two heads": Fraction(1)},
    )
    assert table.evidence == Fraction(3, 4)
    assert table.posterior() == {"fair": Fraction(1, 3), "two heads": Fraction(2, 3)}
    assert [r.product for r in table.rows] == [Fraction(1, 4), Fraction(1, 2)]


def test_a_draw_of_zero_rescales_the_tail_of_the_prior() -> None:
    prior = probability.others_trump(HAND, S).partner
    table = bayes_table(prior, draw_likelihood(0, 18))
    tail = sum(comb(12, t) * comb(33, 9 - t) for t in range(6, 10))
    assert table.evidence == Fraction(tail, comb(45, 9))
    for t in range(10):
        expected = Fraction(comb(12, t) * comb(33, 9 - t), tail) if t >= 6 else 0
        assert table.posterior()[t] == expected


def test_averaging_the_posteriors_over_every_draw_gives_back_the_prior() -> None:
    # the law of total probability: the first seat to draw (18 in the stock) draws 0-6,
    # those outcomes cover every deal, and sum_E P(E) P(H | E) = P(H) exactly
    prior = probability.others_trump(HAND, S).partner
    tables = [bayes_table(prior, draw_likelihood(d, 18)) for d in range(7)]
    assert sum(t.evidence for t in tables) == 1
    for t in range(10):
        assert sum(table.evidence * table.posterior()[t] for table in tables) == prior[t]


def test_the_three_with_the_seat_that_drew_four() -> None:
    # the lesson's two-row table: 1/5 before, 2/12 after (seat 2 holds 2 of the 12 unseen trump)
    prior = probability.others_trump(HAND, S).partner
    table = bayes_table(
        {True: Fraction(1, 5), False: Fraction(4, 5)},
        {
            True: Fraction(comb(11, 1) * comb(33, 7), comb(44, 8)),
            False: Fraction(comb(11, 2) * comb(33, 7), comb(44, 9)),
        },
    )
    assert table.evidence == prior[2]
    assert table.posterior()[True] == Fraction(1, 6)


def test_the_table_shows_exact_values_readably() -> None:
    prior = probability.others_trump(HAND, S).partner
    html = bayes_table(prior, draw_likelihood(4, 18), hypothesis="kept", given="drew 4")._repr_html_()
    assert "P(drew 4) = 31.82%" in html
    assert "&lt; 0.001%" in html  # nine trump: 2e-07, not printed as 2e-05%
    assert "e-0" not in html
    small = bayes_table({"a": Fraction(1, 3), "b": Fraction(2, 3)}, {"a": Fraction(1), "b": Fraction(0)})
    assert "1/3" in small._repr_html_()


def test_bad_bayes_inputs_are_refused() -> None:
    half = Fraction(1, 2)
    with pytest.raises(pl.PitchError, match="adds up to 1"):
        bayes_table({"a": half, "b": Fraction(1, 3)}, {"a": half, "b": half})
    with pytest.raises(pl.PitchError, match="same hypotheses"):
        bayes_table({"a": Fraction(1)}, {"b": half})
    with pytest.raises(pl.PitchError, match="impossible"):
        bayes_table({"a": half, "b": half}, {"a": Fraction(0), "b": Fraction(0)})
    with pytest.raises(pl.PitchError, match="between 0 and 1"):
        bayes_table({"a": half, "b": half}, {"a": Fraction(3, 2), "b": half})


# ------------------------------------------------------------ rejection sampling


def test_the_sampler_agrees_with_the_exact_posterior_on_the_lessons_table() -> None:
    post = inference.posterior_given(HAND, S, 0, DEALER, BIDDER, DRAWN, drew=MY_DRAW)
    seen: list[tuple[int, int]] = []
    sim = bayes_from_the_draws.rejection_sample(
        HAND,
        S,
        0,
        DEALER,
        BIDDER,
        DRAWN,
        drew=MY_DRAW,
        watch=[THREE, ACE, JK],
        n=200_000,
        seed=11,
        progress=lambda done, total: seen.append((done, total)),
    )
    assert seen[-1] == (200_000, 200_000) and len(seen) == 4  # one call a chunk of 50,000
    for seat in (1, 2, 3):
        assert sum(sim.counts[seat]) == sim.kept
        for k, estimate in sim.count_estimates(seat).items():
            assert stats.agrees(estimate, post.counts[seat].get(k, 0)), (seat, k, str(estimate))
        for card in (THREE, ACE, JK):  # the joker: "at least one copy", as the posterior asks
            assert stats.agrees(sim.chance(card, seat), post.chance(card, seat)), (card, seat)
    # P(E) by hand: seats 1, 2, 3 dealt 2, 2, 3 of the 12 unseen trump; my 2 stock cards miss the
    # 5 trump left among 18; the 5 split over the other 16 stock cards (seat 2: 4, seat 3: 3,
    # seat 1: 9) leaving seat 1 at most 4 of them, or it would hold more than 6 and bury
    dealt = Fraction(
        comb(12, 2) * comb(33, 7) * comb(10, 2) * comb(26, 7) * comb(8, 3) * comb(19, 6),
        comb(45, 9) * comb(36, 9) * comb(27, 9),
    )
    splits = sum(
        comb(4, x2) * comb(3, x3) * comb(9, 5 - x2 - x3)
        for x2 in range(5)
        for x3 in range(4)
        if 0 <= 5 - x2 - x3 <= 4
    )
    evidence = dealt * Fraction(comb(13, 2), comb(18, 2)) * Fraction(splits, comb(16, 5))
    assert stats.agrees(sim.acceptance(), evidence)


def small_table(seed: int) -> tuple[pl.Hand, int]:
    """A small-deck hand after the refill, seen from a random seat, with nothing to bury."""
    rng = random.Random(seed)
    rules = small_rules()
    while True:
        hand = pl.Hand.deal(rules, rng.randrange(4), seed=rng)
        for seat, action in bidding(hand.dealer, rng.randrange(4)):
            hand.apply(action, seat)
        if hand.phase is pl.Phase.PLAY:
            return hand, rng.randrange(4)


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 6])
def test_the_sampler_agrees_on_a_small_deck_with_short_stocks_and_a_seen_remainder(seed: int) -> None:
    # ten cards, two a hand, a stock of two: the stock often runs out, and the seat may be the
    # bidder and see the rest of the stock, so every branch of the evidence gets used
    hand, me = small_table(seed)
    assert hand.bidder is not None
    turns = {r.seat: r.drawn for r in hand.refills if not r.from_remainder}
    rest = [r.drawn for r in hand.refills if r.from_remainder]
    remainder = rest[0] if me == hand.bidder and rest else ()
    dealt = hand.dealt_to(me)
    args = (dealt, S, me, hand.dealer, hand.bidder, tuple(hand.drawn))
    sizes = hand.view(me).hand_sizes  # a short seat's size tells what it kept; the bidder's, what it took
    post = inference.posterior_given(
        *args, drew=turns[me], remainder=remainder, hand_sizes=sizes, rules=hand.rules
    )
    watch = [pl.Card(c) for c in ("AS", "3S", "JK")]
    sim = bayes_from_the_draws.rejection_sample(
        *args,
        drew=turns[me],
        remainder=remainder,
        watch=watch,
        hand_sizes=sizes,
        n=60_000,
        seed=seed,
        rules=hand.rules,
    )
    assert sim.kept > 500
    for seat in post.counts:
        for k, estimate in sim.count_estimates(seat).items():
            assert stats.agrees(estimate, post.counts[seat].get(k, 0)), (seat, k, str(estimate))
        for card in watch:
            assert stats.agrees(sim.chance(card, seat), post.chance(card, seat)), (card, seat)


def test_the_sampler_is_repeatable_and_refuses_what_it_cannot_sample() -> None:
    def run(seed: int) -> bayes_from_the_draws.Rejection:
        return bayes_from_the_draws.rejection_sample(
            HAND, S, 0, DEALER, BIDDER, DRAWN, drew=MY_DRAW, watch=[THREE], n=20_000, seed=seed
        )

    a, b = run(4), run(4)
    assert a.kept == b.kept and all(np.array_equal(a.counts[s], b.counts[s]) for s in a.counts)
    assert np.array_equal(a.holders[THREE], b.holders[THREE])
    with pytest.raises(pl.PitchError, match="drew 2 cards"):
        bayes_from_the_draws.rejection_sample(
            HAND, S, 0, DEALER, BIDDER, DRAWN, drew=MY_DRAW[:1], n=10, seed=1
        )
    with pytest.raises(pl.PitchError, match="only by the bidder"):
        bayes_from_the_draws.rejection_sample(
            HAND, S, 0, DEALER, BIDDER, DRAWN, drew=MY_DRAW, remainder=MY_DRAW, n=10, seed=1
        )
    with pytest.raises(pl.PitchError):  # seat 2, first to draw, cannot draw 7
        bayes_from_the_draws.rejection_sample(
            HAND, S, 0, DEALER, BIDDER, (2, 4, 7, 3), drew=MY_DRAW, n=10, seed=1
        )
    with pytest.raises(pl.PitchError, match="bidder must be a seat 0-3"):
        bayes_from_the_draws.rejection_sample(HAND, S, 0, DEALER, 4, DRAWN, drew=MY_DRAW, n=10, seed=1)
    with pytest.raises(pl.PitchError, match="one for each of 4 seats"):
        bayes_from_the_draws.rejection_sample(
            HAND, S, 0, DEALER, BIDDER, DRAWN, drew=MY_DRAW, hand_sizes=(6, 7, 6), n=10, seed=1
        )
    with pytest.raises(pl.PitchError, match="9 cards"):
        bayes_from_the_draws.rejection_sample(
            HAND[:8], S, 0, DEALER, BIDDER, DRAWN, drew=MY_DRAW, n=10, seed=1
        )
    # a rare table: seats 2 and 3 both drew nothing, so each was dealt exactly 6 of the 12 unseen
    # trump (a chance of about 1 in 100,000); 50 deals find none
    nothing = bayes_from_the_draws.rejection_sample(
        HAND, S, 0, DEALER, BIDDER, (2, 6, 0, 0), drew=MY_DRAW, n=50, seed=1
    )
    assert nothing.kept == 0 and nothing.acceptance().value == 0
    with pytest.raises(pl.PitchError, match="deal more"):
        nothing.count_estimates(1)


# ------------------------------------------------------- the bidder's hand size

HIDDEN_STOCK = 16  # the stock cards the lesson's seat did not see: 18 less its own 2
SIZES = (6, 7, 6, 6)  # the lesson's table: seat 1, the bidder, holds 7 cards


def stock_by_enumeration() -> dict[int, list[tuple[int, Fraction]]]:
    """Every placement of the 5 hidden stock trump among the 16 stock cards the seat did not see.

    Positions 0-3 went to seat 2, 4-6 to seat 3, 7-10 to seat 1's draw and
    11-15 were the rest that seat 1 took. Returned by the trump seat 1 took:
    the trump seat 1 holds in each placement (seat 1 kept 2) with its share
    of the deals. Placements leaving seat 1 above six trump are dropped (it
    would have buried). The dealt hands (2, 2, 3 kept by seats 1, 2, 3) are
    the same in every placement, so each placement is equally likely.
    """
    found: dict[int, list[tuple[int, Fraction]]] = {}
    placements = [
        p for p in itertools.combinations(range(HIDDEN_STOCK), 5) if 2 + sum(x >= 7 for x in p) <= 6
    ]
    for p in placements:
        taken = sum(x >= 11 for x in p)
        found.setdefault(taken, []).append((2 + sum(x >= 7 for x in p), Fraction(1)))
    return found


def test_the_bidders_hand_size_moves_the_three_worked_by_enumeration() -> None:
    # the lesson's figures: P(3♠ with seat 1) for 0-4 trump taken from the rest of the stock. Seat 1
    # holds `held` of the 12 unseen trump, and the three is any one of the 12 alike: held / 12
    found = stock_by_enumeration()
    assert sorted(found) == [0, 1, 2, 3, 4]  # 5 would leave seat 1 at 7 trump
    chances = {}
    for taken, rows in found.items():
        by_enumeration = Fraction(sum(held for held, _ in rows), 12 * len(rows))
        sizes = (6, 6 + taken, 6, 6)
        post = inference.posterior_given(HAND, S, 0, DEALER, BIDDER, DRAWN, drew=MY_DRAW, hand_sizes=sizes)
        assert post.chance(THREE, 1) == by_enumeration, taken
        chances[taken] = by_enumeration
    assert [round(100 * float(chances[t]), 1) for t in range(5)] == [31.8, 37.1, 42.0, 46.4, 50.0]
    # without the hand size: every placement counted, the average of the five weighted by their deals
    blind = inference.posterior_given(HAND, S, 0, DEALER, BIDDER, DRAWN, drew=MY_DRAW)
    every = [row for rows in found.values() for row in rows]
    assert blind.chance(THREE, 1) == Fraction(sum(held for held, _ in every), 12 * len(every))
    assert round(100 * float(blind.chance(THREE, 1)), 2) == 39.56
    with pytest.raises(pl.PitchError, match="no deal fits"):
        inference.posterior_given(HAND, S, 0, DEALER, BIDDER, DRAWN, drew=MY_DRAW, hand_sizes=(6, 11, 6, 6))


def test_the_sampler_keeps_only_deals_with_the_bidders_hand_size() -> None:
    post = inference.posterior_given(HAND, S, 0, DEALER, BIDDER, DRAWN, drew=MY_DRAW, hand_sizes=SIZES)
    sim = bayes_from_the_draws.rejection_sample(
        HAND, S, 0, DEALER, BIDDER, DRAWN, drew=MY_DRAW, watch=[THREE], hand_sizes=SIZES, n=400_000, seed=12
    )
    for seat in (1, 2, 3):
        for k, estimate in sim.count_estimates(seat).items():
            assert stats.agrees(estimate, post.counts[seat].get(k, 0)), (seat, k, str(estimate))
        assert stats.agrees(sim.chance(THREE, seat), post.chance(THREE, seat)), seat
    assert sim.count_estimates(1)[2].value == 0  # seat 1 took a trump: it holds at least 3
    # P(E) by hand: the dealt counts, my two cards missing the 5 stock trump, and the placements
    # with exactly one trump in the last five (counted by enumeration above)
    dealt = Fraction(
        comb(12, 2) * comb(33, 7) * comb(10, 2) * comb(26, 7) * comb(8, 3) * comb(19, 6),
        comb(45, 9) * comb(36, 9) * comb(27, 9),
    )
    placed = Fraction(len(stock_by_enumeration()[1]), comb(HIDDEN_STOCK, 5))
    assert stats.agrees(sim.acceptance(), dealt * Fraction(comb(13, 2), comb(18, 2)) * placed)


def test_hand_sizes_after_a_refill_with_cards_to_spare() -> None:
    assert bayes_from_the_draws.sizes_after_refill(DRAWN, DEALER, BIDDER, 1) == SIZES
    assert bayes_from_the_draws.sizes_after_refill(DRAWN, DEALER, 3, 0) == (6, 6, 6, 6)
    with pytest.raises(pl.PitchError, match="0-5 trump"):
        bayes_from_the_draws.sizes_after_refill(DRAWN, DEALER, BIDDER, 6)
    with pytest.raises(pl.PitchError, match="emptied the stock"):  # seat 1 draws the last 3 of 18
        bayes_from_the_draws.sizes_after_refill((6, 3, 6, 3), DEALER, BIDDER, 0)


def lessons_table() -> bayes_from_the_draws.SeatSaw:
    return bayes_from_the_draws.SeatSaw(tuple(HAND), S, 0, DEALER, BIDDER, DRAWN, tuple(MY_DRAW))


def test_the_explorer_redraws_what_the_sliders_say() -> None:
    explorer = bayes_from_the_draws.DrawExplorer(lessons_table(), THREE, sliding=2, taken=1)
    assert (
        "pl-slider" in explorer.draw_slider._dom_classes and "pl-slider" in explorer.taken_slider._dom_classes
    )
    assert not explorer.draw_slider.continuous_update and not explorer.taken_slider.continuous_update
    assert "<b>37.06%</b> (39.56% if you ignore its hand size)" in explorer.text.value
    assert explorer.figure is not None
    first = [list(t.y) for t in explorer.figure.data]
    explorer.taken_slider.value = 4  # seat 1 holds 10 cards: 6 trump of the 12, so the three 1 in 2
    assert "<b>50.00%</b>" in explorer.text.value and "holds 10 cards" in explorer.text.value
    assert tuple(explorer.figure.data[1].y)[:1] == (50.0,) and list(explorer.figure.data[0].y) == first[0]
    assert explorer.figure.data[1].name == "seat 1 holds 10 cards"
    drawn = explorer.plot.outputs[0]["data"]["application/vnd.plotly.v1+json"]
    assert drawn["data"][1]["y"][0] == 50.0 and "50" in drawn["layout"]["meta"]["description"]
    explorer.taken_slider.value = 3
    explorer.draw_slider.value = 6  # seat 2 kept none; the grey bars move too
    assert "kept exactly 0 trump" in explorer.text.value and list(explorer.figure.data[0].y) != first[0]
    assert explorer.shown == (6, 3)  # 4 is too many now: the rest of the stock is only 3 cards


def test_a_setting_no_deal_fits_says_so_and_keeps_the_chart() -> None:
    explorer = bayes_from_the_draws.DrawExplorer(lessons_table(), THREE, sliding=2, taken=1)
    assert explorer.possible_taken(4) == [0, 1, 2, 3, 4]
    assert explorer.possible_taken(0) == [0, 1]  # seat 2 kept 6: 12 - 6 - 3 - 2 = 1 trump left for the stock
    assert explorer.figure is not None
    before = [list(t.y) for t in explorer.figure.data]
    explorer.taken_slider.value = 5
    assert "No deal fits" in explorer.text.value and "0-4 trump" in explorer.text.value
    assert "still shows seat 2 drawing 4 and seat 1 taking 1" in explorer.text.value
    assert [list(t.y) for t in explorer.figure.data] == before and explorer.shown == (4, 1)
    explorer.taken_slider.value = 0
    assert "No deal fits" not in explorer.text.value and explorer.shown == (4, 0)
    explorer.draw_slider.value = 0
    assert "it kept 6 or more trump, and it buried none: exactly 6." in explorer.text.value


def test_the_explorer_times_every_move() -> None:
    # timings are read by benchmarks/sliders.py, never judged here: the machines are shared
    explorer = bayes_from_the_draws.DrawExplorer(lessons_table(), THREE, sliding=2, taken=1)
    times = []
    for drew in range(7):
        for taken in range(6):
            explorer.draw_slider.value, explorer.taken_slider.value = drew, taken
            times.append(explorer.last_ms)
    assert len(times) == 42 and all(ms >= 0 for ms in times), sorted(times)


# ---------------------------------------------------------- the hand as it is played

BIDDING: list[pl.Action] = [pl.PASS, pl.PASS, pl.Bid(5), pl.PASS, pl.NameTrump(S)]
TRICKS: list[pl.Action] = [pl.Play(pl.Card(c)) for c in ("6S", "4S", "AS", "JK", "7S", "JC", "QS", "KS")]


def test_the_lessons_hand_replays_to_the_same_moments() -> None:
    start = bayes_from_the_draws.replay(32, BIDDING)
    assert (start.bidder, start.trump, start.drawn, start.phase) == (3, S, [3, 5, 4, 1], pl.Phase.PLAY)
    later = bayes_from_the_draws.replay(32, BIDDING + TRICKS)
    assert len(later.tricks) == 2 and [t.winner for t in later.tricks] == [1, 0]
    assert later.dealt_to(0) == start.dealt_to(0)
    # after trick 2 the posterior knows seats 1 and 2 are out: seat 3 holds the 4 unseen trump
    post = inference.posterior(later.view(0))
    assert bayes_from_the_draws.known_out(post) == [1, 2]
    assert post.counts[3] == {0: 0, 1: 0, 2: 0, 3: 0, 4: 1}
    with pytest.raises(pl.IllegalAction):
        bayes_from_the_draws.replay(32, [*BIDDING, pl.Play(pl.Card("4S"))])  # seat 3 leads, and 4♠ is yours


def test_the_moments_table_marks_out_seats_and_seen_cards() -> None:
    early = inference.posterior(bayes_from_the_draws.replay(32, BIDDING).view(0))
    late = inference.posterior(bayes_from_the_draws.replay(32, BIDDING + TRICKS).view(0))
    html = bayes_from_the_draws.moments_table([("start", early), ("late", late)], THREE)._repr_html_()
    assert "6.00 trump" in html and "3♠: 60.00%" in html  # seat 3 after the refill
    assert html.count("<b>out</b>") == 2
    gone = bayes_from_the_draws.moments_table([("late", late)], ACE)._repr_html_()  # A♠ was played in trick 1
    assert "A♠: seen" in gone
    with pytest.raises(pl.PitchError):
        bayes_from_the_draws.moments_table([], THREE)


# ------------------------------------------------------------ figures and tables


def test_the_figures_are_titled_labelled_and_show_every_series() -> None:
    post = inference.posterior_given(HAND, S, 0, DEALER, BIDDER, DRAWN, drew=MY_DRAW)
    prior = probability.others_trump(HAND, S).partner
    fig = bayes_from_the_draws.counts_figure(
        {f"seat {s}": {"prior": prior, "posterior": post.counts[s]} for s in (1, 2, 3)},
        title="counts",
        x_title="trump (cards)",
    )
    assert fig.layout.title.text == "counts"
    assert [a.text for a in fig.layout.annotations] == ["seat 1", "seat 2", "seat 3"]
    assert fig.layout.xaxis.title.text == fig.layout.xaxis3.title.text == "trump (cards)"  # panels stacked
    assert fig.layout.yaxis.title.text == fig.layout.yaxis3.title.text == "probability (%)"
    assert fig.layout.yaxis.domain[0] > fig.layout.yaxis3.domain[1]  # seat 1 above seat 3
    assert fig.layout.legend.y < 0 and fig.layout.legend.yanchor == "top"  # the legend under the plot
    assert len(fig.data) == 6 and sum(bool(t.showlegend) for t in fig.data) == 2  # one legend entry each
    assert list(fig.data[0].x) == list(range(7))  # 7 or more trump: each under 0.05%, not worth a tick
    estimates = {k: stats.proportion(int(k == 3), 10) for k in range(7)}
    with_sim = bayes_from_the_draws.counts_figure(
        {"seat 2": {"exact": post.counts[2]}}, title="t", simulated={"seat 2": estimates}
    )
    assert with_sim.data[1].mode == "markers" and "10 kept deals" in with_sim.data[1].name

    where = bayes_from_the_draws.where_figure(
        THREE,
        {"before": {"seat 1": Fraction(1, 5), "stock": Fraction(2, 5)}, "after": {"seat 1": Fraction(1)}},
        title="where",
        simulated=("simulated", {"seat 1": stats.proportion(9, 10)}),
    )
    assert list(where.data[0].x) == ["seat 1", "stock"]
    assert list(where.data[1].y) == [100.0, 0.0]  # a place missing from a series is 0
    assert list(where.data[2].x) == ["seat 1"] and list(where.data[2].y) == [90.0]  # no estimate, no bar
    # 95% Wilson interval of 9 in 10, by its formula: centre (p + z²/2n) / (1 + z²/n), half-width
    # z / (1 + z²/n) * sqrt(p(1-p)/n + z²/4n²); lopsided, and never past 100%
    z = 1.959963984540054
    centre = (0.9 + z * z / 20) / (1 + z * z / 10)
    half = z / (1 + z * z / 10) * math.sqrt(0.9 * 0.1 / 10 + z * z / 400)
    bars = where.data[2].error_y
    assert bars.array[0] == pytest.approx((centre + half - 0.9) * 100)
    assert bars.arrayminus[0] == pytest.approx((0.9 - centre + half) * 100)
    assert bars.arrayminus[0] > bars.array[0] and 90 + bars.array[0] < 100
    assert where.layout.xaxis.title.text == "where the 3♠ is"
    bundle = bayes_from_the_draws.show(where)._repr_mimebundle_()
    assert "application/vnd.plotly.v1+json" in bundle and "where" in bundle["text/plain"]


def test_the_agreement_table_says_when_a_simulation_disagrees() -> None:
    html = bayes_from_the_draws.agreement_table(
        [
            ("close", Fraction(1, 2), stats.proportion(500, 1000)),
            ("far", Fraction(1, 2), stats.proportion(900, 1000)),
        ]
    )._repr_html_()
    assert html.count("yes") == 1 and "<b>NO</b>" in html


# ------------------------------------------------------------ the code exercise and the benchmark


def the_guides_answer(t: int, drew: int, left: int) -> int:
    """The answer the teacher's guide prints: a seat wants max(0, 6 - t) cards and gets at most ``left``."""
    return 1 if min(max(0, 6 - t), left) == drew else 0


def test_the_code_exercises_cases_follow_the_refill_rule() -> None:
    cases = bayes_from_the_draws.LIKELIHOOD_CASES
    for case in cases:  # each hand-worked expectation against the rule as kept_given_draw runs it
        t, drew, left = case.args
        assert case.expected == int(t in kept_given_draw(drew, left)), case.about
    assert {c.expected for c in cases} == {0, 1}
    assert {kept_given_draw(d, left) == tuple(range(10)) for _, d, left in (c.args for c in cases)} == {
        True,
        False,
    }
    assert classroom.check_code(the_guides_answer, cases).passed


def test_the_code_exercise_catches_the_likely_slips() -> None:
    cases = bayes_from_the_draws.LIKELIHOOD_CASES
    slips = {
        "forgets the short stock": lambda t, drew, left: int(max(0, 6 - t) == drew),
        "forgets that six or more draws nothing": lambda t, drew, left: int(min(6 - t, left) == drew),
        "says the count, not a likelihood": lambda t, drew, left: 6 - drew,
        "true or false from a draw of 6 - t alone": lambda t, drew, left: 6 - t == drew,
    }
    for name, slip in slips.items():
        report = classroom.check_code(slip, cases)
        assert report.written and not report.passed, name
    stub = classroom.check_code(lambda t, drew, left: None, cases)
    assert not stub.passed and not stub.written and "not written yet" in stub.summary


def test_the_benchmark_finds_the_lessons_slider() -> None:
    (build,) = bayes_from_the_draws.REDRAWS
    view = build()
    assert view.saw == bayes_from_the_draws.LESSON and view.taken_slider.value == 1
    times = classroom.redraw_times(view, rounds=3)
    assert set(times) == {"seat's draw, counted", "trump taken, counted", "not yet counted"}
    assert view.shown == (3, 2)  # the last case drew a setting no call had counted before


def test_the_working_is_bayes_rule_and_the_page_shows_its_own_lines() -> None:
    # the coin of test_a_bayes_table_worked_by_hand: 1/3 and 2/3, and the lesson's drew-4 table
    coin = bayes_from_the_draws.worked_posterior(
        {"fair": Fraction(1, 2), "two heads": Fraction(1, 2)},
        {"fair": Fraction(1, 2), "two heads": Fraction(1)},
    )
    assert coin == {"fair": Fraction(1, 3), "two heads": Fraction(2, 3)}
    prior = probability.others_trump(HAND, S).partner
    for drew in range(7):
        likelihood = draw_likelihood(drew, 18)
        assert (
            bayes_from_the_draws.worked_posterior(prior, likelihood)
            == bayes_table(prior, likelihood).posterior()
        )
    html = bayes_from_the_draws.working().html
    assert "def worked_posterior(prior" in html and "evidence = sum(product.values(), Fraction(0))" in html
    code = html[html.index("<code") : html.index("</code>")]
    assert code.count("\n") == 4  # the def, its docstring, and three lines of arithmetic
