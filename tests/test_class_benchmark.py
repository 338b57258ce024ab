"""benchmarks/classroom.py (class experiments under load) runs, and its pure helpers are right.

The timings themselves are the benchmark's to report, never a test's to judge: a small run
here checks only that the writers' rows all land once and the JSON carries its figures.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers import load_benchmark

ROOT = Path(__file__).resolve().parent.parent
classroom = load_benchmark("classroom")


def test_latencies_count_the_kth_result_from_the_first_redraw_showing_k() -> None:
    sent = [10.0, 10.5, 12.0]
    # the page counted 1 student at 11.0, 2 at 11.2 and then 3 at 13.5; the second result is
    # counted at 11.2 (0.7 s), the third at 13.5 (1.5 s)
    seen = [(1, 11.0), (2, 11.2), (3, 13.5)]
    assert classroom.latencies(sent, seen) == pytest.approx([1.0, 0.7, 1.5])
    # two results in one redraw: both are counted by the first redraw that shows both
    assert classroom.latencies([1.0, 1.2], [(2, 2.0)]) == pytest.approx([1.0, 0.8])
    assert classroom.latencies([1.0, 1.2], [(1, 2.0)]) == pytest.approx([1.0])  # one never seen


def test_quantile_interpolates_between_ranks() -> None:
    assert classroom.quantile([], 95) is None
    assert classroom.quantile([4.0], 95) == 4.0
    assert classroom.quantile([1.0, 2.0, 3.0, 4.0, 5.0], 50) == 3.0
    # rank 0.95 * 19 = 18.05 of 1..20: 19 + 0.05
    assert classroom.quantile([float(i) for i in range(1, 21)], 95) == pytest.approx(19.05)


def test_a_small_run_lands_every_row_once(tmp_path: Path) -> None:
    result = subprocess.run(
        [
            sys.executable,
            "benchmarks/classroom.py",
            "--json",
            "--writers",
            "3",
            "--rows",
            "2",
            "--rounds",
            "1",
            "--skip",
            "postgresql",
            "--skip",
            "latency",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    found = json.loads(result.stdout)
    sqlite = found["submissions_per_s"]["sqlite"]
    assert sqlite["every_row_once"] is True and sqlite["median_rows_per_s"] > 0
    assert (found["writers"], found["rows_per_writer"]) == (3, 2)
