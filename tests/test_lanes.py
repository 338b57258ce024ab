"""The test lanes (tests/lanes.py): registered markers, a quick lane that leaves out each slower
lane, and a list of slow tests that still names tests that exist."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from tests import lanes

ROOT = Path(__file__).resolve().parent.parent


def test_every_lane_is_a_registered_marker() -> None:
    """pytest runs with --strict-markers: a lane missing from pyproject.toml would stop the run."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["pytest"]["ini_options"]
    registered = {line.split(":")[0] for line in config["markers"]}
    assert set(lanes.LANES) <= registered
    assert set(lanes.LONGEST_FIRST) == set(lanes.LANES)


def test_the_quick_lane_leaves_out_every_other_lane() -> None:
    assert lanes.QUICK == "not browser and not server and not notebook and not slow"


def test_every_slow_entry_names_a_test_that_exists() -> None:
    """A renamed test would leave its entry naming nothing, and itself back in the quick lane."""
    for entry in lanes.SLOW:
        path, _, name = entry.partition("::")
        assert (ROOT / path).is_file(), entry
        if name:
            assert re.search(rf"^def {re.escape(name)}\(", (ROOT / path).read_text(), re.MULTILINE), entry


def test_the_quick_lane_does_not_collect_notebooks_or_the_browser_tests() -> None:
    assert lanes.wholly_outside_quick_lane(ROOT / "tutorial" / "01-welcome.ipynb")
    assert lanes.wholly_outside_quick_lane(ROOT / "tests" / "browser")
    assert not lanes.wholly_outside_quick_lane(ROOT / "tests")
    assert not lanes.wholly_outside_quick_lane(ROOT / "tests" / "test_lanes.py")


def test_the_server_helpers_are_what_the_lanes_look_for() -> None:
    """The calls :data:`lanes.STARTERS` finds are the ones tests/helpers.py, tests/serving.py,
    tests/classdb.py and the browser fixtures define (a rename would hide every server test)."""
    sources = "".join(
        (ROOT / "tests" / name).read_text()
        for name in ("helpers.py", "serving.py", "classdb.py", "browser/conftest.py")
    )
    for called in ("VoilaServer", "voila_server", "_served", "PostgresCluster"):
        assert re.search(rf"^(def|class) {called}\b", sources, re.MULTILINE), called
        assert lanes.STARTERS.search(f"{called}(")


def test_each_module_kept_together_has_a_module_fixture_and_parametrized_cases() -> None:
    """conftest.TOGETHER names modules that exist and still have what makes them one unit."""
    import conftest

    root = Path(__file__).resolve().parent.parent
    for module in conftest.TOGETHER:
        text = (root / module).read_text(encoding="utf-8")
        assert '@pytest.fixture(scope="module")' in text and "@pytest.mark.parametrize" in text, module
    assert conftest.work_unit("tests/test_server_logs.py::test_x[a]") == "tests/test_server_logs.py"
    assert conftest.work_unit("tests/test_other.py::test_x[a]") == "tests/test_other.py::test_x[a]"
