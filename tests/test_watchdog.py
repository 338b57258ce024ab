"""``pitchlab app``'s watchdog (issue 13, hole 3): a server that stops answering is restarted on
the same port, and Ctrl-C stops the server and the watchdog cleanly.

A frozen server is simulated with SIGSTOP (the real freeze, Voilà's main thread blocked in a
zmq send, also answers nothing and ignores SIGTERM). The watchdog is given 8 s instead of 20
to keep the test short.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, HTTPServer
from pathlib import Path

import pytest

from pitchlab.server.processes import is_kernel, process_tree
from pitchlab.server.watchdog import probe, ready_line
from tests.serving import ROOT, free_port

STALL_S = 8


def _alive(pid: int) -> bool:
    """Whether ``pid`` runs (a zombie, dead but not yet reaped by its parent, does not)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def _wait(what: Callable[[], object], deadline_s: float, why: str, log: Path) -> float:
    start = time.monotonic()
    while not what():
        if time.monotonic() - start > deadline_s:
            pytest.fail(f"{why}: not within {deadline_s:.0f} s\n{log.read_text(errors='replace')[-3000:]}")
        time.sleep(0.5)
    return time.monotonic() - start


@pytest.mark.server  # `pitchlab app --watchdog` itself
def test_a_frozen_server_is_restarted_on_the_same_port_and_ctrl_c_stops_both() -> None:
    port = free_port()
    log = Path(tempfile.mkstemp(prefix="pitchlab-watchdog-", suffix=".log")[1])
    command = [sys.executable, "-m", "pitchlab", "app", f"--port={port}", f"--watchdog={STALL_S}"]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    with log.open("wb") as out:
        cli = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, env=env, start_new_session=True)
    seen: set[int] = set()

    def server() -> int | None:
        found = [p.pid for p in process_tree(cli.pid) if "pitchlab.server" in p.cmdline]
        seen.update(found)
        return found[0] if found else None

    health = f"http://127.0.0.1:{port}/pitchlab/health"
    try:
        _wait(lambda: "pitchlab: ready:" in log.read_text(errors="replace"), 240, "the ready line", log)
        first = server()
        assert first is not None
        first_kernels = [p.pid for p in process_tree(first) if is_kernel(p)]
        assert first_kernels, "the pool's kernel runs"
        # by default, one learner's server: a pool of one kernel, not a class's thirty
        assert (probe(health) or {}).get("pools") == {"notebooks/app.ipynb": {"size": 1, "ready": 1}}

        second_command = subprocess.run(
            [sys.executable, "-m", "pitchlab", "tutorial", f"--port={port}"],
            capture_output=True,
            text=True,
            env=env,
            timeout=60,
            check=False,
        )
        assert second_command.returncode == 2 and not second_command.stdout
        assert second_command.stderr.splitlines() == [
            f"pitchlab tutorial: port {port} is in use (another pitchlab app, lessons or tutorial?): "
            "stop it, or choose another port with --port N"
        ]
        assert log.read_text(errors="replace").count("pitchlab: ready:") == 1

        os.kill(first, signal.SIGSTOP)  # the freeze: nothing answers, SIGTERM waits
        took = _wait(
            lambda: server() not in (None, first) and probe(health) is not None,
            180,
            "a restarted server",
            log,
        )
        text = log.read_text(errors="replace")
        assert text.count("has not answered for") == 1, text[-2000:]
        assert not _alive(first) and not any(_alive(pid) for pid in first_kernels)
        with urllib.request.urlopen(
            f"http://127.0.0.1:{port}/voila/render/notebooks/app.ipynb", timeout=180
        ) as r:
            assert r.status == 200
        print(f"\nfrozen server replaced and answering {took:.1f} s after SIGSTOP (watchdog {STALL_S} s)")

        second = server()
        assert second is not None
        second_tree = [p.pid for p in process_tree(second)]
        cli.send_signal(signal.SIGINT)  # Ctrl-C
        assert cli.wait(timeout=60) == 0
        assert not any(_alive(pid) for pid in second_tree), "the server and its kernels stopped with it"
    finally:
        if cli.poll() is None:
            os.killpg(cli.pid, signal.SIGKILL)
        for pid in seen:  # servers run in sessions of their own
            if _alive(pid):
                os.kill(pid, signal.SIGKILL)
        log.unlink(missing_ok=True)


def test_the_ready_line_says_what_is_ready() -> None:
    pools = {"notebooks/app.ipynb": {"size": 30, "ready": 30}}
    assert "30 preheated kernel(s)" in ready_line({"ready": True, "pools": pools})
    assert ready_line({"ready": True, "pools": {}}) == "pitchlab: the server is ready"


def test_another_server_on_the_port_is_never_taken_for_ours(capsys: pytest.CaptureFixture[str]) -> None:
    """A server that lost its port to another one (a second ``pitchlab`` command started at
    the same moment) exits before answering, while the other server answers, "ready", on the
    health address: the watchdog never says ready, never restarts, and ends with status 2
    and the refusal's one line on standard error."""
    from pitchlab.server.watchdog import Watchdog

    class Other(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            body = json.dumps({"ok": True, "server": "someone-else", "ready": True, "pools": {}}).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, format: str, *args: object) -> None:
            pass

    other = HTTPServer(("127.0.0.1", 0), Other)
    thread = threading.Thread(target=other.serve_forever, daemon=True)
    thread.start()
    try:
        url = f"http://127.0.0.1:{other.server_port}/pitchlab/health"
        assert probe(url) is not None  # the other server answers
        lost = Watchdog(
            [sys.executable, "-c", "import time; time.sleep(3); raise SystemExit(1)"],
            ROOT,
            url,
            taken="the port is taken",
        )
        assert lost.run() == 2
    finally:
        other.shutdown()
        other.server_close()
    said = capsys.readouterr()
    assert not said.out
    assert said.err.splitlines() == ["the port is taken"]


def test_a_server_that_exits_before_answering_is_not_restarted(capsys: pytest.CaptureFixture[str]) -> None:
    """A bad configuration (a port taken, a missing notebook) fails at start: restarting would
    loop for ever, so the watchdog says so in one line and ends with the server's status."""
    from pitchlab.server.watchdog import Watchdog

    never = Watchdog([sys.executable, "-c", "raise SystemExit(3)"], ROOT, "http://127.0.0.1:9/none")
    assert never.run() == 3
    said = capsys.readouterr().out.strip().splitlines()
    assert said == ["pitchlab: the server exited with status 3 before answering"]
