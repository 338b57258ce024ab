"""How much bidding from the ladder gains over the old rules of thumb, in simulated play.

    .venv/bin/python scripts/measure_ladder.py --deals 20000 --games 1000 --workers 2

Two partnerships that differ only in how they bid: the rule-based bot bidding
from the shipped ladder, and the same bot bidding from its old estimate. Every
deal (and every game's sequence of deals) is played twice with the seats
swapped, so the luck of the cards cancels; the figures are the ladder side's
mean lead per deal and its share of games won, with 95% intervals.
"""

from __future__ import annotations

import argparse
import json
import sys
import time

import pitchlab as pl
from pitchlab.bots import simulation


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20_000)
    parser.add_argument("--games", type=int, default=1_000)
    parser.add_argument("--seed", default="gain")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    ladder, old = pl.RuleBasedPlayer(bidding="ladder"), pl.RuleBasedPlayer(bidding="estimate")
    start = time.perf_counter()
    hands = simulation.duel_hands(ladder, old, args.deals, args.seed, workers=args.workers)
    games = simulation.duel_games(ladder, old, args.games, args.seed, workers=args.workers)
    figures = {
        "deals": args.deals,
        "lead_per_deal": hands.margin().value,
        "lead_per_deal_ci95": hands.margin().interval(),
        "games": 2 * args.games,
        "win_rate": games.win_rate().value,
        "win_rate_ci95": games.win_rate().wilson(),
        "seconds": time.perf_counter() - start,
    }
    if args.json:
        print(json.dumps(figures))
        return 0
    print(f"ladder bidding against the old bidding, seed {args.seed!r}, mirrored deals")
    print(f"  lead per deal: {hands.margin()}")
    print(f"  games won:     {games.win_rate()} (Wilson {figures['win_rate_ci95']})")
    print(f"  ({figures['seconds']:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
