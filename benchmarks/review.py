"""How long the review by what a seat knew takes: one card's judgement, and a whole hand's review.

    python benchmarks/review.py                 # a table
    python benchmarks/review.py --hands 20      # more hands
    python benchmarks/review.py --json          # one JSON object, for tracking

Each card played in seeded hands (every ruleset the review covers, played out by
the rule-based bots) is judged by :func:`pitchlab.bots.analysis.judge` with the
shipped settings: exact over every consistent layout where there are at most
``EXACT_LAYOUTS`` of them, else ``SAMPLES`` drawn. ``review_ms`` is one card's
judgement (median and 90th percentile), ``exact_share`` the share of cards whose
layouts were all counted, ``hand_s`` a whole hand's review as the app runs it.
Cards with a single legal choice cost nothing and are counted apart. The
machine is shared and noisy: compare figures from one run, never in a test.
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import time

import pitchlab as pl
from pitchlab.bots import analysis
from pitchlab.bots.strong import solvable
from pitchlab.engine.actions import Play


def _quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[int(q * (len(ordered) - 1))] if ordered else float("nan")


def measure(hands: int, seed: int) -> dict[str, object]:
    """Judge every card of ``hands`` seeded hands per covered ruleset; time each, and each hand."""
    bot = pl.RuleBasedPlayer()
    card_ms: list[float] = []
    exact = forced = 0
    hand_s: list[float] = []
    rulesets = [name for name in pl.ruleset_names() if solvable(pl.ruleset(name))]
    for name in rulesets:
        rules = pl.ruleset(name)
        for k in range(hands):
            hand = pl.Hand.deal(rules, k % rules.players, seed + k)
            while not hand.is_over:
                seat = hand.to_act
                assert seat is not None
                action = bot.decide(hand.view(seat)).action
                if hand.phase is pl.Phase.PLAY and isinstance(action, Play):
                    start = time.perf_counter()
                    judged = analysis.judge(hand.view(seat), action.card, seed=seed)
                    if not judged.expected:
                        forced += 1
                    else:
                        card_ms.append(1000 * (time.perf_counter() - start))
                        exact += judged.exact
                hand.apply(action, seat)
            start = time.perf_counter()
            analysis.review(hand, seed=seed)
            hand_s.append(time.perf_counter() - start)
    return {
        "rulesets": rulesets,
        "hands_per_ruleset": hands,
        "seed": seed,
        "exact_layouts": analysis.EXACT_LAYOUTS,
        "samples": analysis.SAMPLES,
        "cards_judged": len(card_ms),
        "cards_forced": forced,
        "review_ms": {
            "median": statistics.median(card_ms),
            "p90": _quantile(card_ms, 0.9),
            "max": max(card_ms),
        },
        "exact_share": exact / len(card_ms),
        "hand_s": {"median": statistics.median(hand_s), "p90": _quantile(hand_s, 0.9), "max": max(hand_s)},
        "python": platform.python_version(),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=8, help="seeded hands per ruleset (default 8)")
    parser.add_argument("--seed", type=int, default=0, help="the first hand's seed, and the sampler's")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of a table")
    args = parser.parse_args()
    report = measure(args.hands, args.seed)
    if args.json:
        print(json.dumps(report))
        return
    ms, hand = report["review_ms"], report["hand_s"]
    assert isinstance(ms, dict) and isinstance(hand, dict)
    print(f"{args.hands} hands of each of {', '.join(report['rulesets'])} (seed {args.seed})")  # type: ignore[arg-type]
    print(f"cards judged:  {report['cards_judged']} (and {report['cards_forced']} with one choice)")
    print(f"review_ms:     median {ms['median']:.0f}, p90 {ms['p90']:.0f}, max {ms['max']:.0f}")
    print(f"exact share:   {report['exact_share']:.0%} of the cards judged counted every layout")
    print(f"whole hand:    median {hand['median']:.2f} s, p90 {hand['p90']:.2f} s, max {hand['max']:.2f} s")


if __name__ == "__main__":
    main()
