"""The reliability diagram of quoted chances: a dot per decile where its quotes came true."""

from __future__ import annotations

import pytest

from pitchlab.bots.calibration import deciles

plots = pytest.importorskip("pitchlab.ui.plots")


def test_a_dot_per_decile_at_its_mean_quote_and_realised_rate() -> None:
    # worked by hand: quotes 0.12 and 0.18 (one came true): decile 10-20%, mean 15%, rate 50%;
    # quotes 0.9, 0.9, 0.96 (all came true): decile 90-100%, mean 92%, rate 100%
    found = deciles([(0.12, True), (0.18, False), (0.9, True), (0.9, True), (0.96, True)])
    fig = plots.calibration_figure(
        found, title="Quotes tested", quoted="quoted (%)", happened="came true (%)"
    )
    diagonal, dots = fig.data
    assert (list(diagonal.x), list(diagonal.y)) == ([0, 100], [0, 100])
    assert [round(x, 6) for x in dots.x] == [15.0, 92.0]
    assert [round(y, 6) for y in dots.y] == [50.0, 100.0]
    assert list(dots.customdata) == [2, 3]
    # the bars reach each decile's Wilson interval, and never past 0% or 100%
    (low, high), top = found[0].ci95, found[1].ci95
    assert dots.error_y.arrayminus[0] == pytest.approx(100 * (0.5 - low))
    assert dots.error_y.array[0] == pytest.approx(100 * (high - 0.5))
    assert dots.error_y.array[1] == pytest.approx(0.0) and top[1] == 1.0
    assert fig.layout.xaxis.title.text == "quoted (%)" and fig.layout.yaxis.title.text == "came true (%)"
    assert fig.layout.title.text == "Quotes tested"
    words = plots.describe(fig)
    assert "15: 50" in words and "92: 100" in words
