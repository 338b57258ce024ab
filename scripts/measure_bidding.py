"""How bidding to win games does against today's bidding: mirrored games, bid regret, speed.

    .venv/bin/python scripts/measure_bidding.py --games 200 --deals 300
    .venv/bin/python scripts/measure_bidding.py --rules oklahoma missouri-eleven --games 100

Two partnerships (or sets of seats) that differ only in how they bid: the
rule-based bot bidding for the game (``bidding="game"``, the default) and
the same bot bidding as before (``bidding="ladder"``). Each game's deals are
played twice with the sides swapped (:func:`pitchlab.bots.simulation.duel_games`).
Bid regret (:func:`pitchlab.bots.derive.bid_regret`) is the points a bid gives
up against the best answer in hindsight at 0-0; a bot that bids for the game
gives up points on purpose, so read it beside the win rate. The speed is the
mean time of one bid decision through the fast path, at random scores: first
with cold tables (every distribution built on first use), then warm, beside
the ladder bot's on the same deals.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from typing import Any

import pitchlab as pl
from pitchlab.bots import derive, simulation


def measure(rules: pl.Ruleset, games: int, deals: int, seed: str) -> dict[str, Any]:
    new, old = pl.RuleBasedPlayer(bidding="game"), pl.RuleBasedPlayer(bidding="ladder")
    start = time.perf_counter()
    duel = simulation.duel_games(new, old, games, seed, rules)
    regret_new = derive.bid_regret(new, deals, seed, rules)
    regret_old = derive.bid_regret(old, deals, seed, rules)
    return {
        "rules": rules.name,
        "games": 2 * games,
        "win_rate": duel.win_rate().value,
        "win_rate_wilson95": duel.win_rate().wilson(),
        "regret_deals": deals,
        "regret_new": regret_new.value,
        "regret_new_se": regret_new.se,
        "regret_old": regret_old.value,
        "regret_old_se": regret_old.se,
        "bid_ms_cold": bid_time(new, rules, deals, f"{seed}:cold") * 1000,
        "bid_ms": bid_time(new, rules, deals, f"{seed}:warm") * 1000,
        "ladder_bid_ms": bid_time(old, rules, deals, f"{seed}:warm") * 1000,
        "seconds": time.perf_counter() - start,
    }


def bid_time(player: pl.RuleBasedPlayer, rules: pl.Ruleset, deals: int, seed: str) -> float:
    """Mean seconds per bid decision through the fast path, over ``deals`` seeded deals."""
    rng = random.Random(f"speed:{seed}")
    total, count = 0.0, 0
    for i in range(deals):
        scores = tuple(rng.randint(0, rules.target - 1) for _ in range(rules.num_teams))
        hand = pl.Hand.deal(rules, i % rules.players, rng, scores)
        while hand.phase is pl.Phase.BID:
            began = time.perf_counter()
            code = player.code(hand)
            total += time.perf_counter() - began
            count += 1
            hand.step(code)
    return total / max(count, 1)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", nargs="*", default=["ten-point"])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--seed", default="game-bidding")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    for name in args.rules:
        figures = measure(pl.ruleset(name), args.games, args.deals, args.seed)
        if args.json:
            print(json.dumps(figures))
            continue
        low, high = figures["win_rate_wilson95"]
        print(
            f"{name}: game bidding won {figures['win_rate']:.1%} of {figures['games']} mirrored games"
            f" against ladder bidding (Wilson 95% {low:.1%}-{high:.1%}); bid regret per turn at 0-0"
            f" {figures['regret_new']:.2f} ± {figures['regret_new_se']:.2f} points (game) against"
            f" {figures['regret_old']:.2f} ± {figures['regret_old_se']:.2f} (ladder), {figures['regret_deals']}"
            f" deals; {figures['bid_ms']:.3f} ms a bid once its tables are warm ({figures['bid_ms_cold']:.3f}"
            f" cold; the ladder's {figures['ladder_bid_ms']:.3f}); {figures['seconds']:.0f} s"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
