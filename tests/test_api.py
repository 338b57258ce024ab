"""The public namespace: one import gives everything, and nothing private leaks."""

from __future__ import annotations

import types

import pytest

import pitchlab as pl


def test_all_is_sorted_and_complete() -> None:
    """``__all__`` lists every public name once, sorted (constants, classes, functions), and each exists."""

    def kind(name: str) -> tuple[int, str]:
        return (0 if name.isupper() else 1 if name[0].isupper() else 2, name)

    assert list(pl.__all__) == sorted(pl.__all__, key=kind)
    assert len(set(pl.__all__)) == len(pl.__all__)
    for name in pl.__all__:
        assert hasattr(pl, name), name
    public = {n for n, v in vars(pl).items() if not n.startswith("_") and not isinstance(v, types.ModuleType)}
    assert public == set(pl.__all__)


def test_errors_form_one_hierarchy() -> None:
    """Every pitchlab error is a PitchError and a ValueError, so one clause catches bad input."""
    for error in (pl.CardError, pl.UnknownRuleset, pl.IllegalAction, pl.BadRecord, pl.BadDeal):
        assert issubclass(error, pl.PitchError)
        assert issubclass(error, ValueError)


def test_engine_does_not_import_drawing_code() -> None:
    """Importing the engine must not load drawing or notebook modules."""
    import subprocess
    import sys

    code = (
        "import sys, pitchlab; "
        "print(sorted(m for m in sys.modules if m.startswith(('pitchlab.ui.drawing', 'ipywidgets', 'plotly'))))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_unknown_ruleset_names_the_known_ones() -> None:
    with pytest.raises(pl.UnknownRuleset, match=r"'eleven-point'.*known: .*auction-pitch, .*ten-point"):
        pl.ruleset("eleven-point")


def test_ruleset_is_data() -> None:
    """A house rule is a new value; the preset is untouched."""
    house = pl.ruleset("ten-point").replace(name="to-31", target=31)
    assert house.target == 31
    assert pl.TEN_POINT.target == 52
    assert pl.TEN_POINT.total_points == 10
    assert len(pl.TEN_POINT.deck) == 54
