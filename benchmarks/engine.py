"""Engine speed: hands per second through the checked API, with the rule-based
bots, and through the fast path that simulations use.

    python benchmarks/engine.py            # a table
    python benchmarks/engine.py --json     # one JSON object, for tracking

Each figure is the median of several rounds; the machine is shared and noisy,
so compare figures from the same run, never against a fixed threshold in a test.
"""

from __future__ import annotations

import argparse
import functools
import json
import platform
import random
import statistics
import time
from collections.abc import Callable

import pitchlab as pl


def checked_random(hands: int, seed: int) -> None:
    """Random legal actions through ``legal_actions`` and ``apply``."""
    rng = random.Random(seed)
    rand = rng.random
    for i in range(hands):
        hand = pl.Hand.deal(dealer=i & 3, seed=rng)
        while not hand.is_over:
            legal = hand.legal_actions()
            hand.apply(legal[int(rand() * len(legal))])


def rule_based(hands: int, seed: int) -> None:
    """The rule-based bot at every seat, deciding from each seat's view."""
    rng = random.Random(seed)
    bots = [pl.RuleBasedPlayer()] * 4
    for i in range(hands):
        pl.play_hand(pl.Hand.deal(dealer=i & 3, seed=rng), bots)


def rule_based_fast(hands: int, seed: int, rules: str = "ten-point") -> None:
    """The same bots through their fast path (``code(hand)``, no views), as simulations ask them;
    a follow-suit ``rules`` runs the rules of thumb of :mod:`pitchlab.bots.tactics_suit`."""
    rng = random.Random(seed)
    bot = pl.RuleBasedPlayer()
    over = pl.Phase.OVER
    ruleset = pl.ruleset(rules)
    for i in range(hands):
        hand = pl.Hand.deal(ruleset, i % ruleset.players, seed=rng)
        while hand.phase is not over:
            hand.step(bot.code(hand))


def fast(hands: int, seed: int) -> None:
    """Random legal codes through the unchecked ``legal_codes`` and ``step``."""
    rng = random.Random(seed)
    rand = rng.random
    over = pl.Phase.OVER
    for i in range(hands):
        hand = pl.Hand.deal(dealer=i & 3, seed=rng)
        while hand.phase is not over:
            codes = hand.legal_codes()
            hand.step(codes[int(rand() * len(codes))])


def rate(run: Callable[[int, int], None], hands: int, rounds: int) -> float:
    """Median hands per second over ``rounds`` runs."""
    rates = []
    for r in range(rounds):
        start = time.perf_counter()
        run(hands, r)
        rates.append(hands / (time.perf_counter() - start))
    return statistics.median(rates)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=5000, help="hands per round (rule-based: a fifth)")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    figures = {
        "checked_random_hands_per_s": rate(checked_random, args.hands, args.rounds),
        "rule_based_hands_per_s": rate(rule_based, max(1, args.hands // 5), args.rounds),
        "rule_based_fast_hands_per_s": rate(rule_based_fast, max(1, args.hands // 2), args.rounds),
        "auction_fast_hands_per_s": rate(
            functools.partial(rule_based_fast, rules="auction-pitch"), max(1, args.hands // 5), args.rounds
        ),
        "fast_hands_per_s": rate(fast, args.hands, args.rounds),
    }
    if args.json:
        print(json.dumps({k: round(v, 1) for k, v in figures.items()}))
        return
    print(f"pitchlab {pl.__version__}, Python {platform.python_version()}, {platform.machine()}")
    for name, value in figures.items():
        print(f"{name:30} {value:12,.0f}")


if __name__ == "__main__":
    main()
