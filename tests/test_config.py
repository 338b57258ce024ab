"""The shipped serving config: Voila for a classroom, Binder pinned to pyproject."""

from __future__ import annotations

import json
import os
import re
import tomllib
from pathlib import Path
from typing import Any

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parent.parent
BINDER = ROOT / "binder"


def voila_config() -> dict[str, Any]:
    config: dict[str, Any] = json.loads((ROOT / "voila.json").read_text(encoding="utf-8"))
    return config


def app_needs() -> dict[str, Requirement]:
    """The core dependencies and the app extra: what Binder's --no-deps install must be given."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    texts = [*project["dependencies"], *project["optional-dependencies"]["app"]]
    reqs = (Requirement(text) for text in texts)
    return {canonicalize_name(req.name): req for req in reqs}


def binder_pins() -> dict[str, str]:
    """Package name -> pinned version, from binder/requirements.txt."""
    pins: dict[str, str] = {}
    for raw in (BINDER / "requirements.txt").read_text(encoding="utf-8").splitlines():
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        req = Requirement(line)
        specs = list(req.specifier)
        assert len(specs) == 1, f"pin {line!r} with exactly one =="
        assert specs[0].operator == "==", f"pin {line!r} with =="
        name = canonicalize_name(req.name)
        assert name not in pins, f"{req.name} listed twice"
        pins[name] = specs[0].version
    return pins


def test_voila_culls_idle_kernels() -> None:
    culling = voila_config()["MappingKernelManager"]
    assert 0 < culling["cull_idle_timeout"] <= 3600
    assert 0 < culling["cull_interval"] <= culling["cull_idle_timeout"]
    assert culling["cull_connected"] is False  # a learner thinking in an open tab keeps their game
    assert culling["cull_busy"] is False  # a kernel busy on a move is not idle


def test_voila_hides_tracebacks_from_students() -> None:
    assert voila_config()["VoilaConfiguration"]["show_tracebacks"] is False


def test_voila_preheats_the_app_only() -> None:
    config = voila_config()
    assert config["VoilaConfiguration"]["preheat_kernel"] is True
    pools = config["VoilaKernelManager"]["kernel_pools_config"]
    assert pools["default"]["pool_size"] == 0  # serving a folder must not start a kernel per notebook
    # `voila notebooks/app.ipynb` names it app.ipynb; a folder server, notebooks/app.ipynb
    assert pools["app.ipynb"]["pool_size"] >= 1
    assert pools["notebooks/app.ipynb"]["pool_size"] >= 1
    for name in pools:
        assert name == "default" or (ROOT / "notebooks" / name).exists() or (ROOT / name).exists()


def test_the_app_server_is_sized_for_a_class_arriving_at_once() -> None:
    """benchmarks/load.py measured this config with 30 learners opening the app together."""
    manager = voila_config()["VoilaKernelManager"]
    assert manager["kernel_pools_config"]["app.ipynb"]["pool_size"] >= 30
    assert manager["fill_delay"] >= 10  # the refill waits until the class has arrived


def test_late_output_under_load_still_reaches_the_page() -> None:
    # nbclient's default of 4 s drops a cell's output when a loaded kernel sends it late
    executor = voila_config()["VoilaExecutor"]
    assert executor["iopub_timeout"] >= 10 and executor["startup_timeout"] >= 60


def test_dev_app_serves_with_the_shipped_config() -> None:
    """``./dev app`` runs the pip user's launcher, which hands Voila the shipped voila.json."""
    from pitchlab.server.launcher import launch

    dev = (ROOT / "dev").read_text(encoding="utf-8")
    assert '"$VENV/bin/pitchlab" app' in dev
    command = launch("app", 8866).command
    assert str(ROOT) in command  # the pages' root is served: the app's links reach the tutorial
    given = [a.split("=", 1)[1] for a in command if a.startswith("--Voila.config_file_paths=")]
    assert given == [str(ROOT)]  # the shipped config itself
    # with one learner's pool (1 kernel) given to the app's page under the root
    assert "--ClassServer.app_pool=1" in command
    # ./dev app --class: the class's pool (30 kernels) instead
    assert '"$@"' in dev
    command = launch("app", 8866, classroom=True).command
    assert "--ClassServer.app_pool=30" in command


def test_binder_requirements_are_what_the_app_needs_pinned_inside_its_ranges() -> None:
    extra, pins = app_needs(), binder_pins()
    assert set(pins) == set(extra), "run scripts/binder_requirements.py"
    for name, pinned in pins.items():
        assert extra[name].specifier.contains(pinned, prereleases=True), (
            f"{name}=={pinned} is outside {extra[name].specifier} in pyproject.toml"
        )


def test_binder_runtime_and_post_build() -> None:
    assert (BINDER / "runtime.txt").read_text(encoding="utf-8").strip() == "python-3.11"
    post_build = BINDER / "postBuild"
    assert os.access(post_build, os.X_OK), "binder/postBuild must be executable"
    text = post_build.read_text(encoding="utf-8")
    assert "pip install" in text
    assert "--no-deps ." in text
    assert "voila.json" in text
    # repo2docker switches to a conda build if it sees an environment.yml
    assert not (BINDER / "environment.yml").exists()


def test_readme_badge_opens_the_app_in_voila() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "https://mybinder.org/v2/gh/" in text
    assert "urlpath=voila%2Frender%2Fnotebooks%2Fapp.ipynb" in text


def test_readme_pictures_are_in_the_repository_each_with_words_for_who_cannot_see_it() -> None:
    """The table at both sizes (scripts/screenshots.py makes them): each picture the README shows
    is committed, small enough for a clone, and described in its alt text."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    pictures = re.findall(r'<img src="([^"]+)"[^>]*?alt="([^"]*)"', text)
    assert {src for src, _alt in pictures} >= {"docs/table-1280x800.png", "docs/table-375x667.png"}
    for src, alt in pictures:
        assert (ROOT / src).is_file(), src
        assert (ROOT / src).stat().st_size < 200_000, src
        assert len(alt.split()) >= 10, (src, alt)


def test_the_shipped_config_starts_kernels_over_ipc() -> None:
    """Over TCP, kernels started together may draw the same free port; the loser dies at start
    and its page waits for good. Files in the runtime folder cannot collide that way."""
    config = json.loads((ROOT / "voila.json").read_text(encoding="utf-8"))
    assert config["KernelManager"] == {"transport": "ipc"}


def test_the_class_server_caps_leave_room_for_a_class() -> None:
    """The caps a class gets (see the README's classroom section), against the pool's size."""
    caps = voila_config()["ClassServer"]
    pool = voila_config()["VoilaKernelManager"]["kernel_pools_config"]["app.ipynb"]["pool_size"]
    # a class takes the pool, the pool refills, and a few other pages (the tutorial) are open
    assert caps["max_kernels"] >= 2 * pool + 10
    # a whole class may share one address (a school's network), reloading now and then
    assert caps["pages_per_address"] >= pool + 10
    assert caps["pages_per_client"] >= 5  # a learner reloading, opening the tutorial
    assert caps["unconnected_kernel_timeout"] >= 30  # a slow laptop loading the page's scripts
    # one address holding all it may (a script, issue 26) beside the pool and its refill leaves
    # places for learners elsewhere: 80 - 30 - 40 = 10
    assert caps["max_kernels"] - pool - caps["pages_per_address"] >= 5
    # a learner reading the first screen before a move; a script's pages go within two minutes
    assert 60 <= caps["untouched_kernel_timeout"] <= 120


def test_the_class_server_reads_its_caps_from_the_shipped_config() -> None:
    """The names in voila.json are the class server's settings (a misspelt one would be ignored)."""
    from pitchlab.server.app import ClassServer

    names = set(ClassServer.class_own_traits(config=True))
    assert set(voila_config()["ClassServer"]) <= names
