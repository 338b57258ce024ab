"""A pip user's first run: the built wheel, with the app extra, in a fresh venv (no clone).

``pitchlab app`` must serve the app from the notebooks the wheel ships and the page
must become interactive in Chromium; ``pitchlab lessons`` must open the lessons'
index. The venv's own interpreter runs everything, so nothing leaks in from the
clone (the test runs from a temporary folder).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import zipfile
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urljoin

import pytest
from playwright.sync_api import Browser

from pitchlab.server.processes import stop_group
from tests.serving import ROOT, answers, free_port

INSTALL_TIMEOUT_S = 600
START_DEADLINE_S = 120


@pytest.fixture(scope="module")
def venv(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh venv holding only the built wheel and its app extra."""
    work = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(work / "dist"), str(ROOT)],
        check=True,
        timeout=INSTALL_TIMEOUT_S,
    )
    (wheel,) = (work / "dist").glob("pitchlab-*.whl")
    # no pip in the venv (ensurepip's copy of an older pip costs seconds to install and is slower
    # to run): this pip installs into it through --python, so the venv holds the wheel, its
    # dependencies and nothing else
    subprocess.run(
        [sys.executable, "-m", "venv", "--without-pip", str(work / "venv")], check=True, timeout=120
    )
    python = work / "venv" / "bin" / "python"
    # --no-compile: the installed files are the same; Python compiles what the app imports when it
    # first imports it, instead of pip compiling every module of every dependency (a third of the time)
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "--python",
            str(python),
            "install",
            "-q",
            "--no-compile",
            f"{wheel}[app]",
        ],
        check=True,
        timeout=INSTALL_TIMEOUT_S,
    )
    return work / "venv"


class Served:
    def __init__(self, venv: Path, *args: str) -> None:
        self.port = free_port()
        self.log = venv.parent / f"serve-{self.port}.log"
        with self.log.open("wb") as out:
            self.proc = subprocess.Popen(
                [str(venv / "bin" / "pitchlab"), *args, "--port", str(self.port)],
                cwd=venv.parent,  # not the clone: the pages must come from the wheel
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,
                env={k: v for k, v in os.environ.items() if k != "PYTHONPATH"},
            )

    def wait(self) -> None:
        import time

        deadline = time.monotonic() + START_DEADLINE_S
        while not answers(f"http://127.0.0.1:{self.port}/voila/static/"):
            assert self.proc.poll() is None, self.log.read_text(errors="replace")
            assert time.monotonic() < deadline, self.log.read_text(errors="replace")
            time.sleep(0.2)

    def stop(self) -> None:
        stop_group(self.proc)


@pytest.fixture
def served() -> Iterator[list[Served]]:
    running: list[Served] = []
    yield running
    for s in running:
        s.stop()


def test_pitchlab_app_from_the_wheel_becomes_interactive(
    venv: Path, browser: Browser, served: list[Served], screenshots: Path
) -> None:
    app = Served(venv, "app", "--pool", "1")
    served.append(app)
    app.wait()
    first = app.log.read_text().splitlines()[0]
    address = f"http://127.0.0.1:{app.port}/voila/render/notebooks/app.ipynb"
    assert first == f"pitchlab: open {address} in your browser (Ctrl-C stops the server)"
    assert "site-packages" not in first  # the address, not a path
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.goto(address, timeout=180_000)
    page.wait_for_selector(".pl-next", state="visible", timeout=180_000)
    assert "Your turn" in page.inner_text(".pl-status") or page.locator(".pl-next").is_enabled()
    page.screenshot(path=str(screenshots / "wheel-app.png"))
    # the how-to box's tutorial link works from the installed pages too
    href = page.get_attribute(".pl-howto a[href$='01-welcome.ipynb']", "href")
    assert href == "../tutorial/01-welcome.ipynb"
    tutorial = context.new_page()
    tutorial.goto(urljoin(address, href), timeout=120_000)
    tutorial.wait_for_selector("text=Welcome to ten-point Pitch", timeout=120_000)
    context.close()


def test_the_wheel_ships_the_watchdogs_process_helpers_not_the_test_driver(venv: Path) -> None:
    (wheel,) = (venv.parent / "dist").glob("pitchlab-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert {
        "pitchlab/server/processes.py",
        "pitchlab/server/watchdog.py",
        "pitchlab/pages/notebooks/app.ipynb",
    } <= set(names)
    assert [n for n in names if n.startswith("tests/") or n.endswith("serving.py")] == []


def test_the_wheel_holds_no_baseline_bots(venv: Path) -> None:
    """The frozen baselines are measurement tooling (benchmarks/baseline/): no file of the
    built wheel is theirs or defines them."""
    (wheel,) = (venv.parent / "dist").glob("pitchlab-*.whl")
    archive = zipfile.ZipFile(wheel)
    names = archive.namelist()
    assert "pitchlab/bots/players.py" in names  # the live bots are there
    assert [n for n in names if n.startswith(("benchmarks/", "pitchlab/bots/v1/"))] == []
    defining = [n for n in names if n.endswith(".py") and b"class RuleBasedV1" in archive.read(n)]
    assert defining == []


READ_TABLES = """
import json
import pitchlab as pl
from pitchlab.bots import bidding, ladder, shipped
from pitchlab.practice import problems

tables = [bidding.shipped_tables(pl.ruleset(n)) for n in pl.ruleset_names()]
found = [t for t in tables if t is not None]
print(json.dumps({
    "folder": str(shipped.FOLDER),
    "bidding": sorted(t.rules.name for t in found),
    "mapped": sorted(t.rules.name for t in found if t.made_map is not None),
    "ladder": len(ladder.shipped().values),
    "ladder_hands": len(bidding.ladder_hands(pl.TEN_POINT) or []),
    "problems": len(problems.load()),
}))
"""
"""Every table read back by the installed package, through its own readers."""


def test_the_wheel_ships_every_table_compressed_and_the_package_reads_them(venv: Path) -> None:
    """pitchlab/data in the wheel is the clone's compressed tables and nothing else (no
    uncompressed table: the only .json file of the wheel is the pages' voila.json), and the
    installed package reads every one of them, away from the clone."""
    (wheel,) = (venv.parent / "dist").glob("pitchlab-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    shipped = sorted(n.removeprefix("pitchlab/data/") for n in names if n.startswith("pitchlab/data/"))
    assert shipped == sorted(p.name for p in (ROOT / "pitchlab" / "data").iterdir())
    assert len(shipped) >= 27 and all(n.endswith(".json.gz") for n in shipped)
    assert [n for n in names if n.endswith(".json")] == ["pitchlab/pages/voila.json"]
    run = subprocess.run(
        [str(venv / "bin" / "python"), "-c", READ_TABLES],
        cwd=venv.parent,  # not the clone: the tables must come from the wheel
        env={k: v for k, v in os.environ.items() if k != "PYTHONPATH"},
        capture_output=True,
        text=True,
        check=True,
        timeout=300,
    )
    read = json.loads(run.stdout)
    assert "site-packages" in read["folder"] and str(ROOT) not in read["folder"]
    assert read["bidding"] == sorted(
        n[len("bidding-") : -len(".json.gz")] for n in shipped if n.startswith("bidding-")
    )
    assert read["mapped"] == ["partnership", "ten-point", "thirty-one"]
    assert read["ladder"] > 0 and read["ladder_hands"] == 4
    assert read["problems"] >= 200  # the practice pages promise 150 ten-point and 50 auction-pitch


def test_pitchlab_lessons_from_the_wheel_lists_the_lessons(
    venv: Path, browser: Browser, served: list[Served]
) -> None:
    lessons = Served(venv, "lessons")
    served.append(lessons)
    lessons.wait()
    context = browser.new_context()
    page = context.new_page()
    first = lessons.log.read_text().splitlines()[0]
    address = f"http://127.0.0.1:{lessons.port}/voila/render/notebooks/lessons/index.ipynb"
    assert address in first
    page.goto(address, timeout=120_000)
    page.wait_for_selector("text=Counting hands", timeout=120_000)
    links = page.eval_on_selector_all("a[href$='.ipynb']", "els => els.map(e => e.getAttribute('href'))")
    assert "01-counting-hands.ipynb" in links and "06-comparing-variants.ipynb" in links
    context.close()
