"""benchmarks/load.py (a class opening the app at once) runs, and its pure helpers
are right; checked without a browser or a server (tests/test_config.py checks the
voila.json it measures)."""

from __future__ import annotations

import json
import math
import subprocess
import sys
import time
from pathlib import Path

import pytest

from pitchlab.server.launcher import config_with_pool
from tests.helpers import load_benchmark

ROOT = Path(__file__).resolve().parent.parent


load = load_benchmark("load")


def test_load_benchmark_help_runs() -> None:
    result = subprocess.run(
        [sys.executable, "benchmarks/load.py", "--help"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    for option in ("--sessions", "--json", "--session-deadline", "--deadline"):
        assert option in result.stdout


def test_percentile_interpolates_between_ranks() -> None:
    assert load.percentile([], 95) is None
    assert load.percentile([3.0], 95) == 3.0
    assert load.percentile([1.0, 2.0, 3.0, 4.0, 5.0], 50) == 3.0
    assert load.percentile([5.0, 1.0, 4.0, 2.0, 3.0], 100) == 5.0
    assert load.percentile([1.0, 2.0, 3.0, 4.0, 5.0], 0) == 1.0
    p95 = load.percentile([float(i) for i in range(1, 21)], 95)
    assert p95 is not None
    assert math.isclose(p95, 19.05)
    with pytest.raises(ValueError, match="outside"):
        load.percentile([1.0], 101)


def test_session_counts_parse() -> None:
    assert load.parse_sessions("1,10,30") == [1, 10, 30]
    assert load.parse_sessions("5") == [5]
    assert load.parser().parse_args([]).sessions == [1, 10, 30]
    with pytest.raises(SystemExit):
        load.parser().parse_args(["--sessions", "0,3"])


def test_figures_have_the_documented_keys() -> None:
    results = [
        load.SessionResult(interactive_s=2.0, served_s=1.0, clicks_ms=[100.0, 300.0], finished=True),
        load.SessionResult(interactive_s=4.0, served_s=1.5, clicks_ms=[200.0], finished=True),
        load.SessionResult(error="deadline before interactive"),
    ]
    usage = load.Usage(kernel_peak_mb={1: 90.0, 2: 120.5}, server_peak_mb=100.0)
    figures = load.summarize(results, usage)
    assert list(figures)[: len(load.REQUIRED_KEYS)] == list(load.REQUIRED_KEYS)
    assert figures["interactive_median_s"] == 3.0
    assert figures["interactive_p95_s"] == 3.9
    assert figures["click_median_ms"] == 200.0
    assert figures["kernel_mb_max"] == 120.5
    assert figures["failures"] == 1
    assert figures["hands_finished"] == 2
    assert figures["server_mb_max"] == 100.0
    assert figures["failure_reasons"] == ["server: deadline before interactive"]
    assert (figures["server_failures"], figures["browser_failures"]) == (1, 0)
    json.dumps({"1": figures})  # serialisable as printed by --json


def test_a_failure_is_the_server_s_unless_it_had_sent_the_whole_page() -> None:
    # the page never arrived in full: the server's
    assert load.SessionResult(error="deadline before interactive").side == "server"
    # refused with the class-full page
    assert load.SessionResult(served_s=0.2, status=503).side == "server"
    # sent in full, then the page showed the server's trouble
    assert load.SessionResult(served_s=1.0, status=200, trouble="class is full").side == "server"
    # sent in full, nothing wrong shown, the browser did not get through in time
    assert load.SessionResult(served_s=1.0, status=200, error="deadline before hand").side == "browser"
    assert load.SessionResult(served_s=1.0, status=200, finished=True).side is None


def test_figures_of_a_run_where_nothing_worked() -> None:
    figures = load.summarize([load.SessionResult(), load.SessionResult()], load.Usage())
    assert figures["failures"] == 2
    for key in ("interactive_median_s", "interactive_p95_s", "click_median_ms", "kernel_mb_max"):
        assert figures[key] is None


def test_the_pool_size_is_read_as_voila_reads_it() -> None:
    pools = {"default": {"pool_size": 0}, "notebooks/app.ipynb": {"pool_size": 30}}
    preheat = {"VoilaConfiguration": {"preheat_kernel": True}}
    assert load.config_pool_size({**preheat, "VoilaKernelManager": {"kernel_pools_config": pools}}) == 30
    only_default = {"kernel_pools_config": {"default": {"pool_size": 4}}}
    assert load.config_pool_size({**preheat, "VoilaKernelManager": only_default}) == 4
    assert (
        load.config_pool_size({"VoilaConfiguration": {"preheat_kernel": True, "default_pool_size": 2}}) == 2
    )
    assert (
        load.config_pool_size({"VoilaKernelManager": {"kernel_pools_config": pools}}) == 0
    )  # not preheating
    shipped = json.loads((ROOT / "voila.json").read_text(encoding="utf-8"))
    served = json.loads((config_with_pool(ROOT, None) / "voila.json").read_text(encoding="utf-8"))
    # pitchlab app --class gives the app's page the pool the shipped config names for a class
    assert (
        load.config_pool_size(served)
        == shipped["VoilaKernelManager"]["kernel_pools_config"]["app.ipynb"]["pool_size"]
    )


def test_a_learner_bids_the_lowest_offered_else_passes() -> None:
    from tests.serving import bid_move

    assert bid_move(["pl-bid pl-bid-pass", "pl-bid pl-bid-3", "pl-bid pl-bid-2"]) == ".pl-bid-2:visible"
    assert bid_move(["pl-bid pl-bid-pass"]) == ".pl-bid-pass:visible"
    assert bid_move([]) is None


def test_renice_lowers_every_thread_of_a_process() -> None:
    # a child with two threads; its nice value is read back from /proc, not through os.getpriority
    code = "import threading, time; threading.Thread(target=time.sleep, args=(30,)).start(); time.sleep(30)"
    child = subprocess.Popen([sys.executable, "-c", code])
    try:
        tasks = Path(f"/proc/{child.pid}/task")
        for _ in range(100):
            if len(list(tasks.iterdir())) >= 2:
                break
            time.sleep(0.05)
        load.renice(child.pid, 19)
        nices = [int((tid / "stat").read_text().rsplit(")", 1)[1].split()[16]) for tid in tasks.iterdir()]
        assert len(nices) >= 2 and set(nices) == {19}
        load.renice(999_999_999, 19)  # gone: nothing happens
    finally:
        child.kill()
        child.wait()
