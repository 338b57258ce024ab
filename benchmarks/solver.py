"""Solver speed: how long perfect play takes to work out.

    python benchmarks/solver.py            # a table
    python benchmarks/solver.py --json     # one JSON object, for tracking

``median_solve_ms`` and ``p90_solve_ms``: the whole play phase of a hand solved
from its first lead (every legal card valued), over seeded random deals bid,
refilled and buried by the rule-based bots. Medians of one run; the machine is
shared and noisy, so compare figures from the same run, never against a fixed
threshold in a test.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import time

import pitchlab as pl
from pitchlab import solver


def first_leads(deals: int, seed: int) -> list[pl.Hand]:
    """``deals`` seeded hands at their first lead."""
    rng = random.Random(seed)
    bot = pl.RuleBasedPlayer()
    hands = []
    for i in range(deals):
        hand = pl.Hand.deal(dealer=i % 4, seed=rng)
        while hand.phase is not pl.Phase.PLAY:
            hand.step(bot.code(hand))
        hands.append(hand)
    return hands


def solve_times_ms(hands: list[pl.Hand]) -> list[float]:
    times = []
    for hand in hands:
        start = time.perf_counter()
        solver.solve(hand)
        times.append(1000 * (time.perf_counter() - start))
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    times = sorted(solve_times_ms(first_leads(args.deals, args.seed)))
    figures = {
        "median_solve_ms": statistics.median(times),
        "p90_solve_ms": times[int(0.9 * (len(times) - 1))],
        "max_solve_ms": times[-1],
    }
    if args.json:
        print(json.dumps({k: round(v, 2) for k, v in figures.items()}))
        return
    print(
        f"pitchlab {pl.__version__}, Python {platform.python_version()}, {platform.machine()}, {args.deals} deals"
    )
    for name, value in figures.items():
        print(f"{name:20} {value:10.2f}")


if __name__ == "__main__":
    main()
