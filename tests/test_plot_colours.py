"""The figures' series colours are visible against the page (WCAG 2.1, 1.4.11: 3:1 for graphics)."""

from __future__ import annotations

import pytest

from pitchlab.ui import plots


def contrast_on_white(colour: str) -> float:
    """WCAG's contrast ratio of an ``#rrggbb`` colour against white, from its relative luminance."""
    channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    luminance = 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
    return 1.05 / (luminance + 0.05)


def test_the_contrast_formula_on_known_colours() -> None:
    assert contrast_on_white("#000000") == pytest.approx(21.0)
    assert contrast_on_white("#ffffff") == pytest.approx(1.0)
    assert contrast_on_white("#767676") == pytest.approx(4.54, abs=0.01)  # the classic AA-passing grey


@pytest.mark.parametrize("name", ["BLUE", "ORANGE", "GREEN", "GREY"])
def test_each_series_colour_stands_out_from_the_page(name: str) -> None:
    assert contrast_on_white(getattr(plots, name)) >= 3.0
