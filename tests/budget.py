"""How many examples a property test draws: CI's fixed budget, or a long run.

``./dev test`` (and CI) gives every hypothesis property a third of its full number of
examples, at least 25, and the same examples every run (the ``budget`` profile,
derandomized, loaded by conftest.py): a red run can be repeated, and a run stays short.
A long run gives each property its full number, drawn afresh::

    PITCHLAB_LONG_PROPERTIES=1 ./dev test tests/test_properties.py tests/test_fuzz.py

Run it after touching the engine, the records or the solver.
"""

from __future__ import annotations

import os

LONG = os.environ.get("PITCHLAB_LONG_PROPERTIES", "") not in ("", "0")
"""Whether this run is a long property run."""


def examples(full: int) -> int:
    """``full`` examples in a long run, else a third of them (at least 25, never more than ``full``)."""
    return full if LONG else min(full, max(full // 3, 25))
