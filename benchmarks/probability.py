"""Probability speed: how fast the counting questions of Pitch can be simulated.

    python benchmarks/probability.py            # a table
    python benchmarks/probability.py --json     # one JSON object, for tracking

Each figure is a function of the parsed arguments listed in ``FIGURES``; add a
figure by writing one more. Each is the median of several rounds; the machine
is shared and noisy, so compare figures from the same run, never against a
fixed threshold in a test.
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import time
from collections.abc import Callable

import numpy as np

import pitchlab as pl
from pitchlab.bots import simulation
from pitchlab.odds import inference, sampling

Figure = Callable[[argparse.Namespace], float]


def median_rate(run: Callable[[int], object], count: int, rounds: int) -> float:
    """Median of ``count`` divided by the seconds ``run(round)`` takes, over ``rounds`` rounds."""
    rates = []
    for r in range(rounds):
        start = time.perf_counter()
        run(r)
        rates.append(count / (time.perf_counter() - start))
    return statistics.median(rates)


def deals_per_s(args: argparse.Namespace) -> float:
    """Nine-card hands dealt and their spades trump counted, vectorised, per second (one core)."""
    return median_rate(lambda r: sampling.tally_trump(args.deals, seed=r), args.deals, args.rounds)


def median_seconds(run: Callable[[int], object], rounds: int) -> float:
    """Median seconds ``run(round)`` takes, over ``rounds`` rounds."""
    times = []
    for r in range(rounds):
        start = time.perf_counter()
        run(r)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def bid_chances_s(args: argparse.Namespace) -> float:
    """Seconds for the chance of making each bid from 2,000 simulated hands (one process),
    as the explorer asks it: a fixed hand of nine, trump named, the bots playing it out."""
    return median_seconds(
        lambda r: simulation.bid_chances("AS KS 3S JC JK 9H 4D 7C 2C", "S", hands=2000, seed=r), args.rounds
    )


def posterior_ms(args: argparse.Namespace) -> float:
    """Median milliseconds for the exact posterior of a real position: every seat's view at
    every step of the play of a few bot-played hands (the seat views built beforehand)."""
    views: list[pl.SeatView] = []
    bot = pl.RuleBasedPlayer()
    for seed in range(4):
        hand = pl.Hand.deal(seed=seed)
        while not hand.is_over:
            if hand.phase is pl.Phase.PLAY:
                views.extend(hand.view(seat) for seat in range(4))
            hand.step(bot.code(hand))
    times = []
    for view in views:
        start = time.perf_counter()
        inference.posterior(view)
        times.append(time.perf_counter() - start)
    return 1000 * statistics.median(times)


FIGURES: tuple[Figure, ...] = (deals_per_s, bid_chances_s, posterior_ms)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1_000_000, help="deals per round")
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    figures = {figure.__name__: figure(args) for figure in FIGURES}
    if args.json:
        print(json.dumps({k: round(v, 3) if v < 100 else round(v, 1) for k, v in figures.items()}))
        return
    print(
        f"pitchlab {pl.__version__}, numpy {np.__version__}, Python {platform.python_version()}, {platform.machine()}"
    )
    for name, value in figures.items():
        print(f"{name:30} {value:14,.0f}")


if __name__ == "__main__":
    main()
