"""Derive the bidding ladder that ships with pitchlab and write it to pitchlab/data/ (compressed).

    .venv/bin/python scripts/derive_ladder.py --deals 100000 --seed 1 --workers 2

Every legal answer is tried at every turn of every simulated auction (see
:mod:`pitchlab.bots.ladder`), so this takes minutes; the result is reproducible
from ``--deals`` and ``--seed`` alone and is committed, so nobody has to wait
for it.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import pitchlab as pl
from pitchlab.bots import derive, shipped
from pitchlab.bots.ladder import LADDER

ROOT = Path(__file__).resolve().parent.parent


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=100_000)
    parser.add_argument("--seed", default="1")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--rules", default="ten-point")
    parser.add_argument(
        "--out", type=Path, default=ROOT / "pitchlab" / "data", help="the folder to write it in"
    )
    args = parser.parse_args(argv)
    rules = pl.ruleset(args.rules)
    start = time.perf_counter()

    def progress(done: int, total: int) -> None:
        print(f"\r{done:,}/{total:,} deals, {time.perf_counter() - start:.0f} s", end="", file=sys.stderr)

    result = derive.derive_ladder(args.deals, args.seed, rules, args.workers, progress)
    print(file=sys.stderr)
    target = shipped.write(LADDER, rules, result.to_json(), args.out)
    print(f"wrote {target}: {len(result.values)} cells in {time.perf_counter() - start:.0f} s")
    for spot in result.spots():
        if not spot.high:
            print(result.table(spot), end="\n\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
