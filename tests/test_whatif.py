"""The what-if analysis: one hand's numbers, checked against values worked by hand, and two hands compared.

The hand used throughout is the explorer's default, A♥ K♥ 3♥ J♦ 7♥ 9♠ 4♣ Q♦ 8♠.
With hearts trump it holds A♥ K♥ J♦ (the off-jack) 7♥ 3♥: five trump, and the
points A♥ 1 + J♦ 1 + 3♥ 3 = 5. The other five points (J♥, both jokers, 10♥,
2♥, one point each) are among the 45 cards it cannot see. Expected values
below are counted from those facts with math.comb and Fraction.
"""

from __future__ import annotations

from fractions import Fraction
from math import comb

import pytest

import pitchlab as pl
from pitchlab.bots.ladder import Ladder, Spot, Strength, shipped
from pitchlab.bots.simulation import bid_chances
from pitchlab.odds.stats import Estimate
from pitchlab.studies import whatif

HAND = "AH KH 3H JD 7H 9S 4C QD 8S"
WITH_JOKER = "AH KH 3H JD 7H 9S 4C QD JK"  # 8♠ swapped for a joker
HANDS = 200


def hyper(k: int, unseen: int, marked: int, drawn: int) -> Fraction:
    """P(exactly k marked cards among `drawn` of `unseen`), written out again from its definition."""
    return Fraction(comb(marked, k) * comb(unseen - marked, drawn - k), comb(unseen, drawn))


@pytest.fixture(scope="module")
def first() -> whatif.Analysis:
    return whatif.analyze(HAND, hands=HANDS)


@pytest.fixture(scope="module")
def swapped() -> whatif.Analysis:
    return whatif.analyze(WITH_JOKER, hands=HANDS)


# ------------------------------------------------------------------ checking


@pytest.mark.parametrize(
    ("cards", "trump", "position", "words"),
    [
        ("AH KH 3H JD 7H 9S 4C QD", "H", 0, "9 cards, not 8"),
        ("AH KH 3H JD 7H 9S 4C QD 8S 2C", "H", 0, "9 cards, not 10"),
        ("AH AH 3H JD 7H 9S 4C QD 8S", "H", 0, "AH appears 2 times"),
        ("JK JK JK JD 7H 9S 4C QD 8S", "H", 0, "JK appears 3 times"),
        ("AH KH 3H JD 7H 9S 4C QD JKH", "H", 0, "JKH is not in the ten-point deck"),
        ("AH KH 3H JD 7H 9S 4C QD ZZ", "H", 0, "not a card: 'ZZ'"),
        (HAND, "X", 0, "not a suit"),
        (HAND, "H", 4, "position must be 0"),
    ],
)
def test_a_bad_question_is_refused_with_a_reason(cards: str, trump: str, position: int, words: str) -> None:
    with pytest.raises(pl.PitchError, match=words):
        whatif.question(cards, trump, position)


def test_a_question_does_not_depend_on_the_order_of_the_cards() -> None:
    forwards = whatif.question(HAND, "H", 0)
    backwards = whatif.question(list(reversed(pl.parse_cards(HAND))), pl.Suit.HEARTS, 0)
    assert forwards == backwards
    assert list(forwards.cards) == sorted(pl.parse_cards(HAND))
    assert whatif.question("JK JK JD 7H 9S 4C QD 8S AH", "H", 0).cards.count(pl.Card("JK")) == 2


def test_no_trump_named_means_the_bots_suit(first: whatif.Analysis) -> None:
    # hearts gives five trump and five points; no other suit gives more than two trump
    assert first.trump == first.bot_suit == pl.Suit.HEARTS
    assert whatif.question(HAND, None, 0).trump == pl.Suit.HEARTS


# --------------------------------------------------------------- exact parts


def test_trump_counts_worked_by_hand(first: whatif.Analysis) -> None:
    # spades 9♠ 8♠ (no J♣, no joker); hearts A♥ K♥ 7♥ 3♥ + J♦; diamonds Q♦ J♦; clubs 4♣
    assert first.counts == {pl.Suit.SPADES: 2, pl.Suit.HEARTS: 5, pl.Suit.DIAMONDS: 2, pl.Suit.CLUBS: 1}
    assert first.held == first.best_count == 5
    assert first.best_suits == (pl.Suit.HEARTS,)
    assert first.points_held == 5


def test_the_others_trump_are_hypergeometric_over_the_45_unseen(first: whatif.Analysis) -> None:
    others = first.others
    assert (others.unseen, others.trump) == (45, 16 - 5)
    assert others.partner == {k: hyper(k, 45, 11, 9) for k in range(10)}
    assert others.opponents == {k: hyper(k, 45, 11, 18) for k in range(19)}
    assert others.partner[0] == Fraction(comb(34, 9), comb(45, 9))  # all nine from the 34 non-trump


def test_team_points_before_the_refill(first: whatif.Analysis, swapped: whatif.Analysis) -> None:
    # 5 points in hand; the partner's nine of the 45 unseen cards hold k of the 5 unseen one-point cards
    assert first.team_points == {5 + k: hyper(k, 45, 5, 9) for k in range(6)}
    assert first.expected_team_points == 5 + 5 * Fraction(9, 45) == 6
    # with the joker: 6 points in hand, 4 unseen
    assert swapped.expected_team_points == 6 + 4 * Fraction(9, 45) == Fraction(34, 5)


def test_where_the_missing_point_cards_can_be(first: whatif.Analysis) -> None:
    codes = [place.card.code for place in first.where]
    assert codes == ["JH", "JK", "TH", "2H"]  # hearts point cards not held, highest first
    jack = first.where[0]
    assert jack.partner == Fraction(9, 45) == Fraction(1, 5)
    assert jack.opponents == {1: Fraction(9, 45), 3: Fraction(9, 45)}
    assert jack.stock == Fraction(18, 45)
    joker = first.where[1]  # two copies out: the chance a place holds at least one
    assert joker.unseen == 2
    assert joker.partner == 1 - Fraction(comb(43, 9), comb(45, 9))
    assert joker.stock == 1 - Fraction(comb(43, 18), comb(45, 18))


def test_a_held_joker_leaves_one_copy_to_find(swapped: whatif.Analysis) -> None:
    joker = next(place for place in swapped.where if place.card == pl.Card("JK"))
    assert (joker.held, joker.unseen) == (1, 1)
    assert joker.partner == Fraction(9, 45)


# ----------------------------------------------------------------- the ladder


def estimate(value: float, n: int) -> Estimate:
    return Estimate(value, 0.5, n, unit="hands")


CELL = (Spot(0, 0, False), Strength(5, 2))
"""The default hand's cell: first seat, no bid; five trump in hearts, its 5 points in the 4-5 column."""


def test_the_ladder_advice_reads_the_hands_cell() -> None:
    ladder = Ladder(
        pl.TEN_POINT, 500, "t", {CELL: {0: estimate(-1.0, 50), 5: estimate(2.0, 50), 6: estimate(3.0, 10)}}
    )
    advice = whatif.ladder_advice(ladder, pl.parse_cards(HAND), 0)
    assert advice.cell == CELL
    assert advice.suit == pl.Suit.HEARTS
    assert advice.answer == 5  # 6 looks better, but 10 tries are below the ladder's 30
    assert advice.trusted == frozenset({0, 5})
    assert advice.gain == 2.0 - (-1.0)
    assert advice.words == "bid 5"
    assert list(advice.values) == [0, 5, 6]
    assert advice.deals == 500
    assert not advice.forced


def test_the_ladder_without_data_and_the_stuck_dealer() -> None:
    empty = Ladder(pl.TEN_POINT, 0, "t", {})
    first_seat = whatif.ladder_advice(empty, pl.parse_cards(HAND), 0)
    assert first_seat.answer is None and first_seat.words == "too little data"
    dealer = whatif.ladder_advice(empty, pl.parse_cards(HAND), 3)
    assert (
        dealer.forced and dealer.answer == 4 and dealer.words == "must bid 4"
    )  # RULES.md: stuck dealer bids 4


def test_analyze_uses_the_ladder_it_is_given() -> None:
    ladder = Ladder(pl.TEN_POINT, 500, "t", {CELL: {0: estimate(1.0, 40), 4: estimate(0.5, 40)}})
    analysis = whatif.analyze(HAND, hands=HANDS, ladder=ladder)
    assert analysis.ladder.cell == CELL
    assert analysis.ladder.words == "pass"
    assert analysis.ladder.gain == 0.0  # passing is the answer: no gain over itself


def test_the_shipped_ladder_is_looked_up_in_the_same_cell(first: whatif.Analysis) -> None:
    ladder = shipped()  # read again: the page must show this very cell's answer
    assert first.ladder.cell == CELL
    assert first.ladder.answer == ladder.bid(CELL) and first.ladder.deals == ladder.deals


# -------------------------------------------------------------- the simulation


def test_the_simulated_part_is_bid_chances_for_the_same_question(first: whatif.Analysis) -> None:
    again = bid_chances(HAND, "H", 0, hands=HANDS, seed=whatif.DEFAULT_SEED)
    assert first.chances.points == again.points
    assert first.hands == HANDS and first.seed == whatif.DEFAULT_SEED
    for bid in range(4, 11):
        made = sum(p >= bid for p in again.points) / HANDS
        assert first.made(bid).value == made
    assert first.expected_taken.value == sum(again.points) / HANDS


def test_the_seat_position_reaches_the_simulation() -> None:
    dealer = whatif.analyze(HAND, position=3, hands=HANDS)
    assert dealer.position == 3 and dealer.chances.setup.position == 3
    assert dealer.chances.points == bid_chances(HAND, "H", 3, hands=HANDS, seed=whatif.DEFAULT_SEED).points
    assert dealer.seat_name == "dealer"


def test_the_progress_callback_hears_every_hand() -> None:
    heard: list[tuple[int, int]] = []
    whatif.analyze(HAND, "S", hands=300, progress=lambda done, total: heard.append((done, total)))
    assert heard[-1] == (300, 300)


# ---------------------------------------------------------------- comparing


def test_compare_one_card_changed(first: whatif.Analysis, swapped: whatif.Analysis) -> None:
    rows = whatif.compare(first, swapped)
    by_label = {row.label: row for row in rows}
    held = by_label["trump you hold"]
    assert (held.before, held.now, held.change, held.delta) == ("5 ♥", "6 ♥", "+1", 1)
    points = by_label["team's points as dealt (expected)"]
    assert (points.before, points.now, points.change) == ("6.00", "6.80", "+0.80")  # 6 -> 34/5, by hand above
    for bid in range(4, 11):
        row = by_label[f"chance to make {bid} (%)"]
        before, after = first.made(bid).value * 100, swapped.made(bid).value * 100
        assert (row.before, row.now) == (f"{before:.1f}", f"{after:.1f}")
        assert row.delta == pytest.approx(after - before)
    taken = by_label["points taken as bidder (mean)"]
    assert taken.now == f"{swapped.expected_taken.value:.2f}"
    ladder = by_label["the ladder's bid, no bid yet"]
    assert (ladder.before, ladder.now) == (first.ladder.words, swapped.ladder.words)
    assert len(rows) == 2 + 1 + 7 + 1
    assert whatif.what_changed(first, swapped) == "out 8♠, in Joker"


def test_compare_a_hand_with_itself_changes_nothing(first: whatif.Analysis) -> None:
    for row in whatif.compare(first, first):
        assert row.change in ("same", ""), row
        assert row.delta in (0, None)
    assert whatif.what_changed(first, first) == ""


def test_compare_trump_and_seat(first: whatif.Analysis) -> None:
    spades = whatif.analyze(HAND, "S", position=3, hands=HANDS)
    rows = {row.label: row for row in whatif.compare(first, spades)}
    assert (rows["trump you hold"].now, rows["trump you hold"].change) == ("2 ♠", "-3")
    # no spade point card in hand: the partner expects 9/45 of the 10 points
    assert rows["team's points as dealt (expected)"].now == "2.00"
    assert rows["the ladder's bid, no bid yet"].now == "must bid 4"
    assert whatif.what_changed(first, spades) == "trump ♥ → ♠; seat first → dealer"


def test_the_two_jokers_are_matched_copy_by_copy(swapped: whatif.Analysis) -> None:
    two = whatif.analyze("AH KH 3H JD 7H 9S 4C JK JK", hands=HANDS)
    assert whatif.what_changed(swapped, two) == "out Q♦, in Joker"
