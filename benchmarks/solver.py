"""Solver speed: how long perfect play takes to work out.

    python benchmarks/solver.py            # a table
    python benchmarks/solver.py --json     # one JSON object, for tracking

``median_solve_ms`` and ``p90_solve_ms``: the whole play phase of a hand solved
from its first lead (every legal card valued), over seeded random deals bid,
refilled and buried by the rule-based bots. ``strong_move_s``: the median
seconds the strong bot (default settings) takes per card it chooses, over
every play decision of a few hands. Medians of one run; the machine is
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
from pitchlab.bots import solver


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


def strong_move_times_s(hands: list[pl.Hand]) -> list[float]:
    """Seconds per strong-bot card choice, at every play decision of ``hands`` (played on by it)."""
    from pitchlab.bots.strong import StrongPlayer

    strong = StrongPlayer(seed=1)
    times = []
    for start in hands:
        hand = start.copy()
        while not hand.is_over:
            seat = hand.to_act
            assert seat is not None
            t = time.perf_counter()
            decision = strong.decide(hand.view(seat))
            if len(hand.legal_codes()) > 1:
                times.append(time.perf_counter() - t)
            hand.apply(decision.action, seat)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--strong-hands", type=int, default=8, help="hands the strong bot plays for its figure"
    )
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    hands = first_leads(args.deals, args.seed)
    times = sorted(solve_times_ms(hands))
    figures = {
        "median_solve_ms": statistics.median(times),
        "p90_solve_ms": times[int(0.9 * (len(times) - 1))],
        "max_solve_ms": times[-1],
        "strong_move_s": statistics.median(strong_move_times_s(hands[: args.strong_hands])),
    }
    if args.json:
        print(json.dumps({k: round(v, 4) for k, v in figures.items()}))
        return
    print(
        f"pitchlab {pl.__version__}, Python {platform.python_version()}, {platform.machine()}, {args.deals} deals"
    )
    for name, value in figures.items():
        print(f"{name:20} {value:10.2f}")


if __name__ == "__main__":
    main()
