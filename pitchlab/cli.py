"""The command line: ``python -m pitchlab replay|deal|simulate``.

Errors never show a traceback: the process exits with status 2 and prints one
line on standard error, and nothing on standard output.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from collections import Counter
from collections.abc import Sequence
from typing import NoReturn

from pitchlab.errors import PitchError
from pitchlab.hand import Hand
from pitchlab.players import RuleBasedPlayer, play_hand
from pitchlab.record import loads, summary, to_record
from pitchlab.rules import ruleset, ruleset_names


class UsageError(Exception):
    """Bad command-line input: reported in one line, exit status 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{self.prog}: {message}")


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="pitchlab", description="Ten-point Pitch and its variants: replay, deal, simulate.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    replay = sub.add_parser("replay", help="replay hand records and print one JSON result per record")
    replay.add_argument("files", nargs="+", metavar="FILE", help="a hand record ('-' reads standard input)")

    deal = sub.add_parser("deal", help="deal a hand, play it with the rule-based bots, print its record")
    deal.add_argument("--seed", type=int, required=True)
    deal.add_argument("--dealer", type=int, default=0)
    deal.add_argument("--ruleset", default="ten-point", choices=ruleset_names())

    sim = sub.add_parser("simulate", help="play many hands with the rule-based bots and summarise them")
    sim.add_argument("--hands", type=int, required=True)
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--ruleset", default="ten-point", choices=ruleset_names())
    sim.add_argument("--json", action="store_true", help="print one JSON object instead of a table")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    try:
        args = _parser().parse_args(argv)
        if args.command == "replay":
            lines = [json.dumps(summary(_replay_file(name))) for name in args.files]
            print("\n".join(lines))
        elif args.command == "deal":
            print(json.dumps(_deal(args.seed, args.dealer, args.ruleset), indent=2, ensure_ascii=False))
        else:
            _simulate(args.hands, args.seed, args.ruleset, args.json)
    except (UsageError, PitchError, OSError) as exc:
        print(_one_line(str(exc)), file=sys.stderr)
        return 2
    except Exception as exc:  # a bug of ours: still one line, never a traceback
        print(_one_line(f"pitchlab: internal error: {type(exc).__name__}: {exc}"), file=sys.stderr)
        return 2
    return 0


def _one_line(text: str) -> str:
    return " ".join(text.split())


def _replay_file(name: str) -> Hand:
    try:
        if name == "-":
            text = sys.stdin.read()
        else:
            with open(name, encoding="utf-8") as f:
                text = f.read()
    except (OSError, UnicodeDecodeError) as exc:
        raise UsageError(f"{name}: cannot read: {getattr(exc, 'strerror', None) or exc}") from None
    try:
        return loads(text)
    except PitchError as exc:
        raise UsageError(f"{name}: {exc}") from None


def _deal(seed: int, dealer: int, rules_name: str) -> dict[str, object]:
    rules = ruleset(rules_name)
    if not 0 <= dealer < rules.players:
        raise UsageError(f"pitchlab deal: --dealer must be a seat 0-{rules.players - 1}")
    hand = Hand.deal(rules, dealer, seed)
    play_hand(hand, [RuleBasedPlayer()] * rules.players)
    return to_record(hand)


def simulate(hands: int, seed: int, rules_name: str = "ten-point") -> dict[str, object]:
    """Play ``hands`` independent hands with the rule-based bots (the deal rotating)."""
    rules = ruleset(rules_name)
    bots = [RuleBasedPlayer()] * rules.players
    bids: Counter[int] = Counter()
    made = 0
    seat_points = [0] * rules.players
    bidder_seats: Counter[int] = Counter()
    rng = random.Random(seed)
    start = time.perf_counter()
    for i in range(hands):
        hand = Hand.deal(rules, i % rules.players, rng)
        play_hand(hand, bots)
        result = hand.result()
        bids[result.bid] += 1
        made += result.made
        bidder_seats[(result.bidder - hand.dealer - 1) % rules.players] += 1
        for seat, p in enumerate(hand.points_by_seat()):
            seat_points[seat] += p
    elapsed = time.perf_counter() - start
    return {
        "ruleset": rules.name,
        "hands": hands,
        "seed": seed,
        "bids": {str(b): bids[b] for b in sorted(bids)},
        "made_rate": made / hands if hands else 0.0,
        "mean_points_by_seat": [p / hands if hands else 0.0 for p in seat_points],
        "bidder_position": {
            name: bidder_seats[k]
            for k, name in enumerate(["first", "second", "third", "dealer"][: rules.players])
        },
        "hands_per_s": hands / elapsed if elapsed > 0 else 0.0,
    }


def _simulate(hands: int, seed: int, rules_name: str, as_json: bool) -> None:
    if hands < 1:
        raise UsageError("pitchlab simulate: --hands must be at least 1")
    report = simulate(hands, seed, rules_name)
    if as_json:
        print(json.dumps(report))
        return
    bids = report["bids"]
    assert isinstance(bids, dict)
    print(f"{hands} hands of {rules_name}, seed {seed}, rule-based bots at every seat")
    print("winning bids:  " + "  ".join(f"{b}: {n}" for b, n in bids.items()))
    print(f"bids made:     {report['made_rate']:.1%}")
    means = report["mean_points_by_seat"]
    assert isinstance(means, list)
    print("mean points:   " + "  ".join(f"seat {s}: {p:.2f}" for s, p in enumerate(means)))
    print(f"total points:  {math.fsum(means):.2f} per hand")
    print(f"speed:         {report['hands_per_s']:,.0f} hands/s")
