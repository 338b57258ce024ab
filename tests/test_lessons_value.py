"""Lesson 04, expected value and the bid: the exact arithmetic against sums worked by hand, and the
try-your-own-hand widget driven through its Python API, as a learner's typing and clicks drive it."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

import pitchlab as pl
from pitchlab.bots import ladder, simulation
from pitchlab.lessons.classroom import expected_value_and_the_bid
from pitchlab.odds.stats import Estimate
from tests.widget_tree import with_class

HAND = "QS 2D 3D 5D 7D AD 5C QC AC"
"""Seed 14's first hand: diamonds give A 3 2 of trump and the 5 and 7, five trump holding 5 points."""

EXAMPLE = {3: Fraction(1, 10), 4: Fraction(1, 5), 5: Fraction(3, 10), 6: Fraction(1, 4), 8: Fraction(3, 20)}
"""The lesson's made-up distribution of the points the bidding team takes."""


def made_up(points: tuple[int, ...]) -> simulation.BidChances:
    """A BidChances holding chosen points instead of simulated ones."""
    return simulation.BidChances(
        simulation.setup(HAND, "D"), "made up", points, tuple(10 - p for p in points)
    )


# ------------------------------------------------------------ exact arithmetic


@pytest.mark.parametrize(
    ("bid", "made", "change"),
    [
        # made 4 5 6 8: 4/5 + 3/2 + 3/2 + 6/5 = 5; set 3: -4/10 -> 23/5
        (4, Fraction(9, 10), Fraction(23, 5)),
        # made 5 6 8: 3/2 + 3/2 + 6/5 = 21/5; set 3 4: -5 x 3/10 = -3/2 -> 27/10
        (5, Fraction(7, 10), Fraction(27, 10)),
        # made 6 8: 3/2 + 6/5 = 27/10; set: -6 x 6/10 = -18/5 -> -9/10
        (6, Fraction(2, 5), Fraction(-9, 10)),
        # made 8: 6/5; set: -7 x 17/20 = -119/20 -> -95/20
        (7, Fraction(3, 20), Fraction(-19, 4)),
        # nothing made: -10 every time
        (10, Fraction(0), Fraction(-10)),
    ],
)
def test_the_expected_change_is_the_sum_worked_by_hand(bid: int, made: Fraction, change: Fraction) -> None:
    assert expected_value_and_the_bid.chance_to_make(EXAMPLE, bid) == made
    assert expected_value_and_the_bid.expected_change(EXAMPLE, bid) == change


def test_a_step_up_costs_what_its_two_causes_say() -> None:
    # 5 -> 6: exactly 5 (3/10) is 11 worse, fewer than 5 (3/10) is 1 worse: 33/10 + 3/10
    assert expected_value_and_the_bid.step_cost(EXAMPLE, 5) == Fraction(18, 5)
    for bid in range(4, 10):
        drop = expected_value_and_the_bid.expected_change(
            EXAMPLE, bid
        ) - expected_value_and_the_bid.expected_change(EXAMPLE, bid + 1)
        assert expected_value_and_the_bid.step_cost(EXAMPLE, bid) == drop


@given(st.lists(st.integers(min_value=0, max_value=10), min_size=2, max_size=60))
def test_holding_the_bid_a_higher_bid_never_expects_more(points: list[int]) -> None:
    distribution = expected_value_and_the_bid.distribution_of(made_up(tuple(points)))
    changes = [expected_value_and_the_bid.expected_change(distribution, b) for b in range(4, 11)]
    assert all(a >= b for a, b in itertools.pairwise(changes))
    for bid in range(4, 10):
        assert (
            expected_value_and_the_bid.step_cost(distribution, bid)
            == changes[bid - 4] - changes[bid - 3]
            >= 0
        )


def test_chances_that_do_not_add_up_to_one_are_refused() -> None:
    with pytest.raises(pl.PitchError, match="add up to 1"):
        expected_value_and_the_bid.expected_change({4: Fraction(1, 2)}, 4)
    with pytest.raises(pl.PitchError, match="at least 0"):
        expected_value_and_the_bid.chance_to_make({4: Fraction(3, 2), 5: Fraction(-1, 2)}, 4)


def test_the_exact_table_prints_fractions_and_decimals() -> None:
    lines = expected_value_and_the_bid.exact_table(EXAMPLE).splitlines()
    assert len(lines) == 1 + 7  # a header and bids 4 to 10
    assert lines[2].split() == ["5", "7/10", "=", "70%", "27/10", "=", "+2.70"]
    assert lines[-1].split() == ["10", "0", "=", "0%", "-10", "=", "-10.00"]


# -------------------------------------------------------------- simulated hands


def test_bid_chances_agree_with_the_formula_on_a_constructed_result() -> None:
    points = (3,) * 2 + (4,) * 4 + (5,) * 6 + (6,) * 5 + (8,) * 3
    result = made_up(points)
    assert expected_value_and_the_bid.distribution_of(result) == EXAMPLE
    for bid in result.bids():
        assert result.chance(bid).value == pytest.approx(
            float(expected_value_and_the_bid.chance_to_make(EXAMPLE, bid))
        )
        assert result.expected_change(bid).value == pytest.approx(
            float(expected_value_and_the_bid.expected_change(EXAMPLE, bid))
        )


def test_a_simulations_distribution_is_the_share_of_its_hands() -> None:
    result = simulation.bid_chances(HAND, "D", hands=250, seed=3)
    seen = expected_value_and_the_bid.distribution_of(result)
    assert sum(seen.values()) == 1
    for points, share in seen.items():
        assert share == Fraction(result.points.count(points), 250)
    for bid in result.bids():
        assert result.expected_change(bid).value == pytest.approx(
            float(expected_value_and_the_bid.expected_change(seen, bid))
        )


def test_the_seat_table_has_a_row_per_seat_and_the_ladders_answers() -> None:
    results = [simulation.bid_chances(HAND, "D", position=p, hands=250, seed=3) for p in range(4)]
    lines = expected_value_and_the_bid.seat_table(results, (4, 6), ladder.shipped()).splitlines()
    assert lines[0].split()[:5] == ["seat", "made", "4", "made", "6"]
    assert [line.split()[0] for line in lines[1:5]] == ["first", "second", "third", "dealer"]
    first = results[0].chance(6)
    assert f"{first.value:.1%} ± {1.96 * first.se * 100:.1f}%" in lines[1]
    assert lines[1].rstrip().endswith("-")  # the first seat never hears a bid
    assert "must bid 4" in lines[4]  # the dealer after three passes
    assert lines[-1] == "(250 simulated hands a seat; ± the 95% interval)"


def test_tables_print_side_by_side() -> None:
    assert expected_value_and_the_bid.side_by_side(["a\nbb", "ccc\nd\ne"], gap=2) == "a   ccc\nbb  d\n    e"


# ----------------------------------------------------------------- the ladder


def toy_ladder() -> tuple[ladder.Ladder, ladder.Cell]:
    cell = (ladder.Spot(0, 0, False), ladder.Strength(5, 2))
    means = {0: -0.5, 4: 0.3, 5: 1.2, 6: 1.5, 7: 1.5, 8: -2.0}
    values = {a: Estimate(m, 0.25, 100, unit="hands") for a, m in means.items()}
    values[9] = Estimate(4.0, 1.0, 10, unit="hands")  # best mean, but tried too few times to trust
    return ladder.Ladder(pl.TEN_POINT, 500, "toy", {cell: values}), cell


def test_a_hand_falls_in_the_ladder_cell_worked_out_by_hand() -> None:
    # diamonds: A 3 2 5 7 = five trump holding 1 + 3 + 1 = 5 points -> row 5, column 4-5
    strength, suit = expected_value_and_the_bid.hand_strength(HAND)
    assert (strength, suit) == (ladder.Strength(5, 2), pl.Suit.DIAMONDS)
    spot = ladder.Spot(1, 4, False)
    assert expected_value_and_the_bid.hand_cell(pl.parse_cards(HAND), spot) == (spot, strength)


def test_the_answers_table_marks_the_ladders_answer_and_its_gain() -> None:
    toy, cell = toy_ladder()
    lines = expected_value_and_the_bid.answers_table(toy, cell).splitlines()
    assert lines[0] == "first seat, no bid yet · 5 trump, 4-5 points"
    rows = {line.split()[0] + line.split()[1]: line for line in lines[2:-1]}
    assert rows["pass-0.50"].startswith("pass")
    # 6 and 7 tie at +1.5: the lower answer wins; its gain is 1.5 - (-0.5)
    assert "the ladder's answer, +2.00 over passing" in rows["bid6"]
    assert "the ladder's answer" not in rows["bid7"]
    assert "too few hands to trust" in rows["bid9"]
    assert f"± {1.96 * 0.25:.2f}" in rows["bid5"]


def test_the_answers_figure_is_titled_labelled_and_greens_the_answer() -> None:
    toy, cell = toy_ladder()
    fig = expected_value_and_the_bid.answers_figure(toy, cell)
    assert "first seat, no bid yet" in fig.layout.title.text
    assert fig.layout.xaxis.title.text == "your answer"
    assert "net score change" in fig.layout.yaxis.title.text
    bars = fig.data[0]
    colours = dict(zip(bars.x, bars.marker.color, strict=True))
    assert [x for x, c in colours.items() if c == "#1e8449"] == ["bid 6"]


# ------------------------------------------------------------------ the widget


def explorer(result: simulation.BidChances | None = None) -> expected_value_and_the_bid.BidExplorer:
    return expected_value_and_the_bid.BidExplorer(HAND, "D", 0, hands=250, seed=5, result=result)


def test_the_page_opens_on_the_hand_it_was_given() -> None:
    page = explorer()
    expected = simulation.bid_chances(HAND, "D", position=0, hands=250, seed=5)
    assert page.result == expected
    assert page.table.value == f"<pre>{expected.table()}</pre>"
    assert "250 simulated hands" in page.table.value
    summary = page.summary.value
    assert "<b>♦ diamonds</b>" in summary and "<b>first</b> seat" in summary
    top = expected.top_bid()
    assert f"The highest bid that still gains on average is <b>{top}</b>" in summary
    assert "5 trump, 4-5 points" in summary
    assert not with_class(page, "pl-message")  # no message, so it is hidden
    bundle = page.plot.outputs[0]["data"]["application/vnd.plotly.v1+json"]
    assert "first seat" in bundle["layout"]["title"]["text"]
    assert bundle["layout"]["xaxis"]["title"]["text"] == "bid"
    assert with_class(page, "pl-hand")[0].value.count("<svg") == 1


def test_a_given_result_is_shown_without_simulating_again() -> None:
    result = made_up((3, 5, 5, 8))
    page = explorer(result=result)
    assert page.result is result
    assert "4 simulated hands" in page.table.value
    assert (page.progress.bar.value, page.progress.bar.max) == (4, 4)


def test_typing_a_hand_and_clicking_simulates_it() -> None:
    page = explorer()
    before = page.result
    page.cards_box.value = "AS KS 3S JC JK 9H 4D 7C 2C"
    page.trump.value = pl.Suit.SPADES
    page.seat.value = 3
    with_class(page, "pl-simulate")[0].click()
    expected = simulation.bid_chances("AS KS 3S JC JK 9H 4D 7C 2C", "S", position=3, hands=250, seed=5)
    assert page.result == expected != before
    assert page.table.value == f"<pre>{expected.table()}</pre>"
    assert "<b>dealer</b> seat" in page.summary.value
    assert "nobody has bid: you must bid 4" in page.summary.value
    title = page.plot.outputs[0]["data"]["application/vnd.plotly.v1+json"]["layout"]["title"]["text"]
    assert "dealer seat" in title and "♠" in title
    assert (page.progress.bar.value, page.progress.bar.max) == (250, 250)
    assert not page.button.disabled


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("AS KS", "a ten-point hand has 9 cards, not 2"),
        ("", "not 0"),
        ("ZZ KS 3S JC JK 9H 4D 7C 2C", "not a card"),
        ("JK JK JK KS 3S 9H 4D 7C 2C", "JK appears 3 times; the deck holds 2"),
        ("AS AS 3S JC JK 9H 4D 7C 2C", "AS appears 2 times"),
    ],
)
def test_bad_cards_show_a_message_and_change_nothing(typed: str, message: str) -> None:
    page = explorer()
    shown = (page.result, page.table.value, page.summary.value, page.plot.outputs, page.picture.value)
    page.cards_box.value = typed
    with_class(page, "pl-simulate")[0].click()
    boxes = with_class(page, "pl-message")
    assert len(boxes) == 1
    assert message in boxes[0].value
    assert "Traceback" not in boxes[0].value
    assert (page.result, page.table.value, page.summary.value, page.plot.outputs, page.picture.value) == shown
    page.cards_box.value = HAND  # fixing the cards clears the message on the next click
    assert page.simulate() is True
    assert not with_class(page, "pl-message")


def test_the_controls_offer_every_seat_and_suit() -> None:
    page = explorer()
    assert [value for _, value in page.seat.options] == [0, 1, 2, 3]
    assert page.seat.options[0][0].startswith("first")
    assert [value for _, value in page.trump.options] == list(pl.Suit)
    assert page.button.description == "Simulate 250 hands"
    for hook in (
        "pl-bid-explorer",
        "pl-hand-input",
        "pl-seat",
        "pl-trump",
        "pl-summary",
        "pl-table",
        "pl-plot",
    ):
        assert with_class(page, hook), hook
