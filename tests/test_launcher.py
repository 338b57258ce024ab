"""The launcher a pip install serves the pages with: where the pages are, the Voila command
each serving command runs, and copying the notebooks out for a teacher."""

from __future__ import annotations

import ipaddress
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from pitchlab.classes.network import machine_addresses
from pitchlab.cli import serving_plan
from pitchlab.server import launcher
from pitchlab.server.launcher import LOCAL, PAGES, LaunchError, Network, copy_pages, launch, pages_root
from tests.helpers import self_signed
from tests.serving import ROOT, free_port


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pitchlab", *args], capture_output=True, text=True, timeout=60, check=False
    )


def test_in_a_clone_the_pages_are_the_repository_s() -> None:
    assert pages_root() == ROOT


def config_of(command: tuple[str, ...]) -> tuple[Path, dict[str, Any]]:
    """The folder of the Voila config a command reads, and that config with the app's pool the
    command gives the server (``--ClassServer.app_pool``) set as the server sets it."""
    flag = next(a for a in command if a.startswith("--Voila.config_file_paths="))
    folder = Path(flag.split("=", 1)[1])
    config = json.loads((folder / "voila.json").read_text())
    pools = [int(a.split("=", 1)[1]) for a in command if a.startswith("--ClassServer.app_pool=")]
    if pools:
        config["VoilaKernelManager"]["kernel_pools_config"]["notebooks/app.ipynb"] = {"pool_size": pools[-1]}
    return folder, config


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


def test_a_pool_size_is_given_to_the_server_over_the_shipped_config() -> None:
    plan = launch("app", 8870, pool=2)
    folder, config = config_of(plan.command)
    assert folder == ROOT  # the shipped config itself: no copy of it is written anywhere
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


def test_the_app_s_server_serves_the_practice_page_and_says_where() -> None:
    plan = serving_plan(["app", "--port", "8870"])
    assert plan.practice == "http://127.0.0.1:8870/voila/render/notebooks/practice.ipynb"
    assert (plan.cwd / "notebooks" / "practice.ipynb").is_file()
    assert serving_plan(["tutorial"]).practice == ""


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


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (("--ip", "classroom"), "--ip must be an address of this machine"),
        # 203.0.113.0/24 is kept for documentation: never an address of this machine
        (("--ip", "203.0.113.77"), "203.0.113.77 is not an address of this machine"),
        (("--certfile", "CERT"), "give both --certfile and --keyfile"),
        (("--certfile", "CERT", "--keyfile", "CERT"), "are not a certificate and its private key"),
        (("--certfile", "MISSING", "--keyfile", "KEY"), "--certfile: "),
        (("--public-url", "pitch.school.org"), "--public-url must be the address students open"),
        (("--certfile", "CERT", "--keyfile", "KEY", "--public-url", "https://x.org"), "not both"),
    ],
)
def test_cli_serving_refuses_bad_network_options_in_one_line(
    args: tuple[str, ...], said: str, tmp_path: Path
) -> None:
    cert, key = self_signed(tmp_path)
    files = {"CERT": str(cert), "KEY": str(key), "MISSING": str(tmp_path / "missing.pem")}
    done = run("app", "--port", str(free_port()), *(files.get(a, a) for a in args))
    assert done.returncode == 2 and not done.stdout
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and said in lines[0], done.stderr


def test_serving_every_network_prints_the_machine_s_addresses_and_warns(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(launcher, "machine_addresses", lambda ipv6=False: ["10.0.0.5", "192.168.1.20"])
    plan = launch("app", 8870, network=Network("0.0.0.0"))
    assert "--Voila.ip=0.0.0.0" in plan.command
    assert plan.addresses == (
        "http://10.0.0.5:8870/voila/render/notebooks/app.ipynb",
        "http://192.168.1.20:8870/voila/render/notebooks/app.ipynb",
    )
    assert plan.address == plan.addresses[0]
    assert plan.health == "http://127.0.0.1:8870/pitchlab/health"  # the watchdog stays on this machine
    warning = plan.network.warning()
    assert warning is not None and warning.startswith("pitchlab: warning: serving the network without https")
    assert "\n" not in warning
    assert LOCAL.warning() is None  # this machine only: nothing crosses a network


def test_https_and_a_proxy_are_said_in_the_addresses_and_silence_the_warning(tmp_path: Path) -> None:
    cert, key = self_signed(tmp_path)
    tls = launch("tutorial", 9000, network=Network("0.0.0.0", cert, key))
    assert all(a.startswith("https://") for a in tls.addresses)
    assert tls.health == "https://127.0.0.1:9000/pitchlab/health"
    assert f"--ClassServer.certfile={cert}" in tls.command and f"--ClassServer.keyfile={key}" in tls.command
    assert tls.network.warning() is None
    proxied = launch("app", 8870, network=Network("127.0.0.1", public_url="https://pitch.school.org/"))
    assert proxied.addresses == ("https://pitch.school.org/voila/render/notebooks/app.ipynb",)
    assert "--ClassServer.behind_proxy=True" in proxied.command
    assert proxied.network.warning() is None
    far_proxy = launch("app", 8870, network=Network("0.0.0.0", public_url="https://pitch.school.org"))
    assert far_proxy.network.warning() is None


def test_the_machine_s_addresses_are_its_own_and_not_the_loopback() -> None:
    found = machine_addresses(ipv6=True)
    for ip in found:
        assert not ipaddress.ip_address(ip).is_loopback
        with socket.socket(socket.AF_INET6 if ":" in ip else socket.AF_INET) as sock:
            sock.bind((ip, 0))  # only an address of this machine can be bound


@pytest.mark.server  # `pitchlab app` itself
def test_a_server_writes_no_config_and_leaves_no_temporary_folder(tmp_path: Path) -> None:
    """``pitchlab app --pool 2`` serves the pool asked for, and after Ctrl-C its temporary folder
    (``TMPDIR``, where the config copy and Voila's connection files went) is as it was: empty."""
    temporary = Path(tempfile.mkdtemp(prefix="pl-", dir="/tmp"))  # short: kernels' sockets live there
    port = free_port()
    log = tmp_path / "app.log"
    with log.open("wb") as out:
        cli = subprocess.Popen(
            [sys.executable, "-m", "pitchlab", "app", f"--port={port}", "--pool=2"],
            stdout=out,
            stderr=subprocess.STDOUT,
            env={**os.environ, "TMPDIR": str(temporary)},
            start_new_session=True,
        )
    try:
        deadline = time.monotonic() + 240
        while "pitchlab: ready:" not in log.read_text(errors="replace"):
            assert cli.poll() is None and time.monotonic() < deadline, log.read_text(errors="replace")[-3000:]
            time.sleep(0.5)
        assert not [p for p in temporary.iterdir() if p.name.startswith("pitchlab-")]
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/pitchlab/health", timeout=30) as reply:
            pools = json.loads(reply.read())["pools"]
        assert pools == {"notebooks/app.ipynb": {"size": 2, "ready": 2}}
        cli.send_signal(signal.SIGINT)
        assert cli.wait(timeout=60) == 0
    finally:
        if cli.poll() is None:
            os.killpg(cli.pid, signal.SIGKILL)
            cli.wait()
    left = sorted(p.name for p in temporary.iterdir())
    shutil.rmtree(temporary)
    assert left == []
