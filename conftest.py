"""How ``./dev test`` shares the suite between its workers (pytest-xdist, one more than the cores).

xdist hands each worker whole units of work. Three rules make the units:

- a notebook under nbval is one unit: its cells run in order in one kernel;
- each case of a parametrized test is a unit of its own, so the browser test that
  renders every notebook spreads over the workers (each worker starts its own
  Voila server and Chromium, session fixtures, when it first needs them), except in
  the modules of :data:`TOGETHER`, whose cases share a costly module fixture;
- the other tests of a module form one unit, so a module's fixtures (the wheel
  test's fresh venv) are built once.

The long units go first, by lane (tests/lanes.py): the browser tests (each opens pages
in Voila; a module of them is a unit of minutes), the notebooks (each starts a kernel
and runs every cell), the tests that start servers, the slow ones (whole games played
through the widgets), then the quick unit tests, whose many short units even out the
workers' ends: a long unit queued last (a slow module late in the alphabet) would
leave one worker running alone. Without ``-n`` this does nothing.
"""

from __future__ import annotations

import gc
import os
from pathlib import Path
from typing import Any

import pytest

from tests import lanes

pytest_plugins = ("tests.classdb",)  # class stores on SQLite and a throwaway PostgreSQL server


TOGETHER = ("tests/test_tutorial_text.py", "tests/test_server_logs.py")
"""Modules whose parametrized cases share a module fixture that costs seconds (the tutorial pages
run in kernels, a class server): spread over the workers, each worker built the fixture again
for its cases (every page ran up to three times). Each of these modules is one unit."""


def work_unit(nodeid: str) -> str:
    """The unit of work a test belongs to, named by the rules above."""
    path, _, rest = nodeid.partition("::")
    if path.endswith(".ipynb") or path in TOGETHER:
        return path
    if "[" in rest:
        return nodeid
    return path


def start_order(item: pytest.Item) -> int:
    """When the test's unit is handed out: by its first lane of :data:`tests.lanes.LONGEST_FIRST`."""
    return next(
        (i for i, lane in enumerate(lanes.LONGEST_FIRST) if item.get_closest_marker(lane)),
        len(lanes.LONGEST_FIRST),
    )


@pytest.hookimpl(tryfirst=True)  # before ``-m`` deselects by the markers
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Each test's lane markers (tests/lanes.py); under xdist, the slow units first."""
    lanes.mark(items)
    if hasattr(config, "workerinput"):  # an xdist worker: every worker sorts alike
        items.sort(key=start_order)  # a stable sort: each lane's tests stay in their order


@pytest.hookimpl(optionalhook=True, tryfirst=True)  # a hook of pytest-xdist, only when it is installed
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    if config.getvalue("dist") != "load":  # -n alone; any other --dist is xdist's own
        return None
    from xdist.scheduler import LoadScopeScheduling

    class Units(LoadScopeScheduling):  # type: ignore[misc]
        def _split_scope(self, nodeid: str) -> str:
            return work_unit(nodeid)

    config.option.loadscopereorder = False  # keep the order above, not the biggest unit first
    return Units(config, log)


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--quick",
        action="store_true",
        help="the quick lane: every unit test, none that is browser, server, notebook or slow (tests/lanes.py)",
    )


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    """The quick lane does not collect the notebooks or the browser tests at all."""
    if config.getoption("quick") and lanes.wholly_outside_quick_lane(collection_path):
        return True
    return None


def pytest_configure(config: pytest.Config) -> None:
    """One save key for the whole run, given to every kernel and server the tests start (they
    inherit the environment): sealed saves made in a test page open in the test, and no test
    writes a key file into the user's own data folder. A key already set is kept.

    Hypothesis draws the same examples every run unless this is a long property run
    (tests/budget.py). ``--quick`` keeps the quick lane's tests alone (with any ``-m`` given)."""
    if config.getoption("quick"):
        asked = config.option.markexpr
        config.option.markexpr = f"({asked}) and {lanes.QUICK}" if asked else lanes.QUICK
    if "PITCHLAB_SAVE_KEY" not in os.environ:
        from cryptography.fernet import Fernet

        os.environ["PITCHLAB_SAVE_KEY"] = Fernet.generate_key().decode()
    from hypothesis import settings

    from tests.budget import LONG

    settings.register_profile("budget", derandomize=True)
    if not LONG:
        settings.load_profile("budget")


def pytest_collection_finish(session: pytest.Session) -> None:
    """Python's cycle collector, tuned for a test process: what collection built (modules, the
    tests, their parameters) is moved out of its sight for good, and it runs after 50,000 new
    objects rather than 700. Over the quick lane that is about 6 % less CPU, the same tests: a
    test makes many short-lived objects (hands, widgets) and few cycles."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(50_000, 20, 20)
