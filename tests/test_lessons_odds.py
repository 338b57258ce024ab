"""The odds lessons' helpers (lessons 01, 02 and 05), checked against counts worked out independently:
math.comb formulas, brute-force enumeration, and the sampling module's own tallies."""

from __future__ import annotations

import itertools
import math
from collections import Counter
from fractions import Fraction

import numpy as np
import pytest

import pitchlab as pl
from pitchlab.lessons.classroom import common, conditional_probability, counting_hands, monte_carlo_error
from pitchlab.odds import probability, sampling, stats
from pitchlab.ui import classroom

SPADES = pl.Suit.SPADES

# ------------------------------------------------------------------ counting


@pytest.mark.parametrize(("size", "trump", "hand"), [(10, 4, 3), (8, 3, 4), (6, 0, 2), (5, 5, 3), (7, 2, 0)])
def test_mini_deck_brute_force_matches_the_hypergeometric_count(size: int, trump: int, hand: int) -> None:
    deck = counting_hands.MiniDeck(size, trump, hand)
    assert len(deck.cards()) == len(set(deck.cards())) == size
    assert sum(c.startswith("T") for c in deck.cards()) == trump
    formula = {k: math.comb(trump, k) * math.comb(size - trump, hand - k) for k in range(hand + 1)}
    assert deck.tally() == formula
    assert sum(deck.tally().values()) == math.comb(size, hand) == len(list(deck.hands()))
    assert deck.distribution() == probability.hypergeometric_distribution(size, trump, hand)


def test_mini_deck_listing_shows_every_hand_once_grouped_by_trump() -> None:
    deck = counting_hands.MiniDeck()
    html = deck.listing()._repr_html_()
    assert html.count("border-radius:5px") == 120  # one chip per hand
    for k, n in {0: 20, 1: 60, 2: 36, 3: 4}.items():
        assert f"{k} trump: {n} hands" in html
    assert "all hands: 120" in html


def test_a_mini_deck_that_cannot_exist_is_refused() -> None:
    with pytest.raises(ValueError, match="mini deck"):
        counting_hands.MiniDeck(size=5, trump=6, hand=2)
    with pytest.raises(ValueError, match="mini deck"):
        counting_hands.MiniDeck(size=5, trump=2, hand=6)


def test_counting_rows_multiply_the_two_choices_and_cover_every_hand() -> None:
    rows = counting_hands.counting_rows(54, 16, 9)
    assert [r.k for r in rows] == list(range(10))
    for r in rows:
        assert r.trump_ways == math.comb(16, r.k)
        assert r.other_ways == math.comb(38, 9 - r.k)
        assert r.hands == r.trump_ways * r.other_ways
    assert sum(r.hands for r in rows) == math.comb(54, 9)  # Vandermonde: nothing missed or double counted
    assert {r.k: r.probability for r in rows} == probability.trump_count_distribution()
    html = counting_hands.counting_table(rows)._repr_html_()
    assert "1,545,981,360" in html  # the hands with exactly three trump
    assert "29.07%" in html
    assert "5,317,936,260" in html  # the total row


def test_independent_best_is_the_maximum_of_independent_copies() -> None:
    coin = {0: Fraction(1, 3), 1: Fraction(1, 2), 2: Fraction(1, 6)}
    brute: Counter[int] = Counter()
    for a, b, c in itertools.product(coin, repeat=3):  # every outcome of three independent copies
        brute[max(a, b, c)] += coin[a] * coin[b] * coin[c]  # type: ignore[assignment]
    assert counting_hands.independent_best(coin, suits=3) == dict(brute)
    named = probability.trump_count_distribution()
    assert counting_hands.independent_best(named, suits=1) == named
    guess = counting_hands.independent_best(named)
    assert sum(guess.values()) == 1
    assert guess[2] > 0 == probability.best_suit_distribution()[2]  # the guess allows the impossible


def test_tally_in_steps_deals_the_same_hands_as_one_call_and_reports_progress() -> None:
    seen: list[tuple[int, int]] = []
    n = 3 * sampling.CHUNK + 123
    stepped = common.tally_in_steps(sampling.tally_trump, n, 9, progress=lambda d, t: seen.append((d, t)))
    assert (stepped == sampling.tally_trump(n, 9)).all()
    assert seen == [(sampling.CHUNK, n), (2 * sampling.CHUNK, n), (3 * sampling.CHUNK, n), (n, n)]
    small = common.tally_in_steps(sampling.tally_trump, 1000, 9, step=300)
    assert int(small.sum()) == 1000
    with pytest.raises(ValueError, match="step"):
        common.tally_in_steps(sampling.tally_trump, 10, 1, step=0)
    with pytest.raises(ValueError, match="at least one"):
        common.tally_in_steps(sampling.tally_trump, 0, 1)


def test_figure_of_series_has_titles_and_one_trace_per_series() -> None:
    named = probability.trump_count_distribution()
    best = probability.best_suit_distribution()
    bars = common.figure_of_series({"named": named, "best": best}, title="T", x_title="trump (cards)")
    assert [t.type for t in bars.data] == ["bar", "bar"]
    assert bars.layout.title.text == "T"
    assert bars.layout.xaxis.title.text == "trump (cards)"
    assert "%" in bars.layout.yaxis.title.text
    assert list(bars.data[0].y) == pytest.approx([float(named[k]) * 100 for k in range(10)])
    lines = common.figure_of_series(
        {"a": named, "b": best}, title="T", x_title="x", mode="lines", dashed=["b"]
    )
    assert [t.mode for t in lines.data] == ["lines+markers"] * 2
    assert lines.data[1].line.dash == "dash" and lines.data[0].line.dash is None


# ------------------------------------------------------------ conditioning


@pytest.mark.parametrize("m", range(10))
def test_hand_with_trump_holds_exactly_m_trump_from_one_deck(m: int) -> None:
    three = pl.Card("3S")
    hand = conditional_probability.hand_with_trump(m, SPADES, without=[three], seed=m)
    assert len(hand) == 9
    assert len(probability.trump_in(hand, SPADES)) == m
    assert three not in hand
    assert not Counter(hand) - Counter(pl.TEN_POINT.deck)  # no card more often than the deck holds it


def test_hand_with_trump_refuses_an_impossible_count() -> None:
    with pytest.raises(ValueError, match="cannot hold"):
        conditional_probability.hand_with_trump(10)
    every_trump = list(probability.trump_in(pl.TEN_POINT.deck, SPADES))
    with pytest.raises(ValueError, match="not enough"):
        conditional_probability.hand_with_trump(1, SPADES, without=every_trump)


def test_only_the_number_of_trump_decides_the_partners_count() -> None:
    """The lesson draws one curve per m from any hand with m trump: two different hands agree."""
    for m in (0, 3, 6):
        a, b = (
            conditional_probability.hand_with_trump(m, seed=1),
            conditional_probability.hand_with_trump(m, seed=2),
        )
        assert a != b
        pa = probability.others_trump(a, SPADES).partner
        assert pa == probability.others_trump(b, SPADES).partner
        assert pa == {
            j: Fraction(math.comb(16 - m, j) * math.comb(29 + m, 9 - j), math.comb(45, 9)) for j in range(10)
        }


def test_given_rows_obey_the_law_of_total_probability() -> None:
    named = probability.trump_count_distribution()
    partner = {m: probability.hypergeometric_distribution(45, 16 - m, 9) for m in range(10)}
    rows = conditional_probability.given_rows(partner, named, k=3)
    assert [r.mine for r in rows] == list(range(10))
    assert rows[0].partner_at_least == 1 - sum(
        Fraction(math.comb(16, j) * math.comb(29, 9 - j), math.comb(45, 9)) for j in range(3)
    )
    unconditional = probability.at_least(3, named)
    assert sum(r.chance_of_mine * r.partner_at_least for r in rows) == unconditional
    html = conditional_probability.given_table(rows, 3, unconditional)._repr_html_()
    assert "P(partner ≥ 3 trump)" in html and "53.74%" in html and "51.78%" in html
    assert html.count("<tr>") == 12  # header, ten counts, "not looked"


def test_comparison_table_marks_agreement_within_four_standard_errors() -> None:
    fifth = Fraction(1, 5)
    close = stats.proportion(2_010, 10_000)
    far = stats.proportion(2_400, 10_000)
    html = conditional_probability.comparison_table(
        [("partner", fifth, close), ("stock", fifth, far)]
    )._repr_html_()
    assert html.count(">yes<") == 1 and html.count(">NO<") == 1
    assert "1/5" in html and "20.00%" in html


# ------------------------------------------------------------ the working


@pytest.mark.parametrize(("size", "trump", "hand"), [(10, 4, 3), (8, 3, 4), (7, 7, 2), (9, 0, 5)])
def test_counting_functions_match_every_hand_listed(size: int, trump: int, hand: int) -> None:
    deck = counting_hands.MiniDeck(size, trump, hand)
    listed = deck.tally()
    for k in range(hand + 1):
        assert counting_hands.hands_with(k, trump, size - trump, hand) == listed[k]
        assert counting_hands.chance_of(k, trump, size - trump, hand) == deck.distribution()[k]


def test_working_shows_the_source_that_ran() -> None:
    html = common.working(counting_hands.hands_with, caption="the count")._repr_html_()
    assert "def hands_with(" in html and "math.comb(trump, k)" in html and "the count" in html
    assert 'class="pl-working"' in html


def test_partner_chance_matches_every_partner_hand_listed() -> None:
    # a small table: 12 unseen cards, 5 trump in all, I hold m, my partner holds 4 of the 12
    for m in range(3):
        unseen = ["T"] * (5 - m) + ["x"] * (12 - (5 - m))
        listed = Counter(sum(unseen[i] == "T" for i in pick) for pick in itertools.combinations(range(12), 4))
        total = math.comb(12, 4)
        for j in range(5):
            assert conditional_probability.partner_chance(j, m, unseen=12, trump=5, hand=4) == Fraction(
                listed[j], total
            )


@pytest.mark.parametrize(("mine", "plain_seen"), [(1, 0), (1, 2), (3, 3), (0, 4)])
def test_next_card_from_the_stock_by_every_ordered_draw(mine: int, plain_seen: int) -> None:
    # 10 unseen cards, 6 trump in all: list every ordered sequence of plain_seen + 1 draws
    unseen = ["T"] * (6 - mine) + ["x"] * (10 - (6 - mine))
    runs = hits = 0
    for seq in itertools.permutations(range(10), plain_seen + 1):
        if all(unseen[i] == "x" for i in seq[:-1]):
            runs += 1
            hits += unseen[seq[-1]] == "T"
    exact = Fraction(hits, runs)
    assert conditional_probability.next_card_trump(mine, plain_seen, trump=6, unseen=10) == exact
    assert conditional_probability.next_card_trump_by_order(mine, plain_seen, trump=6, unseen=10) == exact


def test_next_card_refuses_an_impossible_stock() -> None:
    with pytest.raises(ValueError, match="no such stock"):
        conditional_probability.next_card_trump(17, 0)
    with pytest.raises(ValueError, match="no such stock"):
        conditional_probability.next_card_trump(0, 40)  # only 29 plain cards are unseen


def test_partner_slider_redraws_the_exact_distribution_and_its_words() -> None:
    slider = conditional_probability.PartnerTrumpSlider(mine=3)
    assert "pl-slider" in slider.slider._dom_classes and slider.slider.continuous_update is False
    assert slider.slider.description and (slider.slider.min, slider.slider.max) == (0, 9)
    seen = {}
    for m in (0, 4, 9, 3):
        slider.slider.value = m
        (shown,) = slider.plot.outputs
        spec = shown["data"]["application/vnd.plotly.v1+json"]
        ys = spec["data"][0]["y"]
        left = 16 - m  # worked by hand: the partner's nine from 45 cards holding 16 - m trump
        assert ys == pytest.approx(
            [100 * math.comb(left, j) * math.comb(45 - left, 9 - j) / math.comb(45, 9) for j in range(10)]
        )
        assert f"hold {m}" in spec["layout"]["title"]["text"]
        assert f"You hold <b>{m}</b> of the 16 trump, so <b>{left}</b>" in slider.words.value
        seen[m] = slider.words.value
    assert len(set(seen.values())) == 4
    assert "51.78%" in seen[3] and "53.74%" in seen[3]  # lesson 2's numbers, given 3 and before looking
    layout = slider.figure.layout
    assert layout.xaxis.title.text and "%" in layout.yaxis.title.text


def test_partner_slider_times_its_redraws_for_the_benchmark() -> None:
    slider = conditional_probability.PartnerTrumpSlider(mine=0)
    first = []
    for m in range(1, 10):  # each count drawn for the first time: compute + figure
        slider.slider.value = m
        first.append(slider.redraw_seconds)
    assert len(first) == 9 and all(s >= 0 for s in first)  # read by benchmarks/sliders.py, not judged here
    (build,) = conditional_probability.REDRAWS  # the slider benchmark's protocol
    times = classroom.redraw_times(build())
    assert set(times) == {"a count drawn for the first time", "a count drawn before"}


# ------------------------------------------------------- code exercises and questions


def _sum_at_least(k: int, trump: int, others: int, hand: int) -> Fraction:
    """A learner's right answer, written here apart from the lesson."""
    ways = sum(math.comb(trump, j) * math.comb(others, hand - j) for j in range(k, hand + 1))
    return Fraction(ways, math.comb(trump + others, hand))


def test_lesson_1_code_cases_pass_a_right_answer_and_name_a_wrong_one() -> None:
    cases = counting_hands.AT_LEAST_CASES
    for case in cases:
        assert case.expected == _sum_at_least(*case.args), case.about
    assert cases[0].expected == Fraction(100, 120)  # 120 hands, 20 of them with no trump: C(6, 3)
    assert classroom.check_code(_sum_at_least, cases).passed
    more_than = classroom.check_code(lambda k, t, o, h: _sum_at_least(k + 1, t, o, h) if k < h else 0, cases)
    assert not more_than.passed and "mini deck" in more_than.summary
    stub = classroom.check_code(lambda k, t, o, h: None, cases)
    assert not stub.passed and not stub.written


def test_lesson_2_code_cases_pass_a_right_answer_and_name_a_wrong_one() -> None:
    def right(k: int, mine: int) -> Fraction:
        return _sum_at_least(k, 16 - mine, 29 + mine, 9)

    cases = conditional_probability.PARTNER_CASES
    assert classroom.check_code(right, cases).passed
    assert cases[0].expected == 1 - sum(
        Fraction(math.comb(13, j) * math.comb(32, 9 - j), math.comb(45, 9)) for j in range(3)
    )
    before_looking = classroom.check_code(lambda k, mine: _sum_at_least(k, 16, 38, 9), cases)
    assert not before_looking.passed and "51.78%" in before_looking.summary


def test_joker_question_numbers_and_every_choice_explained() -> None:
    n = counting_hands.joker_or_three()
    hands = math.comb(54, 9)
    assert n.one_card == Fraction(9, 54)  # any one card: 9 of the 54 are yours
    assert n.both_jokers == Fraction(math.comb(52, 7), hands)
    assert n.a_joker == Fraction(hands - math.comb(52, 9), hands) == 2 * n.one_card - n.both_jokers
    item = counting_hands.joker_question()
    assert [c.right for c in item.choices] == [False, False, True, False]
    for choice in item.choices:
        item.pick(choice.text)
        assert item.check() is choice.right
        assert choice.why in item.feedback.value
    assert "49/159 ≈ 30.82%" in item.choices[2].why and "1/6 ≈ 16.67%" in item.choices[2].why
    assert "4/159 ≈ 2.52%" in item.choices[1].why  # the hands with both jokers, counted twice


def test_stock_question_numbers_and_every_choice_explained() -> None:
    item = conditional_probability.stock_question(held=1, plain_run=4)
    assert [c.right for c in item.choices] == [False, False, True, False]
    assert "15/41 ≈ 36.59%" in item.choices[2].text and "15/45 ≈ 33.33%" in item.choices[2].text
    for choice in item.choices:
        item.pick(choice.text)
        assert item.check() is choice.right and choice.why in item.feedback.value
    other = conditional_probability.stock_question(held=3, plain_run=2)
    assert "13/43" in other.choices[2].text and "13/45" in other.choices[2].text


# ------------------------------------------------------ Monte Carlo error


def test_deal_flags_count_the_same_hands_as_the_tally() -> None:
    flags = monte_carlo_error.deal_flags(70_000, 4, at_least=4)
    assert flags.dtype == np.bool_ and flags.shape == (70_000,)
    assert int(flags.sum()) == int(sampling.tally_trump(70_000, 4)[4:].sum())


def test_log_spaced_indices_run_from_start_to_the_last_trial() -> None:
    picks = monte_carlo_error.log_spaced(100_000, points=400, start=10)
    assert picks[0] == 9 and picks[-1] == 99_999
    assert (np.diff(picks) > 0).all() and len(picks) <= 400
    assert list(monte_carlo_error.log_spaced(1)) == [0]
    assert list(monte_carlo_error.log_spaced(5, points=100)) == [0, 1, 2, 3, 4]
    assert len(monte_carlo_error.log_spaced(0)) == 0


def test_precision_rows_follow_the_square_root_law() -> None:
    exact = probability.at_least(4, probability.trump_count_distribution())
    seen: list[int] = []
    rows = monte_carlo_error.precision_rows(
        exact, [1_000, 4_000, 16_000], 5, at_least=4, progress=lambda d, t: seen.append(d)
    )
    assert seen == [1_000, 5_000, 21_000]
    p = float(exact)
    for row in rows:
        assert row.predicted_half == pytest.approx(1.96 * math.sqrt(p * (1 - p) / row.n), rel=1e-4)
        assert row.half == pytest.approx(stats.z_of(0.95) * row.estimate.se)
        assert stats.agrees(row.estimate, exact)
    assert rows[0].predicted_half / rows[1].predicted_half == pytest.approx(2)
    again = monte_carlo_error.precision_rows(exact, [1_000, 4_000, 16_000], 5, at_least=4)
    assert [r.estimate for r in again] == [r.estimate for r in rows]  # seeded: the same runs
    html = monte_carlo_error.precision_table(rows)._repr_html_()
    assert "16,000" in html and "÷" in html
    fig = monte_carlo_error.halfwidth_figure(rows, exact)
    assert fig.layout.xaxis.type == "log" and fig.layout.yaxis.type == "log"
    assert fig.layout.title.text and "deals" in fig.layout.xaxis.title.text
    assert "% points" in fig.layout.yaxis.title.text
    ticks = fig.layout.yaxis.tickvals  # plain labels on the log axis, from below the lowest point up
    assert min(ticks) <= 100 * min(r.half for r in rows) and max(ticks) >= 100 * max(r.half for r in rows)
    assert list(fig.layout.yaxis.ticktext) == [f"{t:g}" for t in ticks]


def test_binomial_pmf_matches_the_counting_formula() -> None:
    for h in range(11):
        by_comb = math.comb(10, h) * 0.3**h * 0.7 ** (10 - h)
        assert monte_carlo_error.binomial_pmf(h, 10, 0.3) == pytest.approx(by_comb, rel=1e-9)
    assert sum(monte_carlo_error.binomial_pmf(h, 5_000, 0.001) for h in range(5_001)) == pytest.approx(1)
    assert (
        monte_carlo_error.binomial_pmf(0, 10, 0.0) == 1.0
        and monte_carlo_error.binomial_pmf(3, 10, 0.0) == 0.0
    )
    assert monte_carlo_error.binomial_pmf(10, 10, 1.0) == 1.0


def test_expected_coverage_is_the_binomial_sum_over_counts_whose_interval_catches_the_truth() -> None:
    p, n = Fraction(1, 4), 30
    by_hand = Fraction(0)
    for h in range(n + 1):
        share = h / n
        half = stats.z_of(0.95) * math.sqrt(share * (1 - share) / n)
        if share - half <= 0.25 <= share + half:
            by_hand += math.comb(n, h) * p**h * (1 - p) ** (n - h)
    assert monte_carlo_error.expected_coverage(p, n, "normal") == pytest.approx(float(by_hand), rel=1e-9)
    rare = probability.at_least(8, probability.trump_count_distribution())
    no_hits = (1 - float(rare)) ** 10_000
    # a run with no hits always misses with the normal interval, and is caught by Wilson's
    assert monte_carlo_error.expected_coverage(rare, 10_000, "normal") <= 1 - no_hits + 1e-12
    assert monte_carlo_error.expected_coverage(rare, 10_000, "wilson") >= no_hits


def test_a_run_without_hits_is_missed_by_the_normal_interval_and_caught_by_wilsons() -> None:
    result = monte_carlo_error.Coverage(Fraction(1, 10_000), 10_000, (0, 1, 2))
    assert result.runs == 3
    assert result.intervals("normal")[0] == (0.0, 0.0)
    assert result.caught("normal") == [False, True, True]
    assert result.caught("wilson") == [True, True, True]
    assert result.covered("normal") == 2 and result.covered("wilson") == 3
    html = monte_carlo_error.interval_table(result, [0, 1])._repr_html_()
    assert html.count("missed") == 1 and html.count("caught") == 3


def test_coverage_experiment_is_seeded_and_its_count_matches_the_binomial_prediction() -> None:
    exact = probability.at_least(4, probability.trump_count_distribution())
    seen: list[int] = []
    result = monte_carlo_error.coverage_experiment(
        exact, runs=60, deals=500, seed=3, at_least=4, progress=lambda d, t: seen.append(d)
    )
    assert seen == list(range(1, 61))
    assert (
        result.hits
        == monte_carlo_error.coverage_experiment(exact, runs=60, deals=500, seed=3, at_least=4).hits
    )
    assert len(set(result.hits)) > 10  # independent streams, not one run repeated
    rate = monte_carlo_error.expected_coverage(exact, 500)
    assert abs(result.covered() - 60 * rate) <= 4 * math.sqrt(60 * rate * (1 - rate))
    fig = monte_carlo_error.coverage_figure(result, ("normal", "wilson"), title="cov", shown=20)
    assert len(fig.data) == 4  # caught and missed, per panel
    assert [a.text for a in fig.layout.annotations][:2] == [
        f"normal interval (value ± 1.96·se): {result.covered('normal')} of 60 caught it",
        f"Wilson interval: {result.covered('wilson')} of 60 caught it",
    ]
    assert fig.layout.title.text == "cov"
    assert fig.layout.xaxis2.title.text == "run (each 500 deals)"
    assert "%" in fig.layout.yaxis.title.text and "%" in fig.layout.yaxis2.title.text
    drawn = sum(x is not None for t in fig.data for x in t.x)
    assert drawn == 2 * 2 * 20  # two ends of each of 20 intervals, in both panels


# ------------------------------------------------------------ lesson 05: working, sliders, questions


def test_the_shown_working_gives_the_textbook_wilson_interval_and_standard_error() -> None:
    # the textbook value for 30 in 100 at 95%: (0.2189, 0.3958); se = sqrt(0.3 * 0.7 / 100)
    low, high = monte_carlo_error.wilson(30, 100)
    assert (round(low, 4), round(high, 4)) == (0.2189, 0.3958)
    assert monte_carlo_error.standard_error(30, 100) == pytest.approx(math.sqrt(0.0021))
    bottom, top = monte_carlo_error.wilson(0, 50)
    assert bottom == 0 and top == pytest.approx(1.959964**2 / (50 + 1.959964**2), rel=1e-6)
    html = monte_carlo_error.working()._repr_html_()
    assert "def wilson(hits" in html and "def standard_error(hits" in html and "Z95 = NormalDist()" in html


def _coverage_by_hand(n: int, p: Fraction, method: str) -> float:
    """The exact coverage written out: each hit count's interval, then math.comb's binomial chance."""
    z = 1.959963984540054
    total = Fraction(0)
    for h in range(n + 1):
        share = h / n
        if method == "normal":
            half = z * math.sqrt(share * (1 - share) / n)
            low, high = share - half, share + half
        else:
            centre = (share + z * z / (2 * n)) / (1 + z * z / n)
            half = z / (1 + z * z / n) * math.sqrt(share * (1 - share) / n + z * z / (4 * n * n))
            low, high = centre - half, centre + half
        if low <= p <= high:
            total += math.comb(n, h) * p**h * (1 - p) ** (n - h)
    return float(total)


@pytest.mark.parametrize("n", [7, 40, 150])
def test_vectorised_coverage_is_the_binomial_sum_written_out(n: int) -> None:
    for p in (Fraction(1, 100), Fraction(1, 8), Fraction(1, 2), Fraction(9, 10)):
        for method in monte_carlo_error.METHODS:
            got = monte_carlo_error.coverage_at(n, float(p), method)
            assert got == pytest.approx(_coverage_by_hand(n, p, method), rel=1e-9), (n, p, method)
    normal, wilson = monte_carlo_error.coverage_curves(n)
    grid = monte_carlo_error.P_GRID
    assert len(grid) == 393 and grid[0] == 0.01 and grid[-1] == 0.99
    k = int(np.argmin(abs(grid - 0.125)))
    assert normal[k] == pytest.approx(_coverage_by_hand(n, Fraction(1, 8), "normal"), rel=1e-9)
    assert wilson[k] == pytest.approx(_coverage_by_hand(n, Fraction(1, 8), "wilson"), rel=1e-9)
    # n = 10, p = 1/2: the normal interval holds 3..7 hits, 912 of 1024; Wilson's 2..8, 1002 of 1024
    assert monte_carlo_error.coverage_at(10, 0.5, "normal") == pytest.approx(912 / 1024)
    assert monte_carlo_error.coverage_at(10, 0.5, "wilson") == pytest.approx(1002 / 1024)


def test_coverage_sliders_redraw_the_figure_and_its_words_quickly() -> None:
    from pitchlab.ui import classroom

    view = monte_carlo_error.CoverageSliders(n=100, p=0.05)
    first_words, first = view.words.value, view.box.figure
    # n = 100, p = 5%: worked out by the sum above
    assert f"{_coverage_by_hand(100, Fraction(5, 100), 'normal'):.1%}" in first_words
    assert f"{_coverage_by_hand(100, Fraction(5, 100), 'wilson'):.1%}" in first_words
    assert "pl-slider" in view.n_slider._dom_classes and "pl-slider" in view.p_slider._dom_classes
    assert not view.n_slider.continuous_update and not view.p_slider.continuous_update
    assert first.layout.xaxis.title.text == "true chance p (%)"
    assert "(%)" in first.layout.yaxis.title.text and "n = 100 deals" in first.layout.title.text
    view.n_slider.value = 400
    assert "n = 400 deals" in view.box.figure.layout.title.text and view.words.value != first_words
    moved = view.words.value
    view.p_slider.value = 0.5
    assert "50%" in view.words.value and view.words.value != moved
    assert view.box.figure.data[0].y is not None and len(view.box.figure.data[0].y) == 393
    assert view.box.figure.layout.yaxis.range == (60, 101)  # n = 400: the normal curve stays above 60%
    view.n_slider.value = 10
    assert view.box.figure.layout.yaxis.range == (0, 101)  # ten deals: it falls to 9.6% at p = 1%
    view.n_slider.value = 400
    assert list(monte_carlo_error.REDRAWS) == [monte_carlo_error.CoverageSliders]
    times = classroom.redraw_times(view, rounds=5)
    assert set(times) == {"n", "p"}, times


def test_wilson_code_exercise_passes_a_right_answer_and_names_a_wrong_one() -> None:
    from pitchlab.ui import classroom

    def right(hits: int, n: int) -> tuple[float, float]:  # written out with z = 1.96, as a learner may
        p, z = hits / n, 1.96
        centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        half = z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
        return centre - half, centre + half

    def normal(hits: int, n: int) -> tuple[float, float]:
        p = hits / n
        half = 1.96 * math.sqrt(p * (1 - p) / n)
        return p - half, p + half

    def stub(hits: int, n: int) -> tuple[float, float]:
        raise NotImplementedError

    cases = monte_carlo_error.WILSON_CASES
    assert len(cases) == 5 and cases[0].expected == pytest.approx((0.2189, 0.3958), abs=5e-5)
    assert classroom.check_code(right, cases).passed
    wrong = classroom.check_code(normal, cases)
    assert not wrong.passed and "30 hits in 100 deals" in wrong.summary  # the first case it fails
    assert [r.status for r in wrong.results][:4] == ["wrong"] * 4  # and the no-hit and all-hit ones
    blank = classroom.check_code(stub, cases)
    assert not blank.passed and not blank.written


def test_what_a_95_percent_interval_means_explains_every_choice() -> None:
    exact = probability.at_least(4, probability.trump_count_distribution())
    run = stats.proportion(1_000, 4_000)
    question = monte_carlo_error.meaning_question(run, exact, 189, 200)
    assert [c.right for c in question.choices] == [False, True, False, False]
    assert all(c.why for c in question.choices) and "189 of 200" in question.choices[1].why
    low, high = run.interval()
    # the chance that a second run of 4,000 lands in [low, high], by math.comb
    inside = [h for h in range(4_001) if low <= h / 4_000 <= high]
    by_hand = float(sum(math.comb(4_000, h) * exact**h * (1 - exact) ** (4_000 - h) for h in inside))
    assert monte_carlo_error.chance_inside(4_000, float(exact), low, high) == pytest.approx(by_hand, rel=1e-9)
    assert f"{by_hand:.0%}" in question.choices[3].why
    question.pick(question.choices[0].text)
    assert question.check() is False
    question.pick(question.choices[1].text)
    assert question.check() is True
