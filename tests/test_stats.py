"""Estimates and their error bars, on cases worked by hand.

Every expected number here is written out from its formula in the test (or
quoted from a textbook value), never taken from pitchlab's own output.
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest

import pitchlab as pl
from pitchlab.odds import sampling as sm
from pitchlab.odds import stats

Z95 = 1.959963984540054
"""The two-sided 95% normal quantile, from any table."""


def wilson_by_hand(hits: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval written out from its textbook form."""
    p = hits / n
    denominator = 1 + z**2 / n
    centre = (p + z**2 / (2 * n)) / denominator
    spread = z * math.sqrt(p * (1 - p) / n + z**2 / (4 * n**2)) / denominator
    return centre - spread, centre + spread


def test_z_of_a_level_is_the_normal_quantile() -> None:
    assert stats.z_of(0.95) == pytest.approx(Z95)
    assert stats.z_of(0.99) == pytest.approx(2.5758293035489)
    for bad in (0, 1, 1.5, -0.2):
        with pytest.raises(pl.PitchError, match="confidence level"):
            stats.z_of(bad)


def test_thirty_hits_in_a_hundred() -> None:
    est = stats.proportion(30, 100)
    assert est.kind == "proportion"
    assert est.n == 100
    assert est.value == pytest.approx(0.3)
    # se = sqrt(0.3 * 0.7 / 100) = sqrt(0.0021) = 0.0458257...
    assert est.se == pytest.approx(0.0458257569495584)
    # 0.3 -+ 1.959964 * 0.0458258 = 0.3 -+ 0.0898167
    low, high = est.normal_interval()
    assert low == pytest.approx(0.2101833, abs=1e-6)
    assert high == pytest.approx(0.3898167, abs=1e-6)
    wide_low, wide_high = est.normal_interval(0.99)
    assert wide_low < low and wide_high > high


def test_the_quoted_interval_is_wilson_for_a_proportion_and_normal_for_a_mean() -> None:
    share = stats.proportion(30, 100)
    assert stats.LEVEL == 0.95
    assert share.interval() == pytest.approx(wilson_by_hand(30, 100))
    low, high = wilson_by_hand(30, 100)
    assert share.error_bar() == pytest.approx((0.3 - low, high - 0.3))
    assert share.error_bar()[1] > share.error_bar()[0]  # below one half, Wilson reaches further up
    average = stats.mean_of([2, 4, 4, 4, 5, 5, 7, 9])
    half = Z95 * math.sqrt(32 / 7) / math.sqrt(8)
    assert average.interval() == pytest.approx((5 - half, 5 + half))
    assert average.error_bar() == pytest.approx((half, half))


def test_wilson_interval_of_thirty_in_a_hundred() -> None:
    low, high = stats.proportion(30, 100).wilson()
    assert (low, high) == pytest.approx(wilson_by_hand(30, 100))
    # the textbook value for 30/100 at 95%: (0.2189, 0.3958)
    assert round(low, 4) == 0.2189
    assert round(high, 4) == 0.3958


def test_no_hits_wilson_stays_open_where_the_normal_interval_collapses() -> None:
    est = stats.proportion(0, 100)
    assert est.se == 0
    assert est.normal_interval() == (0, 0)  # the normal interval claims certainty
    assert est.interval() == est.wilson()  # which is why pitchlab quotes Wilson's
    low, high = est.wilson()
    # with p = 0 the Wilson bounds reduce to 0 and z^2 / (n + z^2) = 3.8415 / 103.8415
    assert low == 0  # never below 0, even by rounding
    assert high == pytest.approx(Z95**2 / (100 + Z95**2))
    assert high == pytest.approx(0.036994, abs=1e-6)


def test_every_hit_mirrors_no_hit() -> None:
    low, high = stats.proportion(100, 100).wilson()
    assert low == pytest.approx(1 - Z95**2 / (100 + Z95**2))
    assert high == pytest.approx(1)


def test_binomial_se_on_floats_and_arrays() -> None:
    assert stats.binomial_se(0.5, 100.0) == pytest.approx(0.05)  # sqrt(0.25 / 100)
    got = stats.binomial_se(np.array([0.5, 0.1]), np.array([100.0, 900.0]))
    assert got == pytest.approx([0.05, 0.01])  # sqrt(0.09 / 900) = 0.3 / 30


def test_mean_of_a_textbook_sample() -> None:
    values = [2, 4, 4, 4, 5, 5, 7, 9]
    # mean 5; squared deviations 9+1+1+1+0+0+4+16 = 32; sample variance 32/7
    se = math.sqrt(32 / 7) / math.sqrt(8)
    est = stats.mean_of(values)
    assert est.kind == "mean"
    assert est.value == pytest.approx(5)
    assert est.se == pytest.approx(se)
    assert est.n == 8
    assert est.interval() == pytest.approx((5 - Z95 * se, 5 + Z95 * se))
    assert stats.mean_of(np.array(values, dtype=np.int8)) == est
    assert stats.mean_of(np.array(values, dtype=float)) == est
    assert stats.mean_of(iter(values)) == est


def test_printing_a_proportion_and_a_mean() -> None:
    # 1455 / 5000 = 0.291: Wilson by hand 27.857% to 30.375%, half-width 1.26 points: one decimal
    assert [round(100 * b, 3) for b in wilson_by_hand(1455, 5000)] == [27.857, 30.375]
    assert str(stats.proportion(1455, 5000)) == "29.1% (95% interval 27.9% to 30.4%, 5,000 deals)"
    # Wilson 28.974% to 29.226%, half-width 0.126 points: shown to the hundredth of a percent
    assert [round(100 * b, 3) for b in wilson_by_hand(145_500, 500_000)] == [28.974, 29.226]
    assert str(stats.proportion(145_500, 500_000)) == "29.10% (95% interval 28.97% to 29.23%, 500,000 deals)"
    # mean 5, 1.96 * 0.7559 = 1.48
    assert str(stats.mean_of([2, 4, 4, 4, 5, 5, 7, 9], unit="hands")) == "5.0 ± 1.5 (95% interval, 8 hands)"
    # no hits in 100 at 99%: Wilson's top is z^2 / (100 + z^2) = 6.635 / 106.635 = 6.22%
    assert stats.proportion(0, 100).describe(0.99) == "0.0% (99% interval 0.0% to 6.2%, 100 deals)"


def test_agreement_uses_the_spread_the_exact_value_implies() -> None:
    est = stats.proportion(30, 100)
    assert stats.agrees(est, 0.3)
    assert stats.agrees(est, Fraction(3, 10))
    # exact 0.2: se sqrt(0.16/100) = 0.04, gap 0.1 = 2.5 se
    assert stats.agrees(est, 0.2)
    assert not stats.agrees(est, 0.2, z=2)
    # exact 0.55: se sqrt(0.2475/100) = 0.0497, gap 0.25 = 5.03 se
    assert not stats.agrees(est, 0.55)
    assert not stats.agrees(est, 1.5)  # not a probability at all


def test_a_rare_event_that_did_not_happen_still_agrees() -> None:
    # 0 hits in 1000 when the truth is 1/1000: the estimate's own se is 0, but
    # the spread under the truth is sqrt(0.000999/1000) = 0.00099950, one se away
    est = stats.proportion(0, 1000)
    assert stats.agrees(est, 0.001)
    assert stats.agrees(est, 0)
    assert not stats.agrees(stats.proportion(1, 10), 0)  # an impossible thing happened


def test_agreement_of_a_mean() -> None:
    est = stats.mean_of([2, 4, 4, 4, 5, 5, 7, 9])  # se 0.7559
    assert stats.agrees(est, 5.5)
    assert not stats.agrees(est, 9)  # 5.3 se away


@pytest.mark.parametrize(
    ("hits", "n"),
    [(5, 3), (-1, 3), (0, 0), (1, -4)],
)
def test_impossible_proportions_are_refused(hits: int, n: int) -> None:
    with pytest.raises(pl.PitchError):
        stats.proportion(hits, n)


def test_other_refusals() -> None:
    with pytest.raises(pl.PitchError, match="at least two"):
        stats.mean_of([1.0])
    with pytest.raises(pl.PitchError, match="proportions"):
        stats.mean_of([1.0, 2.0]).wilson()


def test_running_proportion_after_each_trial() -> None:
    hits = [1, 0, 1, 1]
    n, estimate, lower, upper = sm.running_proportion(hits)
    assert n.tolist() == [1, 2, 3, 4]
    assert estimate == pytest.approx([1, 1 / 2, 2 / 3, 3 / 4])
    by_hand = [wilson_by_hand(h, t) for h, t in ((1, 1), (1, 2), (2, 3), (3, 4))]
    assert lower == pytest.approx([lo for lo, _ in by_hand])
    assert upper == pytest.approx([hi for _, hi in by_hand])


def test_running_proportion_with_the_normal_band() -> None:
    flags = np.array([True, False, False, True])
    _, estimate, lower, upper = sm.running_proportion(flags, method="normal")
    # after one hit the normal band has no width at all; after 1 of 2 it is 0.5 -+ 1.96 * sqrt(0.25/2)
    assert (lower[0], upper[0]) == (1, 1)
    half = Z95 * math.sqrt(0.25 / 2)
    assert (lower[1], upper[1]) == pytest.approx((0.5 - half, 0.5 + half))
    assert estimate[3] == 0.5


def test_running_proportion_refuses_what_is_not_zero_or_one() -> None:
    for bad in ([0, 2, 1], [[0, 1], [1, 0]]):
        with pytest.raises(pl.PitchError, match="0s and 1s"):
            sm.running_proportion(bad)


def test_paired_difference_is_the_mean_of_the_differences_with_its_own_interval() -> None:
    xs = [3.0, 9.0, 4.0, 12.0]
    ys = [1.0, 6.0, 2.0, 9.0]
    # differences 2, 3, 2, 3: mean 2.5, sample sd sqrt(4 * 0.25 / 3) = sqrt(1/3), se = sqrt(1/3) / 2
    d = stats.paired_difference(xs, ys, unit="hands")
    se = math.sqrt(1 / 3) / 2
    assert (d.value, d.se, d.n, d.kind, d.unit) == pytest.approx((2.5, se, 4, "mean", "hands"))
    assert d.interval() == pytest.approx((2.5 - Z95 * se, 2.5 + Z95 * se))
    # the same numbers unpaired: their two intervals overlap, the paired one is far from 0
    assert stats.mean_of(xs).interval()[0] < stats.mean_of(ys).interval()[1]
    assert d.interval()[0] > 0
    assert stats.paired_difference(np.array(xs), np.array(ys)) == stats.paired_difference(
        xs, ys, unit="deals"
    )
    with pytest.raises(pl.PitchError, match="one y for each x"):
        stats.paired_difference([1.0, 2.0], [1.0])
    with pytest.raises(pl.PitchError, match="at least two"):
        stats.paired_difference([1.0], [2.0])
