"""The variant comparison: sane numbers, identities that hold hand by hand, and reproducible seeds."""

from __future__ import annotations

import functools
import math
import statistics

import numpy as np
import pytest

import pitchlab as pl
from pitchlab.lessons.classroom import common, comparing_variants
from pitchlab.odds import stats
from pitchlab.studies import compare
from pitchlab.ui import classroom

HANDS, GAMES = 60, 4


@functools.cache
def measured(name: str) -> compare.VariantStats:
    return compare.measure(name, hands=HANDS, games=GAMES, seed="test")


@pytest.mark.parametrize("name", pl.ruleset_names())
def test_points_in_play_never_exceed_the_rulesets_total_and_are_accounted_for(name: str) -> None:
    """Every hand: the points scored are the total, less point cards that never came into play
    and contests nobody won. Where the bidder takes the stock, every trump comes into play."""
    s = measured(name)
    rules = s.rules
    assert len(s.hands) == HANDS
    for h in s.hands:
        assert 0 <= h.points <= rules.total_points
        assert h.points == rules.total_points - h.out_of_play - h.unawarded
    if rules.exchange == "refill" and rules.bidder_takes_stock and not rules.awards:
        assert set(s.points().tolist()) == {rules.total_points}


def test_the_ten_point_family_always_has_every_point_in_play() -> None:
    assert set(measured("ten-point").points().tolist()) == {10}
    assert set(measured("thirteen-point").points().tolist()) == {13}


def test_high_and_low_are_always_won_where_trump_is_pitched() -> None:
    """The pitched card is a trump in play, so High and Low always exist: at least two points;
    with all 52 cards dealt the jack is always in play too."""
    assert measured("auction-pitch").points().min() >= 2
    assert measured("thirteen-card").points().min() >= 3
    assert all(h.out_of_play == 0 for h in measured("thirteen-card").hands)


@pytest.mark.parametrize("name", pl.ruleset_names())
def test_rates_distributions_and_seat_values_are_consistent(name: str) -> None:
    s = measured(name)
    dist = s.points_distribution()
    assert math.isclose(sum(e.value for e in dist.values()), 1.0)
    assert math.isclose(sum(k * e.value for k, e in dist.items()), s.mean_points().value)
    made = s.made_rate()
    assert 0 <= made.value <= 1 and made.n == HANDS
    by_bid = s.made_by_bid()
    assert sum(e.n for e in by_bid.values()) == HANDS
    assert math.isclose(sum(e.value * e.n for e in by_bid.values()), made.value * HANDS)
    assert math.isclose(sum(e.value for e in s.bid_shares().values()), 1.0)
    # without an auction the pitcher's "bid" is 0 (never set)
    assert all(s.rules.min_bid <= b for b in by_bid) if s.rules.auction else set(by_bid) == {0}
    # each edge is a side's change minus the others' mean: over seats that share the sides evenly, they cancel
    counts = np.bincount(np.array(s.rules.teams))
    if len(set(counts.tolist())) == 1:
        assert np.allclose(s.edges().sum(axis=1), 0)
    assert len(s.seat_values()) == s.rules.players
    assert s.dealer_value() == s.seat_values()[-1]


@pytest.mark.parametrize("name", pl.ruleset_names())
def test_games_last_at_least_as_long_as_the_points_allow(name: str) -> None:
    s = measured(name)
    assert len(s.lengths) == GAMES
    assert min(s.lengths) >= compare.fewest_hands(s.rules)
    assert s.game_length().n == GAMES


def test_fewest_hands() -> None:
    assert compare.fewest_hands(pl.ruleset("auction-pitch")) == 2  # 7 points, at most 4 a hand
    assert compare.fewest_hands(pl.ruleset("thirteen-card")) == 4  # 15 points, at most 4 a hand
    assert compare.fewest_hands(pl.ruleset("ten-point")) == 1  # a bid of 10 taking all 10 wins at once


def test_the_same_seed_gives_the_same_numbers_however_the_work_is_shared() -> None:
    one = compare.compare(["high-low-jack", "ten-point"], hands=300, games=12, seed=5)
    again = compare.compare(["high-low-jack", "ten-point"], hands=300, games=12, seed=5, workers=2)
    assert [(s.hands, s.lengths) for s in one] == [(s.hands, s.lengths) for s in again]
    other = compare.measure("high-low-jack", hands=300, games=12, seed=6)
    assert other.hands != one[0].hands


def test_rulesets_enough_for_every_process_give_each_process_whole_rulesets_and_the_same_numbers() -> None:
    """Four rulesets on two processes: each ruleset's chunks go to one process (its tables are
    loaded once), and the numbers are those of one process doing all the work."""
    names = ["smudge", "two-handed", "auction-pitch", "simple-pitch"]
    one = compare.compare(names, hands=20, games=2, seed=5)
    shared = compare.compare(names, hands=20, games=2, seed=5, workers=2)
    assert [(s.hands, s.lengths) for s in one] == [(s.hands, s.lengths) for s in shared]


def test_progress_counts_every_hand_and_game() -> None:
    seen: list[tuple[int, int]] = []
    compare.compare(
        ["smudge", "ten-point"], hands=10, games=2, seed=1, progress=lambda d, t: seen.append((d, t))
    )
    assert seen[-1] == (24, 24)
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)


def test_rulesets_that_differ_only_in_the_game_rule_play_the_same_hands() -> None:
    """Smudge is Auction Pitch with one more way to win the game: on the same seeds, every
    hand goes exactly the same."""
    assert measured("smudge").hands == measured("auction-pitch").hands


def test_too_little_to_measure_is_refused() -> None:
    with pytest.raises(ValueError, match="at least two"):
        compare.measure("ten-point", hands=1, games=5)


def test_tables_name_every_ruleset() -> None:
    names = ["auction-pitch", "ten-point"]
    results = [measured(n) for n in names]
    text = compare.table(results)
    rules_text = compare.rules_table([r.rules for r in results])
    for name in names:
        assert name in text and name in rules_text
    assert f"{HANDS} hands and {GAMES} games per ruleset" in text
    assert "pitched, no exchange, follow suit" in rules_text and "named, refill, trump only" in rules_text


def test_figures_have_titles_and_axis_titles_with_units() -> None:
    results = [measured(n) for n in ("auction-pitch", "high-low-jack", "ten-point")]
    for build in (
        comparing_variants.points_figure,
        comparing_variants.made_figure,
        comparing_variants.seat_figure,
        comparing_variants.length_figure,
    ):
        fig = build(results)
        layout = fig.layout
        assert layout.title.text
        assert layout.xaxis.title.text
        assert "(" in layout.yaxis.title.text  # a measured axis says its unit
        assert len(fig.data) >= 1
    points = comparing_variants.points_figure(results)
    assert [trace.name for trace in points.data] == ["auction-pitch", "high-low-jack", "ten-point"]
    assert list(points.data[2].x) == [10]  # every ten-point hand has all ten points in play


def test_variants_with_the_same_deck_are_dealt_the_same_cards_and_compared_in_pairs() -> None:
    ten, thirteen, auction, smudge = (
        measured(n) for n in ("ten-point", "thirteen-point", "auction-pitch", "smudge")
    )
    # the same 54-card deck, four seats, nine cards: the same seeds deal the same cards
    assert compare.common_deals(ten, thirteen) == list(range(HANDS))
    assert compare.common_deals(auction, smudge) == list(range(HANDS))
    assert compare.common_deals(ten, auction) == []  # 54 cards against 52: never the same deal
    first = ten.hands[0].deal.split(" | ")
    assert len(first) == 4 + 2 and all(len(seat.split()) == 9 for seat in first[:4])
    assert first[-1].startswith("dealer ")
    # the paired difference, worked out from the hands: mean of (made - made) and its sample sd / sqrt(n)
    diffs = [int(a.made) - int(b.made) for a, b in zip(ten.hands, thirteen.hands, strict=True)]
    mean = sum(diffs) / HANDS
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (HANDS - 1))
    paired = compare.made_difference(ten, thirteen)
    assert (paired.value, paired.se, paired.n) == pytest.approx((mean, sd / math.sqrt(HANDS), HANDS))
    # Smudge changes only whole games (a made 4 wins at once): single hands are made or lost alike
    alike = compare.made_difference(smudge, auction)
    assert alike.value == 0 and alike.se == 0


def test_the_table_quotes_95_percent_intervals_with_wilsons_for_bids_made() -> None:
    results = [measured(n) for n in ("ten-point", "auction-pitch")]
    text = compare.table(results)
    assert "95% intervals, Wilson intervals for bids made" in text and "half a" not in text
    for s, line in zip(results, text.splitlines()[1:3], strict=True):
        made = s.made_rate()
        hits, n, z = round(made.value * HANDS), HANDS, 1.959963984540054
        p = hits / n  # Wilson's interval written out
        centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        half = z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
        assert f"{made.value:.1%} ({centre - half:.0%} to {centre + half:.0%})" in line


def _guides_answer(xs: list[float], ys: list[float]) -> tuple[float, float]:
    """Exercise 3 as the teacher's guide answers it: the mean difference and 1.96 sd / sqrt(n)."""
    diffs = [x - y for x, y in zip(xs, ys, strict=True)]
    n = len(diffs)
    mean = sum(diffs) / n
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1))
    return mean, 1.96 * sd / math.sqrt(n)


def test_the_working_is_the_librarys_paired_difference_in_a_few_lines() -> None:
    ten, thirteen = measured("ten-point"), measured("thirteen-point")
    rng = np.random.default_rng(6)
    pairs = [
        ([float(h.made) for h in ten.hands], [float(h.made) for h in thirteen.hands]),
        ([float(h.points) for h in ten.hands], [float(h.points) for h in thirteen.hands]),
        (rng.normal(1, 2, 50).tolist(), rng.normal(0, 1, 50).tolist()),
        ([1.0, 0.0, 1.0], [1.0, 0.0, 1.0]),  # no spread: the interval is the single point 0
    ]
    for xs, ys in pairs:
        mean, low, high = comparing_variants.paired_difference(xs, ys)
        library = stats.paired_difference(xs, ys)
        assert mean == pytest.approx(library.value, rel=1e-12, abs=1e-12)
        assert (low, high) == pytest.approx(library.interval(), rel=1e-12, abs=1e-12)
    with pytest.raises(ValueError, match="shorter"):  # one y for each x, as the library insists
        comparing_variants.paired_difference([1.0, 2.0], [1.0])
    shown = str(common.working(comparing_variants.paired_difference).html)
    assert "def paired_difference(" in shown and "inv_cdf(0.975)" in shown and "(n - 1)" in shown


def test_the_code_exercise_passes_the_guides_answer_and_names_the_likely_slips() -> None:
    cases = comparing_variants.PAIRED_CASES
    for case in cases:  # each hand-worked expectation against the statistics module
        diffs = [x - y for x, y in zip(*case.args, strict=True)]
        want = (statistics.mean(diffs), 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs)))
        assert case.expected == pytest.approx(want, abs=1e-12), case.about
    assert cases[0].args == ([1, 1, 0, 1], [0, 1, 0, 0]) and round(cases[0].expected[1], 3) == 0.566
    assert classroom.check_code(_guides_answer, cases).passed

    def with_pitchlabs_z(xs: list[float], ys: list[float]) -> tuple[float, float]:
        mean, low, high = comparing_variants.paired_difference(xs, ys)
        return mean, (high - low) / 2

    assert classroom.check_code(with_pitchlabs_z, cases).passed  # z = 1.959964 passes as well as 1.96

    def unpaired(xs: list[float], ys: list[float]) -> tuple[float, float]:  # as if dealt apart
        n = len(xs)
        se = math.sqrt(statistics.variance(xs) / n + statistics.variance(ys) / n)
        return statistics.mean(xs) - statistics.mean(ys), 1.96 * se

    def over_n(xs: list[float], ys: list[float]) -> tuple[float, float]:  # the sd divided by n, not n - 1
        diffs = [x - y for x, y in zip(xs, ys, strict=True)]
        return statistics.mean(diffs), 1.96 * statistics.pstdev(diffs) / math.sqrt(len(diffs))

    slips = {
        "unpaired": unpaired,
        "n, not n - 1": over_n,
        "the standard error, not 1.96 of them": lambda xs, ys: (
            _guides_answer(xs, ys)[0],
            _guides_answer(xs, ys)[1] / 1.96,
        ),
        "the sd, not over sqrt(n)": lambda xs, ys: (
            _guides_answer(xs, ys)[0],
            _guides_answer(xs, ys)[1] * math.sqrt(len(xs)),
        ),
        "y - x": lambda xs, ys: _guides_answer(ys, xs),
    }
    for name, slip in slips.items():
        report = classroom.check_code(slip, cases)
        assert report.written and not report.passed, name
        assert report.results[0].status == "wrong", name  # the guide: each fails the first case
    first = classroom.check_code(unpaired, cases)
    assert cases[0].about in first.summary  # the first case it gets wrong is named
    assert [r.status for r in first.results][:2] == ["wrong", "wrong"]  # and the rules that agree
    stub = classroom.check_code(lambda xs, ys: None, cases)
    assert not stub.passed and not stub.written and "not written yet" in stub.summary
