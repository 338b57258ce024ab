"""The class server's processes, read from the system: its tree, its kernels, their memory
and CPU, and stopping it with its kernels.

The shipped watchdog (:mod:`pitchlab.server.watchdog`) restarts a stuck server with these; the
tests' and benchmarks' Voilà driver (``tests/serving.py``, not shipped) measures with them.
Standard library only (psutil when it is installed).
"""

from __future__ import annotations

import importlib
import os
import signal
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Any


def stop_group(proc: subprocess.Popen[Any], grace_s: float = 30) -> None:
    """SIGTERM a server started in its own session, which lets Voilà shut its kernels down;
    SIGKILL it if it has not gone in ``grace_s``."""
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=grace_s)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()


@dataclass(frozen=True)
class Proc:
    """One process as sampled: its command line, resident memory and CPU seconds so far."""

    pid: int
    cmdline: str
    rss_bytes: int
    cpu_s: float


def _proc_children() -> dict[int, list[int]]:
    """Parent pid -> child pids, from /proc."""
    children: dict[int, list[int]] = {}
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            stat = Path(entry.path, "stat").read_text()
        except OSError:
            continue
        ppid = int(stat[stat.rindex(")") + 2 :].split()[1])
        children.setdefault(ppid, []).append(int(entry.name))
    return children


def proc_read(pid: int) -> Proc | None:
    """The process ``pid`` from /proc, or ``None`` if it is gone."""
    try:
        cmdline = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        stat = Path(f"/proc/{pid}/stat").read_text()
        rss_pages = int(Path(f"/proc/{pid}/statm").read_text().split()[1])
    except (OSError, IndexError, ValueError):
        return None
    fields = stat[stat.rindex(")") + 2 :].split()
    ticks = os.sysconf("SC_CLK_TCK")
    cpu_s = (int(fields[11]) + int(fields[12])) / ticks  # utime, stime
    return Proc(pid, cmdline, rss_pages * os.sysconf("SC_PAGE_SIZE"), cpu_s)


def process_tree(root: int) -> list[Proc]:
    """``root`` and all its descendants (those alive now): psutil's view when it is
    installed, else read from /proc (Linux)."""
    try:
        _psutil: Any = importlib.import_module("psutil")
    except ImportError:
        _psutil = None
    if _psutil is not None:
        procs: list[Proc] = []
        try:
            top = _psutil.Process(root)
            candidates = [top, *top.children(recursive=True)]
        except _psutil.Error:
            return []
        for p in candidates:
            try:
                with p.oneshot():
                    cpu = p.cpu_times()
                    procs.append(
                        Proc(p.pid, " ".join(p.cmdline()), p.memory_info().rss, cpu.user + cpu.system)
                    )
            except _psutil.Error:
                continue
        return procs
    children = _proc_children()
    pids, todo = [], [root]
    while todo:
        pid = todo.pop()
        pids.append(pid)
        todo.extend(children.get(pid, ()))
    return [p for pid in pids if (p := proc_read(pid)) is not None]


def is_kernel(proc: Proc) -> bool:
    """Whether a process is a Jupyter kernel (Voilà starts one per page, and its pool's)."""
    return "ipykernel" in proc.cmdline
