"""Longer fuzzing runs of every parser a student can reach (the CI runs a fixed, small budget).

    python benchmarks/fuzz.py                      # 60 s per target, atheris if installed
    python benchmarks/fuzz.py --seconds 600 --json
    python benchmarks/fuzz.py --engine hypothesis  # without atheris

Targets (shared with tests/test_fuzz.py, in tests/fuzz_targets.py): card codes,
the hand-record loader (raw bytes, and damaged real records of every ruleset),
and junk actions offered to part-played hands. A finding is an exception other
than the engine's own refusal, or a refusal that changed the hand; it is
printed with the input that caused it and the run exits with status 1.
Prints, per target, the inputs tried, inputs per second and findings.
atheris (``pip install atheris``) is coverage-guided; without it the same
targets run from hypothesis's generators.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import subprocess
import sys
import time
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

if TYPE_CHECKING:
    import pitchlab as pl
    from tests import fuzz_targets


def _load() -> None:
    """Import the engine and the targets (under atheris, inside its instrumentation)."""
    global pl, fuzz_targets  # noqa: PLW0603 (imported late on purpose, see above)
    import pitchlab as pl
    from tests import fuzz_targets


def _text(data: bytes) -> str:
    return data.decode("utf-8", errors="replace")


def _record_bytes(data: bytes) -> None:
    fuzz_targets.record_text(_text(data))


def _cards_bytes(data: bytes) -> None:
    fuzz_targets.cards(_text(data))


def _damaged_record(data: bytes) -> None:
    """Bytes steer which ruleset, how far the hand goes and what gets damaged."""
    if len(data) < 8:
        return
    names = pl.ruleset_names()
    seed = int.from_bytes(data[:8], "little")
    rng = random.Random(seed)
    hand = pl.Hand.deal(pl.ruleset(names[seed % len(names)]), seed=rng)
    for _ in range(data[0] % 60):
        if hand.is_over:
            break
        hand.apply(rng.choice(hand.legal_actions()))
    record: dict[str, Any] = pl.to_record(hand)
    junk: Any = _junk(data[8:])
    fuzz_targets.mutate(record, junk, seed)
    fuzz_targets.record_text(json.dumps(record))


def _junk(data: bytes) -> object:
    try:
        return json.loads(_text(data))
    except (ValueError, RecursionError):
        return _text(data)


def _actions(data: bytes) -> None:
    if len(data) < 8:
        return
    names = pl.ruleset_names()
    seed = int.from_bytes(data[:8], "little")
    junk = _junk(data[8:])
    fuzz_targets.actions(names[seed % len(names)], seed, junk if isinstance(junk, list) else [junk])


def _game_bytes(data: bytes) -> None:
    fuzz_targets.game_text(_text(data))


TARGETS: dict[str, Callable[[bytes], None]] = {
    "cards": _cards_bytes,
    "record": _record_bytes,
    "game": _game_bytes,
    "damaged-record": _damaged_record,
    "actions": _actions,
}


def _child(name: str, seconds: int) -> None:
    """One target under atheris in this process (libFuzzer owns it); the report is the last
    line on standard output."""
    import atheris  # type: ignore[import-untyped, import-not-found, unused-ignore]

    target = TARGETS[name]
    count = [0]
    start = [0.0]  # set at the first input, after the (slow) instrumentation

    def report(**extra: object) -> None:
        print(json.dumps({"target": name, "inputs": count[0], **extra}), flush=True)

    def one(data: bytes) -> None:
        count[0] += 1
        start[0] = start[0] or time.perf_counter()
        if time.perf_counter() - start[0] > seconds:
            report(findings=0)
            os._exit(0)  # libFuzzer owns the process: leave without unwinding through it
        try:
            target(data)
        except Exception:
            report(findings=1, input=repr(data[:300]), error=traceback.format_exc(limit=6))
            os._exit(1)

    with atheris.instrument_imports(include=["pitchlab", "tests"]):  # coverage feedback from the engine
        _load()
    atheris.Setup([sys.argv[0], "-rss_limit_mb=4096", "-max_len=600"], one)
    atheris.Fuzz()


def run_atheris(name: str, seconds: int) -> dict[str, Any]:
    """Fuzz in a child process, since atheris ends the process it runs in."""
    start = time.perf_counter()
    command = [sys.executable, __file__, "--child", name, "--seconds", str(seconds)]
    try:
        proc = subprocess.run(command, capture_output=True, text=True, timeout=seconds + 120, check=False)
        lines = [line for line in proc.stdout.splitlines() if line.startswith("{")]
        report: dict[str, Any] = json.loads(lines[-1]) if lines else {"target": name, "inputs": 0}
        if not lines:
            report.update(findings=1, error=f"the fuzzer stopped without a report:\n{proc.stderr[-2000:]}")
    except subprocess.TimeoutExpired:
        report = {"target": name, "inputs": 0, "findings": 1, "error": "hung past its time"}
    report["seconds"] = round(time.perf_counter() - start, 1)
    return report


def run_hypothesis(name: str, seconds: int) -> dict[str, Any]:
    """The same target fed by hypothesis's byte generator until the time is up."""
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    target = TARGETS[name]
    count = [0]
    start = time.perf_counter()
    failure: list[str] = []

    @settings(max_examples=10**9, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(st.binary(max_size=400))
    def fuzz(data: bytes) -> None:
        if time.perf_counter() - start > seconds:
            return
        count[0] += 1
        try:
            target(data)
        except Exception:
            failure.append(f"{data[:300]!r}\n{traceback.format_exc(limit=6)}")
            raise

    with contextlib.suppress(Exception):  # hypothesis re-raises the failure; it is in `failure`
        fuzz()
    report: dict[str, Any] = {"target": name, "inputs": count[0], "findings": len(failure[:1])}
    if failure:
        report["error"] = failure[-1]
    report["seconds"] = round(time.perf_counter() - start, 1)
    return report


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--seconds", type=int, default=60, help="per target")
    parser.add_argument("--engine", choices=["auto", "atheris", "hypothesis"], default="auto")
    parser.add_argument("--targets", default=",".join(TARGETS), help="comma-separated: " + ", ".join(TARGETS))
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        _child(args.child, args.seconds)
    _load()
    engine = args.engine
    if engine == "auto":
        try:
            import atheris  # noqa: F401

            engine = "atheris"
        except ImportError:
            engine = "hypothesis"
    run = run_atheris if engine == "atheris" else run_hypothesis
    reports = []
    for name in args.targets.split(","):
        if name not in TARGETS:
            parser.error(f"unknown target {name!r}")
        reports.append(run(name, args.seconds))
    if args.json:
        print(json.dumps({"engine": engine, "targets": reports}))
    else:
        print(f"fuzzing with {engine}, {args.seconds} s per target")
        for r in reports:
            rate = r["inputs"] / r["seconds"] if r["seconds"] else 0.0
            print(f"  {r['target']:15} {r['inputs']:>9,} inputs  {rate:>8,.0f}/s  findings: {r['findings']}")
            if r.get("error"):
                print("    " + r.get("input", "") + "\n" + r["error"])
    return 1 if any(r["findings"] for r in reports) else 0


if __name__ == "__main__":
    raise SystemExit(main())
