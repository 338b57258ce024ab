"""Fit the made-rate maps that ship with pitchlab, one file per ruleset that quotes a made-rate.

    .venv/bin/python scripts/fit_made_rate.py --workers 2        # ten-point, thirty-one, partnership

A bid's reason quotes how often bids like it are made when they win the auction. The raw
reading (from the counted bids, :meth:`pitchlab.bots.bidding.BidTrials.made_when_won`) orders
hands well but is too timid or too bold at the ends of a ruleset's range, so the quote is
the step of a monotone map fitted on self-play games of their own
(:func:`pitchlab.bots.calibration.fit_made_map`, :mod:`pitchlab.bots.isotonic`), written to
``pitchlab/data/made-<ruleset>.json.gz`` with the identity of the rules and counted bids it was
fitted on (:data:`pitchlab.bots.isotonic.MADE_MAP`: a map is refused for any other). The bidding never reads it, so fitting changes no game.

The seed names the games: ``calibration:<seed>:<number>``. The shipped maps use the seed
``made-map`` (3,000 games each), which no measure uses: the benchmark's games are seeded by
numbers (``benchmarks/bots.py --seed``), the tests' by numbers and other names.
Refit after counting the bids again (``scripts/derive_bidding.py --won``).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import pitchlab as pl
from pitchlab.bots import bidding, shipped
from pitchlab.bots.calibration import fit_made_map
from pitchlab.bots.isotonic import MADE_MAP, won_digest

ROOT = Path(__file__).resolve().parent.parent
RULESETS = ("ten-point", "thirty-one", "partnership")
"""The rulesets whose shipped tables carry counted bids, and so quote a made-rate."""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", nargs="*", default=list(RULESETS), help="ruleset names")
    parser.add_argument("--games", type=int, default=3000, help="self-play games per ruleset")
    parser.add_argument("--seed", default="made-map", help="names the games; never a measure's seed")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument(
        "--out", type=Path, default=ROOT / "pitchlab" / "data", help="the folder to write the maps in"
    )
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    if args.seed.lstrip("-").isdigit():
        parser.error("--seed must not be a number: the benchmark's games are seeded by numbers")
    for name in args.rules:
        rules = pl.ruleset(name)
        began = time.perf_counter()
        found = fit_made_map(rules, args.games, args.seed, args.workers)
        tables = bidding.unmapped_tables(rules)
        assert tables is not None  # fit_made_map refuses rules without counted bids
        won = won_digest(tables.won)
        shipped.write(MADE_MAP, rules, found.to_json(), args.out, won_digest=won)
        steps = ", ".join(f"{s.low:.3f}+: {s.rate:.1%} of {s.count}" for s in found.steps)
        print(f"{name}: {len(found.steps)} steps ({steps}); {time.perf_counter() - began:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
