"""benchmarks/practice.py reports every figure it promises. No figure is held to a threshold
(timings belong to the benchmark, never to a pass/fail test)."""

from __future__ import annotations

from pitchlab.practice.problems import load
from tests.helpers import load_benchmark

practice = load_benchmark("practice")


def test_generation_counts_problems_per_ruleset() -> None:
    found = practice.generation(1, 1000, ("ten-point",))
    assert set(found) == {"ten-point"}
    assert set(found["ten-point"]) == {"hands", "problems", "per_min"}
    assert found["ten-point"]["hands"] == 1 and found["ten-point"]["per_min"] >= 0


def test_verification_checks_late_problems_and_they_hold() -> None:
    found = practice.verification(3)
    assert found["checked"] == 3 and found["held"] == 3
    assert found["median"] <= found["p90"]


def test_punishing_times_both_ways_of_finding_the_deal() -> None:
    found = practice.punishing(40)
    assert set(found) == {"exact", "bots"}
    for row in found.values():
        assert row["problems"] >= 1 and 0 <= row["median"] <= row["p90"]


def test_solved_shares_are_per_ruleset_and_level() -> None:
    problems = load("ten-point")[:6] + load("auction-pitch")[:3]
    found = practice.solved(problems)
    assert set(found) == {"ten-point", "auction-pitch"}
    assert sum(row["problems"] for levels in found.values() for row in levels.values()) == 9
    for levels in found.values():
        for row in levels.values():
            assert set(row) == {"problems", "beginner", "rule-based", "strong"}
            assert all(0 <= row[k] <= 1 for k in ("beginner", "rule-based", "strong"))
