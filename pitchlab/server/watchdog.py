"""``pitchlab app`` keeps the class server answering: it runs it as a child and restarts it
when it stops answering.

Under a burst of page loads Voilà's main thread was once seen blocked for good in
a zmq send (issue 13, hole 3): no page, no static file, and SIGTERM ignored, so
a teacher would have had to find the process and kill it by hand. The watchdog
asks the server's ``/pitchlab/health`` (answered on its IO loop, see
:mod:`pitchlab.server.health`) every few seconds; when it has had no answer for
``stall_s`` it says so in one line, stops the server's process group (SIGTERM,
then SIGKILL) and the kernels it started, and starts it again on the same port.
Learners' pages then say the connection was lost and reload; saved games resume.

Only the answers of its own server count: each start carries a fresh id in the
environment (:data:`~pitchlab.server.launcher.SERVER_ID`) that the health endpoint
repeats, so another server on the same port (a second ``pitchlab`` command) is
never taken for this one, never reported ready, and never restarted for.

It also prints, once per start, when the app's preheated kernels have run the
app, the moment from which pages open at once. Ctrl-C (or SIGTERM) stops the
server cleanly, then the watchdog. Standard library only: the server runs in
the child, not here.
"""

from __future__ import annotations

import contextlib
import ctypes
import json
import os
import secrets
import signal
import socket
import subprocess
import sys
import time
import urllib.parse
import urllib.request
from collections.abc import Callable, Sequence
from pathlib import Path
from types import FrameType
from typing import Any, TextIO

from pitchlab.classes.network import own_server_tls
from pitchlab.server.launcher import SERVER_ID
from pitchlab.server.processes import is_kernel, proc_read, process_tree, stop_group

PROBE_EVERY_S = 2.0
"""Seconds between two health probes."""
PROBE_STARTING_S = 0.25
"""Seconds between two probes until the ready line: a learner waits for it to open the page,
and a probe costs the server a millisecond."""
PROBE_TIMEOUT_S = 3.0
"""A probe unanswered this long counts as no answer."""
START_GRACE_S = 120.0
"""A server that has never answered gets this long to start (imports, a loaded machine)."""
KILL_GRACE_S = 5.0
"""A stuck server gets this long after SIGTERM before SIGKILL (a frozen one ignores SIGTERM)."""
STOP_GRACE_S = 30.0
"""On Ctrl-C the server gets this long to shut its kernels down."""

PR_SET_PDEATHSIG = 1
"""Linux's prctl option: the signal a process gets when its parent dies."""

_DIRECT = urllib.request.build_opener(
    urllib.request.ProxyHandler({}), urllib.request.HTTPSHandler(context=own_server_tls())
)
"""Probes go straight to the server on this machine, never through a proxy from the environment."""


def probe(url: str, timeout_s: float = PROBE_TIMEOUT_S) -> dict[str, Any] | None:
    """The health endpoint's answer, or ``None`` if it did not answer in time."""
    try:
        with _DIRECT.open(url, timeout=timeout_s) as reply:
            answer: dict[str, Any] = json.loads(reply.read())
            return answer
    except (OSError, ValueError):
        return None


def ready_line(health: dict[str, Any]) -> str:
    """What the teacher is told once the server can send pages at once."""
    pools = health.get("pools") or {}
    kernels = sum(p.get("size", 0) for p in pools.values())
    if not kernels:
        return "pitchlab: the server is ready"
    return f"pitchlab: ready: {kernels} preheated kernel(s) have run the app, so pages open at once"


class Watchdog:
    """One class server, kept answering. :meth:`run` returns the exit status."""

    def __init__(
        self,
        command: Sequence[str],
        cwd: Path,
        health_url: str,
        stall_s: float = 20.0,
        out: TextIO | None = None,
        clock: Callable[[], float] = time.monotonic,
        taken: str = "pitchlab: another server answers on this port: stop it, or choose another port",
    ) -> None:
        """``taken`` is what to say when another server had the port first (``pitchlab``
        passes the line it refuses a busy port with, :func:`~pitchlab.server.launcher.port_taken`)."""
        self.command = list(command)
        self.taken = taken
        self.cwd = cwd
        self.health_url = health_url
        self.stall_s = stall_s
        self.out = out
        self.clock = clock
        self.stopping = False
        self.proc: subprocess.Popen[bytes] | None = None

    def say(self, line: str) -> None:
        print(line, file=self.out, flush=True)

    def run(self) -> int:
        """Start the server and watch it until Ctrl-C / SIGTERM, or until it exits on its own
        without ever having answered (a bad configuration: restarting would not help)."""
        previous = {sig: signal.signal(sig, self._stop) for sig in (signal.SIGINT, signal.SIGTERM)}
        try:
            while not self.stopping:
                status = self._serve_once()
                if status is not None:
                    return status
            return 0
        finally:
            if self.proc is not None:
                self._kill(self.proc, STOP_GRACE_S)
            for sig, handler in previous.items():
                signal.signal(sig, handler)

    def _stop(self, signum: int, frame: FrameType | None) -> None:
        self.stopping = True

    def _serve_once(self) -> int | None:
        """Run the server until it must be restarted (``None``) or the watchdog ends (a status)."""
        me = secrets.token_hex(8)
        self.proc = proc = subprocess.Popen(
            self.command,
            cwd=self.cwd,
            env={**os.environ, SERVER_ID: me},
            start_new_session=True,
            preexec_fn=_die_with_parent,  # noqa: PLW1509 (no threads here)
        )
        started = last_answer = self.clock()
        answered = told_ready = other = False
        while not self.stopping:
            if proc.poll() is not None:
                if not answered and (other or _listening(self.health_url)):  # another server was quicker
                    print(self.taken, file=self.out or sys.stderr, flush=True)  # as a refusal is
                    return 2
                if not answered:
                    self.say(f"pitchlab: the server exited with status {proc.returncode} before answering")
                    return proc.returncode or 1
                self.say(f"pitchlab: the server exited with status {proc.returncode}: starting it again")
                return None
            health = probe(self.health_url)
            now = self.clock()
            if health is not None and health.get("server") != me:
                other, health = True, None  # another server on this port: not ours, so no answer
            if health is not None:
                answered, last_answer = True, now
                if not told_ready and health.get("ready"):
                    told_ready = True
                    self.say(ready_line(health))
            elif now - last_answer > (self.stall_s if answered else max(self.stall_s, START_GRACE_S)):
                waited = now - (last_answer if answered else started)
                self.say(
                    f"pitchlab: the server has not answered for {waited:.0f} s: "
                    "stopping it and starting it again on the same port"
                )
                self._kill(proc, KILL_GRACE_S)
                return None
            self._sleep(PROBE_EVERY_S if told_ready else PROBE_STARTING_S)
        return 0

    def _sleep(self, seconds: float) -> None:
        end = self.clock() + seconds
        while not self.stopping and self.clock() < end:
            time.sleep(min(0.2, seconds))

    @staticmethod
    def _kill(proc: subprocess.Popen[bytes], grace_s: float) -> None:
        """Stop the server's process group, then any kernel of its still running: kernels
        run in sessions of their own, and a frozen server cannot shut them down."""
        kernels = [p.pid for p in process_tree(proc.pid) if is_kernel(p)]
        stop_group(proc, grace_s)
        for pid in kernels:
            left = proc_read(pid)
            if left is not None and is_kernel(left):
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)


def _listening(url: str) -> bool:
    """Whether something accepts connections at ``url``'s address (our server being gone, it
    is another program, which took the port as ours started)."""
    where = urllib.parse.urlsplit(url)
    try:
        with socket.create_connection((where.hostname or "127.0.0.1", where.port or 80), timeout=1):
            return True
    except OSError:
        return False


def _die_with_parent() -> None:
    """In the server's process, before Voilà starts: on Linux, be killed if the watchdog dies
    (killed itself, it could not stop the server, which runs in a session of its own)."""
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
