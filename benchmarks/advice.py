"""How long the advisor takes to answer: the figures behind ``pitchlab.bots.advice.ADVISOR_SAMPLES``.

    python benchmarks/advice.py                       # a table, for the shipped sample count
    python benchmarks/advice.py --samples 12 16 20    # compare sample counts
    python benchmarks/advice.py --json                # one JSON object, for tracking

The hint and ``decide`` promise an answer within about a second. The slowest
decision is the first lead, when every seat still holds its six trump and the
solver searches each guessed deal from the top; the other decisions (bids,
trump, buries, later cards) are timed too. Positions come from seeded deals
of every ruleset the strong bot can search, brought to each decision by the
rule-based bots. The machine is shared and noisy, so compare figures from the
same run, never against a fixed threshold in a test.
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import time
from collections.abc import Iterator

import pitchlab as pl
from pitchlab.bots.advice import ADVISOR_SAMPLES, ADVISOR_SUIT_HANDS
from pitchlab.bots.strong import StrongPlayer, solvable


def positions(deals: int) -> Iterator[tuple[str, pl.Hand]]:
    """Every decision of ``deals`` seeded hands per searchable ruleset, labelled by its kind."""
    bot = pl.RuleBasedPlayer()
    for name in pl.ruleset_names():
        rules = pl.ruleset(name)
        if not solvable(rules):
            continue
        for seed in range(deals):
            hand = pl.Hand.deal(rules, seed % rules.players, seed)
            while not hand.is_over:
                first_lead = hand.phase is pl.Phase.PLAY and not hand.play_slots
                yield ("first lead" if first_lead else str(hand.phase)), hand.copy()
                seat = hand.to_act
                assert seat is not None
                hand.apply(bot.decide(hand.view(seat)).action, seat)


def timings(samples: int, deals: int) -> dict[str, dict[str, float]]:
    """Seconds per answer by kind of decision: median, 90th percentile, worst, count."""
    seen: dict[str, list[float]] = {}
    for kind, hand in positions(deals):
        seat = hand.to_act
        assert seat is not None
        advisor = StrongPlayer(samples=samples, suit_hands=ADVISOR_SUIT_HANDS, seed=0)
        start = time.perf_counter()
        advisor.decide(hand.view(seat))
        seen.setdefault(kind, []).append(time.perf_counter() - start)
    return {
        kind: {
            "median_s": statistics.median(times),
            "p90_s": sorted(times)[int(0.9 * (len(times) - 1))],
            "max_s": max(times),
            "count": len(times),
        }
        for kind, times in sorted(seen.items())
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, nargs="+", default=[ADVISOR_SAMPLES])
    parser.add_argument("--deals", type=int, default=12, help="seeded deals per ruleset")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    by_samples = {str(n): timings(n, args.deals) for n in args.samples}
    if args.json:
        report = {
            "python": platform.python_version(),
            "deals_per_ruleset": args.deals,
            "by_samples": by_samples,
        }
        print(json.dumps(report))
        return
    for n, kinds in by_samples.items():
        print(f"strong bot, {n} samples ({args.deals} deals per searchable ruleset)")
        for kind, t in kinds.items():
            print(
                f"  {kind:<12} median {t['median_s']:.3f} s  p90 {t['p90_s']:.3f} s  "
                f"worst {t['max_s']:.3f} s  ({t['count']:.0f} decisions)"
            )


if __name__ == "__main__":
    main()
