"""Derive the game-winning bidding tables that ship with pitchlab, one file per ruleset.

    .venv/bin/python scripts/derive_bidding.py --workers 2            # every ruleset, ~10 min
    .venv/bin/python scripts/derive_bidding.py --rules ten-point --deals 2000

Every legal answer is tried at every turn of every simulated auction and one
actual hand per deal feeds the game model (see :mod:`pitchlab.bots.bidding`). The
result depends on ``--seed`` and the number of deals alone, never on
``--workers``, and is written to ``pitchlab/data/bidding-<ruleset>.json.gz`` (compressed, with
the identity of the rules and code that made it: :mod:`pitchlab.bots.shipped`).
Rulesets whose hands are slow to play (every card played, follow suit) get
fewer deals by default: :data:`DEALS` says how many, and the shipped files
record it.

With ``--settle GAMES`` the game model is then re-estimated from GAMES seeded games of
the bots bidding by the tables being made, round after round, until their bidding stops
changing (:func:`pitchlab.bots.derive.settle_model`; ``--rounds`` at most): the model then
speaks for the hands the bots' own bidding makes. Each round prints whether it repeated
an earlier one. Ten-point and thirty-one ship settled, their trials and model derived with
the card play of today's rule-based bot (``--rules NAME --settle 1000 --seed 1 --workers 2
--rounds 6``: ten-point's round 5 repeated round 4, thirty-one's round 6 repeated round 5;
122 s and 48 s on two cores), the others not yet (their tables predate that card play). Once
the points a hand takes as bidder were read from its groups weighed together
(:meth:`pitchlab.bots.bidding.BidTrials.pooled`), both models were settled again on the same trials
(``--rules ten-point thirty-one --settle 1000 --seed 1 --workers 2 --rounds 6 --keep-trials``:
ten-point's round 2 repeated round 1, 36 s; thirty-one still moved by a few hands after 6 rounds,
64 s, and ``--rules thirty-one`` again with ``--rounds 12`` repeated its round 1 at round 2, 14 s).
Partnership ships settled too, derived afresh from 10,000 deals (``--rules partnership --settle
1000 --seed 1 --workers 2 --rounds 8``: round 6 repeated round 5, 220 s on two shared cores).
With ``--won GAMES`` the bids that won the auction are then counted in GAMES seeded games of
the bots bidding by the tables (:func:`pitchlab.bots.derive.count_won`): the made-rate a bid's
reason quotes speaks for those bids only. The bidding never reads these counts. Ten-point,
thirty-one and partnership ship them (``--rules thirty-one partnership ten-point --keep-trials
--won 6000 --seed 1 --workers 2``: 522 s, 853 s and 566 s on two heavily shared cores); the
other rulesets quote no made-rate until theirs are counted. The quote is that reading
recalibrated by a map fitted on the counted tables (``scripts/fit_made_rate.py``): a map names
the counts it was fitted on and is refused for others, so fit it again after ``--won``.
In ten-point the settled bidding
is the first seat bidding 10 on nearly every hand (blocking: only the bidding side can go
out, and a made 10 wins at once), true to its own quotes though set most of the time: the
app offers it as bidding "to win the game", beside bidding "by the strength of the hand".
The hands ten-point's model was first solved from (dealt at 0-0 under ladder bidding) stay
in ``pitchlab/data/gamemodel-ten-point-ladder.json.gz`` (:func:`pitchlab.bots.bidding.ladder_hands`);
``--ladder-hands`` writes the hands of freshly derived tables there instead of the tables
(``--rules ten-point --deals 20000 --seed 1 --ladder-hands`` is how they were dealt).
"""

from __future__ import annotations

import argparse
import functools
import sys
import time
from pathlib import Path

import pitchlab as pl
from pitchlab.bots import bidding, derive, shipped

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "pitchlab" / "data"

DEALS = {"ten-point": 20_000, "partnership": 10_000}
"""Deals per ruleset where it differs from :func:`default_deals`."""


def default_deals(rules: pl.Ruleset) -> int:
    """Trump-only hands play fast; follow-suit hands (every card) several times slower."""
    if rules.name in DEALS:
        return DEALS[rules.name]
    return 3_000 if rules.play_rule == "trump-only" else 1_000


def _progress(name: str, began: float, done: int, total: int) -> None:
    print(f"\r{name}: {done:,}/{total:,} deals, {time.perf_counter() - began:.0f} s", end="", file=sys.stderr)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--rules", nargs="*", default=None, help="ruleset names (default: all with a target and an auction)"
    )
    parser.add_argument("--deals", type=int, default=None, help="deals per ruleset (default: DEALS)")
    parser.add_argument("--seed", default="1")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument(
        "--settle", type=int, default=0, help="self-play games per round to settle the game model (0: none)"
    )
    parser.add_argument("--rounds", type=int, default=6, help="settling rounds at most")
    parser.add_argument(
        "--won", type=int, default=0, help="self-play games counting the bids that won the auction (0: none)"
    )
    parser.add_argument(
        "--keep-trials",
        action="store_true",
        help="settle the shipped tables' game model without deriving the trials again",
    )
    parser.add_argument("--out", type=Path, default=DATA, help="the folder to write the tables in")
    parser.add_argument(
        "--ladder-hands",
        action="store_true",
        help="write the derived tables' hands (dealt under ladder bidding) as the ladder hands, not the tables",
    )
    args = parser.parse_args(argv)
    if args.ladder_hands and (args.settle or args.won or args.keep_trials):
        parser.error("--ladder-hands writes freshly derived hands: no --settle, --won or --keep-trials")
    if args.settle < 0 or args.rounds < 1 or args.won < 0:
        parser.error("--settle and --won must be 0 or more and --rounds at least 1")
    if args.keep_trials and not (args.settle or args.won):
        parser.error(
            "--keep-trials settles or counts on the shipped tables: give --settle or --won GAMES too"
        )
    names = args.rules or sorted(
        (n for n in pl.ruleset_names() if pl.ruleset(n).target and pl.ruleset(n).auction),
        key=lambda n: n != "ten-point",
    )
    start = time.perf_counter()
    for name in names:
        rules = pl.ruleset(name)
        deals = args.deals or default_deals(rules)
        began = time.perf_counter()
        progress = functools.partial(_progress, name, began)
        kept = bidding.unmapped_tables(rules) if args.keep_trials else None
        if kept is not None:
            # settling starts from the trials alone; counting the bids that won keeps the model
            tables = bidding.BidTrials(rules, kept.deals, kept.seed, kept.trials, kept.hands)
            if not args.settle:
                tables = kept
            deals = kept.deals
        else:
            tables = bidding.prune(derive.derive_tables(deals, args.seed, rules, args.workers, progress))
            print(file=sys.stderr)
        if args.settle:
            tables, rounds = derive.settle_model(tables, args.settle, args.rounds, args.seed, args.workers)
            for r in rounds:
                same = "new hands" if r.same_as is None else f"the hands of round {r.same_as}"
                print(f"{name}: settling round {r.number}, {r.hands:,} hands: {same}", file=sys.stderr)
            if rounds[-1].same_as is None:
                print(f"{name}: the bidding still changed after {len(rounds)} rounds", file=sys.stderr)
            elif rounds[-1].same_as != rounds[-1].number - 1:
                print(f"{name}: the bidding cycles", file=sys.stderr)
        if args.won:
            tables = derive.count_won(tables, args.won, args.seed, args.workers)
            bids = sum(n for key, (_, n) in tables.won.items() if key.count(":") == 3)
            print(f"{name}: {bids:,} bids won the auction in {args.won:,} games", file=sys.stderr)
        if args.ladder_hands:
            target = shipped.write(bidding.LADDER_HANDS, rules, tables.hands_json(), args.out)
        else:
            target = shipped.write(bidding.BIDDING, rules, tables.to_json(), args.out)
        model = tables.model
        hands = sum(sum(c.values()) for c in tables.hands) // (rules.players * (rules.num_teams - 1))
        print(
            f"{name}: {deals:,} deals, {hands:,} hands for the game model, {len(tables.trials):,} keys,"
            f" {target.stat().st_size / 1000:.0f} kB; 0-0 win chance by dealer offset"
            f" {', '.join(f'{model.chance(0, 0, o):.3f}' for o in range(rules.players))};"
            f" {time.perf_counter() - began:.0f} s"
        )
    print(f"all done in {time.perf_counter() - start:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
