"""The launcher a pip install serves the pages with: where the pages are, the Voila command
each serving command runs, and copying the notebooks out for a teacher."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from pitchlab.cli import serving_plan
from pitchlab.server.launcher import PAGES, LaunchError, copy_pages, launch, pages_root
from tests.serving import ROOT


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pitchlab", *args], capture_output=True, text=True, timeout=60, check=False
    )


def test_in_a_clone_the_pages_are_the_repository_s() -> None:
    assert pages_root() == ROOT


def config_of(command: tuple[str, ...]) -> tuple[Path, dict[str, Any]]:
    """The folder of the Voila config a command reads, and that config."""
    flag = next(a for a in command if a.startswith("--Voila.config_file_paths="))
    folder = Path(flag.split("=", 1)[1])
    return folder, json.loads((folder / "voila.json").read_text())


def test_the_app_is_served_from_the_pages_root_with_the_classroom_config() -> None:
    plan = launch("app", 8870)
    assert plan.command[:3] == (sys.executable, "-m", "pitchlab.server")
    assert plan.command[3] == str(ROOT)  # the whole pages root: the app's links to the tutorial work
    assert "--port=8870" in plan.command and "--Voila.ip=127.0.0.1" in plan.command
    assert plan.address == "http://127.0.0.1:8870/voila/render/notebooks/app.ipynb"
    # the address printed is the one served: Voila may not move to another port when 8870 is taken
    assert "--Voila.port_retries=0" in plan.command
    assert plan.health == "http://127.0.0.1:8870/pitchlab/health"  # what the watchdog asks
    _, config = config_of(plan.command)
    shipped = json.loads((ROOT / "voila.json").read_text())
    pools = config["VoilaKernelManager"]["kernel_pools_config"]
    # one learner: one preheated kernel, not the class's thirty
    assert pools["notebooks/app.ipynb"] == {"pool_size": 1}
    assert config["MappingKernelManager"] == shipped["MappingKernelManager"]  # culling kept
    assert config["ClassServer"] == shipped["ClassServer"]  # and the caps
    assert not plan.classroom


def test_a_class_server_gets_the_shipped_class_pool() -> None:
    plan = launch("app", 8870, classroom=True)
    _, config = config_of(plan.command)
    shipped = json.loads((ROOT / "voila.json").read_text())
    pools = config["VoilaKernelManager"]["kernel_pools_config"]
    # the class-sized pool the shipped config gives app.ipynb, for the page as served from the root
    assert pools["notebooks/app.ipynb"] == shipped["VoilaKernelManager"]["kernel_pools_config"]["app.ipynb"]
    assert pools["notebooks/app.ipynb"] == {"pool_size": 30}
    assert config["MappingKernelManager"] == shipped["MappingKernelManager"]
    assert config["ClassServer"] == shipped["ClassServer"]
    assert plan.classroom


@pytest.mark.parametrize(("what", "folder"), [("lessons", "notebooks/lessons"), ("tutorial", "tutorial")])
def test_lessons_and_tutorial_open_on_their_folder_s_index(what: str, folder: str) -> None:
    plan = launch(what, 9000)
    assert plan.command[3] == str(ROOT)  # the whole pages root: links between folders work
    assert plan.address == f"http://127.0.0.1:9000/voila/render/{folder}/index.ipynb"
    assert (ROOT / folder / "index.ipynb").is_file()


def test_a_pool_size_is_written_into_a_copy_of_the_config() -> None:
    plan = launch("app", 8870, pool=2)
    folder, config = config_of(plan.command)
    assert folder != ROOT
    shipped = json.loads((ROOT / "voila.json").read_text())
    assert config["VoilaKernelManager"]["kernel_pools_config"]["notebooks/app.ipynb"] == {"pool_size": 2}
    assert config["MappingKernelManager"] == shipped["MappingKernelManager"]  # culling kept


@pytest.mark.parametrize(
    ("args", "pool", "classroom"),
    [
        ((), 1, False),
        (("--class",), 30, True),
        (("--pool", "4"), 4, True),
        (("--pool", "0"), 0, False),
        (("--class", "--pool", "45"), 45, True),
    ],
)
def test_the_command_line_serves_one_learner_unless_a_class_is_asked_for(
    args: tuple[str, ...], pool: int, classroom: bool
) -> None:
    plan = serving_plan(["app", "--port", "8870", *args])
    _, config = config_of(plan.command)
    assert config["VoilaKernelManager"]["kernel_pools_config"]["notebooks/app.ipynb"] == {"pool_size": pool}
    assert plan.classroom is classroom


@pytest.mark.parametrize("what", ["app", "tutorial", "lessons"])
def test_a_busy_port_is_refused_in_one_line_with_the_fix(what: str) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = run(what, "--port", str(port))
    assert done.returncode == 2 and not done.stdout
    assert done.stderr.splitlines() == [
        f"pitchlab {what}: port {port} is in use (another pitchlab app, lessons or tutorial?): "
        "stop it, or choose another port with --port N"
    ]


@pytest.mark.parametrize(
    ("what", "port", "pool"),
    [("app", 0, None), ("app", 70000, None), ("app", 8870, -1), ("docs", 8870, None)],
)
def test_bad_requests_are_refused(what: str, port: int, pool: int | None) -> None:
    with pytest.raises(LaunchError):
        launch(what, port, pool=pool)


def test_copy_pages_copies_every_notebook_and_the_config(tmp_path: Path) -> None:
    dest = tmp_path / "class"
    written = copy_pages(dest)
    assert [p.name for p in written] == list(PAGES)
    shipped = sorted(
        p.relative_to(ROOT).as_posix() for d in ("notebooks", "tutorial") for p in (ROOT / d).rglob("*.ipynb")
    )
    copied = sorted(p.relative_to(dest).as_posix() for p in dest.rglob("*.ipynb"))
    assert copied == shipped
    assert (dest / "voila.json").read_text() == (ROOT / "voila.json").read_text()


def test_copy_pages_never_overwrites(tmp_path: Path) -> None:
    (tmp_path / "tutorial").mkdir()
    with pytest.raises(LaunchError, match="already exists"):
        copy_pages(tmp_path)
    assert not (tmp_path / "notebooks").exists()  # nothing half-copied


def test_cli_notebooks_copies_then_refuses_in_one_line(tmp_path: Path) -> None:
    first = run("notebooks", str(tmp_path / "out"))
    assert first.returncode == 0, first.stderr
    assert first.stdout.split() == [str(tmp_path / "out" / name) for name in PAGES]
    second = run("notebooks", str(tmp_path / "out"))
    assert second.returncode == 2 and not second.stdout
    assert len(second.stderr.strip().splitlines()) == 1 and "already exists" in second.stderr


@pytest.mark.parametrize(
    "args", [("app", "--port", "0"), ("lessons", "--port", "x"), ("app", "--pool", "-3")]
)
def test_cli_serving_refuses_bad_numbers_in_one_line(args: tuple[str, ...]) -> None:
    done = run(*args)
    assert done.returncode == 2 and not done.stdout
    assert len(done.stderr.strip().splitlines()) == 1
