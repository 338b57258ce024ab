"""benchmarks/bots.py runs and reports every figure; its claim tally counts a false claim,
and its bid-regret hook reports what it finds. No figure is held to a threshold."""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pitchlab as pl
from pitchlab.bots.claims import HighBid, OnlyChoice
from pitchlab.bots.players import Decision
from pitchlab.engine.view import SeatView
from tests.helpers import load_benchmark

ROOT = Path(__file__).resolve().parent.parent


bots = load_benchmark("bots")

KEYS = (
    "false_claims",
    "claims_checked",
    "decisions_checked",
    "claims_by_player",
    "claims_by_ruleset",
    "false_claim_examples",
    "strong_vs_rule_based",
    "strong_vs_rule_based_by_strength",
    "new_vs_old_strong",
    "rule_based_vs_old_rule_based",
    "bid_regret",
    "bid_regret_note",
    "reason_words_median",
    "rule_based_fast_hands_per_s",
    "calibration",
    "calibration_max_error",
    "made_calibration_max_error",
)


def test_the_benchmark_prints_one_json_object_with_every_figure() -> None:
    argv = ["--decisions", "30", "--games", "2", "--hands", "2", "--rounds", "1", "--strong-samples", "1"]
    argv += ["--calibration-games", "3"]
    result = subprocess.run(
        [sys.executable, "benchmarks/bots.py", *argv, "--json"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    for key in KEYS:
        assert key in report, key
    assert report["decisions_checked"] >= 30
    assert sum(t["decisions"] for t in report["claims_by_ruleset"].values()) == report["decisions_checked"]
    for key in (
        "strong_vs_rule_based",
        "strong_vs_rule_based_by_strength",
        "new_vs_old_strong",
        "rule_based_vs_old_rule_based",
    ):
        duel = report[key]
        low, high = duel["win_rate_ci95"]
        assert duel["games"] == 4 and 0 <= low <= duel["win_rate"] <= high <= 1
    assert set(report["calibration"]) == set(bots.CALIBRATION_RULESETS)
    for found in report["calibration"].values():
        assert found["games"] == 3
        assert sum(d["count"] for d in found["calibration"]) == found["quotes"] > 0
        for d in found["calibration"] + found["made_calibration"]:
            low, high = d["ci95"]
            assert 0 <= low <= d["rate"] <= high <= 1
        assert "top_bids" in found["blocking"]
    assert report["reason_words_lines"] > 0 and report["reason_words_median"] > 0
    assert set(report["rule_based_fast_hands_per_s"]) == {"ten-point", "auction-pitch"}
    assert all(v > 0 for v in report["rule_based_fast_hands_per_s"].values())


class _Liar:
    """Plays as the rule-based bot but claims a high bid of 9 at every turn."""

    name = "liar"

    def decide(self, view: SeatView) -> Decision:
        base = pl.RuleBasedPlayer().decide(view)
        return Decision(base.action, base.why, (HighBid(9),))


def test_the_claim_tally_counts_and_shows_a_false_claim() -> None:
    tally = {"decisions": 0, "claims": 0, "false": 0}
    examples: list[dict[str, Any]] = []
    bots._check_hand(pl.Hand.deal(seed=3), _Liar(), tally, examples)
    assert tally["decisions"] > 10 and tally["claims"] == tally["decisions"] == tally["false"]
    assert len(examples) == bots.EXAMPLES
    assert examples[0]["claim"] == {"kind": "high_bid", "bid": 9}
    assert examples[0]["player"] == "liar" and examples[0]["position"]["format"] == "pitchlab-hand/1"


def test_the_claim_tally_passes_true_claims() -> None:
    class Honest(_Liar):
        def decide(self, view: SeatView) -> Decision:
            base = pl.RuleBasedPlayer().decide(view)
            claims = (OnlyChoice(),) if len(view.legal_actions) == 1 else ()
            return Decision(base.action, base.why, claims)

    tally = {"decisions": 0, "claims": 0, "false": 0}
    bots._check_hand(pl.Hand.deal(seed=3), Honest(), tally, [])
    assert tally["claims"] > 0 and tally["false"] == 0


def _args() -> argparse.Namespace:
    args: argparse.Namespace = bots.parser().parse_args(["--games", "7", "--seed", "3"])
    return args


def test_bid_regret_measures_the_old_and_the_new_bidding() -> None:
    """Regret is a mean of the best answer's net minus the chosen one's: never negative."""
    args = bots.parser().parse_args(["--games", "3", "--seed", "3"])
    value, note = bots.bid_regret(args)
    assert isinstance(value, dict) and set(value) == {"old_ladder_bidding", "new_game_bidding"}
    for figure in value.values():
        assert isinstance(figure, dict) and figure["value"] >= 0 and len(figure["ci95"]) == 2
    assert "3 ten-point deals" in note
